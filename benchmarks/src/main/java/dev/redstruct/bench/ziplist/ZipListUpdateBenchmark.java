package dev.redstruct.bench.ziplist;

import dev.redstruct.bench.ListInputs;
import dev.redstruct.bench.QuickParams;
import dev.redstruct.ziplist.ZipList;
import java.util.ArrayList;
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
 * Building and shrinking lists of {@code n} entries (see {@link ListInputs}): {@code pushTail}
 * builds from empty by appends, {@code pushHead} by prepends, {@code deleteMiddle} copies a built
 * list and removes its middle element {@code n/2} times. ZipList copies each value's bytes in; the
 * JDK lists store references to ready-made elements. Score: whole builds (or copy-and-delete
 * rounds) per microsecond. Quick mode runs n=128; {@code --full} runs every size.
 */
@State(Scope.Benchmark)
@QuickParams("n=128")
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ZipListUpdateBenchmark {
  /** The JDK variant every other variant is compared with. */
  public static final String BASELINE = "arrayList";

  /** Entries; 128/129 straddle Redis's zset threshold, 512 the hash one. */
  @Param({"8", "128", "129", "512"})
  public int n;

  private byte[][] bytes;
  private String[] strings;
  private byte[] zipListBlob;
  private ArrayList<byte[]> arrayListBytes;
  private ArrayList<String> arrayList;
  private LinkedList<String> linkedList;

  /** Draws the fixed-seed values and the lists that deleteMiddle copies. */
  @Setup(Level.Trial)
  public void setUp() {
    strings = ListInputs.strings(n);
    bytes = ListInputs.bytes(strings);
    zipListBlob = ListInputs.zipList(bytes).toByteArray();
    arrayListBytes = ListInputs.arrayListBytes(bytes);
    arrayList = ListInputs.arrayList(strings);
    linkedList = ListInputs.linkedList(strings);
  }

  /**
   * ZipList appends.
   *
   * @return final size
   */
  @Benchmark
  public int pushTail_redstruct() {
    ZipList z = ZipList.create();
    for (byte[] v : bytes) {
      z.pushTail(v);
    }
    return z.size();
  }

  /**
   * ArrayList of byte arrays, appends.
   *
   * @return final size
   */
  @Benchmark
  public int pushTail_arrayListBytes() {
    ArrayList<byte[]> l = new ArrayList<>();
    for (byte[] v : bytes) {
      l.add(v);
    }
    return l.size();
  }

  /**
   * Baseline: ArrayList of strings, appends.
   *
   * @return final size
   */
  @Benchmark
  public int pushTail_arrayList() {
    ArrayList<String> l = new ArrayList<>();
    for (String v : strings) {
      l.add(v);
    }
    return l.size();
  }

  /**
   * LinkedList appends.
   *
   * @return final size
   */
  @Benchmark
  public int pushTail_linkedList() {
    LinkedList<String> l = new LinkedList<>();
    for (String v : strings) {
      l.add(v);
    }
    return l.size();
  }

  /**
   * ZipList prepends (each moves the whole blob, as Redis's LPUSH on a ziplist did).
   *
   * @return final size
   */
  @Benchmark
  public int pushHead_redstruct() {
    ZipList z = ZipList.create();
    for (byte[] v : bytes) {
      z.pushHead(v);
    }
    return z.size();
  }

  /**
   * ArrayList of byte arrays, add(0, v).
   *
   * @return final size
   */
  @Benchmark
  public int pushHead_arrayListBytes() {
    ArrayList<byte[]> l = new ArrayList<>();
    for (byte[] v : bytes) {
      l.add(0, v);
    }
    return l.size();
  }

  /**
   * Baseline: ArrayList of strings, add(0, v).
   *
   * @return final size
   */
  @Benchmark
  public int pushHead_arrayList() {
    ArrayList<String> l = new ArrayList<>();
    for (String v : strings) {
      l.add(0, v);
    }
    return l.size();
  }

  /**
   * LinkedList addFirst.
   *
   * @return final size
   */
  @Benchmark
  public int pushHead_linkedList() {
    LinkedList<String> l = new LinkedList<>();
    for (String v : strings) {
      l.addFirst(v);
    }
    return l.size();
  }

  /**
   * ZipList: wrap a copy of the blob, delete the middle entry n/2 times.
   *
   * @return remaining size
   */
  @Benchmark
  public int deleteMiddle_redstruct() {
    ZipList z = ZipList.wrap(zipListBlob.clone());
    for (int k = n / 2; k > 0; k--) {
      z.delete(z.size() / 2);
    }
    return z.size();
  }

  /**
   * ArrayList of byte arrays.
   *
   * @return remaining size
   */
  @Benchmark
  public int deleteMiddle_arrayListBytes() {
    ArrayList<byte[]> l = new ArrayList<>(arrayListBytes);
    for (int k = n / 2; k > 0; k--) {
      l.remove(l.size() / 2);
    }
    return l.size();
  }

  /**
   * Baseline: ArrayList of strings.
   *
   * @return remaining size
   */
  @Benchmark
  public int deleteMiddle_arrayList() {
    ArrayList<String> l = new ArrayList<>(arrayList);
    for (int k = n / 2; k > 0; k--) {
      l.remove(l.size() / 2);
    }
    return l.size();
  }

  /**
   * LinkedList (walks to the middle each time).
   *
   * @return remaining size
   */
  @Benchmark
  public int deleteMiddle_linkedList() {
    LinkedList<String> l = new LinkedList<>(linkedList);
    for (int k = n / 2; k > 0; k--) {
      l.remove(l.size() / 2);
    }
    return l.size();
  }
}
