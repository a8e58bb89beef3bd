package dev.redstruct.ziplist;

import static dev.redstruct.ziplist.ZipListLayout.END;
import static dev.redstruct.ziplist.ZipListLayout.HEADER_SIZE;

import dev.redstruct.core.RedisNumbers;
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
 * is not on an entry. Not thread-safe.
 */
public final class ZipListCursor {
  private static final int BEFORE_FIRST = -1;
  private static final int AFTER_LAST = -2;

  private final ZipList list;
  private final ZipListEntry e = new ZipListEntry();
  private final int version;
  private int pos = BEFORE_FIRST;

  ZipListCursor(ZipList list) {
    this.list = list;
    this.version = list.layoutVersion;
  }

  /**
   * Moves to the next entry.
   *
   * @return {@code false} if there is none (the cursor is then after the last entry)
   */
  public boolean next() {
    checkVersion();
    int p;
    if (pos == AFTER_LAST) {
      return false;
    }
    p = pos == BEFORE_FIRST ? HEADER_SIZE : pos + e.rawLength();
    if ((list.array()[p] & 0xFF) == END) {
      pos = AFTER_LAST;
      return false;
    }
    list.decodeAt(e, p, true);
    pos = p;
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
      p = list.tailOffset();
      if ((list.array()[p] & 0xFF) == END) {
        pos = BEFORE_FIRST;
        return false;
      }
    } else if (pos == HEADER_SIZE) {
      pos = BEFORE_FIRST;
      return false;
    } else {
      if (e.prevRawLen == 0) { // only a corrupt wrapped blob gets here; do not loop on the spot
        throw ZipListValidator.fail(list.array(), list.blobLength(), pos, "prevlen 0 mid-list");
      }
      p = pos - (int) e.prevRawLen;
    }
    list.decodeAt(e, p, true);
    pos = p;
    return true;
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
    return !current().isString();
  }

  /**
   * Returns the current entry as a {@code long}.
   *
   * @return the value
   * @throws NumberFormatException if it is a string entry that is not a canonical int64 decimal
   */
  public long longValue() {
    ZipListEntry c = current();
    if (c.isString()) {
      return RedisNumbers.parseCanonicalLong(list.array(), c.contentOffset(), (int) c.len);
    }
    return c.intValue(list.array());
  }

  /**
   * Returns the length of the current entry's bytes (the decimal length for integers).
   *
   * @return the byte length
   */
  public int length() {
    ZipListEntry c = current();
    return c.isString() ? (int) c.len : RedisNumbers.stringLength(c.intValue(list.array()));
  }

  /**
   * Copies the current entry's bytes (decimal for integers) into {@code dst} at {@code off}.
   *
   * @param dst the destination, with room for {@link #length()} bytes from {@code off}
   * @param off where to start writing
   * @return the number of bytes written
   */
  public int copyTo(byte[] dst, int off) {
    ZipListEntry c = current();
    Objects.checkFromIndexSize(off, length(), dst.length);
    if (c.isString()) {
      System.arraycopy(list.array(), c.contentOffset(), dst, off, (int) c.len);
      return (int) c.len;
    }
    return RedisNumbers.ll2string(c.intValue(list.array()), dst, off);
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
    return list.entryEquals(current(), value, 0, value.length);
  }

  private ZipListEntry current() {
    checkVersion();
    if (pos < 0) {
      throw new NoSuchElementException("cursor is not on an entry");
    }
    return e;
  }

  private void checkVersion() {
    if (list.layoutVersion != version) {
      throw new ConcurrentModificationException("ziplist changed under the cursor");
    }
  }
}
