package dev.redstruct.geohash;

import dev.redstruct.core.Bytes;
import java.util.Objects;

/**
 * A GEOSEARCH / GEORADIUS query: a centre (a member or a point), a shape (a circle or a box, with
 * its unit), an order, a count and the reply and store options. Immutable; built in Redis's
 * argument order with {@link #fromMember(String)} or {@link #fromLonLat(double, double)}:
 *
 * <pre>{@code
 * GeoQuery q = GeoQuery.fromLonLat(15, 37).byRadius(200, GeoUnit.KM).asc().count(10).build();
 * }</pre>
 *
 * <p>{@link #parse(byte[][], GeoSet)} is the Redis face: it reads a command's arguments exactly as
 * Redis 7.0.15 does, with its error texts.
 */
public final class GeoQuery {
  /*
   * Implementation notes: a parsed query has its centre resolved (FROMMEMBER and
   * GEORADIUSBYMEMBER look the member up while parsing, as Redis does), so `fromMember` is null
   * for it; a built query keeps the member and the search looks it up.
   */

  /** Result order. */
  public enum Order {
    /** Discovery order (the order Redis scans the 9 areas), unless COUNT without ANY: ASC. */
    NONE,
    /** Nearest first. */
    ASC,
    /** Farthest first. */
    DESC
  }

  final byte[] fromMember;
  final double lon;
  final double lat;
  final boolean box;
  final double radius; // circle radius, or box width
  final double height; // box height (== radius for a circle)
  final GeoUnit unit;
  final Order order;
  final long count;
  final boolean any;
  final boolean withCoord;
  final boolean withDist;
  final boolean withHash;
  final byte[] storeKey;
  final boolean storeDist;

  private GeoQuery(Builder b) {
    this.fromMember = b.fromMember;
    this.lon = b.lon;
    this.lat = b.lat;
    this.box = b.box;
    this.radius = b.width;
    this.height = b.height;
    this.unit = b.unit;
    this.order = b.order;
    this.count = b.count;
    this.any = b.any;
    this.withCoord = b.withCoord;
    this.withDist = b.withDist;
    this.withHash = b.withHash;
    this.storeKey = b.storeKey;
    this.storeDist = b.storeDist;
  }

  /**
   * Starts a query centred on a member's position (FROMMEMBER, GEORADIUSBYMEMBER).
   *
   * @param member the member
   * @return a builder
   */
  public static Builder fromMember(String member) {
    return fromMember(Bytes.utf8(member));
  }

  /**
   * Starts a query centred on a member's position.
   *
   * @param member the member (copied)
   * @return a builder
   */
  public static Builder fromMember(byte[] member) {
    Builder b = new Builder();
    b.fromMember = member.clone();
    b.hasCentre = true;
    return b;
  }

  /**
   * Starts a query centred on a point (FROMLONLAT, GEORADIUS).
   *
   * @param lon longitude, -180..180
   * @param lat latitude, within ±{@value GeoHash#LAT_MAX}
   * @return a builder
   * @throws IllegalArgumentException (a {@code ZSetException} with Redis's text) out of range
   */
  public static Builder fromLonLat(double lon, double lat) {
    if (Double.isNaN(lon) || Double.isNaN(lat)) {
      throw new IllegalArgumentException("NaN coordinate");
    }
    GeoArgs.checkRange(lon, lat);
    return new Builder().centre(lon, lat);
  }

  /**
   * Parses the arguments of GEORADIUS, GEORADIUS_RO, GEORADIUSBYMEMBER, GEORADIUSBYMEMBER_RO,
   * GEOSEARCH or GEOSEARCHSTORE ({@code argv[0]} is the command name as the client typed it) as
   * Redis 7.0.15's georadiusGeneric does: same order of checks, same errors. The source key is
   * {@code argv[1]} ({@code argv[2]} for GEOSEARCHSTORE, whose {@code argv[1]} is the destination).
   * A member centre is looked up during parsing; when the source is missing it is not, and (as in
   * Redis) GEORADIUSBYMEMBER's radius and unit are not even read: the caller then replies with an
   * empty array, or deletes the destination and replies 0 for a store.
   *
   * @param argv the command and its arguments
   * @param source the source key's set, or null if the key is missing
   * @return the query
   * @throws dev.redstruct.skiplist.ZSetException with Redis's error text
   */
  public static GeoQuery parse(byte[][] argv, GeoSet source) {
    return GeoArgs.parseSearch(argv, source);
  }

  /**
   * The destination of a store query (GEORADIUS STORE/STOREDIST, GEOSEARCHSTORE), or null.
   *
   * @return a fresh copy of the key, or null
   */
  public byte[] storeKey() {
    return storeKey == null ? null : storeKey.clone();
  }

  /**
   * Whether a store writes distances (STOREDIST) rather than the members' scores.
   *
   * @return true for STOREDIST
   */
  public boolean storeDist() {
    return storeDist;
  }

  /**
   * WITHCOORD.
   *
   * @return whether replies carry positions
   */
  public boolean withCoord() {
    return withCoord;
  }

  /**
   * WITHDIST.
   *
   * @return whether replies carry distances
   */
  public boolean withDist() {
    return withDist;
  }

  /**
   * WITHHASH.
   *
   * @return whether replies carry the scores
   */
  public boolean withHash() {
    return withHash;
  }

  /**
   * The unit of distances in results (null only for a parsed query whose source is missing).
   *
   * @return the unit
   */
  public GeoUnit unit() {
    return unit;
  }

  /** A builder, in Redis's argument order: centre, shape, then options. Not thread-safe. */
  public static final class Builder {
    byte[] fromMember;
    double lon;
    double lat;
    boolean hasCentre;
    boolean hasShape;
    boolean box;
    double width;
    double height;
    GeoUnit unit;
    Order order = Order.NONE;
    long count;
    boolean any;
    boolean withCoord;
    boolean withDist;
    boolean withHash;
    byte[] storeKey;
    boolean storeDist;

    Builder() {}

    Builder centre(double lon, double lat) {
      this.lon = lon;
      this.lat = lat;
      this.hasCentre = true;
      return this;
    }

    Builder circle(double radius, GeoUnit unit) {
      this.box = false;
      this.width = radius;
      this.height = radius;
      this.unit = unit;
      this.hasShape = true;
      return this;
    }

    Builder box(double width, double height, GeoUnit unit) {
      this.box = true;
      this.width = width;
      this.height = height;
      this.unit = unit;
      this.hasShape = true;
      return this;
    }

    /**
     * BYRADIUS: a circle.
     *
     * @param radius the radius, {@code >= 0}
     * @param unit its unit
     * @return this builder
     */
    public Builder byRadius(double radius, GeoUnit unit) {
      if (!(radius >= 0)) {
        throw new IllegalArgumentException("radius must be >= 0: " + radius);
      }
      return circle(radius, Objects.requireNonNull(unit, "unit"));
    }

    /**
     * BYBOX: an axis-aligned box centred on the centre.
     *
     * @param width east-west size, {@code >= 0}
     * @param height north-south size, {@code >= 0}
     * @param unit their unit
     * @return this builder
     */
    public Builder byBox(double width, double height, GeoUnit unit) {
      if (!(width >= 0) || !(height >= 0)) {
        throw new IllegalArgumentException("width and height must be >= 0");
      }
      return box(width, height, Objects.requireNonNull(unit, "unit"));
    }

    /**
     * ASC: nearest first.
     *
     * @return this builder
     */
    public Builder asc() {
      order = Order.ASC;
      return this;
    }

    /**
     * DESC: farthest first.
     *
     * @return this builder
     */
    public Builder desc() {
      order = Order.DESC;
      return this;
    }

    /**
     * COUNT n: at most n results, the nearest ones (sorted ASC unless DESC is given).
     *
     * @param n the count, {@code > 0}
     * @return this builder
     */
    public Builder count(long n) {
      if (n <= 0) {
        throw new IllegalArgumentException("COUNT must be > 0: " + n);
      }
      count = n;
      return this;
    }

    /**
     * COUNT n ANY: stop as soon as n matches are found (unsorted unless ASC/DESC is given).
     *
     * @param n the count, {@code > 0}
     * @return this builder
     */
    public Builder countAny(long n) {
      count(n);
      any = true;
      return this;
    }

    /**
     * WITHCOORD, WITHDIST and WITHHASH: what a Redis reply would carry (every {@link GeoResult}
     * carries all of it; these flags matter to a RESP renderer).
     *
     * @param coord WITHCOORD
     * @param dist WITHDIST
     * @param hash WITHHASH
     * @return this builder
     */
    public Builder with(boolean coord, boolean dist, boolean hash) {
      withCoord = coord;
      withDist = dist;
      withHash = hash;
      return this;
    }

    /**
     * For {@link GeoSet#searchStore}: store distances (STOREDIST) instead of scores.
     *
     * @return this builder
     */
    public Builder storeDist() {
      storeDist = true;
      return this;
    }

    /**
     * The query.
     *
     * @return the query
     * @throws IllegalStateException if no shape was given
     */
    public GeoQuery build() {
      if (!hasShape) {
        throw new IllegalStateException("byRadius or byBox is required");
      }
      return new GeoQuery(this);
    }

    GeoQuery buildParsed() {
      return new GeoQuery(this);
    }
  }
}
