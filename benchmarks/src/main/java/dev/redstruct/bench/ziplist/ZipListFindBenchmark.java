package dev.redstruct.bench.ziplist;

import dev.redstruct.bench.ListInputs;
import dev.redstruct.bench.QuickParams;
import dev.redstruct.ziplist.ZipList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedList;
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
 * Linear search for 16 fixed values present in a list of {@code n} entries (see {@link
 * ListInputs}): {@code ZipList.find} (Redis {@code ziplistFind}: bytewise against strings,
 * numerically against integer entries), {@code Arrays.equals} over {@code ArrayList<byte[]>}, and
 * {@code indexOf} over {@code ArrayList<String>} (the baseline) and {@code LinkedList<String>}.
 * Score: 16-search rounds per microsecond. Quick mode runs n=128; {@code --full} runs every size.
 */
@State(Scope.Benchmark)
@QuickParams("n=128")
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ZipListFindBenchmark {
  /** The JDK variant every other variant is compared with. */
  public static final String BASELINE = "arrayList";

  /** Entries; 128/129 straddle Redis's zset threshold, 512 the hash one. */
  @Param({"8", "128", "129", "512"})
  public int n;

  private ZipList zipList;
  private ArrayList<byte[]> arrayListBytes;
  private ArrayList<String> arrayList;
  private LinkedList<String> linkedList;
  private byte[][] needleBytes;
  private String[] needles;

  /** Builds the lists and picks the needles (fresh copies of present values). */
  @Setup(Level.Trial)
  public void setUp() {
    String[] strings = ListInputs.strings(n);
    byte[][] bytes = ListInputs.bytes(strings);
    zipList = ListInputs.zipList(bytes);
    arrayListBytes = ListInputs.arrayListBytes(bytes);
    arrayList = ListInputs.arrayList(strings);
    linkedList = ListInputs.linkedList(strings);
    int[] probes = ListInputs.probes(n, 16);
    needles = new String[probes.length];
    needleBytes = new byte[probes.length][];
    for (int i = 0; i < probes.length; i++) {
      needles[i] = new String(strings[probes[i]]);
      needleBytes[i] = bytes[probes[i]].clone();
    }
  }

  /**
   * ZipList find.
   *
   * @return sum of the found indexes
   */
  @Benchmark
  public long find_redstruct() {
    long sum = 0;
    for (byte[] v : needleBytes) {
      sum += zipList.find(v, 0, 0);
    }
    return sum;
  }

  /**
   * ArrayList of byte arrays, Arrays.equals scan.
   *
   * @return sum of the found indexes
   */
  @Benchmark
  public long find_arrayListBytes() {
    long sum = 0;
    for (byte[] v : needleBytes) {
      int found = -1;
      for (int i = 0, size = arrayListBytes.size(); i < size; i++) {
        if (Arrays.equals(arrayListBytes.get(i), v)) {
          found = i;
          break;
        }
      }
      sum += found;
    }
    return sum;
  }

  /**
   * Baseline: ArrayList of strings, indexOf.
   *
   * @return sum of the found indexes
   */
  @Benchmark
  public long find_arrayList() {
    long sum = 0;
    for (String v : needles) {
      sum += arrayList.indexOf(v);
    }
    return sum;
  }

  /**
   * LinkedList indexOf.
   *
   * @return sum of the found indexes
   */
  @Benchmark
  public long find_linkedList() {
    long sum = 0;
    for (String v : needles) {
      sum += linkedList.indexOf(v);
    }
    return sum;
  }
}
