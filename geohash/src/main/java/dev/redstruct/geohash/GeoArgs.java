package dev.redstruct.geohash;

import dev.redstruct.core.RedisNumbers;
import dev.redstruct.core.resp.RedisWords;
import dev.redstruct.skiplist.ZSetException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * Argument parsing of the GEO commands, in the order Redis 7.0.15 checks its arguments (which
 * decides the error a client sees when several are wrong). Redis: georadiusGeneric, geoaddCommand,
 * extractLongLatOrReply, extractDistanceOrReply, extractBoxOrReply (src/geo.c).
 */
final class GeoArgs {
  static final String ERR_SYNTAX = "ERR syntax error";
  static final String ERR_NOT_FLOAT = "ERR value is not a valid float";
  static final String ERR_NOT_INTEGER = "ERR value is not an integer or out of range";
  static final String ERR_MEMBER = "ERR could not decode requested zset member";

  // Command flags, as georadiusGeneric's.
  static final int COORDS = 1;
  static final int MEMBER = 1 << 1;
  static final int NOSTORE = 1 << 2;
  static final int SEARCH = 1 << 3;
  static final int SEARCHSTORE = 1 << 4;

  private GeoArgs() {}

  /**
   * Whether an argument is the option word or unit {@code keyword} (either case) as Redis's {@code
   * strcasecmp} sees it: ASCII case-insensitive, the argument ending at its first NUL byte ({@code
   * "km\0"} is {@code KM}). The one rule of the house, {@link RedisWords#is}.
   */
  static boolean is(byte[] arg, String keyword) {
    return RedisWords.is(arg, keyword.toLowerCase(Locale.ROOT));
  }

  static String text(byte[] arg) {
    return new String(arg, StandardCharsets.ISO_8859_1);
  }

  /** getDoubleFromObjectOrReply with Redis's default or given message. */
  static double parseDouble(byte[] arg, String error) {
    double d = RedisNumbers.parseScoreOrNaN(arg, 0, arg.length);
    if (Double.isNaN(d)) {
      throw new ZSetException(error);
    }
    return d;
  }

  /** extractLongLatOrReply: two floats, then the inclusive range check. */
  static void parseLonLat(byte[] lonArg, byte[] latArg, double[] xy) {
    xy[0] = parseDouble(lonArg, ERR_NOT_FLOAT);
    xy[1] = parseDouble(latArg, ERR_NOT_FLOAT);
    checkRange(xy[0], xy[1]);
  }

  static void checkRange(double lon, double lat) {
    if (lon < GeoHash.LON_MIN
        || lon > GeoHash.LON_MAX
        || lat < GeoHash.LAT_MIN
        || lat > GeoHash.LAT_MAX) {
      throw new ZSetException(
          "ERR invalid longitude,latitude pair " + percentF(lon) + "," + percentF(lat));
    }
  }

  /** C's printf("%f"): six decimals of the exact value, ties to even, "-" kept on negative zero. */
  static String percentF(double d) {
    if (Double.isInfinite(d)) {
      return d > 0 ? "inf" : "-inf";
    }
    String s = new BigDecimal(d).setScale(6, RoundingMode.HALF_EVEN).toPlainString();
    boolean negative = d < 0 || (d == 0 && 1 / d < 0);
    return negative && !s.startsWith("-") ? "-" + s : s;
  }

  static String commandName(byte[] arg) {
    return text(arg).toLowerCase(Locale.ROOT);
  }

  /** The flags of a search command, or 0 if the name is not one. */
  static int searchFlags(String lowerName) {
    switch (lowerName) {
      case "georadius":
        return COORDS;
      case "georadius_ro":
        return COORDS | NOSTORE;
      case "georadiusbymember":
        return MEMBER;
      case "georadiusbymember_ro":
        return MEMBER | NOSTORE;
      case "geosearch":
        return SEARCH;
      case "geosearchstore":
        return SEARCH | SEARCHSTORE;
      default:
        return 0;
    }
  }

  /** The minimum argc (Redis arity, negative in the command table) of a search command. */
  static int minArgs(int flags) {
    if ((flags & SEARCHSTORE) != 0) {
      return 8;
    }
    if ((flags & SEARCH) != 0) {
      return 7;
    }
    return (flags & COORDS) != 0 ? 6 : 5;
  }

  /**
   * Parses a search command. Redis: georadiusGeneric up to the search (member lookups included:
   * they report their error in the middle of parsing, as Redis's do).
   */
  static GeoQuery parseSearch(byte[][] a, GeoSet src) {
    String name = commandName(a[0]);
    int flags = searchFlags(name);
    if (flags == 0) {
      throw new IllegalArgumentException("not a GEO search command: " + name);
    }
    if (a.length < minArgs(flags)) {
      throw new ZSetException("ERR wrong number of arguments for '" + name + "' command");
    }
    GeoQuery.Builder q = new GeoQuery.Builder();
    double[] xy = new double[2];
    int base;
    if ((flags & COORDS) != 0) {
      base = 6;
      parseLonLat(a[2], a[3], xy);
      q.centre(xy[0], xy[1]);
      parseRadius(a, 4, q);
    } else if ((flags & MEMBER) != 0) {
      base = 5;
      if (src != null) {
        centreOfMember(src, a[2], q);
        parseRadius(a, 3, q);
      }
    } else {
      base = 2;
      if ((flags & SEARCHSTORE) != 0) {
        base = 3;
        q.storeKey = a[1].clone();
      }
    }
    parseOptions(a, base, flags, src, q);
    return checkCombination(a, flags, q);
  }

  private static void centreOfMember(GeoSet src, byte[] member, GeoQuery.Builder q) {
    double score = src.asZSet().scoreOrNaN(member);
    if (Double.isNaN(score)) {
      throw new ZSetException(ERR_MEMBER);
    }
    q.centre(GeoHash.decodeLongitude(score), GeoHash.decodeLatitude(score));
  }

  /** extractDistanceOrReply. */
  private static void parseRadius(byte[][] a, int at, GeoQuery.Builder q) {
    double r = parseDouble(a[at], "ERR need numeric radius");
    if (r < 0) {
      throw new ZSetException("ERR radius cannot be negative");
    }
    q.circle(r, GeoUnit.parse(a[at + 1]));
  }

  /** extractBoxOrReply. */
  private static void parseBox(byte[][] a, int at, GeoQuery.Builder q) {
    double w = parseDouble(a[at], "ERR need numeric width");
    double h = parseDouble(a[at + 1], "ERR need numeric height");
    if (h < 0 || w < 0) {
      throw new ZSetException("ERR height or width cannot be negative");
    }
    q.box(w, h, GeoUnit.parse(a[at + 2]));
  }

  /** The option loop of georadiusGeneric. */
  private static void parseOptions(
      byte[][] a, int base, int flags, GeoSet src, GeoQuery.Builder q) {
    boolean search = (flags & SEARCH) != 0;
    boolean storeOk = (flags & NOSTORE) == 0 && !search;
    boolean fromMember = false;
    boolean fromLoc = false;
    boolean byRadius = false;
    boolean byBox = false;
    int remaining = a.length - base;
    for (int i = 0; i < remaining; i++) {
      byte[] arg = a[base + i];
      if (is(arg, "withdist")) {
        q.withDist = true;
      } else if (is(arg, "withhash")) {
        q.withHash = true;
      } else if (is(arg, "withcoord")) {
        q.withCoord = true;
      } else if (is(arg, "any")) {
        q.any = true;
      } else if (is(arg, "asc")) {
        q.order = GeoQuery.Order.ASC;
      } else if (is(arg, "desc")) {
        q.order = GeoQuery.Order.DESC;
      } else if (is(arg, "count") && i + 1 < remaining) {
        byte[] n = a[base + i + 1];
        if (!RedisNumbers.isCanonicalLong(n, 0, n.length)) {
          throw new ZSetException(ERR_NOT_INTEGER);
        }
        long count = RedisNumbers.parseCanonicalLong(n, 0, n.length);
        if (count <= 0) {
          throw new ZSetException("ERR COUNT must be > 0");
        }
        q.count = count;
        i++;
      } else if (is(arg, "store") && i + 1 < remaining && storeOk) {
        q.storeKey = a[base + i + 1].clone();
        q.storeDist = false;
        i++;
      } else if (is(arg, "storedist") && i + 1 < remaining && storeOk) {
        q.storeKey = a[base + i + 1].clone();
        q.storeDist = true;
        i++;
      } else if (is(arg, "storedist") && search && (flags & SEARCHSTORE) != 0) {
        q.storeDist = true;
      } else if (is(arg, "frommember") && i + 1 < remaining && search && !fromLoc) {
        if (src != null) {
          centreOfMember(src, a[base + i + 1], q);
        }
        fromMember = true;
        i++;
      } else if (is(arg, "fromlonlat") && i + 2 < remaining && search && !fromMember) {
        double[] xy = new double[2];
        parseLonLat(a[base + i + 1], a[base + i + 2], xy);
        q.centre(xy[0], xy[1]);
        fromLoc = true;
        i += 2;
      } else if (is(arg, "byradius") && i + 2 < remaining && search && !byBox) {
        parseRadius(a, base + i + 1, q);
        byRadius = true;
        i += 2;
      } else if (is(arg, "bybox") && i + 3 < remaining && search && !byRadius) {
        parseBox(a, base + i + 1, q);
        byBox = true;
        i += 3;
      } else {
        throw new ZSetException(ERR_SYNTAX);
      }
    }
    q.hasCentre |= fromMember || fromLoc || !search;
    q.hasShape |= byRadius || byBox || !search;
  }

  /** The checks after the option loop, in Redis's order. */
  private static GeoQuery checkCombination(byte[][] a, int flags, GeoQuery.Builder q) {
    if (q.storeKey != null && (q.withDist || q.withHash || q.withCoord)) {
      throw new ZSetException(
          "ERR "
              + ((flags & SEARCHSTORE) != 0 ? "GEOSEARCHSTORE" : "STORE option in GEORADIUS")
              + " is not compatible with WITHDIST, WITHHASH and WITHCOORD options");
    }
    if ((flags & SEARCH) != 0 && !q.hasCentre) {
      throw new ZSetException(
          "ERR exactly one of FROMMEMBER or FROMLONLAT can be specified for " + text(a[0]));
    }
    if ((flags & SEARCH) != 0 && !q.hasShape) {
      throw new ZSetException(
          "ERR exactly one of BYRADIUS and BYBOX can be specified for " + text(a[0]));
    }
    if (q.any && q.count == 0) {
      throw new ZSetException("ERR the ANY argument requires COUNT argument");
    }
    return q.buildParsed();
  }
}
