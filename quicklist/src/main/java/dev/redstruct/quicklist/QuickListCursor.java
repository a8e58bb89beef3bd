package dev.redstruct.quicklist;

import dev.redstruct.core.Codec;
import dev.redstruct.core.RedisNumbers;
import dev.redstruct.listpack.ListPack;
import dev.redstruct.listpack.ListPackCursor;
import java.util.Arrays;
import java.util.ConcurrentModificationException;
import java.util.NoSuchElementException;
import java.util.Objects;

/**
 * A read-only position in a {@link QuickList} that steps forward and backward one element at a time
 * and reads the current element without allocating: as a {@code long} for an integer, as bytes
 * copied into the caller's buffer, or decoded by a {@link Codec} (which allocates only its result).
 * Unlike the list commands, which decompress and recompress nodes as Redis's {@code quicklistIter}
 * does, a cursor changes nothing: it inflates a compressed node into a buffer of its own (one
 * allocation per such node, none per element) and leaves the node compressed.
 *
 * <p>A new cursor sits before the first element; {@link #next()} and {@link #previous()} return
 * {@code false} when they run off an end (after the last, before the first). A change to the list's
 * elements other than through this cursor makes the next call throw {@link
 * ConcurrentModificationException}; changes of compression alone (by {@code get}, {@code range}
 * ...) do not. Accessors throw {@link NoSuchElementException} when the cursor is not on an element.
 * Not thread-safe.
 */
public final class QuickListCursor {
  /*
   * Implementation notes. node is the node the cursor is in, or null before the first element
   * (atEnd false) or after the last (atEnd true). In a PACKED node lpc walks the node's listpack,
   * or a listpack over its inflated bytes; in a PLAIN node plainState is -1 before the element, 0
   * on it, 1 after it. scratch holds an element's bytes for Codec.decode; it only grows.
   */
  private final QuickListNodes l;
  private final int expectedModCount;
  private QuickNode node;
  private boolean atEnd;
  private ListPackCursor lpc;
  private byte[] plainBytes;
  private int plainState;
  private byte[] scratch = new byte[RedisNumbers.MAX_LONG_CHARS];

  QuickListCursor(QuickListNodes l) {
    this.l = l;
    this.expectedModCount = l.modCount;
  }

  /**
   * Moves to the next element. Redis: quicklistNext (AL_START_HEAD), without its compression.
   *
   * @return {@code false} (and the cursor is after the last element) if there was none
   */
  public boolean next() {
    checkModCount();
    if (node == null) {
      if (atEnd || l.head == null) {
        atEnd = true;
        return false;
      }
      enter(l.head, true);
    }
    while (!step(true)) {
      if (node.next == null) {
        node = null;
        atEnd = true;
        return false;
      }
      enter(node.next, true);
    }
    return true;
  }

  /**
   * Moves to the previous element. Redis: quicklistNext (AL_START_TAIL), without its compression.
   *
   * @return {@code false} (and the cursor is before the first element) if there was none
   */
  public boolean previous() {
    checkModCount();
    if (node == null) {
      if (!atEnd || l.tail == null) {
        atEnd = false;
        return false;
      }
      enter(l.tail, false);
    }
    while (!step(false)) {
      if (node.prev == null) {
        node = null;
        atEnd = false;
        return false;
      }
      enter(node.prev, false);
    }
    return true;
  }

  /**
   * Moves onto the element at {@code index}, walking the nodes from the nearer end. Redis:
   * quicklistGetIteratorAtIdx, without its compression.
   *
   * @param index 0-based, or negative from the tail
   * @return {@code false} (and the cursor is before the first element) if out of range
   */
  public boolean seek(long index) {
    checkModCount();
    long i = index < 0 ? l.count + index : index;
    node = null;
    atEnd = false;
    if (i < 0 || i >= l.count) {
      return false;
    }
    boolean fromHead = i <= (l.count - 1) / 2;
    QuickNode n = fromHead ? l.head : l.tail;
    long accum = 0; // elements in the nodes passed, counted from the end the walk starts at
    long want = fromHead ? i : l.count - 1 - i;
    while (accum + n.count <= want) {
      accum += n.count;
      n = fromHead ? n.next : n.prev;
    }
    int offset = (int) (fromHead ? want - accum : n.count - 1 - (want - accum));
    enter(n, true);
    if (n.isPlain) {
      plainState = 0;
    } else {
      lpc.seek(offset);
    }
    return true;
  }

  /**
   * Moves after the last element, so that {@link #previous()} gives the last.
   *
   * @return this cursor
   */
  public QuickListCursor toEnd() {
    checkModCount();
    node = null;
    atEnd = true;
    return this;
  }

  /** Enters {@code n} before its first entry (forward) or after its last. */
  private void enter(QuickNode n, boolean forward) {
    node = n;
    if (n.isPlain) {
      plainBytes = n.compressed() ? n.inflate() : n.plain;
      plainState = forward ? -1 : 1;
      lpc = null;
    } else {
      ListPack lp = n.compressed() ? ListPack.wrap(n.inflate()) : n.lp;
      lpc = forward ? lp.cursor() : lp.cursor().toEnd();
      plainBytes = null;
    }
  }

  /** One step within the current node; false when it runs off the node's end. */
  private boolean step(boolean forward) {
    if (lpc != null) {
      return forward ? lpc.next() : lpc.previous();
    }
    int to = plainState + (forward ? 1 : -1);
    plainState = Math.max(-1, Math.min(1, to));
    return to == 0;
  }

  /**
   * Returns whether the current element is stored as an integer (in a listpack integer encoding).
   *
   * @return {@code true} for an integer
   */
  public boolean isInteger() {
    return current() != null && lpc.isInteger();
  }

  /**
   * Returns the current integer element.
   *
   * @return the value
   * @throws IllegalStateException if the element is a string
   */
  public long longValue() {
    if (current() == null) {
      throw new IllegalStateException("the element is a string");
    }
    return lpc.longValue();
  }

  /**
   * Returns the length of the current element's bytes (an integer's decimal length).
   *
   * @return the length
   */
  public int length() {
    return current() == null ? plainBytes.length : lpc.length();
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
    if (current() != null) {
      return lpc.copyTo(dst, off);
    }
    System.arraycopy(plainBytes, 0, dst, off, plainBytes.length);
    return plainBytes.length;
  }

  /**
   * Returns the current element's bytes.
   *
   * @return a new array
   */
  public byte[] toByteArray() {
    return current() == null ? plainBytes.clone() : lpc.toByteArray();
  }

  /**
   * Tells whether the current element equals {@code value} (an integer element equals its canonical
   * decimal). Redis: quicklistCompare.
   *
   * @param value the bytes
   * @return {@code true} if equal
   */
  public boolean contentEquals(byte[] value) {
    Objects.requireNonNull(value, "value");
    return current() == null ? Arrays.equals(plainBytes, value) : lpc.contentEquals(value);
  }

  /**
   * Decodes the current element with {@code codec}; only the decoded value is allocated.
   *
   * @param codec the codec
   * @param <E> the element type
   * @return the decoded element
   */
  public <E> E decode(Codec<E> codec) {
    Objects.requireNonNull(codec, "codec");
    if (current() == null) {
      return codec.decode(plainBytes, 0, plainBytes.length);
    }
    int len = lpc.length();
    if (scratch.length < len) {
      scratch = new byte[Math.max(len, scratch.length * 2)];
    }
    return codec.decode(scratch, 0, lpc.copyTo(scratch, 0));
  }

  /** The listpack cursor of the current element, or null on a PLAIN node's element. */
  private ListPackCursor current() {
    checkModCount();
    boolean on = node != null && (lpc != null ? lpc.isOnElement() : plainState == 0);
    if (!on) {
      throw new NoSuchElementException("the cursor is not on an element");
    }
    return lpc;
  }

  private void checkModCount() {
    if (l.modCount != expectedModCount) {
      throw new ConcurrentModificationException();
    }
  }
}
