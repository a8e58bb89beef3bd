package dev.redstruct.listpack;

import static dev.redstruct.listpack.ListPackReader.NONE;

import dev.redstruct.core.RedisNumbers;
import java.util.ConcurrentModificationException;
import java.util.NoSuchElementException;
import java.util.Objects;

/**
 * A position in a {@link ListPack} that steps forward ({@code lpNext}) and backward ({@code
 * lpPrev}) one element at a time, reads the current element without allocating (as a {@code long}
 * for integer elements, or as bytes copied into a caller's buffer), and edits at the position as
 * Redis's pointer-based callers do ({@code lpInsert} before/after, {@code lpReplace}, {@code
 * lpDelete}).
 *
 * <p>A new cursor sits before the first element; {@link #toEnd()} moves it after the last. {@link
 * #next()} and {@link #previous()} return {@code false} when they run off an end. Each step is O(1)
 * and allocates nothing. A change to the listpack other than through this cursor makes the next
 * call throw {@link ConcurrentModificationException}. Accessors throw {@link
 * NoSuchElementException} when the cursor is not on an element. Not thread-safe, like its listpack:
 * use a cursor on the thread that uses the listpack.
 */
public final class ListPackCursor {
  /* Implementation notes.
   * pos is the offset of the current element, or BEFORE (before the first) or AFTER (after the
   * last). e holds the current element decoded (its own scratch, not the listpack's, so that
   * ListPack methods called meanwhile do not disturb it).
   */
  private static final int BEFORE = -1;
  private static final int AFTER = -2;

  /** Edits may move the head part instead of the tail: the cursor lands on the returned offset. */
  private static final boolean SIDES = ListPackWriter.HEAD_OR_TAIL;

  private final ListPack lp;
  private final ListPackFormat.Element e = new ListPackFormat.Element();
  private int pos = BEFORE;
  private int expectedModCount;

  ListPackCursor(ListPack lp) {
    this.lp = lp;
    this.expectedModCount = lp.modCount;
  }

  /**
   * Moves to the next element. Redis: lpFirst / lpNext.
   *
   * @return {@code false} (and the cursor is after the last element) if there was none
   */
  public boolean next() {
    checkModCount();
    byte[] b = lp.buf;
    int p = pos;
    if (p >= 0) {
      p = e.start + e.size; // the current element's end, decoded when the cursor landed on it
    } else if (p == BEFORE) {
      p = lp.base + ListPackFormat.HEADER_SIZE;
    } else {
      return false;
    }
    if ((b[p] & 0xFF) == ListPackFormat.EOF) {
      pos = AFTER;
      return false;
    }
    pos = p;
    ListPackFormat.decode(b, p, e);
    return true;
  }

  /**
   * Moves to the previous element. Redis: lpLast / lpPrev.
   *
   * @return {@code false} (and the cursor is before the first element) if there was none
   */
  public boolean previous() {
    checkModCount();
    byte[] b = lp.buf;
    int p;
    if (pos == AFTER) {
      p = ListPackReader.last(b, lp.base);
    } else if (pos == BEFORE) {
      return false;
    } else {
      p = ListPackReader.prev(b, lp.base, pos);
    }
    return land(p, BEFORE);
  }

  /**
   * Moves to the element at {@code index}, walking from the nearer end. Redis: lpSeek.
   *
   * @param index 0-based, or negative from the end
   * @return {@code false} (and the cursor is before the first element) if out of range
   */
  public boolean seek(int index) {
    checkModCount();
    return land(ListPackReader.seek(lp.buf, lp.base, index, e), BEFORE);
  }

  /**
   * Moves to the first element at or after the current one (or the first, from before the start)
   * that equals {@code value}, comparing every {@code skip + 1}-th element. Redis: lpFind.
   *
   * @param value the bytes to find
   * @param skip elements to skip after each comparison
   * @return {@code true} if found; otherwise the cursor does not move
   */
  public boolean find(byte[] value, int skip) {
    checkModCount();
    Objects.requireNonNull(value, "value");
    if (skip < 0) {
      throw new IllegalArgumentException("skip must be >= 0: " + skip);
    }
    int from = pos == BEFORE ? ListPackReader.first(lp.buf, lp.base) : pos == AFTER ? NONE : pos;
    if (from == NONE) {
      return false;
    }
    int p = ListPackReader.find(lp.buf, from, value, 0, value.length, skip, e);
    if (p == NONE) {
      if (pos >= 0) {
        ListPackFormat.decode(lp.buf, pos, e); // the search used e as scratch
      }
      return false;
    }
    return land(p, BEFORE);
  }

  /**
   * Moves before the first element.
   *
   * @return this cursor
   */
  public ListPackCursor toStart() {
    checkModCount();
    pos = BEFORE;
    return this;
  }

  /**
   * Moves after the last element.
   *
   * @return this cursor
   */
  public ListPackCursor toEnd() {
    checkModCount();
    pos = AFTER;
    return this;
  }

  /**
   * Returns whether the cursor is on an element (not before the first or after the last).
   *
   * @return {@code true} if the accessors may be called
   */
  public boolean isOnElement() {
    checkModCount();
    return pos >= 0;
  }

  /**
   * Returns whether the current element is stored as an integer.
   *
   * @return {@code true} for an integer encoding
   */
  public boolean isInteger() {
    return current().isInteger;
  }

  /**
   * Returns the current integer element.
   *
   * @return the value
   * @throws IllegalStateException if the element is a string
   */
  public long longValue() {
    ListPackFormat.Element c = current();
    if (!c.isInteger) {
      throw new IllegalStateException("the element is a string");
    }
    return c.value;
  }

  /**
   * Returns the length of the current element's bytes (an integer's decimal length).
   *
   * @return the length
   */
  public int length() {
    checkModCount();
    if (pos < 0) {
      throw new NoSuchElementException("the cursor is not on an element");
    }
    return e.isInteger ? RedisNumbers.stringLength(e.value) : e.dataLength;
  }

  /**
   * Copies the current element's bytes (an integer as its decimal) into {@code dst}.
   *
   * @param dst the destination, with room for {@link #length()} bytes from {@code off}
   * @param off where the first byte goes
   * @return the number of bytes copied
   */
  public int copyTo(byte[] dst, int off) {
    Objects.requireNonNull(dst, "dst");
    ListPackFormat.Element c = current();
    if (c.isInteger) {
      return RedisNumbers.ll2string(c.value, dst, off);
    }
    System.arraycopy(lp.buf, c.dataOffset, dst, off, c.dataLength);
    return c.dataLength;
  }

  /**
   * Returns the current element's bytes.
   *
   * @return a new array
   */
  public byte[] toByteArray() {
    return current().toByteArray(lp.buf);
  }

  /**
   * Tells whether the current element equals {@code value} (an integer element equals its canonical
   * decimal). Redis: lpCompare.
   *
   * @param value the bytes
   * @return {@code true} if equal
   */
  public boolean contentEquals(byte[] value) {
    Objects.requireNonNull(value, "value");
    return current().contentEquals(lp.buf, value, 0, value.length);
  }

  /**
   * Inserts {@code value} before the current element (or appends, when after the last) and moves
   * onto it. Redis: lpInsertString with LP_BEFORE.
   *
   * @param value the bytes
   * @throws IllegalStateException past 1 GiB
   */
  public void insertBefore(byte[] value) {
    checkModCount();
    Objects.requireNonNull(value, "value");
    int p =
        pos == AFTER ? lp.eofOffset() : pos == BEFORE ? lp.base + ListPackFormat.HEADER_SIZE : pos;
    edited(
        ListPackWriter.insertString(lp, p, ListPackWriter.BEFORE, value, 0, value.length, SIDES));
  }

  /**
   * Inserts {@code value} after the current element and moves onto it. Redis: lpInsertString with
   * LP_AFTER.
   *
   * @param value the bytes
   * @throws IllegalStateException past 1 GiB
   */
  public void insertAfter(byte[] value) {
    int p = current().start;
    Objects.requireNonNull(value, "value");
    edited(ListPackWriter.insertString(lp, p, ListPackWriter.AFTER, value, 0, value.length, SIDES));
  }

  /**
   * Replaces the current element; the cursor stays on it. Redis: lpReplace.
   *
   * @param value the bytes
   * @throws IllegalStateException past 1 GiB
   */
  public void replace(byte[] value) {
    int p = current().start;
    Objects.requireNonNull(value, "value");
    edited(
        ListPackWriter.insertString(lp, p, ListPackWriter.REPLACE, value, 0, value.length, SIDES));
  }

  /**
   * Replaces the current element with an integer. Redis: lpReplaceInteger.
   *
   * @param value the value
   */
  public void replace(long value) {
    edited(ListPackWriter.insertInteger(lp, current().start, ListPackWriter.REPLACE, value, SIDES));
  }

  /**
   * Deletes the current element and moves to the one after it (or after the last). Redis: lpDelete.
   */
  public void remove() {
    int p = ListPackWriter.deleteFrom(lp, current().start, 1, SIDES);
    expectedModCount = lp.modCount;
    land(p, AFTER);
  }

  private void edited(int p) {
    expectedModCount = lp.modCount;
    land(p, AFTER);
  }

  private boolean land(int p, int offEnd) {
    if (p == NONE) {
      pos = offEnd;
      return false;
    }
    pos = p;
    ListPackFormat.decode(lp.buf, p, e);
    return true;
  }

  private ListPackFormat.Element current() {
    checkModCount();
    if (pos < 0) {
      throw new NoSuchElementException("the cursor is not on an element");
    }
    return e;
  }

  private void checkModCount() {
    if (lp.modCount != expectedModCount) {
      throw new ConcurrentModificationException();
    }
  }
}
