package dev.redstruct.ziplist;

import static dev.redstruct.ziplist.ZipListLayout.END;
import static dev.redstruct.ziplist.ZipListLayout.HEADER_SIZE;

import dev.redstruct.core.RedisNumbers;
import java.util.Arrays;
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
  private final boolean trusted;
  private final boolean padded; // trusted and padded: entry headers read with one int load
  private final ZipListEntry e = new ZipListEntry();
  private final int version;
  private int pos = BEFORE_FIRST;

  // The current entry, decoded once by load().
  private int encoding;
  private int contentOff;
  private int contentLen;
  private int nextPos;
  private int lastLen = -1; // the last 6-bit string's length, predicted as in ZipListWalk

  ZipListCursor(ZipList list) {
    this.list = list;
    this.zl = list.array();
    this.trusted = list.trusted();
    this.padded = trusted && ZipListWalk.padded(zl);
    this.version = list.layoutVersion;
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
    int p = pos == BEFORE_FIRST ? HEADER_SIZE : nextPos;
    if (padded) { // one load for the end test, the prevlen byte and the encoding byte
      int x = ZipListWalk.intAt(zl, p);
      if ((x & 0xFF) == END) {
        pos = AFTER_LAST;
        return false;
      }
      if ((x & 0xFF) >= ZipListLayout.BIG_PREVLEN) { // the encoding byte is past the 4 read
        loadTrusted(p, p + 5, zl[p + 5] & 0xFF);
      } else {
        loadTrusted(p, p + 1, x >>> 8 & 0xFF);
      }
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
      p = list.tailEntryOffset();
      if (p < 0) {
        pos = BEFORE_FIRST;
        return false;
      }
    } else if (pos == HEADER_SIZE) {
      pos = BEFORE_FIRST;
      return false;
    } else {
      long prevlen = ZipListLayout.readPrevlen(zl, pos);
      if (prevlen == 0 || prevlen > pos - HEADER_SIZE) { // only corrupt wrapped bytes get here
        throw ZipListValidator.fail(zl, list.blobLength(), pos, "bad prevlen " + prevlen);
      }
      p = pos - (int) prevlen;
    }
    load(p);
    return true;
  }

  /**
   * Decodes the entry at {@code p} into the cursor's fields: the lean decoder for bytes the list
   * vouches for, the bounds-checked one for wrapped bytes. This is the iteration hot path.
   */
  private void load(int p) {
    if (trusted) {
      int headerStart = p + 1;
      if ((zl[p] & 0xFF) >= ZipListLayout.BIG_PREVLEN) { // kept a branch: see ZipListWalk
        headerStart = p + 5;
      }
      loadTrusted(p, headerStart, zl[headerStart] & 0xFF);
    } else {
      list.decodeAt(e, p, true);
      encoding = e.encoding;
      contentOff = e.contentOffset();
      contentLen = (int) e.len;
      nextPos = contentOff + contentLen;
      pos = p;
    }
  }

  /** The trusted decode of the entry at {@code p} whose encoding byte {@code b} is at {@code h}. */
  private void loadTrusted(int p, int h, int b) {
    if (b == lastLen) { // the next offset adds a register, not the byte just loaded
      encoding = ZipListLayout.STR_06B;
      contentOff = h + 1;
      contentLen = lastLen;
    } else if (b >= ZipListLayout.STR_MASK) {
      encoding = b;
      contentOff = h + 1;
      // A switch of constants: predicted, it keeps the encoding off the walk's load chain.
      contentLen = ZipListLayout.intContentSize(b);
    } else if (b < ZipListLayout.STR_14B) { // the common small string: no further load
      encoding = ZipListLayout.STR_06B;
      contentOff = h + 1;
      contentLen = b;
      lastLen = b;
    } else {
      encoding = b & ZipListLayout.STR_MASK;
      contentLen = (int) ZipListLayout.readStringLength(zl, h, encoding);
      contentOff = h + (b < ZipListLayout.STR_32B ? 2 : 5);
    }
    nextPos = contentOff + contentLen;
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
    return encoding >= ZipListLayout.STR_MASK;
  }

  /**
   * Returns the current entry as a {@code long}.
   *
   * @return the value
   * @throws NumberFormatException if it is a string entry that is not a canonical int64 decimal
   */
  public long longValue() {
    current();
    if (encoding < ZipListLayout.STR_MASK) {
      return RedisNumbers.parseCanonicalLong(zl, contentOff, contentLen);
    }
    return ZipListLayout.readInt(zl, contentOff, encoding);
  }

  /**
   * Returns the length of the current entry's bytes (the decimal length for integers).
   *
   * @return the byte length
   */
  public int length() {
    current();
    if (encoding < ZipListLayout.STR_MASK) {
      return contentLen;
    }
    return RedisNumbers.stringLength(ZipListLayout.readInt(zl, contentOff, encoding));
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
    if (encoding < ZipListLayout.STR_MASK) {
      System.arraycopy(zl, contentOff, dst, off, contentLen);
      return contentLen;
    }
    return RedisNumbers.ll2string(ZipListLayout.readInt(zl, contentOff, encoding), dst, off);
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
    if (encoding < ZipListLayout.STR_MASK) {
      return contentLen == value.length
          && Arrays.equals(zl, contentOff, contentOff + contentLen, value, 0, value.length);
    }
    int len = value.length;
    return ZipListLayout.isIntegerCandidate(value, 0, len)
        && RedisNumbers.parseCanonicalLong(value, 0, len)
            == ZipListLayout.readInt(zl, contentOff, encoding);
  }

  private void current() {
    checkVersion();
    if (pos < 0) {
      throw new NoSuchElementException("cursor is not on an entry");
    }
  }

  private void checkVersion() {
    if (list.layoutVersion != version) {
      throw new ConcurrentModificationException("ziplist changed under the cursor");
    }
  }
}
