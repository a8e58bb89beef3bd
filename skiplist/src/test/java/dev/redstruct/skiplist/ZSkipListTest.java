package dev.redstruct.skiplist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.Bytes;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class ZSkipListTest {
  private static final long SEED = Long.getLong("zskiplist.seed", 42L);

  record E(double score, byte[] member) implements Comparable<E> {
    @Override
    public int compareTo(E o) {
      return ZSkipList.compare(score, member, o.score, o.member);
    }
  }

  private static byte[] b(String s) {
    return Bytes.utf8(s);
  }

  @Test
  void emptyListHasLevelOneAndNoNodes() {
    ZSkipList l = new ZSkipList(1);
    l.checkInvariants();
    assertEquals(0, l.length());
    assertNull(l.first());
    assertNull(l.byRank(1));
    assertEquals(0, l.rank(1, b("a")));
  }

  @Test
  void appendSortedBuildsWhatInsertingInOrderBuilds() {
    // Same seed, same pairs in order: the same level draws go to the same members, so every
    // link and every span (the open ones at the end of each level too) must agree.
    SplittableRandom rnd = new SplittableRandom(SEED);
    for (int n : new int[] {0, 1, 2, 3, 128, 129, 2000}) {
      TreeSet<E> pairs = new TreeSet<>();
      while (pairs.size() < n) {
        pairs.add(new E(rnd.nextInt(n + 1) / 2.0, b("m" + rnd.nextInt(4 * n + 1))));
      }
      double[] scores = new double[n];
      byte[][] members = new byte[n][];
      int k = 0;
      for (E e : pairs) {
        scores[k] = e.score();
        members[k++] = e.member();
      }
      ZSkipList inserted = new ZSkipList(n);
      for (int i = 0; i < n; i++) {
        inserted.insert(scores[i], members[i]);
      }
      ZSkipList appended = new ZSkipList(n);
      ZSkipList.Node[] nodes = appended.appendSorted(scores, members, n);
      appended.checkInvariants();
      assertEquals(inserted.level(), appended.level());
      assertEquals(inserted.length(), appended.length());
      ZSkipList.Node x = inserted.first();
      ZSkipList.Node y = appended.first();
      for (int i = 0; i < n; i++, x = x.next(), y = y.next()) {
        assertSame(nodes[i], y);
        assertSame(x.member, y.member);
        assertEquals(x.getClass(), y.getClass(), "level of node " + i);
        for (int lv = 0; lv < levels(x); lv++) {
          assertEquals(x.span(lv), y.span(lv), "span of node " + i + " at level " + lv);
          assertEquals(member(x.forward(lv)), member(y.forward(lv)), "link " + i + "/" + lv);
          assertEquals(x.forwardScore(lv), y.forwardScore(lv));
        }
        assertEquals(member(x.previous()), member(y.previous()));
      }
      assertNull(y);
      assertSame(appended.last(), n == 0 ? null : nodes[n - 1]);
    }
  }

  private static int levels(ZSkipList.Node x) {
    if (x instanceof SkipNodes.NodeTall t) {
      return ZSkipList.INLINE_LEVELS + t.fHigh.length;
    }
    int lv = 1;
    for (Class<?> c = x.getClass(); c != ZSkipList.Node.class; c = c.getSuperclass()) {
      lv++;
    }
    return lv;
  }

  private static String member(ZSkipList.Node x) {
    return x == null ? "null" : Bytes.hex(x.member);
  }

  @Test
  void orderIsScoreThenUnsignedMemberBytes() {
    ZSkipList l = new ZSkipList(7);
    l.insert(1, new byte[] {(byte) 0xff});
    l.insert(1, new byte[] {0x01});
    l.insert(1, new byte[] {0x01, 0x00});
    l.insert(0, new byte[] {(byte) 0xff});
    l.checkInvariants();
    List<byte[]> got = new ArrayList<>();
    for (ZSkipList.Node x = l.first(); x != null; x = x.next()) {
      got.add(x.member);
    }
    assertEquals("ff 01 0100 ff", hexList(got));
  }

  private static String hexList(List<byte[]> l) {
    StringBuilder sb = new StringBuilder();
    for (byte[] m : l) {
      sb.append(sb.length() == 0 ? "" : " ").append(Bytes.hex(m));
    }
    return sb.toString();
  }

  @Test
  void levelDistributionFollowsQuarterProbability() {
    ZSkipList l = new ZSkipList(3);
    int n = 200_000;
    int atLeast2 = 0;
    int max = 0;
    for (int i = 0; i < n; i++) {
      int lvl = l.randomLevel();
      atLeast2 += lvl >= 2 ? 1 : 0;
      max = Math.max(max, lvl);
    }
    // P(level >= 2) = 1/4 (ZSKIPLIST_P, src/server.h); 5 sigma is about 0.5 %.
    assertEquals(0.25, atLeast2 / (double) n, 0.01);
    assertTrue(max <= ZSkipList.MAX_LEVEL);
  }

  @Test
  void updateScoreFastPathKeepsNode() {
    ZSkipList l = new ZSkipList(1);
    l.insert(1, b("a"));
    ZSkipList.Node bn = l.insert(2, b("b"));
    l.insert(3, b("c"));
    assertSame(bn, l.updateScore(2, b("b"), 2.5));
    ZSkipList.Node moved = l.updateScore(2.5, b("b"), 10);
    assertEquals(3, l.rank(10, b("b")));
    assertEquals(10, moved.score);
    l.checkInvariants();
  }

  @Test
  void rangesAndLexRanges() {
    ZSkipList l = new ZSkipList(1);
    for (String m : new String[] {"a", "b", "c", "d", "e"}) {
      l.insert(m.charAt(0) - 'a' + 1, b(m));
    }
    assertEquals("b", new String(l.firstInRange(new ScoreRange(1, true, 4, false)).member));
    assertEquals("c", new String(l.lastInRange(new ScoreRange(1, true, 4, true)).member));
    assertNull(l.firstInRange(new ScoreRange(2, true, 2, false)));
    assertNotNull(l.firstInRange(ScoreRange.all()));
    assertEquals("b", new String(l.firstInLexRange(LexRange.parse(b("(a"), b("+"))).member));
    assertEquals("d", new String(l.lastInLexRange(LexRange.parse(b("-"), b("(e"))).member));
    assertNull(l.firstInLexRange(LexRange.parse(b("+"), b("-"))));
  }

  /**
   * Enough nodes, and the first level seed whose draws reach two levels above the inline fields
   * (P(level &gt; 8) = 1/65536 per node, so a few dozen seeds are tried), that links and spans
   * stored in the per-node arrays, and every node class, are exercised by inserts, deletes and
   * ranks. Scores tie in pairs, so the member tie-break is exercised too.
   */
  @Test
  void nodesAboveInlineLevelsKeepSpansAndRanks() {
    ZSkipList l = new ZSkipList(seedReaching(ZSkipList.INLINE_LEVELS + 2, 8192));
    for (int i = 0; i < 8192; i++) {
      l.insert(i / 2, b("m" + i));
    }
    assertTrue(l.level() > ZSkipList.INLINE_LEVELS, "level " + l.level());
    l.checkInvariants();
    for (int i = 0; i < 8192; i += 2) {
      assertNotNull(l.delete(i / 2, b("m" + i)));
    }
    l.checkInvariants();
    assertEquals(4096, l.length());
    int r = 1;
    for (ZSkipList.Node x = l.first(); x != null; x = x.next(), r++) {
      assertEquals(r, l.rank(x));
      assertEquals(r, l.rank(x.score, x.member));
      assertSame(x, l.byRank(r));
    }
  }

  /** The first seed whose first {@code draws} level draws include one of at least {@code level}. */
  private static long seedReaching(int level, int draws) {
    for (long seed = 0; ; seed++) {
      ZSkipList probe = new ZSkipList(seed);
      for (int i = 0; i < draws; i++) {
        if (probe.randomLevel() >= level) {
          return seed;
        }
      }
    }
  }

  /** Seeded random operations against a TreeSet; replay with -Dzskiplist.seed=N. */
  @Test
  void modelAgreement() {
    for (long round = 0; round < 20; round++) {
      long seed = SEED + round;
      try {
        runModel(seed);
      } catch (AssertionError e) {
        throw new AssertionError("seed " + seed + ": " + e.getMessage(), e);
      }
    }
  }

  private static void runModel(long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    ZSkipList l = new ZSkipList(seed);
    TreeSet<E> model = new TreeSet<>();
    java.util.HashMap<String, Double> scores = new java.util.HashMap<>();
    for (int step = 0; step < 3000; step++) {
      String m = "m" + rnd.nextInt(300);
      double s = rnd.nextInt(50);
      int op = rnd.nextInt(10);
      Double cur = scores.get(m);
      if (op < 4 && cur == null) {
        l.insert(s, b(m));
        model.add(new E(s, b(m)));
        scores.put(m, s);
      } else if (op < 6 && cur != null) {
        assertNotNull(l.delete(cur, b(m)));
        model.remove(new E(cur, b(m)));
        scores.remove(m);
      } else if (op < 8 && cur != null) {
        l.updateScore(cur, b(m), s);
        model.remove(new E(cur, b(m)));
        model.add(new E(s, b(m)));
        scores.put(m, s);
      } else if (op == 8 && !model.isEmpty()) {
        int lo = rnd.nextInt(50);
        ScoreRange r = new ScoreRange(lo, rnd.nextBoolean(), lo + rnd.nextInt(10), false);
        List<E> expected = new ArrayList<>();
        for (E e : model) {
          if (r.contains(e.score)) {
            expected.add(e);
          }
        }
        int removed = l.deleteRangeByScore(r, x -> scores.remove(new String(x.member)));
        assertEquals(expected.size(), removed);
        model.removeAll(expected);
      } else if (op == 9 && !model.isEmpty()) {
        int a = 1 + rnd.nextInt(model.size());
        int c = a + rnd.nextInt(5);
        List<E> all = new ArrayList<>(model);
        List<E> expected = all.subList(a - 1, Math.min(c, all.size()));
        int removed = l.deleteRangeByRank(a, c, x -> scores.remove(new String(x.member)));
        assertEquals(expected.size(), removed);
        model.removeAll(new ArrayList<>(expected));
      }
      if (step % 50 == 0) {
        l.checkInvariants();
        int i = 1;
        for (E e : model) {
          assertEquals(i, l.rank(e.score, e.member));
          assertSame(l.byRank(i).member.length, e.member.length);
          assertEquals(i, l.rank(l.byRank(i)));
          i++;
        }
      }
      assertEquals(model.size(), l.length());
    }
    l.checkInvariants();
  }
}
