package dev.redstruct.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.DoubleSupplier;

/**
 * Same-JVM A/B by CPU time: runs a variant and its baseline in alternating blocks on the measuring
 * thread and prints the median ratio of their CPU times, for machines too busy for JMH's wall-clock
 * scores (on the shared 2-core machine they move by ±50% between iterations and forks). CPU time
 * leaves out the time the thread waits for a core, and alternating blocks give both sides the same
 * conditions. Printed per operation:
 *
 * <pre>
 * ratio &lt;op&gt; n=&lt;n&gt; &lt;baseline ns&gt; &lt;variant ns&gt; &lt;median&gt; &lt;p25&gt; &lt;p75&gt;
 * </pre>
 *
 * where each ratio is the baseline's CPU time over the variant's in one round (higher is better, as
 * the JMH goal ratios) and the ns columns are medians per call.
 */
public final class CpuRatios {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  private static final long WARM_NANOS = 2_000_000_000L;

  private CpuRatios() {}

  /**
   * Measures one operation and prints its line.
   *
   * @param op the operation's name
   * @param n the size it runs at
   * @param rounds measured rounds (a quarter more, at least 2, warm up first)
   * @param ours the variant: one call
   * @param base the baseline: one call
   * @return a sink of the calls' results
   */
  public static double measure(
      String op, int n, int rounds, DoubleSupplier ours, DoubleSupplier base) {
    double sink = 0;
    // Warm both sides for 2 s before sizing the blocks: sized from a cold first call, the blocks
    // of a short operation held a few dozen calls, and the rounds timed interpreted code.
    long start = System.nanoTime();
    long pairs = 0;
    while (System.nanoTime() - start < WARM_NANOS) {
      sink += ours.getAsDouble() + base.getAsDouble();
      pairs++;
    }
    long pair = Math.max(1, (System.nanoTime() - start) / pairs);
    int reps = (int) Math.max(1, Math.min(1_000_000, 40_000_000L / pair)); // ~20 ms per side
    double[] b = new double[rounds];
    double[] o = new double[rounds];
    double[] ratio = new double[rounds];
    for (int r = -Math.max(2, rounds / 4); r < rounds; r++) { // the first rounds warm up
      boolean swap = (r & 1) != 0;
      long t0 = THREADS.getCurrentThreadCpuTime();
      sink += run(swap ? ours : base, reps);
      long t1 = THREADS.getCurrentThreadCpuTime();
      sink += run(swap ? base : ours, reps);
      long t2 = THREADS.getCurrentThreadCpuTime();
      if (r >= 0) {
        double first = (t1 - t0) / (double) reps;
        double second = (t2 - t1) / (double) reps;
        o[r] = swap ? first : second;
        b[r] = swap ? second : first;
        ratio[r] = b[r] / o[r];
      }
    }
    Arrays.sort(b);
    Arrays.sort(o);
    Arrays.sort(ratio);
    System.out.printf(
        Locale.ROOT,
        "ratio %s n=%d %.0f %.0f %.3f %.3f %.3f%n",
        op,
        n,
        b[rounds / 2],
        o[rounds / 2],
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
