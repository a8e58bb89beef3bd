package dev.redstruct.bench.bitfield;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.channels.FileLock;
import java.util.Arrays;
import java.util.Locale;

/**
 * Child-JVM main of {@link BitmapCpuRatioSection}: calls the goal methods of the bitfield JMH
 * benchmarks (same classes, same {@code setUp}, same inputs), Bitmap and BitSet in alternation,
 * timed by the measuring thread's CPU time, and prints one line per operation:
 *
 * <pre>
 * ratio &lt;operation&gt; &lt;bitSet ns/op&gt; &lt;redstruct ns/op&gt; &lt;median&gt; &lt;p25&gt; &lt;p75&gt;
 * </pre>
 *
 * where the ratios are BitSet's CPU time over Bitmap's (higher is better for Bitmap) of one round,
 * a block of calls of each variant, the order swapped every round.
 *
 * <p>Why: on a shared machine JMH's wall-clock scores of two variants, measured a second apart,
 * differ by 2-4x with the other processes' load. CPU time leaves out the time the thread waits for
 * a core, and alternating short blocks gives both variants the same cache and memory conditions, so
 * the ratio is steady where the wall-clock one is not. It still counts everything the thread does,
 * cache misses included. The run holds JMH's lock ({@code /tmp/jmh.lock}) like a JMH run does,
 * unless {@code -Djmh.ignoreLock=true}.
 *
 * <p>Arguments: the number of measured rounds per operation.
 */
public final class BitmapCpuRatios {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  private static final int WARMUP_ROUNDS = 15;
  private static final long LOCK_WAIT_MS = 10 * 60 * 1000;

  private final int rounds;
  private long sink;

  private final BitmapBitCountBenchmark count = new BitmapBitCountBenchmark();
  private final BitmapBitOpBenchmark op = new BitmapBitOpBenchmark();
  private final BitmapSetGetBenchmark probe = new BitmapSetGetBenchmark();

  private BitmapCpuRatios(int rounds) {
    this.rounds = rounds;
    count.setUp();
    op.setUp();
    probe.setUp();
  }

  /**
   * Measures and prints the ratios.
   *
   * @param args the number of measured rounds per operation
   * @throws Exception if JMH's lock cannot be taken
   */
  public static void main(String[] args) throws Exception {
    BitmapCpuRatios r = new BitmapCpuRatios(Integer.parseInt(args[0]));
    if (Boolean.getBoolean("jmh.ignoreLock")) {
      r.measureAll();
      return;
    }
    try (RandomAccessFile f = new RandomAccessFile("/tmp/jmh.lock", "rw");
        FileLock lock = waitForLock(f)) {
      r.measureAll();
    }
  }

  private static FileLock waitForLock(RandomAccessFile f) throws IOException, InterruptedException {
    long deadline = System.currentTimeMillis() + LOCK_WAIT_MS;
    while (true) {
      FileLock lock = f.getChannel().tryLock();
      if (lock != null) {
        return lock;
      }
      if (System.currentTimeMillis() > deadline) {
        throw new IOException("another JMH run held /tmp/jmh.lock for 10 minutes");
      }
      Thread.sleep(1000);
    }
  }

  private void measureAll() {
    // block sizes of about 5 ms of CPU each
    measure("bitCount", 1, 150);
    measure("and", 1, 150);
    measure("getBit", BitmapInputs.OFFSETS, 600);
    measure("setBit", BitmapInputs.OFFSETS, 600);
    if (sink == 42) {
      System.out.println(); // keeps the results alive
    }
  }

  private void measure(String op, int opsPerCall, int calls) {
    for (int i = 0; i < WARMUP_ROUNDS; i++) {
      block(op, false, calls);
      block(op, true, calls);
    }
    double[] ratio = new double[rounds];
    double[] base = new double[rounds];
    double[] ours = new double[rounds];
    for (int i = 0; i < rounds; i++) {
      boolean oursFirst = (i & 1) == 1;
      double first = block(op, oursFirst, calls);
      double second = block(op, !oursFirst, calls);
      base[i] = oursFirst ? second : first;
      ours[i] = oursFirst ? first : second;
      ratio[i] = base[i] / ours[i];
    }
    Arrays.sort(ratio);
    Arrays.sort(base);
    Arrays.sort(ours);
    double perOp = (double) calls * opsPerCall;
    System.out.printf(
        Locale.ROOT,
        "ratio %s %.3f %.3f %.3f %.3f %.3f%n",
        op,
        base[rounds / 2] / perOp,
        ours[rounds / 2] / perOp,
        ratio[rounds / 2],
        ratio[rounds / 4],
        ratio[3 * rounds / 4]);
  }

  /** CPU nanoseconds of {@code calls} calls of one variant. */
  private double block(String op, boolean redstruct, int calls) {
    long t0 = THREADS.getCurrentThreadCpuTime();
    switch (op) {
      case "bitCount" -> sink += redstruct ? bitCountBitmap(calls) : bitCountBitSet(calls);
      case "and" -> sink += redstruct ? andBitmap(calls) : andBitSet(calls);
      case "getBit" -> sink += redstruct ? getBitmap(calls) : getBitSet(calls);
      case "setBit" -> sink += redstruct ? setBitmap(calls) : setBitSet(calls);
      default -> throw new IllegalArgumentException(op);
    }
    return THREADS.getCurrentThreadCpuTime() - t0;
  }

  // One method per variant, each calling the JMH benchmark method in its own loop (as JMH's
  // generated stub does), so that the JIT inlines, compiles and profiles each one apart.

  private long bitCountBitmap(int calls) {
    long s = 0;
    for (int i = 0; i < calls; i++) {
      s += count.bitCount_redstruct();
    }
    return s;
  }

  private long bitCountBitSet(int calls) {
    long s = 0;
    for (int i = 0; i < calls; i++) {
      s += count.bitCount_bitSet();
    }
    return s;
  }

  private long andBitmap(int calls) {
    long s = 0;
    for (int i = 0; i < calls; i++) {
      s += op.and_redstruct() ? 1 : 0;
    }
    return s;
  }

  private long andBitSet(int calls) {
    long s = 0;
    for (int i = 0; i < calls; i++) {
      s += op.and_bitSet() ? 1 : 0;
    }
    return s;
  }

  private long getBitmap(int calls) {
    long s = 0;
    for (int i = 0; i < calls; i++) {
      s += probe.getBit_redstruct();
    }
    return s;
  }

  private long getBitSet(int calls) {
    long s = 0;
    for (int i = 0; i < calls; i++) {
      s += probe.getBit_bitSet();
    }
    return s;
  }

  private long setBitmap(int calls) {
    long s = 0;
    for (int i = 0; i < calls; i++) {
      s += probe.setBit_redstruct();
    }
    return s;
  }

  private long setBitSet(int calls) {
    long s = 0;
    for (int i = 0; i < calls; i++) {
      s += probe.setBit_bitSet();
    }
    return s;
  }
}
