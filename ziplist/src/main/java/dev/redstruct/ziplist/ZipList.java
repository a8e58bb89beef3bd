package dev.redstruct.ziplist;

import static dev.redstruct.ziplist.ZipListLayout.EMPTY_SIZE;
import static dev.redstruct.ziplist.ZipListLayout.END;
import static dev.redstruct.ziplist.ZipListLayout.HEADER_SIZE;
import static dev.redstruct.ziplist.ZipListLayout.MAX_INT_CANDIDATE_LENGTH;
import static dev.redstruct.ziplist.ZipListLayout.UNKNOWN_LENGTH;

import dev.redstruct.core.Codec;
import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.core.RedisNumbers;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A list of byte strings held in exactly the bytes of a Redis ziplist, the compact list encoding
 * that Redis 6.2 used for small lists, hashes and sorted sets and that Redis 7.0 still loads.
 * {@link #toByteArray()} is what Redis 6.2 would hold after the same operations, byte for byte.
 *
 * <p><b>Values.</b> Entries are byte strings. A value of 1 to 31 bytes that is the canonical
 * decimal form of a signed 64-bit integer (Redis's {@code string2ll}: no sign but {@code -}, no
 * leading zero, no spaces) is stored with an integer encoding, and reads back as its decimal bytes;
 * {@code long} overloads store integers directly. Indexes may be negative where noted: {@code -1}
 * is the last entry, as in Redis.
 *
 * <p><b>Costs.</b> One array holds everything. Push at the tail, {@link #size()} (unless the count
 * saturated at 65535) and {@link #blobLength()} are O(1) amortised; access by index walks from the
 * nearer recorded end, O(n); inserting or deleting moves the bytes after the point, O(n), and may
 * cascade prevlen growth through following entries (counted by {@link #cascadeSteps()}). The array
 * grows by doubling; {@link #toByteArray()} returns a trimmed copy.
 *
 * <p><b>Limits and errors.</b> No ziplist grows beyond 1 GiB (Redis's {@code
 * ZIPLIST_MAX_SAFETY_SIZE}): an operation that would cross it throws {@link IllegalStateException}
 * and changes nothing. A prevlen cascade may add at most 4 bytes per entry past that check, as in
 * Redis. Bad indexes throw {@link IndexOutOfBoundsException}, {@code null} arguments {@link
 * NullPointerException}. Untrusted bytes go through {@link #copyOf(byte[])} (deep validation) or
 * {@link #validate(byte[], boolean)}; a list made by {@link #wrap(byte[])} from bytes that fail
 * deep validation throws {@link CorruptEncodingException} from any operation that meets the damage
 * (possibly after having changed some bytes) and never anything else.
 *
 * <p>Not thread-safe. Cursors and list views fail fast (best effort) after other changes.
 */
public final class ZipList {
  /*
   * Implementation notes.
   *
   * Mirrors Redis 6.2.16's src/ziplist.c (the last ziplist writer; 7.0.15 keeps the same reader and
   * validator). Offsets into `zl` replace Redis's pointers; `size` is zlbytes. The layout, with a
   * worked example, is drawn in ZipListLayout; entry headers are decoded into reusable
   * ZipListEntry scratch objects, always through the bounds-checked decodeSafe so that a wrapped
   * corrupt blob can only produce CorruptEncodingException.
   *
   * A value to write is "prepared" into the v* fields (encoding, integer, string slice) so that
   * the insert/replace workers take no value arguments and allocate nothing.
   *
   * The one subtle algorithm is the prevlen cascade (ZipListCascade.update, Redis
   * __ziplistCascadeUpdate): after an entry changes size, each following prevlen field must hold the new size of its
   * predecessor; a 1-byte field that must hold >= 254 grows to 5 bytes, which grows its entry,
   * which may push the next field over 254, and so on. Fields never shrink in the cascade (Redis
   * avoids flapping); only the entry right after an insert or delete point is re-encoded to the
   * minimal size, except that an insert never shrinks it when the new entry is smaller than 4
   * bytes (Redis's "forcelarge", issue #7170).
   *
   * Invariants, checked by checkInvariants():
   *   I1  EMPTY_SIZE <= size <= zl.length, and zlbytes == size.
   *   I2  zl[size - 1] == 0xFF.
   *   I3  the bytes [0, size) pass ziplistValidateIntegrity's deep check: entries in bounds with
   *       known encodings, each prevlen equal to the previous entry's size, zltail at the last
   *       entry (or at 0xFF when empty), zllen equal to the count unless saturated at 65535.
   *   I4  maxBytes >= EMPTY_SIZE.
   */

  private byte[] zl;
  private int size;
  private final int maxBytes;

  /** False only for wrap()ped bytes that were never deep-validated: walks then check bounds. */
  private final boolean trusted;

  private long cascadeSteps;

  /** Bumped by inserts and deletes (what list views and cursors call structural changes). */
  int modCount;

  /** Bumped by every change to the bytes, replacements included: cached offsets are stale. */
  int layoutVersion;

  /** The one scratch entry: every worker copies what it needs out before the next decode. */
  private final ZipListEntry e1 = new ZipListEntry();

  // The prepared value (see implementation notes).
  private int vEnc;
  private long vInt;
  private byte[] vStr;
  private int vOff;
  private int vLen;

  private ZipList(byte[] zl, int size, int maxBytes, boolean trusted) {
    this.zl = zl;
    this.size = size;
    this.maxBytes = maxBytes;
    this.trusted = trusted;
  }

  // ---------------------------------------------------------------- factories

  /**
   * Returns a new empty ziplist, the 11 bytes {@code 0b000000 0a000000 0000 ff}. Redis: {@code
   * ziplistNew}.
   *
   * @return an empty ziplist
   */
  public static ZipList create() {
    return withMaxBytes(ZipListLayout.MAX_SAFETY_SIZE);
  }

  /** An empty ziplist with a lower safety cap, so tests can reach the cap cheaply. */
  static ZipList withMaxBytes(int maxBytes) {
    if (maxBytes < EMPTY_SIZE) {
      throw new IllegalArgumentException("maxBytes " + maxBytes);
    }
    byte[] zl = new byte[16];
    ZipListLayout.setZlbytes(zl, EMPTY_SIZE);
    ZipListLayout.setZltail(zl, HEADER_SIZE);
    zl[EMPTY_SIZE - 1] = (byte) END;
    return new ZipList(zl, EMPTY_SIZE, maxBytes, true);
  }

  /**
   * Returns a ziplist holding a copy of {@code blob}, after the deep validation of {@link
   * #validate(byte[], boolean)}.
   *
   * @param blob ziplist bytes; not retained
   * @return a new ziplist
   * @throws CorruptEncodingException if the bytes are not a valid ziplist
   */
  public static ZipList copyOf(byte[] blob) {
    byte[] copy = blob.clone();
    ZipListValidator.validate(copy, copy.length, true);
    return new ZipList(copy, copy.length, ZipListLayout.MAX_SAFETY_SIZE, true);
  }

  /**
   * Returns a ziplist that takes ownership of {@code blob} (the caller must not touch it again),
   * after checking only the header as Redis's shallow validation does. Call {@link #validate} first
   * for bytes you do not trust.
   *
   * @param blob ziplist bytes; owned by the result
   * @return a ziplist over {@code blob}
   * @throws CorruptEncodingException if the header is inconsistent
   */
  public static ZipList wrap(byte[] blob) {
    ZipListValidator.validate(blob, blob.length, false);
    return new ZipList(blob, blob.length, ZipListLayout.MAX_SAFETY_SIZE, false);
  }

  /**
   * Checks untrusted bytes exactly as Redis's {@code ziplistValidateIntegrity} does. The shallow
   * check covers the header (size at least 11, zlbytes equal to the length, last byte 0xFF, zltail
   * inside); the deep check also walks every entry (bounds, encoding, prevlen, zltail, zllen).
   *
   * @param blob the bytes
   * @param deep whether to walk the entries
   * @throws CorruptEncodingException naming the offset and reason of the first failed check
   */
  public static void validate(byte[] blob, boolean deep) {
    ZipListValidator.validate(blob, blob.length, deep);
  }

  // ---------------------------------------------------------------- queries

  /**
   * Returns the number of entries. Redis: {@code ziplistLen}: O(1), unless zllen is saturated at
   * 65535, in which case the entries are counted and, if fewer than 65535, the count is stored
   * back.
   *
   * @return the entry count
   */
  public int size() {
    int n = ZipListLayout.zllen(zl);
    if (n < UNKNOWN_LENGTH) {
      return n;
    }
    n = 0;
    for (int p = HEADER_SIZE; (zl[p] & 0xFF) != END; p += decodeAt(e1, p, false).rawLength()) {
      n++;
    }
    if (n < UNKNOWN_LENGTH) {
      ZipListLayout.setZllen(zl, n);
    }
    return n;
  }

  /**
   * Returns whether there are no entries.
   *
   * @return {@code true} when empty
   */
  public boolean isEmpty() {
    return (zl[HEADER_SIZE] & 0xFF) == END;
  }

  /**
   * Returns the size of the blob in bytes (zlbytes). Redis: {@code ziplistBlobLen}.
   *
   * @return the blob length
   */
  public int blobLength() {
    return size;
  }

  /**
   * Returns how many prevlen fields cascades have grown from 1 to 5 bytes over this object's life.
   *
   * @return the cascade step count
   */
  public long cascadeSteps() {
    return cascadeSteps;
  }

  /**
   * Returns the entry at {@code index} as bytes (integers as their decimal form). Redis: {@code
   * ziplistIndex} then {@code ziplistGet}.
   *
   * @param index from {@code -size()} to {@code size() - 1}
   * @return a new array
   * @throws IndexOutOfBoundsException if there is no such entry
   */
  public byte[] get(int index) {
    ZipListEntry e = decodeAt(e1, offsetOrThrow(index), true);
    if (e.isString()) {
      return Arrays.copyOfRange(zl, e.contentOffset(), e.contentOffset() + (int) e.len);
    }
    return RedisNumbers.ll2string(e.intValue(zl));
  }

  /**
   * Returns the entry at {@code index} as a {@code long}: integer entries directly, string entries
   * if they are canonical decimals.
   *
   * @param index from {@code -size()} to {@code size() - 1}
   * @return the value
   * @throws IndexOutOfBoundsException if there is no such entry
   * @throws NumberFormatException if the entry is a string that is not a canonical int64
   */
  public long getLong(int index) {
    ZipListEntry e = decodeAt(e1, offsetOrThrow(index), true);
    if (e.isString()) {
      return RedisNumbers.parseCanonicalLong(zl, e.contentOffset(), (int) e.len);
    }
    return e.intValue(zl);
  }

  /**
   * Returns whether the entry at {@code index} uses an integer encoding.
   *
   * @param index from {@code -size()} to {@code size() - 1}
   * @return {@code true} for integer entries
   * @throws IndexOutOfBoundsException if there is no such entry
   */
  public boolean isInteger(int index) {
    return !decodeAt(e1, offsetOrThrow(index), true).isString();
  }

  /**
   * Returns whether the entry at {@code index} equals {@code value}: bytewise for string entries,
   * numerically for integer entries (only if {@code value} itself would be stored as an integer).
   * Redis: {@code ziplistCompare}.
   *
   * @param index from {@code -size()} to {@code size() - 1}
   * @param value the bytes to compare with
   * @return whether they are equal
   * @throws IndexOutOfBoundsException if there is no such entry
   */
  public boolean compare(int index, byte[] value) {
    Objects.requireNonNull(value, "value");
    return entryEquals(decodeAt(e1, offsetOrThrow(index), true), value, 0, value.length);
  }

  /**
   * Returns the index of the first entry equal to {@code value} (as {@link #compare}), looking at
   * the entry at {@code fromIndex} and then at every {@code skip + 1}-th entry after it; hashes use
   * {@code skip = 1} to look at field names only. Redis: {@code ziplistFind}.
   *
   * @param value the bytes to find
   * @param fromIndex first index compared, {@code 0 <= fromIndex}
   * @param skip entries skipped between comparisons, {@code >= 0}
   * @return the index, or -1
   */
  public int find(byte[] value, int fromIndex, int skip) {
    Objects.requireNonNull(value, "value");
    if (fromIndex < 0 || skip < 0) {
      throw new IllegalArgumentException("fromIndex " + fromIndex + ", skip " + skip);
    }
    int p = offsetOf(fromIndex);
    if (p < 0) {
      return -1;
    }
    return ZipListCascade.find(this, e1, p, fromIndex, value, skip);
  }

  // ---------------------------------------------------------------- updates

  /**
   * Adds {@code value} before the first entry. Redis: {@code ziplistPush(..., ZIPLIST_HEAD)}.
   *
   * @param value the bytes; not retained
   * @throws IllegalStateException if the blob would exceed 1 GiB
   */
  public void pushHead(byte[] value) {
    prepare(value);
    insertAt(HEADER_SIZE);
  }

  /**
   * Adds {@code value} after the last entry. Redis: {@code ziplistPush(..., ZIPLIST_TAIL)}.
   *
   * @param value the bytes; not retained
   * @throws IllegalStateException if the blob would exceed 1 GiB
   */
  public void pushTail(byte[] value) {
    prepare(value);
    insertAt(size - 1);
  }

  /**
   * Adds the integer {@code value} before the first entry, as pushing its decimal form would.
   *
   * @param value the integer
   * @throws IllegalStateException if the blob would exceed 1 GiB
   */
  public void pushHead(long value) {
    prepare(value);
    insertAt(HEADER_SIZE);
  }

  /**
   * Adds the integer {@code value} after the last entry, as pushing its decimal form would.
   *
   * @param value the integer
   * @throws IllegalStateException if the blob would exceed 1 GiB
   */
  public void pushTail(long value) {
    prepare(value);
    insertAt(size - 1);
  }

  /**
   * Inserts {@code value} so that it gets index {@code index}. Redis: {@code ziplistInsert} at
   * {@code ziplistIndex(index)}, or at the end for {@code index == size()}.
   *
   * @param index from 0 to {@code size()}
   * @param value the bytes; not retained
   * @throws IndexOutOfBoundsException if {@code index} is out of range
   * @throws IllegalStateException if the blob would exceed 1 GiB
   */
  public void insert(int index, byte[] value) {
    int p = insertionOffset(index);
    prepare(value);
    insertAt(p);
  }

  /**
   * Inserts the integer {@code value} so that it gets index {@code index}.
   *
   * @param index from 0 to {@code size()}
   * @param value the integer
   * @throws IndexOutOfBoundsException if {@code index} is out of range
   * @throws IllegalStateException if the blob would exceed 1 GiB
   */
  public void insert(int index, long value) {
    int p = insertionOffset(index);
    prepare(value);
    insertAt(p);
  }

  /**
   * Replaces the entry at {@code index}: in place when the new encoding and content have the same
   * size, otherwise as a delete and an insert. Redis: {@code ziplistReplace}.
   *
   * @param index from {@code -size()} to {@code size() - 1}
   * @param value the bytes; not retained
   * @throws IndexOutOfBoundsException if there is no such entry
   * @throws IllegalStateException if the blob would exceed 1 GiB
   */
  public void replace(int index, byte[] value) {
    int p = offsetOrThrow(index);
    prepare(value);
    replaceAt(p);
  }

  /**
   * Replaces the entry at {@code index} with the integer {@code value}.
   *
   * @param index from {@code -size()} to {@code size() - 1}
   * @param value the integer
   * @throws IndexOutOfBoundsException if there is no such entry
   * @throws IllegalStateException if the blob would exceed 1 GiB
   */
  public void replace(int index, long value) {
    int p = offsetOrThrow(index);
    prepare(value);
    replaceAt(p);
  }

  /**
   * Deletes the entry at {@code index}. Redis: {@code ziplistDelete}.
   *
   * @param index from {@code -size()} to {@code size() - 1}
   * @throws IndexOutOfBoundsException if there is no such entry
   */
  public void delete(int index) {
    deleteAt(offsetOrThrow(index), 1);
  }

  /**
   * Deletes up to {@code count} entries starting at {@code index}; does nothing when there is no
   * entry at {@code index}. Redis: {@code ziplistDeleteRange}.
   *
   * @param index first entry, negative counting from the end
   * @param count entries to delete, {@code >= 0}; stops at the end
   */
  public void deleteRange(int index, int count) {
    if (count < 0) {
      throw new IllegalArgumentException("count " + count);
    }
    int p = offsetOf(index);
    if (p >= 0) {
      deleteAt(p, count);
    }
  }

  /**
   * Returns a new ziplist holding {@code first}'s entries followed by {@code second}'s, with the
   * bytes Redis's {@code ziplistMerge} produces (the seam's prevlen fixed by a cascade). Both
   * inputs are left unchanged, unlike Redis which frees one of them.
   *
   * <p>Difference from Redis: when {@code second} is empty Redis points zltail at the 0xFF byte, an
   * invalid ziplist; this returns a copy of {@code first} instead.
   *
   * @param first the entries that come first
   * @param second the entries that follow
   * @return the merged ziplist
   * @throws IllegalArgumentException if both are the same object (Redis returns NULL)
   * @throws IllegalStateException if the result would exceed 1 GiB
   */
  public static ZipList merge(ZipList first, ZipList second) {
    return ZipListMerge.merge(first, second);
  }

  // ---------------------------------------------------------------- bytes, cursors, views

  /**
   * Returns the ziplist's bytes, a new array of exactly {@link #blobLength()} bytes.
   *
   * @return a copy of the blob
   */
  public byte[] toByteArray() {
    return Arrays.copyOf(zl, size);
  }

  /**
   * Shrinks the backing array to exactly {@link #blobLength()} bytes, dropping the slack left by
   * amortised growth (as {@code ArrayList.trimToSize} does). The next growth doubles again.
   */
  public void trimToSize() {
    if (zl.length != size) {
      zl = Arrays.copyOf(zl, size);
    }
  }

  /**
   * Returns a cursor positioned before the first entry; call {@link ZipListCursor#next()} to walk
   * forward, or {@link ZipListCursor#toEnd()} then {@link ZipListCursor#previous()} to walk back.
   *
   * @return a new cursor
   */
  public ZipListCursor cursor() {
    return new ZipListCursor(this);
  }

  /**
   * Passes every entry, first to last, to {@code action}: the fastest way to read the whole list
   * (no allocation, no per-entry cursor state). Strings arrive as slices of the backing array,
   * integers as values; see {@link ZipListEntryConsumer} for what a callback may do. Redis: the
   * {@code ziplistNext} loop.
   *
   * @param action receives each entry
   * @throws java.util.ConcurrentModificationException if a callback changed this ziplist
   */
  public void forEachEntry(ZipListEntryConsumer action) {
    ZipListWalk.forEach(this, Objects.requireNonNull(action, "action"));
  }

  /**
   * Passes every entry, first to last, to {@code visitor} with its position token, until the
   * visitor returns {@code false}; a position lets {@link #insertAtPosition(long, byte[])} insert
   * before that entry in O(1) plus the move of the bytes after it. Redis: the {@code ziplistNext}
   * loop, whose entry pointers {@code ziplistInsert} takes.
   *
   * @param visitor receives each entry
   * @return {@code true} if the walk reached the end, {@code false} if the visitor ended it
   * @throws java.util.ConcurrentModificationException if a callback changed this ziplist
   */
  public boolean visit(ZipListVisitor visitor) {
    return ZipListVisit.visit(this, Objects.requireNonNull(visitor, "visitor"));
  }

  /**
   * Returns the position after the last entry (inserting there appends), valid until the bytes next
   * change.
   *
   * @return the end's position token
   */
  public long endPosition() {
    return ZipListVisit.token(layoutVersion, size - 1);
  }

  /**
   * Inserts {@code value} before the entry at {@code position} (or appends, at {@link
   * #endPosition()}), as {@link #insert(int, byte[])} does without the walk to an index. Redis:
   * {@code ziplistInsert(zl, p, s, slen)}.
   *
   * @param position a token from {@link #visit}, {@link #endPosition()} or a previous insert, of
   *     this ziplist's current bytes
   * @param value the bytes; not retained
   * @return the position of the entry after the inserted one, in the new bytes (insert there to
   *     place another value right after this one)
   * @throws IllegalArgumentException if the position is stale (the bytes changed since)
   * @throws IllegalStateException if the blob would exceed 1 GiB
   */
  public long insertAtPosition(long position, byte[] value) {
    return insertAtPosition(position, value, 0, value.length);
  }

  /**
   * Inserts {@code value[off, off + len)}; see {@link #insertAtPosition(long, byte[])}.
   *
   * @param position a current position token
   * @param value holds the bytes; not retained
   * @param off first byte
   * @param len byte count
   * @return the position of the entry after the inserted one
   * @throws IllegalArgumentException if the position is stale
   * @throws IndexOutOfBoundsException if the slice is outside {@code value}
   * @throws IllegalStateException if the blob would exceed 1 GiB
   */
  public long insertAtPosition(long position, byte[] value, int off, int len) {
    int p = offsetOfPosition(position);
    Objects.checkFromIndexSize(off, len, value.length);
    prepare(value, off, len);
    return insertAtReturningNext(p);
  }

  /**
   * Inserts the integer {@code value}; see {@link #insertAtPosition(long, byte[])}.
   *
   * @param position a current position token
   * @param value the integer
   * @return the position of the entry after the inserted one
   * @throws IllegalArgumentException if the position is stale
   * @throws IllegalStateException if the blob would exceed 1 GiB
   */
  public long insertAtPosition(long position, long value) {
    int p = offsetOfPosition(position);
    prepare(value);
    return insertAtReturningNext(p);
  }

  private int offsetOfPosition(long position) {
    int p = (int) position;
    if ((int) (position >>> 32) != layoutVersion || p < HEADER_SIZE || p > size - 1) {
      throw new IllegalArgumentException("stale or foreign ziplist position " + position);
    }
    return p;
  }

  /** Inserts the prepared value at p and returns the position of the entry now after it. */
  private long insertAtReturningNext(int p) {
    insertAt(p);
    int next = p + decodeAt(e1, p, false).rawLength();
    return ZipListVisit.token(layoutVersion, next);
  }

  /**
   * Returns a {@link List} view whose elements are this ziplist's entries decoded by {@code codec}.
   * Changes write through both ways. {@code get(int)} costs O(n) (hence no {@link
   * java.util.RandomAccess}); iterators walk in O(1) per step. Null elements are rejected by the
   * codec.
   *
   * @param <E> the element type
   * @param codec how elements map to entry bytes
   * @return a live view
   */
  public <E> List<E> asList(Codec<E> codec) {
    return new ZipListView<>(this, Objects.requireNonNull(codec, "codec"));
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("[");
    ZipListCursor c = cursor();
    while (c.next()) {
      sb.append(sb.length() > 1 ? ", " : "").append(new String(c.toByteArray(), UTF8));
    }
    return sb.append(']').toString();
  }

  private static final java.nio.charset.Charset UTF8 = java.nio.charset.StandardCharsets.UTF_8;

  // ---------------------------------------------------------------- package-private plumbing

  byte[] array() {
    return zl;
  }

  boolean trusted() {
    return trusted;
  }

  int end() {
    return size - 1;
  }

  int tailOffset() {
    return (int) ZipListLayout.zltail(zl);
  }

  /** The last entry's offset, or -1 when empty; a zltail on 0xFF in a non-empty list is corrupt. */
  int tailEntryOffset() {
    long p = ZipListLayout.zltail(zl);
    if (p < HEADER_SIZE || p > size - 1) {
      throw ZipListValidator.fail(zl, size, 4, "zltail " + p + " outside the entry area");
    }
    if ((zl[(int) p] & 0xFF) != END) {
      return (int) p;
    }
    if (!isEmpty()) {
      throw ZipListValidator.fail(zl, size, 4, "zltail points at 0xFF in a non-empty ziplist");
    }
    return -1;
  }

  /** Decodes the next entry of a walk: unchecked for trusted bytes, bounds-checked otherwise. */
  ZipListEntry walkTo(ZipListEntry e, int p) {
    if (trusted) {
      e.decodeTrusted(zl, p);
      return e;
    }
    return decodeAt(e, p, true);
  }

  /** Decodes the entry at {@code p}, turning any failed bounds check into a corrupt-data error. */
  ZipListEntry decodeAt(ZipListEntry e, int p, boolean validatePrevlen) {
    int code = e.decodeSafe(zl, size, p, validatePrevlen);
    if (code != ZipListEntry.OK) {
      throw ZipListValidator.fail(zl, size, p, ZipListEntry.reason(code));
    }
    return e;
  }

  /** Whether entry {@code e} equals {@code s[off, off+len)}; Redis: {@code ziplistCompare}. */
  boolean entryEquals(ZipListEntry e, byte[] s, int off, int len) {
    if (e.isString()) {
      return e.len == len
          && Arrays.equals(zl, e.contentOffset(), e.contentOffset() + len, s, off, off + len);
    }
    return len >= 1
        && len <= MAX_INT_CANDIDATE_LENGTH
        && RedisNumbers.isCanonicalLong(s, off, len)
        && RedisNumbers.parseCanonicalLong(s, off, len) == e.intValue(zl);
  }

  /** Redis: {@code ziplistIndex}. Returns the entry offset, or -1 when there is no such entry. */
  int offsetOf(int index) {
    int p;
    if (index < 0) {
      long back = -(long) index - 1;
      p = tailEntryOffset();
      if (p < 0) {
        return -1;
      }
      long prevlen = decodeAt(e1, p, true).prevRawLen;
      while (prevlen > 0 && back > 0) {
        back--;
        p -= (int) prevlen;
        prevlen = decodeAt(e1, p, true).prevRawLen;
      }
      return back > 0 ? -1 : p;
    }
    p = HEADER_SIZE;
    while (index > 0 && (zl[p] & 0xFF) != END) {
      index--;
      p += decodeAt(e1, p, false).rawLength();
    }
    if ((zl[p] & 0xFF) == END || index > 0) {
      return -1;
    }
    decodeAt(e1, p, true);
    return p;
  }

  private int offsetOrThrow(int index) {
    int p = offsetOf(index);
    if (p < 0) {
      throw new IndexOutOfBoundsException("index " + index + " out of range for ziplist");
    }
    return p;
  }

  private int insertionOffset(int index) {
    if (index < 0) {
      throw new IndexOutOfBoundsException("index " + index);
    }
    int p = offsetOf(index);
    if (p >= 0) {
      return p;
    }
    if (index != size()) {
      throw new IndexOutOfBoundsException("index " + index + " > size " + size());
    }
    return size - 1;
  }

  // ---- the prepared value

  /** Redis: {@code zipTryEncoding}; integer-looking strings of 1..31 bytes become integers. */
  void prepare(byte[] s) {
    prepare(Objects.requireNonNull(s, "value"), 0, s.length);
  }

  /** As {@link #prepare(byte[])} for the slice {@code s[off, off + len)}. */
  void prepare(byte[] s, int off, int len) {
    if (len >= 1 && len <= MAX_INT_CANDIDATE_LENGTH && RedisNumbers.isCanonicalLong(s, off, len)) {
      prepare(RedisNumbers.parseCanonicalLong(s, off, len));
      return;
    }
    vEnc = ZipListLayout.STR_06B;
    vStr = s;
    vOff = off;
    vLen = len;
  }

  void prepare(long v) {
    vEnc = ZipListLayout.intEncodingFor(v);
    vInt = v;
    vStr = null;
  }

  /** Encoding header plus content size of the prepared value. */
  private int preparedSize() {
    if (vStr != null) {
      return ZipListLayout.stringHeaderSizeFor(vLen) + vLen;
    }
    return 1 + ZipListLayout.intContentSize(vEnc);
  }

  private void writePrepared(int p) {
    if (vStr != null) {
      p += ZipListLayout.writeStringHeader(zl, p, vLen);
      System.arraycopy(vStr, vOff, zl, p, vLen);
      vStr = null; // not retained
    } else {
      zl[p] = (byte) vEnc;
      ZipListLayout.writeInt(zl, p + 1, vEnc, vInt);
    }
  }

  // ---- growth

  private void checkGrowth(long add) {
    if (size + add > maxBytes) {
      vStr = null;
      throw new IllegalStateException(
          "ziplist would grow to " + (size + add) + " bytes, over the cap of " + maxBytes);
    }
  }

  void resize(int newSize) {
    if (newSize > zl.length) {
      long doubled = Math.min(2L * zl.length, Integer.MAX_VALUE - 16);
      zl = Arrays.copyOf(zl, (int) Math.max(newSize, doubled));
    }
    size = newSize;
    ZipListLayout.setZlbytes(zl, newSize);
    zl[newSize - 1] = (byte) END;
  }

  // ---- the workers

  /**
   * Inserts the prepared value at offset {@code p} (an entry, or the 0xFF byte to append). Redis:
   * {@code __ziplistInsert}. Everything that can fail is checked before the first byte moves.
   */
  void insertAt(int p) {
    boolean atEnd = (zl[p] & 0xFF) == END;
    int prevlen = 0;
    boolean followerIsTail = false;
    if (!atEnd) {
      ZipListEntry f = decodeAt(e1, p, true);
      prevlen = (int) f.prevRawLen;
      followerIsTail = (zl[p + f.rawLength()] & 0xFF) == END;
    } else if (tailEntryOffset() >= 0) {
      prevlen = decodeAt(e1, tailOffset(), false).rawLength();
    }
    int reqlen = preparedSize() + ZipListLayout.prevlenSizeFor(prevlen);
    int nextdiff = 0;
    boolean forceLarge = false;
    if (!atEnd) {
      nextdiff = ZipListLayout.prevlenSizeFor(reqlen) - ZipListLayout.prevlenFieldSize(zl[p]);
      if (nextdiff == -4 && reqlen < 4) {
        nextdiff = 0; // keep the 5-byte field (Redis "forcelarge"): no shrink for tiny entries
        forceLarge = true;
      }
    }
    checkGrowth((long) reqlen + nextdiff);
    int oldSize = size;
    int oldTail = tailOffset();
    resize(oldSize + reqlen + nextdiff);
    if (!atEnd) {
      System.arraycopy(zl, p - nextdiff, zl, p + reqlen, oldSize - 1 - p + nextdiff);
      if (forceLarge) {
        ZipListLayout.writePrevlenLarge(zl, p + reqlen, reqlen);
      } else {
        ZipListLayout.writePrevlen(zl, p + reqlen, reqlen);
      }
      // The tail moves by reqlen, and by nextdiff too unless the follower itself is the tail.
      ZipListLayout.setZltail(zl, oldTail + reqlen + (followerIsTail ? 0 : nextdiff));
    } else {
      ZipListLayout.setZltail(zl, p);
    }
    if (nextdiff != 0) {
      cascadeUpdate(p + reqlen);
    }
    writePrepared(p + ZipListLayout.writePrevlen(zl, p, prevlen));
    ZipListLayout.addToZllen(zl, 1);
    modCount++;
    layoutVersion++;
  }

  /**
   * Deletes up to {@code num} entries from offset {@code p}. Redis: {@code __ziplistDelete}. The
   * first survivor's prevlen takes the first deleted entry's prevlen, minimally encoded (so it may
   * shrink 5 to 1); the room is always there because a deleted entry carried a field as large.
   */
  void deleteAt(int p, int num) {
    int start = p;
    int firstPrevlen = (int) decodeAt(e1, p, true).prevRawLen;
    int deleted = 0;
    while ((zl[p] & 0xFF) != END && deleted < num) {
      p += decodeAt(e1, p, false).rawLength();
      deleted++;
    }
    int totlen = p - start;
    if (totlen == 0) {
      return;
    }
    int nextdiff = 0;
    int newTail;
    if ((zl[p] & 0xFF) != END) {
      nextdiff = ZipListLayout.prevlenSizeFor(firstPrevlen) - ZipListLayout.prevlenFieldSize(zl[p]);
      boolean survivorIsTail = (zl[p + decodeAt(e1, p, false).rawLength()] & 0xFF) == END;
      p -= nextdiff;
      ZipListLayout.writePrevlen(zl, p, firstPrevlen);
      newTail = tailOffset() - totlen + (survivorIsTail ? 0 : nextdiff);
      System.arraycopy(zl, p, zl, start, size - 1 - p);
    } else {
      newTail = start - firstPrevlen; // the whole tail went: the new tail is the entry before
    }
    resize(size - totlen + nextdiff);
    ZipListLayout.addToZllen(zl, -deleted);
    ZipListLayout.setZltail(zl, newTail);
    modCount++;
    layoutVersion++;
    if (nextdiff != 0) {
      cascadeUpdate(start);
    }
  }

  /**
   * Replaces the entry at {@code p} with the prepared value. Redis: {@code ziplistReplace}. The cap
   * is checked for the worst case of the fallback (the delete's survivor may grow by 4, the new
   * entry's prevlen may take 5 bytes and its follower grow by 4).
   */
  void replaceAt(int p) {
    ZipListEntry e = decodeAt(e1, p, true);
    int req = preparedSize();
    if (req == e.lenSize + e.len) {
      writePrepared(p + e.prevRawLenSize);
      layoutVersion++;
      return;
    }
    checkGrowth((long) req + 13 - e.rawLength());
    deleteAt(p, 1); // leaves the prepared value alone
    insertAt(p);
    modCount -= 2; // a replacement is not a structural change for list views
  }

  /** Redis: {@code __ziplistCascadeUpdate}; see ZipListCascade. */
  void cascadeUpdate(int p) {
    ZipListCascade.update(this, p, e1);
  }

  void addCascadeSteps(int cnt) {
    cascadeSteps += cnt;
  }

  /** Package-private for ZipListMerge: installs merged bytes and runs the seam cascade. */
  static ZipList fromMergedBytes(byte[] zl, int size, int seam, boolean trusted) {
    ZipList z = new ZipList(zl, size, ZipListLayout.MAX_SAFETY_SIZE, trusted);
    z.cascadeUpdate(seam);
    return z;
  }

  /** Checks I1..I4 (see the implementation notes); tests call it after every step. */
  void checkInvariants() {
    if (size < EMPTY_SIZE || size > zl.length || ZipListLayout.zlbytes(zl) != size) {
      throw new AssertionError("I1: size " + size + ", capacity " + zl.length);
    }
    if ((zl[size - 1] & 0xFF) != END) {
      throw new AssertionError("I2: no 0xFF at " + (size - 1));
    }
    try {
      ZipListValidator.validate(zl, size, true);
    } catch (CorruptEncodingException ex) {
      throw new AssertionError("I3: " + ex.getMessage(), ex);
    }
    if (maxBytes < EMPTY_SIZE) {
      throw new AssertionError("I4: maxBytes " + maxBytes);
    }
  }
}
