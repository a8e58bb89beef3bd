package dev.redstruct.bench.bitfield;

import dev.redstruct.bench.Goal;
import dev.redstruct.bitfield.Bitmap;
import java.util.BitSet;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * BITCOUNT of a 1 MiB random bitmap: redstruct's {@code Bitmap.bitCount()} against {@code
 * BitSet.cardinality()}. Both hold the same bits in a {@code long[]} of 131,072 words and call
 * {@code Long.bitCount} (POPCNT) once per word; BitSet adds every count to one running sum, Bitmap
 * to two independent {@code int} sums, so its adds do not wait on each other. Score: whole-bitmap
 * counts per millisecond.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Goal(operation = "bitCount", variant = "redstruct", atLeast = 1.0)
public class BitmapBitCountBenchmark {
  /** The JDK variant every other variant is compared with. */
  public static final String BASELINE = "bitSet";

  private Bitmap bitmap;
  private BitSet bitSet;

  /** Builds the same random MiB in both forms. */
  @Setup(Level.Trial)
  public void setUp() {
    bitmap = Bitmap.wrap(BitmapInputs.randomBytes(1));
    bitSet = bitmap.toBitSet();
  }

  /**
   * redstruct.
   *
   * @return the number of set bits
   */
  @Benchmark
  public long bitCount_redstruct() {
    return bitmap.bitCount();
  }

  /**
   * JDK baseline.
   *
   * @return the number of set bits
   */
  @Benchmark
  public long bitCount_bitSet() {
    return bitSet.cardinality();
  }
}
