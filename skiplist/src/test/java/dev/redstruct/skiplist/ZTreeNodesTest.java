package dev.redstruct.skiplist;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.redstruct.core.Bytes;
import dev.redstruct.skiplist.ZTreeNodes.Inner;
import dev.redstruct.skiplist.ZTreeNodes.Leaf;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The searches inside one {@link ZTree} node against a linear scan of the same keys: they bisect on
 * the scores alone and compare member bytes only on a score tie, and {@code indexOf} finds an
 * element by identity along its tie, so nodes here are drawn with few distinct scores (long ties,
 * the lex case of one score), and {@code -0.0} next to {@code 0.0}. Replay: {@code
 * -Dztree.nodes.seed=N}.
 */
class ZTreeNodesTest {
  private static final long SEED = Long.getLong("ztree.nodes.seed", 4129L);

  private static final double[] SCORES = {-0.0, 0.0, 0.5, 1, 2, Double.NEGATIVE_INFINITY};

  @Test
  void searchesAgreeWithLinearScan() {
    System.out.println(
        "ZTreeNodesTest seed=" + SEED + " (replay: -Dztree.nodes.seed=" + SEED + ")");
    SplittableRandom rnd = new SplittableRandom(SEED);
    for (int round = 0; round < 2000; round++) {
      int cap = 8 + rnd.nextInt(64);
      int n = rnd.nextInt(cap + 1);
      int distinct = 1 + rnd.nextInt(round % 3 == 0 ? 1 : 6);
      List<ZEntry> keys = sortedKeys(rnd, n, distinct);
      Leaf leaf = new Leaf(cap);
      for (int i = 0; i < n; i++) {
        leaf.insertAt(i, keys.get(i));
      }
      Inner inner = new Inner(cap);
      inner.n = Math.max(n, 1);
      for (int i = 1; i < n; i++) {
        inner.setSep(i, keys.get(i).score, keys.get(i).member);
      }
      for (int i = 0; i < n; i++) {
        assertEquals(i, leaf.indexOf(keys.get(i)), "indexOf, round " + round);
      }
      for (int probe = 0; probe < 20; probe++) {
        ZEntry p = probe < n && rnd.nextBoolean() ? keys.get(rnd.nextInt(n)) : key(rnd, distinct);
        int below = 0; // keys strictly below the probe
        int atMost = 0; // separators (index >= 1) at most the probe
        for (int i = 0; i < n; i++) {
          int c = ZTreeNodes.compare(keys.get(i).score, keys.get(i).member, p.score, p.member);
          below += c < 0 ? 1 : 0;
          atMost += i >= 1 && c <= 0 ? 1 : 0;
        }
        assertEquals(below, leaf.lowerBound(p.score, p.member), "lowerBound, round " + round);
        assertEquals(atMost, inner.childFor(p.score, p.member), "childFor, round " + round);
        assertEquals(atMost, inner.childForRank(p.score, p.member), "childForRank, round " + round);
      }
    }
  }

  private static ZEntry key(SplittableRandom rnd, int distinct) {
    byte[] m = Bytes.utf8("m" + rnd.nextInt(40));
    return new ZEntry(SCORES[rnd.nextInt(Math.min(distinct, SCORES.length))], m);
  }

  /** n distinct keys in (score, member) order. */
  private static List<ZEntry> sortedKeys(SplittableRandom rnd, int n, int distinct) {
    List<ZEntry> out = new ArrayList<>();
    while (out.size() < n) {
      ZEntry k = key(rnd, distinct);
      k =
          new ZEntry(
              k.score,
              Bytes.utf8(
                  new String(k.member, java.nio.charset.StandardCharsets.UTF_8)
                      + "/"
                      + out.size()));
      out.add(k);
    }
    out.sort((a, b) -> ZTreeNodes.compare(a.score, a.member, b.score, b.member));
    return out;
  }
}
