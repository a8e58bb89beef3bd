package dev.redstruct.skiplist;

import dev.redstruct.core.Bytes;
import dev.redstruct.skiplist.SkipNodes.Node2;
import dev.redstruct.skiplist.SkipNodes.Node3;
import dev.redstruct.skiplist.SkipNodes.Node4;
import dev.redstruct.skiplist.SkipNodes.Node5;
import dev.redstruct.skiplist.SkipNodes.Node6;
import dev.redstruct.skiplist.SkipNodes.Node7;
import dev.redstruct.skiplist.SkipNodes.Node8;
import dev.redstruct.skiplist.SkipNodes.NodeTall;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * Redis's zskiplist: a skip list ordered by (score, member bytes) whose forward links carry spans,
 * so that rank queries are O(log n) expected.
 *
 * <p>Contract: scores are never NaN (callers check; asserted here); a member appears at most once
 * (the owner's member index guarantees it). Ranks are 1-based as in Redis. Expected O(log n) for
 * insert, delete, update, rank and element-by-rank. Not thread-safe. Level draws come from a seeded
 * {@link SplittableRandom}, so the shape is reproducible.
 */
final class ZSkipList implements ZOrder {
  /*
   * Implementation notes.
   *
   * Mirrors src/t_zset.c (zslCreate, zslInsert, zslDeleteNode, zslDelete, zslUpdateScore,
   * zslGetRank, zslGetElementByRank, zslFirstInRange, zslLastInRange, zslFirstInLexRange,
   * zslLastInLexRange, zslDeleteRangeByScore/Lex/Rank) and the structs of src/server.h, 7.0.15.
   *
   *   header --L2----------------------------> C --------------> null   span(header,L2)=3
   *   header --L1--------> A --------> B ----> C --> D --------> null
   *   header --L0--------> A --> ... level 0 links every node; backward links go the other way
   *
   * span[i] of node x = number of level-0 steps from x to x.forward[i] (0 when forward is null
   * and nothing follows: the header's spans above the list level are 0, as in Redis). The rank of
   * a node is the sum of spans crossed from the header to reach it.
   *
   * Invariants (checkInvariants):
   *  I1 level-0 order is strictly increasing by (score, unsigned member bytes); no NaN scores.
   *  I2 for every level i the chain at level i is a subsequence of level 0, and each span equals
   *     the level-0 distance to the forward node (or, for a null forward, the number of nodes
   *     after x, for the header's levels below `level`).
   *  I3 backward(first) == null, backward(x.next) == x, tail is the last level-0 node.
   *  I4 length == number of level-0 nodes; 1 <= level <= MAX_LEVEL; the header has no forward
   *     link at levels >= level (its spans there are stale, as in Redis, and reset when the
   *     level grows), and level is 1 or the header's top link is non-null.
   *  I5 every node's cached forwardScore(i) is the score of forward(i), NaN for a null link.
   *
   * Node layout. Redis allocates a node with exactly its levels (a flexible array member). Here a
   * node of level k is an instance of Node or (in SkipNodes) Node2 .. Node8 or NodeTall (k >= 9),
   * each adding one level's (cached score, link, span) to its superclass, so a level-1 node is 48
   * bytes with the member index's hash and chain link (its level-0 span, always 1 or 0, is derived
   * from the link) and the fields one descent step reads sit together. A link at level i is typed as the class of level i + 1, which makes
   * "a level-i link leads to a node of level > i" (part of I2) a type fact, and lets rank(Node)
   * walk every level without casts or switches.
   */

  /** Redis: ZSKIPLIST_MAXLEVEL, src/server.h. */
  static final int MAX_LEVEL = 32;

  /** Redis: ZSKIPLIST_P, src/server.h; drawn as two random bits per level (randomLevel). */
  static final double P = 0.25;

  /** Levels whose link and span live in node fields; higher levels use three small arrays. */
  static final int INLINE_LEVELS = 8;

  /**
   * A list node of level 1. {@code Node2} .. {@code Node8} add one level each, in fields laid out
   * level by level (the JVM places a superclass's fields first), and {@link NodeTall} keeps the
   * levels from 8 up in arrays, so that a node carries only the levels it has: 48 bytes for the 3/4
   * of nodes at level 1 (compressed oops: 40 of skiplist fields, 8 of the member index's hash and
   * chain link, see {@link MemberTable}), about 53 on average. A link at level i points to a node
   * of level above i, so {@code f1} is a {@code Node2}, {@code f2} a {@code Node3}, and so on: a
   * descent that moves along level i needs no cast. The header is a {@code NodeTall} of {@link
   * #MAX_LEVEL} levels with a null member.
   */
  static class Node extends SkipNodes.Level0 {
    Node backward;

    Node(double score, byte[] member) {
      super(score, member);
    }

    /** A node of {@code level} levels (1..MAX_LEVEL). */
    static Node create(int level, double score, byte[] member) {
      return switch (level) {
        case 1 -> new Node(score, member);
        case 2 -> new Node2(score, member);
        case 3 -> new Node3(score, member);
        case 4 -> new Node4(score, member);
        case 5 -> new Node5(score, member);
        case 6 -> new Node6(score, member);
        case 7 -> new Node7(score, member);
        case 8 -> new Node8(score, member);
        default -> new NodeTall(level, score, member);
      };
    }

    Node next() {
      return f0;
    }

    Node previous() {
      return backward;
    }

    // The generic accessors below cast to the class that has level i; callers only ask a node
    // for levels it has (i below its level), which the cast checks.

    Node forward(int i) {
      return switch (i) {
        case 0 -> f0;
        case 1 -> ((Node2) this).f1;
        case 2 -> ((Node3) this).f2;
        case 3 -> ((Node4) this).f3;
        case 4 -> ((Node5) this).f4;
        case 5 -> ((Node6) this).f5;
        case 6 -> ((Node7) this).f6;
        case 7 -> ((Node8) this).f7;
        default -> ((NodeTall) this).fHigh[i - INLINE_LEVELS];
      };
    }

    /** Score of {@code forward(i)}, or NaN (which compares false) when it is null. */
    double forwardScore(int i) {
      return switch (i) {
        case 0 -> c0;
        case 1 -> ((Node2) this).c1;
        case 2 -> ((Node3) this).c2;
        case 3 -> ((Node4) this).c3;
        case 4 -> ((Node5) this).c4;
        case 5 -> ((Node6) this).c5;
        case 6 -> ((Node7) this).c6;
        case 7 -> ((Node8) this).c7;
        default -> ((NodeTall) this).cHigh[i - INLINE_LEVELS];
      };
    }

    /** Links level i to n and caches n's score; see {@link #forwardScore}. */
    void setForward(int i, Node n) {
      double c = n == null ? Double.NaN : n.score;
      switch (i) {
        case 0 -> {
          f0 = n;
          c0 = c;
        }
        case 1 -> {
          Node2 x = (Node2) this;
          x.f1 = (Node2) n;
          x.c1 = c;
        }
        case 2 -> {
          Node3 x = (Node3) this;
          x.f2 = (Node3) n;
          x.c2 = c;
        }
        case 3 -> {
          Node4 x = (Node4) this;
          x.f3 = (Node4) n;
          x.c3 = c;
        }
        case 4 -> {
          Node5 x = (Node5) this;
          x.f4 = (Node5) n;
          x.c4 = c;
        }
        case 5 -> {
          Node6 x = (Node6) this;
          x.f5 = (Node6) n;
          x.c5 = c;
        }
        case 6 -> {
          Node7 x = (Node7) this;
          x.f6 = (Node7) n;
          x.c6 = c;
        }
        case 7 -> {
          Node8 x = (Node8) this;
          x.f7 = (Node8) n;
          x.c7 = c;
        }
        default -> {
          NodeTall x = (NodeTall) this;
          x.fHigh[i - INLINE_LEVELS] = (NodeTall) n;
          x.cHigh[i - INLINE_LEVELS] = c;
        }
      }
    }

    int span(int i) {
      return switch (i) {
        case 0 -> f0 == null ? 0 : 1; // not stored: see SkipNodes.Level0
        case 1 -> ((Node2) this).s1;
        case 2 -> ((Node3) this).s2;
        case 3 -> ((Node4) this).s3;
        case 4 -> ((Node5) this).s4;
        case 5 -> ((Node6) this).s5;
        case 6 -> ((Node7) this).s6;
        case 7 -> ((Node8) this).s7;
        default -> ((NodeTall) this).sHigh[i - INLINE_LEVELS];
      };
    }

    void setSpan(int i, int s) {
      switch (i) {
        case 0 -> {} // derived from f0 (SkipNodes.Level0); callers set f0 to match
        case 1 -> ((Node2) this).s1 = s;
        case 2 -> ((Node3) this).s2 = s;
        case 3 -> ((Node4) this).s3 = s;
        case 4 -> ((Node5) this).s4 = s;
        case 5 -> ((Node6) this).s5 = s;
        case 6 -> ((Node7) this).s6 = s;
        case 7 -> ((Node8) this).s7 = s;
        default -> ((NodeTall) this).sHigh[i - INLINE_LEVELS] = s;
      }
    }
  }

  private final NodeTall header = new NodeTall(MAX_LEVEL, 0, null);
  private final SplittableRandom random;
  private Node tail;
  private int length;
  private int level = 1;
  // Scratch vectors reused by every walk, so the hot paths allocate only the new node.
  private final Node[] update = new Node[MAX_LEVEL];
  private final int[] rank = new int[MAX_LEVEL];

  ZSkipList(long seed) {
    this.random = new SplittableRandom(seed);
  }

  @Override
  public int length() {
    return length;
  }

  /** Current list level (1..MAX_LEVEL). */
  int level() {
    return level;
  }

  Node first() {
    return header.forward(0);
  }

  Node last() {
    return tail;
  }

  /**
   * Redis: zslRandomLevel. P(level &gt;= k) = P^(k-1), capped at MAX_LEVEL. Redis draws once per
   * level (about 1.33 draws per node); one 64-bit draw holds the 31 two-bit trials a node can need:
   * level k + 1 needs the k lowest bit pairs all zero (probability 1/4 each, independent), that is
   * at least 2k trailing zero bits.
   */
  int randomLevel() {
    assert P == 0.25;
    return Math.min(MAX_LEVEL, 1 + Long.numberOfTrailingZeros(random.nextLong()) / 2);
  }

  static int compare(double s1, byte[] m1, double s2, byte[] m2) {
    if (s1 < s2) {
      return -1;
    }
    if (s1 > s2) {
      return 1;
    }
    return Bytes.compare(m1, m2);
  }

  /**
   * True if x's level-i successor sorts before (score, member), decided from x's cached forward
   * score (I5; NaN for a null link compares false) so that the successor is loaded only on a tie or
   * when the descent moves to it.
   */
  private static boolean forwardBefore(Node x, int i, double score, byte[] member) {
    double fs = x.forwardScore(i);
    return fs < score || (fs == score && Bytes.compare(x.forward(i).member, member) < 0);
  }

  /**
   * Inserts a member that is not present. Redis: zslInsert.
   *
   * @return the new node
   */
  Node insert(double score, byte[] member) {
    assert !Double.isNaN(score);
    // Drawn before the descent (Redis draws after it; the draws come in the same order, one per
    // insert, so the levels are the same), so that the descent can add the new node's step to
    // the spans of the levels above it as it leaves them (zslInsert's update[i]->span++).
    int lvl = randomLevel();
    if (lvl > level) {
      for (int i = level; i < lvl; i++) {
        header.setSpan(i, length); // the descent leaves update[i] = header, rank[i] = 0 here
      }
      level = lvl;
    }
    descendForInsert(score, member, lvl);
    Node n = Node.create(lvl, score, member);
    // Level 0 (every node has it) on the fields: the successor's score is the predecessor's
    // cached one (I5); the level-0 spans follow from the links (SkipNodes.Level0).
    Node u = update[0];
    n.f0 = u.f0;
    n.c0 = u.c0;
    u.f0 = n;
    u.c0 = score;
    if (lvl > 1) {
      linkAbove(n, lvl, score);
    }
    n.backward = update[0] == header ? null : update[0];
    if (n.forward(0) != null) {
      n.forward(0).backward = n;
    } else {
      tail = n;
    }
    length++;
    return n;
  }

  /**
   * Links a new node of {@code lvl} (2 or more) levels after {@code update[i]} at levels 1 to lvl -
   * 1, with zslInsert's span arithmetic. One typed block per level, entered at the node's top level
   * and falling through to level 1, instead of {@link Node#setForward}/{@link Node#span} calls that
   * dispatch on the level at every use (four switches per level for the quarter of inserts that
   * draw a level of 2 or more). ZSetAddBenchmark: +6 % builds/s at size=1000, +9 % at 10000
   * (benchmarks/NOTES.md, "ZSkipList: typed link blocks").
   */
  private void linkAbove(Node n, int lvl, double score) {
    int r0 = rank[0];
    switch (Math.min(lvl, INLINE_LEVELS + 1)) {
      case INLINE_LEVELS + 1:
        for (int i = INLINE_LEVELS; i < lvl; i++) {
          Node u = update[i];
          n.setForward(i, u.forward(i));
          u.setForward(i, n);
          n.setSpan(i, u.span(i) - (r0 - rank[i]));
          u.setSpan(i, (r0 - rank[i]) + 1);
        }
      // fall through
      case 8:
        {
          Node8 u = (Node8) update[7];
          Node8 x = (Node8) n;
          int d = r0 - rank[7];
          x.f7 = u.f7;
          x.c7 = u.c7;
          x.s7 = u.s7 - d;
          u.f7 = x;
          u.c7 = score;
          u.s7 = d + 1;
        }
      // fall through
      case 7:
        {
          Node7 u = (Node7) update[6];
          Node7 x = (Node7) n;
          int d = r0 - rank[6];
          x.f6 = u.f6;
          x.c6 = u.c6;
          x.s6 = u.s6 - d;
          u.f6 = x;
          u.c6 = score;
          u.s6 = d + 1;
        }
      // fall through
      case 6:
        {
          Node6 u = (Node6) update[5];
          Node6 x = (Node6) n;
          int d = r0 - rank[5];
          x.f5 = u.f5;
          x.c5 = u.c5;
          x.s5 = u.s5 - d;
          u.f5 = x;
          u.c5 = score;
          u.s5 = d + 1;
        }
      // fall through
      case 5:
        {
          Node5 u = (Node5) update[4];
          Node5 x = (Node5) n;
          int d = r0 - rank[4];
          x.f4 = u.f4;
          x.c4 = u.c4;
          x.s4 = u.s4 - d;
          u.f4 = x;
          u.c4 = score;
          u.s4 = d + 1;
        }
      // fall through
      case 4:
        {
          Node4 u = (Node4) update[3];
          Node4 x = (Node4) n;
          int d = r0 - rank[3];
          x.f3 = u.f3;
          x.c3 = u.c3;
          x.s3 = u.s3 - d;
          u.f3 = x;
          u.c3 = score;
          u.s3 = d + 1;
        }
      // fall through
      case 3:
        {
          Node3 u = (Node3) update[2];
          Node3 x = (Node3) n;
          int d = r0 - rank[2];
          x.f2 = u.f2;
          x.c2 = u.c2;
          x.s2 = u.s2 - d;
          u.f2 = x;
          u.c2 = score;
          u.s2 = d + 1;
        }
      // fall through
      case 2:
        {
          Node2 u = (Node2) update[1];
          Node2 x = (Node2) n;
          int d = r0 - rank[1];
          x.f1 = u.f1;
          x.c1 = u.c1;
          x.s1 = u.s1 - d;
          u.f1 = x;
          u.c1 = score;
          u.s1 = d + 1;
        }
      default:
        break;
    }
  }

  /**
   * Builds an empty list from pairs in strictly increasing (score, member) order by appending each
   * at the tail: no descent, O(level) per pair. The level draws are the same, in the same order, as
   * {@link #insert}ing the pairs one by one, and so is the result: the same links, spans (a link
   * left open counts the nodes after its node, as zslInsert leaves it) and levels. Redis's
   * zsetConvert inserts one by one (zslInsert); the ziplist it reads is already sorted.
   *
   * @return the new nodes, in order
   */
  Node[] appendSorted(double[] scores, byte[][] members, int n) {
    assert length == 0;
    Node[] last = update; // the last node linked at each level, and its rank in rank[]
    for (int i = 0; i < MAX_LEVEL; i++) {
      last[i] = header;
      rank[i] = 0;
    }
    Node[] out = new Node[n];
    Node prev = null;
    for (int k = 0; k < n; k++) {
      assert k == 0 || compare(scores[k - 1], members[k - 1], scores[k], members[k]) < 0;
      int lvl = randomLevel();
      level = Math.max(level, lvl);
      Node x = Node.create(lvl, scores[k], members[k]);
      for (int i = 0; i < lvl; i++) {
        last[i].setForward(i, x);
        last[i].setSpan(i, k + 1 - rank[i]);
        last[i] = x;
        rank[i] = k + 1;
      }
      x.backward = prev;
      prev = x;
      out[k] = x;
    }
    tail = prev;
    length = n;
    for (int i = 0; i < level; i++) {
      last[i].setSpan(i, n - rank[i]);
    }
    return out;
  }

  /**
   * zslInsert's descent for a node of {@code lvl} levels: fills {@link #update} and {@link #rank}
   * at levels below {@code lvl} and adds 1 to the span of the last node before (score, member) at
   * the levels from {@code lvl} up to the list level (the new node will sit under those links).
   * Unrolled by level on typed links, as {@link #rank(Node)} is (a level-i link leads to a node of
   * a class that has level i): a step reads three fields of the node it is on, with no dispatch on
   * the level and no cast. Above the list level the header's cached scores are NaN (I4, I5), so
   * those loops do not move.
   *
   * <p>The loops branch on each comparison; branch-free steps and a rank-free descent were tried
   * and measured slower or no faster (benchmarks/NOTES.md, "ZSkipList: descent experiments").
   */
  private void descendForInsert(double score, byte[] member, int lvl) {
    NodeTall t = header;
    int r = 0;
    for (int i = level - 1 - INLINE_LEVELS; i >= 0; i--) {
      double fs;
      while ((fs = t.cHigh[i]) < score || (fs == score && before(t.fHigh[i], member))) {
        r += t.sHigh[i];
        t = t.fHigh[i];
      }
      if (i + INLINE_LEVELS < lvl) {
        rank[i + INLINE_LEVELS] = r;
        update[i + INLINE_LEVELS] = t;
      } else {
        t.sHigh[i]++;
      }
    }
    Node8 x7 = t;
    while (x7.c7 < score || (x7.c7 == score && before(x7.f7, member))) {
      r += x7.s7;
      x7 = x7.f7;
    }
    if (7 < lvl) {
      rank[7] = r;
      update[7] = x7;
    } else if (7 < level) {
      x7.s7++;
    }
    Node7 x6 = x7;
    while (x6.c6 < score || (x6.c6 == score && before(x6.f6, member))) {
      r += x6.s6;
      x6 = x6.f6;
    }
    if (6 < lvl) {
      rank[6] = r;
      update[6] = x6;
    } else if (6 < level) {
      x6.s6++;
    }
    Node6 x5 = x6;
    while (x5.c5 < score || (x5.c5 == score && before(x5.f5, member))) {
      r += x5.s5;
      x5 = x5.f5;
    }
    if (5 < lvl) {
      rank[5] = r;
      update[5] = x5;
    } else if (5 < level) {
      x5.s5++;
    }
    descendLow(x5, r, score, member, lvl);
  }

  /** Levels 4..0 of {@link #descendForInsert}, from a node reached at level 5 or above. */
  private void descendLow(Node5 x4, int r, double score, byte[] member, int lvl) {
    while (x4.c4 < score || (x4.c4 == score && before(x4.f4, member))) {
      r += x4.s4;
      x4 = x4.f4;
    }
    if (4 < lvl) {
      rank[4] = r;
      update[4] = x4;
    } else if (4 < level) {
      x4.s4++;
    }
    Node4 x3 = x4;
    while (x3.c3 < score || (x3.c3 == score && before(x3.f3, member))) {
      r += x3.s3;
      x3 = x3.f3;
    }
    if (3 < lvl) {
      rank[3] = r;
      update[3] = x3;
    } else if (3 < level) {
      x3.s3++;
    }
    Node3 x2 = x3;
    while (x2.c2 < score || (x2.c2 == score && before(x2.f2, member))) {
      r += x2.s2;
      x2 = x2.f2;
    }
    if (2 < lvl) {
      rank[2] = r;
      update[2] = x2;
    } else if (2 < level) {
      x2.s2++;
    }
    Node2 x1 = x2;
    while (x1.c1 < score || (x1.c1 == score && before(x1.f1, member))) {
      r += x1.s1;
      x1 = x1.f1;
    }
    // The level-0 predecessor lies between x1 and q = x1.f1 (null: the end of the list), whose
    // rank is taken before the span bump below.
    Node q = x1.f1;
    int qRank = q == null ? length + 1 : r + x1.s1;
    if (1 < lvl) {
      rank[1] = r;
      update[1] = x1;
    } else if (1 < level) {
      x1.s1++;
    }
    if (x1.c0 < score || (x1.c0 == score && before(x1.f0, member))) {
      descendLevel0(x1, r, q == null ? tail : q.backward, qRank - 1, score, member);
    } else {
      rank[0] = r;
      update[0] = x1;
    }
  }

  /**
   * Level 0 of {@link #descendForInsert} when the predecessor is past {@code a} (rank {@code ra})
   * and at or before {@code b} (rank {@code rb}): walks forward from a and backward from b in step,
   * as {@link #rank(Node)} finishes level 0. The two chains of loads are independent, so their
   * cache misses overlap, and the first walker to reach the predecessor gives it.
   */
  private void descendLevel0(Node a, int ra, Node b, int rb, double score, byte[] member) {
    while (true) {
      ra++; // a.f0 sorts before (score, member), so it is not the tail: a level-0 step
      a = a.f0;
      if (!(a.c0 < score || (a.c0 == score && before(a.f0, member)))) {
        rank[0] = ra;
        update[0] = a;
        return;
      }
      if (b.score < score || (b.score == score && before(b, member))) {
        rank[0] = rb;
        update[0] = b;
        return;
      }
      b = b.backward;
      rb--;
    }
  }

  /** Unlinks x given the predecessor vector in {@link #update}. Redis: zslDeleteNode. */
  private void deleteNode(Node x) {
    for (int i = 0; i < level; i++) {
      if (update[i].forward(i) == x) {
        update[i].setSpan(i, update[i].span(i) + x.span(i) - 1);
        update[i].setForward(i, x.forward(i));
      } else {
        update[i].setSpan(i, update[i].span(i) - 1);
      }
    }
    if (x.forward(0) != null) {
      x.forward(0).backward = x.backward;
    } else {
      tail = x.backward;
    }
    while (level > 1 && header.forward(level - 1) == null) {
      level--;
    }
    length--;
  }

  /**
   * Fills {@link #update} with the last node before (score, member) at each level, unrolled on
   * typed links as {@link #descendForInsert} (without ranks); returns the level-0 successor.
   */
  private Node findUpdate(double score, byte[] member) {
    NodeTall t = header;
    for (int i = level - 1 - INLINE_LEVELS; i >= 0; i--) {
      double fs;
      while ((fs = t.cHigh[i]) < score || (fs == score && before(t.fHigh[i], member))) {
        t = t.fHigh[i];
      }
      update[i + INLINE_LEVELS] = t;
    }
    Node8 x7 = t;
    while (x7.c7 < score || (x7.c7 == score && before(x7.f7, member))) {
      x7 = x7.f7;
    }
    update[7] = x7;
    Node7 x6 = x7;
    while (x6.c6 < score || (x6.c6 == score && before(x6.f6, member))) {
      x6 = x6.f6;
    }
    update[6] = x6;
    Node6 x5 = x6;
    while (x5.c5 < score || (x5.c5 == score && before(x5.f5, member))) {
      x5 = x5.f5;
    }
    update[5] = x5;
    Node5 x4 = x5;
    while (x4.c4 < score || (x4.c4 == score && before(x4.f4, member))) {
      x4 = x4.f4;
    }
    update[4] = x4;
    Node4 x3 = x4;
    while (x3.c3 < score || (x3.c3 == score && before(x3.f3, member))) {
      x3 = x3.f3;
    }
    update[3] = x3;
    Node3 x2 = x3;
    while (x2.c2 < score || (x2.c2 == score && before(x2.f2, member))) {
      x2 = x2.f2;
    }
    update[2] = x2;
    Node2 x1 = x2;
    while (x1.c1 < score || (x1.c1 == score && before(x1.f1, member))) {
      x1 = x1.f1;
    }
    update[1] = x1;
    Node x0 = x1;
    while (x0.c0 < score || (x0.c0 == score && before(x0.f0, member))) {
      x0 = x0.f0;
    }
    update[0] = x0;
    return x0.f0;
  }

  /**
   * Deletes the node holding exactly (score, member). Redis: zslDelete.
   *
   * @return the unlinked node, or null if absent
   */
  Node delete(double score, byte[] member) {
    Node x = findUpdate(score, member);
    if (x != null && x.score == score && Bytes.compare(x.member, member) == 0) {
      deleteNode(x);
      return x;
    }
    return null;
  }

  /**
   * Changes the score of the node holding (curScore, member), which must exist. Redis:
   * zslUpdateScore — the node stays in place when its neighbours' scores still bracket the new one.
   *
   * @return the node now holding the member (the same node on the fast path)
   */
  Node updateScore(double curScore, byte[] member, double newScore) {
    assert !Double.isNaN(newScore);
    Node x = findUpdate(curScore, member);
    assert x != null && x.score == curScore && Bytes.compare(x.member, member) == 0;
    if ((x.backward == null || x.backward.score < newScore)
        && (x.forward(0) == null || x.forward(0).score > newScore)) {
      x.score = newScore;
      for (int i = 0; i < level; i++) {
        if (update[i].forward(i) == x) {
          update[i].setForward(i, x); // refresh the cached forward score (I5)
        }
      }
      return x;
    }
    deleteNode(x);
    return insert(newScore, x.member);
  }

  /** 1-based rank of (score, member), or 0 if absent. Redis: zslGetRank. */
  int rank(double score, byte[] member) {
    int traversed = 0;
    Node x = header;
    for (int i = level - 1; i >= 0; i--) {
      double fs;
      while ((fs = x.forwardScore(i)) < score
          || (fs == score && Bytes.compare(x.forward(i).member, member) <= 0)) {
        traversed += x.span(i);
        x = x.forward(i);
      }
      if (x.score == score && x.member != null && Bytes.compare(x.member, member) == 0) {
        return traversed;
      }
    }
    return 0;
  }

  /**
   * 1-based rank of a node that is in this list (found by the member index): one descent that stops
   * on the node itself, so member bytes are compared only against other nodes of the same score.
   * Redis: zslGetRank, which ZRANK calls with the indexed node's score and member.
   */
  int rank(Node target) {
    // Unrolled by level and typed by node class (a level-i link leads to a node of a class that
    // has level i), so no step dispatches on the level or casts: at 10^6 members the descent
    // is about 27 dependent loads, and each one should cost one cache line, not a switch.
    double score = target.score;
    byte[] member = target.member;
    int r = 0;
    NodeTall t = header;
    for (int i = level - 1 - INLINE_LEVELS; i >= 0; i--) {
      NodeTall f;
      double fs;
      while ((fs = t.cHigh[i]) < score
          || (fs == score && ((f = t.fHigh[i]) == target || before(f, member)))) {
        r += t.sHigh[i];
        t = t.fHigh[i];
      }
      if (t == target) {
        return r;
      }
    }
    // Above the list level the header's links are null and their cached scores NaN (I4, I5),
    // so these loops do not move there.
    Node8 x7 = t;
    Node8 f7;
    while (x7.c7 < score || (x7.c7 == score && ((f7 = x7.f7) == target || before(f7, member)))) {
      r += x7.s7;
      x7 = x7.f7;
    }
    if (x7 == target) {
      return r;
    }
    Node7 x6 = x7;
    Node7 f6;
    while (x6.c6 < score || (x6.c6 == score && ((f6 = x6.f6) == target || before(f6, member)))) {
      r += x6.s6;
      x6 = x6.f6;
    }
    if (x6 == target) {
      return r;
    }
    Node6 x5 = x6;
    Node6 f5;
    while (x5.c5 < score || (x5.c5 == score && ((f5 = x5.f5) == target || before(f5, member)))) {
      r += x5.s5;
      x5 = x5.f5;
    }
    if (x5 == target) {
      return r;
    }
    Node5 x4 = x5;
    Node5 f4;
    while (x4.c4 < score || (x4.c4 == score && ((f4 = x4.f4) == target || before(f4, member)))) {
      r += x4.s4;
      x4 = x4.f4;
    }
    if (x4 == target) {
      return r;
    }
    Node4 x3 = x4;
    Node4 f3;
    while (x3.c3 < score || (x3.c3 == score && ((f3 = x3.f3) == target || before(f3, member)))) {
      r += x3.s3;
      x3 = x3.f3;
    }
    if (x3 == target) {
      return r;
    }
    Node3 x2 = x3;
    Node3 f2;
    while (x2.c2 < score || (x2.c2 == score && ((f2 = x2.f2) == target || before(f2, member)))) {
      r += x2.s2;
      x2 = x2.f2;
    }
    if (x2 == target) {
      return r;
    }
    Node2 x1 = x2;
    Node2 f1;
    while (x1.c1 < score || (x1.c1 == score && ((f1 = x1.f1) == target || before(f1, member)))) {
      r += x1.s1;
      x1 = x1.f1;
    }
    if (x1 == target) {
      return r;
    }
    // Level 0: the target is a level-1 node between x1 and q = x1.f1 (the first node of level 2
    // or more after it, or null). Walk from x1 towards the target and from the target towards q
    // in step: the two chains of loads are independent, so they run side by side, and the first
    // to arrive gives the rank (x1.s1 is the distance from x1 to q when q is not null, I2).
    Node q = x1.f1;
    Node a = x1;
    Node b = target;
    int steps = 0;
    while (true) {
      steps++;
      a = a.f0;
      if (a == target) {
        return r + steps;
      }
      b = b.f0;
      if (b == q) {
        return q == null ? length + 1 - steps : r + x1.s1 - steps;
      }
      if (a == null) {
        break;
      }
    }
    throw new AssertionError("node not in this skiplist");
  }

  /** True if n's member sorts before {@code member} (a tie on score). */
  private static boolean before(Node n, byte[] member) {
    return Bytes.compare(n.member, member) < 0;
  }

  /** Node at 1-based rank r, or null. Redis: zslGetElementByRank. */
  Node byRank(long r) {
    if (r < 1 || r > length) {
      return null;
    }
    long traversed = 0;
    Node x = header;
    for (int i = level - 1; i >= 0; i--) {
      while (x.forward(i) != null && traversed + x.span(i) <= r) {
        traversed += x.span(i);
        x = x.forward(i);
      }
      if (traversed == r) {
        return x;
      }
    }
    return null;
  }

  /** Redis: zslIsInRange. */
  boolean isInRange(ScoreRange range) {
    if (range.isEmpty() || tail == null) {
      return false;
    }
    return range.gteMin(tail.score) && range.lteMax(header.forward(0).score);
  }

  /** First node inside the score range, or null. Redis: zslFirstInRange. */
  Node firstInRange(ScoreRange range) {
    if (!isInRange(range)) {
      return null;
    }
    Node x = header;
    for (int i = level - 1; i >= 0; i--) {
      while (x.forward(i) != null && !range.gteMin(x.forward(i).score)) {
        x = x.forward(i);
      }
    }
    x = x.forward(0);
    return x != null && range.lteMax(x.score) ? x : null;
  }

  /** Last node inside the score range, or null. Redis: zslLastInRange. */
  Node lastInRange(ScoreRange range) {
    if (!isInRange(range)) {
      return null;
    }
    Node x = header;
    for (int i = level - 1; i >= 0; i--) {
      while (x.forward(i) != null && range.lteMax(x.forward(i).score)) {
        x = x.forward(i);
      }
    }
    return x != header && range.gteMin(x.score) ? x : null;
  }

  /** Redis: zslIsInLexRange. */
  boolean isInLexRange(LexRange range) {
    if (range.isEmpty() || tail == null) {
      return false;
    }
    return range.gteMin(tail.member) && range.lteMax(header.forward(0).member);
  }

  /** First node inside the lex range, or null. Redis: zslFirstInLexRange. */
  Node firstInLexRange(LexRange range) {
    if (!isInLexRange(range)) {
      return null;
    }
    Node x = header;
    for (int i = level - 1; i >= 0; i--) {
      while (x.forward(i) != null && !range.gteMin(x.forward(i).member)) {
        x = x.forward(i);
      }
    }
    x = x.forward(0);
    return x != null && range.lteMax(x.member) ? x : null;
  }

  /** Last node inside the lex range, or null. Redis: zslLastInLexRange. */
  Node lastInLexRange(LexRange range) {
    if (!isInLexRange(range)) {
      return null;
    }
    Node x = header;
    for (int i = level - 1; i >= 0; i--) {
      while (x.forward(i) != null && range.lteMax(x.forward(i).member)) {
        x = x.forward(i);
      }
    }
    return x != header && range.gteMin(x.member) ? x : null;
  }

  /**
   * Deletes every node in the score range, reporting each to {@code removed}. Redis:
   * zslDeleteRangeByScore.
   */
  int deleteRangeByScore(ScoreRange range, Consumer<Node> removed) {
    Node x = header;
    for (int i = level - 1; i >= 0; i--) {
      while (x.forward(i) != null && !range.gteMin(x.forward(i).score)) {
        x = x.forward(i);
      }
      update[i] = x;
    }
    x = x.forward(0);
    int n = 0;
    while (x != null && range.lteMax(x.score)) {
      Node next = x.forward(0);
      deleteNode(x);
      removed.accept(x);
      n++;
      x = next;
    }
    return n;
  }

  /** Deletes every node in the lex range. Redis: zslDeleteRangeByLex. */
  int deleteRangeByLex(LexRange range, Consumer<Node> removed) {
    Node x = header;
    for (int i = level - 1; i >= 0; i--) {
      while (x.forward(i) != null && !range.gteMin(x.forward(i).member)) {
        x = x.forward(i);
      }
      update[i] = x;
    }
    x = x.forward(0);
    int n = 0;
    while (x != null && range.lteMax(x.member)) {
      Node next = x.forward(0);
      deleteNode(x);
      removed.accept(x);
      n++;
      x = next;
    }
    return n;
  }

  /** Deletes ranks start..end (1-based, inclusive). Redis: zslDeleteRangeByRank. */
  int deleteRangeByRank(int start, int end, Consumer<Node> removed) {
    int traversed = 0;
    Node x = header;
    for (int i = level - 1; i >= 0; i--) {
      while (x.forward(i) != null && traversed + x.span(i) < start) {
        traversed += x.span(i);
        x = x.forward(i);
      }
      update[i] = x;
    }
    traversed++;
    x = x.forward(0);
    int n = 0;
    while (x != null && traversed <= end) {
      Node next = x.forward(0);
      deleteNode(x);
      removed.accept(x);
      n++;
      traversed++;
      x = next;
    }
    return n;
  }

  // ------------------------------------------------------------------ ZOrder

  @Override
  public Kind kind() {
    return Kind.SKIPLIST;
  }

  @Override
  public ZEntry add(double score, byte[] member) {
    return insert(score, member);
  }

  @Override
  public ZEntry[] addSorted(double[] scores, byte[][] members, int n) {
    return appendSorted(scores, members, n);
  }

  @Override
  public void remove(ZEntry e) {
    Node gone = delete(e.score, e.member);
    assert gone == e;
  }

  @Override
  public ZEntry changeScore(ZEntry e, double newScore) {
    return updateScore(e.score, e.member, newScore);
  }

  @Override
  public long rankOf(ZEntry e) {
    return rank((Node) e) - 1L;
  }

  @Override
  public void walkRank(long rank, boolean rev, Visitor v) {
    walk(byRank(rank + 1), rev, v);
  }

  @Override
  public void walkScore(ScoreRange range, boolean rev, Visitor v) {
    walk(rev ? lastInRange(range) : firstInRange(range), rev, v);
  }

  @Override
  public void walkLex(LexRange range, boolean rev, Visitor v) {
    walk(rev ? lastInLexRange(range) : firstInLexRange(range), rev, v);
  }

  @Override
  public ZEntry cursorAtRank(ZSetCursor.OrderCursor c, long rank) {
    Node x = byRank(rank + 1);
    c.node = x;
    return x;
  }

  @Override
  public ZEntry cursorAtScore(ZSetCursor.OrderCursor c, ScoreRange range, boolean rev) {
    Node x = rev ? lastInRange(range) : firstInRange(range);
    c.node = x;
    return x;
  }

  @Override
  public ZEntry cursorAtLex(ZSetCursor.OrderCursor c, LexRange range, boolean rev) {
    Node x = rev ? lastInLexRange(range) : firstInLexRange(range);
    c.node = x;
    return x;
  }

  @Override
  public ZEntry cursorStep(ZSetCursor.OrderCursor c, boolean rev) {
    Node x = (Node) c.node;
    x = rev ? x.backward : x.f0;
    c.node = x;
    return x;
  }

  private static void walk(Node x, boolean rev, Visitor v) {
    while (x != null && v.visit(x)) {
      x = rev ? x.backward : x.f0;
    }
  }

  @Override
  public long count(ScoreRange range) {
    Node first = firstInRange(range);
    return first == null ? 0 : countFrom(first, lastInRange(range));
  }

  @Override
  public long lexCount(LexRange range) {
    Node first = firstInLexRange(range);
    return first == null ? 0 : countFrom(first, lastInLexRange(range));
  }

  /**
   * Redis's count from the first node in range: the nodes from it to the tail, less those after the
   * last node in range (none taken off when there is no last node, as zlexcountCommand does).
   */
  private long countFrom(Node first, Node last) {
    long count = length - (rank(first) - 1L);
    if (last != null) {
      count -= length - rank(last);
    }
    return count;
  }

  @Override
  public long removeRangeByScore(ScoreRange range, Consumer<ZEntry> removed) {
    return deleteRangeByScore(range, removed::accept);
  }

  @Override
  public long removeRangeByLex(LexRange range, Consumer<ZEntry> removed) {
    return deleteRangeByLex(range, removed::accept);
  }

  @Override
  public long removeRangeByRank(long start, long end, Consumer<ZEntry> removed) {
    return deleteRangeByRank((int) start + 1, (int) end + 1, removed::accept);
  }

  /** Checks I1..I4; throws AssertionError naming the first broken invariant. */
  @Override
  public void checkInvariants() {
    int n = 0;
    Node prev = null;
    for (Node x = header.forward(0); x != null; x = x.forward(0)) {
      check(!Double.isNaN(x.score), "I1 NaN score");
      check(prev == null || compare(prev.score, prev.member, x.score, x.member) < 0, "I1 order");
      check(x.backward == prev, "I3 backward link");
      prev = x;
      n++;
    }
    check(tail == prev, "I3 tail");
    check(n == length, "I4 length");
    check(level >= 1 && level <= MAX_LEVEL, "I4 level range");
    check(level == 1 || header.forward(level - 1) != null, "I4 level too high");
    for (int i = level; i < MAX_LEVEL; i++) {
      check(header.forward(i) == null, "I4 header above level");
    }
    for (int i = 0; i < level; i++) {
      checkLevel(i);
    }
  }

  private void checkLevel(int i) {
    int pos = 0; // level-0 position of x, header = 0
    Node x = header;
    Node y = header.forward(0);
    int ypos = 1;
    while (true) {
      Node f = x.forward(i);
      // advance y along level 0 to f, counting steps
      while (y != f && y != null) {
        y = y.forward(0);
        ypos++;
      }
      check(y == f, "I2 level " + i + " not a subsequence");
      check(
          f == null
              ? Double.isNaN(x.forwardScore(i))
              : Double.compare(x.forwardScore(i), f.score) == 0,
          "I5 cached forward score at level " + i + " pos " + pos);
      int expected = f == null ? length - pos : ypos - pos;
      if (f == null && x != header) {
        // Redis leaves a stale span on a last node; only forward-linked spans carry meaning.
        break;
      }
      check(x.span(i) == expected, "I2 span at level " + i + " pos " + pos);
      if (f == null) {
        break;
      }
      x = f;
      pos = ypos;
    }
  }

  private static void check(boolean ok, String what) {
    if (!ok) {
      throw new AssertionError("ZSkipList invariant broken: " + what);
    }
  }
}
