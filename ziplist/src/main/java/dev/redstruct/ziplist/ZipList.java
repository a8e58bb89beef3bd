package dev.redstruct.ziplist;

import static dev.redstruct.ziplist.ZipListLayout.EMPTY_SIZE;
import static dev.redstruct.ziplist.ZipListLayout.END;
import static dev.redstruct.ziplist.ZipListLayout.HEADER_SIZE;
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
 * grows by half again when full (as {@code ArrayList} does; amortised O(1) per appended byte);
 * {@link #trimToSize()} drops the slack and {@link #toByteArray()} returns a trimmed copy.
 *
 * <p><b>Memory.</b> A list is its array plus a 24-byte object (compressed oops): lengths and counts
 * are read from the blob's own header, and the scratch space that operations decode into is per
 * thread, not per list. Lists that are {@link #wrap}ped, or that have had a {@link #asList list
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
 * external synchronization. Cursors and list views fail fast (best effort) after other changes.
 * Lists share no mutable state with each other; operations decode into a per-thread scratch area (a
 * {@code ThreadLocal}), so two threads using two lists never interfere.
 */
public final class ZipList {
  /*
   * Implementation notes.
   *
   * Mirrors Redis 6.2.16's src/ziplist.c (the last ziplist writer; 7.0.15 keeps the same reader and
   * validator). Offsets into `zl` replace Redis's pointers; the blob's own zlbytes field is the
   * used length (no copy of it, nor of zltail or zllen, is kept in a field). The layout, with a
   * worked example, is drawn in ZipListLayout; entry headers are decoded into a reusable
   * ZipListEntry scratch object, always through the bounds-checked decodeSafe so that a wrapped
   * corrupt blob can only produce CorruptEncodingException.
   *
   * Footprint. Ziplists exist to make many small lists cheap, so the object holds only the array,
   * the layout version and a reference to ZipListExtras, which stays null unless the list is
   * wrapped, capped, has cascaded or has a List view: 24 bytes with compressed oops. The scratch
   * entry and the value being written live in a per-thread ZipListWork (one ThreadLocal lookup
   * per operation) instead of in every list.
   *
   * A value to write is "prepared" into ZipListWork's v* fields (encoding, integer, string slice)
   * so that the insert/replace workers (ZipListEdit) take no value arguments and allocate nothing.
   *
   * Growth. The array grows like ArrayList's, to the larger of what is needed and 1.5 times the
   * old capacity (amortised O(1) per appended byte, at most a third of the array left as slack
   * after growth, where doubling left up to half); the capacity is then rounded up to fill the
   * 8-byte granule the JVM allocates anyway. create() starts with the 11-byte empty blob in a
   * 16-byte array (the granule again). Redis instead reallocates to the exact size on every
   * change and relies on the allocator's size classes.
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
   *   I1  EMPTY_SIZE <= zlbytes <= zl.length.
   *   I2  zl[zlbytes - 1] == 0xFF.
   *   I3  the bytes [0, zlbytes) pass ziplistValidateIntegrity's deep check: entries in bounds
   *       with known encodings, each prevlen equal to the previous entry's size, zltail at the
   *       last entry (or at 0xFF when empty), zllen equal to the count unless saturated at 65535.
   *   I4  maxBytes() >= EMPTY_SIZE.
   *   I5  an empty list has zltail 10 and zllen 0 (the deep check leaves both free when there is no
   *       entry; copyOf and wrap normalise them, and every writer keeps them so). The tail insert,
   *       the pair insert and merge's seam all take zltail as the tail entry or the end byte.
   */

  /** The blob in {@code [0, zlbytes)}, then growth slack. */
  private byte[] zl;

  /** Bumped by every change to the bytes, replacements included: cached offsets are stale. */
  int layoutVersion;

  /** Rare state (untrusted, capped, cascade count, view counter); null means none of it. */
  private ZipListExtras extras;

  private ZipList(byte[] zl, ZipListExtras extras) {
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
    return withMaxBytes(ZipListLayout.MAX_SAFETY_SIZE);
  }

  /** An empty ziplist with a lower safety cap, so tests can reach the cap cheaply. */
  static ZipList withMaxBytes(int maxBytes) {
    if (maxBytes < EMPTY_SIZE) {
      throw new IllegalArgumentException("maxBytes " + maxBytes);
    }
    byte[] zl = new byte[ZipListLayout.granuleCapacity(EMPTY_SIZE)];
    ZipListLayout.setZlbytes(zl, EMPTY_SIZE);
    ZipListLayout.setZltail(zl, HEADER_SIZE);
    zl[EMPTY_SIZE - 1] = (byte) END;
    boolean capped = maxBytes != ZipListLayout.MAX_SAFETY_SIZE;
    return new ZipList(zl, capped ? new ZipListExtras(true, maxBytes) : null);
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
    byte[] copy = Arrays.copyOf(blob, paddedLength(blob.length));
    ZipListValidator.validate(copy, blob.length, true);
    normaliseEmpty(copy);
    return new ZipList(copy, null);
  }

  /**
   * Returns a ziplist that takes ownership of {@code blob} (the caller must not touch it again),
   * after checking only the header as Redis's shallow validation does. Call {@link #validate} first
   * for bytes you do not trust.
   *
   * <p>An empty list (11 bytes, 0xFF at offset 10) gets the canonical header {@code 0b000000
   * 0a000000 0000 ff}: Redis's validator checks zltail against the last entry and zllen against the
   * count only when there is an entry, so an empty blob may carry any zltail up to 10 (such as
   * {@code 0b000000 08000000 0000 ff}) or zllen 65535, which writes at the tail would take for an
   * entry. Redis 7.0 never keeps such a header either: it rebuilds every ziplist it loads as a
   * listpack (and refuses an empty list or sorted set in {@code RESTORE}).
   *
   * @param blob ziplist bytes; owned by the result
   * @return a ziplist over {@code blob}
   * @throws CorruptEncodingException if the header is inconsistent
   */
  public static ZipList wrap(byte[] blob) {
    Objects.requireNonNull(blob, "blob");
    ZipListValidator.validate(blob, blob.length, false);
    normaliseEmpty(blob);
    return new ZipList(blob, new ZipListExtras(false, ZipListLayout.MAX_SAFETY_SIZE));
  }

  /** Gives a validated empty blob the header ziplistNew writes: zltail 10, zllen 0. */
  private static void normaliseEmpty(byte[] zl) {
    if (ZipListLayout.zlbytes(zl) == EMPTY_SIZE && (zl[HEADER_SIZE] & 0xFF) == END) {
      ZipListLayout.setZltail(zl, HEADER_SIZE);
      ZipListLayout.setZllen(zl, 0);
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
    ZipListEntry e = ZipListWork.get().entry;
    int size = blobLength();
    for (int p = HEADER_SIZE; (zl[p] & 0xFF) != END; p += decodeAt(e, p, false, size).rawLength()) {
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
    return ZipListLayout.zlbytesInt(zl);
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
    ZipListEntry e = ZipListWork.get().entry;
    decodeAt(e, offsetOrThrow(e, index), true);
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
    ZipListEntry e = ZipListWork.get().entry;
    decodeAt(e, offsetOrThrow(e, index), true);
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
    ZipListEntry e = ZipListWork.get().entry;
    return !decodeAt(e, offsetOrThrow(e, index), true).isString();
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
    ZipListEntry e = ZipListWork.get().entry;
    return entryEquals(decodeAt(e, offsetOrThrow(e, index), true), value, 0, value.length);
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
    ZipListEntry e = ZipListWork.get().entry;
    int p = offsetOf(e, fromIndex);
    if (p < 0) {
      return -1;
    }
    return ZipListCascade.find(this, e, p, fromIndex, value, skip);
  }

  // ---------------------------------------------------------------- updates

  /**
   * Adds {@code value} before the first entry. Redis: {@code ziplistPush(..., ZIPLIST_HEAD)}.
   *
   * @param value the bytes; not retained
   * @throws IllegalStateException if the blob would exceed 1 GiB
   */
  public void pushHead(byte[] value) {
    ZipListWork w = ZipListWork.get();
    w.prepare(value);
    insertAt(w, HEADER_SIZE);
  }

  /**
   * Adds {@code value} after the last entry. Redis: {@code ziplistPush(..., ZIPLIST_TAIL)}.
   *
   * @param value the bytes; not retained
   * @throws IllegalStateException if the blob would exceed 1 GiB
   */
  public void pushTail(byte[] value) {
    ZipListWork w = ZipListWork.get();
    w.prepare(value);
    insertAt(w, blobLength() - 1);
  }

  /**
   * Adds the integer {@code value} before the first entry, as pushing its decimal form would.
   *
   * @param value the integer
   * @throws IllegalStateException if the blob would exceed 1 GiB
   */
  public void pushHead(long value) {
    ZipListWork w = ZipListWork.get();
    w.prepare(value);
    insertAt(w, HEADER_SIZE);
  }

  /**
   * Adds the integer {@code value} after the last entry, as pushing its decimal form would.
   *
   * @param value the integer
   * @throws IllegalStateException if the blob would exceed 1 GiB
   */
  public void pushTail(long value) {
    ZipListWork w = ZipListWork.get();
    w.prepare(value);
    insertAt(w, blobLength() - 1);
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
    ZipListWork w = ZipListWork.get();
    int p = insertionOffset(w.entry, index);
    w.prepare(value);
    insertAt(w, p);
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
    ZipListWork w = ZipListWork.get();
    int p = insertionOffset(w.entry, index);
    w.prepare(value);
    insertAt(w, p);
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
    ZipListWork w = ZipListWork.get();
    int p = offsetOrThrow(w.entry, index);
    w.prepare(value);
    replaceAt(w, p);
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
    ZipListWork w = ZipListWork.get();
    int p = offsetOrThrow(w.entry, index);
    w.prepare(value);
    replaceAt(w, p);
  }

  /**
   * Deletes the entry at {@code index}. Redis: {@code ziplistDelete}.
   *
   * @param index from {@code -size()} to {@code size() - 1}
   * @throws IndexOutOfBoundsException if there is no such entry
   */
  public void delete(int index) {
    ZipListEntry e = ZipListWork.get().entry;
    deleteAt(e, offsetOrThrow(e, index), 1);
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
    ZipListEntry e = ZipListWork.get().entry;
    int p = offsetOf(e, index);
    if (p >= 0) {
      deleteAt(e, p, count);
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
    return Arrays.copyOf(zl, blobLength());
  }

  /**
   * Shrinks the backing array to {@link #blobLength()} bytes plus a 3-byte read pad, dropping the
   * slack left by amortised growth (as {@code ArrayList.trimToSize} does). The pad keeps {@link
   * #forEachEntry} and cursors on their fastest walk, which reads 4 bytes at each entry, the final
   * 0xFF included. The next growth adds half again.
   */
  public void trimToSize() {
    int size = paddedLength(blobLength());
    if (zl.length != size) {
      zl = Arrays.copyOf(zl, size);
    }
  }

  /**
   * Length of an array ZipList allocates for a blob of {@code blobLength} bytes and nothing more:
   * the blob plus the walk's read pad ({@link ZipListWalk#READ_PAD}). Every array ZipList allocates
   * keeps the pad; only a blob within 3 bytes of the JVM's largest array would go without (and be
   * walked byte by byte), which the 1 GiB cap rules out for lists ZipList builds. Never less than
   * {@code blobLength}: copyOf, trimToSize and merge may meet a blob (copied or wrapped) longer
   * than the cap, which must keep every byte (a pad-less array of its own length exists already).
   */
  static int paddedLength(long blobLength) {
    return (int)
        Math.max(blobLength, Math.min(blobLength + ZipListWalk.READ_PAD, Integer.MAX_VALUE - 32));
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
    return ZipListVisit.token(layoutVersion, ZipListLayout.zlbytesInt(zl) - 1);
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
    Objects.requireNonNull(value, "value");
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
    Objects.requireNonNull(value, "value");
    int p = offsetOfPosition(position);
    Objects.checkFromIndexSize(off, len, value.length);
    ZipListWork w = ZipListWork.get();
    w.prepare(value, off, len);
    return insertAtReturningNext(w, p);
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
    ZipListWork w = ZipListWork.get();
    w.prepare(value);
    return insertAtReturningNext(w, p);
  }

  private int offsetOfPosition(long position) {
    int p = (int) position;
    if ((int) (position >>> 32) != layoutVersion
        || p < HEADER_SIZE
        || p > ZipListLayout.zlbytesInt(zl) - 1) {
      throw new IllegalArgumentException("stale or foreign ziplist position " + position);
    }
    return p;
  }

  /** Inserts the prepared value at p and returns the position of the entry now after it. */
  private long insertAtReturningNext(ZipListWork w, int p) {
    insertAt(w, p);
    int next = p + decodeAt(w.entry, p, false).rawLength();
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
    return extras == null || extras.trusted;
  }

  int maxBytes() {
    return extras == null ? ZipListLayout.MAX_SAFETY_SIZE : extras.maxBytes;
  }

  /** Inserts and deletes so far, as list views see them (counted once a view exists). */
  int modCount() {
    return extras == null ? 0 : extras.modCount;
  }

  /** The rare state, or null when the list has none (tests check that lists stay lean). */
  ZipListExtras extrasOrNull() {
    return extras;
  }

  /** Called by a new list view: from now on structural changes are counted for it. */
  void countStructuralChanges() {
    extras();
  }

  private ZipListExtras extras() {
    if (extras == null) {
      extras = new ZipListExtras(true, ZipListLayout.MAX_SAFETY_SIZE);
    }
    return extras;
  }

  /** An insert or delete: cached offsets and list-view iterators are stale. */
  void structuralChange() {
    layoutVersion++;
    if (extras != null) {
      extras.modCount++;
    }
  }

  int end() {
    return blobLength() - 1;
  }

  int tailOffset() {
    return (int) ZipListLayout.zltail(zl);
  }

  /**
   * The last entry's offset, or -1 when empty. A zltail on a 0xFF byte must mean an empty list, the
   * 0xFF being both the first entry position and the last byte; anything else is corrupt (a wrapped
   * list whose header shallow validation could not check against the entries).
   */
  int tailEntryOffset() {
    int size = blobLength();
    long p = ZipListLayout.zltail(zl);
    if (p < HEADER_SIZE || p > size - 1) {
      throw ZipListValidator.fail(zl, size, 4, "zltail " + p + " outside the entry area");
    }
    if ((zl[(int) p] & 0xFF) != END) {
      return (int) p;
    }
    if (p != HEADER_SIZE || size != EMPTY_SIZE) {
      throw ZipListValidator.fail(zl, size, 4, "zltail points at a 0xFF that is not the end");
    }
    return -1;
  }

  /** Decodes the next entry of a walk: unchecked for trusted bytes, bounds-checked otherwise. */
  ZipListEntry walkTo(ZipListEntry e, int p) {
    if (trusted()) {
      e.decodeTrusted(zl, p);
      return e;
    }
    return decodeAt(e, p, true);
  }

  /** Decodes the entry at {@code p}, turning any failed bounds check into a corrupt-data error. */
  ZipListEntry decodeAt(ZipListEntry e, int p, boolean validatePrevlen) {
    return decodeAt(e, p, validatePrevlen, blobLength());
  }

  /** {@link #decodeAt(ZipListEntry, int, boolean)} for walks that read zlbytes once. */
  ZipListEntry decodeAt(ZipListEntry e, int p, boolean validatePrevlen, int size) {
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
    return ZipListLayout.isIntegerCandidate(s, off, len)
        && RedisNumbers.parseCanonicalLong(s, off, len) == e.intValue(zl);
  }

  /** Redis: {@code ziplistIndex}. Returns the entry offset, or -1 when there is no such entry. */
  int offsetOf(int index) {
    return offsetOf(ZipListWork.get().entry, index);
  }

  /** {@link #offsetOf(int)} decoding into {@code e1}. */
  private int offsetOf(ZipListEntry e1, int index) {
    int p;
    if (index < 0) {
      long back = -(long) index - 1;
      p = tailEntryOffset();
      if (p < 0) {
        return -1;
      }
      int size = blobLength();
      long prevlen = decodeAt(e1, p, true, size).prevRawLen;
      while (prevlen > 0 && back > 0) {
        back--;
        p -= (int) prevlen;
        prevlen = decodeAt(e1, p, true, size).prevRawLen;
      }
      return back > 0 ? -1 : p;
    }
    p = HEADER_SIZE;
    int size = blobLength();
    while (index > 0 && (zl[p] & 0xFF) != END) {
      index--;
      p += decodeAt(e1, p, false, size).rawLength();
    }
    if ((zl[p] & 0xFF) == END || index > 0) {
      return -1;
    }
    decodeAt(e1, p, true);
    return p;
  }

  private int offsetOrThrow(ZipListEntry e1, int index) {
    int p = offsetOf(e1, index);
    if (p < 0) {
      throw noEntry(index);
    }
    return p;
  }

  /** The entry offset of {@code index}, for the list view; throws as {@link #get} does. */
  int entryOffset(int index) {
    return offsetOrThrow(ZipListWork.get().entry, index);
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
      return ZipListValidator.fail(
          zl, blobLength(), 8, "zllen " + n + " but no entry at index " + index);
    }
    return new IndexOutOfBoundsException("index " + index + " out of range for ziplist");
  }

  private int insertionOffset(ZipListEntry e1, int index) {
    if (index < 0) {
      throw new IndexOutOfBoundsException("index " + index);
    }
    int p = offsetOf(e1, index);
    if (p >= 0) {
      return p;
    }
    if (index != size()) {
      throw noEntry(index);
    }
    return blobLength() - 1;
  }

  // ---- the prepared value

  /** Prepares {@code s} in this thread's work area, for a following {@link #insertAt(int)}. */
  void prepare(byte[] s) {
    ZipListWork.get().prepare(s);
  }

  // ---- growth

  /**
   * Sets zlbytes (and the 0xFF byte) to {@code newSize}, growing the array if needed to the larger
   * of {@code newSize} plus {@link ZipListWalk#READ_PAD} and 1.5 times its length (ArrayList's
   * rule), rounded up to the granule. The pad lets the walk read 4 bytes at the 0xFF byte.
   */
  void resize(int newSize) {
    if (newSize + ZipListWalk.READ_PAD > zl.length) {
      long grown = Math.max(newSize + ZipListWalk.READ_PAD, zl.length + (zl.length >> 1));
      zl =
          Arrays.copyOf(
              zl, ZipListLayout.granuleCapacity((int) Math.min(grown, Integer.MAX_VALUE - 32)));
    }
    ZipListLayout.setZlbytes(zl, newSize);
    zl[newSize - 1] = (byte) END;
  }

  // ---- the workers (ZipListEdit)

  /** Inserts this thread's prepared value at {@code p}; see {@link ZipListEdit#insert}. */
  void insertAt(int p) {
    insertAt(ZipListWork.get(), p);
  }

  /** The per-thread work area never keeps a caller's array, even when the insert throws. */
  private void insertAt(ZipListWork w, int p) {
    try {
      ZipListEdit.insert(this, w, p);
    } finally {
      w.vStr = null;
    }
  }

  /** Deletes up to {@code num} entries from {@code p}; see {@link ZipListEdit#delete}. */
  void deleteAt(int p, int num) {
    ZipListEdit.delete(this, ZipListWork.get().entry, p, num);
  }

  private void deleteAt(ZipListEntry e1, int p, int num) {
    ZipListEdit.delete(this, e1, p, num);
  }

  /** Replaces the entry at {@code p} by this thread's prepared value; see {@link ZipListEdit}. */
  void replaceAt(int p) {
    replaceAt(ZipListWork.get(), p);
  }

  private void replaceAt(ZipListWork w, int p) {
    try {
      ZipListEdit.replace(this, w, p);
    } finally {
      w.vStr = null;
    }
  }

  /** A replacement made as a delete and an insert: give list views back their counter. */
  void restoreModCount(int mod) {
    if (extras != null) {
      extras.modCount = mod;
    }
  }

  /** Redis: {@code __ziplistCascadeUpdate}; see ZipListCascade. */
  void cascadeUpdate(ZipListEntry scratch, int p) {
    ZipListCascade.update(this, p, scratch);
  }

  void addCascadeSteps(int cnt) {
    extras().cascadeSteps += cnt;
  }

  /** Package-private for ZipListMerge: installs merged bytes and runs the seam cascade. */
  static ZipList fromMergedBytes(byte[] zl, int seam, boolean trusted) {
    ZipList z =
        new ZipList(zl, trusted ? null : new ZipListExtras(false, ZipListLayout.MAX_SAFETY_SIZE));
    z.cascadeUpdate(ZipListWork.get().entry, seam);
    return z;
  }

  /** Checks I1..I4 (see the implementation notes); tests call it after every step. */
  void checkInvariants() {
    long size = ZipListLayout.zlbytes(zl);
    if (size < EMPTY_SIZE || size > zl.length) {
      throw new AssertionError("I1: zlbytes " + size + ", capacity " + zl.length);
    }
    if ((zl[(int) size - 1] & 0xFF) != END) {
      throw new AssertionError("I2: no 0xFF at " + (size - 1));
    }
    try {
      ZipListValidator.validate(zl, (int) size, true);
    } catch (CorruptEncodingException ex) {
      throw new AssertionError("I3: " + ex.getMessage(), ex);
    }
    if (maxBytes() < EMPTY_SIZE) {
      throw new AssertionError("I4: maxBytes " + maxBytes());
    }
    if (isEmpty() && (tailOffset() != HEADER_SIZE || ZipListLayout.zllen(zl) != 0)) {
      throw new AssertionError("I5: empty with zltail " + tailOffset() + ", zllen " + size());
    }
  }

  // ---------------------------------------------------------------- random access by offset

  /**
   * Returns the byte offset of the entry a current position token names (Redis: {@code p - zl}), or
   * of the end byte for {@link #endPosition()}. With {@link #positionAt} it lets a caller keep its
   * own index of entry offsets across the inserts it makes itself: after inserting values one after
   * another from offset {@code o} (each at the position the previous insert returned), the last
   * returning a position at offset {@code o2}, every entry that followed {@code o} moved by the
   * same {@code g} bytes, the blob's growth, if and only if {@code g == o2 - o}. (Otherwise a
   * prevlen field changed size: the entry that followed grew or shrank by 4 bytes, or a cascade
   * grew entries further on.)
   *
   * @param position a token of this ziplist's current bytes
   * @return the offset, from 10 (the first entry) to {@code blobLength() - 1} (the end)
   * @throws IllegalArgumentException if the position is stale
   */
  public int positionOffset(long position) {
    return ZipListSeek.offset(this, position);
  }

  /**
   * Returns the current position token of the entry that starts at byte {@code offset}, or of the
   * end for {@code blobLength() - 1}. The offset must be an entry start of the current bytes (one
   * that {@link #positionOffset} reported, moved by the caller's own accounting of changes since):
   * only bounds are checked (in O(1), as for tokens), and an insert at a position that is not an
   * entry start damages the list.
   *
   * @param offset an entry start or the end byte's offset
   * @return the position token
   * @throws IllegalArgumentException if the offset is outside the entry area
   */
  public long positionAt(int offset) {
    return ZipListSeek.position(this, offset);
  }

  /**
   * As {@link #visit} from the entry at {@code position} on (Redis: the {@code ziplistNext} loop
   * from {@code p}); the visitor ends the walk by returning {@code false}.
   *
   * @param position a token of this ziplist's current bytes
   * @param visitor receives each entry from {@code position} on
   * @return {@code true} if the walk reached the end, {@code false} if the visitor ended it
   * @throws IllegalArgumentException if the position is stale
   * @throws java.util.ConcurrentModificationException if a callback changed this ziplist
   */
  public boolean visitFrom(long position, ZipListVisitor visitor) {
    return ZipListSeek.visitFrom(this, position, Objects.requireNonNull(visitor, "visitor"));
  }

  /**
   * Inserts {@code first} then the integer {@code second} before the entry at {@code position}: the
   * same bytes as {@code insertAtPosition(insertAtPosition(position, first), second)} (Redis: two
   * {@code ziplistInsert} calls, as {@code zzlInsertAt} makes for a member and its score), with the
   * bytes after the point moved once when no prevlen field changes size.
   *
   * @param position a current position token
   * @param first the bytes of the first entry; not retained
   * @param second the integer of the second entry
   * @return the position of the entry after the second inserted one
   * @throws IllegalArgumentException if the position is stale
   * @throws IllegalStateException if the blob would exceed 1 GiB
   */
  public long insertTwoAtPosition(long position, byte[] first, long second) {
    return ZipListInsertTwo.insert(this, position, Objects.requireNonNull(first, "first"), second);
  }

  /**
   * As {@link #insertTwoAtPosition(long, byte[], long)} with a byte-string second entry.
   *
   * @param position a current position token
   * @param first the bytes of the first entry; not retained
   * @param second the bytes of the second entry; not retained
   * @return the position of the entry after the second inserted one
   * @throws IllegalArgumentException if the position is stale
   * @throws IllegalStateException if the blob would exceed 1 GiB
   */
  public long insertTwoAtPosition(long position, byte[] first, byte[] second) {
    return ZipListInsertTwo.insert(
        this,
        position,
        Objects.requireNonNull(first, "first"),
        Objects.requireNonNull(second, "second"));
  }
}
