package dev.redstruct.skiplist;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The conversion's bulk load ({@link ZTree#addSorted} into an empty tree: leaves and parents built
 * bottom-up from the sorted listpack) against element-by-element inserts: the tree's invariants
 * (B1..B6) right after the load and through seeded adds and removes that follow it, at every size
 * from 0 to 200 and several caps, with many equal scores; and through {@link ZSet}, the converted
 * set's DUMP bytes and replies equal those of a set built member by member in the skiplist
 * encoding. Seeded; replay: {@code -Dzorder.bulk.seed=N}.
 */
class ZTreeBulkLoadTest {
  private static final long SEED = Long.getLong("zorder.bulk.seed", 29L);

  private static byte[] member(int i) {
    return ("m" + i).getBytes(StandardCharsets.US_ASCII);
  }

  /** n distinct members with scores from a small range (many ties), sorted by (score, member). */
  private static List<ZEntry> sortedInput(SplittableRandom rnd, int n) {
    List<ZEntry> in = new ArrayList<>();
    int distinctScores = 1 + rnd.nextInt(Math.max(1, n / 3) + 1);
    for (int i = 0; i < n; i++) {
      in.add(new ZEntry(rnd.nextInt(distinctScores) - distinctScores / 2.0, member(i)));
    }
    in.sort(
        Comparator.comparingDouble((ZEntry e) -> e.score)
            .thenComparing(e -> e.member, java.util.Arrays::compareUnsigned));
    return in;
  }

  private static ZTree bulk(int cap, List<ZEntry> in) {
    int n = in.size();
    double[] s = new double[n];
    byte[][] m = new byte[n][];
    for (int i = 0; i < n; i++) {
      s[i] = in.get(i).score;
      m[i] = in.get(i).member;
    }
    ZTree t = new ZTree(cap);
    ZEntry[] out = t.addSorted(s, m, n);
    assertEquals(n, out.length);
    for (int i = 0; i < n; i++) {
      assertSame(m[i], out[i].member, "the load keeps each member array");
      assertEquals(s[i], out[i].score);
    }
    return t;
  }

  @Test
  void bulkLoadKeepsTheInvariantsAtEverySize() {
    System.out.println(
        "ZTreeBulkLoadTest seed=" + SEED + " (replay: -Dzorder.bulk.seed=" + SEED + ")");
    for (int cap : new int[] {8, 9, 16, ZTree.DEFAULT_CAP}) {
      for (int n = 0; n <= 200; n++) {
        SplittableRandom rnd = new SplittableRandom(SEED * 1_000_003L + cap * 1_000L + n);
        List<ZEntry> in = sortedInput(rnd, n);
        ZTree t = bulk(cap, in);
        try {
          t.checkInvariants();
          assertEquals(n, t.length());
          List<ZEntry> walked = walk(t);
          for (int i = 0; i < n; i++) {
            assertEquals(i, t.rankOf(walked.get(i)), "rankOf " + i);
          }
          afterwards(t, rnd, in);
        } catch (AssertionError e) {
          throw new AssertionError("cap " + cap + " n " + n + " seed " + SEED + ": " + e, e);
        }
      }
    }
  }

  @Test
  void bulkLoadBuildsSeveralInnerLevels() {
    SplittableRandom rnd = new SplittableRandom(SEED);
    List<ZEntry> in = sortedInput(rnd, 20_000);
    ZTree t = bulk(8, in);
    t.checkInvariants();
    assertEquals(20_000, t.length());
    assertEquals(true, t.height() >= 5, "height " + t.height());
    afterwards(t, rnd, in);
  }

  /**
   * Seeded adds and removes after the load, against a TreeMap model of the loaded elements;
   * invariants after each step, then the same elements in the same order.
   */
  private static void afterwards(ZTree t, SplittableRandom rnd, List<ZEntry> in) {
    Comparator<ZEntry> order = (a, b) -> ZTreeNodes.compare(a.score, a.member, b.score, b.member);
    List<ZEntry> live = walk(t);
    assertEquals(in.size(), live.size());
    for (int i = 0; i < live.size(); i++) {
      assertSame(in.get(i).member, live.get(i).member, "rank " + i);
      assertEquals(in.get(i).score, live.get(i).score, "score at rank " + i);
    }
    TreeMap<ZEntry, ZEntry> model = new TreeMap<>(order);
    for (ZEntry e : live) {
      model.put(e, e);
    }
    int next = in.size();
    for (int step = 0; step < 60; step++) {
      if (!live.isEmpty() && rnd.nextInt(3) == 0) {
        ZEntry x = live.remove(rnd.nextInt(live.size()));
        t.remove(x);
        model.remove(x);
      } else {
        ZEntry x = t.add(rnd.nextInt(40) - 20.0, member(next++));
        live.add(x);
        model.put(x, x);
      }
      t.checkInvariants();
      assertEquals(model.size(), t.length());
    }
    List<ZEntry> walked = walk(t);
    List<ZEntry> expected = new ArrayList<>(model.keySet());
    for (int i = 0; i < expected.size(); i++) {
      assertSame(expected.get(i), walked.get(i), "rank " + i + " after the adds and removes");
    }
    assertEquals(expected.size(), walked.size());
  }

  private static List<ZEntry> walk(ZTree t) {
    List<ZEntry> out = new ArrayList<>();
    if (t.length() > 0) {
      t.walkRank(0, false, out::add);
    }
    return out;
  }

  /**
   * Through ZSet: a compact set of n members (limit n) converts at the (n + 1)-th add; its DUMP
   * bytes and replies are those of the same members added one by one to a set that is a skiplist
   * from the start (limit 0).
   */
  @Test
  void conversionGivesTheSameDumpAsMemberByMemberInserts() {
    for (int n = 0; n <= 200; n++) {
      SplittableRandom rnd = new SplittableRandom(SEED + n);
      ZSet converted = ZSet.create(n, 64, 7, ZOrder.Kind.TREE);
      ZSet direct = ZSet.create(0, 64, 7, ZOrder.Kind.TREE);
      int distinct = 1 + n / 4;
      for (int i = 0; i <= n; i++) {
        double s = rnd.nextInt(distinct) * 0.25;
        converted.add(member(i), s);
        direct.add(member(i), s);
      }
      converted.checkInvariants();
      assertEquals(ZSet.Encoding.SKIPLIST, converted.encoding(), "n " + n);
      assertArrayEquals(direct.toRdbPayload(), converted.toRdbPayload(), "DUMP at n " + n);
      assertEquals(direct.rangeByRank(0, -1, false), converted.rangeByRank(0, -1, false));
      for (int i = 0; i <= n; i++) {
        assertEquals(direct.rank(member(i), false), converted.rank(member(i), false));
      }
    }
  }
}
