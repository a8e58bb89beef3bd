package dev.redstruct.quicklist;

import static dev.redstruct.quicklist.QuickListNodes.recompressOnly;
import static dev.redstruct.quicklist.QuickNode.decompressForUse;
import static dev.redstruct.quicklist.QuickNode.decompressNode;

import dev.redstruct.listpack.ListPack;
import java.util.Objects;

/**
 * The writes of a quicklist (src/quicklist.c 7.0.15): push and pop at the ends, {@code
 * _quicklistInsert} with its split and merge rules, {@code quicklistReplaceEntry}, and {@code
 * quicklistDelRange}. Each method makes quicklist.c's decisions in its order, compression calls
 * included, so node boundaries and node bytes stay Redis's own.
 */
final class QuickListWriter {
  private QuickListWriter() {}

  /**
   * Redis: quicklistPushHead. The common case first: the head node takes the element by its byte
   * limit (what _quicklistNodeAllowInsert answers for a negative fill). Measured on the goal pairs
   * of QuickListPushPopBenchmark (benchmarks/NOTES.md, "Issue 30, fourth pass"): 5-10 % fewer ns
   * per pair in one harness, within the noise in another.
   */
  static void pushHead(QuickListNodes l, byte[] value) {
    QuickNode h = l.head;
    if (l.fits(h, value.length)) {
      ListPack lp = h.lp;
      lp.prepend(value);
      h.sz = lp.sizeInBytes();
      h.count++;
      l.count++;
    } else {
      pushHeadNode(l, value);
    }
  }

  /** quicklistPushHead: the general decisions (PLAIN node, allowInsert, a new node). */
  private static void pushHeadNode(QuickListNodes l, byte[] value) {
    if (l.isLarge(value.length)) {
      insertPlainNode(l, l.head, value, false);
      return;
    }
    if (l.allowInsert(l.head, value.length)) {
      l.head.lp.prepend(value);
      l.head.sz = l.head.lp.sizeInBytes();
    } else {
      QuickNode n = QuickNode.packed(l.takeListPack());
      n.lp.prepend(value);
      n.sz = n.lp.sizeInBytes();
      l.insertNode(l.head, n, false);
    }
    l.count++;
    l.head.count++;
  }

  /** Redis: quicklistPushTail, the common case first as in {@link #pushHead}. */
  static void pushTail(QuickListNodes l, byte[] value) {
    QuickNode t = l.tail;
    if (l.fits(t, value.length)) {
      ListPack lp = t.lp;
      lp.append(value);
      t.sz = lp.sizeInBytes();
      t.count++;
      l.count++;
    } else {
      pushTailNode(l, value);
    }
  }

  /** quicklistPushTail: the general decisions (PLAIN node, allowInsert, a new node). */
  private static void pushTailNode(QuickListNodes l, byte[] value) {
    if (l.isLarge(value.length)) {
      insertPlainNode(l, l.tail, value, true);
      return;
    }
    if (l.allowInsert(l.tail, value.length)) {
      l.tail.lp.append(value);
      l.tail.sz = l.tail.lp.sizeInBytes();
    } else {
      QuickNode n = QuickNode.packed(l.takeListPack());
      n.lp.append(value);
      n.sz = n.lp.sizeInBytes();
      l.insertNode(l.tail, n, true);
    }
    l.count++;
    l.tail.count++;
  }

  /** Redis: quicklistPopCustom: the head or tail entry, or null if the list is empty. */
  static byte[] pop(QuickListNodes l, boolean fromHead) {
    if (l.count == 0) {
      return null;
    }
    QuickNode node = fromHead ? l.head : l.tail;
    assert !node.compressed();
    if (node.isPlain) {
      byte[] v = node.plain;
      l.delIndex(node, 0);
      return v;
    }
    int index = fromHead ? 0 : node.count - 1;
    byte[] v = node.lp.get(index);
    if (l.delIndex(node, index)) {
      l.keepSpare(node);
    }
    return v;
  }

  /**
   * quicklistPopCustom into a caller's buffer: the head or tail entry's bytes copied to {@code dst}
   * at {@code off}; returns the length, or -1 if the list is empty. Nothing changes when the entry
   * does not fit (IndexOutOfBoundsException).
   */
  static int pop(QuickListNodes l, boolean fromHead, byte[] dst, int off) {
    if (l.count == 0) {
      return -1;
    }
    QuickNode node = fromHead ? l.head : l.tail;
    assert !node.compressed();
    if (node.isPlain) {
      int n = node.plain.length;
      Objects.checkFromIndexSize(off, n, dst.length);
      System.arraycopy(node.plain, 0, dst, off, n);
      l.delIndex(node, 0);
      return n;
    }
    int n = fromHead ? node.lp.pollFirst(dst, off) : node.lp.pollLast(dst, off);
    if (l.entryDeleted(node)) {
      l.keepSpare(node);
    }
    return n;
  }

  /**
   * quicklistPopCustom handing the entry to {@code action} in place (a PLAIN node's element as its
   * whole array); returns false if the list is empty.
   */
  static boolean pop(QuickListNodes l, boolean fromHead, ListPack.ElementConsumer action) {
    if (l.count == 0) {
      return false;
    }
    QuickNode node = fromHead ? l.head : l.tail;
    assert !node.compressed();
    if (node.isPlain) {
      action.string(node.plain, 0, node.plain.length);
      l.delIndex(node, 0);
      return true;
    }
    boolean popped = fromHead ? node.lp.pollFirst(action) : node.lp.pollLast(action);
    assert popped;
    if (l.entryDeleted(node)) {
      l.keepSpare(node);
    }
    return true;
  }

  /** Redis: __quicklistInsertPlainNode. */
  private static void insertPlainNode(
      QuickListNodes l, QuickNode old, byte[] value, boolean after) {
    l.insertNode(old, QuickNode.plain(value), after);
    l.count++;
  }

  /** Redis: quicklistDelRange (no merges). Returns whether anything was deleted. */
  static boolean delRange(QuickListNodes l, long start, long n) {
    if (n <= 0) {
      return false;
    }
    long extent = n;
    if (start >= 0 && extent > l.count - start) {
      extent = l.count - start;
    } else if (start < 0 && extent > -start) {
      extent = -start;
    }
    QuickListIter it = QuickListIter.at(l, false, start);
    if (it == null) {
      return false;
    }
    QuickNode node = it.current;
    long offset = it.offset;
    it.release();
    while (extent > 0) {
      QuickNode next = node.next;
      long del = rangeInNode(node, offset, extent);
      if ((offset == 0 && extent >= node.count) || node.isPlain) {
        l.delNode(node);
      } else {
        decompressForUse(node);
        node.lp.deleteRange((int) offset, (int) del);
        node.sz = node.lp.sizeInBytes();
        node.count -= (int) del;
        l.count -= del;
        if (node.count == 0) {
          l.delNode(node);
        } else {
          recompressOnly(node);
        }
      }
      extent -= del;
      node = next;
      offset = 0;
    }
    return true;
  }

  /** quicklistDelRange's per-node count: how many of extent entries from offset lie in node. */
  private static long rangeInNode(QuickNode node, long offset, long extent) {
    if (offset == 0 && extent >= node.count) {
      return node.count;
    } else if (offset >= 0 && extent + offset >= node.count) {
      return node.count - offset;
    } else if (offset < 0) {
      return Math.min(-offset, extent);
    }
    return extent;
  }

  /** Redis: _quicklistListpackMerge. Returns the kept node. */
  private static QuickNode listpackMerge(QuickListNodes l, QuickNode a, QuickNode b) {
    decompressNode(a);
    decompressNode(b);
    ListPack merged = ListPack.merge(a.lp, b.lp);
    // lpMerge keeps the larger listpack (the first on a tie) and frees the other.
    boolean keepA = a.sz >= b.sz;
    QuickNode keep = keepA ? a : b;
    QuickNode nokeep = keepA ? b : a;
    keep.lp = merged;
    keep.count = merged.size();
    keep.sz = merged.sizeInBytes();
    nokeep.count = 0;
    l.delNode(nokeep);
    l.compress(keep);
    return keep;
  }

  /** Redis: _quicklistMergeNodes. */
  private static void mergeNodes(QuickListNodes l, QuickNode center) {
    QuickNode prev = center.prev;
    QuickNode prevPrev = prev == null ? null : prev.prev;
    QuickNode next = center.next;
    QuickNode nextNext = next == null ? null : next.next;
    if (l.allowMerge(prev, prevPrev)) {
      listpackMerge(l, prevPrev, prev);
    }
    if (l.allowMerge(next, nextNext)) {
      listpackMerge(l, next, nextNext);
    }
    QuickNode target;
    if (l.allowMerge(center, center.prev)) {
      target = listpackMerge(l, center.prev, center);
    } else {
      target = center;
    }
    if (l.allowMerge(target, target.next)) {
      listpackMerge(l, target, target.next);
    }
  }

  /** Redis: _quicklistSplitNode. Returns the new node, not yet linked. */
  private static QuickNode splitNode(QuickNode node, int offset, boolean after) {
    QuickNode nw = QuickNode.packed(ListPack.wrap(node.lp.toByteArray()));
    if (offset < 0) {
      offset = node.count + offset;
    }
    int origStart = after ? offset + 1 : 0;
    int origExtent = after ? node.count - origStart : offset;
    int newStart = after ? 0 : offset;
    int newExtent = after ? offset + 1 : node.count - offset;
    deleteRangeIfAny(node.lp, origStart, origExtent);
    node.count = node.lp.size();
    node.sz = node.lp.sizeInBytes();
    deleteRangeIfAny(nw.lp, newStart, newExtent);
    nw.count = nw.lp.size();
    nw.sz = nw.lp.sizeInBytes();
    return nw;
  }

  private static void deleteRangeIfAny(ListPack lp, int start, int n) {
    if (n > 0 && start < lp.size()) {
      lp.deleteRange(start, n);
    }
  }

  /**
   * Redis: _quicklistInsert, at the entry {@code offset} of {@code node} (an iterator's entry).
   * Returns whether the iterator must be reset: Redis resets it, except after a large element.
   */
  static boolean insert(QuickListNodes l, QuickNode node, int offset, byte[] value, boolean after) {
    int sz = value.length;
    boolean full = !l.allowInsert(node, sz);
    boolean atTail = after && (offset == node.count - 1 || offset == -1);
    boolean atHead = !after && (offset == 0 || offset == -node.count);
    boolean availNext = atTail && l.allowInsert(node.next, sz);
    boolean availPrev = atHead && l.allowInsert(node.prev, sz);
    if (l.isLarge(sz)) {
      insertLarge(l, node, offset, value, after, atTail || atHead);
      return false;
    }
    int index = offset < 0 ? node.count + offset : offset;
    if (!full) {
      decompressForUse(node);
      node.lp.insert(after ? index + 1 : index, value);
      node.count++;
      node.sz = node.lp.sizeInBytes();
      recompressOnly(node);
    } else if (atTail && availNext) {
      addToNeighbour(node.next, value, true);
      recompressOnly(node);
    } else if (atHead && availPrev) {
      addToNeighbour(node.prev, value, false);
      recompressOnly(node);
    } else if (atTail || atHead) {
      QuickNode nw = QuickNode.packed(ListPack.create());
      addToNeighbour(nw, value, true);
      l.insertNode(node, nw, after);
    } else {
      decompressForUse(node);
      QuickNode nw = splitNode(node, offset, after);
      addToNeighbour(nw, value, after);
      l.insertNode(node, nw, after);
      mergeNodes(l, node);
    }
    l.count++;
    return true;
  }

  /** _quicklistInsert's large-element branch: a PLAIN node beside or inside {@code node}. */
  private static void insertLarge(
      QuickListNodes l, QuickNode node, int offset, byte[] value, boolean after, boolean atEdge) {
    if (node.isPlain || atEdge) {
      insertPlainNode(l, node, value, after);
      return;
    }
    decompressForUse(node);
    QuickNode nw = splitNode(node, offset, after);
    QuickNode entryNode = QuickNode.plain(value);
    l.insertNode(node, entryNode, after);
    l.insertNode(entryNode, nw, after);
    l.count++;
  }

  /**
   * Prepends (or appends) to a PACKED node, decompressed for use and recompressed as Redis does.
   */
  private static void addToNeighbour(QuickNode n, byte[] value, boolean prepend) {
    decompressForUse(n);
    if (prepend) {
      n.lp.prepend(value);
    } else {
      n.lp.append(value);
    }
    n.count++;
    n.sz = n.lp.sizeInBytes();
    recompressOnly(n);
  }

  /** Redis: quicklistReplaceEntry, at an iterator's entry; the caller resets the iterator. */
  static void replaceEntry(QuickListNodes l, QuickNode node, int offset, byte[] data) {
    int index = offset < 0 ? node.count + offset : offset;
    if (!node.isPlain && !l.isLarge(data.length)) {
      node.lp.replace(index, data);
      node.sz = node.lp.sizeInBytes();
      l.compress(node);
    } else if (node.isPlain) {
      if (l.isLarge(data.length)) {
        node.plain = data.clone();
        node.sz = data.length;
        l.compress(node);
      } else {
        insert(l, node, offset, data, true);
        l.delNode(node);
      }
    } else {
      node.dontCompress = true;
      insert(l, node, offset, data, true);
      if (node.count == 1) {
        l.delNode(node);
      } else {
        l.delIndex(node, node.count - 1);
        node.dontCompress = false;
        l.compress(node);
        l.compress(node.next);
      }
    }
  }
}
