package dev.redstruct.bitfield;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.arrays;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

/** Properties with shrinking (QuickTheories). */
class BitmapPropertiesTest {
  private static Gen<byte[]> values() {
    return arrays()
        .ofIntegers(integers().between(0, 255))
        .withLengthBetween(0, 70)
        .map(
            a -> {
              byte[] b = new byte[a.length];
              for (int i = 0; i < a.length; i++) {
                b[i] = (byte) (int) a[i];
              }
              return b;
            });
  }

  @Test
  void bytesRoundTripThroughWordsAndBitSet() {
    qt().forAll(values())
        .checkAssert(
            v -> {
              Bitmap b = Bitmap.copyOf(v);
              b.checkInvariants();
              assertArrayEquals(v, b.toByteArray());
              Bitmap back = Bitmap.fromBitSet(b.toBitSet());
              // fromBitSet trims trailing zero bytes
              assertEquals(b.bitCount(), back.bitCount());
              assertEquals(b.toBitSet(), back.toBitSet());
            });
  }

  @Test
  void bitCountOfAllBitsEqualsByteCountAndSumOfBits() {
    qt().forAll(values())
        .checkAssert(
            v -> {
              Bitmap b = Bitmap.copyOf(v);
              long sum = 0;
              for (long i = 0; i < v.length * 8L; i++) {
                sum += b.getBit(i) ? 1 : 0;
              }
              assertEquals(sum, b.bitCount());
              assertEquals(sum, b.bitCount(0, -1, Bitmap.Unit.BIT));
              assertEquals(sum, b.bitCount(0, -1, Bitmap.Unit.BYTE));
            });
  }

  @Test
  void fieldSetThenGetGivesTheWrappedValue() {
    qt().forAll(values(), integers().between(1, 64), integers().between(0, 700), longs().all())
        .checkAssert(
            (v, bits, offset, value) -> {
              Bitmap b = Bitmap.copyOf(v);
              BitFieldType i = BitFieldType.signed(bits);
              b.setField(i, offset, value, Bitmap.Overflow.WRAP);
              assertEquals(Fields.wrap(i, value), b.getField(i, offset));
              if (bits < 64) {
                BitFieldType u = BitFieldType.unsigned(bits);
                assertEquals(value & u.max(), b.getField(u, offset));
              }
              assertEquals(Math.max(v.length, (offset + bits - 1) / 8 + 1), b.byteLength());
              b.checkInvariants();
            });
  }
}
