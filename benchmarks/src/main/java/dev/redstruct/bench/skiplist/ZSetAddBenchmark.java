package dev.redstruct.bench.skiplist;

import dev.redstruct.bench.Goal;
import dev.redstruct.skiplist.ZSet;
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
 * Adding {@code size} new members to an empty sorted set (ZADD of fresh members): redstruct's
 * {@code ZSet} (compact up to 128 members, then dict + skiplist) against the TreeSet + HashMap
 * composite and the ConcurrentSkipListMap + ConcurrentHashMap peer. Score: whole builds per second;
 * divide by size for adds. Other sizes: {@code --param size=1000000} (about 80 s per variant in
 * quick mode).
 *
 * <p>Trial setup runs every variant's build {@code WARM_ADDS / size} times (at least three), the
 * same number for each: one build at size=100000 outlasts the quick report's single 200 ms warmup
 * iteration, which then ended with the interpreter or C1 code still running and scored all three
 * variants by their compile times (quick ratios 0.25x against 0.34x in {@code --full} at 1000, the
 * composite's error bar as large as its score).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Goal(operation = "add", variant = "redstruct", atLeast = 1.0)
public class ZSetAddBenchmark {
  /** The composite a Java user would build instead. */
  public static final String BASELINE = "treeSetHashMap";

  /** Members added per build. */
  @Param({"1000", "100000"})
  public int size;

  /** Adds each variant makes in trial setup before measurement, whatever the size. */
  private static final int WARM_ADDS = 300_000;

  private ZSetInputs in;

  /** Keeps the setup builds' results alive. */
  long warmed;

  /** Generates the fixed-seed members, then warms every variant with the same builds. */
  @Setup(Level.Trial)
  public void setUp() {
    in = new ZSetInputs(size, 0x2A5E7L);
    long sink = 0;
    for (int b = Math.max(3, WARM_ADDS / size); b > 0; b--) {
      sink += add_redstruct() + add_treeSetHashMap() + add_concurrentSkipListMap();
    }
    warmed = sink;
  }

  /**
   * redstruct ZSet.
   *
   * @return the final cardinality
   */
  @Benchmark
  public int add_redstruct() {
    ZSet z = ZSet.create();
    for (int i = 0; i < size; i++) {
      z.add(in.scores[i], in.bytes[i]);
    }
    return z.size();
  }

  /**
   * TreeSet + HashMap composite.
   *
   * @return the final cardinality
   */
  @Benchmark
  public int add_treeSetHashMap() {
    ZSetInputs.Composite c = new ZSetInputs.Composite();
    for (int i = 0; i < size; i++) {
      c.add(in.names[i], in.scores[i]);
    }
    return c.map.size();
  }

  /**
   * ConcurrentSkipListMap + ConcurrentHashMap.
   *
   * @return the final cardinality
   */
  @Benchmark
  public int add_concurrentSkipListMap() {
    ZSetInputs.Concurrent c = new ZSetInputs.Concurrent();
    for (int i = 0; i < size; i++) {
      c.add(in.names[i], in.scores[i]);
    }
    return c.map.size();
  }
}
