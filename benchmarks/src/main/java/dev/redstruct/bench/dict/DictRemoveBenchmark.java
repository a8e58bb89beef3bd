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
 * {@code remove} of 1024 present keys from a map of {@code size} entries, each put back right after
 * so the map stays the same size (one remove + one put per operation; 1024 keys are too few to
 * trigger a shrink). Score: remove+put pairs per µs.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@QuickParams("size=100000")
@Goal(operation = "remove", variant = "redstruct", atLeast = 0.9, params = "size=100000")
public class DictRemoveBenchmark {
  /** The JDK variant every other variant is compared with. */
  public static final String BASELINE = "hashMap";

  /** Entries in the map. */
  @Param({"1000", "10000", "100000", "1000000", "10000000"})
  public int size;

  private String[] victims;
  private Map<String, Integer> redstruct;
  private Map<String, Integer> sipHash;
  private Map<String, Integer> hashMap;

  /** Builds the maps; the victims are distinct keys. */
  @Setup(Level.Trial)
  public void setUp() {
    String[] keys = DictInputs.keys(size, 4);
    victims = new String[Math.min(DictInputs.OPS, size)];
    System.arraycopy(keys, 0, victims, 0, victims.length);
    redstruct = DictInputs.fill(DictInputs.create("redstruct"), keys);
    sipHash = DictInputs.fill(DictInputs.create("sipHash"), keys);
    hashMap = DictInputs.fill(DictInputs.create("hashMap"), keys);
  }

  private long run(Map<String, Integer> m) {
    long sum = 0;
    for (String k : victims) {
      Integer v = m.remove(k);
      sum += v;
      m.put(k, v);
    }
    return sum;
  }

  /**
   * redstruct, hashCode-based.
   *
   * @return sum of the removed values
   */
  @Benchmark
  @OperationsPerInvocation(DictInputs.OPS)
  public long remove_redstruct() {
    return run(redstruct);
  }

  /**
   * redstruct with Redis's keyed SipHash.
   *
   * @return sum of the removed values
   */
  @Benchmark
  @OperationsPerInvocation(DictInputs.OPS)
  public long remove_sipHash() {
    return run(sipHash);
  }

  /**
   * JDK baseline.
   *
   * @return sum of the removed values
   */
  @Benchmark
  @OperationsPerInvocation(DictInputs.OPS)
  public long remove_hashMap() {
    return run(hashMap);
  }
}
