package dev.redstruct.bench.geohash;

import dev.redstruct.bench.Goal;
import dev.redstruct.bench.ResultsMayDiffer;
import dev.redstruct.geohash.GeoHash;
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
 * Encoding a point to a 52-bit geohash and decoding a 52-bit hash to the centre of its cell:
 * redstruct's {@link GeoHash} (Redis's interleave, latitudes ±85.05) against geohash-java ({@code
 * ch.hsr:geohash:1.4.0}, {@code withBitPrecision(lat, lon, 52)} and {@code fromLongValue(bits,
 * 52).getBoundingBoxCenter()}, latitudes ±90). Score: operations per microsecond over 1024
 * fixed-seed points. The results differ by design (two latitude ranges).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Goal(operation = "encode", variant = "redstruct", atLeast = 5)
@Goal(operation = "decode", variant = "redstruct", atLeast = 5)
@ResultsMayDiffer("the two libraries map latitudes with different ranges (±85.05 and ±90)")
public class GeoHashCodecBenchmark {
  /** The peer: geohash-java. */
  public static final String BASELINE = "geohashJava";

  private static final int OPS = 1024;

  private final double[] lons = new double[OPS];
  private final double[] lats = new double[OPS];
  private final long[] ours = new long[OPS];
  private final long[] theirs = new long[OPS];

  /** Fixed-seed points and their hashes in both forms. */
  @Setup
  public void setUp() {
    SplittableRandom rnd = new SplittableRandom(52);
    for (int i = 0; i < OPS; i++) {
      lons[i] = -180 + 360 * rnd.nextDouble();
      lats[i] = -85 + 170 * rnd.nextDouble();
      ours[i] = GeoHash.encode(lons[i], lats[i], 26);
      theirs[i] = ch.hsr.geohash.GeoHash.withBitPrecision(lats[i], lons[i], 52).longValue();
    }
  }

  /**
   * redstruct encode.
   *
   * @return the xor of the hashes
   */
  @Benchmark
  @OperationsPerInvocation(OPS)
  public long encode_redstruct() {
    long x = 0;
    for (int i = 0; i < OPS; i++) {
      x ^= GeoHash.encode(lons[i], lats[i], 26);
    }
    return x;
  }

  /**
   * geohash-java encode.
   *
   * @return the xor of the hashes
   */
  @Benchmark
  @OperationsPerInvocation(OPS)
  public long encode_geohashJava() {
    long x = 0;
    for (int i = 0; i < OPS; i++) {
      x ^= ch.hsr.geohash.GeoHash.withBitPrecision(lats[i], lons[i], 52).longValue();
    }
    return x;
  }

  /**
   * redstruct decode to the cell centre (GEOPOS).
   *
   * @return the sum of the coordinates
   */
  @Benchmark
  @OperationsPerInvocation(OPS)
  public double decode_redstruct() {
    double s = 0;
    for (int i = 0; i < OPS; i++) {
      s += GeoHash.decodeLongitude(ours[i]) + GeoHash.decodeLatitude(ours[i]);
    }
    return s;
  }

  /**
   * geohash-java decode to the cell centre.
   *
   * @return the sum of the coordinates
   */
  @Benchmark
  @OperationsPerInvocation(OPS)
  public double decode_geohashJava() {
    double s = 0;
    for (int i = 0; i < OPS; i++) {
      ch.hsr.geohash.WGS84Point c =
          ch.hsr.geohash.GeoHash.fromLongValue(theirs[i], 52).getBoundingBoxCenter();
      s += c.getLongitude() + c.getLatitude();
    }
    return s;
  }
}
