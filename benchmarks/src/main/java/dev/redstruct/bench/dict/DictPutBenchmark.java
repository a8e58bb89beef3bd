package dev.redstruct.bench.dict;

import dev.redstruct.bench.Goal;
import dev.redstruct.bench.QuickParams;
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
 * {@code put} of {@code size} distinct String keys into an empty map, resizes included (the dict
 * rehashes progressively as it goes). Score: whole builds per ms; the ratio is the put throughput
 * ratio.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@QuickParams("size=100000")
@Goal(operation = "put", variant = "redstruct", atLeast = 1.0, params = "size=100000")
public class DictPutBenchmark {
  /** The JDK variant every other variant is compared with. */
  public static final String BASELINE = "hashMap";

  /** Keys inserted per build. */
  @Param({"1000", "10000", "100000", "1000000", "10000000"})
  public int size;

  private String[] keys;

  /** Makes the keys. */
  @Setup(Level.Trial)
  public void setUp() {
    keys = DictInputs.keys(size, 3);
  }

  /**
   * redstruct, hashCode-based.
   *
   * @return the final size
   */
  @Benchmark
  public int put_redstruct() {
    return DictInputs.fill(DictInputs.create("redstruct"), keys).size();
  }

  /**
   * redstruct with Redis's keyed SipHash.
   *
   * @return the final size
   */
  @Benchmark
  public int put_sipHash() {
    return DictInputs.fill(DictInputs.create("sipHash"), keys).size();
  }

  /**
   * JDK baseline.
   *
   * @return the final size
   */
  @Benchmark
  public int put_hashMap() {
    return DictInputs.fill(DictInputs.create("hashMap"), keys).size();
  }
}
