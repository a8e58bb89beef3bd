package dev.redstruct.bench.geohash;

import dev.redstruct.bench.Goal;
import dev.redstruct.geohash.GeoHash;
import dev.redstruct.geohash.GeoSet;
import dev.redstruct.skiplist.ZSet;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The cost of the geohash in GEOADD: building a set of 1000 members with {@code GeoSet.add(member,
 * lon, lat)} (range check + encode + ZADD) against {@code ZSet.add(member, score)} with the scores
 * computed beforehand (the baseline). Score: adds per microsecond. Goal: GEOADD costs at most 1.2x
 * the plain add, i.e. at least 1/1.2 = 0.83x its throughput.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Goal(operation = "add", variant = "redstruct", atLeast = 0.83)
public class GeoAddBenchmark {
  /** ZSet.add of a precomputed score. */
  public static final String BASELINE = "zset";

  private static final int N = 1000;

  private final String[] members = new String[N];
  private final double[] lons = new double[N];
  private final double[] lats = new double[N];
  private final double[] scores = new double[N];

  /** Fixed-seed members, points and their scores. */
  @Setup
  public void setUp() {
    SplittableRandom rnd = new SplittableRandom(1000);
    for (int i = 0; i < N; i++) {
      members[i] = "user:" + rnd.nextInt(100_000_000);
      lons[i] = -180 + 360 * rnd.nextDouble();
      lats[i] = -85 + 170 * rnd.nextDouble();
      scores[i] = GeoHash.score(lons[i], lats[i]);
    }
  }

  /**
   * GEOADD one member at a time.
   *
   * @return the size of the set
   */
  @Benchmark
  @OperationsPerInvocation(N)
  public int add_redstruct() {
    GeoSet g = GeoSet.create();
    for (int i = 0; i < N; i++) {
      g.add(members[i], lons[i], lats[i]);
    }
    return g.size();
  }

  /**
   * ZADD of the precomputed scores.
   *
   * @return the size of the set
   */
  @Benchmark
  @OperationsPerInvocation(N)
  public int add_zset() {
    ZSet z = ZSet.create();
    for (int i = 0; i < N; i++) {
      z.add(members[i], scores[i]);
    }
    return z.size();
  }
}
