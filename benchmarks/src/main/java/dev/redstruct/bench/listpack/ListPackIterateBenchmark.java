package dev.redstruct.bench.listpack;

import dev.redstruct.bench.Goal;
import dev.redstruct.bench.ListInputs;
import dev.redstruct.bench.QuickParams;
import dev.redstruct.core.RedisNumbers;
import dev.redstruct.listpack.ListPack;
import dev.redstruct.listpack.ListPackCursor;
import dev.redstruct.ziplist.ZipList;
import dev.redstruct.ziplist.ZipListCursor;
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
 * Reading a list of {@code n} elements (see {@link ListInputs}): a forward walk ({@code iterate})
 * and a backward walk ({@code iterateBackward}) summing every element's byte length, and 16 fixed
 * random {@code get(i)} calls ({@code get}). Score: whole walks (or 16-get rounds) per microsecond.
 * Run other sizes with {@code --param n=8,128,129,512}.
 *
 * <p>Per element, {@code arrayList} (baseline) reads the {@code String} reference and its {@code
 * length()}; {@code redstruct} walks with {@code forEach} / {@code forEachBackward} and an {@code
 * ElementConsumer}, {@code redstructCursor} and {@code zipList} step a reused cursor ({@code
 * next()} or {@code previous()}, no allocation) and read {@code length()}, which for an integer
 * element is the length of its decimal form (the information the {@code String} carries). For
 * {@code get}, the encodings copy the element out; the {@code ArrayList} returns its reference.
 */
@State(Scope.Benchmark)
@QuickParams("n=128")
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Goal(operation = "iterate", variant = "redstruct", atLeast = 0.5)
@Goal(operation = "iterateBackward", variant = "redstruct", atLeast = 0.4)
public class ListPackIterateBenchmark {
  /** The JDK variant every other variant is compared with. */
  public static final String BASELINE = "arrayList";

  /** Elements; 128/129 straddle Redis's zset threshold, 512 the hash one. */
  @Param({"8", "128", "129", "512"})
  public int n;

  private ListPack listPack;
  private ListPackCursor cursor;
  private ZipList zipList;
  private ZipListCursor zipCursor;
  private ArrayList<String> arrayList;
  private int[] probes;
  private final LengthSum lengthSum = new LengthSum();

  /** Sums each element's byte length: string length, or an integer's decimal length. */
  static final class LengthSum implements ListPack.ElementConsumer {
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

  /** Builds the lists from the same fixed-seed values. */
  @Setup(Level.Trial)
  public void setUp() {
    String[] strings = ListInputs.strings(n);
    byte[][] bytes = ListInputs.bytes(strings);
    listPack = ListInputs.listPack(bytes);
    cursor = listPack.cursor();
    zipList = ListInputs.zipList(bytes);
    zipCursor = zipList.cursor();
    arrayList = ListInputs.arrayList(strings);
    probes = ListInputs.probes(n, 16);
  }

  /**
   * ListPack forward walk through {@link ListPack#forEach} (no allocation).
   *
   * @return total element length
   */
  @Benchmark
  public long iterate_redstruct() {
    LengthSum s = lengthSum;
    s.sum = 0;
    listPack.forEach(s);
    return s.sum;
  }

  /**
   * ListPack forward walk with a reused cursor.
   *
   * @return total element length
   */
  @Benchmark
  public long iterate_redstructCursor() {
    ListPackCursor c = cursor.toStart();
    long sum = 0;
    while (c.next()) {
      sum += c.length();
    }
    return sum;
  }

  /**
   * ZipList forward walk with a reused cursor.
   *
   * @return total element length
   */
  @Benchmark
  public long iterate_zipList() {
    ZipListCursor c = zipCursor.toStart();
    long sum = 0;
    while (c.next()) {
      sum += c.length();
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
   * ListPack backward walk through {@link ListPack#forEachBackward} (lpPrev: each step decodes a
   * backlen; no allocation).
   *
   * @return total element length
   */
  @Benchmark
  public long iterateBackward_redstruct() {
    LengthSum s = lengthSum;
    s.sum = 0;
    listPack.forEachBackward(s);
    return s.sum;
  }

  /**
   * ListPack backward walk with a reused cursor.
   *
   * @return total element length
   */
  @Benchmark
  public long iterateBackward_redstructCursor() {
    ListPackCursor c = cursor.toEnd();
    long sum = 0;
    while (c.previous()) {
      sum += c.length();
    }
    return sum;
  }

  /**
   * ZipList backward walk with a reused cursor (prevlen).
   *
   * @return total element length
   */
  @Benchmark
  public long iterateBackward_zipList() {
    ZipListCursor c = zipCursor.toEnd();
    long sum = 0;
    while (c.previous()) {
      sum += c.length();
    }
    return sum;
  }

  /**
   * Baseline: ArrayList of strings, from the last index down.
   *
   * @return total element length
   */
  @Benchmark
  public long iterateBackward_arrayList() {
    ArrayList<String> l = arrayList;
    long sum = 0;
    for (int i = l.size() - 1; i >= 0; i--) {
      sum += l.get(i).length();
    }
    return sum;
  }

  /**
   * ListPack get by index: lpSeek from the nearer end, then a copy.
   *
   * @return total length of the probed elements
   */
  @Benchmark
  public long get_redstruct() {
    long sum = 0;
    for (int i : probes) {
      sum += listPack.get(i).length;
    }
    return sum;
  }

  /**
   * ZipList get by index.
   *
   * @return total length of the probed elements
   */
  @Benchmark
  public long get_zipList() {
    long sum = 0;
    for (int i : probes) {
      sum += zipList.get(i).length;
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
}
