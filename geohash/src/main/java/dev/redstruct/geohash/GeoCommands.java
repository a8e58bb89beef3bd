package dev.redstruct.geohash;

import dev.redstruct.core.resp.KeyLookup;
import dev.redstruct.core.resp.ReplyError;
import dev.redstruct.core.resp.RespWriter;
import dev.redstruct.skiplist.ScoredMember;
import dev.redstruct.skiplist.ZSet;
import dev.redstruct.skiplist.ZSetException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.function.Function;

/**
 * The Redis face of the GEO commands: {@code GEOADD GEODIST GEOHASH GEOPOS GEORADIUS GEORADIUS_RO
 * GEORADIUSBYMEMBER GEORADIUSBYMEMBER_RO GEOSEARCH GEOSEARCHSTORE} of Redis 7.0.15 given their
 * argument byte strings exactly as a client sends them, answered with the reply bytes Redis would
 * send in RESP2 or RESP3, error texts included. A geo key is a sorted set: this face works over the
 * same {@link ZSet} values as {@code dev.redstruct.skiplist.ZSetCommands}.
 *
 * <p>What the caller (a keyspace) provides: {@code keys}, a {@link KeyLookup} of sorted sets whose
 * {@code get} returns the set under a key or a new empty {@link ZSet} created with the keyspace's
 * {@code zset-max-listpack-entries}/{@code -value}, and throws {@link ReplyError#WRONGTYPE} for a
 * key of another type; {@code overwrite} must return a new empty {@code ZSet} with those thresholds
 * (the destination of {@code STORE}, {@code STOREDIST} and {@code GEOSEARCHSTORE}, which the face
 * fills, so its encoding comes out as Redis's). After the call the keyspace deletes the keys whose
 * set is empty. {@code modified} is called where src/geo.c (and ZADD under GEOADD) signals, and
 * after every store (Redis skips that signal when an empty result meets a missing destination).
 *
 * <p>Checks happen in Redis's order: the arity of {@code src/commands/*.json}, then the order of
 * src/geo.c (a search looks its source key up first, so {@code WRONGTYPE} precedes option errors;
 * GEOADD parses everything before ZADD looks the key up). A rejected command changes nothing and
 * writes only its error. A command name that is not one of the above is a caller mistake ({@link
 * IllegalArgumentException}). Not thread-safe; null arguments get a {@link NullPointerException}.
 */
public final class GeoCommands {
  /*
   * Implementation notes: parsing and searching are GeoSet's, GeoQuery's and GeoArgs's; this class
   * owns the replies (src/geo.c's addReply* calls) and the keys. Every command writes into a scratch
   * writer of the same protocol that execute copies to `out` only on success.
   */
  private static final byte[] CH = {'c', 'h'};

  private GeoCommands() {}

  /**
   * Executes one GEO command and appends its reply to {@code out}, in {@code out}'s protocol.
   *
   * @param argv the command name and its arguments
   * @param keys the sorted set of each key argument (see the class comment)
   * @param out where the reply goes
   * @throws IllegalArgumentException if {@code argv} is empty or names another command
   */
  public static void execute(byte[][] argv, KeyLookup<ZSet> keys, RespWriter out) {
    Objects.requireNonNull(argv, "argv");
    Objects.requireNonNull(keys, "keys");
    Objects.requireNonNull(out, "out");
    for (byte[] a : argv) {
      Objects.requireNonNull(a, "argv[i]");
    }
    if (argv.length == 0) {
      throw new IllegalArgumentException("empty command");
    }
    int start = out.mark(); // a reply error replaces whatever the command began to write
    try {
      dispatch(argv, keys, out);
    } catch (ReplyError | ZSetException e) {
      out.rewind(start).error(e.getMessage());
    }
  }

  /**
   * Executes one GEO command over a plain map of sorted sets with no other types, and returns its
   * RESP2 reply.
   *
   * @param argv the command name and its arguments
   * @param zsets the sorted set of each key, creating an empty one for a new key
   * @return the reply bytes
   * @throws IllegalArgumentException if {@code argv} is empty or names another command
   */
  public static byte[] execute(byte[][] argv, Function<byte[], ZSet> zsets) {
    RespWriter out = new RespWriter();
    execute(argv, KeyLookup.of(zsets), out);
    return out.toByteArray();
  }

  /** Redis: processCommand's arity check (src/server.c), then the command's proc. */
  private static void dispatch(byte[][] a, KeyLookup<ZSet> keys, RespWriter out) {
    String name = new String(a[0], StandardCharsets.ISO_8859_1).toLowerCase(Locale.ROOT);
    int flags = GeoArgs.searchFlags(name);
    int arity =
        switch (name) {
          case "geoadd" -> 5;
          case "geodist" -> 4;
          case "geohash", "geopos" -> 2;
          default -> {
            if (flags == 0) {
              throw new IllegalArgumentException("not a GEO command: " + name);
            }
            yield GeoArgs.minArgs(flags);
          }
        };
    if (a.length < arity) {
      throw new ReplyError("ERR wrong number of arguments for '" + name + "' command");
    }
    switch (name) {
      case "geoadd" -> geoadd(a, keys, out);
      case "geodist" -> geodist(a, keys, out);
      case "geohash" -> geohash(a, keys, out);
      case "geopos" -> geopos(a, keys, out);
      default -> search(a, flags, keys, out);
    }
  }

  /**
   * Redis: geoaddCommand, then zaddCommand. Every argument error comes before ZADD's lookup, so a
   * key of another type is reported only for a command that parses.
   */
  private static void geoadd(byte[][] a, KeyLookup<ZSet> keys, RespWriter out) {
    ZSet z;
    try {
      z = keys.get(a[1]);
    } catch (ReplyError wrongType) {
      GeoSet.wrap(ZSet.create()).geoadd(a); // throws the argument error Redis reports first
      throw wrongType;
    }
    boolean ch = false;
    for (int i = 2; i < a.length; i++) {
      if (GeoArgs.is(a[i], "ch")) {
        ch = true;
      } else if (!GeoArgs.is(a[i], "nx") && !GeoArgs.is(a[i], "xx")) {
        break;
      }
    }
    byte[][] withCh = new byte[a.length + 1][]; // CH counts moves too, for signalModifiedKey
    withCh[0] = a[0];
    withCh[1] = a[1];
    withCh[2] = CH;
    System.arraycopy(a, 2, withCh, 3, a.length - 2);
    int before = z.size();
    long changed = GeoSet.wrap(z).geoadd(withCh);
    if (changed > 0) {
      keys.modified(a[1]);
      keys.notify(KeyLookup.NOTIFY_ZSET, "zadd", a[1]); // Redis: GEOADD runs ZADD
    }
    out.integer(ch ? changed : z.size() - before);
  }

  /** Redis: geodistCommand: the unit, then the lookup. */
  private static void geodist(byte[][] a, KeyLookup<ZSet> keys, RespWriter out) {
    GeoUnit unit = GeoUnit.M;
    if (a.length == 5) {
      unit = GeoUnit.parse(a[4]);
    } else if (a.length > 5) {
      throw new ReplyError(GeoArgs.ERR_SYNTAX);
    }
    ZSet z = keys.get(a[1]);
    OptionalDouble d = GeoSet.wrap(z).distance(a[2], a[3], unit);
    if (d.isPresent()) {
      out.bulk(ascii(GeoSet.formatDistance(d.getAsDouble()))); // addReplyDoubleDistance: a bulk
    } else {
      out.nullReply();
    }
  }

  /** Redis: geohashCommand. */
  private static void geohash(byte[][] a, KeyLookup<ZSet> keys, RespWriter out) {
    GeoSet g = GeoSet.wrap(keys.get(a[1]));
    out.arrayHeader(a.length - 2);
    for (int i = 2; i < a.length; i++) {
      String h = g.hashOrNull(a[i]);
      if (h == null) {
        out.nullReply();
      } else {
        out.bulk(ascii(h));
      }
    }
  }

  /** Redis: geoposCommand. */
  private static void geopos(byte[][] a, KeyLookup<ZSet> keys, RespWriter out) {
    GeoSet g = GeoSet.wrap(keys.get(a[1]));
    out.arrayHeader(a.length - 2);
    for (int i = 2; i < a.length; i++) {
      GeoPoint p = g.positionOrNull(a[i]);
      if (p == null) {
        out.nullArrayReply();
      } else {
        coordinates(p.longitude(), p.latitude(), out);
      }
    }
  }

  /**
   * Redis: georadiusGeneric: the source lookup, the arguments, then a reply or a store. {@code
   * flags} are GeoArgs's search flags of the command.
   */
  private static void search(byte[][] a, int flags, KeyLookup<ZSet> keys, RespWriter out) {
    ZSet src = keys.get((flags & GeoArgs.SEARCHSTORE) != 0 ? a[2] : a[1]);
    GeoSet g = src.isEmpty() ? null : GeoSet.wrap(src);
    GeoQuery q = GeoQuery.parse(a, g);
    byte[] dest = q.storeKey();
    if (dest != null) {
      List<ScoredMember> res = g == null ? List.of() : g.searchStore(q).rangeByRank(0, -1, false);
      ZSet d = keys.overwrite(dest);
      if (!d.isEmpty()) {
        d.removeRangeByRank(0, -1); // a lookup that hands back the old value (KeyLookup.of)
      }
      d.addAll(res);
      keys.modified(dest);
      if (res.isEmpty()) {
        keys.notify(KeyLookup.NOTIFY_GENERIC, "del", dest);
      } else {
        keys.notify(
            KeyLookup.NOTIFY_ZSET,
            (flags & GeoArgs.SEARCHSTORE) != 0 ? "geosearchstore" : "georadiusstore",
            dest);
      }
      out.integer(res.size());
      return;
    }
    if (g == null) {
      out.arrayHeader(0);
      return;
    }
    List<GeoResult> results = g.search(q);
    int options = (q.withDist() ? 1 : 0) + (q.withHash() ? 1 : 0) + (q.withCoord() ? 1 : 0);
    out.arrayHeader(results.size());
    for (GeoResult r : results) {
      if (options > 0) {
        out.arrayHeader(options + 1);
      }
      out.bulk(r.member());
      if (q.withDist()) {
        out.bulk(ascii(GeoSet.formatDistance(r.distance())));
      }
      if (q.withHash()) {
        out.integer(r.hash());
      }
      if (q.withCoord()) {
        coordinates(r.longitude(), r.latitude(), out);
      }
    }
  }

  /** Two addReplyHumanLongDouble: bulk strings in RESP2, doubles in RESP3. */
  private static void coordinates(double lon, double lat, RespWriter out) {
    out.arrayHeader(2);
    out.doubleText(ascii(GeoSet.formatCoordinate(lon)));
    out.doubleText(ascii(GeoSet.formatCoordinate(lat)));
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }
}
