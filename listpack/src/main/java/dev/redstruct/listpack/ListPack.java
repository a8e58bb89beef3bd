package dev.redstruct.listpack;

import static dev.redstruct.listpack.ListPackFormat.EMPTY_SIZE;
import static dev.redstruct.listpack.ListPackFormat.HEADER_SIZE;
import static dev.redstruct.listpack.ListPackFormat.NUMELE_UNKNOWN;
import static dev.redstruct.listpack.ListPackReader.NONE;

import dev.redstruct.core.Codec;
import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.core.RedisNumbers;
import java.util.Arrays;
import java.util.ConcurrentModificationException;
import java.util.List;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * A list of byte strings held in exactly the bytes of a Redis 7.0 listpack, the encoding of every
 * small list node, small hash and small sorted set in Redis 7.0. {@link #toByteArray()} is what
 * Redis 7.0.15 would hold after the same operations, byte for byte.
 *
 * <pre>
 *   &lt;total-bytes u32 LE&gt; &lt;num-elements u16 LE, 65535 = unknown&gt; &lt;element&gt;* &lt;0xFF&gt;
 *   element = encoding + data, then backlen (its size, 1..5 bytes of 7 bits, read backwards)
 *
 *   RPUSH l 1 -2 300 hello  (Redis 7.0.15, DUMP) =
 *   16000000 0400 | 01 01 | df fe 02 | c1 2c 02 | 85 68656c6c6f 06 | ff
 *   total 22, 4 elements: 7-bit uint 1; 13-bit int -2; 13-bit int 300; 6-bit string "hello"
 * </pre>
 *
 * (Every encoding is drawn in {@code ListPackFormat}; {@code ListPackTest#formatPictureExample}
 * checks this example.)
 *
 * <p><b>Values.</b> Elements are byte strings. A string that is the canonical decimal form of a
 * signed 64-bit integer (Redis's {@code lpStringToInt64}: 1 to 20 bytes, no sign but {@code -}, no
 * leading zero) is stored with an integer encoding and reads back as the same bytes; {@code long}
 * overloads store integers directly. Indexes may be negative where noted: {@code -1} is the last
 * element, as in Redis.
 *
 * <p><b>Costs.</b> One array holds everything, plus a 24-byte object. {@link #size()} is O(1) while
 * the header count is known (below 65535, as Redis keeps it), else a walk; access by index walks
 * from the nearer end, O(n); inserting or deleting moves the bytes on the shorter side of the point
 * once, O(n) (a listpack never cascades), so an edit at either end, {@link #prepend}, {@link
 * #append} and the {@code poll} methods included, costs O(element) amortized: the array keeps free
 * space before the listpack as well as after it. The array grows by half again when the side that
 * needs room is full (or re-centres the bytes when at least half the listpack is free); {@link
 * #trimToSize()} drops the slack on both sides and {@link #toByteArray()} returns an exact copy.
 * The {@link #cursor() cursor} steps in O(1) both ways and allocates nothing per element.
 *
 * <p><b>Limits and errors.</b> No listpack grows beyond 1 GiB (Redis's {@code lpSafeToAdd}): an
 * operation that would cross it throws {@link IllegalStateException} and changes nothing. Bad
 * indexes throw {@link IndexOutOfBoundsException}, {@code null} arguments a {@link
 * NullPointerException} naming the parameter. Bytes from outside go through {@link #copyOf}, {@link
 * #wrap} or {@link #validate}, which make every check of Redis's {@code lpValidateIntegrity} with
 * {@code deep} set and throw {@link CorruptEncodingException} (with the offset and the reason) and
 * nothing else; a listpack that passed them is safe for every operation.
 *
 * <p><b>Thread safety.</b> Not thread-safe: any concurrent use of one listpack, reads included,
 * needs external synchronization. Cursors and list views fail fast (best effort) after other
 * changes. Listpacks share no mutable state (no static or per-thread scratch), so two threads using
 * two listpacks never interfere.
 */
public final class ListPack {
  /* Implementation notes.
   * State: buf[base, base + total-bytes) is the listpack (the header's total-bytes is the length;
   * the array may have unused slack before and after it: head room for O(1) prepends and head
   * deletes, see ListPackWriter), base, and modCount for fail-fast cursors and views. Nothing else,
   * so a listpack costs its array plus a 24-byte object: the element count is the header's unless that
   * says 65535 (unknown), and then a walk, as in Redis. modCount's low bit is the LOOSE flag: set
   * when a loaded blob holds a backlen that decodes from bytes before its element (see
   * ListPackWriter's notes on detached backlens), never cleared; edits add MOD_STEP, so the flag
   * costs no field (a boolean would make the object 32 bytes). The element decoder's output (an Element)
   * lives on the stack of each method, or in a cursor or view; never per thread or static. Roles: ListPackFormat (layout, the one
   * decoder, the encoder), ListPackReader (the walk), ListPackWriter (the edits),
   * ListPackValidator (untrusted bytes), ListPackCursor and ListPackView (the public faces).
   * Redis 7.0.15 src/listpack.c; each method names the function it mirrors.
   *
   * Invariants (checkInvariants):
   *   I1  0 <= base, 7 <= total-bytes <= buf.length - base, and buf[base + total-bytes - 1] is
   *       0xFF.
   *   I2  buf[base, base + total-bytes) passes deep validation.
   *   I3  the header count equals the number of elements, or is 65535 ("unknown").
   */

  byte[] buf;

  /** Offset of the listpack's first byte in {@link #buf}: the head room before it. */
  int base;

  /**
   * Edit count for fail-fast cursors and views (steps of {@link #MOD_STEP}), plus {@link #LOOSE}.
   */
  int modCount;

  /**
   * modCount's low bit: some backlen may decode from bytes before its element, so edits must take
   * the general path that rewrites it first. Set at load by the validator's walk, never cleared.
   */
  static final int LOOSE = 1;

  /** What an edit adds to modCount, leaving {@link #LOOSE} alone. */
  static final int MOD_STEP = 2;

  private ListPack(byte[] buf, boolean loose) {
    this.buf = buf;
    this.modCount = loose ? LOOSE : 0;
  }

  /** Whether a backlen may decode from bytes before its element (see {@link #LOOSE}). */
  boolean loose() {
    return (modCount & LOOSE) != 0;
  }

  // ---------------------------------------------------------------- factories

  /**
   * Returns an empty listpack: {@code 07000000 0000 ff}. Redis: lpNew.
   *
   * @return a new empty listpack
   */
  public static ListPack create() {
    byte[] b = new byte[EMPTY_SIZE];
    ListPackFormat.writeEmpty(b);
    return new ListPack(b, false);
  }

  /**
   * Loads a listpack, copying it, after deep validation.
   *
   * @param blob the bytes of a listpack, as they appear in a Redis DUMP payload
   * @return a listpack owning a copy of {@code blob}
   * @throws CorruptEncodingException if {@code blob} fails {@link #validate(byte[])}
   */
  public static ListPack copyOf(byte[] blob) {
    boolean loose = ListPackValidator.validateForLoad(Objects.requireNonNull(blob, "blob"));
    return new ListPack(blob.clone(), loose);
  }

  /**
   * Loads a listpack without copying, after deep validation: the listpack works in {@code blob}
   * until it needs more room. The caller must not touch the array afterwards.
   *
   * @param blob the bytes of a listpack
   * @return a listpack backed by {@code blob}
   * @throws CorruptEncodingException if {@code blob} fails {@link #validate(byte[])}
   */
  public static ListPack wrap(byte[] blob) {
    boolean loose = ListPackValidator.validateForLoad(Objects.requireNonNull(blob, "blob"));
    return new ListPack(blob, loose);
  }

  /**
   * Checks untrusted bytes as Redis's {@code lpValidateIntegrity} does with {@code deep} set: at
   * least 7 bytes, total-bytes equal to the length, a final 0xFF; then every element's encoding
   * byte, that its header and body stay inside, that its backlen matches, that the walk ends
   * exactly at the final byte, and that the header count matches unless it is 65535.
   *
   * @param blob the bytes
   * @return the number of elements
   * @throws CorruptEncodingException naming the offset and the reason of the first failed check
   */
  public static int validate(byte[] blob) {
    return ListPackValidator.validate(Objects.requireNonNull(blob, "blob"));
  }

  /**
   * Checks the listpack of a Redis hash or sorted set (RDB types 16 and 17) as {@code RESTORE} does
   * with {@code sanitize-dump-payload yes}: {@link #validate(byte[])}, plus an even number of
   * elements and no field or member (even element) twice, compared by string form. Redis: {@code
   * lpPairsValidateIntegrityAndDups}, src/rdb.c.
   *
   * @param blob the bytes
   * @return the number of elements (twice the number of pairs)
   * @throws CorruptEncodingException if a check fails
   */
  public static int validatePairs(byte[] blob) {
    return ListPackValidator.validatePairs(Objects.requireNonNull(blob, "blob"));
  }

  // ---------------------------------------------------------------- size

  /**
   * Returns the number of elements: the header count, O(1), unless it says "unknown" (65535); then
   * a walk, O(n), and when the count found is below 65535 it is written into the header, as Redis's
   * {@code lpLength} does.
   *
   * @return the number of elements
   */
  public int size() {
    int header = ListPackFormat.numElements(buf, base);
    if (header != NUMELE_UNKNOWN) {
      return header;
    }
    ListPackFormat.Element e = new ListPackFormat.Element();
    int n = ListPackReader.walkCount(buf, base, e);
    if (n < NUMELE_UNKNOWN) {
      ListPackWriter.detach(this, base + HEADER_SIZE, e);
      ListPackFormat.setNumElements(buf, base, n);
    }
    return n;
  }

  /** The number of elements without lpLength's write-back (for internal checks). */
  int count() {
    int header = ListPackFormat.numElements(buf, base);
    return header != NUMELE_UNKNOWN
        ? header
        : ListPackReader.walkCount(buf, base, new ListPackFormat.Element());
  }

  /**
   * Returns whether there are no elements.
   *
   * @return {@code true} if empty
   */
  public boolean isEmpty() {
    return (buf[base + HEADER_SIZE] & 0xFF) == ListPackFormat.EOF;
  }

  /**
   * Returns the length of the array holding the listpack: {@link #sizeInBytes()} plus the slack on
   * both sides.
   *
   * @return the array's length in bytes
   */
  public int capacity() {
    return buf.length;
  }

  /**
   * Returns the listpack's length in bytes (its total-bytes header). Redis: lpBytes.
   *
   * @return the number of bytes {@link #toByteArray()} returns
   */
  public int sizeInBytes() {
    return (int) ListPackFormat.totalBytes(buf, base);
  }

  // ---------------------------------------------------------------- reading

  /**
   * Returns the element at {@code index} as bytes (an integer as its decimal). Redis: lpSeek +
   * lpGet.
   *
   * @param index 0-based, or negative from the end
   * @return a new array
   * @throws IndexOutOfBoundsException if there is no such element
   */
  public byte[] get(int index) {
    return at(index).toByteArray(buf);
  }

  /**
   * Returns whether the element at {@code index} is stored as an integer.
   *
   * @param index 0-based, or negative from the end
   * @return {@code true} for an integer encoding
   * @throws IndexOutOfBoundsException if there is no such element
   */
  public boolean isInteger(int index) {
    return at(index).isInteger;
  }

  /**
   * Returns the integer stored at {@code index}.
   *
   * @param index 0-based, or negative from the end
   * @return the value
   * @throws IndexOutOfBoundsException if there is no such element
   * @throws IllegalStateException if the element is a string
   */
  public long getLong(int index) {
    ListPackFormat.Element e = at(index);
    if (!e.isInteger) {
      throw new IllegalStateException("element " + index + " is a string");
    }
    return e.value;
  }

  /**
   * Returns the index of the first element at or after {@code fromIndex} equal to {@code value},
   * comparing only every {@code skip + 1}-th element (skip 1 compares the keys of a hash or the
   * members of a sorted set). Integer elements equal a value that is their canonical decimal.
   * Redis: lpFind.
   *
   * @param value the bytes to find
   * @param fromIndex where to start, 0-based or negative from the end
   * @param skip elements to skip after each comparison, 0 or more
   * @return the index, or -1
   */
  public int find(byte[] value, int fromIndex, int skip) {
    Objects.requireNonNull(value, "value");
    if (skip < 0) {
      throw new IllegalArgumentException("skip must be >= 0: " + skip);
    }
    ListPackFormat.Element e = new ListPackFormat.Element();
    int from = ListPackReader.seek(buf, base, fromIndex, e);
    if (from == NONE) {
      return -1;
    }
    int p = ListPackReader.find(buf, from, value, 0, value.length, skip, e);
    return p == NONE ? -1 : indexOf(p, e);
  }

  /** The index of the element at offset {@code p} (a forward walk). */
  private int indexOf(int p, ListPackFormat.Element e) {
    int i = 0;
    for (int q = base + HEADER_SIZE; q != p; q = ListPackReader.skip(buf, q, e)) {
      i++;
    }
    return i;
  }

  /**
   * Returns the index of a random pair's key (an even index), for a listpack of pairs. Redis:
   * lpRandomPair.
   *
   * @param rnd the randomness
   * @return an even index below {@link #size()}
   * @throws IllegalStateException if there is no pair
   */
  public int randomPair(RandomGenerator rnd) {
    Objects.requireNonNull(rnd, "rnd");
    return ListPackReader.randomPair(pairs(), rnd);
  }

  /**
   * Returns the key indexes of {@code count} random pairs, repetitions allowed, in pick order.
   * Redis: lpRandomPairs.
   *
   * @param count how many picks
   * @param rnd the randomness
   * @return {@code count} even indexes
   * @throws IllegalStateException if there is no pair
   */
  public int[] randomPairs(int count, RandomGenerator rnd) {
    Objects.requireNonNull(rnd, "rnd");
    if (count < 0) {
      throw new IllegalArgumentException("count must be >= 0: " + count);
    }
    return ListPackReader.randomPairs(pairs(), count, rnd);
  }

  /**
   * Returns the key indexes of up to {@code count} distinct random pairs, in listpack order. Redis:
   * lpRandomPairsUnique.
   *
   * @param count how many pairs at most
   * @param rnd the randomness
   * @return min(count, pairs) ascending even indexes
   */
  public int[] randomPairsUnique(int count, RandomGenerator rnd) {
    Objects.requireNonNull(rnd, "rnd");
    if (count < 0) {
      throw new IllegalArgumentException("count must be >= 0: " + count);
    }
    return ListPackReader.randomPairsUnique(count() / 2, count, rnd);
  }

  private int pairs() {
    int n = count();
    if (n < 2) {
      throw new IllegalStateException("no pair in a listpack of " + n + " elements");
    }
    return n / 2;
  }

  // ---------------------------------------------------------------- writing

  /**
   * Appends a value. Redis: lpAppend.
   *
   * @param value the bytes
   * @throws IllegalStateException past 1 GiB
   */
  public void append(byte[] value) {
    if (ListPackEnds.appendString(this, Objects.requireNonNull(value, "value"))
        == ListPackEnds.GENERAL) {
      ListPackWriter.pushString(this, value, false);
    }
  }

  /**
   * Appends an integer. Redis: lpAppendInteger.
   *
   * @param value the value
   */
  public void append(long value) {
    ListPackWriter.pushInteger(this, false, value);
  }

  /**
   * Prepends a value. Redis: lpPrepend.
   *
   * @param value the bytes
   * @throws IllegalStateException past 1 GiB
   */
  public void prepend(byte[] value) {
    if (ListPackEnds.prependString(this, Objects.requireNonNull(value, "value"))
        == ListPackEnds.GENERAL) {
      ListPackWriter.pushString(this, value, true);
    }
  }

  /**
   * Prepends an integer. Redis: lpPrependInteger.
   *
   * @param value the value
   */
  public void prepend(long value) {
    ListPackWriter.pushInteger(this, true, value);
  }

  /**
   * Inserts a value so that it gets index {@code index}. Redis: lpInsertString with LP_BEFORE (at
   * {@code size()}: lpAppend).
   *
   * @param index 0 to {@link #size()}
   * @param value the bytes
   * @throws IndexOutOfBoundsException if {@code index} is out of range
   */
  public void insert(int index, byte[] value) {
    Objects.requireNonNull(value, "value");
    int p = insertionPoint(index);
    insertString(p, ListPackWriter.BEFORE, value);
  }

  /**
   * Inserts an integer so that it gets index {@code index}. Redis: lpInsertInteger.
   *
   * @param index 0 to {@link #size()}
   * @param value the value
   * @throws IndexOutOfBoundsException if {@code index} is out of range
   */
  public void insert(int index, long value) {
    insertInteger(insertionPoint(index), ListPackWriter.BEFORE, value);
  }

  /**
   * Replaces the element at {@code index}, in place when the new element has the old one's size.
   * Redis: lpReplace.
   *
   * @param index 0-based, or negative from the end
   * @param value the bytes
   * @throws IndexOutOfBoundsException if there is no such element
   */
  public void replace(int index, byte[] value) {
    Objects.requireNonNull(value, "value");
    int p = at(index).start;
    insertString(p, ListPackWriter.REPLACE, value);
  }

  /**
   * Replaces the element at {@code index} with an integer. Redis: lpReplaceInteger.
   *
   * @param index 0-based, or negative from the end
   * @param value the value
   * @throws IndexOutOfBoundsException if there is no such element
   */
  public void replace(int index, long value) {
    insertInteger(at(index).start, ListPackWriter.REPLACE, value);
  }

  /**
   * Deletes the element at {@code index}. Redis: lpDelete.
   *
   * @param index 0-based, or negative from the end
   * @throws IndexOutOfBoundsException if there is no such element
   */
  public void delete(int index) {
    ListPackWriter.deleteFrom(this, at(index).start, 1, ListPackWriter.HEAD_OR_TAIL);
  }

  /**
   * Deletes up to {@code count} elements from {@code index}; does nothing if {@code index} is out
   * of range or {@code count} is 0. Redis: lpDeleteRange.
   *
   * @param index 0-based, or negative from the end
   * @param count how many, 0 or more
   */
  public void deleteRange(int index, int count) {
    if (count < 0) {
      throw new IllegalArgumentException("count must be >= 0: " + count);
    }
    ListPackWriter.deleteRange(this, index, count);
  }

  /**
   * Removes every element, keeping the array for the elements to come ({@link #trimToSize()} drops
   * it): the bytes become Redis's empty listpack, {@code 07000000 0000 ff}, placed in the middle of
   * the array so that both ends have room.
   */
  public void clear() {
    base = (buf.length - EMPTY_SIZE) / 2;
    ListPackFormat.setTotalBytes(buf, base, EMPTY_SIZE);
    ListPackFormat.setNumElements(buf, base, 0);
    buf[base + HEADER_SIZE] = (byte) ListPackFormat.EOF;
    modCount = (modCount + MOD_STEP) & ~LOOSE; // no element left: no loose backlen either
  }

  /**
   * Returns a new listpack holding {@code first}'s elements then {@code second}'s; the inputs are
   * not changed (except that, like {@code lpLength}, their unknown header counts may be filled in).
   * Redis: lpMerge.
   *
   * @param first the head part
   * @param second the tail part
   * @return the merged listpack
   * @throws IllegalArgumentException if both are the same object (Redis refuses that too)
   * @throws IllegalStateException past 1 GiB
   */
  public static ListPack merge(ListPack first, ListPack second) {
    if (Objects.requireNonNull(first, "first") == Objects.requireNonNull(second, "second")) {
      throw new IllegalArgumentException("cannot merge a listpack with itself");
    }
    int a = first.size();
    int b = second.size();
    return new ListPack(ListPackWriter.merge(first, a, second, b), first.loose() || second.loose());
  }

  /**
   * Removes the first element, copying its bytes (an integer as its decimal) into {@code dst}:
   * nothing is allocated. Redis: lpFirst + lpGet + lpDelete.
   *
   * @param dst the destination
   * @param off where the first byte goes
   * @return the element's length, or -1 (and nothing changes) if the listpack is empty
   * @throws IndexOutOfBoundsException if the element does not fit in {@code dst} from {@code off};
   *     nothing changes
   */
  public int pollFirst(byte[] dst, int off) {
    Objects.requireNonNull(dst, "dst");
    int n = ListPackEnds.poll(this, true, dst, off);
    return n != ListPackEnds.GENERAL
        ? n
        : pollInto(ListPackReader.first(buf, base), dst, off, true);
  }

  /**
   * Removes the last element, copying its bytes into {@code dst}, as {@link #pollFirst(byte[],
   * int)} does. Redis: lpLast + lpGet + lpDelete.
   *
   * @param dst the destination
   * @param off where the first byte goes
   * @return the element's length, or -1 (and nothing changes) if the listpack is empty
   * @throws IndexOutOfBoundsException if the element does not fit; nothing changes
   */
  public int pollLast(byte[] dst, int off) {
    Objects.requireNonNull(dst, "dst");
    int n = ListPackEnds.poll(this, false, dst, off);
    return n != ListPackEnds.GENERAL
        ? n
        : pollInto(ListPackReader.last(buf, base), dst, off, false);
  }

  /**
   * Removes the first element after handing it to {@code action} in place (a string as a range of
   * the listpack's array, valid only during the call; an integer as its value): nothing is
   * allocated. Changing the listpack from {@code action} throws {@link
   * ConcurrentModificationException} and the element is not removed.
   *
   * @param action the consumer
   * @return {@code false} (and nothing changes) if the listpack is empty
   */
  public boolean pollFirst(ElementConsumer action) {
    Objects.requireNonNull(action, "action");
    return pollTo(ListPackReader.first(buf, base), action, true);
  }

  /**
   * Removes the last element after handing it to {@code action}, as {@link
   * #pollFirst(ElementConsumer)} does.
   *
   * @param action the consumer
   * @return {@code false} (and nothing changes) if the listpack is empty
   */
  public boolean pollLast(ElementConsumer action) {
    Objects.requireNonNull(action, "action");
    return pollTo(ListPackReader.last(buf, base), action, false);
  }

  private int pollInto(int p, byte[] dst, int off, boolean first) {
    if (p == NONE) {
      return -1;
    }
    ListPackFormat.Element e = ListPackFormat.decode(buf, p, new ListPackFormat.Element());
    int n;
    if (e.isInteger) {
      n = RedisNumbers.ll2string(e.value, dst, off); // checks the room before writing
    } else {
      n = e.dataLength;
      Objects.checkFromIndexSize(off, n, dst.length);
      System.arraycopy(buf, e.dataOffset, dst, off, n);
    }
    ListPackWriter.removeEnd(this, e, first);
    return n;
  }

  private boolean pollTo(int p, ElementConsumer action, boolean first) {
    if (p == NONE) {
      return false;
    }
    int expected = modCount;
    ListPackFormat.Element e = ListPackFormat.decode(buf, p, new ListPackFormat.Element());
    if (e.isInteger) {
      action.integer(e.value);
    } else {
      action.string(buf, e.dataOffset, e.dataLength);
    }
    if (modCount != expected) {
      throw new ConcurrentModificationException();
    }
    ListPackWriter.removeEnd(this, e, first);
    return true;
  }

  // ---------------------------------------------------------------- bytes and views

  /**
   * Returns the listpack's bytes, exactly {@link #sizeInBytes()} of them.
   *
   * @return a new array
   */
  public byte[] toByteArray() {
    return Arrays.copyOfRange(buf, base, base + sizeInBytes());
  }

  /** Drops the array's unused capacity, head room included. */
  public void trimToSize() {
    if (buf.length > sizeInBytes()) {
      buf = toByteArray();
      base = 0;
    }
  }

  /**
   * Moves the bytes to the start of the array (no head room), for callers that address the array
   * from offset 0.
   */
  void dropHeadRoom() {
    if (base != 0) {
      System.arraycopy(buf, base, buf, 0, sizeInBytes());
      base = 0;
      modCount += MOD_STEP;
    }
  }

  /**
   * Receives the elements of a {@link ListPack#forEach} walk (or a {@code poll}) in place, without
   * allocation: a string element as a range of the listpack's array (valid only during the call; do
   * not keep or change it), an integer element as its value. The walk calls it on the caller's
   * thread, one element at a time.
   */
  public interface ElementConsumer {
    /**
     * Receives a string element.
     *
     * @param array the listpack's array
     * @param offset where the element's bytes start
     * @param length how many bytes
     */
    void string(byte[] array, int offset, int length);

    /**
     * Receives an integer element.
     *
     * @param value the value
     */
    void integer(long value);
  }

  /**
   * Hands every element, first to last, to {@code action}: the fastest forward walk (one decode per
   * element, nothing allocated). Changing the listpack from {@code action} makes the walk throw
   * {@link ConcurrentModificationException}.
   *
   * @param action the consumer
   */
  public void forEach(ElementConsumer action) {
    Objects.requireNonNull(action, "action");
    ListPackWalks.forward(this, buf, base, action);
  }

  /**
   * Hands every element, last to first, to {@code action}: the fastest backward walk (per element
   * one backlen read, {@code lpPrev}, and one decode; nothing allocated). Changing the listpack
   * from {@code action} makes the walk throw {@link ConcurrentModificationException}.
   *
   * @param action the consumer
   */
  public void forEachBackward(ElementConsumer action) {
    Objects.requireNonNull(action, "action");
    ListPackWalks.backward(this, buf, base, action);
  }

  /**
   * Returns a cursor before the first element.
   *
   * @return a new cursor
   */
  public ListPackCursor cursor() {
    return new ListPackCursor(this);
  }

  /**
   * Returns a live {@code List} view: elements are decoded with {@code codec} on read and encoded
   * on write; every {@code List} operation is supported except {@code null} elements.
   *
   * @param codec the element codec, such as {@link Codec#utf8()}
   * @param <E> the element type
   * @return the view
   */
  public <E> List<E> asList(Codec<E> codec) {
    return new ListPackView<>(this, Objects.requireNonNull(codec, "codec"));
  }

  /**
   * Returns a live {@code List<byte[]>} view ({@link Codec#bytes()}: reads and writes copy).
   *
   * @return the view
   */
  public List<byte[]> asList() {
    return asList(Codec.bytes());
  }

  @Override
  public String toString() {
    return "ListPack" + asList(Codec.utf8());
  }

  // ---------------------------------------------------------------- internals

  /** The decoded element at {@code index}, or IndexOutOfBoundsException. */
  ListPackFormat.Element at(int index) {
    ListPackFormat.Element e = new ListPackFormat.Element();
    int p = ListPackReader.seek(buf, base, index, e);
    if (p == NONE) {
      throw new IndexOutOfBoundsException("index " + index + " for " + count() + " elements");
    }
    return ListPackFormat.decode(buf, p, e);
  }

  private int insertionPoint(int index) {
    int n = count();
    Objects.checkIndex(index, n + 1);
    return index == n ? eofOffset() : at(index).start;
  }

  int eofOffset() {
    return base + sizeInBytes() - 1;
  }

  private void insertString(int p, int where, byte[] value) {
    ListPackWriter.insertString(
        this, p, where, value, 0, value.length, ListPackWriter.HEAD_OR_TAIL);
  }

  private void insertInteger(int p, int where, long value) {
    ListPackWriter.insertInteger(this, p, where, value, ListPackWriter.HEAD_OR_TAIL);
  }

  /** Checks I1..I3; throws AssertionError. For tests. */
  void checkInvariants() {
    long total = ListPackFormat.totalBytes(buf, base);
    if (base < 0
        || total < EMPTY_SIZE
        || total > buf.length - base
        || (buf[base + (int) total - 1] & 0xFF) != 0xFF) {
      throw new AssertionError(
          "I1: base " + base + ", total-bytes " + total + ", array " + buf.length);
    }
    int n;
    try {
      n = ListPackValidator.validate(toByteArray());
    } catch (CorruptEncodingException e) {
      throw new AssertionError("I2: " + e.getMessage(), e);
    }
    int header = ListPackFormat.numElements(buf, base);
    if (header != NUMELE_UNKNOWN && header != n) {
      throw new AssertionError("I3: walked " + n + ", header " + header);
    }
  }
}
