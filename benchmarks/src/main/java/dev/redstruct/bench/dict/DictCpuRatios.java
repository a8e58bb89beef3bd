package dev.redstruct.bench.dict;

import dev.redstruct.bench.CpuRatios;

/**
 * {@link DictGetBenchmark}, {@link DictPutBenchmark} and {@link DictRemoveBenchmark} (same classes,
 * setups and inputs) measured with {@link CpuRatios}: redstruct's variants ({@code create()} and
 * {@code forStrings()}, named {@code redstruct} and {@code sipHash}) against {@code HashMap} by CPU
 * time in alternating blocks. Arguments: rounds (e.g. 20) and comma-separated sizes.
 */
public final class DictCpuRatios {
  private DictCpuRatios() {}

  /**
   * Measures and prints the ratios.
   *
   * @param args rounds, then comma-separated sizes
   */
  public static void main(String[] args) {
    int rounds = Integer.parseInt(args[0]);
    double sink = 0;
    for (String size : args[1].split(",")) {
      int n = Integer.parseInt(size);
      DictGetBenchmark g = new DictGetBenchmark();
      g.size = n;
      g.setUp();
      sink += CpuRatios.measure("get", n, rounds, g::get_redstruct, g::get_hashMap);
      sink += CpuRatios.measure("get_sipHash", n, rounds, g::get_sipHash, g::get_hashMap);
      DictPutBenchmark p = new DictPutBenchmark();
      p.size = n;
      p.setUp();
      sink += CpuRatios.measure("put", n, rounds, p::put_redstruct, p::put_hashMap);
      sink += CpuRatios.measure("put_sipHash", n, rounds, p::put_sipHash, p::put_hashMap);
      DictRemoveBenchmark r = new DictRemoveBenchmark();
      r.size = n;
      r.setUp();
      sink += CpuRatios.measure("remove", n, rounds, r::remove_redstruct, r::remove_hashMap);
      sink += CpuRatios.measure("remove_sipHash", n, rounds, r::remove_sipHash, r::remove_hashMap);
    }
    System.out.println("sink " + (sink == 42 ? 1 : 0));
  }
}
