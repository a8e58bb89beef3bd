package dev.redstruct.intset;

import static dev.redstruct.intset.IntSetLayout.ENC_INT16;
import static dev.redstruct.intset.IntSetLayout.HEADER;

import dev.redstruct.core.CorruptEncodingException;
import java.util.Arrays;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.PrimitiveIterator;
import java.util.random.RandomGenerator;

/**
 * Redis's intset: a sorted array of distinct {@code long} values stored as one little-endian blob
 * whose elements are all 2, 4 or 8 bytes wide (the encoding), the representation Redis 7.0.15 gives
 * a set of at most {@code set-max-intset-entries} integers. {@link #toByteArray()} is the blob
 * Redis keeps in memory and writes as the body of an RDB type-11 value, byte for byte; the layout
 * is drawn in {@code IntSetLayout}.
 *
 * <p><b>Cost.</b> {@link #contains} and {@link #indexOf} are binary searches, O(log n). {@link
 * #add} and {@link #remove} move the tail of the array, O(n); an add that needs a wider encoding
 * rewrites every element (an upgrade), O(n). {@link #get}, {@link #size} and {@link #encoding} are
 * O(1). Iteration is ascending and allocates no boxes through {@link PrimitiveIterator.OfLong}.
 *
 * <p><b>Bytes and ownership.</b> {@link #copyOf} copies and deep-validates; {@link #wrap} takes the
 * array without copying (the caller must not touch it afterwards) and checks only the header;
 * {@link #validate()} runs the deep check. {@link #toByteArray()} always returns a fresh copy.
 * Corrupt bytes throw {@link CorruptEncodingException} and nothing else. {@link
 * #validateIntegrity(byte[], boolean)} is Redis's own verdict for a blob loaded from RDB, which
 * also refuses an empty intset.
 *
 * <p><b>Equality.</b> Two intsets are equal when they hold the same values, whatever their
 * encodings ({@code 1} stored in 2 or in 8 bytes is the same member to Redis). Not thread-safe; no
 * state is shared between instances.
 */
public final class IntSet implements Iterable<Long> {
  /* Implementation notes (Redis 7.0.15, src/intset.c).
   *
   * buf holds the blob at [0, 8 + len * enc) with its header kept current, and spare capacity
   * after it (Redis reallocs to the exact size on every change; we grow by half to make n adds
   * O(n) amortized copies). Invariants, checked by checkInvariants():
   *   I1 enc is 2, 4 or 8 and equals the header's encoding field; len equals the length field.
   *   I2 buf.length >= 8 + len * enc.
   *   I3 the elements are strictly ascending.
   *   I4 every element fits enc (an element stored in 8 bytes may be small: no downgrade).
   */

  /** Elements are never more than this many, so a blob stays within one Java array. */
  static final int MAX_BYTES = Integer.MAX_VALUE - 16;

  private static final int TO_STRING_ELEMENTS = 10;

  private byte[] buf;
  private int enc;
  private int len;

  private IntSet(byte[] buf, int enc, int len) {
    this.buf = buf;
    this.enc = enc;
    this.len = len;
  }

  /**
   * Creates an empty intset: encoding 2, length 0, as Redis's {@code intsetNew}.
   *
   * @return a new empty intset
   */
  public static IntSet create() {
    byte[] b = new byte[HEADER + 8 * ENC_INT16];
    IntSetLayout.putEncoding(b, ENC_INT16);
    return new IntSet(b, ENC_INT16, 0);
  }

  /**
   * An intset holding the given values (in any order, repeats ignored), built by adding them one by
   * one as {@code SADD} would.
   *
   * @param values the values
   * @return a new intset
   */
  public static IntSet of(long... values) {
    Objects.requireNonNull(values, "values");
    IntSet s = create();
    for (long v : values) {
      s.add(v);
    }
    return s;
  }

  /**
   * Copies and deep-validates an intset blob: the header (encoding 2, 4 or 8; exact size) and
   * strictly ascending elements. An empty intset is accepted (see {@link #validateIntegrity}).
   *
   * @param blob the blob (untrusted; not retained)
   * @return the intset
   * @throws CorruptEncodingException if the blob is not an intset
   */
  public static IntSet copyOf(byte[] blob) {
    Objects.requireNonNull(blob, "blob");
    IntSet s = wrap(blob.clone());
    s.validate();
    return s;
  }

  /**
   * Takes a blob without copying it and checks its header only (encoding 2, 4 or 8; exact size).
   * The caller must not touch the array afterwards; run {@link #validate()} before trusting the
   * order of untrusted bytes.
   *
   * @param blob the blob, owned by the intset from now on
   * @return the intset
   * @throws CorruptEncodingException if the header is corrupt
   */
  public static IntSet wrap(byte[] blob) {
    Objects.requireNonNull(blob, "blob");
    int len = IntSetLayout.checkHeader(blob, blob.length);
    return new IntSet(blob, (int) IntSetLayout.encoding(blob), len);
  }

  /**
   * The deep check of a wrapped blob: the elements are strictly ascending.
   *
   * @throws CorruptEncodingException if two elements are out of order or equal
   */
  public void validate() {
    IntSetLayout.checkOrder(buf, enc, len);
  }

  /**
   * Redis's verdict on a blob loaded from RDB ({@code intsetValidateIntegrity}): a header that
   * fits, encoding 2, 4 or 8, exactly {@code 8 + length * encoding} bytes, not empty, and with
   * {@code deep} ({@code sanitize-dump-payload yes}) strictly ascending elements.
   *
   * @param blob the blob (untrusted; not retained)
   * @param deep whether to check the order of the elements
   * @return whether Redis accepts the blob
   */
  public static boolean validateIntegrity(byte[] blob, boolean deep) {
    Objects.requireNonNull(blob, "blob");
    try {
      int len = IntSetLayout.checkHeader(blob, blob.length);
      if (deep) {
        IntSetLayout.checkOrder(blob, (int) IntSetLayout.encoding(blob), len);
      }
      return len > 0;
    } catch (CorruptEncodingException e) {
      return false;
    }
  }

  /**
   * The number of elements. Redis: intsetLen.
   *
   * @return the size
   */
  public int size() {
    return len;
  }

  /**
   * Whether there are no elements.
   *
   * @return {@code size() == 0}
   */
  public boolean isEmpty() {
    return len == 0;
  }

  /**
   * The width of every element in bytes: 2, 4 or 8.
   *
   * @return the encoding
   */
  public int encoding() {
    return enc;
  }

  /**
   * The size of the blob, {@code 8 + size() * encoding()}. Redis: intsetBlobLen.
   *
   * @return the blob length in bytes
   */
  public int blobLength() {
    return HEADER + len * enc;
  }

  /**
   * The element at an index, in ascending order. Redis: intsetGet.
   *
   * @param index from 0 to {@code size() - 1}
   * @return the element
   * @throws IndexOutOfBoundsException if the index is out of range
   */
  public long get(int index) {
    Objects.checkIndex(index, len);
    return IntSetLayout.get(buf, enc, index);
  }

  /**
   * The smallest element.
   *
   * @return the first element
   * @throws NoSuchElementException if empty
   */
  public long min() {
    requireNotEmpty();
    return IntSetLayout.get(buf, enc, 0);
  }

  /**
   * The greatest element.
   *
   * @return the last element
   * @throws NoSuchElementException if empty
   */
  public long max() {
    requireNotEmpty();
    return IntSetLayout.get(buf, enc, len - 1);
  }

  /**
   * Whether the value is an element. A value wider than the encoding is absent without a search.
   * Redis: intsetFind.
   *
   * @param value the value
   * @return whether it is present
   */
  public boolean contains(long value) {
    return IntSetLayout.valueEncoding(value) <= enc && search(value) >= 0;
  }

  /**
   * The index of the value, or {@code -(insertion point) - 1} when absent, as {@link
   * Arrays#binarySearch(long[], long)} answers. Redis: intsetSearch.
   *
   * @param value the value
   * @return its index, or the encoded insertion point
   */
  public int indexOf(long value) {
    if (IntSetLayout.valueEncoding(value) > enc) {
      return value < 0 ? -1 : -len - 1;
    }
    return search(value);
  }

  /** Redis: intsetSearch: the ends first, then a binary search with unsigned midpoints. */
  private int search(long value) {
    if (len == 0) {
      return -1;
    }
    if (value > IntSetLayout.get(buf, enc, len - 1)) {
      return -len - 1;
    } else if (value < IntSetLayout.get(buf, enc, 0)) {
      return -1;
    }
    return IntSetLayout.search(buf, enc, len, value);
  }

  /**
   * Adds a value, widening the encoding first when the value needs it. Redis: intsetAdd.
   *
   * @param value the value
   * @return {@code true} if it was added, {@code false} if already present
   * @throws IllegalStateException if the blob would not fit in one Java array
   */
  public boolean add(long value) {
    int valenc = IntSetLayout.valueEncoding(value);
    if (valenc > enc) {
      upgradeAndAdd(valenc, value);
      return true;
    }
    int pos = search(value);
    if (pos >= 0) {
      return false;
    }
    pos = -pos - 1;
    ensureCapacity(enc, len + 1);
    moveTail(pos, pos + 1);
    IntSetLayout.set(buf, enc, pos, value);
    IntSetLayout.putLength(buf, ++len);
    return true;
  }

  /**
   * Rewrites every element in the wider encoding, back to front, then puts the value first (it is
   * negative, so smaller than all) or last (greater than all). Redis: intsetUpgradeAndAdd.
   */
  private void upgradeAndAdd(int newEnc, long value) {
    int prepend = value < 0 ? 1 : 0;
    checkFits(newEnc, len + 1L);
    byte[] nb = new byte[capacityFor(newEnc, len + 1)];
    for (int i = len - 1; i >= 0; i--) {
      IntSetLayout.set(nb, newEnc, i + prepend, IntSetLayout.get(buf, enc, i));
    }
    IntSetLayout.set(nb, newEnc, prepend == 1 ? 0 : len, value);
    buf = nb;
    enc = newEnc;
    len++;
    IntSetLayout.putEncoding(buf, enc);
    IntSetLayout.putLength(buf, len);
  }

  /**
   * Removes a value; the encoding never narrows. Redis: intsetRemove.
   *
   * @param value the value
   * @return {@code true} if it was present
   */
  public boolean remove(long value) {
    if (IntSetLayout.valueEncoding(value) > enc) {
      return false;
    }
    int pos = search(value);
    if (pos < 0) {
      return false;
    }
    moveTail(pos + 1, pos);
    IntSetLayout.putLength(buf, --len);
    return true;
  }

  /**
   * A uniformly chosen element. Redis: intsetRandom ({@code rand() % length}).
   *
   * @param rnd the source of randomness
   * @return an element
   * @throws NoSuchElementException if empty
   */
  public long random(RandomGenerator rnd) {
    Objects.requireNonNull(rnd, "rnd");
    requireNotEmpty();
    return IntSetLayout.get(buf, enc, rnd.nextInt(len));
  }

  /**
   * The blob, byte for byte as Redis stores it: a fresh copy.
   *
   * @return the blob
   */
  public byte[] toByteArray() {
    return Arrays.copyOf(buf, blobLength());
  }

  /**
   * The elements in ascending order.
   *
   * @return a new array
   */
  public long[] toLongArray() {
    long[] out = new long[len];
    for (int i = 0; i < len; i++) {
      out[i] = IntSetLayout.get(buf, enc, i);
    }
    return out;
  }

  /**
   * An ascending iterator; {@code nextLong()} allocates nothing. Not fail-fast: do not modify the
   * intset while iterating.
   *
   * @return the iterator
   */
  @Override
  public PrimitiveIterator.OfLong iterator() {
    return new PrimitiveIterator.OfLong() {
      private int next;

      @Override
      public boolean hasNext() {
        return next < len;
      }

      @Override
      public long nextLong() {
        if (next >= len) {
          throw new NoSuchElementException();
        }
        return IntSetLayout.get(buf, enc, next++);
      }
    };
  }

  /**
   * A copy with the same encoding and elements.
   *
   * @return the copy
   */
  public IntSet copy() {
    return new IntSet(toByteArray(), enc, len);
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof IntSet other) || other.len != len) {
      return false;
    }
    for (int i = 0; i < len; i++) {
      if (IntSetLayout.get(buf, enc, i) != IntSetLayout.get(other.buf, other.enc, i)) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int hashCode() {
    int h = 1;
    for (int i = 0; i < len; i++) {
      h = 31 * h + Long.hashCode(IntSetLayout.get(buf, enc, i));
    }
    return h;
  }

  /** The first ten elements, then a count of the rest: {@code [1, 2, 3]}. */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("[");
    int shown = Math.min(len, TO_STRING_ELEMENTS);
    for (int i = 0; i < shown; i++) {
      sb.append(i == 0 ? "" : ", ").append(IntSetLayout.get(buf, enc, i));
    }
    if (len > shown) {
      sb.append(", ... (").append(len - shown).append(" more)");
    }
    return sb.append(']').toString();
  }

  /** I1..I4 of the implementation notes; throws AssertionError when one fails. */
  void checkInvariants() {
    check(enc == IntSetLayout.ENC_INT16 || enc == IntSetLayout.ENC_INT32 || enc == 8, "I1 enc");
    check(IntSetLayout.encoding(buf) == enc && IntSetLayout.length(buf) == len, "I1 header");
    check(buf.length >= blobLength(), "I2 capacity");
    for (int i = 0; i < len; i++) {
      long v = IntSetLayout.get(buf, enc, i);
      check(i == 0 || v > IntSetLayout.get(buf, enc, i - 1), "I3 ascending at " + i);
      check(IntSetLayout.valueEncoding(v) <= enc, "I4 fits at " + i);
    }
  }

  private static void check(boolean ok, String what) {
    if (!ok) {
      throw new AssertionError("intset invariant " + what);
    }
  }

  private void requireNotEmpty() {
    if (len == 0) {
      throw new NoSuchElementException("empty intset");
    }
  }

  /** Redis: intsetMoveTail: the elements from {@code from} to the end move to {@code to}. */
  private void moveTail(int from, int to) {
    System.arraycopy(buf, HEADER + from * enc, buf, HEADER + to * enc, (len - from) * enc);
  }

  private void ensureCapacity(int e, int n) {
    checkFits(e, n);
    if (buf.length < HEADER + n * e) {
      buf = Arrays.copyOf(buf, capacityFor(e, n));
    }
  }

  private static int capacityFor(int e, int n) {
    long want = IntSetLayout.blobLength(e, n);
    long grown = want + (want >> 1);
    return (int) Math.min(grown, MAX_BYTES);
  }

  private static void checkFits(int e, long n) {
    if (IntSetLayout.blobLength(e, n) > MAX_BYTES) {
      throw new IllegalStateException("an intset of " + n + " elements of " + e + " bytes");
    }
  }
}
