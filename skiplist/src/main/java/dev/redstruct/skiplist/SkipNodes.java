package dev.redstruct.skiplist;

/**
 * The node classes of {@link ZSkipList} above level 1, and the level-0 fields every node starts
 * with: {@link ZSkipList.Node} is a node of level 1, {@code Node2} .. {@code Node8} add one level
 * each, {@code NodeTall} holds the levels from {@link ZSkipList#INLINE_LEVELS} up in arrays. The
 * layout and the reasons for it are in {@link ZSkipList.Node}.
 */
final class SkipNodes {
  private SkipNodes() {}

  /**
   * Level 0 of a node: the link and its cached target score (I5). It is the root of the node
   * classes so that the JVM lays these fields out first, next to the object header. The level-0
   * span is not stored: it is 1 when {@code f0} is non-null and 0 at the tail, as zslInsert and
   * zslDeleteNode keep it in Redis (a new node takes its predecessor's level-0 span, and the
   * predecessor's becomes 1), so {@link ZSkipList.Node#span} derives it. Without the int, a level-1
   * node is 48 bytes instead of 56 (compressed oops), and every other class 8 bytes smaller: at
   * 10^5 members an add reads its nodes from fewer cache lines and pages.
   */
  abstract static class Level0 extends ZEntry {
    // Score of f0, NaN when f0 is null: a descent decides whether to advance from x's own fields
    // and touches the next node only when it moves there (or on a tie).
    double c0 = Double.NaN;
    ZSkipList.Node f0;

    Level0(double score, byte[] member) {
      super(score, member);
    }
  }

  /** A node of level 2: adds level 1 (link, span, cached score). */
  static class Node2 extends ZSkipList.Node {
    double c1 = Double.NaN;
    Node2 f1;
    int s1;

    Node2(double score, byte[] member) {
      super(score, member);
    }
  }

  /** A node of level 3. */
  static class Node3 extends Node2 {
    double c2 = Double.NaN;
    Node3 f2;
    int s2;

    Node3(double score, byte[] member) {
      super(score, member);
    }
  }

  /** A node of level 4. */
  static class Node4 extends Node3 {
    double c3 = Double.NaN;
    Node4 f3;
    int s3;

    Node4(double score, byte[] member) {
      super(score, member);
    }
  }

  /** A node of level 5. */
  static class Node5 extends Node4 {
    double c4 = Double.NaN;
    Node5 f4;
    int s4;

    Node5(double score, byte[] member) {
      super(score, member);
    }
  }

  /** A node of level 6. */
  static class Node6 extends Node5 {
    double c5 = Double.NaN;
    Node6 f5;
    int s5;

    Node6(double score, byte[] member) {
      super(score, member);
    }
  }

  /** A node of level 7. */
  static class Node7 extends Node6 {
    double c6 = Double.NaN;
    Node7 f6;
    int s6;

    Node7(double score, byte[] member) {
      super(score, member);
    }
  }

  /** A node of level 8. */
  static class Node8 extends Node7 {
    double c7 = Double.NaN;
    Node8 f7;
    int s7;

    Node8(double score, byte[] member) {
      super(score, member);
    }
  }

  /** A node of level 9 or more (about 1 in 65536): levels from 8 up live in arrays. */
  static final class NodeTall extends Node8 {
    final NodeTall[] fHigh;
    final int[] sHigh;
    final double[] cHigh;

    NodeTall(int level, double score, byte[] member) {
      super(score, member);
      this.fHigh = new NodeTall[level - ZSkipList.INLINE_LEVELS];
      this.sHigh = new int[level - ZSkipList.INLINE_LEVELS];
      this.cHigh = new double[level - ZSkipList.INLINE_LEVELS];
      java.util.Arrays.fill(cHigh, Double.NaN);
    }
  }
}
