package dev.redstruct.bitfield;

/**
 * BITFIELD's field access and overflow arithmetic.
 *
 * <p>A field of {@code b} bits at bit offset {@code o} spans at most two of Bitmap's big-endian
 * words. It is read as word {@code o >> 6} shifted left by {@code o & 63}, with the top bits of the
 * next word shifted in when the field crosses into it:
 *
 * <pre>
 *   u5 at offset 7 on "\x01\x70":  word 0x0170000000000000 &lt;&lt; 7 = 0xB800000000000000,
 *   top 5 bits = 10111 = 23   (the redis.io BITFIELD example: SET u5 7 23 on zeros gives 01 70)
 * </pre>
 *
 * <p>Redis: {@code getUnsignedBitfield}, {@code setUnsignedBitfield}, {@code
 * checkUnsignedBitfieldOverflow} and {@code checkSignedBitfieldOverflow}, {@code src/bitops.c}
 * (Redis loops bit by bit; the word form gives the same bits).
 */
final class Fields {
  private Fields() {}

  /** Exclusive end byte of a field: the string length a write of it needs. */
  static int endByte(BitFieldType type, long offset) {
    return (int) ((offset + type.bits() - 1) >>> 3) + 1;
  }

  static long get(Bitmap bm, BitFieldType type, long offset) {
    long[] w = bm.words();
    int k = (int) (offset >>> 6);
    int sh = (int) (offset & 63);
    int bits = type.bits();
    long window = k < w.length ? w[k] << sh : 0;
    if (sh + bits > 64 && k + 1 < w.length) {
      window |= w[k + 1] >>> (64 - sh);
    }
    return type.isSigned() ? window >> (64 - bits) : window >>> (64 - bits);
  }

  /** Writes the low bits of value; the string must already cover the field. */
  static void put(Bitmap bm, BitFieldType type, long offset, long value) {
    long[] w = bm.words();
    int k = (int) (offset >>> 6);
    int sh = (int) (offset & 63);
    int bits = type.bits();
    long top = value << (64 - bits);
    long mask = -1L << (64 - bits);
    w[k] = (w[k] & ~(mask >>> sh)) | (top >>> sh);
    if (sh + bits > 64) {
      int back = 64 - sh;
      w[k + 1] = (w[k + 1] & ~(mask << back)) | (top << back);
    }
  }

  /** Whether the field lies inside one word (every aligned u8, three aligned i16 in four). */
  static boolean inOneWord(BitFieldType type, long offset) {
    return (int) (offset & 63) + type.bits() <= 64;
  }

  /**
   * INCRBY under WRAP of a field inside one word (see {@link #inOneWord}); the string must already
   * cover it. Returns the new value. The sum is taken in place, shifted down to bit 0: its low
   * {@code bits} are the wrapped value (what {@link #settle} gives under WRAP), written back with
   * one mask, with no branch on the type except the sign extension of the reply. Redis: the INCRBY
   * branch of bitfieldGeneric with BFOVERFLOW_WRAP. This path is what makes {@code
   * BitmapBitFieldBenchmark} (aligned u8, i16) within reach of a ByteBuffer get and put.
   */
  static long incrWrapInWord(Bitmap bm, BitFieldType type, long offset, long incr) {
    long[] w = bm.words();
    int k = (int) (offset >>> 6);
    int bits = type.bits();
    int down = 64 - bits - (int) (offset & 63); // the field's lowest bit in the word
    long word = w[k];
    long mask = (-1L >>> (64 - bits)) << down;
    long sum = (word >>> down) + incr;
    w[k] = (word & ~mask) | ((sum << down) & mask);
    int drop = 64 - bits;
    return type.isSigned() ? (sum << drop) >> drop : (sum << drop) >>> drop;
  }

  /**
   * The value to store for {@code value + incr} (SET passes incr 0) under WRAP or SAT; FAIL must be
   * handled by the caller through {@link #direction}.
   */
  static long settle(BitFieldType type, long value, long incr, Bitmap.Overflow overflow) {
    if (overflow == Bitmap.Overflow.WRAP) {
      // Redis's wrapped limit is exactly this, and a sum that fits is its own low bits
      return wrap(type, value + incr);
    }
    int dir = direction(type, value, incr);
    if (dir == 0) {
      return value + incr;
    }
    switch (overflow) {
      case SAT:
        return dir > 0 ? type.max() : type.min();
      case WRAP:
        return wrap(type, value + incr);
      default:
        throw new ArithmeticException(
            "BITFIELD " + type + " overflow: " + value + " + " + incr + " does not fit");
    }
  }

  /**
   * 1 if {@code value + incr} overflows the type upwards, -1 downwards, 0 if it fits. Mirrors the C
   * comparisons exactly, including their wrap-around: for unsigned types the value is taken as an
   * unsigned 64-bit number (a negative SET value is a huge one), and for signed types below 64 bits
   * {@code max - value} may wrap, so {@code SET i8 0 -9223372036854775808} counts as upward.
   */
  static int direction(BitFieldType type, long value, long incr) {
    long max = type.max();
    if (!type.isSigned()) {
      long maxIncr = max - value;
      long minIncr = -value;
      if (Long.compareUnsigned(value, max) > 0 || (incr > 0 && incr > maxIncr)) {
        return 1;
      }
      return incr < 0 && incr < minIncr ? -1 : 0;
    }
    long min = -max - 1;
    boolean wide = type.bits() == 64;
    long maxIncr = max - value;
    long minIncr = min - value;
    if (value > max || (!wide && incr > maxIncr) || (value >= 0 && incr > 0 && incr > maxIncr)) {
      return 1;
    }
    if (value < min || (!wide && incr < minIncr) || (value < 0 && incr < 0 && incr < minIncr)) {
      return -1;
    }
    return 0;
  }

  /** Keeps the low bits, sign-extending signed types. */
  static long wrap(BitFieldType type, long sum) {
    int drop = 64 - type.bits();
    return type.isSigned() ? (sum << drop) >> drop : (sum << drop) >>> drop;
  }
}
