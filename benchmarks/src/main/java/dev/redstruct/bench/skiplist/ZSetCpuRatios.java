package dev.redstruct.bench.skiplist;

import dev.redstruct.bench.CpuRatios;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.DoubleSupplier;

/**
 * Measures the goal operations ({@code <op>}: the default order, the B+ tree; {@code
 * <op>/zskiplist}: the same set ordered by the zskiplist, issue 29) of {@link ZSetQueryBenchmark},
 * {@link ZSetRankBenchmark} and {@link ZSetAddBenchmark} (same classes, same setups and inputs)
 * with {@link CpuRatios}: the measuring thread's CPU time, the composite and redstruct in
 * alternating blocks. Prints per operation and size:
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
      ops.add(new Op("score/zskiplist", q::score_zskiplist, q::score_treeSetHashMap));
      ops.add(new Op("scoreRotating", q::scoreRotating_redstruct, q::scoreRotating_treeSetHashMap));
      ops.add(new Op("remove", q::remove_redstruct, q::remove_treeSetHashMap));
      ops.add(new Op("remove/zskiplist", q::remove_zskiplist, q::remove_treeSetHashMap));
      ops.add(
          new Op("removeRotating", q::removeRotating_redstruct, q::removeRotating_treeSetHashMap));
      ops.add(
          new Op(
              "removeRotating/zskiplist",
              q::removeRotating_zskiplist,
              q::removeRotating_treeSetHashMap));
      ops.add(new Op("rangeByScore", q::rangeByScore_redstruct, q::rangeByScore_treeSetHashMap));
      ops.add(
          new Op(
              "rangeByScore/zskiplist", q::rangeByScore_zskiplist, q::rangeByScore_treeSetHashMap));
      ops.add(
          new Op(
              "rangeByScoreRotating",
              q::rangeByScoreRotating_redstruct,
              q::rangeByScoreRotating_treeSetHashMap));
      ops.add(
          new Op(
              "rangeByScoreRotating/zskiplist",
              q::rangeByScoreRotating_zskiplist,
              q::rangeByScoreRotating_treeSetHashMap));
      ops.add(new Op("iterate", q::iterate_redstruct, q::iterate_treeSetHashMap));
      ops.add(new Op("iterate/zskiplist", q::iterate_zskiplist, q::iterate_treeSetHashMap));
      ops.add(new Op("iterateOwned", q::iterateOwned_redstruct, q::iterate_treeSetHashMap));
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
      ZSetRankBenchmark.ZSkipListState z = new ZSetRankBenchmark.ZSkipListState();
      z.build(in);
      ops.add(new Op("rank/zskiplist", () -> r.rank_zskiplist(z), () -> r.rank_treeSetLookup(c)));
      ops.add(
          new Op(
              "rankRotating/zskiplist",
              () -> r.rankRotating_zskiplist(z),
              () -> r.rankRotating_treeSetLookup(c)));
    }
    if (only == null || only.contains("add")) {
      ZSetAddBenchmark a = new ZSetAddBenchmark();
      a.size = n;
      a.setUp();
      ops.add(new Op("add", a::add_redstruct, a::add_treeSetHashMap));
      ops.add(new Op("add/zskiplist", a::add_zskiplist, a::add_treeSetHashMap));
    }
    ops.removeIf(o -> only != null && !only.contains(o.name().replace("/zskiplist", "")));
    return ops;
  }

  private static double measure(Op op, int n, int rounds) {
    return CpuRatios.measure(op.name(), n, rounds, op.ours(), op.base());
  }
}
