package dev.redstruct.bench.bitfield;

import dev.redstruct.bench.Goal;
import dev.redstruct.bitfield.BitFieldType;
import dev.redstruct.bitfield.Bitmap;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * BITFIELD INCRBY (OVERFLOW WRAP) on 4096 random {@code #N} fields of a 1 MiB map: redstruct's
 * {@code Bitmap.incrField} (any bit offset, Redis's overflow rules) against a hand-written {@code
 * ByteBuffer} get/add/put of the same aligned big-endian field, the JDK way to keep packed
 * counters. Score: increments per µs.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Goal(operation = "incrBy", variant = "redstruct", atLeast = 0.5)
public class BitmapBitFieldBenchmark {
  /** The JDK variant every other variant is compared with. */
  public static final String BASELINE = "byteBuffer";

  /** The field type. */
  @Param({"u8", "i16"})
  public String type;

  private BitFieldType fieldType;
  private int[] fields;
  private Bitmap bitmap;
  private ByteBuffer buffer;

  /** Same zeroed MiB in both forms. */
  @Setup(Level.Trial)
  public void setUp() {
    fieldType = BitFieldType.parse(type);
    fields = BitmapInputs.offsets(6, BitmapInputs.BITS / fieldType.bits());
    bitmap = Bitmap.wrap(new byte[BitmapInputs.BYTES]);
    buffer = ByteBuffer.allocate(BitmapInputs.BYTES);
  }

  /**
   * redstruct.
   *
   * @return the sum of the new values
   */
  @Benchmark
  @OperationsPerInvocation(BitmapInputs.OFFSETS)
  public long incrBy_redstruct() {
    long sum = 0;
    int bits = fieldType.bits();
    for (int f : fields) {
      sum += bitmap.incrField(fieldType, (long) f * bits, 7, Bitmap.Overflow.WRAP);
    }
    return sum;
  }

  /**
   * JDK baseline: aligned u8 / i16 with Java's wrap-around.
   *
   * @return the sum of the new values
   */
  @Benchmark
  @OperationsPerInvocation(BitmapInputs.OFFSETS)
  public long incrBy_byteBuffer() {
    long sum = 0;
    boolean wide = fieldType.bits() == 16;
    for (int f : fields) {
      if (wide) {
        short v = (short) (buffer.getShort(f * 2) + 7);
        buffer.putShort(f * 2, v);
        sum += v;
      } else {
        int v = (buffer.get(f) + 7) & 0xFF;
        buffer.put(f, (byte) v);
        sum += v;
      }
    }
    return sum;
  }
}
