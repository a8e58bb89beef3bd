package dev.redstruct.skiplist;

import dev.redstruct.skiplist.ZTreeNodes.Inner;
import dev.redstruct.skiplist.ZTreeNodes.KeyTest;
import dev.redstruct.skiplist.ZTreeNodes.Leaf;
import dev.redstruct.skiplist.ZTreeNodes.Node;
import java.util.function.Consumer;

/**
 * A counted B+ tree over (score, member bytes): the other {@link ZOrder} of a skiplist-encoded set,
 * as Valkey 9.2 replaced its zskiplist (valkey-io/valkey#3166, #4206). Elements live in wide leaves
 * linked both ways (scores in primitive arrays), inner nodes count the elements under each child,
 * so rank, element-by-rank, first/last in a range and a step to the neighbour are O(log n) or O(1)
 * with a few cache lines per level instead of one pointer chase per skiplist level.
 *
 * <p>The replies are the zskiplist's: every operation answers by the order alone, and where Redis's
 * walk checks a bound only at its ends (zslFirstInRange, the LIMIT walk, zlexcountCommand) the same
 * checks are made at the same places. Not thread-safe.
 */
final class ZTree implements ZOrder {
  /*
   * Implementation notes.
   *
   * Height h: the root is a leaf when h == 1; every leaf is at depth h - 1. A descent records the
   * inner nodes it passes and the child taken in path/pathIdx (scratch, reused: the hot paths
   * allocate only the new entry, and a node on a split).
   *
   * Invariants (checkInvariants):
   *  B1 the leaves' elements, in link order, are strictly increasing by (score, member); no NaN;
   *     leaf.scores[i] == leaf.entries[i].score.
   *  B2 counts[i] == the number of elements under kids[i]; the root's total == length.
   *  B3 every key under kids[i] is >= separator i (i >= 1) and < separator i + 1 (i + 1 < n).
   *  B4 fill: a non-root node holds between min = cap / 2 and cap elements or children; an inner
   *     root has at least 2 children; every leaf is at depth h - 1.
   *  B5 leaf links: head, the leaves left to right by next, tail; prev is the reverse.
   *  B6 slots at and above n are null (nothing kept alive by a dead slot).
   *
   * An insert into a full leaf first hands elements to a sibling with room (shiftToSibling); a
   * split, when neither has any, keeps (cap + 1) / 2 on the left. A delete below min borrows one from a sibling above
   * min, else merges two siblings (their sum is below cap).
   */

  /** Elements per leaf and children per inner node, chosen by ZSetQueryBenchmark (NOTES.md). */
  static final int DEFAULT_CAP = 64;

  private static final int MAX_HEIGHT = 40;

  private final int cap;
  private final int min;
  private Node root;
  private Leaf head;
  private Leaf tail;
  private int length;
  private int height = 1;
  private final Inner[] path = new Inner[MAX_HEIGHT];
  private final int[] pathIdx = new int[MAX_HEIGHT];
  // Result of the seeks: the leaf, the index in it and the 0-based rank; leaf null when none.
  private Leaf seekLeaf;
  private int seekIdx;
  private long seekRank;

  ZTree() {
    this(DEFAULT_CAP);
  }

  ZTree(int cap) {
    if (cap < 8) {
      throw new IllegalArgumentException("cap " + cap);
    }
    this.cap = cap;
    this.min = cap / 2;
    Leaf l = new Leaf(cap);
    root = l;
    head = l;
    tail = l;
  }

  @Override
  public Kind kind() {
    return Kind.TREE;
  }

  @Override
  public int length() {
    return length;
  }

  /** Descends to the leaf whose key range holds (s, m), recording the path. */
  private Leaf descend(double s, byte[] m) {
    Node x = root;
    for (int d = 0; d < height - 1; d++) {
      Inner in = (Inner) x;
      int i = in.childFor(s, m);
      path[d] = in;
      pathIdx[d] = i;
      x = in.kids[i];
    }
    return (Leaf) x;
  }

  // ------------------------------------------------------------------ insert

  @Override
  public ZEntry add(double score, byte[] member) {
    assert !Double.isNaN(score);
    ZEntry e = new ZEntry(score, member);
    insertEntry(e);
    return e;
  }

  /**
   * Into an empty tree (zsetConvert), builds the tree bottom-up in one pass over the sorted input
   * instead of inserting element by element: leaves filled to {@link #bulkLeafFill} (room for the
   * adds that follow a conversion before the first split), parents as full as the fill bounds (B4)
   * allow. A non-empty tree takes the elements one by one.
   */
  @Override
  public ZEntry[] addSorted(double[] scores, byte[][] members, int n) {
    ZEntry[] out = new ZEntry[n];
    for (int k = 0; k < n; k++) {
      assert !Double.isNaN(scores[k]);
      out[k] = new ZEntry(scores[k], members[k]);
    }
    if (length == 0) {
      bulkLoad(out, n);
    } else {
      for (int k = 0; k < n; k++) {
        insertEntry(out[k]);
      }
    }
    return out;
  }

  /** Elements per leaf a bulk load aims at: seven eighths of the cap. */
  private int bulkLeafFill() {
    return cap - cap / 8;
  }

  /** Builds the empty tree from {@code n} entries in strictly increasing order. */
  private void bulkLoad(ZEntry[] es, int n) {
    if (n <= cap) {
      Leaf l = (Leaf) root;
      for (int k = 0; k < n; k++) {
        l.scores[k] = es[k].score;
        l.entries[k] = es[k];
      }
      l.n = n;
      length = n;
      return;
    }
    int leaves = ceilDiv(n, bulkLeafFill()); // each gets at least min: see ZTreeBulkLoadTest
    Node[] level = new Node[leaves];
    int[] counts = new int[leaves];
    Leaf prev = null;
    for (int j = 0, k = 0; j < leaves; j++) {
      Leaf l = j == 0 ? (Leaf) root : new Leaf(cap);
      int take = n / leaves + (j < n % leaves ? 1 : 0);
      for (int i = 0; i < take; i++, k++) {
        l.scores[i] = es[k].score;
        l.entries[i] = es[k];
      }
      l.n = take;
      l.prev = prev;
      if (prev != null) {
        prev.next = l;
      }
      prev = l;
      level[j] = l;
      counts[j] = take;
    }
    head = (Leaf) level[0];
    tail = prev;
    length = n;
    while (level.length > 1) {
      int parents = ceilDiv(level.length, cap);
      Node[] up = new Node[parents];
      int[] upCounts = new int[parents];
      for (int j = 0, k = 0; j < parents; j++) {
        Inner p = new Inner(cap);
        int take = level.length / parents + (j < level.length % parents ? 1 : 0);
        for (int i = 0; i < take; i++, k++) {
          p.kids[i] = level[k];
          p.counts[i] = counts[k];
          upCounts[j] += counts[k];
          if (i > 0) {
            Leaf first = firstLeaf(level[k]);
            p.setSep(i, first.scores[0], first.entries[0].member);
          }
        }
        p.n = take;
        up[j] = p;
      }
      level = up;
      counts = upCounts;
      height++;
    }
    root = level[0];
  }

  private static int ceilDiv(int a, int b) {
    return (a + b - 1) / b;
  }

  /** The leftmost leaf under {@code x}. */
  private static Leaf firstLeaf(Node x) {
    while (x instanceof Inner in) {
      x = in.kids[0];
    }
    return (Leaf) x;
  }

  /** Inserts an entry whose member is absent. Redis: zslInsert. */
  private void insertEntry(ZEntry e) {
    Leaf leaf = descend(e.score, e.member);
    int pos = leaf.lowerBound(e.score, e.member);
    for (int d = 0; d < height - 1; d++) {
      path[d].counts[pathIdx[d]]++;
    }
    length++;
    if (leaf.n < cap) {
      leaf.insertAt(pos, e);
      return;
    }
    if (height == 1 || !shiftToSibling(leaf, pos, e)) {
      splitLeaf(leaf, pos, e);
    }
  }

  /**
   * Inserts e at pos of a full leaf by handing elements to a sibling under the same parent that has
   * at least {@code cap / 8} free slots (the one with more), so that the two end about equally
   * full: the B*-tree's redistribution, which keeps leaves near 80 % full under random inserts and
   * fills the leaves behind an ascending insert, where splits alone leave them at 69 % and 50 %.
   *
   * @return false if neither sibling has room (the caller splits)
   */
  private boolean shiftToSibling(Leaf leaf, int pos, ZEntry e) {
    Inner p = path[height - 2];
    int i = pathIdx[height - 2];
    int rightRoom = i + 1 < p.n ? cap - p.kids[i + 1].n : 0;
    int leftRoom = i > 0 ? cap - p.kids[i - 1].n : 0;
    if (Math.max(rightRoom, leftRoom) < Math.max(cap / 8, 2)) {
      return false;
    }
    if (rightRoom >= leftRoom) {
      Leaf rs = (Leaf) p.kids[i + 1];
      int k = rightRoom / 2;
      leaf.moveTailToFront(cap - k, rs);
      p.counts[i] -= k;
      p.counts[i + 1] += k;
      p.setSep(i + 1, rs.scores[0], rs.entries[0].member);
      if (pos <= leaf.n) {
        leaf.insertAt(pos, e); // at leaf.n: below the first moved element, the new separator
      } else {
        rs.insertAt(pos - leaf.n, e);
        p.counts[i]--;
        p.counts[i + 1]++;
      }
    } else {
      Leaf ls = (Leaf) p.kids[i - 1];
      int k = leftRoom / 2;
      leaf.moveHeadTo(k, ls);
      p.counts[i] -= k;
      p.counts[i - 1] += k;
      p.setSep(i, leaf.scores[0], leaf.entries[0].member);
      if (pos <= k) {
        ls.insertAt(ls.n - k + pos, e); // at least the old separator: above every key of ls
        p.counts[i]--;
        p.counts[i - 1]++;
      } else {
        leaf.insertAt(pos - k, e);
      }
    }
    return true;
  }

  /** Inserts e at pos of a full leaf by splitting it; the parent gets the new right leaf. */
  private void splitLeaf(Leaf left, int pos, ZEntry e) {
    int k = (cap + 1) / 2; // elements kept on the left
    Leaf right = new Leaf(cap);
    if (pos < k) {
      left.moveTail(k - 1, right);
      left.insertAt(pos, e);
    } else {
      left.moveTail(k, right);
      right.insertAt(pos - k, e);
    }
    right.next = left.next;
    right.prev = left;
    if (left.next != null) {
      left.next.prev = right;
    } else {
      tail = right;
    }
    left.next = right;
    addChild(height - 2, right, left.n, right.n, right.scores[0], right.entries[0].member);
  }

  /**
   * Gives path[d] a new child {@code right}, separated by (s, m), after the one the path took (now
   * {@code leftCount} elements), splitting upwards as needed; d == -1 grows a new root.
   */
  private void addChild(int d, Node right, int leftCount, int rightCount, double s, byte[] m) {
    if (d < 0) {
      Inner r = new Inner(cap);
      r.kids[0] = root;
      r.counts[0] = leftCount;
      r.n = 1;
      r.insertAt(1, right, rightCount, s, m);
      root = r;
      height++;
      return;
    }
    Inner p = path[d];
    int i = pathIdx[d];
    p.counts[i] = leftCount;
    if (p.n < cap) {
      p.insertAt(i + 1, right, rightCount, s, m);
      return;
    }
    // Split p: the left keeps k of the cap + 1 children, the right takes the rest, and the
    // separator of the right's first child goes up.
    int k = (cap + 1) / 2;
    Inner q = new Inner(cap);
    double us;
    byte[] um;
    if (i + 1 < k) {
      us = p.sepScores[k - 1];
      um = p.sepMembers[k - 1];
      p.moveTail(k - 1, q, 0, null);
      p.insertAt(i + 1, right, rightCount, s, m);
    } else if (i + 1 == k) {
      us = s;
      um = m;
      double ks = p.sepScores[k];
      byte[] km = p.sepMembers[k];
      p.moveTail(k, q, 0, null);
      shiftInFront(q, right, rightCount, ks, km);
    } else {
      us = p.sepScores[k];
      um = p.sepMembers[k];
      p.moveTail(k, q, 0, null);
      q.insertAt(i + 1 - k, right, rightCount, s, m);
    }
    addChild(d - 1, q, p.total(), q.total(), us, um);
  }

  /**
   * Puts {@code kid} in front of q's children; q's old first child (if any) gets the separator (s,
   * m), the key between kid's subtree and its own.
   */
  private static void shiftInFront(Inner q, Node kid, int count, double s, byte[] m) {
    System.arraycopy(q.kids, 0, q.kids, 1, q.n);
    System.arraycopy(q.counts, 0, q.counts, 1, q.n);
    System.arraycopy(q.sepScores, 0, q.sepScores, 1, q.n);
    System.arraycopy(q.sepMembers, 0, q.sepMembers, 1, q.n);
    q.kids[0] = kid;
    q.counts[0] = count;
    q.setSep(0, 0, null);
    if (q.n > 0) {
      q.setSep(1, s, m);
    }
    q.n++;
  }

  /** Removes q's first child (its second becomes the first; its separator is dropped). */
  private static void removeFirst(Inner q) {
    int k = q.n - 1;
    System.arraycopy(q.kids, 1, q.kids, 0, k);
    System.arraycopy(q.counts, 1, q.counts, 0, k);
    System.arraycopy(q.sepScores, 1, q.sepScores, 0, k);
    System.arraycopy(q.sepMembers, 1, q.sepMembers, 0, k);
    q.setSep(0, 0, null);
    q.n = k;
    q.kids[k] = null;
    q.counts[k] = 0;
    q.sepMembers[k] = null;
  }

  // ------------------------------------------------------------------ delete

  @Override
  public void remove(ZEntry e) {
    Leaf leaf = descend(e.score, e.member);
    removeAt(leaf, leaf.indexOf(e));
  }

  /** Removes element pos of the leaf the path leads to. Redis: zslDeleteNode. */
  private void removeAt(Leaf leaf, int pos) {
    for (int d = 0; d < height - 1; d++) {
      path[d].counts[pathIdx[d]]--;
    }
    length--;
    leaf.removeAt(pos);
    if (leaf.n < min && height > 1) {
      fixLeaf(leaf, height - 2);
    }
  }

  /** Refills a leaf below min from a sibling, or merges it with one. */
  private void fixLeaf(Leaf x, int d) {
    Inner p = path[d];
    int i = pathIdx[d];
    Leaf ls = i > 0 ? (Leaf) p.kids[i - 1] : null;
    Leaf rs = i + 1 < p.n ? (Leaf) p.kids[i + 1] : null;
    if (ls != null && ls.n > min) {
      ZEntry moved = ls.entries[ls.n - 1];
      ls.removeAt(ls.n - 1);
      x.insertAt(0, moved);
      p.counts[i - 1]--;
      p.counts[i]++;
      p.setSep(i, moved.score, moved.member);
    } else if (rs != null && rs.n > min) {
      ZEntry moved = rs.entries[0];
      rs.removeAt(0);
      x.insertAt(x.n, moved);
      p.counts[i + 1]--;
      p.counts[i]++;
      p.setSep(i + 1, rs.scores[0], rs.entries[0].member);
    } else if (ls != null) {
      x.moveTail(0, ls);
      unlinkLeaf(x);
      removeChild(d, i);
    } else {
      rs.moveTail(0, x);
      unlinkLeaf(rs);
      removeChild(d, i + 1);
    }
  }

  private void unlinkLeaf(Leaf x) {
    if (x.prev != null) {
      x.prev.next = x.next;
    } else {
      head = x.next;
    }
    if (x.next != null) {
      x.next.prev = x.prev;
    } else {
      tail = x.prev;
    }
    x.prev = null;
    x.next = null;
  }

  /** Removes child i (merged into child i - 1) from path[d], then fixes path[d] if it is short. */
  private void removeChild(int d, int i) {
    Inner p = path[d];
    p.removeInto(i);
    if (d == 0) {
      if (p.n == 1) {
        root = p.kids[0];
        height--;
      }
    } else if (p.n < min) {
      fixInner(d);
    }
  }

  /** Refills inner node path[d] (d >= 1) from a sibling, or merges it with one. */
  private void fixInner(int d) {
    Inner x = path[d];
    Inner p = path[d - 1];
    int i = pathIdx[d - 1];
    Inner ls = i > 0 ? (Inner) p.kids[i - 1] : null;
    Inner rs = i + 1 < p.n ? (Inner) p.kids[i + 1] : null;
    if (ls != null && ls.n > min) {
      int last = ls.n - 1;
      int c = ls.counts[last];
      Node kid = ls.kids[last];
      // x's old first child is now separated from the moved one by the parent's separator i,
      // and the moved child's separator in ls goes up in its place.
      shiftInFront(x, kid, c, p.sepScores[i], p.sepMembers[i]);
      p.setSep(i, ls.sepScores[last], ls.sepMembers[last]);
      ls.n = last;
      ls.kids[last] = null;
      ls.sepMembers[last] = null;
      ls.counts[last] = 0;
      p.counts[i - 1] -= c;
      p.counts[i] += c;
    } else if (rs != null && rs.n > min) {
      int c = rs.counts[0];
      x.insertAt(x.n, rs.kids[0], c, p.sepScores[i + 1], p.sepMembers[i + 1]);
      p.setSep(i + 1, rs.sepScores[1], rs.sepMembers[1]);
      removeFirst(rs);
      p.counts[i + 1] -= c;
      p.counts[i] += c;
    } else if (ls != null) {
      x.moveTail(0, ls, p.sepScores[i], p.sepMembers[i]);
      removeChild(d - 1, i);
    } else {
      rs.moveTail(0, x, p.sepScores[i + 1], p.sepMembers[i + 1]);
      removeChild(d - 1, i + 1);
    }
  }

  // ------------------------------------------------------------------ score update

  @Override
  public ZEntry changeScore(ZEntry e, double newScore) {
    assert !Double.isNaN(newScore);
    Leaf leaf = descend(e.score, e.member);
    int pos = leaf.indexOf(e);
    ZEntry prev = pos > 0 ? leaf.entries[pos - 1] : leaf.prev == null ? null : lastOf(leaf.prev);
    ZEntry next =
        pos + 1 < leaf.n ? leaf.entries[pos + 1] : leaf.next == null ? null : leaf.next.entries[0];
    // Redis: zslUpdateScore keeps the node when its neighbours' scores still bracket the new one;
    // here the key must also stay inside its leaf's separators (pos 0 or n - 1 only).
    if ((prev == null || prev.score < newScore)
        && (next == null || next.score > newScore)
        && (pos > 0 || aboveLowerSeparator(newScore, e.member))
        && (pos + 1 < leaf.n || belowUpperSeparator(newScore, e.member))) {
      e.score = newScore;
      leaf.scores[pos] = newScore;
      return e;
    }
    removeAt(leaf, pos);
    e.score = newScore;
    insertEntry(e);
    return e;
  }

  private static ZEntry lastOf(Leaf l) {
    return l.entries[l.n - 1];
  }

  /** Whether (s, m) is at least the separator below the path's leaf (the deepest left turn). */
  private boolean aboveLowerSeparator(double s, byte[] m) {
    for (int d = height - 2; d >= 0; d--) {
      int i = pathIdx[d];
      if (i > 0) {
        return ZTreeNodes.compare(s, m, path[d].sepScores[i], path[d].sepMembers[i]) >= 0;
      }
    }
    return true;
  }

  /** Whether (s, m) is below the separator above the path's leaf. */
  private boolean belowUpperSeparator(double s, byte[] m) {
    for (int d = height - 2; d >= 0; d--) {
      int i = pathIdx[d];
      if (i + 1 < path[d].n) {
        return ZTreeNodes.compare(s, m, path[d].sepScores[i + 1], path[d].sepMembers[i + 1]) < 0;
      }
    }
    return true;
  }

  // ------------------------------------------------------------------ rank

  @Override
  public long rankOf(ZEntry e) {
    Node x = root;
    long r = 0;
    for (int d = 0; d < height - 1; d++) {
      Inner in = (Inner) x;
      int i = in.childForRank(e.score, e.member);
      r += in.countBefore(i);
      x = in.kids[i];
    }
    return r + ((Leaf) x).indexOf(e);
  }

  /** Positions the seek result at 0-based rank r (valid). Redis: zslGetElementByRank. */
  private void seekRank(long r) {
    Node x = root;
    long at = r;
    for (int d = 0; d < height - 1; d++) {
      Inner in = (Inner) x;
      int i = 0;
      while (at >= in.counts[i]) {
        at -= in.counts[i];
        i++;
      }
      x = in.kids[i];
    }
    seekLeaf = (Leaf) x;
    seekIdx = (int) at;
    seekRank = r;
  }

  // ------------------------------------------------------------------ seeks and walks

  /**
   * Positions the seek result at the first element whose score is at least the range's min (and its
   * rank), or clears it: bisection on the primitive arrays, as a monotone test along the order
   * allows. Redis: the descent of zslFirstInRange.
   */
  private void seekScoreMin(ScoreRange range) {
    Node x = root;
    long r = 0;
    for (int d = 0; d < height - 1; d++) {
      Inner in = (Inner) x;
      int lo = 1;
      int hi = in.n;
      while (lo < hi) {
        int mid = (lo + hi) >>> 1;
        if (range.gteMin(in.sepScores[mid])) {
          hi = mid;
        } else {
          lo = mid + 1;
        }
      }
      int i = lo - 1;
      for (int j = 0; j < i; j++) {
        r += in.counts[j];
      }
      x = in.kids[i];
    }
    Leaf l = (Leaf) x;
    int lo = 0;
    int hi = l.n;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (range.gteMin(l.scores[mid])) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    if (lo == l.n) {
      r += l.n;
      l = l.next;
      lo = 0;
    }
    seekLeaf = l;
    seekIdx = lo;
    seekRank = r + lo;
  }

  /**
   * Positions the seek result at the last element whose score is at most the range's max, or clears
   * it. Redis: the descent of zslLastInRange.
   */
  private void seekScoreMax(ScoreRange range) {
    Node x = root;
    long r = 0;
    for (int d = 0; d < height - 1; d++) {
      Inner in = (Inner) x;
      int lo = 1;
      int hi = in.n;
      while (lo < hi) {
        int mid = (lo + hi) >>> 1;
        if (!range.lteMax(in.sepScores[mid])) {
          hi = mid;
        } else {
          lo = mid + 1;
        }
      }
      int i = lo - 1;
      for (int j = 0; j < i; j++) {
        r += in.counts[j];
      }
      x = in.kids[i];
    }
    Leaf l = (Leaf) x;
    int lo = 0;
    int hi = l.n;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (!range.lteMax(l.scores[mid])) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    int i = lo - 1; // the last at most max
    if (i < 0) {
      l = l.prev;
      i = l == null ? 0 : l.n - 1;
    }
    seekLeaf = l;
    seekIdx = i;
    seekRank = r + lo - 1;
  }

  /**
   * The lex seeks: as {@link #seekScoreMin} / {@link #seekScoreMax}, but each node is read from its
   * start as a skiplist level is walked (advance while the next key fails, or passes, the test),
   * not by bisection. Over one score the two agree; over differing scores a lex test is not
   * monotone along the order and Redis's answer is the walk's (ZLEXCOUNT l [b [b over b=1, a=2, c=3
   * replies 3: ZSetRegressionTest), which this walk gives as a skiplist of the tree's levels would.
   */
  private void seekLex(KeyTest t, boolean last) {
    Node x = root;
    long r = 0;
    for (int d = 0; d < height - 1; d++) {
      Inner in = (Inner) x;
      int i = 0;
      while (i + 1 < in.n && t.test(in.sepScores[i + 1], in.sepMembers[i + 1]) == last) {
        r += in.counts[i];
        i++;
      }
      x = in.kids[i];
    }
    Leaf l = (Leaf) x;
    int i = 0;
    while (i < l.n && t.test(l.scores[i], l.entries[i].member) == last) {
      i++;
    }
    if (last) {
      i--; // the last that passed
      if (i < 0) {
        l = l.prev;
        i = l == null ? 0 : l.n - 1;
      }
    } else if (i == l.n) {
      l = l.next;
      i = 0;
    }
    seekLeaf = l;
    seekIdx = i;
    seekRank = r + (last ? (l == x ? i : -1) : (l == x ? i : ((Leaf) x).n));
  }

  private ZEntry seekEntry() {
    return seekLeaf == null ? null : seekLeaf.entries[seekIdx];
  }

  /** First element in the range, or null; rank in seekRank. Redis: zslFirstInRange. */
  private ZEntry firstInRange(ScoreRange range) {
    if (range.isEmpty()
        || length == 0
        || !range.gteMin(lastOf(tail).score)
        || !range.lteMax(head.scores[0])) {
      return null;
    }
    seekScoreMin(range);
    ZEntry x = seekEntry();
    return x != null && range.lteMax(x.score) ? x : null;
  }

  /** Redis: zslLastInRange. */
  private ZEntry lastInRange(ScoreRange range) {
    if (range.isEmpty()
        || length == 0
        || !range.gteMin(lastOf(tail).score)
        || !range.lteMax(head.scores[0])) {
      return null;
    }
    seekScoreMax(range);
    ZEntry x = seekEntry();
    return x != null && range.gteMin(x.score) ? x : null;
  }

  private boolean isInLexRange(LexRange range) {
    return !range.isEmpty()
        && length > 0
        && range.gteMin(lastOf(tail).member)
        && range.lteMax(head.entries[0].member);
  }

  /** Redis: zslFirstInLexRange. */
  private ZEntry firstInLexRange(LexRange range) {
    if (!isInLexRange(range)) {
      return null;
    }
    seekLex((s, m) -> range.gteMin(m), false);
    ZEntry x = seekEntry();
    return x != null && range.lteMax(x.member) ? x : null;
  }

  /** Redis: zslLastInLexRange. */
  private ZEntry lastInLexRange(LexRange range) {
    if (!isInLexRange(range)) {
      return null;
    }
    seekLex((s, m) -> range.lteMax(m), true);
    ZEntry x = seekEntry();
    return x != null && range.gteMin(x.member) ? x : null;
  }

  /** Visits from the seek result onward (rev: backward) while the visitor goes on. */
  private static void walk(Leaf l, int i, boolean rev, Visitor v) {
    while (l != null) {
      if (!v.visit(l.entries[i])) {
        return;
      }
      if (rev) {
        if (--i < 0) {
          l = l.prev;
          i = l == null ? 0 : l.n - 1;
        }
      } else if (++i == l.n) {
        l = l.next;
        i = 0;
      }
    }
  }

  @Override
  public ZEntry cursorAtRank(ZSetCursor.OrderCursor c, long rank) {
    seekRank(rank);
    return place(c, seekEntry());
  }

  @Override
  public ZEntry cursorAtScore(ZSetCursor.OrderCursor c, ScoreRange range, boolean rev) {
    return place(c, rev ? lastInRange(range) : firstInRange(range));
  }

  @Override
  public ZEntry cursorAtLex(ZSetCursor.OrderCursor c, LexRange range, boolean rev) {
    return place(c, rev ? lastInLexRange(range) : firstInLexRange(range));
  }

  private ZEntry place(ZSetCursor.OrderCursor c, ZEntry x) {
    c.node = x == null ? null : seekLeaf;
    c.idx = seekIdx;
    return x;
  }

  @Override
  public ZEntry cursorStep(ZSetCursor.OrderCursor c, boolean rev) {
    Leaf l = (Leaf) c.node;
    int i = c.idx;
    if (rev) {
      if (--i < 0) {
        l = l.prev;
        i = l == null ? 0 : l.n - 1;
      }
    } else if (++i == l.n) {
      l = l.next;
      i = 0;
    }
    c.node = l;
    c.idx = i;
    return l == null ? null : l.entries[i];
  }

  @Override
  public void walkRank(long rank, boolean rev, Visitor v) {
    seekRank(rank);
    walk(seekLeaf, seekIdx, rev, v);
  }

  @Override
  public void walkScore(ScoreRange range, boolean rev, Visitor v) {
    if ((rev ? lastInRange(range) : firstInRange(range)) != null) {
      walk(seekLeaf, seekIdx, rev, v);
    }
  }

  @Override
  public void walkLex(LexRange range, boolean rev, Visitor v) {
    if ((rev ? lastInLexRange(range) : firstInLexRange(range)) != null) {
      walk(seekLeaf, seekIdx, rev, v);
    }
  }

  @Override
  public long count(ScoreRange range) {
    if (firstInRange(range) == null) {
      return 0;
    }
    long first = seekRank;
    return lastInRange(range) == null ? length - first : seekRank - first + 1;
  }

  @Override
  public long lexCount(LexRange range) {
    if (firstInLexRange(range) == null) {
      return 0;
    }
    long first = seekRank;
    return lastInLexRange(range) == null ? length - first : seekRank - first + 1;
  }

  // ------------------------------------------------------------------ range deletes

  @Override
  public long removeRangeByScore(ScoreRange range, Consumer<ZEntry> removed) {
    if (length == 0) {
      return 0;
    }
    seekScoreMin(range);
    return removeWhile(x -> range.lteMax(x.score), removed);
  }

  @Override
  public long removeRangeByLex(LexRange range, Consumer<ZEntry> removed) {
    if (length == 0) {
      return 0;
    }
    seekLex((s, m) -> range.gteMin(m), false);
    return removeWhile(x -> range.lteMax(x.member), removed);
  }

  @Override
  public long removeRangeByRank(long start, long end, Consumer<ZEntry> removed) {
    seekRank(start);
    long[] left = {end - start + 1};
    return removeWhile(x -> left[0]-- > 0, removed);
  }

  /**
   * Removes the elements from the seek result on while {@code within} holds, in ascending order,
   * reporting each after it is unlinked. Redis: the loops of zslDeleteRangeBy*; each removal here
   * is an O(log n) delete of its own (the range is collected first: removals move elements between
   * leaves).
   */
  private long removeWhile(Visitor within, Consumer<ZEntry> removed) {
    ZEntry[] batch = new ZEntry[16];
    int[] n = {0};
    ZEntry[][] holder = {batch};
    if (seekLeaf != null) {
      walk(
          seekLeaf,
          seekIdx,
          false,
          x -> {
            if (!within.visit(x)) {
              return false;
            }
            if (n[0] == holder[0].length) {
              holder[0] = java.util.Arrays.copyOf(holder[0], n[0] * 2);
            }
            holder[0][n[0]++] = x;
            return true;
          });
    }
    for (int k = 0; k < n[0]; k++) {
      ZEntry x = holder[0][k];
      remove(x);
      removed.accept(x);
    }
    return n[0];
  }

  // ------------------------------------------------------------------ invariants

  /** Number of leaves (tests: the fill the redistribution keeps). */
  int leafCount() {
    int k = 0;
    for (Leaf l = head; l != null; l = l.next) {
      k++;
    }
    return k;
  }

  /** Checks B1..B6; throws AssertionError naming the first broken invariant. */
  @Override
  public void checkInvariants() {
    Leaf[] expectNext = {null};
    long total = checkNode(root, 0, null, Double.NaN, null, Double.NaN, expectNext, true);
    check(total == length, "B2 root total " + total + " != length " + length);
    // B5: the links, both ways, and B1 along them.
    Leaf l = head;
    check(l.prev == null, "B5 head.prev");
    ZEntry last = null;
    long seen = 0;
    while (l != null) {
      for (int i = 0; i < l.n; i++) {
        ZEntry e = l.entries[i];
        check(!Double.isNaN(e.score), "B1 NaN score");
        check(l.scores[i] == e.score || Double.compare(l.scores[i], e.score) == 0, "B1 score");
        check(
            last == null || ZTreeNodes.compare(last.score, last.member, e.score, e.member) < 0,
            "B1 order");
        last = e;
        seen++;
      }
      check(l.next == null || l.next.prev == l, "B5 prev link");
      check(l.next != null || l == tail, "B5 tail");
      l = l.next;
    }
    check(seen == length, "B5 leaves reach " + seen + " of " + length);
    check(expectNext[0] == tail, "B5 last leaf by tree is the tail");
  }

  /**
   * Checks the subtree at depth {@code depth} whose keys lie in [lo, hi) (null member: unbounded);
   * returns its element count. {@code prevLeaf[0]} is the leaf met before in tree order.
   */
  private long checkNode(
      Node x,
      int depth,
      byte[] loM,
      double loS,
      byte[] hiM,
      double hiS,
      Leaf[] prevLeaf,
      boolean isRoot) {
    check(x.n <= cap, "B4 over cap");
    if (x instanceof Leaf l) {
      check(depth == height - 1, "B4 leaf depth");
      check(isRoot || l.n >= min, "B4 leaf under min: " + l.n);
      check(l.prev == prevLeaf[0], "B5 leaf order");
      check(prevLeaf[0] != null || l == head, "B5 head");
      prevLeaf[0] = l;
      for (int i = 0; i < cap; i++) {
        check((i < l.n) == (l.entries[i] != null), "B6 leaf slot " + i);
      }
      for (int i = 0; i < l.n; i++) {
        ZEntry e = l.entries[i];
        check(loM == null || ZTreeNodes.compare(e.score, e.member, loS, loM) >= 0, "B3 low");
        check(hiM == null || ZTreeNodes.compare(e.score, e.member, hiS, hiM) < 0, "B3 high");
      }
      return l.n;
    }
    Inner in = (Inner) x;
    check(depth < height - 1, "B4 inner depth");
    check(isRoot ? in.n >= 2 : in.n >= min, "B4 inner under min: " + in.n);
    for (int i = 0; i < cap; i++) {
      check((i < in.n) == (in.kids[i] != null), "B6 inner slot " + i);
      check(i == 0 || i < in.n || in.sepMembers[i] == null, "B6 separator slot " + i);
    }
    long sum = 0;
    for (int i = 0; i < in.n; i++) {
      byte[] cLoM = i == 0 ? loM : in.sepMembers[i];
      double cLoS = i == 0 ? loS : in.sepScores[i];
      byte[] cHiM = i + 1 < in.n ? in.sepMembers[i + 1] : hiM;
      double cHiS = i + 1 < in.n ? in.sepScores[i + 1] : hiS;
      if (i > 0) {
        check(in.sepMembers[i] != null, "B3 separator member");
        check(loM == null || ZTreeNodes.compare(cLoS, cLoM, loS, loM) >= 0, "B3 separator low");
        check(hiM == null || ZTreeNodes.compare(cLoS, cLoM, hiS, hiM) < 0, "B3 separator high");
      }
      long c = checkNode(in.kids[i], depth + 1, cLoM, cLoS, cHiM, cHiS, prevLeaf, false);
      check(c == in.counts[i], "B2 count of child " + i + ": " + in.counts[i] + " != " + c);
      sum += c;
    }
    return sum;
  }

  private static void check(boolean ok, String what) {
    if (!ok) {
      throw new AssertionError("ZTree invariant broken: " + what);
    }
  }

  /** Height of the tree (tests). */
  int height() {
    return height;
  }
}
