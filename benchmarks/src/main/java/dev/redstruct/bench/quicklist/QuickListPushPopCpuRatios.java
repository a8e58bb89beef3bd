package dev.redstruct.bench.quicklist;

import dev.redstruct.bench.CpuRatios;

/**
 * Measures the pairs of {@link QuickListPushPopBenchmark} (same class, same {@code setUp}, same
 * inputs) by the measuring thread's CPU time with {@link CpuRatios}: {@code ArrayDeque<byte[]>} and
 * the quicklist in alternating blocks, one line per size and pair ({@code lpushRpop}, {@code
 * rpushLpop}, with the caller's-buffer pops) in {@link CpuRatios}'s format, the ns columns per
 * pair. Arguments: rounds (e.g. 20) and the sizes (e.g. {@code 1000,100000}).
 */
public final class QuickListPushPopCpuRatios {
  private QuickListPushPopCpuRatios() {}

  /**
   * Measures and prints the ratios.
   *
   * @param args rounds, then comma-separated sizes
   */
  public static void main(String[] args) {
    int rounds = Integer.parseInt(args[0]);
    double sink = 0;
    for (String size : args[1].split(",")) {
      QuickListPushPopBenchmark b = new QuickListPushPopBenchmark();
      b.n = Integer.parseInt(size);
      b.setUp();
      sink +=
          CpuRatios.measure(
              "lpushRpop", b.n, rounds, b::lpushRpop_redstruct, b::lpushRpop_arrayDeque);
      sink +=
          CpuRatios.measure(
              "rpushLpop", b.n, rounds, b::rpushLpop_redstruct, b::rpushLpop_arrayDeque);
    }
    System.out.println("sink " + ((long) sink & 1));
  }
}
