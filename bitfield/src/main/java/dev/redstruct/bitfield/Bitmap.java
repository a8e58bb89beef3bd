package dev.redstruct.bitfield;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.BitSet;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.PrimitiveIterator;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.LongStream;
import java.util.stream.StreamSupport;

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
 * <p>Units: bit offsets and the names {@code java.util.BitSet} uses mean bits, as in {@code
 * BitSet}: {@link #length()} is the highest set bit plus one, {@link #cardinality()} the number of
 * set bits, {@link #nextSetBit(long)} and {@link #nextClearBit(long)} take and return bit indexes,
 * and iterating a bitmap ({@link #iterator()}, {@link #stream()}) gives the set bits in increasing
 * order, as {@code BitSet.stream()} and RoaringBitmap do. Byte units say so in their name: {@link
 * #byteLength()} is {@code STRLEN}, {@link #bitPosFromByte(boolean, long)} is {@code BITPOS key bit
 * start} (whose start counts bytes); {@code BITCOUNT} and {@code BITPOS} ranges take an explicit
 * {@link Unit}.
 *
 * <p>Complexity: {@code setBit}/{@code getBit} O(1) amortised; {@code bitCount}, {@code bitPos} and
 * {@code bitOp} O(n) over 64-bit words; {@link #toByteArray()} and the byte-array factories O(n).
 * The hot paths allocate nothing except when the string grows. Null arguments (and null elements of
 * array arguments) are rejected with a {@link NullPointerException} naming the parameter, before
 * anything changes.
 *
 * <p>Thread safety: not thread-safe; callers synchronise writes externally. Methods that only read
 * ({@code getBit}, {@code bitCount}, {@code bitPos}, {@code getField}, {@code toByteArray}, {@code
 * length}, iteration, {@code equals}, {@code toString}) change nothing, so several threads may read
 * a bitmap that no thread writes once it has been safely published. The class holds no shared
 * mutable state: distinct bitmaps never interfere.
 */
public final class Bitmap implements Iterable<Long> {
  /*
   * Implementation notes.
   *
   * Mirrors src/bitops.c and the growth rule of sdsMakeRoomFor (src/sds.c) of Redis 7.0.15.
   *
   * Layout: the string's bytes are packed big-endian into 64-bit words, so Redis bit n is bit
   * (63 - n % 64) of words[n / 64]:
   *
   *   bytes  66 6f 6f 62 61 72 ("foobar")
   *   words[0] = 0x666f6f6261720000     (byte 8k+j sits in bits 63-8j .. 56-8j of word k)
   *
   * With this layout every hot loop is a plain long[] loop, as in java.util.BitSet (which the JIT
   * unrolls and vectorises), while a word's most significant bit is still the lowest Redis bit
   * number, so Long.numberOfLeadingZeros gives positions and a BITFIELD field is a shift of at most
   * two words. Byte arrays are converted on the way in and out (VarHandle big-endian views).
   *
   * alloc models sdsalloc: when a write needs L > alloc bytes, the new alloc is 2L below 1 MB and
   * L + 1 MB above (Redis adds allocator rounding on top, which nothing observable depends on).
   *
   * Invariants (checkInvariants):
   *   I1  0 <= length <= alloc <= words.length * 8
   *   I2  every byte at index >= length is zero, so whole-word loops see the zero padding that
   *       Redis's commands assume past the end
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

  static final VarHandle LONG_BE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  private static final long[] EMPTY = new long[0];

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

  private long[] words;

  /** The string's length in bytes ({@code STRLEN}, {@link #byteLength()}), not BitSet's length. */
  private int length;

  private int alloc;

  private Bitmap(long[] words, int length, int alloc) {
    this.words = words;
    this.length = length;
    this.alloc = alloc;
  }

  private static Bitmap ofBytes(byte[] value) {
    checkLength(value.length);
    int len = value.length;
    long[] w = new long[(len + 7) >>> 3];
    int full = len >>> 3;
    for (int k = 0; k < full; k++) {
      w[k] = (long) LONG_BE.get(value, k << 3);
    }
    for (int i = full << 3; i < len; i++) {
      w[full] |= (value[i] & 0xFFL) << (56 - 8 * (i & 7));
    }
    return new Bitmap(w, len, len);
  }

  /** Number of words that hold the value's bytes. */
  private static int wordsFor(int bytes) {
    return (bytes + 7) >>> 3;
  }

  /**
   * Returns an empty bitmap (what a missing key reads as).
   *
   * @return a new, empty bitmap
   */
  public static Bitmap create() {
    return new Bitmap(EMPTY, 0, 0);
  }

  /**
   * Returns a bitmap holding the given bytes, e.g. a value obtained with {@code GET}. The words
   * layout cannot view a byte array, so this reads the bytes once (O(n)) and keeps no reference to
   * the array; it is the same as {@link #copyOf}.
   *
   * @param value the string's bytes
   * @return a bitmap whose {@link #toByteArray()} equals {@code value}
   * @throws IllegalArgumentException if the value is longer than Redis's strings can get through
   *     bit commands
   */
  public static Bitmap wrap(byte[] value) {
    return ofBytes(Objects.requireNonNull(value, "value"));
  }

  /**
   * Returns a bitmap holding a copy of the given bytes.
   *
   * @param value the string's bytes
   * @return a new bitmap
   * @throws IllegalArgumentException if the value is too long (see {@link #wrap})
   */
  public static Bitmap copyOf(byte[] value) {
    return ofBytes(Objects.requireNonNull(value, "value"));
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
    Objects.requireNonNull(set, "set");
    long highest = set.length() - 1L;
    if (highest > MAX_BIT_OFFSET) {
      throw new IllegalArgumentException(ERR_BIT_OFFSET);
    }
    int len = (int) ((highest + 8) >>> 3);
    long[] w = set.toLongArray();
    for (int k = 0; k < w.length; k++) {
      w[k] = Long.reverse(w[k]);
    }
    return new Bitmap(w, len, len);
  }

  /**
   * Returns a {@link BitSet} whose bit {@code n} is set exactly when {@link #getBit getBit(n)}.
   *
   * @return a new bit set
   */
  public BitSet toBitSet() {
    long[] w = new long[wordsFor(length)];
    for (int k = 0; k < w.length; k++) {
      w[k] = Long.reverse(words[k]);
    }
    return BitSet.valueOf(w);
  }

  /**
   * Returns the value's bytes, as {@code GET} would (a fresh copy).
   *
   * @return the bytes
   */
  public byte[] toByteArray() {
    byte[] out = new byte[length];
    int full = length >>> 3;
    for (int k = 0; k < full; k++) {
      LONG_BE.set(out, k << 3, words[k]);
    }
    for (int i = full << 3; i < length; i++) {
      out[i] = (byte) byteAt(i);
    }
    return out;
  }

  /**
   * Returns the string length in bytes, as {@code STRLEN} (trailing zero bytes included).
   *
   * @return the length in bytes
   */
  public int byteLength() {
    return length;
  }

  /**
   * Returns the highest set bit plus one, or 0 when no bit is set, as {@link BitSet#length()}:
   * bits, not bytes, and trailing zero bytes do not count (see {@link #byteLength()} for {@code
   * STRLEN}).
   *
   * @return the logical size in bits
   */
  public long length() {
    long[] w = words;
    for (int k = wordsFor(length) - 1; k >= 0; k--) {
      if (w[k] != 0) {
        return ((long) k << 6) + 64 - Long.numberOfTrailingZeros(w[k]);
      }
    }
    return 0;
  }

  /** Reserved bytes, as sdsalloc would report them without allocator rounding. */
  int capacity() {
    return alloc;
  }

  /** The backing words (see the layout above); package callers keep I2. */
  long[] words() {
    return words;
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
    // the offset is below 2^32 now: the unsigned shifts of its low 32 bits are the byte and word
    // indexes, and C2 sees they are not negative (int arithmetic, as BitSet's)
    int bit = (int) offset;
    int index = bit >>> 3;
    if (index >= length) {
      growTo(index + 1);
    }
    long[] w = words;
    int k = bit >>> 6;
    long mask = Long.MIN_VALUE >>> bit; // the shift uses bit & 63
    long old = w[k];
    w[k] = value ? old | mask : old & ~mask;
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
    int bit = (int) offset; // see setBit
    long[] w = words;
    int k = bit >>> 6;
    // past the end: beyond the array, or zero by I2. The bit is shifted down to bit 0 (by
    // 63 - bit % 64, which is ~bit & 63) rather than tested under a mask: a caller's
    // "getBit(o) ? 1 : 0" then compiles to that int, with no compare; measured 1.1-1.2x BitSet.get
    // in
    // the random-offset benchmark, against 0.9x for the mask test
    return k < w.length && ((int) (w[k] >>> ~bit) & 1) != 0;
  }

  // ---------------------------------------------------------------- BITCOUNT

  /**
   * Counts the set bits of the whole string, as {@code BITCOUNT key}.
   *
   * @return the population count
   */
  public long bitCount() {
    return Bitops.popcount(words, 0, wordsFor(length));
  }

  /**
   * Returns the number of set bits, as {@link BitSet#cardinality()}; the same as {@link
   * #bitCount()}.
   *
   * @return the population count
   */
  public long cardinality() {
    return bitCount();
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
    return unit == Unit.BYTE ? popcount(start * 8, end * 8 + 7) : popcount(start, end);
  }

  private static long clampIndex(long index, long total) {
    long v = index < 0 ? index + total : index;
    return v < 0 ? 0 : v;
  }

  /**
   * Set bits in bit range [from, to], both inside the string. Redis: redisPopcount and the edge
   * masks of bitcountCommand, src/bitops.c.
   */
  private long popcount(long from, long to) {
    long[] w = words;
    int first = (int) (from >>> 6);
    int last = (int) (to >>> 6);
    long head = -1L >>> from;
    long tail = -1L << (63 - (to & 63));
    if (first == last) {
      return Long.bitCount(w[first] & head & tail);
    }
    return Long.bitCount(w[first] & head)
        + Long.bitCount(w[last] & tail)
        + Bitops.popcount(w, first + 1, last);
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
   * Returns the first bit equal to {@code bit} from byte {@code startByte} on, as {@code BITPOS key
   * bit start}, whose start counts bytes (Redis offers no unit without an end). With no end, a
   * search for 0 through ones answers the first bit past the string. For a start in bits use {@link
   * #nextSetBit(long)} / {@link #nextClearBit(long)}, or {@link #bitPos(boolean, long, long, Unit)}
   * with {@link Unit#BIT}.
   *
   * @param bit the value looked for
   * @param startByte first byte, negative counts from the end
   * @return the bit position (in bits) or -1
   */
  public long bitPosFromByte(boolean bit, long startByte) {
    long s = clampIndex(startByte, length);
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
    long[] w = words;
    long flip = bit ? 0 : -1L;
    int first = (int) (from >>> 6);
    int last = (int) (to >>> 6);
    long head = -1L >>> from;
    long tail = -1L << (63 - (to & 63));
    long v = (w[first] ^ flip) & head;
    if (first == last) {
      v &= tail;
    } else if (v == 0) {
      int k = first + 1;
      while (k < last && (v = w[k] ^ flip) == 0) {
        k++;
      }
      first = k;
      if (k == last) {
        v = (w[last] ^ flip) & tail;
      }
    }
    if (v != 0) {
      return ((long) first << 6) + Long.numberOfLeadingZeros(v);
    }
    return !bit && !endGiven ? ((to >>> 3) + 1) * 8 : -1;
  }

  // ---------------------------------------------------------------- BitSet-like navigation

  /**
   * Returns the first set bit at or after {@code fromIndex}, or -1 if there is none, as {@link
   * BitSet#nextSetBit(int)}.
   *
   * @param fromIndex the bit to start from (inclusive); may lie past the end
   * @return the index of the next set bit, or -1
   * @throws IndexOutOfBoundsException if {@code fromIndex} is negative
   */
  public long nextSetBit(long fromIndex) {
    checkFromIndex(fromIndex);
    int n = wordsFor(length);
    if (fromIndex >= (long) n << 6) {
      return -1;
    }
    long[] w = words;
    int k = (int) (fromIndex >>> 6);
    long v = w[k] & (-1L >>> fromIndex); // bits at and after fromIndex (MSB first)
    while (v == 0) {
      if (++k == n) {
        return -1;
      }
      v = w[k];
    }
    return ((long) k << 6) + Long.numberOfLeadingZeros(v);
  }

  /**
   * Returns the first clear bit at or after {@code fromIndex}, as {@link BitSet#nextClearBit(int)}:
   * bits past the end of the string are clear, so there always is one.
   *
   * @param fromIndex the bit to start from (inclusive); may lie past the end
   * @return the index of the next clear bit
   * @throws IndexOutOfBoundsException if {@code fromIndex} is negative
   */
  public long nextClearBit(long fromIndex) {
    checkFromIndex(fromIndex);
    int n = wordsFor(length);
    if (fromIndex >= (long) n << 6) {
      return fromIndex;
    }
    long[] w = words;
    int k = (int) (fromIndex >>> 6);
    long v = ~w[k] & (-1L >>> fromIndex);
    while (v == 0) {
      if (++k == n) {
        return (long) n << 6; // every word full: the first bit past the string
      }
      v = ~w[k];
    }
    return ((long) k << 6) + Long.numberOfLeadingZeros(v);
  }

  private static void checkFromIndex(long fromIndex) {
    if (fromIndex < 0) {
      throw new IndexOutOfBoundsException("fromIndex < 0: " + fromIndex);
    }
  }

  /**
   * Returns the set bits in increasing order, as a primitive iterator ({@code nextLong()} does not
   * box). The iterator reads this bitmap as it goes: if the bitmap changes during the iteration,
   * what it returns afterwards is unspecified (it does not fail fast). {@code remove} is not
   * supported.
   *
   * @return an iterator over the indexes of the set bits
   */
  @Override
  public PrimitiveIterator.OfLong iterator() {
    return new PrimitiveIterator.OfLong() {
      private long next = nextSetBit(0);

      @Override
      public boolean hasNext() {
        return next >= 0;
      }

      @Override
      public long nextLong() {
        long r = next;
        if (r < 0) {
          throw new NoSuchElementException();
        }
        next = nextSetBit(r + 1);
        return r;
      }
    };
  }

  private static final int SET_BITS_CHARACTERISTICS =
      Spliterator.ORDERED
          | Spliterator.DISTINCT
          | Spliterator.SORTED
          | Spliterator.NONNULL
          | Spliterator.SIZED
          | Spliterator.SUBSIZED;

  /**
   * Returns the set bits in increasing order, as {@link BitSet#stream()}. The stream binds to this
   * bitmap when its terminal operation starts; changing the bitmap during that operation gives an
   * unspecified result.
   *
   * @return a sequential stream of the indexes of the set bits
   */
  public LongStream stream() {
    return StreamSupport.longStream(
        () -> Spliterators.spliterator(iterator(), cardinality(), SET_BITS_CHARACTERISTICS),
        SET_BITS_CHARACTERISTICS,
        false);
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
    Objects.requireNonNull(sources, "sources");
    for (Bitmap b : sources) {
      Objects.requireNonNull(b, "sources[i]");
    }
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
    long[] out =
        aliased || dest.words.length < wordsFor(max) ? new long[wordsFor(max)] : dest.words;
    Bitops.copyHead(sources[0], out, wordsFor(max));
    for (int j = 1; j < sources.length; j++) {
      Bitops.fold(op, out, wordsFor(max), sources[j].words, wordsFor(sources[j].length));
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
    Objects.requireNonNull(op, "op");
    Objects.requireNonNull(dest, "dest");
    Objects.requireNonNull(a, "a");
    Objects.requireNonNull(b, "b");
    if (op == Op.NOT) {
      throw new IllegalArgumentException("ERR BITOP NOT must be called with a single source key.");
    }
    int max = Math.max(a.length, b.length);
    int n = wordsFor(max);
    long[] out = b == dest || dest.words.length < n ? new long[n] : dest.words;
    Bitops.copyHead(a, out, n);
    Bitops.fold(op, out, n, b.words, wordsFor(b.length));
    dest.adopt(out, max);
    return max;
  }

  /**
   * Installs a computed result whose words [0, wordsFor(newLength)) are final; when the array is
   * reused and the value shrank, clears the stale words after them, keeping I2 (when it grew, the
   * words past the old length were zero by I2 and the fold wrote them). A new array gets alloc =
   * length, as BITOP stores a freshly built string. Must not throw: the result is already in out,
   * which may be this bitmap's own array.
   */
  private void adopt(long[] out, int newLength) {
    if (out == words) {
      if (newLength < length) {
        Arrays.fill(words, wordsFor(newLength), wordsFor(length), 0L);
      }
      alloc = Math.max(alloc, newLength); // the word array already had room for the bytes
    } else {
      alloc = newLength;
    }
    words = out;
    length = newLength;
  }

  // ---------------------------------------------------------------- SET (whole value)

  /**
   * Replaces the whole value, as {@code SET key value}; the capacity becomes the value's length.
   *
   * @param value the new bytes (copied)
   */
  public void set(byte[] value) {
    Bitmap b = ofBytes(Objects.requireNonNull(value, "value"));
    words = b.words;
    length = b.length;
    alloc = b.alloc;
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
    if (newLength > alloc) {
      long target =
          newLength < SDS_MAX_PREALLOC ? 2L * newLength : (long) newLength + SDS_MAX_PREALLOC;
      alloc = (int) Math.min(target, Integer.MAX_VALUE - 16);
      words = Arrays.copyOf(words, wordsFor(alloc));
    }
    length = newLength;
  }

  static void checkOffset(long offset) {
    // two compares, not one (offset >>> 32 != 0): when the offset comes from an int, C2 drops the
    // upper one and keeps a sign test, which measured ~10% faster in random getBit loops
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

  /** Byte at index i as 0..255 (zero past the end). */
  int byteAt(int i) {
    int k = i >>> 3;
    return k < words.length ? (int) (words[k] >>> (56 - 8 * (i & 7))) & 0xFF : 0;
  }

  /** Checks I1..I3; throws AssertionError naming the broken invariant. */
  void checkInvariants() {
    if (length < 0 || length > alloc || alloc > (long) words.length * 8) {
      throw new AssertionError(
          "I1: length " + length + " alloc " + alloc + " words " + words.length);
    }
    for (int i = length; i < words.length * 8; i++) {
      if (byteAt(i) != 0) {
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
    Objects.requireNonNull(type, "type");
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
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(overflow, "overflow");
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
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(overflow, "overflow");
    checkOffset(offset);
    if (overflow == Overflow.WRAP
        && Fields.inOneWord(type, offset)
        && offset + type.bits() <= (long) length << 3) { // inside the string: nothing to grow
      return Fields.incrWrapInWord(this, type, offset, increment);
    }
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
        && length == other.length
        && Arrays.equals(words, 0, wordsFor(length), other.words, 0, wordsFor(length));
  }

  @Override
  public int hashCode() {
    int h = length;
    for (int k = 0; k < wordsFor(length); k++) {
      h = 31 * h + Long.hashCode(words[k]);
    }
    return h;
  }

  /** Returns the length and up to the first 32 bytes in hex. */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("Bitmap[").append(length).append(" bytes:");
    for (int i = 0; i < Math.min(length, 32); i++) {
      sb.append(' ').append(Character.forDigit(byteAt(i) >> 4, 16));
      sb.append(Character.forDigit(byteAt(i) & 0xF, 16));
    }
    return sb.append(length > 32 ? " ...]" : "]").toString();
  }
}
