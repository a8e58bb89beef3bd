package dev.redstruct.quicklist;

import static dev.redstruct.quicklist.QuickNode.MIN_COMPRESS_IMPROVE;
import static dev.redstruct.quicklist.QuickNode.compressNode;
import static dev.redstruct.quicklist.QuickNode.decompressNode;

import dev.redstruct.listpack.ListPack;

/**
 * The node list of a quicklist (Redis: {@code struct quicklist}, src/quicklist.c 7.0.15): the
 * doubly linked nodes with their counts, the fill rules that decide whether a node takes one more
 * element or two nodes merge, linking and unlinking a node, deleting one entry, and the depth walk
 * that decides which nodes are compressed. The writer ({@link QuickListWriter}) and the iterator
 * ({@link QuickListIter}) work on this; {@link QuickList} is the public face over it.
 */
final class QuickListNodes {
  /*
   * Implementation notes. Every link change calls the compression hooks where quicklist.c does
   * (compress, compressAround, recompressOnly), because a RAW interior node is compressed only
   * when one of those calls reaches it.
   * Invariants, checked by checkInvariants():
   *  I1 count is the sum of node counts, len the number of nodes; no node is empty.
   *  I2 node.sz is the size of its listpack (PACKED) or element (PLAIN); a PLAIN node holds 1.
   *  I3 head and tail are RAW; with depth d > 0, the d nodes at each end are RAW; no node has its
   *     recompress flag set between operations.
   *  I4 a compressed node decompresses to sz bytes, and compressing it saved more than 8 bytes.
   */
  static final long DEFAULT_PACKED_THRESHOLD = 1L << 30;
  private static final int[] OPTIMIZATION_LEVEL = {4096, 8192, 16384, 32768, 65536};
  private static final int SIZE_SAFETY_LIMIT = 8192;
  private static final int SIZE_ESTIMATE_OVERHEAD = 8;
  private static final int FILL_MAX = (1 << 15) - 1;
  private static final int COMPRESS_MAX = (1 << 16) - 1;

  final int fill;
  final int compress;
  long packedThreshold = DEFAULT_PACKED_THRESHOLD;
  QuickNode head;
  QuickNode tail;
  long count;
  int len;

  /**
   * For a negative fill, the node byte limit less quicklist.c's 8-byte estimate overhead: a PACKED
   * node of {@code sz} bytes takes an element of {@code len < packedThreshold} bytes when {@code
   * len <= insertLimit - sz}, which is what {@link #allowInsert} decides for a negative fill; -1
   * for a positive fill (the test then never passes and {@link #allowInsert} decides).
   */
  final int insertLimit;

  /** Element changes so far, for the cursors' fail-fast check (compression is not a change). */
  int modCount;

  /**
   * The listpack of the last node a pop emptied, cleared, for the next node a push creates (a queue
   * empties a node at one end while it fills one at the other); null when none, or when the list is
   * empty. At most twice the node size limit, so a list keeps at most that much unused.
   */
  private ListPack spare;

  /** Redis: quicklistNew with quicklistSetFill and quicklistSetCompressDepth's clamping. */
  QuickListNodes(int fill, int compress) {
    this.fill = Math.max(-5, Math.min(FILL_MAX, fill));
    this.compress = Math.max(0, Math.min(COMPRESS_MAX, compress));
    this.insertLimit =
        this.fill < 0 ? OPTIMIZATION_LEVEL[-this.fill - 1] - SIZE_ESTIMATE_OVERHEAD : -1;
  }

  /**
   * Whether the head or tail node {@code n} takes an element of {@code len} bytes by the byte limit
   * alone: {@link #allowInsert}'s answer for a negative fill when true; when false, {@link
   * #allowInsert} decides.
   */
  boolean fits(QuickNode n, int len) {
    return n != null && !n.isPlain && len <= insertLimit - n.sz && len < packedThreshold;
  }

  /** Redis: isLargeElement. */
  boolean isLarge(long sz) {
    return sz >= packedThreshold;
  }

  /** Redis: quicklistNodeExceedsLimit's byte rule for negative fill (optimization_level). */
  private static boolean meetsOptimization(long sz, int fill) {
    if (fill >= 0) {
      return false;
    }
    int level = -fill - 1;
    return level < OPTIMIZATION_LEVEL.length && sz <= OPTIMIZATION_LEVEL[level];
  }

  /** Redis: _quicklistNodeAllowInsert. */
  boolean allowInsert(QuickNode n, int sz) {
    if (n == null || n.isPlain || isLarge(sz)) {
      return false;
    }
    long newSz = (long) n.sz + sz + SIZE_ESTIMATE_OVERHEAD;
    if (meetsOptimization(newSz, fill)) {
      return true;
    } else if (newSz > SIZE_SAFETY_LIMIT) {
      return false;
    }
    return n.count < fill;
  }

  /** Redis: _quicklistNodeAllowMerge (11 bytes: one listpack header and end byte saved). */
  boolean allowMerge(QuickNode a, QuickNode b) {
    if (a == null || b == null || a.isPlain || b.isPlain) {
      return false;
    }
    long mergeSz = (long) a.sz + b.sz - 11;
    if (meetsOptimization(mergeSz, fill)) {
      return true;
    } else if (mergeSz > SIZE_SAFETY_LIMIT) {
      return false;
    }
    return a.count + b.count <= fill;
  }

  /** A listpack for a new PACKED node: the spare one if any (Redis: lpNew). */
  ListPack takeListPack() {
    ListPack lp = spare;
    if (lp == null) {
      return ListPack.create();
    }
    spare = null;
    return lp;
  }

  /** Keeps the listpack of {@code n}, a PACKED node a pop has just emptied and unlinked. */
  void keepSpare(QuickNode n) {
    if (len > 0 && !n.isPlain && !n.compressed() && n.lp.capacity() <= 2 * nodeSizeLimit()) {
      n.lp.clear();
      spare = n.lp;
    }
  }

  /** The most bytes a node of this list's fill holds (8 KiB for positive fills). */
  private int nodeSizeLimit() {
    int level = -fill - 1;
    return level >= 0 && level < OPTIMIZATION_LEVEL.length
        ? OPTIMIZATION_LEVEL[level]
        : SIZE_SAFETY_LIMIT;
  }

  /** Redis: __quicklistInsertNode. */
  void insertNode(QuickNode old, QuickNode nw, boolean after) {
    if (after) {
      nw.prev = old;
      if (old != null) {
        nw.next = old.next;
        if (old.next != null) {
          old.next.prev = nw;
        }
        old.next = nw;
      }
      if (tail == old) {
        tail = nw;
      }
    } else {
      nw.next = old;
      if (old != null) {
        nw.prev = old.prev;
        if (old.prev != null) {
          old.prev.next = nw;
        }
        old.prev = nw;
      }
      if (head == old) {
        head = nw;
      }
    }
    if (len == 0) {
      head = tail = nw;
    }
    len++;
    if (old != null) {
      compress(old);
    }
    compress(nw);
  }

  /** Redis: __quicklistDelNode. */
  void delNode(QuickNode n) {
    if (n.next != null) {
      n.next.prev = n.prev;
    }
    if (n.prev != null) {
      n.prev.next = n.next;
    }
    if (n == tail) {
      tail = n.prev;
    }
    if (n == head) {
      head = n.next;
    }
    len--;
    count -= n.count;
    if (len == 0) {
      spare = null;
    }
    compressAround(null);
  }

  /** Redis: quicklistDelIndex. Returns whether the node was removed. */
  boolean delIndex(QuickNode n, int index) {
    if (n.isPlain) {
      delNode(n);
      return true;
    }
    n.lp.delete(index);
    return entryDeleted(n);
  }

  /**
   * The rest of quicklistDelIndex once one entry of the PACKED node {@code n} is gone from its
   * listpack: the counts, and the node unlinked when empty. Returns whether it was removed.
   */
  boolean entryDeleted(QuickNode n) {
    n.count--;
    boolean gone = false;
    if (n.count == 0) {
      gone = true;
      delNode(n);
    } else {
      n.sz = n.lp.sizeInBytes();
    }
    count--;
    return gone;
  }

  /** Redis: __quicklistCompress: the depth walk from both ends. */
  void compressAround(QuickNode node) {
    if (len == 0) {
      return;
    }
    assert !head.recompress && !tail.recompress;
    if (compress == 0 || len < compress * 2) {
      return;
    }
    QuickNode forward = head;
    QuickNode reverse = tail;
    int depth = 0;
    boolean inDepth = false;
    while (depth++ < compress) {
      decompressNode(forward);
      decompressNode(reverse);
      if (forward == node || reverse == node) {
        inDepth = true;
      }
      if (forward == reverse || forward.next == reverse) {
        return;
      }
      forward = forward.next;
      reverse = reverse.prev;
    }
    if (!inDepth) {
      compressNode(node);
    }
    compressNode(forward);
    compressNode(reverse);
  }

  /** Redis: quicklistCompress. */
  void compress(QuickNode n) {
    if (n.recompress) {
      compressNode(n);
    } else {
      compressAround(n);
    }
  }

  /** Redis: quicklistRecompressOnly. */
  static void recompressOnly(QuickNode n) {
    if (n.recompress) {
      compressNode(n);
    }
  }

  // ---------------------------------------------------------------- checks

  /** Checks I1..I4; throws {@link AssertionError} naming the broken one. */
  void checkInvariants() {
    long total = 0;
    int nodes = 0;
    QuickNode prev = null;
    for (QuickNode n = head; n != null; prev = n, n = n.next) {
      check(n.prev == prev, "I1 prev link");
      check(n.count > 0, "I1 empty node");
      check(!n.recompress, "I3 recompress flag left set");
      byte[] raw = n.compressed() ? n.inflate() : n.rawBytes();
      check(raw.length == n.sz, "I2/I4 node size");
      if (n.isPlain) {
        check(n.count == 1, "I2 plain count");
      } else {
        check(ListPack.copyOf(raw).size() == n.count, "I2 node count");
      }
      if (n.compressed()) {
        check(n.lzf.length + MIN_COMPRESS_IMPROVE < n.sz, "I4 compression pays");
      }
      total += n.count;
      nodes++;
    }
    check(prev == tail, "I1 tail");
    check(total == count && nodes == len, "I1 counts");
    if (head != null) {
      check(!head.compressed() && !tail.compressed(), "I3 head/tail compressed");
    }
    checkDepth();
  }

  private void checkDepth() {
    if (compress > 0) {
      QuickNode f = head;
      QuickNode r = tail;
      for (int d = 0; d < compress && f != null; d++, f = f.next, r = r.prev) {
        check(!f.compressed() && !r.compressed(), "I3 node within depth compressed");
      }
    } else {
      for (QuickNode n = head; n != null; n = n.next) {
        check(!n.compressed(), "I3 compressed with depth 0");
      }
    }
  }

  private static void check(boolean ok, String what) {
    if (!ok) {
      throw new AssertionError("quicklist invariant broken: " + what);
    }
  }

  /** Node sizes and encodings, head to tail, for tests: "r8185 C1203/4000 P70000". */
  String shape() {
    StringBuilder sb = new StringBuilder();
    for (QuickNode n = head; n != null; n = n.next) {
      sb.append(sb.length() == 0 ? "" : " ").append(n.isPlain ? 'P' : n.compressed() ? 'C' : 'r');
      sb.append(n.compressed() ? n.lzf.length + "/" + n.sz : String.valueOf(n.sz));
    }
    return sb.toString();
  }
}
