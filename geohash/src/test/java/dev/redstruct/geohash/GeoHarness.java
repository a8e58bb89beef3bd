package dev.redstruct.geohash;

import dev.redstruct.core.RedisNumbers;
import dev.redstruct.core.resp.KeyLookup;
import dev.redstruct.core.resp.ReplyError;
import dev.redstruct.core.resp.RespWriter;
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
 * A tiny keyspace around {@link GeoCommands} for differential tests: a map of sorted sets with the
 * keyspace's duties of the face's contract (a new empty set for a missing key, a fresh destination
 * for a store, emptied keys deleted), plus ZREM, {@code ZRANGE key 0 -1 WITHSCORES}, and SET/DEL of
 * string keys, which the GEO commands answer with WRONGTYPE. It also counts the replies where
 * glibc's last ulp could show (see {@link GeoSetRedisIT}).
 */
final class GeoHarness {
  final Map<String, ZSet> db = new HashMap<>();
  final Map<String, byte[]> strings = new HashMap<>();
  private final int maxEntries;
  private final int maxValue;
  private final int protocol;

  /**
   * Distances printed within 1e-6 of a 4-decimal rounding tie (where libm's last ulp could show).
   */
  long nearTies;

  /** Results within 1e-9 (relative) of a circle's radius (where libm's last ulp could show). */
  long nearRadius;

  GeoHarness() {
    this(ZSet.DEFAULT_MAX_COMPACT_ENTRIES, ZSet.DEFAULT_MAX_COMPACT_VALUE, 2);
  }

  GeoHarness(int maxEntries, int maxValue, int protocol) {
    this.maxEntries = maxEntries;
    this.maxValue = maxValue;
    this.protocol = protocol;
  }

  static String key(byte[] k) {
    return new String(k, StandardCharsets.ISO_8859_1);
  }

  RespReply exec(byte[][] argv) {
    return RespReply.parse(execBytes(argv));
  }

  byte[] execBytes(byte[][] argv) {
    String cmd = key(argv[0]).toLowerCase(Locale.ROOT);
    RespWriter out = new RespWriter(protocol);
    switch (cmd) {
      case "zrem" -> {
        return zrem(argv, out).toByteArray();
      }
      case "zrange" -> { // only "ZRANGE key 0 -1 WITHSCORES"
        return zrangeAll(argv[1], out).toByteArray();
      }
      case "set" -> {
        db.remove(key(argv[1]));
        strings.put(key(argv[1]), argv[2].clone());
        return out.simple("OK").toByteArray();
      }
      case "del" -> {
        boolean had = db.remove(key(argv[1])) != null | strings.remove(key(argv[1])) != null;
        return out.integer(had ? 1 : 0).toByteArray();
      }
      default -> {}
    }
    countNearTies(cmd, argv);
    try {
      GeoCommands.execute(argv, lookup(), out);
    } finally {
      db.values().removeIf(ZSet::isEmpty);
    }
    return out.toByteArray();
  }

  private KeyLookup<ZSet> lookup() {
    return new KeyLookup<>() {
      @Override
      public ZSet get(byte[] k) {
        if (strings.containsKey(key(k))) {
          throw new ReplyError(ReplyError.WRONGTYPE);
        }
        return db.computeIfAbsent(key(k), x -> ZSet.create(maxEntries, maxValue));
      }

      @Override
      public ZSet overwrite(byte[] k) {
        strings.remove(key(k));
        ZSet z = ZSet.create(maxEntries, maxValue);
        db.put(key(k), z);
        return z;
      }
    };
  }

  private RespWriter zrem(byte[][] a, RespWriter out) {
    if (strings.containsKey(key(a[1]))) {
      return out.error(ReplyError.WRONGTYPE);
    }
    ZSet z = db.get(key(a[1]));
    long n = 0;
    for (int i = 2; z != null && i < a.length; i++) {
      n += z.remove(a[i]) ? 1 : 0;
    }
    if (z != null && z.isEmpty()) {
      db.remove(key(a[1]));
    }
    return out.integer(n);
  }

  RespReply zrangeAll(byte[] k) {
    return RespReply.parse(zrangeAll(k, new RespWriter()).toByteArray());
  }

  private RespWriter zrangeAll(byte[] k, RespWriter out) {
    ZSet z = db.get(key(k));
    List<byte[]> items = new ArrayList<>();
    if (z != null) {
      for (ScoredMember e : z.rangeByRank(0, -1, false)) {
        items.add(e.member());
        items.add(RedisNumbers.formatDoubleBytes(e.score()));
      }
    }
    return out.bulks(items);
  }

  /** The statistics of GeoSetRedisIT, from the Java face (read-only, before the command runs). */
  private void countNearTies(String cmd, byte[][] a) {
    try {
      if (cmd.equals("geodist") && (a.length == 4 || a.length == 5)) {
        ZSet z = db.get(key(a[1]));
        GeoUnit unit = a.length == 5 ? GeoUnit.parse(a[4]) : GeoUnit.M;
        if (z != null) {
          GeoSet.wrap(z).distance(a[2], a[3], unit).ifPresent(this::countTie);
        }
        return;
      }
      int flags = GeoArgs.searchFlags(cmd);
      if (flags == 0 || a.length < GeoArgs.minArgs(flags)) {
        return;
      }
      ZSet src = db.get(key((flags & GeoArgs.SEARCHSTORE) != 0 ? a[2] : a[1]));
      if (src == null) {
        return;
      }
      GeoQuery q = GeoQuery.parse(a, GeoSet.wrap(src));
      if (q.storeKey() != null) {
        return;
      }
      for (GeoResult r : GeoSet.wrap(src).search(q)) {
        if (!q.box
            && q.radius > 0
            && Double.isFinite(q.radius)
            && Math.abs(r.distance() - q.radius) <= q.radius * 1e-9) {
          nearRadius++;
        }
        if (q.withDist()) {
          countTie(r.distance());
        }
      }
    } catch (ZSetException e) {
      // the command fails: nothing printed
    }
  }

  private void countTie(double d) {
    double scaled = d * 10000.0;
    if (Math.abs(scaled - Math.floor(scaled) - 0.5) < 1e-6) {
      nearTies++;
    }
  }
}
