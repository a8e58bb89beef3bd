package dev.redstruct.bench.listpack;

import dev.redstruct.bench.CpuRatios;

/**
 * Measures the walks of {@link ListPackIterateBenchmark} (same class, same {@code setUp}, same
 * inputs) by the measuring thread's CPU time with {@link CpuRatios}: the {@code ArrayList<String>}
 * baseline and the listpack in alternating blocks, one line per size and walk ({@code iterate},
 * {@code iterateCursor}, {@code iterateBackward}, {@code iterateBackwardCursor}) in {@link
 * CpuRatios}'s format, the ns columns per walk. Arguments: rounds (e.g. 40) and the sizes (e.g.
 * {@code 8,128,129,512}).
 */
public final class ListPackIterateCpuRatios {
  private ListPackIterateCpuRatios() {}

  /**
   * Measures and prints the ratios.
   *
   * @param args rounds, then comma-separated sizes
   */
  public static void main(String[] args) {
    int rounds = Integer.parseInt(args[0]);
    double sink = 0;
    for (String size : args[1].split(",")) {
      ListPackIterateBenchmark b = new ListPackIterateBenchmark();
      b.n = Integer.parseInt(size);
      b.setUp();
      sink += CpuRatios.measure("iterate", b.n, rounds, b::iterate_redstruct, b::iterate_arrayList);
      sink +=
          CpuRatios.measure(
              "iterateCursor", b.n, rounds, b::iterate_redstructCursor, b::iterate_arrayList);
      sink +=
          CpuRatios.measure(
              "iterateBackward",
              b.n,
              rounds,
              b::iterateBackward_redstruct,
              b::iterateBackward_arrayList);
      sink +=
          CpuRatios.measure(
              "iterateBackwardCursor",
              b.n,
              rounds,
              b::iterateBackward_redstructCursor,
              b::iterateBackward_arrayList);
    }
    System.out.println("sink " + ((long) sink & 1));
  }
}
