package dev.redstruct.skiplist;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.redstruct.core.Bytes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Seeded random operations on {@link ZSet} and on a model {@code TreeSet<(score, member)>} plus
 * {@code HashMap<member, score>}, in step. Replay: {@code -Dzset.model.seed=N}. Thresholds of 16/8
 * make the default-encoding run cross between compact and skiplist often.
 */
class ZSetModelTest {
  private static final long SEED = Long.getLong("zset.model.seed", 777L);

  record E(double score, String member) implements Comparable<E> {
    @Override
    public int compareTo(E o) {
      return ZSkipList.compare(score, Bytes.utf8(member), o.score, Bytes.utf8(o.member));
    }
  }

  /** The compact encoding, and the skiplist encoding over each order index. */
  enum Form {
    COMPACT,
    SKIPLIST_ZSKIPLIST,
    SKIPLIST_TREE
  }

  @ParameterizedTest
  @EnumSource(Form.class)
  void randomOperationsAgreeWithModel(Form form) {
    // 30 rounds on the compact form; 15 on each index, whose invariants are checked every step.
    for (long round = 0; round < (form == Form.COMPACT ? 30 : 15); round++) {
      long seed = SEED + round;
      try {
        run(form, seed);
      } catch (AssertionError e) {
        throw new AssertionError("seed " + seed + " (" + form + "): " + e.getMessage(), e);
      }
    }
  }

  private static void run(Form form, long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    ZSet.Encoding enc = form == Form.COMPACT ? ZSet.Encoding.COMPACT : ZSet.Encoding.SKIPLIST;
    ZOrder.Kind index = form == Form.SKIPLIST_ZSKIPLIST ? ZOrder.Kind.SKIPLIST : ZOrder.Kind.TREE;
    ZSet z =
        enc == ZSet.Encoding.COMPACT
            ? ZSet.create(16, 8, seed, index)
            : ZSet.create(0, 0, seed, index);
    TreeSet<E> sorted = new TreeSet<>();
    Map<String, Double> scores = new HashMap<>();
    for (int step = 0; step < 1500; step++) {
      String m = "m" + rnd.nextInt(rnd.nextInt(10) == 0 ? 400 : 30);
      double s = rnd.nextInt(20) == 0 ? Double.POSITIVE_INFINITY : rnd.nextInt(40) / 2.0 - 5;
      Double cur = scores.get(m);
      switch (rnd.nextInt(10)) {
        case 0, 1, 2 -> {
          int flags = rnd.nextInt(4) == 0 ? ZSet.GT : rnd.nextInt(4) == 0 ? ZSet.LT : 0;
          z.add(flags, new double[] {s}, new byte[][] {Bytes.utf8(m)});
          boolean change =
              cur == null
                  || flags == 0
                  || (flags == ZSet.GT && s > cur)
                  || (flags == ZSet.LT && s < cur);
          if (change) {
            put(sorted, scores, m, s);
          }
        }
        case 3 -> {
          OptionalDouble r = z.addIncr(ZSet.XX, Bytes.utf8(m), 1.5);
          assertEquals(cur != null, r.isPresent());
          if (cur != null) {
            put(sorted, scores, m, cur + 1.5);
          }
        }
        case 4 -> {
          assertEquals(cur != null, z.remove(m));
          if (cur != null) {
            sorted.remove(new E(cur, m));
            scores.remove(m);
          }
        }
        case 5 -> {
          ScoreRange r =
              new ScoreRange(s, rnd.nextBoolean(), s + rnd.nextInt(8), rnd.nextBoolean());
          List<String> expected = new ArrayList<>();
          for (E e : sorted) {
            if (r.contains(e.score)) {
              expected.add(e.member);
            }
          }
          List<String> got = new ArrayList<>();
          for (ScoredMember sm : z.rangeByScore(r, false, 0, -1)) {
            got.add(sm.memberString());
          }
          assertEquals(expected, got);
          assertEquals(expected.size(), z.count(r));
        }
        case 6 -> {
          List<ScoredMember> popped = z.pop(rnd.nextInt(3), rnd.nextBoolean());
          for (ScoredMember e : popped) {
            sorted.remove(new E(e.score(), e.memberString()));
            scores.remove(e.memberString());
          }
        }
        case 7 -> {
          if (z.encoding() == ZSet.Encoding.COMPACT && rnd.nextInt(4) == 0) {
            z = ZSet.withIndex(ZSet.fromCompact(z.toCompactBytes(), 16, 8), index); // re-encode
          }
          assertEquals(scores.get(m) == null, z.score(m).isEmpty());
        }
        case 8 -> {
          z = ZSet.withIndex(storeOntoItself(z, rnd, sorted, scores, enc), index);
        }
        default -> {
          if (!sorted.isEmpty()) {
            int i = rnd.nextInt(sorted.size());
            E e = new ArrayList<>(sorted).get(i);
            assertEquals(i, z.rank(e.member, false).getAsLong());
            assertEquals(e.member, z.rangeByRank(i, i, false).get(0).memberString());
          }
        }
      }
      assertEquals(sorted.size(), z.size());
      z.checkInvariants(); // every step: the tree's B1..B6, the zskiplist's I1..I5
      if (step % 100 == 0) {
        List<String> all = new ArrayList<>();
        for (ScoredMember e : z.rangeByRank(0, -1, false)) {
          all.add(e.memberString() + "=" + unsigned(e.score()));
        }
        List<String> model = new ArrayList<>();
        for (E e : sorted) {
          model.add(e.member + "=" + unsigned(e.score));
        }
        assertEquals(model, all);
      }
    }
    z.checkInvariants();
  }

  /** A compact set stores -0 as 0 (as Redis's listpack does); the model keeps the sign. */
  private static double unsigned(double s) {
    return s == 0 ? 0.0 : s;
  }

  /**
   * ZUNIONSTORE / ZINTERSTORE / ZDIFFSTORE z 2 z z: the destination among its sources, twice. The
   * model folds each score with itself as Redis's zunionInterAggregate does (a NaN sum is 0; inter
   * reads the second copy of the first source directly, unweighted NaN and all).
   */
  private static ZSet storeOntoItself(
      ZSet z,
      SplittableRandom rnd,
      TreeSet<E> sorted,
      Map<String, Double> scores,
      ZSet.Encoding enc) {
    double[] w = {WEIGHTS[rnd.nextInt(WEIGHTS.length)], WEIGHTS[rnd.nextInt(WEIGHTS.length)]};
    ZSet.Aggregate agg = ZSet.Aggregate.values()[rnd.nextInt(3)];
    int entries = enc == ZSet.Encoding.COMPACT ? 16 : 0;
    int value = enc == ZSet.Encoding.COMPACT ? 8 : 0;
    int op = rnd.nextInt(3);
    ZSet result =
        switch (op) {
          case 0 -> ZSet.union(List.of(z, z), w, agg, entries, value);
          case 1 -> ZSet.inter(List.of(z, z), w, agg, entries, value);
          default -> ZSet.diff(List.of(z, z), entries, value);
        };
    Map<String, Double> next = new HashMap<>();
    if (op < 2) {
      for (Map.Entry<String, Double> e : scores.entrySet()) {
        double first = w[0] * e.getValue();
        double second = w[1] * e.getValue();
        next.put(e.getKey(), ZSetAlgebra.aggregate(first, second, agg));
      }
    }
    sorted.clear();
    scores.clear();
    for (Map.Entry<String, Double> e : next.entrySet()) {
      put(sorted, scores, e.getKey(), e.getValue());
    }
    result.checkInvariants();
    return result;
  }

  private static final double[] WEIGHTS = {1, 2, -1, 0.5};

  private static void put(TreeSet<E> sorted, Map<String, Double> scores, String m, double s) {
    Double old = scores.put(m, s);
    if (old != null) {
      sorted.remove(new E(old, m));
    }
    sorted.add(new E(s, m));
  }
}
