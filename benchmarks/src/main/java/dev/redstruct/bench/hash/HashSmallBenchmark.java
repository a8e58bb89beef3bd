package dev.redstruct.bench.hash;

import dev.redstruct.bench.Goal;
import dev.redstruct.hash.RedisHash;
import java.util.HashMap;
import java.util.concurrent.TimeUnit;
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
 * HGET on a small hash of {@code n} fields (a listpack, as Redis keeps it up to 512 fields): the
 * field is found by a walk over the listpack, the price Redis chose for memory. redstruct is {@code
 * RedisHash.get} given UTF-8 bytes; the baseline is {@code HashMap<String, String>.get} given
 * String instances other than the stored ones. Goal (issue 33): at least 0.5x at n = 8; n = 128 is
 * reported. Score: operations per µs.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Goal(operation = "hget", variant = "redstruct", atLeast = 0.5, params = "n=8")
public class HashSmallBenchmark {
  /** The JDK variant every other variant is compared with. */
  public static final String BASELINE = "hashMap";

  /** Fields in the hash. */
  @Param({"8", "128"})
  public int n;

  private byte[][] fieldBytes;
  private String[] fieldStrings;
  private RedisHash redisHash;
  private HashMap<String, String> hashMap;

  /** Builds both hashes from the same pairs. */
  @Setup(Level.Trial)
  public void setUp() {
    String[] fields = HashInputs.fields(n, 0x4A5L);
    redisHash = HashInputs.redisHash(fields);
    hashMap = HashInputs.hashMap(fields);
    int[] picks = HashInputs.picks(n, 0x4A6L);
    fieldBytes = new byte[HashInputs.OPS][];
    fieldStrings = new String[HashInputs.OPS];
    for (int i = 0; i < HashInputs.OPS; i++) {
      fieldBytes[i] = HashInputs.utf8(fields[picks[i]]);
      fieldStrings[i] = new String(fields[picks[i]].toCharArray());
    }
  }

  /**
   * HGET on the listpack hash.
   *
   * @return total length of the values found
   */
  @Benchmark
  @OperationsPerInvocation(HashInputs.OPS)
  public long hget_redstruct() {
    long total = 0;
    for (byte[] f : fieldBytes) {
      total += redisHash.get(f).length;
    }
    return total;
  }

  /**
   * JDK baseline.
   *
   * @return total length of the values found
   */
  @Benchmark
  @OperationsPerInvocation(HashInputs.OPS)
  public long hget_hashMap() {
    long total = 0;
    for (String f : fieldStrings) {
      total += hashMap.get(f).length();
    }
    return total;
  }
}
