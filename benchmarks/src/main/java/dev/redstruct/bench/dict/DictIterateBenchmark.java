package dev.redstruct.bench.dict;

import dev.redstruct.bench.QuickParams;
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
 * A full {@code entrySet()} iteration summing the values, and, for redstruct, a full SCAN (cursor 0
 * back to 0). Score: full passes per second.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@QuickParams("size=100000")
public class DictIterateBenchmark {
  /** The JDK variant every other variant is compared with. */
  public static final String BASELINE = "hashMap";

  /** Entries in the map. */
  @Param({"1000", "10000", "100000", "1000000", "10000000"})
  public int size;

  private dev.redstruct.dict.Dict<String, Integer> redstruct;
  private Map<String, Integer> hashMap;
  private Map<String, Integer> linkedHashMap;

  /** Builds the maps from the same keys. */
  @Setup(Level.Trial)
  public void setUp() {
    String[] keys = DictInputs.keys(size, 5);
    redstruct = DictInputs.fill(dev.redstruct.dict.Dict.create(), keys);
    redstruct.rehashSteps(Integer.MAX_VALUE);
    hashMap = DictInputs.fill(DictInputs.create("hashMap"), keys);
    linkedHashMap = DictInputs.fill(DictInputs.create("linkedHashMap"), keys);
  }

  private static long run(Map<String, Integer> m) {
    long sum = 0;
    for (Map.Entry<String, Integer> e : m.entrySet()) {
      sum += e.getValue();
    }
    return sum;
  }

  /**
   * redstruct.
   *
   * @return sum of the values
   */
  @Benchmark
  public long iterate_redstruct() {
    return run(redstruct);
  }

  /**
   * redstruct's SCAN with COUNT 10, cursor 0 back to 0 (no rehash in progress: each entry once).
   *
   * @return sum of the values
   */
  @Benchmark
  public long iterate_scan() {
    long[] sum = new long[1];
    long c = 0;
    do {
      c = redstruct.scan(c, 10, e -> sum[0] += e.getValue());
    } while (c != 0);
    return sum[0];
  }

  /**
   * JDK baseline.
   *
   * @return sum of the values
   */
  @Benchmark
  public long iterate_hashMap() {
    return run(hashMap);
  }

  /**
   * JDK insertion-ordered peer.
   *
   * @return sum of the values
   */
  @Benchmark
  public long iterate_linkedHashMap() {
    return run(linkedHashMap);
  }
}
