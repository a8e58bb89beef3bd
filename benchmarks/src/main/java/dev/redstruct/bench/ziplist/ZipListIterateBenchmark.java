package dev.redstruct.bench.ziplist;

import dev.redstruct.bench.Goal;
import dev.redstruct.bench.ListInputs;
import dev.redstruct.bench.QuickParams;
import dev.redstruct.core.RedisNumbers;
import dev.redstruct.ziplist.ZipList;
import dev.redstruct.ziplist.ZipListCursor;
import dev.redstruct.ziplist.ZipListEntryConsumer;
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
 * Reading a list of {@code n} entries (see {@link ListInputs}): a forward walk summing the byte
 * length of every element ({@code iterate}) and 16 fixed random {@code get(i)} calls ({@code get}).
 * Score: whole walks (or 16-get rounds) per microsecond. Run other sizes with {@code --param
 * n=8,128,129,512}.
 *
 * <p>What each {@code iterate} variant consumes per element, so that all do comparable work and
 * return the same sum:
 *
 * <ul>
 *   <li>{@code arrayList} (baseline), {@code linkedList}: the {@code String} reference, then its
 *       {@code length()} (a stored field).
 *   <li>{@code arrayListBytes}: the {@code byte[]} reference, then its length.
 *   <li>{@code redstruct}: {@link ZipList#forEachEntry} hands a reused consumer each entry in
 *       place: a string entry as (array, offset, length), the length being summed; an integer entry
 *       as its {@code long} value, whose decimal length is computed and summed ({@code ZipList}
 *       keeps no string form of integers, so this is the same information the {@code String}
 *       carries, not more work than needed). Nothing is copied or allocated.
 *   <li>{@code redstructCursor}: the same through a reused {@link ZipListCursor}: {@code next()}
 *       then {@code length()} (which decodes an integer and measures its decimal form).
 * </ul>
 *
 * <p>Both sides also check for concurrent modification once per element (the {@code ArrayList}
 * iterator's {@code modCount}, {@code forEachEntry}'s layout version after each callback). Reviewed
 * when the walk was reworked: the baseline is the plain for-each loop any caller would write, and
 * the ZipList side does no work beyond what its encoding forces (decode, and the decimal length of
 * integer entries).
 *
 * <p>For {@code get}, {@code redstruct} returns a fresh copy of the element ({@code ZipList#get}),
 * the lists return their stored reference.
 */
@State(Scope.Benchmark)
@QuickParams("n=128")
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Goal(operation = "iterate", variant = "redstruct", atLeast = 0.5)
public class ZipListIterateBenchmark {
  /** The JDK variant every other variant is compared with. */
  public static final String BASELINE = "arrayList";

  /** Entries; 128/129 straddle Redis's zset threshold, 512 the hash one. */
  @Param({"8", "128", "129", "512"})
  public int n;

  private ZipList zipList;
  private ZipListCursor cursor;
  private ArrayList<byte[]> arrayListBytes;
  private ArrayList<String> arrayList;
  private LinkedList<String> linkedList;
  private int[] probes;
  private final LengthSum lengthSum = new LengthSum();

  /** Sums each entry's byte length: string length, or an integer's decimal length. */
  static final class LengthSum implements ZipListEntryConsumer {
    long sum;

    @Override
    public void string(byte[] array, int offset, int length) {
      sum += length;
    }

    @Override
    public void integer(long value) {
      sum += RedisNumbers.stringLength(value);
    }
  }

  /** Builds the four lists from the same fixed-seed values. */
  @Setup(Level.Trial)
  public void setUp() {
    String[] strings = ListInputs.strings(n);
    byte[][] bytes = ListInputs.bytes(strings);
    zipList = ListInputs.zipList(bytes);
    cursor = zipList.cursor();
    arrayListBytes = ListInputs.arrayListBytes(bytes);
    arrayList = ListInputs.arrayList(strings);
    linkedList = ListInputs.linkedList(strings);
    probes = ListInputs.probes(n, 16);
  }

  /**
   * ZipList forward walk through {@link ZipList#forEachEntry} (no allocation).
   *
   * @return total element length
   */
  @Benchmark
  public long iterate_redstruct() {
    LengthSum s = lengthSum;
    s.sum = 0;
    zipList.forEachEntry(s);
    return s.sum;
  }

  /**
   * ZipList forward walk with a reused cursor (no allocation).
   *
   * @return total element length
   */
  @Benchmark
  public long iterate_redstructCursor() {
    ZipListCursor c = cursor.toStart();
    long sum = 0;
    while (c.next()) {
      sum += c.length();
    }
    return sum;
  }

  /**
   * ArrayList of byte arrays.
   *
   * @return total element length
   */
  @Benchmark
  public long iterate_arrayListBytes() {
    long sum = 0;
    for (byte[] b : arrayListBytes) {
      sum += b.length;
    }
    return sum;
  }

  /**
   * Baseline: ArrayList of strings.
   *
   * @return total element length
   */
  @Benchmark
  public long iterate_arrayList() {
    return ListInputs.lengths(arrayList);
  }

  /**
   * LinkedList of strings.
   *
   * @return total element length
   */
  @Benchmark
  public long iterate_linkedList() {
    return ListInputs.lengths(linkedList);
  }

  /**
   * ZipList get by index: walks from the head, copies the entry out.
   *
   * @return total length of the probed elements
   */
  @Benchmark
  public long get_redstruct() {
    long sum = 0;
    for (int i : probes) {
      sum += zipList.get(i).length;
    }
    return sum;
  }

  /**
   * ArrayList of byte arrays.
   *
   * @return total length of the probed elements
   */
  @Benchmark
  public long get_arrayListBytes() {
    long sum = 0;
    for (int i : probes) {
      sum += arrayListBytes.get(i).length;
    }
    return sum;
  }

  /**
   * Baseline: ArrayList of strings.
   *
   * @return total length of the probed elements
   */
  @Benchmark
  public long get_arrayList() {
    long sum = 0;
    for (int i : probes) {
      sum += arrayList.get(i).length();
    }
    return sum;
  }

  /**
   * LinkedList of strings (walks from the nearer end).
   *
   * @return total length of the probed elements
   */
  @Benchmark
  public long get_linkedList() {
    long sum = 0;
    for (int i : probes) {
      sum += linkedList.get(i).length();
    }
    return sum;
  }
}
