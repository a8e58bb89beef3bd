package dev.redstruct.bench.bitfield;

import dev.redstruct.bitfield.Bitmap;
import java.util.Arrays;
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
 * BITPOS key 0 on a 1 MiB map of ones with a single clear bit near the end: redstruct's {@code
 * Bitmap.bitPos(false)} against {@code BitSet.nextClearBit(0)}. Score: searches per millisecond.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class BitmapBitPosBenchmark {
  /** The JDK variant every other variant is compared with. */
  public static final String BASELINE = "bitSet";

  private Bitmap bitmap;
  private BitSet bitSet;

  /** All ones but one bit. */
  @Setup(Level.Trial)
  public void setUp() {
    byte[] ones = new byte[BitmapInputs.BYTES];
    Arrays.fill(ones, (byte) 0xFF);
    bitmap = Bitmap.wrap(ones);
    bitmap.setBit(BitmapInputs.BITS - 1000, false);
    bitSet = bitmap.toBitSet();
  }

  /**
   * redstruct.
   *
   * @return the first clear bit
   */
  @Benchmark
  public long bitPos_redstruct() {
    return bitmap.bitPos(false);
  }

  /**
   * JDK baseline.
   *
   * @return the first clear bit
   */
  @Benchmark
  public long bitPos_bitSet() {
    return bitSet.nextClearBit(0);
  }
}
