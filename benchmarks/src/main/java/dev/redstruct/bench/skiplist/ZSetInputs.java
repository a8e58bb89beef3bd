package dev.redstruct.bench.skiplist;

import dev.redstruct.skiplist.ZSet;
import dev.redstruct.skiplist.internal.ZSetWalks;
import java.nio.charset.StandardCharsets;
import java.util.Comparator;
import java.util.HashMap;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * Fixed-seed members and scores shared by the skiplist benchmarks, and the structures a Java user
 * would build instead of a sorted set: {@code TreeSet<Scored>} + {@code HashMap<String, Double>}
 * (the composite), and {@code ConcurrentSkipListMap} + {@code ConcurrentHashMap}.
 */
final class ZSetInputs {
  /**
   * The baseline's element: the (String, double) record a Java user writes for a tree ordered by
   * score, as redstruct's own {@code Scored} was before it held member bytes.
   *
   * @param member the member
   * @param score the score
   */
  record Scored(String member, double score) {}

  /** Order of the composite's tree: score, then member (ASCII members: same as byte order). */
  static final Comparator<Scored> ORDER = new ByScoreThenMember();

  /** A named class, not a lambda: JOL cannot walk the fields of hidden (lambda) classes. */
  static final class ByScoreThenMember implements Comparator<Scored> {
    @Override
    public int compare(Scored a, Scored b) {
      int c = Double.compare(a.score(), b.score());
      return c != 0 ? c : a.member().compareTo(b.member());
    }
  }

  final String[] names;
  final byte[][] bytes;
  final double[] scores;

  ZSetInputs(int n, long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    names = new String[n];
    bytes = new byte[n][];
    scores = new double[n];
    for (int i = 0; i < n; i++) {
      names[i] = "member:" + Integer.toHexString(rnd.nextInt()) + ":" + i;
      bytes[i] = names[i].getBytes(StandardCharsets.US_ASCII);
      scores[i] = rnd.nextInt(1_000_000) / 4.0;
    }
  }

  /** The composite a Java user would write: an ordered tree plus a member-to-score map. */
  static final class Composite {
    final TreeSet<Scored> tree = new TreeSet<>(ORDER);
    final HashMap<String, Double> map = new HashMap<>();

    boolean add(String m, double s) {
      Double old = map.put(m, s);
      if (old != null) {
        tree.remove(new Scored(m, old));
      }
      tree.add(new Scored(m, s));
      return old == null;
    }

    boolean remove(String m) {
      Double old = map.remove(m);
      return old != null && tree.remove(new Scored(m, old));
    }
  }

  /** The concurrent peer: a ConcurrentSkipListMap as the order, a ConcurrentHashMap for scores. */
  static final class Concurrent {
    final ConcurrentSkipListMap<Scored, Boolean> tree = new ConcurrentSkipListMap<>(ORDER);
    final ConcurrentHashMap<String, Double> map = new ConcurrentHashMap<>();

    boolean add(String m, double s) {
      Double old = map.put(m, s);
      if (old != null) {
        tree.remove(new Scored(m, old));
      }
      tree.put(new Scored(m, s), Boolean.TRUE);
      return old == null;
    }

    boolean remove(String m) {
      Double old = map.remove(m);
      return old != null && tree.remove(new Scored(m, old)) != null;
    }
  }

  /** A fixed-seed shuffle of 0..n-1 (Fisher-Yates), the order rotating probes take. */
  static int[] shuffle(int n, long seed) {
    int[] p = new int[n];
    for (int i = 0; i < n; i++) {
      p[i] = i;
    }
    SplittableRandom rnd = new SplittableRandom(seed);
    for (int i = n - 1; i > 0; i--) {
      int j = rnd.nextInt(i + 1);
      int t = p[i];
      p[i] = p[j];
      p[j] = t;
    }
    return p;
  }

  ZSet zset(int n) {
    return zset(n, true);
  }

  /**
   * The first n members in a sorted set whose skiplist form orders by the counted B+ tree ({@code
   * tree}) or by the zskiplist (issue 29's two indexes; default thresholds 128 / 64).
   */
  ZSet zset(int n, boolean tree) {
    ZSet z =
        ZSetWalks.create(ZSet.DEFAULT_MAX_COMPACT_ENTRIES, ZSet.DEFAULT_MAX_COMPACT_VALUE, tree);
    for (int i = 0; i < n; i++) {
      z.add(bytes[i], scores[i]);
    }
    return z;
  }

  Composite composite(int n) {
    Composite c = new Composite();
    for (int i = 0; i < n; i++) {
      c.add(names[i], scores[i]);
    }
    return c;
  }

  Concurrent concurrent(int n) {
    Concurrent c = new Concurrent();
    for (int i = 0; i < n; i++) {
      c.add(names[i], scores[i]);
    }
    return c;
  }
}
