package dev.redstruct.geohash;

import dev.redstruct.core.RedisNumbers;
import dev.redstruct.skiplist.ScoredMember;
import dev.redstruct.skiplist.ZSet;
import dev.redstruct.skiplist.ZSetException;
import dev.redstruct.testkit.RespReply;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A tiny Redis command layer over a map of sorted sets for differential tests: GEO commands go
 * through {@link GeoSet} and {@link GeoQuery#parse}, replies are rendered as Redis 7.0.15's RESP2
 * (GEOPOS coordinates and distances as bulk strings, WITH* items in Redis's fixed order).
 */
final class GeoCommands {
  final Map<String, ZSet> db = new HashMap<>();

  /**
   * Distances printed within 1e-6 of a 4-decimal rounding tie (where libm's last ulp could show).
   */
  long nearTies;

  /** Results within 1e-9 (relative) of a circle's radius (where libm's last ulp could show). */
  long nearRadius;

  static String key(byte[] k) {
    return new String(k, StandardCharsets.ISO_8859_1);
  }

  RespReply exec(byte[][] argv) {
    String cmd = new String(argv[0], StandardCharsets.US_ASCII).toLowerCase(Locale.ROOT);
    try {
      return dispatch(cmd, argv);
    } catch (ZSetException e) {
      return new RespReply.Error(e.getMessage());
    }
  }

  private RespReply dispatch(String cmd, byte[][] a) {
    switch (cmd) {
      case "geoadd":
        return geoadd(a);
      case "geopos":
        return geopos(a);
      case "geodist":
        return geodist(a);
      case "geohash":
        return geohash(a);
      case "zrem":
        return zrem(a);
      case "zrange": // only "ZRANGE key 0 -1 WITHSCORES"
        return zrangeAll(a[1]);
      default:
        return search(a);
    }
  }

  private static RespReply arity(String cmd) {
    return new RespReply.Error("ERR wrong number of arguments for '" + cmd + "' command");
  }

  private RespReply geoadd(byte[][] a) {
    if (a.length < 5) {
      return arity("geoadd");
    }
    String k = key(a[1]);
    ZSet z = db.get(k);
    ZSet target = z != null ? z : ZSet.create();
    long n = GeoSet.wrap(target).geoadd(a);
    if (z == null && target.size() > 0) {
      db.put(k, target);
    }
    return new RespReply.Int(n);
  }

  private RespReply geopos(byte[][] a) {
    if (a.length < 2) {
      return arity("geopos");
    }
    ZSet z = db.get(key(a[1]));
    List<RespReply> out = new ArrayList<>();
    for (int i = 2; i < a.length; i++) {
      GeoPoint p = z == null ? null : GeoSet.wrap(z).positionOrNull(a[i]);
      out.add(p == null ? RespReply.Null.INSTANCE : coords(p.longitude(), p.latitude()));
    }
    return new RespReply.Array(out);
  }

  private RespReply geodist(byte[][] a) {
    if (a.length < 4) {
      return arity("geodist");
    }
    GeoUnit unit = GeoUnit.M;
    if (a.length == 5) {
      unit = GeoUnit.parse(a[4]);
    } else if (a.length > 5) {
      return new RespReply.Error("ERR syntax error");
    }
    ZSet z = db.get(key(a[1]));
    if (z == null) {
      return RespReply.Null.INSTANCE;
    }
    var d = GeoSet.wrap(z).distance(a[2], a[3], unit);
    return d.isPresent() ? distance(d.getAsDouble()) : RespReply.Null.INSTANCE;
  }

  private RespReply geohash(byte[][] a) {
    if (a.length < 2) {
      return arity("geohash");
    }
    ZSet z = db.get(key(a[1]));
    List<RespReply> out = new ArrayList<>();
    for (int i = 2; i < a.length; i++) {
      String h = z == null ? null : GeoSet.wrap(z).hashOrNull(a[i]);
      out.add(h == null ? RespReply.Null.INSTANCE : bulk(h));
    }
    return new RespReply.Array(out);
  }

  private RespReply zrem(byte[][] a) {
    ZSet z = db.get(key(a[1]));
    long n = 0;
    for (int i = 2; z != null && i < a.length; i++) {
      n += z.remove(a[i]) ? 1 : 0;
    }
    if (z != null && z.isEmpty()) {
      db.remove(key(a[1]));
    }
    return new RespReply.Int(n);
  }

  RespReply zrangeAll(byte[] k) {
    ZSet z = db.get(key(k));
    List<RespReply> out = new ArrayList<>();
    if (z != null) {
      for (ScoredMember e : z.rangeByRank(0, -1, false)) {
        out.add(new RespReply.Bulk(e.member()));
        out.add(new RespReply.Bulk(RedisNumbers.formatDoubleBytes(e.score())));
      }
    }
    return new RespReply.Array(out);
  }

  private RespReply search(byte[][] a) {
    String cmd = GeoArgs.commandName(a[0]);
    int flags = GeoArgs.searchFlags(cmd);
    if (flags == 0) {
      return new RespReply.Error("ERR unknown command");
    }
    if (a.length < GeoArgs.minArgs(flags)) {
      return arity(cmd);
    }
    byte[] srcKey = (flags & GeoArgs.SEARCHSTORE) != 0 ? a[2] : a[1];
    ZSet src = db.get(key(srcKey));
    GeoQuery q = GeoQuery.parse(a, src == null ? null : GeoSet.wrap(src));
    byte[] dest = q.storeKey();
    if (dest != null) {
      if (src == null) {
        db.remove(key(dest));
        return new RespReply.Int(0);
      }
      ZSet out = GeoSet.wrap(src).searchStore(q);
      if (out.isEmpty()) {
        db.remove(key(dest));
      } else {
        db.put(key(dest), out);
      }
      return new RespReply.Int(out.size());
    }
    if (src == null) {
      return new RespReply.Array(List.of());
    }
    List<RespReply> out = new ArrayList<>();
    boolean nested = q.withDist() || q.withHash() || q.withCoord();
    for (GeoResult r : GeoSet.wrap(src).search(q)) {
      if (!q.box
          && q.radius > 0
          && Double.isFinite(q.radius)
          && Math.abs(r.distance() - q.radius) <= q.radius * 1e-9) {
        nearRadius++;
      }
      if (!nested) {
        out.add(new RespReply.Bulk(r.member()));
        continue;
      }
      List<RespReply> item = new ArrayList<>();
      item.add(new RespReply.Bulk(r.member()));
      if (q.withDist()) {
        item.add(distance(r.distance()));
      }
      if (q.withHash()) {
        item.add(new RespReply.Int(r.hash()));
      }
      if (q.withCoord()) {
        item.add(coords(r.longitude(), r.latitude()));
      }
      out.add(new RespReply.Array(item));
    }
    return new RespReply.Array(out);
  }

  private RespReply distance(double d) {
    double scaled = d * 10000.0;
    if (Math.abs(scaled - Math.floor(scaled) - 0.5) < 1e-6) {
      nearTies++;
    }
    return bulk(GeoSet.formatDistance(d));
  }

  private static RespReply coords(double lon, double lat) {
    return new RespReply.Array(
        List.of(bulk(GeoSet.formatCoordinate(lon)), bulk(GeoSet.formatCoordinate(lat))));
  }

  private static RespReply bulk(String s) {
    return new RespReply.Bulk(s.getBytes(StandardCharsets.US_ASCII));
  }
}
