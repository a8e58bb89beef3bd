package dev.redstruct.bench.dict;

import dev.redstruct.dict.Dict;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;

/**
 * Child-JVM main of {@link DictLatencySection}: inserts N distinct keys {@code "user:<16 hex
 * digits>"} (fixed-seed random, as the throughput benchmarks use) into an empty map, timing every
 * {@code put} with {@code System.nanoTime} into an HdrHistogram, and prints
 *
 * <pre>
 * pct &lt;p50&gt; &lt;p99&gt; &lt;p99.9&gt; &lt;p99.99&gt; &lt;max&gt;      (microseconds)
 * series &lt;max of chunk 0&gt;,&lt;max of chunk 1&gt;,...   (microseconds, 400 chunks of N/400 puts)
 * worst &lt;index&gt; &lt;chunk&gt; &lt;off-CPU of that chunk&gt; &lt;median off-CPU of a chunk&gt;   (microseconds)
 * slow &lt;puts over 10 µs&gt; &lt;seconds spent in puts&gt;
 * </pre>
 *
 * <p>Off-CPU time of a chunk is its wall time minus the thread's CPU time over it: time the
 * measuring thread was not running (descheduled by the OS, or stopped in a safepoint). A worst put
 * whose chunk lost about as much off-CPU time more than the median chunk was waiting, not working.
 *
 * <p>Arguments: {@code dict|hashMap N}. A warm-up build of 300,000 keys into a throwaway map of the
 * same kind runs first so that JIT compilation does not land in the measurement.
 */
public final class DictPutLatency {
  private static final int CHUNKS = 400;
  private static final Integer VALUE = 1;

  private DictPutLatency() {}

  /**
   * Runs one profile.
   *
   * @param args {@code dict|hashMap} and the number of keys
   */
  public static void main(String[] args) {
    Supplier<Map<String, Integer>> maker =
        switch (args[0]) {
          case "dict" -> Dict::create;
          case "hashMap" -> HashMap::new;
          default -> throw new IllegalArgumentException(args[0]);
        };
    int n = Integer.parseInt(args[1]);
    for (int w = 0; w < 3; w++) {
      Map<String, Integer> warm = maker.get();
      for (int i = 0; i < 300_000; i++) {
        warm.put("warm:" + i, VALUE);
      }
    }
    System.gc();
    Histogram h = new Histogram(3_600_000_000_000L, 3);
    double[] chunkMax = new double[CHUNKS];
    double[] offCpu = new double[CHUNKS];
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long chunkWall = System.nanoTime();
    long chunkCpu = threads.getCurrentThreadCpuTime();
    long worstIndex = -1;
    long worst = -1;
    int perChunk = Math.max(1, n / CHUNKS);
    Map<String, Integer> m = maker.get();
    java.util.SplittableRandom keys = new java.util.SplittableRandom(6);
    for (int i = 0; i < n; i++) {
      String k = "user:" + Long.toHexString(keys.nextLong() | Long.MIN_VALUE);
      long t0 = System.nanoTime();
      m.put(k, VALUE);
      long t = System.nanoTime() - t0;
      h.recordValue(t);
      int c = Math.min(CHUNKS - 1, i / perChunk);
      chunkMax[c] = Math.max(chunkMax[c], t / 1000.0);
      if (t > worst) {
        worst = t;
        worstIndex = i;
      }
      if (i == n - 1 || (i + 1) % perChunk == 0 && c < CHUNKS - 1) { // the chunk ends here
        long wall = System.nanoTime();
        long cpu = threads.getCurrentThreadCpuTime();
        offCpu[c] = Math.max(0, (wall - chunkWall) - (cpu - chunkCpu)) / 1000.0;
        chunkWall = wall;
        chunkCpu = cpu;
      }
    }
    if (m.size() < n - 10) { // 64-bit random suffixes: duplicates are practically impossible
      throw new AssertionError("size " + m.size());
    }
    System.out.printf(
        Locale.ROOT,
        "pct %.3f %.3f %.3f %.3f %.3f%n",
        h.getValueAtPercentile(50) / 1000.0,
        h.getValueAtPercentile(99) / 1000.0,
        h.getValueAtPercentile(99.9) / 1000.0,
        h.getValueAtPercentile(99.99) / 1000.0,
        h.getMaxValue() / 1000.0);
    StringBuilder sb = new StringBuilder("series ");
    for (int c = 0; c < CHUNKS; c++) {
      sb.append(c == 0 ? "" : ",").append(String.format(Locale.ROOT, "%.3f", chunkMax[c]));
    }
    System.out.println(sb);
    int wc = (int) Math.min(CHUNKS - 1, worstIndex / perChunk);
    double[] sorted = offCpu.clone();
    java.util.Arrays.sort(sorted);
    System.out.printf(
        Locale.ROOT, "worst %d %d %.1f %.1f%n", worstIndex, wc, offCpu[wc], sorted[CHUNKS / 2]);
    System.out.printf(
        Locale.ROOT,
        "slow %d %.3f%n",
        h.getCountBetweenValues(10_000, h.getMaxValue()),
        h.getMean() * h.getTotalCount() / 1e9);
  }
}
