package dev.redstruct.skiplist;

import dev.redstruct.core.Bytes;
import java.util.Arrays;

/**
 * The node classes of {@link ZTree} and the searches and shifts inside one node. A leaf holds up to
 * {@code cap} elements: their scores in a {@code double[]} (a search compares primitives, in one or
 * two cache lines) and their entries in a {@code ZEntry[]} (member bytes only on a score tie),
 * linked to its neighbours both ways. An inner node holds up to {@code cap} children, the number of
 * elements under each (the counts that make rank O(log n)), and for each child but the first its
 * separator: a (score, member) key that is at most every key below that child and above every key
 * below the child before it.
 */
final class ZTreeNodes {
  private ZTreeNodes() {}

  /** Sorts (s1, m1) against (s2, m2): score, then unsigned member bytes. */
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
   * First index in [from, to) whose score is at least {@code s}, {@code to} when none. Branch-free
   * (the compare feeds a conditional move), for the descent of an insert, remove or score update
   * and the insert's leaf: a random insert's comparisons give the branch predictor nothing to
   * learn, and a mispredicted branch per step cost more than the step.
   */
  static int firstScoreNotBelow(double[] a, int from, int to, double s) {
    int len = to - from;
    if (len <= 0) {
      return from;
    }
    int base = from;
    while (len > 1) {
      int half = len >>> 1;
      base = a[base + half - 1] < s ? base + half : base;
      len -= half;
    }
    return a[base] < s ? base + 1 : base;
  }

  /** First index in [from, to) whose score is above {@code s}, {@code to} when none. */
  static int firstScoreAbove(double[] a, int from, int to, double s) {
    int len = to - from;
    if (len <= 0) {
      return from;
    }
    int base = from;
    while (len > 1) {
      int half = len >>> 1;
      base = a[base + half - 1] <= s ? base + half : base;
      len -= half;
    }
    return a[base] <= s ? base + 1 : base;
  }

  /**
   * The same answer as {@link #firstScoreNotBelow} by an ordinary branchy bisection, for rank's
   * descent and {@link Leaf#indexOf}: there the branches are predicted (repeated probes) or the
   * nodes are cold (a large tree), and a predicted branch lets the CPU load the next node before
   * the compare resolves, where the conditional move's chain waits on every load
   * (benchmarks/NOTES.md, issue 29, branch bisect29).
   */
  static int firstScoreAtLeast(double[] a, int from, int to, double s) {
    int lo = from;
    int hi = to;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (a[mid] < s) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /** A test of a key (the lex seeks' bounds). */
  @FunctionalInterface
  interface KeyTest {
    boolean test(double score, byte[] member);
  }

  /** A node: {@code n} is its number of elements (leaf) or children (inner). */
  abstract static sealed class Node permits Leaf, Inner {
    int n;
  }

  /** A leaf: elements {@code [0, n)} in order; slots from n up are null (B6). */
  static final class Leaf extends Node {
    final double[] scores;
    final ZEntry[] entries;
    Leaf prev;
    Leaf next;

    Leaf(int cap) {
      scores = new double[cap];
      entries = new ZEntry[cap];
    }

    /** First index whose key is at least (s, m); n when none. */
    int lowerBound(double s, byte[] m) {
      int i = firstScoreNotBelow(scores, 0, n, s);
      if (i == n || scores[i] != s) {
        return i; // no tie: the usual case, decided by scores alone
      }
      int hi = firstScoreAbove(scores, i, n, s);
      while (i < hi) { // equal scores: by member, among the tied elements only
        int mid = (i + hi) >>> 1;
        if (Bytes.compare(entries[mid].member, m) < 0) {
          i = mid + 1;
        } else {
          hi = mid;
        }
      }
      return i;
    }

    /**
     * Index of {@code e} (an element of this leaf): the first element of its score, then along the
     * tie by identity, with no member compare (rank and remove know the entry itself).
     */
    int indexOf(ZEntry e) {
      int i = firstScoreAtLeast(scores, 0, n, e.score);
      while (entries[i] != e) {
        i++;
      }
      assert i < n : "entry not in its leaf";
      return i;
    }

    void insertAt(int i, ZEntry e) {
      System.arraycopy(scores, i, scores, i + 1, n - i);
      System.arraycopy(entries, i, entries, i + 1, n - i);
      scores[i] = e.score;
      entries[i] = e;
      n++;
    }

    void removeAt(int i) {
      System.arraycopy(scores, i + 1, scores, i, n - i - 1);
      System.arraycopy(entries, i + 1, entries, i, n - i - 1);
      entries[--n] = null;
    }

    /** Moves this leaf's elements {@code [from, n)} to the front of {@code to}. */
    void moveTailToFront(int from, Leaf to) {
      int k = n - from;
      System.arraycopy(to.scores, 0, to.scores, k, to.n);
      System.arraycopy(to.entries, 0, to.entries, k, to.n);
      System.arraycopy(scores, from, to.scores, 0, k);
      System.arraycopy(entries, from, to.entries, 0, k);
      Arrays.fill(entries, from, n, null);
      to.n += k;
      n = from;
    }

    /** Moves this leaf's first {@code k} elements to the end of {@code to}. */
    void moveHeadTo(int k, Leaf to) {
      System.arraycopy(scores, 0, to.scores, to.n, k);
      System.arraycopy(entries, 0, to.entries, to.n, k);
      to.n += k;
      System.arraycopy(scores, k, scores, 0, n - k);
      System.arraycopy(entries, k, entries, 0, n - k);
      Arrays.fill(entries, n - k, n, null);
      n -= k;
    }

    /** Moves this leaf's elements {@code [from, n)} to the end of {@code to}. */
    void moveTail(int from, Leaf to) {
      int k = n - from;
      System.arraycopy(scores, from, to.scores, to.n, k);
      System.arraycopy(entries, from, to.entries, to.n, k);
      Arrays.fill(entries, from, n, null);
      to.n += k;
      n = from;
    }
  }

  /**
   * An inner node: children {@code kids[0, n)}, {@code counts[i]} elements under kids[i], and for i
   * in [1, n) the separator (sepScores[i], sepMembers[i]) of kids[i]; slot 0 of the separators is
   * unused. A separator keeps the member array of the element it was taken from, which may have
   * left the set since: it is a key, not an element.
   */
  static final class Inner extends Node {
    final double[] sepScores;
    final byte[][] sepMembers;
    final Node[] kids;
    final int[] counts;

    Inner(int cap) {
      sepScores = new double[cap];
      sepMembers = new byte[cap][];
      kids = new Node[cap];
      counts = new int[cap];
    }

    /**
     * The child whose key range holds (s, m): the last i >= 1 whose separator is at most it, or 0.
     */
    int childFor(double s, byte[] m) {
      return childAmongTies(firstScoreNotBelow(sepScores, 1, n, s), s, m);
    }

    /**
     * {@link #childFor}'s answer by a branchy bisection: rank's descent (see firstScoreAtLeast).
     */
    int childForRank(double s, byte[] m) {
      return childAmongTies(firstScoreAtLeast(sepScores, 1, n, s), s, m);
    }

    /** childFor from i, the first separator whose score is at least s: by member along a tie. */
    private int childAmongTies(int i, double s, byte[] m) {
      if (i == n || sepScores[i] != s) {
        return i - 1;
      }
      int hi = firstScoreAbove(sepScores, i, n, s);
      while (i < hi) { // separators with the same score: by member
        int mid = (i + hi) >>> 1;
        if (Bytes.compare(sepMembers[mid], m) <= 0) {
          i = mid + 1;
        } else {
          hi = mid;
        }
      }
      return i - 1;
    }

    /** Elements under kids[0, i) (below 2^31: the tree's length is an int). */
    int countBefore(int i) {
      int[] c = counts;
      int r = 0;
      for (int j = 0; j < i; j++) {
        r += c[j];
      }
      return r;
    }

    void setSep(int i, double s, byte[] m) {
      sepScores[i] = s;
      sepMembers[i] = m;
    }

    /** Inserts child {@code kid} at index i (i >= 1) with its separator and count. */
    void insertAt(int i, Node kid, int count, double s, byte[] m) {
      System.arraycopy(kids, i, kids, i + 1, n - i);
      System.arraycopy(counts, i, counts, i + 1, n - i);
      System.arraycopy(sepScores, i, sepScores, i + 1, n - i);
      System.arraycopy(sepMembers, i, sepMembers, i + 1, n - i);
      kids[i] = kid;
      counts[i] = count;
      setSep(i, s, m);
      n++;
    }

    /** Removes child i (i >= 1) with its separator, adding its count to child i - 1's. */
    void removeInto(int i) {
      counts[i - 1] += counts[i];
      System.arraycopy(kids, i + 1, kids, i, n - i - 1);
      System.arraycopy(counts, i + 1, counts, i, n - i - 1);
      System.arraycopy(sepScores, i + 1, sepScores, i, n - i - 1);
      System.arraycopy(sepMembers, i + 1, sepMembers, i, n - i - 1);
      n--;
      kids[n] = null;
      sepMembers[n] = null;
      counts[n] = 0;
    }

    /**
     * Moves children {@code [from, n)} to the end of {@code to}; {@code to} takes (s, m) as the
     * separator of the first one moved (the key that stood between the two nodes).
     */
    void moveTail(int from, Inner to, double s, byte[] m) {
      int k = n - from;
      int at = to.n;
      System.arraycopy(kids, from, to.kids, at, k);
      System.arraycopy(counts, from, to.counts, at, k);
      System.arraycopy(sepScores, from, to.sepScores, at, k);
      System.arraycopy(sepMembers, from, to.sepMembers, at, k);
      to.setSep(at, s, m);
      Arrays.fill(kids, from, n, null);
      Arrays.fill(sepMembers, from, n, null);
      Arrays.fill(counts, from, n, 0);
      to.n += k;
      n = from;
    }

    int total() {
      return countBefore(n);
    }
  }
}
