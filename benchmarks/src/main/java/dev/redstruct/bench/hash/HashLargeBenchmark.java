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
 * A hashtable hash of {@code n} fields: HGET of present fields ({@code hget}) and HSET of OPS new
 * fields, then HDEL of them so that the size stays n ({@code hset}). redstruct is {@code RedisHash}
 * given UTF-8 bytes (keyed SipHash, as Redis); the baseline is {@code HashMap<String, String>}
 * given String instances other than the stored ones. Goals (issue 33): HGET at least 0.9x, HSET at
 * least 1.0x. Score: operations per µs.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Goal(operation = "hget", variant = "redstruct", atLeast = 0.9)
@Goal(operation = "hset", variant = "redstruct", atLeast = 1.0)
public class HashLargeBenchmark {
  /** The JDK variant every other variant is compared with. */
  public static final String BASELINE = "hashMap";

  /** Fields in the hash. */
  @Param({"100000"})
  public int n;

  private byte[][] presentBytes;
  private String[] presentStrings;
  private byte[][] newBytes;
  private String[] newStrings;
  private byte[] value;
  private String valueString;
  private RedisHash redisHash;
  private HashMap<String, String> hashMap;

  /** Builds both hashes from the same pairs. */
  @Setup(Level.Trial)
  public void setUp() {
    String[] fields = HashInputs.fields(n + HashInputs.OPS, 0x4A7L);
    String[] base = java.util.Arrays.copyOf(fields, n);
    redisHash = HashInputs.redisHash(base);
    hashMap = HashInputs.hashMap(base);
    int[] picks = HashInputs.picks(n, 0x4A8L);
    presentBytes = new byte[HashInputs.OPS][];
    presentStrings = new String[HashInputs.OPS];
    newBytes = new byte[HashInputs.OPS][];
    newStrings = new String[HashInputs.OPS];
    for (int i = 0; i < HashInputs.OPS; i++) {
      presentBytes[i] = HashInputs.utf8(fields[picks[i]]);
      presentStrings[i] = new String(fields[picks[i]].toCharArray());
      newBytes[i] = HashInputs.utf8(fields[n + i]);
      newStrings[i] = new String(fields[n + i].toCharArray());
    }
    valueString = HashInputs.value(7);
    value = HashInputs.utf8(valueString);
  }

  /**
   * HGET on the hashtable hash.
   *
   * @return total length of the values found
   */
  @Benchmark
  @OperationsPerInvocation(HashInputs.OPS)
  public long hget_redstruct() {
    long total = 0;
    for (byte[] f : presentBytes) {
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
    for (String f : presentStrings) {
      total += hashMap.get(f).length();
    }
    return total;
  }

  /**
   * HSET of OPS new fields, then HDEL of them (half the work is removal on both sides).
   *
   * @return fields that were new
   */
  @Benchmark
  @OperationsPerInvocation(HashInputs.OPS)
  public int hset_redstruct() {
    int added = 0;
    for (byte[] f : newBytes) {
      added += redisHash.put(f, value) == null ? 1 : 0;
    }
    for (byte[] f : newBytes) {
      redisHash.remove(f);
    }
    return added;
  }

  /**
   * JDK baseline.
   *
   * @return fields that were new
   */
  @Benchmark
  @OperationsPerInvocation(HashInputs.OPS)
  public int hset_hashMap() {
    int added = 0;
    for (String f : newStrings) {
      added += hashMap.put(f, valueString) == null ? 1 : 0;
    }
    for (String f : newStrings) {
      hashMap.remove(f);
    }
    return added;
  }
}
