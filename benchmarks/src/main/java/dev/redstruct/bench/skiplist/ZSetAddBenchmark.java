package dev.redstruct.bench.skiplist;

import dev.redstruct.bench.Goal;
import dev.redstruct.bench.QuickParams;
import dev.redstruct.skiplist.ZSet;
import dev.redstruct.skiplist.internal.ZSetWalks;
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
 * {@code ZSet} (compact up to 128 members, then member table + B+ tree; {@code _zskiplist}: the
 * zskiplist as the order) against the TreeSet + HashMap composite and the ConcurrentSkipListMap +
 * ConcurrentHashMap peer. Score: whole builds per second; divide by size for adds. Quick mode runs
 * 10^3 and 10^5; {@code --full} adds 10^4 and 10^6.
 *
 * <p>Trial setup runs every variant's build {@code WARM_ADDS / size} times (at least three), the
 * same number for each: one build at size=100000 outlasts the quick report's single 200 ms warmup
 * iteration, which then ended with the interpreter or C1 code still running and scored all three
 * variants by their compile times (quick ratios 0.25x against 0.34x in {@code --full} at 1000, the
 * composite's error bar as large as its score).
 *
 * <p>Each build takes the next of several fixed-seed input sets, in rotation, so that one round
 * adds at least {@value #ROTATION} members. Building the same {@code size} members in the same
 * order over and over lets the CPU's branch predictor learn the outcome of every comparison, which
 * no real ZADD stream repeats (Daniel Lemire's blog, "How many branches can your CPU predict?").
 * Measured here with JMH (one fork of 3 + 4 one-second iterations, then two forks of 3 + 5): at
 * size=1000 the composite made 14,332 builds/s with one input set and 6,453 with 66 in rotation,
 * redstruct 5,509 and 4,605 (ratio 0.38x before, 0.71x after); at 10^4 (7 sets) 442 and 424 against
 * 389 and 366. A build of 10^5 members is past what a predictor holds, and gets one set.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@QuickParams({"size=1000,100000"})
@Goal(operation = "add", variant = "redstruct", atLeast = 1.0, params = "size=1000")
@Goal(operation = "add", variant = "redstruct", atLeast = 1.0, params = "size=10000")
@Goal(operation = "add", variant = "redstruct", atLeast = 1.0, params = "size=100000")
@Goal(operation = "add", variant = "redstruct", atLeast = 1.0, params = "size=1000000")
public class ZSetAddBenchmark {
  /** The composite a Java user would build instead. */
  public static final String BASELINE = "treeSetHashMap";

  /** Members added per build. */
  @Param({"1000", "10000", "100000", "1000000"})
  public int size;

  /** Adds each variant makes in trial setup before measurement, whatever the size. */
  private static final int WARM_ADDS = 300_000;

  /** Fewest members over one rotation of the input sets. */
  static final int ROTATION = 65_536;

  /**
   * The input sets, one after another: set k is members {@code k * size} to {@code k * size + size
   * - 1}.
   */
  private ZSetInputs in;

  /** How many input sets rotate. */
  private int sets;

  /** The set the next build adds. */
  private int nextSet;

  /** Keeps the setup builds' results alive. */
  long warmed;

  /** Generates the fixed-seed members, then warms every variant with the same builds. */
  @Setup(Level.Trial)
  public void setUp() {
    sets = Math.max(1, (ROTATION + size - 1) / size);
    in = new ZSetInputs(size * sets, 0x2A5E7L);
    long sink = 0;
    for (int b = Math.max(3, WARM_ADDS / size); b > 0; b--) {
      sink +=
          add_redstruct() + add_zskiplist() + add_treeSetHashMap() + add_concurrentSkipListMap();
    }
    warmed = sink;
  }

  /** Index of the first member of the next input set; every variant sees the same sequence. */
  private int nextBase() {
    int base = nextSet * size;
    nextSet = nextSet + 1 == sets ? 0 : nextSet + 1;
    return base;
  }

  /**
   * redstruct ZSet.
   *
   * @return the final cardinality
   */
  @Benchmark
  public int add_redstruct() {
    ZSet z = ZSet.create();
    for (int i = nextBase(), end = i + size; i < end; i++) {
      z.add(in.bytes[i], in.scores[i]);
    }
    return z.size();
  }

  /**
   * redstruct ZSet whose skiplist form orders by Redis's zskiplist instead of the default B+ tree
   * (issue 29).
   *
   * @return the final cardinality
   */
  @Benchmark
  public int add_zskiplist() {
    ZSet z =
        ZSetWalks.create(ZSet.DEFAULT_MAX_COMPACT_ENTRIES, ZSet.DEFAULT_MAX_COMPACT_VALUE, false);
    for (int i = nextBase(), end = i + size; i < end; i++) {
      z.add(in.bytes[i], in.scores[i]);
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
    for (int i = nextBase(), end = i + size; i < end; i++) {
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
    for (int i = nextBase(), end = i + size; i < end; i++) {
      c.add(in.names[i], in.scores[i]);
    }
    return c.map.size();
  }
}
