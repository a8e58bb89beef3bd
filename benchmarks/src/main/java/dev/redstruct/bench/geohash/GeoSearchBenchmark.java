package dev.redstruct.bench.geohash;

import dev.redstruct.bench.Goal;
import dev.redstruct.bench.QuickParams;
import dev.redstruct.geohash.GeoHash;
import dev.redstruct.geohash.GeoQuery;
import dev.redstruct.geohash.GeoSet;
import dev.redstruct.geohash.GeoUnit;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.index.strtree.STRtree;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * A 1 km radius search (GEOSEARCH FROMLONLAT BYRADIUS 1 km) among {@code size} points spread over a
 * 100 km x 100 km square around Palermo ({@code region=square}, about 100 points a km²) or the
 * whole world ({@code region=world}): redstruct's {@link GeoSet} (9 geohash cells as score ranges
 * of the sorted set) against a brute-force haversine scan of two {@code double[]} (the baseline)
 * and a JTS {@code STRtree} (bulk-built; bounding-box query, then the same haversine filter). All
 * three use the points' decoded (GEOPOS) positions and count the members found; score: searches per
 * millisecond over 16 fixed centres. Goal: at least 100x the scan. Against STRtree the moonshot is
 * 0.5x (not a {@code @Goal}: goals are ratios to the baseline; see the report's figures).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@QuickParams({"size=1000000", "region=square,world"})
@Goal(operation = "search", variant = "redstruct", atLeast = 100, params = "size=1000000")
public class GeoSearchBenchmark {
  /** The brute-force scan a Java user would write first. */
  public static final String BASELINE = "bruteForce";

  private static final int OPS = 16;
  private static final double RADIUS_M = 1000;
  private static final double R = GeoHash.EARTH_RADIUS_M;

  /** Number of points. */
  @Param({"100000", "1000000"})
  public int size;

  /** {@code square} (100 km x 100 km) or {@code world}. */
  @Param({"square", "world"})
  public String region;

  private double[] lons;
  private double[] lats;
  private GeoSet set;
  private STRtree tree;
  private final double[] cx = new double[OPS];
  private final double[] cy = new double[OPS];

  /** Builds the three indexes over the same fixed-seed points. */
  @Setup(Level.Trial)
  public void setUp() {
    SplittableRandom rnd = new SplittableRandom(0x6E0L);
    lons = new double[size];
    lats = new double[size];
    set = GeoSet.create();
    tree = new STRtree();
    boolean square = region.equals("square");
    for (int i = 0; i < size; i++) {
      double lon = square ? 12.8 + 1.14 * rnd.nextDouble() : -180 + 360 * rnd.nextDouble();
      double lat = square ? 37.66 + 0.9 * rnd.nextDouble() : -85 + 170 * rnd.nextDouble();
      set.add("p" + i, lon, lat);
      long score = GeoHash.score(lon, lat);
      lons[i] = GeoHash.decodeLongitude(score);
      lats[i] = GeoHash.decodeLatitude(score);
      tree.insert(new Envelope(lons[i], lons[i], lats[i], lats[i]), i);
    }
    tree.build();
    for (int q = 0; q < OPS; q++) {
      int i = rnd.nextInt(size);
      cx[q] = lons[i];
      cy[q] = lats[i];
    }
  }

  /**
   * redstruct: GEOSEARCH FROMLONLAT BYRADIUS 1 km.
   *
   * @return members found in all searches
   */
  @Benchmark
  @OperationsPerInvocation(OPS)
  public long search_redstruct() {
    long found = 0;
    for (int q = 0; q < OPS; q++) {
      found += set.search(GeoQuery.fromLonLat(cx[q], cy[q]).byRadius(1, GeoUnit.KM).build()).size();
    }
    return found;
  }

  /**
   * Brute force: haversine to every point.
   *
   * @return members found in all searches
   */
  @Benchmark
  @OperationsPerInvocation(OPS)
  public long search_bruteForce() {
    long found = 0;
    for (int q = 0; q < OPS; q++) {
      for (int i = 0; i < lons.length; i++) {
        if (haversine(cx[q], cy[q], lons[i], lats[i]) <= RADIUS_M) {
          found++;
        }
      }
    }
    return found;
  }

  /**
   * JTS STRtree: the bounding box (GeoHash.boundingBox, widened by a metre), then haversine.
   *
   * @return members found in all searches
   */
  @Benchmark
  @OperationsPerInvocation(OPS)
  public long search_strTree() {
    long[] found = new long[1];
    double[] box = new double[4];
    for (int q = 0; q < OPS; q++) {
      double x = cx[q];
      double y = cy[q];
      GeoHash.boundingBox(x, y, RADIUS_M + 1, RADIUS_M + 1, box);
      tree.query(
          new Envelope(box[0], box[2], box[1], box[3]),
          item -> {
            int i = (Integer) item;
            if (haversine(x, y, lons[i], lats[i]) <= RADIUS_M) {
              found[0]++;
            }
          });
    }
    return found[0];
  }

  /** Redis's haversine formula with the JDK's Math (what a Java user would write). */
  static double haversine(double lon1, double lat1, double lon2, double lat2) {
    double d = Math.PI / 180.0;
    double v = Math.sin((lon2 - lon1) * d / 2);
    double u = Math.sin((lat2 - lat1) * d / 2);
    double a = u * u + Math.cos(lat1 * d) * Math.cos(lat2 * d) * v * v;
    return 2.0 * R * Math.asin(Math.sqrt(a));
  }
}
