package dev.redstruct.geohash;

/**
 * Redis's geohash functions, bit for bit: the interleaved integer hash of a point at a given step
 * (bits per axis), its cell and clamped centre, the 11-character GEOHASH string, neighbours, the
 * step estimate, the bounding box, the 9 search areas and the haversine distance. All methods are
 * static, pure and allocation-free (except {@link #toGeohashString}); they never throw on
 * out-of-range input but return Redis's failure value where Redis has one.
 *
 * <p><b>The 52-bit score.</b> A member of a geo set has the score {@code encode(lon, lat, 26)}: the
 * latitude's 26-bit cell index in the even bits (0, 2, 4, ...) and the longitude's in the odd bits,
 * so bit 51 is the top longitude bit, as in a standard geohash. Palermo (13.361389, 38.115556) has
 * the score 3479099956230698 and the string {@code sqc8b49rny0}. Latitudes are limited to ±{@value
 * #LAT_MAX} (the Web Mercator limits) and longitudes to ±180, both inclusive; the inclusive top of
 * a range gives the cell index 2^step, which spills into the next bit up (lon 180, lat 0 has the
 * score 2^53 + 2^50, beyond every search range, as in Redis).
 *
 * <p><b>Floating point.</b> Every formula is evaluated in Redis's order of operations. Redis calls
 * glibc's {@code sin}, {@code cos} and {@code asin}; here they are computed in double-double and
 * rounded once (package-private {@code Libm}), which equals glibc's result in 99.9 % of calls
 * (fdlibm's {@link StrictMath}: 97.3 %, measured on 200,000 arguments against glibc 2.36). The
 * remaining calls differ in the last ulp: that shows in {@link #distance} and {@link #boundingBox},
 * so in STOREDIST scores (full precision), and could show in a distance printed with 4 decimals
 * only on a rounding tie and in a search only for a point at exactly the radius. Encoding,
 * decoding, neighbours and the step estimate use only IEEE +, -, *, / and are exact.
 */
public final class GeoHash {
  /*
   * Implementation notes.
   *
   * Mirrors src/geohash.c and src/geohash_helper.c of Redis 7.0.15: geohashEncode (interleave64),
   * geohashDecode (deinterleave64), geohashDecodeAreaToLongLat, geohash_move_x/y and
   * geohashNeighbors, geohashEstimateStepsByRadius, geohashBoundingBox,
   * geohashCalculateAreasByShapeWGS84, geohashAlign52Bits, geohashGetDistance and
   * geohashGetLatDistance; and geohashCommand of src/geo.c for the string.
   *
   * C conversions reproduced: a cell offset (double) becomes uint32_t by truncation (x86-64 gcc
   * truncates to 64 bits and keeps the low 32, so 2^32 at step 32 becomes 0); a score (double)
   * becomes uint64_t as gcc's x86-64 sequence does (see toUint64). (ilat + 1) is uint32_t
   * arithmetic. A hash is {bits, step}; "zero" (Redis's GZERO, an excluded area) is written here
   * as bits = -1, which no valid hash has.
   */

  /** Redis GEO_STEP_MAX: the step of stored scores (26 bits per axis, 52 bits in all). */
  public static final int STEP_MAX = 26;

  /** Redis GEO_LAT_MIN. */
  public static final double LAT_MIN = -85.05112878;

  /** Redis GEO_LAT_MAX. */
  public static final double LAT_MAX = 85.05112878;

  /** Redis GEO_LONG_MIN. */
  public static final double LON_MIN = -180;

  /** Redis GEO_LONG_MAX. */
  public static final double LON_MAX = 180;

  /** Redis EARTH_RADIUS_IN_METERS: the sphere of the haversine distance. */
  public static final double EARTH_RADIUS_M = 6372797.560856;

  /** Redis MERCATOR_MAX, used only by the step estimate. */
  static final double MERCATOR_MAX = 20037726.37;

  /** Redis D_R = M_PI / 180.0. */
  private static final double D_R = Math.PI / 180.0;

  /** The value {@link #encode} returns on failure, and the mark of an excluded search area. */
  public static final long NONE = -1L;

  private static final char[] ALPHABET = "0123456789bcdefghjkmnpqrstuvwxyz".toCharArray();

  private GeoHash() {}

  // ------------------------------------------------------------------ encode / decode

  /**
   * The hash of a point at {@code step} bits per axis. Redis: geohashEncodeWGS84.
   *
   * @param lon longitude, -180..180 inclusive
   * @param lat latitude, {@link #LAT_MIN}..{@link #LAT_MAX} inclusive
   * @param step bits per axis, 1..32
   * @return the hash (2 * step bits, one more at the inclusive top edges), or {@link #NONE} if the
   *     point or the step is out of range
   */
  public static long encode(double lon, double lat, int step) {
    return encode(lon, lat, step, LON_MIN, LON_MAX, LAT_MIN, LAT_MAX);
  }

  /** Redis: geohashEncode with explicit ranges (the WGS84 range check stays hard-wired). */
  static long encode(
      double lon,
      double lat,
      int step,
      double lonMin,
      double lonMax,
      double latMin,
      double latMax) {
    if (step > 32 || step <= 0) {
      return NONE;
    }
    if (lon > LON_MAX || lon < LON_MIN || lat > LAT_MAX || lat < LAT_MIN) {
      return NONE;
    }
    if (lat < latMin || lat > latMax || lon < lonMin || lon > lonMax) {
      return NONE;
    }
    double latOffset = (lat - latMin) / (latMax - latMin);
    double lonOffset = (lon - lonMin) / (lonMax - lonMin);
    latOffset *= (double) (1L << step);
    lonOffset *= (double) (1L << step);
    return spread(toUint32(latOffset)) | (spread(toUint32(lonOffset)) << 1);
  }

  /**
   * The 52-bit score GEOADD stores for a point: {@code encode(lon, lat, 26)}.
   *
   * @param lon longitude, -180..180
   * @param lat latitude, ±{@value #LAT_MAX}
   * @return the score
   * @throws IllegalArgumentException if the point is out of range or not a number
   */
  public static long score(double lon, double lat) {
    long bits = encode(lon, lat, STEP_MAX);
    if (bits == NONE || Double.isNaN(lon) || Double.isNaN(lat)) {
      throw new IllegalArgumentException("invalid longitude,latitude pair " + lon + "," + lat);
    }
    return bits;
  }

  /**
   * The cell of a hash: {@code out[0..3]} = lon min, lat min, lon max, lat max. Redis:
   * geohashDecode (WGS84 ranges).
   *
   * @param bits the hash
   * @param step its step, 1..32
   * @param out receives the four bounds
   */
  public static void decodeCell(long bits, int step, double[] out) {
    out[0] = cellLonMin(bits, step);
    out[1] = cellLatMin(bits, step);
    out[2] = cellLonMax(bits, step);
    out[3] = cellLatMax(bits, step);
  }

  static double cellLatMin(long bits, int step) {
    long ilat = squash(bits);
    return LAT_MIN + (ilat * 1.0 / (double) (1L << step)) * (LAT_MAX - LAT_MIN);
  }

  static double cellLatMax(long bits, int step) {
    long ilat1 = (squash(bits) + 1) & 0xFFFFFFFFL; // uint32_t arithmetic
    return LAT_MIN + (ilat1 * 1.0 / (double) (1L << step)) * (LAT_MAX - LAT_MIN);
  }

  static double cellLonMin(long bits, int step) {
    long ilon = squash(bits >>> 1);
    return LON_MIN + (ilon * 1.0 / (double) (1L << step)) * (LON_MAX - LON_MIN);
  }

  static double cellLonMax(long bits, int step) {
    long ilon1 = (squash(bits >>> 1) + 1) & 0xFFFFFFFFL;
    return LON_MIN + (ilon1 * 1.0 / (double) (1L << step)) * (LON_MAX - LON_MIN);
  }

  /**
   * The longitude GEOPOS reports for a score: the centre of its step-26 cell, clamped to ±180.
   * Redis: decodeGeohash (src/geo.c), geohashDecodeAreaToLongLat.
   *
   * @param score the zset score (converted to an unsigned integer as C does)
   * @return the longitude
   */
  public static double decodeLongitude(double score) {
    long bits = toUint64(score);
    double x = (cellLonMin(bits, STEP_MAX) + cellLonMax(bits, STEP_MAX)) / 2;
    return x > LON_MAX ? LON_MAX : x < LON_MIN ? LON_MIN : x;
  }

  /**
   * The latitude GEOPOS reports for a score: the centre of its step-26 cell, clamped to ±{@value
   * #LAT_MAX}.
   *
   * @param score the zset score
   * @return the latitude
   */
  public static double decodeLatitude(double score) {
    long bits = toUint64(score);
    double y = (cellLatMin(bits, STEP_MAX) + cellLatMax(bits, STEP_MAX)) / 2;
    return y > LAT_MAX ? LAT_MAX : y < LAT_MIN ? LAT_MIN : y;
  }

  /**
   * The 11-character GEOHASH string of a score: the decoded centre re-encoded at step 26 with the
   * standard latitude range -90..90, 10 base-32 characters of its top 50 bits and a final {@code
   * 0}. Redis: geohashCommand.
   *
   * @param score the zset score
   * @return e.g. {@code "sqc8b49rny0"} for Palermo's 3479099956230698
   */
  public static String toGeohashString(double score) {
    double lon = decodeLongitude(score);
    double lat = decodeLatitude(score);
    long bits = encode(lon, lat, STEP_MAX, -180, 180, -90, 90);
    char[] buf = new char[11];
    for (int i = 0; i < 10; i++) {
      buf[i] = ALPHABET[(int) ((bits >>> (52 - (i + 1) * 5)) & 0x1f)];
    }
    buf[10] = ALPHABET[0];
    return new String(buf);
  }

  // ------------------------------------------------------------------ neighbours

  /**
   * A neighbouring cell, wrapping around at the edges of the world (east of the last column is
   * column 0, north of the top row is the bottom row). Redis: geohash_move_x then geohash_move_y.
   *
   * @param bits the hash
   * @param step its step, 1..32
   * @param dx -1 (west), 0 or 1 (east)
   * @param dy -1 (south), 0 or 1 (north)
   * @return the neighbour's hash
   */
  public static long neighbor(long bits, int step, int dx, int dy) {
    return moveY(moveX(bits, step, dx), step, dy);
  }

  private static long moveX(long bits, int step, int d) {
    return move(bits, step, d, 0xaaaaaaaaaaaaaaaaL);
  }

  private static long moveY(long bits, int step, int d) {
    return move(bits, step, d, 0x5555555555555555L);
  }

  /**
   * Steps the coordinate whose interleaved bits {@code own} selects by {@code d} (-1, 0, +1) cells,
   * leaving the other coordinate alone: filling the other coordinate's bit positions with ones
   * (adding) or setting them before subtracting lets the carry or borrow run through them.
   */
  private static long move(long bits, int step, int d, long own) {
    if (d == 0) {
      return bits;
    }
    long mine = bits & own;
    long other = bits & ~own;
    long zz = ~own >>> (64 - step * 2);
    if (d > 0) {
      mine = mine + (zz + 1);
    } else {
      mine = mine | zz;
      mine = mine - (zz + 1);
    }
    mine &= own >>> (64 - step * 2);
    return mine | other;
  }

  // ------------------------------------------------------------------ search geometry

  /**
   * The step whose cells are about as large as the search radius. Redis:
   * geohashEstimateStepsByRadius: 26 for a radius of 0; otherwise one step fewer per doubling of
   * the radius below {@code MERCATOR_MAX}, minus 2, minus one more above |lat| 66 and another above
   * |lat| 80, clamped to 1..26.
   *
   * @param rangeMeters the radius in metres
   * @param lat the latitude of the centre
   * @return the step, 1..26
   */
  public static int estimateStepsByRadius(double rangeMeters, double lat) {
    if (rangeMeters == 0) {
      return 26;
    }
    int step = 1;
    while (rangeMeters < MERCATOR_MAX) {
      rangeMeters *= 2;
      step++;
    }
    step -= 2;
    if (lat > 66 || lat < -66) {
      step--;
      if (lat > 80 || lat < -80) {
        step--;
      }
    }
    return Math.max(1, Math.min(26, step));
  }

  /**
   * The bounding box of a search: {@code out[0..3]} = lon min, lat min, lon max, lat max, not
   * wrapped (longitudes may pass ±180). The longitude half-width is taken at the box's latitude
   * edge nearer the pole of the centre's hemisphere (the southern edge when lat &lt; 0). Redis:
   * geohashBoundingBox.
   *
   * @param lon centre longitude
   * @param lat centre latitude
   * @param halfWidthMeters half the width (the radius for a circle), in metres
   * @param halfHeightMeters half the height (the radius for a circle), in metres
   * @param out receives the four bounds
   */
  public static void boundingBox(
      double lon, double lat, double halfWidthMeters, double halfHeightMeters, double[] out) {
    double latDelta = radDeg(halfHeightMeters / EARTH_RADIUS_M);
    double lonDeltaTop =
        radDeg(halfWidthMeters / EARTH_RADIUS_M / Libm.cos(degRad(lat + latDelta)));
    double lonDeltaBottom =
        radDeg(halfWidthMeters / EARTH_RADIUS_M / Libm.cos(degRad(lat - latDelta)));
    boolean southern = lat < 0;
    out[0] = southern ? lon - lonDeltaBottom : lon - lonDeltaTop;
    out[2] = southern ? lon + lonDeltaBottom : lon + lonDeltaTop;
    out[1] = lat - latDelta;
    out[3] = lat + latDelta;
  }

  /**
   * The 9 areas GEORADIUS / GEOSEARCH BYRADIUS scans for a circle, as Redis computes them.
   *
   * @param lon centre longitude (in range)
   * @param lat centre latitude (in range)
   * @param radius the radius in the query's unit
   * @param toMeters metres per unit (1, 1000, 0.3048, 1609.34)
   * @param areas receives 9 hashes in Redis's scan order (centre, N, S, E, W, NE, NW, SE, SW), each
   *     {@link #NONE} when excluded
   * @return the step of the 9 hashes
   */
  public static int areasForRadius(
      double lon, double lat, double radius, double toMeters, long[] areas) {
    return areas(lon, lat, false, radius, radius, toMeters, areas);
  }

  /**
   * The 9 areas GEOSEARCH BYBOX scans, as Redis computes them; see {@link #areasForRadius}.
   *
   * @param lon centre longitude (in range)
   * @param lat centre latitude (in range)
   * @param width box width in the query's unit
   * @param height box height in the query's unit
   * @param toMeters metres per unit
   * @param areas receives 9 hashes, {@link #NONE} when excluded
   * @return the step of the 9 hashes
   */
  public static int areasForBox(
      double lon, double lat, double width, double height, double toMeters, long[] areas) {
    return areas(lon, lat, true, width, height, toMeters, areas);
  }

  /**
   * Redis: geohashCalculateAreasByShapeWGS84. For a circle, {@code w == h ==} the radius. The
   * bounding box and the step estimate take their sizes in Redis's operand order.
   */
  static int areas(
      double lon, double lat, boolean box, double w, double h, double conv, long[] out) {
    double halfHeight = conv * (box ? h / 2 : h);
    double halfWidth = conv * (box ? w / 2 : w);
    double latDelta = radDeg(halfHeight / EARTH_RADIUS_M);
    double lonDeltaTop = radDeg(halfWidth / EARTH_RADIUS_M / Libm.cos(degRad(lat + latDelta)));
    double lonDeltaBottom = radDeg(halfWidth / EARTH_RADIUS_M / Libm.cos(degRad(lat - latDelta)));
    double minLon = lat < 0 ? lon - lonDeltaBottom : lon - lonDeltaTop;
    double maxLon = lat < 0 ? lon + lonDeltaBottom : lon + lonDeltaTop;
    double minLat = lat - latDelta;
    double maxLat = lat + latDelta;
    double radiusMeters = box ? Math.sqrt((w / 2) * (w / 2) + (h / 2) * (h / 2)) : w;
    radiusMeters *= conv;
    int steps = estimateStepsByRadius(radiusMeters, lat);
    long hash = encode(lon, lat, steps);
    boolean decrease =
        cellLatMax(neighbor(hash, steps, 0, 1), steps) < maxLat
            || cellLatMin(neighbor(hash, steps, 0, -1), steps) > minLat
            || cellLonMax(neighbor(hash, steps, 1, 0), steps) < maxLon
            || cellLonMin(neighbor(hash, steps, -1, 0), steps) > minLon;
    if (steps > 1 && decrease) {
      steps--;
      hash = encode(lon, lat, steps);
    }
    // Scan order: centre, N, S, E, W, NE, NW, SE, SW.
    out[0] = hash;
    out[1] = neighbor(hash, steps, 0, 1);
    out[2] = neighbor(hash, steps, 0, -1);
    out[3] = neighbor(hash, steps, 1, 0);
    out[4] = neighbor(hash, steps, -1, 0);
    out[5] = neighbor(hash, steps, 1, 1);
    out[6] = neighbor(hash, steps, -1, 1);
    out[7] = neighbor(hash, steps, 1, -1);
    out[8] = neighbor(hash, steps, -1, -1);
    if (steps >= 2) {
      exclude(hash, steps, minLon, minLat, maxLon, maxLat, out);
    }
    return steps;
  }

  /** Redis: the "exclude the search areas that are useless" block, on the centre cell. */
  private static void exclude(
      long hash,
      int steps,
      double minLon,
      double minLat,
      double maxLon,
      double maxLat,
      long[] out) {
    if (cellLatMin(hash, steps) < minLat) {
      out[2] = out[8] = out[7] = NONE; // S, SW, SE
    }
    if (cellLatMax(hash, steps) > maxLat) {
      out[1] = out[5] = out[6] = NONE; // N, NE, NW
    }
    if (cellLonMin(hash, steps) < minLon) {
      out[4] = out[8] = out[6] = NONE; // W, SW, NW
    }
    if (cellLonMax(hash, steps) > maxLon) {
      out[3] = out[7] = out[5] = NONE; // E, SE, NE
    }
  }

  /**
   * The first score of a hash's range: {@code bits << (52 - 2 * step)}. Redis: geohashAlign52Bits.
   *
   * @param bits the hash
   * @param step its step, 1..26
   * @return the 52-bit score
   */
  public static long align52(long bits, int step) {
    return bits << (52 - step * 2);
  }

  // ------------------------------------------------------------------ distances

  /**
   * The haversine distance in metres on Redis's sphere, with its shortcut for equal longitudes.
   * Redis: geohashGetDistance (7.0.6+). Symmetric in its two points.
   *
   * @param lon1 first longitude, degrees
   * @param lat1 first latitude, degrees
   * @param lon2 second longitude, degrees
   * @param lat2 second latitude, degrees
   * @return the distance in metres (NaN only if an input is NaN, or for nearly antipodal points
   *     where rounding pushes the haversine past 1, as in Redis)
   */
  public static double distance(double lon1, double lat1, double lon2, double lat2) {
    double lon1r = degRad(lon1);
    double lon2r = degRad(lon2);
    double v = Libm.sin((lon2r - lon1r) / 2);
    if (v == 0.0) {
      return latDistance(lat1, lat2);
    }
    double lat1r = degRad(lat1);
    double lat2r = degRad(lat2);
    double u = Libm.sin((lat2r - lat1r) / 2);
    double a = u * u + Libm.cos(lat1r) * Libm.cos(lat2r) * v * v;
    return 2.0 * EARTH_RADIUS_M * Libm.asin(Math.sqrt(a));
  }

  /** Redis: geohashGetLatDistance, the distance along a meridian. */
  static double latDistance(double lat1, double lat2) {
    return EARTH_RADIUS_M * Math.abs(degRad(lat2) - degRad(lat1));
  }

  private static double degRad(double ang) {
    return ang * D_R;
  }

  private static double radDeg(double ang) {
    return ang / D_R;
  }

  // ------------------------------------------------------------------ bits

  /** The low 32 bits of v spread to the even bit positions. Redis: interleave64's half. */
  static long spread(long v) {
    v = (v | (v << 16)) & 0x0000FFFF0000FFFFL;
    v = (v | (v << 8)) & 0x00FF00FF00FF00FFL;
    v = (v | (v << 4)) & 0x0F0F0F0F0F0F0F0FL;
    v = (v | (v << 2)) & 0x3333333333333333L;
    return (v | (v << 1)) & 0x5555555555555555L;
  }

  /** The even bits of x packed into 32 bits. Redis: deinterleave64's half. */
  static long squash(long x) {
    x &= 0x5555555555555555L;
    x = (x | (x >>> 1)) & 0x3333333333333333L;
    x = (x | (x >>> 2)) & 0x0F0F0F0F0F0F0F0FL;
    x = (x | (x >>> 4)) & 0x00FF00FF00FF00FFL;
    x = (x | (x >>> 8)) & 0x0000FFFF0000FFFFL;
    return (x | (x >>> 16)) & 0x00000000FFFFFFFFL;
  }

  /** C's double to uint32_t as x86-64 gcc compiles it (64-bit truncation, low half). */
  private static long toUint32(double d) {
    return ((long) d) & 0xFFFFFFFFL;
  }

  /**
   * C's double to uint64_t as x86-64 gcc compiles it: below 2^63 (or NaN) a signed truncation (out
   * of range: 0x8000000000000000); at or above, the truncation of d - 2^63 with bit 63 flipped.
   * Exact for every score a geo set writes.
   */
  static long toUint64(double d) {
    if (!(d >= 0x1p63)) {
      return Double.isNaN(d) || d < -0x1p63 ? Long.MIN_VALUE : (long) d;
    }
    double e = d - 0x1p63;
    return (e >= 0x1p63 ? Long.MIN_VALUE : (long) e) ^ Long.MIN_VALUE;
  }
}
