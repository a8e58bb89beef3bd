package dev.redstruct.bench.dict;

import dev.redstruct.bench.Goal;
import dev.redstruct.bench.QuickParams;
import java.util.Map;
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
 * {@code get} of 1024 present String keys (fresh String instances, so equals runs) in a map of
 * {@code size} entries: {@code Dict.create()} (redstruct, hashCode-based), {@code
 * Dict.forStrings()} (sipHash: keyed SipHash-1-2 over the UTF-8 bytes, as Redis) and {@code
 * HashMap}. The dicts are quiescent (rehash finished). Score: lookups per µs.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@QuickParams("size=100000")
@Goal(operation = "get", variant = "redstruct", atLeast = 0.9, params = "size=100000")
public class DictGetBenchmark {
  /** The JDK variant every other variant is compared with. */
  public static final String BASELINE = "hashMap";

  /** Entries in the map. */
  @Param({"1000", "10000", "100000", "1000000", "10000000"})
  public int size;

  private String[] probes;
  private Map<String, Integer> redstruct;
  private Map<String, Integer> sipHash;
  private Map<String, Integer> hashMap;

  /** Builds the three maps from the same keys. */
  @Setup(Level.Trial)
  public void setUp() {
    String[] keys = DictInputs.keys(size, 1);
    probes = DictInputs.sample(keys, 2);
    redstruct = DictInputs.fill(DictInputs.create("redstruct"), keys);
    sipHash = DictInputs.fill(DictInputs.create("sipHash"), keys);
    hashMap = DictInputs.fill(DictInputs.create("hashMap"), keys);
    ((dev.redstruct.dict.Dict<?, ?>) redstruct).rehashSteps(Integer.MAX_VALUE);
    ((dev.redstruct.dict.Dict<?, ?>) sipHash).rehashSteps(Integer.MAX_VALUE);
  }

  private long run(Map<String, Integer> m) {
    long sum = 0;
    for (String k : probes) {
      sum += m.get(k);
    }
    return sum;
  }

  /**
   * redstruct, hashCode-based.
   *
   * @return sum of the values found
   */
  @Benchmark
  @OperationsPerInvocation(DictInputs.OPS)
  public long get_redstruct() {
    return run(redstruct);
  }

  /**
   * redstruct with Redis's keyed SipHash.
   *
   * @return sum of the values found
   */
  @Benchmark
  @OperationsPerInvocation(DictInputs.OPS)
  public long get_sipHash() {
    return run(sipHash);
  }

  /**
   * JDK baseline.
   *
   * @return sum of the values found
   */
  @Benchmark
  @OperationsPerInvocation(DictInputs.OPS)
  public long get_hashMap() {
    return run(hashMap);
  }
}
