package dev.redstruct.bitfield;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Objects;

/**
 * A Redis string seen as a bitmap: the bytes are exactly what {@code GET} returns, and bit {@code
 * n} lives in byte {@code n >> 3} at mask {@code 0x80 >>> (n & 7)} (bit 0 is the most significant
 * bit of byte 0), as {@code SETBIT}, {@code GETBIT}, {@code BITCOUNT}, {@code BITPOS}, {@code
 * BITOP} and {@code BITFIELD} number them.
 *
 * <pre>
 *   bit offset:  0 1 2 3 4 5 6 7 | 8 9 ...
 *   byte 0:      1 0 0 0 0 0 0 0 | byte 1 ...   SETBIT k 0 1 on a new key gives "\x80"
 * </pre>
 *
 * <p>Writing past the end zero-extends the string (as {@code sdsgrowzero}); reading past the end
 * sees zeros and changes nothing. Bit offsets are limited to {@link #MAX_BIT_OFFSET} ({@code 2^32 -
 * 1}, Redis's default {@code proto-max-bulk-len} of 512 MB); a larger or negative offset throws
 * {@link IllegalArgumentException} whose message is Redis's error text ({@value #ERR_BIT_OFFSET})
 * and changes nothing.
 *
 * <p>Complexity: {@code setBit}/{@code getBit} O(1) amortised; {@code bitCount}, {@code bitPos} and
 * {@code bitOp} O(n) over 64-bit words. The hot paths allocate nothing except when the string
 * grows. Not thread-safe: callers synchronise externally. Nulls are rejected with {@link
 * NullPointerException}.
 */
public final class Bitmap {
  /*
   * Implementation notes.
   *
   * Mirrors src/bitops.c and the growth rule of sdsMakeRoomFor (src/sds.c) of Redis 7.0.15.
   * The value lives in bytes[0, length); bytes.length is the capacity that sdsMakeRoomFor would
   * reserve: when a write needs L > capacity bytes, the new capacity is 2L below 1 MB and L + 1 MB
   * above (Redis adds allocator rounding on top, which nothing observable depends on).
   *
   * Word loops read the byte array through VarHandle views. Counting and boolean operations use
   * the native order (bit positions inside a word do not matter there); position searches and
   * BITFIELD use big-endian, so that the word's most significant bit is the lowest Redis bit
   * number and Long.numberOfLeadingZeros gives the offset inside the word.
   *
   * Invariants (checkInvariants):
   *   I1  0 <= length <= bytes.length
   *   I2  bytes[length, bytes.length) are all zero, so a word read that overlaps the end of the
   *       value sees the zero padding Redis's commands assume
   *   I3  length <= MAX_LENGTH (the last byte a write at MAX_BIT_OFFSET of a 64-bit field reaches)
   */

  /** Redis's error text for a bad bit offset (SETBIT, GETBIT, BITFIELD). */
  public static final String ERR_BIT_OFFSET = "ERR bit offset is not an integer or out of range";

  /**
   * The largest accepted bit offset: {@code 2^32 - 1}, because Redis rejects an offset whose byte
   * index reaches {@code proto-max-bulk-len} (536870912 by default).
   */
  public static final long MAX_BIT_OFFSET = (512L << 20) * 8 - 1;

  /** Largest string a write can produce: a 64-bit field starting at MAX_BIT_OFFSET. */
  static final int MAX_LENGTH = (int) ((MAX_BIT_OFFSET + 63) >>> 3) + 1;

  /** SDS_MAX_PREALLOC, src/sds.h: below it capacity doubles, above it grows by this much. */
  static final int SDS_MAX_PREALLOC = 1024 * 1024;

  static final VarHandle LONG_NATIVE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.nativeOrder());
  static final VarHandle LONG_BE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  private static final byte[] EMPTY = new byte[0];

  /** How BITCOUNT and BITPOS read their start and end arguments. */
  public enum Unit {
    /** Indexes count bytes (the default). */
    BYTE,
    /** Indexes count bits. */
    BIT
  }

  /** The BITOP operations. */
  public enum Op {
    /** Bitwise and; shorter inputs are zero-padded, so the tail of the result is zero. */
    AND,
    /** Bitwise or. */
    OR,
    /** Bitwise exclusive or. */
    XOR,
    /** Bitwise complement of a single source. */
    NOT
  }

  /** BITFIELD's overflow policies for SET and INCRBY. */
  public enum Overflow {
    /** Keep the low bits (two's complement wrap-around); the default. */
    WRAP,
    /** Clamp to the field's minimum or maximum. */
    SAT,
    /** Do nothing and report the failure. */
    FAIL
  }

  private byte[] bytes;
  private int length;

  private Bitmap(byte[] bytes, int length) {
    this.bytes = bytes;
    this.length = length;
  }

  /**
   * Returns an empty bitmap (what a missing key reads as).
   *
   * @return a new, empty bitmap
   */
  public static Bitmap create() {
    return new Bitmap(EMPTY, 0);
  }

  /**
   * Returns a bitmap over the given bytes without copying them, e.g. a value obtained with {@code
   * GET}. The bitmap owns the array afterwards: the caller must not touch it.
   *
   * @param value the string's bytes
   * @return a bitmap whose {@link #toByteArray()} equals {@code value}
   * @throws IllegalArgumentException if the value is longer than Redis's strings can get through
   *     bit commands
   */
  public static Bitmap wrap(byte[] value) {
    checkLength(value.length);
    return new Bitmap(value, value.length);
  }

  /**
   * Returns a bitmap holding a copy of the given bytes.
   *
   * @param value the string's bytes
   * @return a new bitmap
   * @throws IllegalArgumentException if the value is too long (see {@link #wrap})
   */
  public static Bitmap copyOf(byte[] value) {
    checkLength(value.length);
    return new Bitmap(value.clone(), value.length);
  }

  /**
   * Returns a bitmap whose bit {@code n} is set exactly when {@code set.get(n)}. {@link BitSet}
   * numbers bits from the least significant bit of each byte, Redis from the most significant, so
   * this is not {@code BitSet.toByteArray()}. The length is the fewest bytes holding the highest
   * set bit.
   *
   * @param set the bits
   * @return a new bitmap
   * @throws IllegalArgumentException if a set bit lies past {@link #MAX_BIT_OFFSET}
   */
  public static Bitmap fromBitSet(BitSet set) {
    long highest = set.length() - 1L;
    if (highest > MAX_BIT_OFFSET) {
      throw new IllegalArgumentException(ERR_BIT_OFFSET);
    }
    int len = (int) ((highest + 8) >>> 3);
    byte[] out = new byte[len];
    long[] words = set.toLongArray();
    for (int w = 0; w < words.length; w++) {
      long redisOrder = Long.reverse(words[w]);
      for (int b = 0; b < 8 && w * 8 + b < len; b++) {
        out[w * 8 + b] = (byte) (redisOrder >>> (56 - 8 * b));
      }
    }
    return new Bitmap(out, len);
  }

  /**
   * Returns a {@link BitSet} whose bit {@code n} is set exactly when {@link #getBit getBit(n)}.
   *
   * @return a new bit set
   */
  public BitSet toBitSet() {
    long[] words = new long[(length + 7) >>> 3];
    for (int w = 0; w < words.length; w++) {
      words[w] = Long.reverse(wordBE(w * 8));
    }
    return BitSet.valueOf(words);
  }

  /**
   * Returns the value's bytes, as {@code GET} would (a fresh copy).
   *
   * @return the bytes
   */
  public byte[] toByteArray() {
    return Arrays.copyOf(bytes, length);
  }

  /**
   * Returns the string length in bytes, as {@code STRLEN}.
   *
   * @return the length
   */
  public int length() {
    return length;
  }

  /** Reserved bytes, as sdsalloc would report them without allocator rounding. */
  int capacity() {
    return bytes.length;
  }

  /** The backing array; callers inside the package must stay within [0, length). */
  byte[] array() {
    return bytes;
  }

  // ---------------------------------------------------------------- SETBIT / GETBIT

  /**
   * Sets or clears one bit, growing the string with zero bytes if needed, and returns the old bit.
   *
   * <p>Redis: {@code setbitCommand}, {@code src/bitops.c}.
   *
   * @param offset the bit number, 0 to {@link #MAX_BIT_OFFSET}
   * @param value the new bit
   * @return the previous bit ({@code false} if the string was shorter)
   * @throws IllegalArgumentException with {@value #ERR_BIT_OFFSET} if the offset is out of range
   */
  public boolean setBit(long offset, boolean value) {
    checkOffset(offset);
    int index = (int) (offset >>> 3);
    if (index >= length) {
      growTo(index + 1);
    }
    int mask = 0x80 >>> (int) (offset & 7);
    int old = bytes[index];
    bytes[index] = (byte) (value ? old | mask : old & ~mask);
    return (old & mask) != 0;
  }

  /**
   * Returns one bit; past the end the bit is 0.
   *
   * <p>Redis: {@code getbitCommand}, {@code src/bitops.c}.
   *
   * @param offset the bit number, 0 to {@link #MAX_BIT_OFFSET}
   * @return the bit
   * @throws IllegalArgumentException with {@value #ERR_BIT_OFFSET} if the offset is out of range
   */
  public boolean getBit(long offset) {
    checkOffset(offset);
    long index = offset >>> 3;
    return index < length && (bytes[(int) index] & (0x80 >>> (int) (offset & 7))) != 0;
  }

  // ---------------------------------------------------------------- BITCOUNT

  /**
   * Counts the set bits of the whole string, as {@code BITCOUNT key}.
   *
   * @return the population count
   */
  public long bitCount() {
    return popcount(bytes, 0, length);
  }

  /**
   * Counts the set bits between {@code start} and {@code end} inclusive, as {@code BITCOUNT key
   * start end BYTE|BIT}. Negative indexes count from the end ({@code -1} is the last byte or bit);
   * indexes still negative become 0, an end past the string becomes the last index; an empty range
   * counts 0 (also when both are negative and {@code start > end}).
   *
   * <p>Redis: {@code bitcountCommand}, {@code src/bitops.c}.
   *
   * @param start first index
   * @param end last index, inclusive
   * @param unit whether the indexes count bytes or bits
   * @return the number of set bits in the range
   */
  public long bitCount(long start, long end, Unit unit) {
    Objects.requireNonNull(unit, "unit");
    if (start < 0 && end < 0 && start > end) {
      return 0;
    }
    long total = unit == Unit.BIT ? (long) length << 3 : length;
    start = clampIndex(start, total);
    end = Math.min(clampIndex(end, total), total - 1);
    if (start > end) {
      return 0;
    }
    if (unit == Unit.BYTE) {
      return popcount(bytes, (int) start, (int) end + 1);
    }
    int first = (int) (start >>> 3);
    int last = (int) (end >>> 3);
    long count = popcount(bytes, first, last + 1);
    count -= Integer.bitCount(bytes[first] & ~(0xFF >>> (start & 7)) & 0xFF);
    count -= Integer.bitCount(bytes[last] & (0x7F >>> (end & 7)));
    return count;
  }

  private static long clampIndex(long index, long total) {
    long v = index < 0 ? index + total : index;
    return v < 0 ? 0 : v;
  }

  /** Population count of bytes [from, to). Redis: redisPopcount, src/bitops.c. */
  static long popcount(byte[] a, int from, int to) {
    long c0 = 0;
    long c1 = 0;
    int i = from;
    for (; i + 16 <= to; i += 16) {
      c0 += Long.bitCount((long) LONG_NATIVE.get(a, i));
      c1 += Long.bitCount((long) LONG_NATIVE.get(a, i + 8));
    }
    if (i + 8 <= to) {
      c0 += Long.bitCount((long) LONG_NATIVE.get(a, i));
      i += 8;
    }
    for (; i < to; i++) {
      c1 += Integer.bitCount(a[i] & 0xFF);
    }
    return c0 + c1;
  }

  // ---------------------------------------------------------------- BITPOS

  /**
   * Returns the first bit equal to {@code bit}, as {@code BITPOS key bit}. Looking for a 0 in a
   * string of ones gives the first bit past the string (the string is seen as zero-padded); looking
   * for a 1 that is not there gives -1. An empty string gives -1 for both.
   *
   * @param bit the value looked for
   * @return the bit position or -1
   */
  public long bitPos(boolean bit) {
    return find(bit, 0, (long) length * 8 - 1, false);
  }

  /**
   * Returns the first bit equal to {@code bit} from byte {@code start} on, as {@code BITPOS key bit
   * start}. With no end, a search for 0 through ones answers the first bit past the string.
   *
   * @param bit the value looked for
   * @param start first byte, negative counts from the end
   * @return the bit position or -1
   */
  public long bitPos(boolean bit, long start) {
    long s = clampIndex(start, length);
    return s >= length ? -1 : find(bit, s * 8, (long) length * 8 - 1, false);
  }

  /**
   * Returns the first bit equal to {@code bit} in the range, as {@code BITPOS key bit start end
   * BYTE|BIT}; negative indexes count from the end, then are clamped to the string. Because the end
   * is explicit, a search for 0 through ones gives -1.
   *
   * <p>Redis: {@code bitposCommand}, {@code src/bitops.c}.
   *
   * @param bit the value looked for
   * @param start first index
   * @param end last index, inclusive
   * @param unit whether the indexes count bytes or bits
   * @return the absolute bit position or -1
   */
  public long bitPos(boolean bit, long start, long end, Unit unit) {
    Objects.requireNonNull(unit, "unit");
    long total = unit == Unit.BIT ? (long) length << 3 : length;
    start = clampIndex(start, total);
    end = Math.min(clampIndex(end, total), total - 1);
    if (start > end) {
      return -1;
    }
    if (unit == Unit.BYTE) {
      return find(bit, start * 8, end * 8 + 7, true);
    }
    return find(bit, start, end, true);
  }

  /**
   * First bit equal to {@code bit} in bit range [from, to]; both within the string, or to &lt;
   * from. When there is none: a 0 searched without an explicit end is the bit after the last byte
   * of the range (Redis's zero padding on the right), otherwise -1. Redis: redisBitpos plus the
   * edge-mask handling of bitposCommand.
   */
  private long find(boolean bit, long from, long to, boolean endGiven) {
    if (from > to) {
      return -1;
    }
    int first = (int) (from >>> 3);
    int last = (int) (to >>> 3);
    int flip = bit ? 0 : 0xFF;
    int headMask = 0xFF >>> (from & 7);
    int tailMask = (0xFF << (7 - (to & 7))) & 0xFF;
    if (first == last) {
      int v = ((bytes[first] & 0xFF) ^ flip) & headMask & tailMask;
      return v != 0 ? hit(first, v) : miss(bit, last, endGiven);
    }
    int v = ((bytes[first] & 0xFF) ^ flip) & headMask;
    if (v != 0) {
      return hit(first, v);
    }
    long pos = scan(bytes, first + 1, last, flip);
    if (pos >= 0) {
      return pos;
    }
    v = ((bytes[last] & 0xFF) ^ flip) & tailMask;
    return v != 0 ? hit(last, v) : miss(bit, last, endGiven);
  }

  private static long hit(int index, int v) {
    return (long) index * 8 + Integer.numberOfLeadingZeros(v) - 24;
  }

  private static long miss(boolean bit, int last, boolean endGiven) {
    return !bit && !endGiven ? ((long) last + 1) * 8 : -1;
  }

  /** First bit in whole bytes [from, to) that differs from the flip pattern, or -1. */
  private static long scan(byte[] a, int from, int to, int flip) {
    long wordFlip = flip == 0 ? 0 : -1L;
    int i = from;
    for (; i + 8 <= to; i += 8) {
      long w = (long) LONG_BE.get(a, i) ^ wordFlip;
      if (w != 0) {
        return (long) i * 8 + Long.numberOfLeadingZeros(w);
      }
    }
    for (; i < to; i++) {
      int v = (a[i] & 0xFF) ^ flip;
      if (v != 0) {
        return hit(i, v);
      }
    }
    return -1;
  }

  // ---------------------------------------------------------------- BITOP

  /**
   * Computes {@code BITOP op dest sources...} into {@code dest} and returns its new length. The
   * result is as long as the longest source; shorter sources count as zero-padded. If every source
   * is empty, {@code dest} becomes empty (Redis then deletes the key). {@code dest} may be one of
   * the sources; when it is the first source the operation runs in place without allocating.
   *
   * <p>Redis: {@code bitopCommand}, {@code src/bitops.c}.
   *
   * @param op the operation
   * @param dest receives the result
   * @param sources the inputs; exactly one for {@link Op#NOT}, at least one otherwise
   * @return the result length in bytes
   * @throws IllegalArgumentException if NOT has other than one source, or there is no source
   */
  public static int bitOp(Op op, Bitmap dest, Bitmap[] sources) {
    Objects.requireNonNull(op, "op");
    Objects.requireNonNull(dest, "dest");
    if (sources.length == 0) {
      throw new IllegalArgumentException("BITOP needs at least one source");
    }
    if (op == Op.NOT && sources.length != 1) {
      throw new IllegalArgumentException("ERR BITOP NOT must be called with a single source key.");
    }
    int max = 0;
    boolean aliased = false;
    for (int j = 0; j < sources.length; j++) {
      max = Math.max(max, sources[j].length);
      aliased |= j > 0 && sources[j] == dest;
    }
    byte[] out = aliased || dest.bytes.length < max ? new byte[max] : dest.bytes;
    Bitops.copyHead(sources[0], out, max);
    for (int j = 1; j < sources.length; j++) {
      Bitops.fold(op, out, max, sources[j].bytes, sources[j].length);
    }
    if (op == Op.NOT) {
      Bitops.not(out, max);
    }
    dest.adopt(out, max);
    return max;
  }

  /**
   * Two-source {@link #bitOp(Op, Bitmap, Bitmap[])} without the varargs array: {@code bitOp(AND, a,
   * a, b)} is {@code a &= b} in place.
   *
   * @param op the operation, not {@link Op#NOT}
   * @param dest receives the result
   * @param a the first source
   * @param b the second source
   * @return the result length in bytes
   */
  public static int bitOp(Op op, Bitmap dest, Bitmap a, Bitmap b) {
    if (op == Op.NOT) {
      throw new IllegalArgumentException("ERR BITOP NOT must be called with a single source key.");
    }
    int max = Math.max(a.length, b.length);
    byte[] out = b == dest || dest.bytes.length < max ? new byte[max] : dest.bytes;
    Bitops.copyHead(a, out, max);
    Bitops.fold(op, out, max, b.bytes, b.length);
    dest.adopt(out, max);
    return max;
  }

  /** Installs a computed result, keeping I2 (zero tail) when the array is reused. */
  private void adopt(byte[] out, int newLength) {
    if (out == bytes && newLength < length) {
      Arrays.fill(bytes, newLength, length, (byte) 0);
    }
    bytes = out;
    length = newLength;
  }

  // ---------------------------------------------------------------- SET (whole value)

  /**
   * Replaces the whole value, as {@code SET key value}; the capacity becomes the value's length.
   *
   * @param value the new bytes (copied)
   */
  public void set(byte[] value) {
    checkLength(value.length);
    bytes = value.clone();
    length = value.length;
  }

  // ---------------------------------------------------------------- growth and checks

  /**
   * Zero-extends the string to {@code newLength} bytes if it is shorter. Redis: sdsgrowzero and the
   * greedy sdsMakeRoomFor, src/sds.c.
   */
  void growTo(int newLength) {
    if (newLength <= length) {
      return;
    }
    if (newLength > bytes.length) {
      long target =
          newLength < SDS_MAX_PREALLOC ? 2L * newLength : (long) newLength + SDS_MAX_PREALLOC;
      bytes = Arrays.copyOf(bytes, (int) Math.min(target, Integer.MAX_VALUE - 16));
    }
    length = newLength;
  }

  static void checkOffset(long offset) {
    if (offset < 0 || offset > MAX_BIT_OFFSET) {
      throw new IllegalArgumentException(ERR_BIT_OFFSET);
    }
  }

  private static void checkLength(int len) {
    if (len > MAX_LENGTH) {
      throw new IllegalArgumentException(
          "a value of " + len + " bytes is longer than bit commands allow (" + MAX_LENGTH + ")");
    }
  }

  /** Big-endian word at byte index i, zero-padded past the array. */
  long wordBE(int i) {
    if (i + 8 <= bytes.length) {
      return (long) LONG_BE.get(bytes, i);
    }
    long w = 0;
    for (int k = 0; k < 8; k++) {
      w = (w << 8) | (i + k < bytes.length ? bytes[i + k] & 0xFF : 0);
    }
    return w;
  }

  /** Byte at index i as 0..255, zero past the array. */
  int byteAt(long i) {
    return i < bytes.length ? bytes[(int) i] & 0xFF : 0;
  }

  /** Checks I1..I3; throws AssertionError naming the broken invariant. */
  void checkInvariants() {
    if (length < 0 || length > bytes.length) {
      throw new AssertionError("I1: length " + length + " capacity " + bytes.length);
    }
    for (int i = length; i < bytes.length; i++) {
      if (bytes[i] != 0) {
        throw new AssertionError("I2: non-zero byte past the end at " + i);
      }
    }
    if (length > MAX_LENGTH) {
      throw new AssertionError("I3: length " + length);
    }
  }

  // ---------------------------------------------------------------- BITFIELD

  /**
   * Reads a field, as {@code BITFIELD key GET type offset}: signed types are sign-extended, bits
   * past the end read as 0, nothing changes.
   *
   * @param type the field type
   * @param offset the bit offset of the field's most significant bit
   * @return the value
   * @throws IllegalArgumentException with {@value #ERR_BIT_OFFSET} if the offset is out of range
   */
  public long getField(BitFieldType type, long offset) {
    checkOffset(offset);
    return Fields.get(this, type, offset);
  }

  /**
   * Writes a field, as {@code BITFIELD key OVERFLOW overflow SET type offset value}, and returns
   * the old value. A value outside the type's range wraps (WRAP) or saturates (SAT); for an
   * unsigned type a negative value counts as too large (it saturates to the maximum).
   *
   * @param type the field type
   * @param offset the bit offset
   * @param value the new value
   * @param overflow what to do when the value does not fit
   * @return the previous value of the field
   * @throws ArithmeticException under {@link Overflow#FAIL} when the value does not fit; nothing
   *     changes
   * @throws IllegalArgumentException with {@value #ERR_BIT_OFFSET} if the offset is out of range
   */
  public long setField(BitFieldType type, long offset, long value, Overflow overflow) {
    checkOffset(offset);
    long stored = Fields.settle(type, value, 0, overflow);
    growTo(Fields.endByte(type, offset));
    long old = Fields.get(this, type, offset);
    Fields.put(this, type, offset, stored);
    return old;
  }

  /**
   * Adds to a field, as {@code BITFIELD key OVERFLOW overflow INCRBY type offset increment}, and
   * returns the new value.
   *
   * @param type the field type
   * @param offset the bit offset
   * @param increment the signed increment
   * @param overflow what to do when the sum does not fit
   * @return the new value of the field
   * @throws ArithmeticException under {@link Overflow#FAIL} when the sum does not fit; nothing
   *     changes
   * @throws IllegalArgumentException with {@value #ERR_BIT_OFFSET} if the offset is out of range
   */
  public long incrField(BitFieldType type, long offset, long increment, Overflow overflow) {
    checkOffset(offset);
    long old = Fields.get(this, type, offset);
    long updated = Fields.settle(type, old, increment, overflow);
    growTo(Fields.endByte(type, offset));
    Fields.put(this, type, offset, updated);
    return updated;
  }

  // ---------------------------------------------------------------- Object

  /** Two bitmaps are equal when their bytes are (capacity does not matter). */
  @Override
  public boolean equals(Object o) {
    return o instanceof Bitmap other
        && Arrays.equals(bytes, 0, length, other.bytes, 0, other.length);
  }

  @Override
  public int hashCode() {
    int h = 1;
    for (int i = 0; i < length; i++) {
      h = 31 * h + bytes[i];
    }
    return h;
  }

  /** Returns the length and up to the first 32 bytes in hex. */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("Bitmap[").append(length).append(" bytes:");
    for (int i = 0; i < Math.min(length, 32); i++) {
      sb.append(' ').append(Character.forDigit((bytes[i] >> 4) & 0xF, 16));
      sb.append(Character.forDigit(bytes[i] & 0xF, 16));
    }
    return sb.append(length > 32 ? " ...]" : "]").toString();
  }
}
