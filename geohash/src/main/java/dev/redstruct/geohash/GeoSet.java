package dev.redstruct.geohash;

import dev.redstruct.core.Bytes;
import dev.redstruct.skiplist.ZSet;
import dev.redstruct.skiplist.ZSetException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A Redis geo set: a {@link ZSet} whose scores are 52-bit geohashes ({@link GeoHash#score}), with
 * the GEO commands of Redis 7.0.15 on top. {@link #asZSet()} is the live sorted set (a geo key
 * answers ZRANGE, ZREM, ZSCORE like any sorted set), and {@link #wrap} views any sorted set as a
 * geo set, as Redis lets GEO commands read any zset key.
 *
 * <pre>{@code
 * GeoSet sicily = GeoSet.create();
 * sicily.add("Palermo", 13.361389, 38.115556);
 * sicily.add("Catania", 15.087269, 37.502669);
 * sicily.distance("Palermo", "Catania", GeoUnit.KM);     // 166.27415156960038
 * sicily.nearby("Palermo", 200, GeoUnit.KM, 10);         // Palermo (0 km), Catania (166.27 km)
 * }</pre>
 *
 * <p><b>Faces.</b> The Java face takes {@code String} members and returns {@code Optional}s and
 * records. The Redis face ({@code byte[]} arguments) mirrors the commands: {@link
 * #geoadd(byte[][])} parses GEOADD's arguments, {@link GeoQuery#parse} those of GEOSEARCH,
 * GEOSEARCHSTORE and the four GEORADIUS commands; errors are {@link ZSetException}s carrying
 * Redis's exact text, and a rejected command changes nothing. {@link #formatDistance} and {@link
 * #formatCoordinate} print numbers as Redis's replies do. There is no keyspace here: a store
 * ({@link #searchStore}) returns the new sorted set, and the caller puts it under the destination
 * key (or deletes that key when the set is empty, as Redis does).
 *
 * <p><b>Results</b> are found as Redis finds them (9 areas scanned as score ranges, each point
 * tested at the centre of its cell), so the members returned, including the ones COUNT ANY stops at
 * and the order of ties, are Redis's. Searches cost O(log n + k) for k members in the 9 areas.
 * Points at longitude 180 or latitude ±{@value GeoHash#LAT_MAX} exactly have scores outside every
 * area and are never found by a search (as in Redis). Not thread-safe.
 */
public final class GeoSet {
  /*
   * Implementation notes. Mirrors src/geo.c of Redis 7.0.15 (geoaddCommand, geoposCommand,
   * geodistCommand, geohashCommand, georadiusGeneric); GeoHash holds the geometry, GeoSearch the
   * scan and sort, GeoArgs the argument parsing. A score is decoded as C casts a double to
   * uint64_t, so a zset written by ZADD with scores that are not geohashes decodes as on x86-64
   * Redis (garbage in, the same garbage out).
   */

  private final ZSet zset;

  private GeoSet(ZSet zset) {
    this.zset = zset;
  }

  /**
   * An empty geo set over a new sorted set with Redis's default thresholds.
   *
   * @return the set
   */
  public static GeoSet create() {
    return new GeoSet(ZSet.create());
  }

  /**
   * A geo view of a sorted set: reads and writes go to {@code zset}.
   *
   * @param zset the sorted set
   * @return the view
   */
  public static GeoSet wrap(ZSet zset) {
    return new GeoSet(Objects.requireNonNull(zset, "zset"));
  }

  /**
   * The sorted set underneath (live, not a copy): member to 52-bit geohash score.
   *
   * @return the sorted set
   */
  public ZSet asZSet() {
    return zset;
  }

  /**
   * Number of members. Redis: {@code ZCARD}.
   *
   * @return the size
   */
  public int size() {
    return zset.size();
  }

  // ------------------------------------------------------------------ Java face

  /**
   * Adds or moves a member. Redis: {@code GEOADD key lon lat member}.
   *
   * @param member the member (UTF-8)
   * @param longitude -180..180
   * @param latitude within ±{@value GeoHash#LAT_MAX}
   * @return true if the member is new
   * @throws ZSetException {@code ERR invalid longitude,latitude pair ...} out of range
   */
  public boolean add(String member, double longitude, double latitude) {
    if (Double.isNaN(longitude) || Double.isNaN(latitude)) {
      throw new ZSetException(GeoArgs.ERR_NOT_FLOAT);
    }
    GeoArgs.checkRange(longitude, latitude);
    return zset.add(utf8(member), GeoHash.encode(longitude, latitude, GeoHash.STEP_MAX));
  }

  /**
   * The member's position: the centre of its cell. Redis: {@code GEOPOS}.
   *
   * @param member the member
   * @return the position, or empty if absent
   */
  public Optional<GeoPoint> position(String member) {
    return Optional.ofNullable(positionOrNull(utf8(member)));
  }

  /**
   * The haversine distance between two members' positions. Redis: {@code GEODIST} (which prints it
   * with {@link #formatDistance}).
   *
   * @param a a member
   * @param b another member
   * @param unit the unit of the result
   * @return the distance, or empty if either member is absent
   */
  public OptionalDouble distance(String a, String b, GeoUnit unit) {
    Objects.requireNonNull(a, "a");
    Objects.requireNonNull(b, "b");
    Objects.requireNonNull(unit, "unit");
    return distance(utf8(a), utf8(b), unit);
  }

  /**
   * The member's 11-character geohash string. Redis: {@code GEOHASH}.
   *
   * @param member the member
   * @return the string, or empty if absent
   */
  public Optional<String> hash(String member) {
    return Optional.ofNullable(hashOrNull(utf8(member)));
  }

  /**
   * The members within {@code radius} of a member, nearest first, at most {@code count}. Redis:
   * {@code GEOSEARCH key FROMMEMBER member BYRADIUS radius unit COUNT count}.
   *
   * @param member the centre member
   * @param radius the radius, {@code >= 0}
   * @param unit its unit, also the unit of the results' distances
   * @param count most results, {@code > 0}
   * @return the results (the member itself included, at distance 0)
   * @throws ZSetException {@code ERR could not decode requested zset member} if it is absent
   */
  public List<GeoResult> nearby(String member, double radius, GeoUnit unit, int count) {
    Objects.requireNonNull(member, "member");
    Objects.requireNonNull(unit, "unit");
    return search(GeoQuery.fromMember(member).byRadius(radius, unit).count(count).build());
  }

  /**
   * Runs a query. Redis: {@code GEOSEARCH} (and GEORADIUS, GEORADIUSBYMEMBER) without a store.
   *
   * @param query the query
   * @return the results in Redis's reply order, distances in the query's unit
   * @throws ZSetException {@code ERR could not decode requested zset member} for an absent centre
   *     member
   */
  public List<GeoResult> search(GeoQuery query) {
    Objects.requireNonNull(query, "query");
    GeoSearch s = run(query);
    return s.results(s.order(query.order, query.count, query.any));
  }

  // ------------------------------------------------------------------ Redis face

  /**
   * Parses and runs {@code GEOADD key [NX|XX] [CH] lon lat member [lon lat member ...]} on this set
   * (the key is {@code argv[1]}; its set is this one, empty when the key is new). Redis:
   * geoaddCommand, then ZADD.
   *
   * @param argv the command and its arguments
   * @return ZADD's reply: members added, plus members moved with CH
   * @throws ZSetException {@code ERR syntax error}, {@code ERR value is not a valid float}, {@code
   *     ERR invalid longitude,latitude pair <lon>,<lat>} (printed with %f); nothing changes
   */
  public long geoadd(byte[][] argv) {
    Objects.requireNonNull(argv, "argv");
    if (argv.length < 5) {
      throw new ZSetException("ERR wrong number of arguments for 'geoadd' command");
    }
    int flags = 0;
    int at = 2;
    for (; at < argv.length; at++) {
      if (GeoArgs.is(argv[at], "nx")) {
        flags |= ZSet.NX;
      } else if (GeoArgs.is(argv[at], "xx")) {
        flags |= ZSet.XX;
      } else if (GeoArgs.is(argv[at], "ch")) {
        flags |= ZSet.CH;
      } else {
        break;
      }
    }
    int n = (argv.length - at) / 3;
    if ((argv.length - at) % 3 != 0 || (flags & (ZSet.NX | ZSet.XX)) == (ZSet.NX | ZSet.XX)) {
      throw new ZSetException(GeoArgs.ERR_SYNTAX);
    }
    double[] lons = new double[n];
    double[] lats = new double[n];
    byte[][] members = new byte[n][];
    double[] xy = new double[2];
    for (int i = 0; i < n; i++) {
      GeoArgs.parseLonLat(argv[at + 3 * i], argv[at + 3 * i + 1], xy);
      lons[i] = xy[0];
      lats[i] = xy[1];
      members[i] = argv[at + 3 * i + 2];
    }
    if (n == 0) {
      throw new ZSetException(GeoArgs.ERR_SYNTAX); // ZADD with no pairs
    }
    return add(flags, lons, lats, members);
  }

  /**
   * Adds or moves members. Redis: {@code GEOADD key [NX|XX] [CH] lon lat member ...}.
   *
   * @param flags {@link ZSet#NX}, {@link ZSet#XX}, {@link ZSet#CH}
   * @param lons longitudes
   * @param lats latitudes
   * @param members members (copied)
   * @return members added, plus members moved with CH
   * @throws ZSetException for a coordinate out of range or NX with XX; nothing changes
   */
  public long add(int flags, double[] lons, double[] lats, byte[][] members) {
    Objects.requireNonNull(lons, "lons");
    Objects.requireNonNull(lats, "lats");
    Objects.requireNonNull(members, "members");
    if (lons.length != members.length || lats.length != members.length) {
      throw new IllegalArgumentException("one longitude and one latitude per member");
    }
    double[] scores = new double[members.length];
    for (int i = 0; i < members.length; i++) {
      if (Double.isNaN(lons[i]) || Double.isNaN(lats[i])) {
        throw new ZSetException(GeoArgs.ERR_NOT_FLOAT);
      }
      GeoArgs.checkRange(lons[i], lats[i]);
      scores[i] = GeoHash.encode(lons[i], lats[i], GeoHash.STEP_MAX);
    }
    return zset.add(flags, scores, members);
  }

  /**
   * The member's position, or null. Redis: {@code GEOPOS} (a null array for an absent member).
   *
   * @param member the member
   * @return the centre of its cell, or null
   */
  public GeoPoint positionOrNull(byte[] member) {
    double score = zset.scoreOrNaN(member);
    if (Double.isNaN(score)) {
      return null;
    }
    return new GeoPoint(GeoHash.decodeLongitude(score), GeoHash.decodeLatitude(score));
  }

  /**
   * The distance between two members in {@code unit}, unrounded. Redis: {@code GEODIST}.
   *
   * @param a a member
   * @param b another member
   * @param unit the unit
   * @return the distance, or empty if either is absent
   */
  public OptionalDouble distance(byte[] a, byte[] b, GeoUnit unit) {
    Objects.requireNonNull(a, "a");
    Objects.requireNonNull(b, "b");
    Objects.requireNonNull(unit, "unit");
    double sa = zset.scoreOrNaN(a);
    double sb = Double.isNaN(sa) ? Double.NaN : zset.scoreOrNaN(b);
    if (Double.isNaN(sb)) {
      return OptionalDouble.empty();
    }
    double d =
        GeoHash.distance(
            GeoHash.decodeLongitude(sa),
            GeoHash.decodeLatitude(sa),
            GeoHash.decodeLongitude(sb),
            GeoHash.decodeLatitude(sb));
    return OptionalDouble.of(d / unit.toMeters());
  }

  /**
   * The member's geohash string, or null. Redis: {@code GEOHASH}.
   *
   * @param member the member
   * @return the 11 characters, or null
   */
  public String hashOrNull(byte[] member) {
    double score = zset.scoreOrNaN(member);
    return Double.isNaN(score) ? null : GeoHash.toGeohashString(score);
  }

  /**
   * Runs a store query and returns the sorted set Redis would store: the results (cut to COUNT)
   * with their scores, or with their distances in the query's unit for STOREDIST. Redis: the store
   * branch of georadiusGeneric (GEORADIUS ... STORE/STOREDIST, GEOSEARCHSTORE).
   *
   * @param query the query
   * @return a new sorted set; when it is empty Redis deletes the destination key
   * @throws ZSetException {@code ERR could not decode requested zset member} for an absent centre
   *     member
   */
  public ZSet searchStore(GeoQuery query) {
    Objects.requireNonNull(query, "query");
    GeoSearch s = run(query);
    int[] order = s.order(query.order, query.count, query.any);
    ZSet out = ZSet.create();
    double conv = query.unit.toMeters();
    for (int i : order) {
      out.add(s.members[i], query.storeDist ? s.dists[i] / conv : s.scores[i]);
    }
    return out;
  }

  private GeoSearch run(GeoQuery q) {
    double lon = q.lon;
    double lat = q.lat;
    if (q.fromMember != null) {
      double score = zset.scoreOrNaN(q.fromMember);
      if (Double.isNaN(score)) {
        throw new ZSetException(GeoArgs.ERR_MEMBER);
      }
      lon = GeoHash.decodeLongitude(score);
      lat = GeoHash.decodeLatitude(score);
    }
    GeoSearch s = new GeoSearch(lon, lat, q.box, q.radius, q.height, q.unit.toMeters());
    s.scan(zset, q.any ? q.count : 0);
    return s;
  }

  // ------------------------------------------------------------------ reply formats

  /**
   * A distance as GEODIST and WITHDIST print it: exactly 4 decimals of {@code llrint(d * 10000)}
   * (ties to even), a leading {@code 0} below 1. Redis 7.0.6+: fixedpoint_d2string (src/util.c).
   *
   * @param d the distance in the reply's unit
   * @return e.g. {@code "166.2742"}, {@code "0.0000"}
   */
  public static String formatDistance(double d) {
    if (d == 0) {
      return "0.0000";
    }
    // llrint: NaN and values past the long range give LLONG_MIN on x86-64.
    double r = Math.rint(d * 10000.0);
    long v = Double.isNaN(r) || r >= 0x1p63 || r < -0x1p63 ? Long.MIN_VALUE : (long) r;
    String digits = Long.toUnsignedString(v < 0 ? -v : v);
    StringBuilder sb = new StringBuilder(24);
    if (v < 0) {
      sb.append('-');
    }
    for (int i = digits.length(); i < 5; i++) {
      sb.append('0');
    }
    sb.append(digits);
    sb.insert(sb.length() - 4, '.');
    return sb.toString();
  }

  /**
   * A coordinate as GEOPOS and WITHCOORD print it in Redis 7.0: {@code %.17Lf} of the exact value
   * (ties to even), trailing zeros and a trailing dot removed, {@code -0} printed as {@code 0}.
   * Redis: addReplyHumanLongDouble, ld2string LD_STR_HUMAN (src/util.c).
   *
   * @param d the coordinate
   * @return e.g. {@code "13.36138933897018433"}
   */
  public static String formatCoordinate(double d) {
    if (Double.isInfinite(d)) {
      return d > 0 ? "inf" : "-inf";
    }
    String s = new BigDecimal(d).setScale(17, RoundingMode.HALF_EVEN).toPlainString();
    if ((d < 0 || (d == 0 && 1 / d < 0)) && !s.startsWith("-")) {
      s = "-" + s;
    }
    int end = s.length();
    while (s.charAt(end - 1) == '0') {
      end--;
    }
    if (s.charAt(end - 1) == '.') {
      end--;
    }
    s = s.substring(0, end);
    return s.equals("-0") ? "0" : s;
  }

  private static byte[] utf8(String s) {
    return Bytes.utf8(Objects.requireNonNull(s, "member"));
  }

  @Override
  public String toString() {
    return "GeoSet" + zset;
  }
}
