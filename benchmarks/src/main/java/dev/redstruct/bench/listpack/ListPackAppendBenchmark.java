package dev.redstruct.bench.listpack;

import dev.redstruct.bench.ListInputs;
import dev.redstruct.bench.QuickParams;
import dev.redstruct.listpack.ListPack;
import dev.redstruct.ziplist.ZipList;
import java.util.ArrayList;
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
 * Building a list of {@code n} elements (see {@link ListInputs}) from empty by appends ({@code
 * lpAppend}, {@code RPUSH}). The encodings copy each value's bytes in (and test it for an integer
 * form); the {@code ArrayList} stores references to ready-made strings. Score: whole builds per
 * microsecond. Reported, no goal.
 */
@State(Scope.Benchmark)
@QuickParams("n=128")
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ListPackAppendBenchmark {
  /** The JDK variant every other variant is compared with. */
  public static final String BASELINE = "arrayList";

  /** Elements; 128/129 straddle Redis's zset threshold, 512 the hash one. */
  @Param({"8", "128", "129", "512"})
  public int n;

  private byte[][] bytes;
  private String[] strings;

  /** Draws the fixed-seed values. */
  @Setup(Level.Trial)
  public void setUp() {
    strings = ListInputs.strings(n);
    bytes = ListInputs.bytes(strings);
  }

  /**
   * ListPack appends.
   *
   * @return final size
   */
  @Benchmark
  public int append_redstruct() {
    ListPack lp = ListPack.create();
    for (byte[] v : bytes) {
      lp.append(v);
    }
    return lp.size();
  }

  /**
   * ZipList appends.
   *
   * @return final size
   */
  @Benchmark
  public int append_zipList() {
    ZipList z = ZipList.create();
    for (byte[] v : bytes) {
      z.pushTail(v);
    }
    return z.size();
  }

  /**
   * Baseline: ArrayList of strings.
   *
   * @return final size
   */
  @Benchmark
  public int append_arrayList() {
    ArrayList<String> l = new ArrayList<>();
    for (String s : strings) {
      l.add(s);
    }
    return l.size();
  }
}
