package dev.redstruct.quicklist;

import static dev.redstruct.quicklist.QuickNode.decompressForUse;

import dev.redstruct.listpack.ListPackCursor;
import java.util.Arrays;

/**
 * Redis's {@code quicklistIter} (src/quicklist.c 7.0.15): the iterator the list commands use, with
 * {@code quicklistNext}, {@code quicklistDelEntry} and {@code quicklistReleaseIterator}. Unlike
 * {@link QuickListCursor} it changes nodes as Redis's does: it decompresses each node it enters
 * "for use" and compresses it again when it leaves, and its release compresses the node it stands
 * on, which is how LINDEX, LRANGE, LREM, LPOS and LINSERT change compression in Redis.
 */
final class QuickListIter {
  private final QuickListNodes l;
  private final boolean forward;
  QuickNode current;
  int offset;
  private boolean onElement; // Redis's iter->zi != NULL
  private ListPackCursor cursor;

  /** The node and offset of the entry the last {@link #next} returned (Redis's quicklistEntry). */
  QuickNode entryNode;

  int entryOffset;

  private QuickListIter(QuickListNodes l, boolean forward) {
    this.l = l;
    this.forward = forward;
  }

  /** Redis: quicklistGetIteratorAtIdx. Returns null when out of range. */
  static QuickListIter at(QuickListNodes l, boolean forwardDirection, long idx) {
    boolean forward = idx >= 0;
    long index = forward ? idx : -idx - 1;
    if (index >= l.count) {
      return null;
    }
    boolean seekForward = forward;
    long seekIndex = index;
    if (index > (l.count - 1) / 2) {
      seekForward = !forward;
      seekIndex = l.count - 1 - index;
    }
    QuickNode n = seekForward ? l.head : l.tail;
    long accum = 0;
    while (n != null) {
      if (accum + n.count > seekIndex) {
        break;
      }
      accum += n.count;
      n = seekForward ? n.next : n.prev;
    }
    if (n == null) {
      return null;
    }
    if (seekForward != forward) {
      accum = l.count - n.count - accum;
    }
    QuickListIter it = new QuickListIter(l, forwardDirection);
    it.current = n;
    it.offset = (int) (forward ? index - accum : -index - 1 + accum);
    return it;
  }

  /** Redis: quicklistNext. Returns false past the last entry. */
  boolean next() {
    while (true) {
      entryNode = current;
      if (current == null) {
        return false;
      }
      boolean plain = current.isPlain;
      if (!onElement) {
        decompressForUse(current);
        if (plain) {
          onElement = true;
        } else {
          cursor = current.lp.cursor();
          onElement = cursor.seek(offset);
        }
      } else if (plain) {
        onElement = false;
      } else {
        onElement = forward ? cursor.next() : cursor.previous();
        offset += forward ? 1 : -1;
      }
      entryOffset = offset;
      if (onElement) {
        return true;
      }
      l.compress(current);
      current = forward ? current.next : current.prev;
      offset = forward ? 0 : -1;
      onElement = false;
    }
  }

  /** The current entry's bytes, in a new array. */
  byte[] value() {
    return entryNode.isPlain ? entryNode.plain.clone() : cursor.toByteArray();
  }

  /** Redis: quicklistCompare. */
  boolean valueEquals(byte[] v) {
    return entryNode.isPlain ? Arrays.equals(entryNode.plain, v) : cursor.contentEquals(v);
  }

  /** The current entry's index within its node, from the head of the node. */
  int entryIndex() {
    return entryOffset < 0 ? entryNode.count + entryOffset : entryOffset;
  }

  /** Redis: quicklistDelEntry. */
  void delete() {
    QuickNode prev = entryNode.prev;
    QuickNode next = entryNode.next;
    boolean deleted = l.delIndex(entryNode, entryIndex());
    onElement = false;
    cursor = null;
    if (deleted) {
      current = forward ? next : prev;
      offset = forward ? 0 : -1;
    }
  }

  /** Redis: resetIterator (after an insert or replace, which end the iteration). */
  void reset() {
    current = null;
    onElement = false;
    cursor = null;
  }

  /** Redis: quicklistReleaseIterator: compresses the node the iterator stands on. */
  void release() {
    if (current != null) {
      l.compress(current);
    }
  }
}
