package dev.redstruct.skiplist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.redstruct.core.Bytes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The ordered-index seam ({@link ZOrder}) on its own: a {@link ZTree} of a given fan-out and a
 * {@link ZSkipList} receive the same seeded operations (adds, removes, score changes, range
 * removals) next to a {@code TreeSet} model; every read (rank, walks by rank, score and lex,
 * counts) must agree with the model, and both indexes' invariants (the tree's B1..B6: key order,
 * counts, fill bounds, leaf links) are checked after every step. Small fan-outs make splits,
 * borrows and merges at every level frequent. Replay: {@code -Dzorder.model.seed=N}.
 */
class ZOrderModelTest {
  private static final long SEED = Long.getLong("zorder.model.seed", 2029L);

  record E(double score, String member) implements Comparable<E> {
    @Override
    public int compareTo(E o) {
      return ZSkipList.compare(score, Bytes.utf8(member), o.score, Bytes.utf8(o.member));
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {8, 9, 16, 64})
  void treeAndSkipListAgreeWithModel(int cap) {
    System.out.println(
        "ZOrderModelTest seed=" + SEED + " (replay: -Dzorder.model.seed=" + SEED + ")");
    for (long round = 0; round < 3; round++) {
      long seed = SEED + round * 31 + cap;
      try {
        run(cap, seed, round == 1 ? 2000 : 400);
      } catch (AssertionError e) {
        throw new AssertionError("seed " + seed + " cap " + cap + ": " + e.getMessage(), e);
      }
    }
  }

  private static List<String> walk(ZOrder o, int kind, Object range, long rank, boolean rev) {
    List<String> out = new ArrayList<>();
    ZOrder.Visitor v =
        e -> {
          out.add(new String(e.member, java.nio.charset.StandardCharsets.UTF_8) + "=" + e.score);
          return out.size() < 12;
        };
    switch (kind) {
      case 0 -> o.walkRank(rank, rev, v);
      case 1 -> o.walkScore((ScoreRange) range, rev, v);
      default -> o.walkLex((LexRange) range, rev, v);
    }
    return out;
  }

  private static void run(int cap, long seed, int steps) {
    SplittableRandom rnd = new SplittableRandom(seed);
    ZOrder[] orders = {new ZTree(cap), new ZSkipList(seed)};
    List<Map<String, ZEntry>> entries = List.of(new HashMap<>(), new HashMap<>());
    TreeSet<E> model = new TreeSet<>();
    Map<String, Double> scores = new HashMap<>();
    int spread = 50 + rnd.nextInt(2000);
    boolean sameScore = rnd.nextInt(3) == 0; // lex ranges are defined only over one score
    for (int step = 0; step < steps; step++) {
      String m = "m" + rnd.nextInt(spread);
      double s = sameScore ? 0 : rnd.nextInt(spread / 4 + 1) / 2.0;
      Double cur = scores.get(m);
      int op = rnd.nextInt(20);
      if (op < 9) { // add or change score
        if (cur == null) {
          for (int k = 0; k < 2; k++) {
            entries.get(k).put(m, orders[k].add(s, Bytes.utf8(m)));
          }
        } else {
          if (!sameScore && rnd.nextBoolean()) {
            s = cur + (rnd.nextInt(5) - 2) / 4.0; // small moves: often in place
          }
          for (int k = 0; k < 2; k++) {
            ZEntry e = entries.get(k).get(m);
            ZEntry moved = orders[k].changeScore(e, s);
            assertEquals(s, moved.score);
            if (k == 0) {
              assertSame(e, moved, "the tree keeps the entry");
            }
            entries.get(k).put(m, moved);
          }
          model.remove(new E(cur, m));
        }
        model.add(new E(s, m));
        scores.put(m, s);
      } else if (op < 13) {
        if (cur != null) {
          for (int k = 0; k < 2; k++) {
            orders[k].remove(entries.get(k).remove(m));
          }
          model.remove(new E(cur, m));
          scores.remove(m);
        }
      } else if (op == 13 && rnd.nextInt(4) == 0 && !model.isEmpty()) {
        removeRange(rnd, orders, entries, model, scores, sameScore);
      } else if (!model.isEmpty()) {
        reads(rnd, orders, entries, model, sameScore);
      }
      for (ZOrder o : orders) {
        assertEquals(model.size(), o.length());
      }
      orders[0].checkInvariants(); // the tree after every step, the zskiplist every 16
      if (step % 16 == 0) {
        orders[1].checkInvariants();
      }
    }
  }

  private static void reads(
      SplittableRandom rnd,
      ZOrder[] orders,
      List<Map<String, ZEntry>> entries,
      TreeSet<E> model,
      boolean sameScore) {
    List<E> all = new ArrayList<>(model);
    int i = rnd.nextInt(all.size());
    for (int k = 0; k < 2; k++) {
      assertEquals(i, orders[k].rankOf(entries.get(k).get(all.get(i).member)), "rank");
    }
    boolean rev = rnd.nextBoolean();
    List<String> byRank = walk(orders[0], 0, null, i, rev);
    List<String> expected = new ArrayList<>();
    for (int j = i; j >= 0 && j < all.size() && expected.size() < 12; j += rev ? -1 : 1) {
      expected.add(all.get(j).member + "=" + all.get(j).score);
    }
    assertEquals(expected, byRank, "walk by rank");
    assertEquals(expected, walk(orders[1], 0, null, i, rev));
    double lo = all.get(rnd.nextInt(all.size())).score + (rnd.nextInt(3) - 1) / 4.0;
    ScoreRange r = new ScoreRange(lo, rnd.nextBoolean(), lo + rnd.nextInt(6), rnd.nextBoolean());
    long inRange = model.stream().filter(e -> r.contains(e.score)).count();
    for (ZOrder o : orders) {
      assertEquals(inRange, o.count(r), "count " + r);
    }
    assertEquals(walk(orders[1], 1, r, 0, rev), walk(orders[0], 1, r, 0, rev), "walk " + r);
    if (sameScore) {
      String a = all.get(rnd.nextInt(all.size())).member;
      String b = all.get(rnd.nextInt(all.size())).member;
      LexRange lr =
          LexRange.parse(
              Bytes.utf8((rnd.nextBoolean() ? "[" : "(") + a),
              Bytes.utf8((rnd.nextBoolean() ? "[" : "(") + b));
      long lexIn = model.stream().filter(e -> lr.contains(Bytes.utf8(e.member))).count();
      for (ZOrder o : orders) {
        assertEquals(lexIn, o.lexCount(lr), "lexCount");
      }
      assertEquals(walk(orders[1], 2, lr, 0, rev), walk(orders[0], 2, lr, 0, rev), "walk lex");
    }
  }

  private static void removeRange(
      SplittableRandom rnd,
      ZOrder[] orders,
      List<Map<String, ZEntry>> entries,
      TreeSet<E> model,
      Map<String, Double> scores,
      boolean sameScore) {
    List<E> all = new ArrayList<>(model);
    int a = rnd.nextInt(all.size());
    int b = Math.min(all.size() - 1, a + rnd.nextInt(40));
    int kind = sameScore ? 2 * rnd.nextInt(2) : rnd.nextInt(2);
    ScoreRange sr = new ScoreRange(all.get(a).score, false, all.get(b).score, false);
    LexRange lr =
        LexRange.parse(Bytes.utf8("[" + all.get(a).member), Bytes.utf8("[" + all.get(b).member));
    List<List<String>> removed = new ArrayList<>();
    for (int k = 0; k < 2; k++) {
      List<String> gone = new ArrayList<>();
      Map<String, ZEntry> index = entries.get(k);
      java.util.function.Consumer<ZEntry> c =
          e -> {
            String m = new String(e.member, java.nio.charset.StandardCharsets.UTF_8);
            gone.add(m);
            index.remove(m);
          };
      long n =
          switch (kind) {
            case 0 -> orders[k].removeRangeByRank(a, b, c);
            case 1 -> orders[k].removeRangeByScore(sr, c);
            default -> orders[k].removeRangeByLex(lr, c);
          };
      assertEquals(gone.size(), n);
      removed.add(gone);
    }
    assertEquals(removed.get(1), removed.get(0), "range removal");
    for (String m : removed.get(0)) {
      model.remove(new E(scores.remove(m), m));
    }
  }
}
