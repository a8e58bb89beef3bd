package dev.redstruct.bench.bitfield;

import dev.redstruct.bitfield.Bitmap;
import java.util.BitSet;
import java.util.SplittableRandom;

/** Fixed-seed inputs shared by the bitfield benchmarks. */
final class BitmapInputs {
  /** One MiB of bits. */
  static final int BYTES = 1 << 20;

  static final int BITS = BYTES * 8;

  /** Offsets per invocation in the random-access benchmarks. */
  static final int OFFSETS = 4096;

  private BitmapInputs() {}

  /** BYTES random bytes. */
  static byte[] randomBytes(long seed) {
    byte[] b = new byte[BYTES];
    SplittableRandom r = new SplittableRandom(seed);
    for (int i = 0; i < b.length; i++) {
      b[i] = (byte) r.nextInt(256);
    }
    return b;
  }

  /** OFFSETS random bit offsets below {@code limit}. */
  static int[] offsets(long seed, int limit) {
    SplittableRandom r = new SplittableRandom(seed);
    int[] o = new int[OFFSETS];
    for (int i = 0; i < o.length; i++) {
      o[i] = r.nextInt(limit);
    }
    return o;
  }

  /**
   * The same bits as a BitSet whose word array already spans {@link #BITS}, as the bitmap's does,
   * so that setting bits never grows it.
   */
  static BitSet sizedBitSet(Bitmap bitmap) {
    BitSet s = bitmap.toBitSet();
    s.set(BITS - 1);
    s.clear(BITS - 1);
    return s;
  }

  /** The same bits as a BitSet (bit n of the bitmap is bit n of the set). */
  static BitSet toBitSet(Bitmap bitmap) {
    return bitmap.toBitSet();
  }
}
