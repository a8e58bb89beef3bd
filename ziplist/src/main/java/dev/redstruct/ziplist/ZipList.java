package dev.redstruct.ziplist;

import static dev.redstruct.ziplist.ZipListFormat.EMPTY_SIZE;
import static dev.redstruct.ziplist.ZipListFormat.END;
import static dev.redstruct.ziplist.ZipListFormat.HEADER_SIZE;
import static dev.redstruct.ziplist.ZipListFormat.UNKNOWN_LENGTH;
import static dev.redstruct.ziplist.ZipListWriter.INSERT;
import static dev.redstruct.ziplist.ZipListWriter.REPLACE;

import dev.redstruct.core.Codec;
import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.core.RedisNumbers;
import dev.redstruct.listpack.ListPack;
import dev.redstruct.ziplist.ZipListFormat.Entry;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.ConcurrentModificationException;
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
 * grows by half again when full (as {@code ArrayList} does; amortised O(1) per appended byte);
 * {@link #trimToSize()} drops the slack and {@link #toByteArray()} returns a trimmed copy.
 *
 * <p><b>Memory.</b> A list is its array plus a 24-byte object (compressed oops): lengths and counts
 * are read from the blob's own header, and operations decode into scratch objects of their own that
 * live only for the call. Lists that are {@link #wrap}ped, or that have had a {@link #asList list
 * view} or a prevlen cascade, carry one more small object.
 *
 * <p><b>Limits and errors.</b> No ziplist grows beyond 1 GiB (Redis's {@code
 * ZIPLIST_MAX_SAFETY_SIZE}): an operation that would cross it throws {@link IllegalStateException}
 * and changes nothing. A prevlen cascade may add at most 4 bytes per entry past that check, as in
 * Redis. Bad indexes throw {@link IndexOutOfBoundsException}, {@code null} arguments a {@link
 * NullPointerException} naming the parameter. Untrusted bytes go through {@link #copyOf(byte[])}
 * (deep validation) or {@link #validate(byte[], boolean)}; a list made by {@link #wrap(byte[])}
 * from bytes that fail deep validation throws {@link CorruptEncodingException} from any operation
 * that meets the damage (possibly after having changed some bytes) and never anything else.
 *
 * <p><b>Thread safety.</b> Not thread-safe: any concurrent use of one list, reads included, needs
 * external synchronization. Cursors and list views fail fast (best effort) after other changes; a
 * change made while {@link #forEachEntry} runs (from its callback) is refused with {@link
 * java.util.ConcurrentModificationException} and changes nothing. Lists share no mutable state with
 * each other or with anything static, so two threads using two lists never interfere.
 */
public final class ZipList {
  /*
   * Implementation notes.
   *
   * Mirrors Redis 6.2.16's src/ziplist.c (the last ziplist writer; 7.0.15 keeps the same reader and
   * validator). The code is split by what it is: ZipListFormat holds the layout (with a worked
   * example), the one entry decoder and validation; ZipListReader the walks; ZipListWriter the
   * edits, one writer object per edit. This class owns the state and hands each part the bytes it
   * needs; no part refers back to it. Offsets into `zl` replace Redis's pointers; the blob's own
   * zlbytes field is the used length (no copy of it, nor of zltail or zllen, is kept in a field).
   *
   * Footprint. Ziplists exist to make many small lists cheap, so the object holds only the array,
   * the layout version and a reference to Extras, which stays null unless the list is wrapped,
   * capped, has cascaded or has a List view: 24 bytes with compressed oops. Scratch (the decoded
   * entry, the writer) is made per operation, so it costs a list nothing at rest and no two lists
   * or threads share it.
   *
   * Walks. forEachEntry and the position visit set the WALKING bit of layoutVersion while they run,
   * and every change first checks it: a change from a callback is refused before anything moves,
   * so the walk loops need no per-entry check and never see bytes move under them.
   *
   * Invariants, checked by checkInvariants():
   *   I1  EMPTY_SIZE <= zlbytes <= zl.length.
   *   I2  zl[zlbytes - 1] == 0xFF.
   *   I3  the bytes [0, zlbytes) pass ziplistValidateIntegrity's deep check: entries in bounds
   *       with known encodings, each prevlen equal to the previous entry's size, zltail at the
   *       last entry (or at 0xFF when empty), zllen equal to the count unless saturated at 65535.
   *   I4  maxBytes() >= EMPTY_SIZE.
   *   I5  an empty list has zltail 10 and zllen 0 (the deep check leaves both free when there is no
   *       entry; copyOf and wrap normalise them, and every writer keeps them so). The tail insert,
   *       the pair insert and merge's seam all take zltail as the tail entry or the end byte.
   *   I6  no walk runs (the WALKING bit is clear) whenever no forEachEntry or visit is on the stack.
   */

  /** Bit 31 of {@link #layoutVersion}: a walk runs, and changes are refused (see the notes). */
  private static final int WALKING = Integer.MIN_VALUE;

  /** The blob in {@code [0, zlbytes)}, then growth slack. */
  private byte[] zl;

  /**
   * Bumped by every change to the bytes, replacements included (cached offsets and position tokens
   * are then stale), in bits 0..30; bit 31 is {@link #WALKING}.
   */
  private int layoutVersion;

  /** Rare state (untrusted, capped, cascade count, view counter); null means none of it. */
  private Extras extras;

  /**
   * The state of a list that most lists never need, kept out of the list object so that a list at
   * rest is one small object and its array. A list gets one when it is wrapped (untrusted), capped
   * below 1 GiB (tests), grows a prevlen in a cascade (the counter), or gets a {@link List} view
   * (the structural change counter that views watch); once made it stays.
   */
  private static final class Extras {
    final boolean trusted; // false for wrapped bytes never deep-validated: walks check bounds
    final int maxBytes; // the safety cap, >= EMPTY_SIZE
    int modCount; // inserts and deletes since made (what list views call structural changes)
    long cascadeSteps; // prevlen fields grown from 1 to 5 bytes by cascades

    Extras(boolean trusted, int maxBytes) {
      this.trusted = trusted;
      this.maxBytes = maxBytes;
    }
  }

  private ZipList(byte[] zl, Extras extras) {
    this.zl = zl;
    this.extras = extras;
  }

  // ---------------------------------------------------------------- factories

  /**
   * Returns a new empty ziplist, the 11 bytes {@code 0b000000 0a000000 0000 ff}. Redis: {@code
   * ziplistNew}.
   *
   * @return an empty ziplist
   */
  public static ZipList create() {
    return withMaxBytes(ZipListFormat.MAX_SAFETY_SIZE);
  }

  /** An empty ziplist with a lower safety cap, so tests can reach the cap cheaply. */
  static ZipList withMaxBytes(int maxBytes) {
    if (maxBytes < EMPTY_SIZE) {
      throw new IllegalArgumentException("maxBytes " + maxBytes);
    }
    byte[] zl = new byte[ZipListFormat.granuleCapacity(EMPTY_SIZE)];
    ZipListFormat.setZlbytes(zl, EMPTY_SIZE);
    ZipListFormat.setZltail(zl, HEADER_SIZE);
    zl[EMPTY_SIZE - 1] = (byte) END;
    boolean capped = maxBytes != ZipListFormat.MAX_SAFETY_SIZE;
    return new ZipList(zl, capped ? new Extras(true, maxBytes) : null);
  }

  /**
   * Returns a ziplist holding a copy of {@code blob}, after the deep validation of {@link
   * #validate(byte[], boolean)}. The header of an empty list is normalised (see {@link #wrap}), so
   * {@link #toByteArray()} may differ from {@code blob} there and only there.
   *
   * @param blob ziplist bytes; not retained
   * @return a new ziplist
   * @throws CorruptEncodingException if the bytes are not a valid ziplist
   */
  public static ZipList copyOf(byte[] blob) {
    Objects.requireNonNull(blob, "blob");
    byte[] copy = Arrays.copyOf(blob, ZipListFormat.paddedLength(blob.length));
    ZipListFormat.validate(copy, blob.length, true);
    normaliseEmpty(copy);
    return new ZipList(copy, null);
  }

  /**
   * Returns a ziplist that takes ownership of {@code blob} (the caller must not touch it again),
   * after checking only the header as Redis's shallow validation does. Call {@link #validate} first
   * for bytes you do not trust.
   *
   * <p>An empty list gets the canonical header {@code 0b000000 0a000000 0000 ff}: Redis's validator
   * checks zltail and zllen only when there is an entry (so {@code 0b000000 08000000 0000 ff}
   * passes), and a write at the tail would take such a header for an entry.
   *
   * @param blob ziplist bytes; owned by the result
   * @return a ziplist over {@code blob}
   * @throws CorruptEncodingException if the header is inconsistent
   */
  public static ZipList wrap(byte[] blob) {
    Objects.requireNonNull(blob, "blob");
    ZipListFormat.validate(blob, blob.length, false);
    normaliseEmpty(blob);
    return new ZipList(blob, new Extras(false, ZipListFormat.MAX_SAFETY_SIZE));
  }

  /** Gives a validated empty blob the header ziplistNew writes: zltail 10, zllen 0. */
  private static void normaliseEmpty(byte[] zl) {
    if (ZipListFormat.zlbytes(zl) == EMPTY_SIZE && (zl[HEADER_SIZE] & 0xFF) == END) {
      ZipListFormat.setZltail(zl, HEADER_SIZE);
      ZipListFormat.setZllen(zl, 0);
    }
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
    Objects.requireNonNull(blob, "blob");
    ZipListFormat.validate(blob, blob.length, deep);
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
    int n = ZipListFormat.zllen(zl);
    if (n < UNKNOWN_LENGTH) {
      return n;
    }
    n = ZipListReader.count(zl);
    if (n < UNKNOWN_LENGTH) {
      ZipListFormat.setZllen(zl, n);
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
    return ZipListFormat.zlbytesInt(zl);
  }

  /**
   * Returns how many prevlen fields cascades have grown from 1 to 5 bytes over this object's life.
   *
   * @return the cascade step count
   */
  public long cascadeSteps() {
    return extras == null ? 0 : extras.cascadeSteps;
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
    Entry e = entryAt(index);
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
    Entry e = entryAt(index);
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
    return !entryAt(index).isString();
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
    return entryAt(index).contentEquals(zl, value, 0, value.length);
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
    Entry e = new Entry();
    int p = ZipListReader.offsetOf(zl, e, fromIndex);
    return p < 0 ? -1 : ZipListReader.find(zl, e, p, fromIndex, value, skip);
  }

  // ---------------------------------------------------------------- updates

  /**
   * Adds {@code value} before the first entry. Redis: {@code ziplistPush(..., ZIPLIST_HEAD)}.
   *
   * @param value the bytes; not retained
   * @throws IllegalStateException if the blob would exceed 1 GiB
   */
  public void pushHead(byte[] value) {
    put(INSERT, HEADER_SIZE, Objects.requireNonNull(value, "value"));
  }

  /**
   * Adds {@code value} after the last entry. Redis: {@code ziplistPush(..., ZIPLIST_TAIL)}.
   *
   * @param value the bytes; not retained
   * @throws IllegalStateException if the blob would exceed 1 GiB
   */
  public void pushTail(byte[] value) {
    Objects.requireNonNull(value, "value");
    if (!trusted()) {
      put(INSERT, blobLength() - 1, value);
    } else if (ZipListFormat.isIntegerCandidate(value, 0, value.length)) {
      pushTail(RedisNumbers.parseCanonicalLong(value, 0, value.length));
    } else {
      append(-1, 0, value);
    }
  }

  /**
   * Adds the integer {@code value} before the first entry, as pushing its decimal form would.
   *
   * @param value the integer
   * @throws IllegalStateException if the blob would exceed 1 GiB
   */
  public void pushHead(long value) {
    put(INSERT, HEADER_SIZE, value);
  }

  /**
   * Adds the integer {@code value} after the last entry, as pushing its decimal form would.
   *
   * @param value the integer
   * @throws IllegalStateException if the blob would exceed 1 GiB
   */
  public void pushTail(long value) {
    if (trusted()) {
      append(ZipListFormat.intEncodingFor(value), value, null);
    } else {
      put(INSERT, blobLength() - 1, value);
    }
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
    Objects.requireNonNull(value, "value");
    put(INSERT, insertionOffset(index), value);
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
    put(INSERT, insertionOffset(index), value);
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
    Objects.requireNonNull(value, "value");
    put(REPLACE, entryAt(index).p, value);
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
    put(REPLACE, entryAt(index).p, value);
  }

  /**
   * Deletes the entry at {@code index}. Redis: {@code ziplistDelete}.
   *
   * @param index from {@code -size()} to {@code size() - 1}
   * @throws IndexOutOfBoundsException if there is no such entry
   */
  public void delete(int index) {
    deleteAt(entryAt(index).p, 1);
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
    int p = ZipListReader.offsetOf(zl, new Entry(), index);
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
    Objects.requireNonNull(first, "first");
    Objects.requireNonNull(second, "second");
    if (first == second) {
      throw new IllegalArgumentException("cannot merge a ziplist with itself");
    }
    boolean trusted = first.trusted() && second.trusted();
    ZipListWriter w = ZipListWriter.merge(first.zl, second.zl, trusted);
    ZipList z = new ZipList(w.bytes(), trusted ? null : new Extras(false, MAX_SAFETY_SIZE));
    z.addCascadeSteps(w.cascadeSteps);
    return z;
  }

  // ---------------------------------------------------------------- bytes, cursors, views

  /**
   * Returns the ziplist's bytes, a new array of exactly {@link #blobLength()} bytes.
   *
   * @return a copy of the blob
   */
  public byte[] toByteArray() {
    return Arrays.copyOf(zl, blobLength());
  }

  /**
   * Shrinks the backing array to {@link #blobLength()} bytes plus a 3-byte read pad, dropping the
   * slack left by amortised growth (as {@code ArrayList.trimToSize} does). The pad keeps {@link
   * #forEachEntry} and cursors on their fastest walk, which reads 4 bytes at each entry, the final
   * 0xFF included. The next growth adds half again.
   */
  public void trimToSize() {
    int size = ZipListFormat.paddedLength(blobLength());
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
   * Returns this ziplist's entries as listpack bytes, entry by entry: an integer entry as the
   * listpack integer, a string entry as {@code lpAppend} stores it (a canonical integer string
   * becomes an integer element). The one conversion of Redis 6.2's ziplist bodies (RDB types 10,
   * 12, 13, 14) into the listpacks Redis 7.0 loads them as. Redis: {@code
   * _ziplistEntryConvertAndValidate} and {@code _ziplistPairsEntryConvertAndValidate}, src/rdb.c.
   *
   * @return the listpack, trimmed (a fresh array)
   */
  public byte[] toListPackBytes() {
    ListPack lp = ListPack.create();
    ZipListCursor c = cursor();
    while (c.next()) {
      if (c.isInteger()) {
        lp.append(c.longValue());
      } else {
        lp.append(c.toByteArray());
      }
    }
    return lp.toByteArray();
  }

  /**
   * Passes every entry, first to last, to {@code action}: the fastest way to read the whole list
   * (no allocation, no per-entry cursor state). Strings arrive as slices of the backing array,
   * integers as values; see {@link ZipListEntryConsumer} for what a callback may do. Redis: the
   * {@code ziplistNext} loop.
   *
   * @param action receives each entry
   * @throws ConcurrentModificationException if a callback tries to change this ziplist (the change
   *     is refused before anything moves)
   */
  public void forEachEntry(ZipListEntryConsumer action) {
    Objects.requireNonNull(action, "action");
    int v = layoutVersion;
    layoutVersion = v | WALKING;
    try {
      ZipListReader.forEach(zl, trusted(), action);
    } finally {
      layoutVersion = v;
    }
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
      sb.append(sb.length() > 1 ? ", " : "")
          .append(new String(c.toByteArray(), StandardCharsets.UTF_8));
    }
    return sb.append(']').toString();
  }

  // ---------------------------------------------------------------- for the cursor and the view

  byte[] array() {
    return zl;
  }

  /** The layout version without the walking bit: equal versions mean equal entry offsets. */
  int version() {
    return layoutVersion & ~WALKING;
  }

  boolean trusted() {
    return extras == null || extras.trusted;
  }

  /** Inserts and deletes so far, as list views see them (counted once a view exists). */
  int modCount() {
    return extras == null ? 0 : extras.modCount;
  }

  /** Called by a new list view: from now on structural changes are counted for it. */
  void countStructuralChanges() {
    extras();
  }

  /** Redis: {@code ziplistIndex}; the entry offset, or -1 when there is no such entry. */
  int offsetOf(int index) {
    return ZipListReader.offsetOf(zl, new Entry(), index);
  }

  /**
   * Inserts {@code s} before the entry at offset {@code p} (or at the end byte), or replaces that
   * entry ({@code where} is {@link ZipListWriter#INSERT} or {@link ZipListWriter#REPLACE}): every
   * byte-string update, the view's included, goes through here.
   */
  void put(int where, int p, byte[] s) {
    ZipListWriter w = edit();
    w.putString(where, p, s, 0, s.length);
    commit(w, where == INSERT ? 1 : 0);
  }

  /** Deletes up to {@code num} entries from offset {@code p}; the view iterator's remove. */
  void deleteAt(int p, int num) {
    ZipListWriter w = edit();
    w.delete(p, num);
    commit(w, 1);
  }

  /**
   * The error for an index at which the walk found no entry: out of range, or, when {@link #size()}
   * (zllen) covers the index, corrupt. Only a wrapped list gets the latter: shallow validation
   * leaves zllen unchecked against the entries, and every index check trusts it.
   */
  RuntimeException noEntry(int index) {
    int n = size();
    if (index < n && index >= -n) {
      assert !trusted() : "deep-validated zllen " + n + " but no entry " + index;
      return ZipListFormat.fail(
          zl, blobLength(), 8, "zllen " + n + " but no entry at index " + index);
    }
    return new IndexOutOfBoundsException("index " + index + " out of range for ziplist");
  }

  // ---------------------------------------------------------------- for tests

  /** Whether the list carries its rare state (tests check that lists stay lean). */
  boolean hasExtras() {
    return extras != null;
  }

  /** Checks I1..I6 (see the implementation notes); tests call it after every step. */
  void checkInvariants() {
    long size = ZipListFormat.zlbytes(zl);
    if (size < EMPTY_SIZE || size > zl.length) {
      throw new AssertionError("I1: zlbytes " + size + ", capacity " + zl.length);
    }
    if ((zl[(int) size - 1] & 0xFF) != END) {
      throw new AssertionError("I2: no 0xFF at " + (size - 1));
    }
    try {
      ZipListFormat.validate(zl, (int) size, true);
    } catch (CorruptEncodingException ex) {
      throw new AssertionError("I3: " + ex.getMessage(), ex);
    }
    if (maxBytes() < EMPTY_SIZE) {
      throw new AssertionError("I4: maxBytes " + maxBytes());
    }
    long tail = ZipListFormat.zltail(zl);
    if (isEmpty() && (tail != HEADER_SIZE || ZipListFormat.zllen(zl) != 0)) {
      throw new AssertionError("I5: empty with zltail " + tail + ", zllen " + size());
    }
    if (layoutVersion < 0) {
      throw new AssertionError("I6: the walking bit is set");
    }
  }

  // ---------------------------------------------------------------- private helpers

  private static final int MAX_SAFETY_SIZE = ZipListFormat.MAX_SAFETY_SIZE;

  private int maxBytes() {
    return extras == null ? MAX_SAFETY_SIZE : extras.maxBytes;
  }

  private Extras extras() {
    if (extras == null) {
      extras = new Extras(true, MAX_SAFETY_SIZE);
    }
    return extras;
  }

  /** {@link #put(int, int, byte[])} for an integer. */
  private void put(int where, int p, long v) {
    ZipListWriter w = edit();
    w.putInteger(where, p, v);
    commit(w, where == INSERT ? 1 : 0);
  }

  private void addCascadeSteps(int steps) {
    if (steps > 0) {
      extras().cascadeSteps += steps;
    }
  }

  /**
   * The writer of this list's next edit; refuses the edit while a walk runs. (The writer is one
   * small object per edit: with the entry it decodes into, the scratch that ZipListWork used to
   * keep per thread.)
   */
  private ZipListWriter edit() {
    checkNotWalking();
    return new ZipListWriter(zl, maxBytes(), trusted());
  }

  private void checkNotWalking() {
    if (layoutVersion < 0) {
      throw new ConcurrentModificationException("ziplist changed during a walk");
    }
  }

  /**
   * Takes the edit's bytes back and, if they changed, makes cached offsets stale and counts {@code
   * structural} inserts or deletes for list views.
   */
  private void commit(ZipListWriter w, int structural) {
    zl = w.bytes();
    if (w.changed) {
      changed(structural);
      addCascadeSteps(w.cascadeSteps);
    }
  }

  private void changed(int structural) {
    layoutVersion = (layoutVersion + 1) & ~WALKING;
    if (extras != null) {
      extras.modCount += structural;
    }
  }

  /**
   * Appends to a trusted list without a writer (see {@link ZipListWriter#appendTrusted}): the
   * string {@code s} when {@code enc} is -1, else {@code v}.
   */
  private void append(int enc, long v, byte[] s) {
    checkNotWalking();
    zl = ZipListWriter.appendTrusted(zl, maxBytes(), enc, v, s, s == null ? 0 : s.length);
    changed(1);
  }

  /** The entry at {@code index}, decoded; throws as {@link #get} does when there is none. */
  private Entry entryAt(int index) {
    Entry e = new Entry();
    if (ZipListReader.offsetOf(zl, e, index) < 0) {
      throw noEntry(index);
    }
    return e;
  }

  /** The offset to insert at so that the new entry gets {@code index}. */
  private int insertionOffset(int index) {
    if (index < 0) {
      throw new IndexOutOfBoundsException("index " + index);
    }
    int p = ZipListReader.offsetOf(zl, new Entry(), index);
    if (p >= 0) {
      return p;
    }
    if (index != size()) {
      throw noEntry(index);
    }
    return blobLength() - 1;
  }

  // ---------------------------------------------------------------- positional access

  /*
   * Redis's entry pointers (an offset is p - zl), package-private: this module's positional tests
   * (ZipListPositions in the test tree) drive the inserts and the walk through them.
   */

  /** Walks from the entry at offset {@code p}; false if the visitor ended the walk. */
  boolean visitAt(int p, ZipListVisitor v) {
    int version = layoutVersion;
    layoutVersion = version | WALKING;
    try {
      return ZipListReader.visit(zl, trusted(), (long) version() << 32, p, v);
    } finally {
      layoutVersion = version;
    }
  }

  /** Inserts {@code s[off, off+len)} at offset {@code p}; returns the offset after it. */
  int insertAt(int p, byte[] s, int off, int len) {
    ZipListWriter w = edit();
    w.putString(INSERT, p, s, off, len);
    commit(w, 1);
    return entryAfter(p);
  }

  /** Inserts the integer {@code v} at offset {@code p}; returns the offset after it. */
  int insertAt(int p, long v) {
    put(INSERT, p, v);
    return entryAfter(p);
  }

  /**
   * Inserts {@code a} then {@code b} (or {@code bInt} when b is null) at offset {@code p}; returns
   * the offset after both. Redis: zzlInsertAt's member and score.
   */
  int insertTwoAt(int p, byte[] a, byte[] b, long bInt) {
    ZipListWriter w = edit();
    int after = w.insertTwo(p, a, b, bInt);
    commit(w, 2);
    return after;
  }

  /** The offset of the entry after the one at {@code p}. */
  private int entryAfter(int p) {
    return ZipListFormat.decodeChecked(new Entry(), zl, blobLength(), p, false).next();
  }
}
