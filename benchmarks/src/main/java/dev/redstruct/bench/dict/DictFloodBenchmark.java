package dev.redstruct.bench.dict;

import dev.redstruct.bench.QuickParams;
import dev.redstruct.dict.Dict;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Hash flooding: {@code size} distinct Strings made of "Aa"/"BB" blocks, all with the same {@code
 * String.hashCode()}, put into an empty {@code Dict.forStrings()} (keyed SipHash spreads them), an
 * empty {@code Dict.create()} (one bucket, which it keeps sorted and indexed since the keys are
 * Comparable) and an empty {@code HashMap} (one bucket, which it turns into a red-black tree).
 * Reported, no target. Score: whole builds per second.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@QuickParams("size=10000")
public class DictFloodBenchmark {
  /** The JDK variant every other variant is compared with. */
  public static final String BASELINE = "hashMap";

  /** Colliding keys inserted per build. */
  @Param({"10000", "50000"})
  public int size;

  private String[] keys;

  /** Makes the colliding keys. */
  @Setup(Level.Trial)
  public void setUp() {
    keys = new String[size];
    for (int i = 0; i < size; i++) {
      StringBuilder sb = new StringBuilder(32);
      for (int bit = 15; bit >= 0; bit--) {
        sb.append(((i >>> bit) & 1) == 0 ? "Aa" : "BB");
      }
      keys[i] = sb.toString();
    }
  }

  /**
   * redstruct with keyed SipHash.
   *
   * @return the final size
   */
  @Benchmark
  public int put_redstruct() {
    Map<String, Integer> m = Dict.forStrings();
    return DictInputs.fill(m, keys).size();
  }

  /**
   * redstruct's default factory, hashCode-based: one indexed chain.
   *
   * @return the final size
   */
  @Benchmark
  public int put_create() {
    Map<String, Integer> m = Dict.create();
    return DictInputs.fill(m, keys).size();
  }

  /**
   * JDK baseline.
   *
   * @return the final size
   */
  @Benchmark
  public int put_hashMap() {
    return DictInputs.fill(new HashMap<>(), keys).size();
  }
}
