package dev.redstruct.bench.skiplist;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleSupplier;

/**
 * Measures the goal operations of {@link ZSetQueryBenchmark}, {@link ZSetRankBenchmark} and {@link
 * ZSetAddBenchmark} (same classes, same setups and inputs) by the measuring thread's CPU time, the
 * composite and redstruct in alternating blocks, and prints per operation and size:
 *
 * <pre>
 * ratio &lt;op&gt; n=&lt;n&gt; &lt;baseline ns&gt; &lt;redstruct ns&gt; &lt;median&gt; &lt;p25&gt; &lt;p75&gt;
 * </pre>
 *
 * where each ratio is the baseline's CPU time over redstruct's in one round (higher is better, as
 * the JMH goal ratios) and the ns columns are medians per call of the benchmark method (256 or 1024
 * operations for queries and ranks, one build for add).
 *
 * <p>Why: on the shared 2-core machine JMH's wall-clock scores move by ±50% between iterations and
 * forks; CPU time leaves out the time the thread waits for a core, and alternating blocks give both
 * sides the same conditions. Arguments: rounds (e.g. 30), comma-separated sizes, and optionally a
 * comma-separated list of operations (default: all). Run with {@code -Xmx4g} for 10^6.
 */
public final class ZSetCpuRatios {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  /** One operation: redstruct's call and the baseline's. */
  private record Op(String name, DoubleSupplier ours, DoubleSupplier base) {}

  private ZSetCpuRatios() {}

  /**
   * Measures and prints the ratios.
   *
   * @param args rounds, sizes, and optionally the operations
   */
  public static void main(String[] args) {
    int rounds = Integer.parseInt(args[0]);
    List<String> only = args.length > 2 ? Arrays.asList(args[2].split(",")) : null;
    double sink = 0;
    for (String size : args[1].split(",")) {
      int n = Integer.parseInt(size);
      for (Op op : ops(n, only)) {
        sink += measure(op, n, rounds);
      }
    }
    System.out.println("sink " + (sink == 42 ? 1 : 0));
  }

  private static List<Op> ops(int n, List<String> only) {
    List<Op> ops = new ArrayList<>();
    if (only == null || only.stream().anyMatch(o -> !o.startsWith("rank") && !o.equals("add"))) {
      ZSetQueryBenchmark q = new ZSetQueryBenchmark();
      q.size = n;
      q.setUp();
      ops.add(new Op("score", q::score_redstruct, q::score_treeSetHashMap));
      ops.add(new Op("scoreRotating", q::scoreRotating_redstruct, q::scoreRotating_treeSetHashMap));
      ops.add(new Op("remove", q::remove_redstruct, q::remove_treeSetHashMap));
      ops.add(
          new Op("removeRotating", q::removeRotating_redstruct, q::removeRotating_treeSetHashMap));
      ops.add(new Op("rangeByScore", q::rangeByScore_redstruct, q::rangeByScore_treeSetHashMap));
      ops.add(
          new Op(
              "rangeByScoreRotating",
              q::rangeByScoreRotating_redstruct,
              q::rangeByScoreRotating_treeSetHashMap));
    }
    if (only == null || only.stream().anyMatch(o -> o.startsWith("rank"))) {
      ZSetRankBenchmark r = new ZSetRankBenchmark();
      ZSetRankBenchmark.Inputs in = new ZSetRankBenchmark.Inputs();
      in.size = n;
      in.setUp();
      ZSetRankBenchmark.SetState s = new ZSetRankBenchmark.SetState();
      s.build(in);
      ZSetRankBenchmark.CompositeState c = new ZSetRankBenchmark.CompositeState();
      c.build(in);
      ops.add(new Op("rank", () -> r.rank_redstruct(s), () -> r.rank_treeSetLookup(c)));
      ops.add(
          new Op(
              "rankRotating",
              () -> r.rankRotating_redstruct(s),
              () -> r.rankRotating_treeSetLookup(c)));
    }
    if (only == null || only.contains("add")) {
      ZSetAddBenchmark a = new ZSetAddBenchmark();
      a.size = n;
      a.setUp();
      ops.add(new Op("add", a::add_redstruct, a::add_treeSetHashMap));
    }
    ops.removeIf(o -> only != null && !only.contains(o.name()));
    return ops;
  }

  private static double measure(Op op, int n, int rounds) {
    double sink = 0;
    long t = System.nanoTime();
    sink += op.ours().getAsDouble() + op.base().getAsDouble();
    long once = Math.max(1, System.nanoTime() - t);
    int reps = (int) Math.max(1, Math.min(100_000, 40_000_000L / once)); // ~20 ms per side
    double[] base = new double[rounds];
    double[] ours = new double[rounds];
    double[] ratio = new double[rounds];
    for (int r = -Math.max(2, rounds / 4); r < rounds; r++) { // the first rounds warm up
      boolean swap = (r & 1) != 0;
      long t0 = THREADS.getCurrentThreadCpuTime();
      sink += run(swap ? op.ours() : op.base(), reps);
      long t1 = THREADS.getCurrentThreadCpuTime();
      sink += run(swap ? op.base() : op.ours(), reps);
      long t2 = THREADS.getCurrentThreadCpuTime();
      if (r >= 0) {
        double first = (t1 - t0) / (double) reps;
        double second = (t2 - t1) / (double) reps;
        ours[r] = swap ? first : second;
        base[r] = swap ? second : first;
        ratio[r] = base[r] / ours[r];
      }
    }
    Arrays.sort(base);
    Arrays.sort(ours);
    Arrays.sort(ratio);
    System.out.printf(
        Locale.ROOT,
        "ratio %s n=%d %.0f %.0f %.3f %.3f %.3f%n",
        op.name(),
        n,
        base[rounds / 2],
        ours[rounds / 2],
        ratio[rounds / 2],
        ratio[rounds / 4],
        ratio[3 * rounds / 4]);
    return sink;
  }

  private static double run(DoubleSupplier s, int reps) {
    double acc = 0;
    for (int i = 0; i < reps; i++) {
      acc += s.getAsDouble();
    }
    return acc;
  }
}
