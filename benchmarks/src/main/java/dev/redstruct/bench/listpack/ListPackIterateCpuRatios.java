package dev.redstruct.bench.listpack;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;

/**
 * Measures the walks of {@link ListPackIterateBenchmark} (same class, same {@code setUp}, same
 * inputs) by the measuring thread's CPU time, the {@code ArrayList<String>} baseline and the
 * listpack in alternating blocks, and prints per size and walk:
 *
 * <pre>
 * ratio &lt;walk&gt; n=&lt;n&gt; &lt;arrayList ns&gt; &lt;redstruct ns&gt; &lt;median&gt; &lt;p25&gt; &lt;p75&gt;
 * </pre>
 *
 * where each ratio is the baseline's CPU time over the listpack's in one round (higher is better,
 * as the JMH goal ratios) and the ns columns are medians per walk.
 *
 * <p>Why: on the shared 2-core machine JMH's wall-clock scores move by ±50% between iterations; CPU
 * time leaves out the time the thread waits for a core, and alternating blocks give both sides the
 * same conditions. Arguments: rounds (e.g. 40) and the sizes (e.g. {@code 8,128,129,512}).
 */
public final class ListPackIterateCpuRatios {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  private static final String[] WALKS = {"iterate", "iterateCursor", "iterateBackward"};

  private ListPackIterateCpuRatios() {}

  /**
   * Measures and prints the ratios.
   *
   * @param args rounds, then comma-separated sizes
   */
  public static void main(String[] args) {
    int rounds = Integer.parseInt(args[0]);
    long sink = 0;
    for (String size : args[1].split(",")) {
      ListPackIterateBenchmark bench = new ListPackIterateBenchmark();
      bench.n = Integer.parseInt(size);
      bench.setUp();
      int reps = Math.max(1, 200_000 / bench.n);
      for (int w = 0; w < WALKS.length; w++) {
        double[] base = new double[rounds];
        double[] ours = new double[rounds];
        double[] ratio = new double[rounds];
        for (int r = -rounds / 4; r < rounds; r++) { // the first quarter warms up
          boolean swap = (r & 1) != 0;
          long t0 = THREADS.getCurrentThreadCpuTime();
          sink += swap ? run(bench, w, true, reps) : run(bench, w, false, reps);
          long t1 = THREADS.getCurrentThreadCpuTime();
          sink += swap ? run(bench, w, false, reps) : run(bench, w, true, reps);
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
            WALKS[w],
            bench.n,
            base[rounds / 2],
            ours[rounds / 2],
            ratio[rounds / 2],
            ratio[rounds / 4],
            ratio[3 * rounds / 4]);
      }
    }
    System.out.println("sink " + (sink & 1));
  }

  private static long run(ListPackIterateBenchmark b, int walk, boolean listPack, int reps) {
    long acc = 0;
    for (int i = 0; i < reps; i++) {
      if (walk == 0) {
        acc += listPack ? b.iterate_redstruct() : b.iterate_arrayList();
      } else if (walk == 1) {
        acc += listPack ? b.iterate_redstructCursor() : b.iterate_arrayList();
      } else {
        acc += listPack ? b.iterateBackward_redstruct() : b.iterateBackward_arrayList();
      }
    }
    return acc;
  }
}
