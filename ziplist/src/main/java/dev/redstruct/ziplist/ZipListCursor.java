package dev.redstruct.ziplist;

import static dev.redstruct.ziplist.ZipListFormat.END;
import static dev.redstruct.ziplist.ZipListFormat.HEADER_SIZE;

import dev.redstruct.core.RedisNumbers;
import dev.redstruct.ziplist.ZipListFormat.Entry;
import java.util.ConcurrentModificationException;
import java.util.NoSuchElementException;
import java.util.Objects;

/**
 * A position in a {@link ZipList} that walks forward ({@code ziplistNext}) and backward ({@code
 * ziplistPrev}) one entry at a time and reads the current entry without allocating: as a {@code
 * long} for integer entries, or as bytes copied into a caller's buffer.
 *
 * <p>A new cursor sits before the first entry; {@link #toEnd()} moves it after the last. {@link
 * #next()} and {@link #previous()} return {@code false} when they run off an end. Each step is
 * O(1). Any change to the ziplist other than through this cursor makes the next call throw {@link
 * ConcurrentModificationException}. Accessors throw {@link NoSuchElementException} when the cursor
 * is not on an entry. Not thread-safe, like its list: use a cursor on the thread that uses the
 * list.
 */
public final class ZipListCursor {
  private static final int BEFORE_FIRST = -1;
  private static final int AFTER_LAST = -2;

  private final ZipList list;
  private final byte[] zl; // stays the list's array for as long as the version does
  private final int size;
  private final boolean trusted;
  private final boolean padded; // trusted and padded: entry headers read with one int load
  private final Entry e = new Entry(); // the current entry, decoded once per step
  private final int version;
  private int pos = BEFORE_FIRST;

  ZipListCursor(ZipList list) {
    this.list = list;
    this.zl = list.array();
    this.size = list.blobLength();
    this.trusted = list.trusted();
    this.padded = trusted && ZipListFormat.padded(zl);
    this.version = list.version();
  }

  /**
   * Moves to the next entry.
   *
   * @return {@code false} if there is none (the cursor is then after the last entry)
   */
  public boolean next() {
    checkVersion();
    if (pos == AFTER_LAST) {
      return false;
    }
    int p = pos == BEFORE_FIRST ? HEADER_SIZE : e.next();
    if (padded) { // one load for the end test, the prevlen byte and the encoding byte
      int x = ZipListFormat.intAt(zl, p);
      if ((x & 0xFF) == END) {
        pos = AFTER_LAST;
        return false;
      }
      if ((x & 0xFF) >= ZipListFormat.BIG_PREVLEN) { // the encoding byte is past the 4 read
        e.decodeTrusted(zl, p, p + 5, zl[p + 5] & 0xFF);
      } else {
        e.decodeTrusted(zl, p, p + 1, x >>> 8 & 0xFF);
      }
      pos = p;
      return true;
    }
    if ((zl[p] & 0xFF) == END) {
      pos = AFTER_LAST;
      return false;
    }
    load(p);
    return true;
  }

  /**
   * Moves to the previous entry.
   *
   * @return {@code false} if there is none (the cursor is then before the first entry)
   */
  public boolean previous() {
    checkVersion();
    int p;
    if (pos == BEFORE_FIRST) {
      return false;
    } else if (pos == AFTER_LAST) {
      p = ZipListFormat.tailEntryOffset(zl);
      if (p < 0) {
        pos = BEFORE_FIRST;
        return false;
      }
    } else if (pos == HEADER_SIZE) {
      pos = BEFORE_FIRST;
      return false;
    } else {
      long prevlen = ZipListFormat.readPrevlen(zl, pos); // in bounds: the entry was decoded
      if (prevlen == 0 || prevlen > pos - HEADER_SIZE) { // only corrupt wrapped bytes get here
        throw ZipListFormat.fail(zl, size, pos, "bad prevlen " + prevlen);
      }
      p = pos - (int) prevlen;
    }
    load(p);
    return true;
  }

  /** Decodes the entry at {@code p}: trusted, or bounds-checked for wrapped bytes. */
  private void load(int p) {
    ZipListFormat.decode(e, zl, size, p, trusted);
    pos = p;
  }

  /**
   * Moves before the first entry.
   *
   * @return this cursor
   */
  public ZipListCursor toStart() {
    checkVersion();
    pos = BEFORE_FIRST;
    return this;
  }

  /**
   * Moves after the last entry, ready for {@link #previous()}.
   *
   * @return this cursor
   */
  public ZipListCursor toEnd() {
    checkVersion();
    pos = AFTER_LAST;
    return this;
  }

  /**
   * Returns whether the current entry has an integer encoding.
   *
   * @return {@code true} for integer entries
   */
  public boolean isInteger() {
    current();
    return !e.isString();
  }

  /**
   * Returns the current entry as a {@code long}.
   *
   * @return the value
   * @throws NumberFormatException if it is a string entry that is not a canonical int64 decimal
   */
  public long longValue() {
    current();
    if (e.isString()) {
      return RedisNumbers.parseCanonicalLong(zl, e.contentOffset(), (int) e.len);
    }
    return e.intValue(zl);
  }

  /**
   * Returns the length of the current entry's bytes (the decimal length for integers).
   *
   * @return the byte length
   */
  public int length() {
    current();
    return e.isString() ? (int) e.len : RedisNumbers.stringLength(e.intValue(zl));
  }

  /**
   * Copies the current entry's bytes (decimal for integers) into {@code dst} at {@code off}.
   *
   * @param dst the destination, with room for {@link #length()} bytes from {@code off}
   * @param off where to start writing
   * @return the number of bytes written
   */
  public int copyTo(byte[] dst, int off) {
    Objects.requireNonNull(dst, "dst");
    Objects.checkFromIndexSize(off, length(), dst.length);
    if (e.isString()) {
      System.arraycopy(zl, e.contentOffset(), dst, off, (int) e.len);
      return (int) e.len;
    }
    return RedisNumbers.ll2string(e.intValue(zl), dst, off);
  }

  /**
   * Returns the current entry's bytes in a new array.
   *
   * @return the bytes (decimal for integers)
   */
  public byte[] toByteArray() {
    byte[] out = new byte[length()];
    copyTo(out, 0);
    return out;
  }

  /**
   * Returns whether the current entry equals {@code value} as {@link ZipList#compare} defines it.
   *
   * @param value the bytes
   * @return whether they are equal
   */
  public boolean contentEquals(byte[] value) {
    Objects.requireNonNull(value, "value");
    current();
    return e.contentEquals(zl, value, 0, value.length);
  }

  private void current() {
    checkVersion();
    if (pos < 0) {
      throw new NoSuchElementException("cursor is not on an entry");
    }
  }

  private void checkVersion() {
    if (list.version() != version) {
      throw new ConcurrentModificationException("ziplist changed under the cursor");
    }
  }
}
