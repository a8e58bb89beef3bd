package dev.redstruct.skiplist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.ConcurrentModificationException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The fused member index ({@link MemberTable}) against a {@code HashMap} model: seeded random adds,
 * removes, replacements, lookups and SCAN walks through growth, shrinking and progressive
 * rehashing, with T1..T5 checked throughout.
 */
class MemberTableTest {
  private static final long SEED =
      Long.getLong("redstruct.seed", new SplittableRandom().nextLong());

  private static byte[] member(int i) {
    return ("m" + i).getBytes(StandardCharsets.US_ASCII);
  }

  private static ZSkipList.Node node(int i) {
    return ZSkipList.Node.create(1, i, member(i));
  }

  /**
   * A hash with {@code k} values only: every member in one bucket (k = 1, a flood), or a few long
   * chains. The test hook the flood tests use.
   */
  static final class Colliding extends MemberHash {
    private final int k;

    Colliding(int k) {
      super(1, 2, 3, 4);
      this.k = k;
    }

    @Override
    long hash(byte[] member) {
      return k == 1 ? 0x2A : Math.floorMod(Arrays.hashCode(member), k) * 0x9E3779B97F4A7C15L;
    }
  }

  @Test
  void agreesWithHashMapModel() {
    runModel(new MemberTable(), 200_000);
  }

  @Test
  void agreesWithHashMapModelWhenEveryMemberCollides() {
    runModel(new MemberTable(new Colliding(1)), 60_000);
  }

  @Test
  void agreesWithHashMapModelWithAFewLongChains() {
    runModel(new MemberTable(new Colliding(7)), 60_000);
  }

  private static void runModel(MemberTable t, int ops) {
    System.out.println("MemberTableTest seed=" + SEED + " (replay: -Dredstruct.seed=" + SEED + ")");
    SplittableRandom rnd = new SplittableRandom(SEED);
    Map<String, ZSkipList.Node> model = new HashMap<>();
    boolean sawRehash = false;
    for (int op = 0; op < ops; op++) {
      // Phases of growth and of shrinking, so both resize directions run while rehashing.
      int range = (op / 20_000) % 2 == 0 ? 5_000 : 300;
      int i = rnd.nextInt(range);
      String key = "m" + i;
      int what = rnd.nextInt(10);
      if (what < 4) {
        ZEntry found = t.find(member(i), t.hash(member(i)));
        if (found == null) {
          ZSkipList.Node n = node(i);
          t.addAbsent(n, t.hash(n.member));
          model.put(key, n);
        } else {
          assertSame(model.get(key), found);
        }
      } else if (what < 8) {
        assertSame(model.remove(key), t.remove(member(i)));
      } else if (what < 9) {
        ZSkipList.Node old = model.get(key);
        if (old != null) {
          ZSkipList.Node neu = ZSkipList.Node.create(2, i + 0.5, old.member);
          t.replace(old, neu);
          model.put(key, neu);
        }
      } else {
        assertSame(model.get(key), t.get(member(i)));
      }
      sawRehash |= t.isRehashing();
      assertEquals(model.size(), t.size());
      if (op % 5_000 == 0 || (op < 2_000 && op % 97 == 0)) {
        t.checkInvariants();
        assertFullScanSeesAll(t, model);
      }
    }
    t.checkInvariants();
    assertTrue(sawRehash, "the run never rehashed");
  }

  private static void assertFullScanSeesAll(MemberTable t, Map<String, ZSkipList.Node> model) {
    Set<ZEntry> seen = new HashSet<>();
    long c = 0;
    do {
      c = t.scan(c, 10, 100, seen::add);
    } while (c != 0);
    for (ZSkipList.Node n : model.values()) {
      assertTrue(seen.contains(n), "scan missed a member");
    }
  }

  /**
   * The flood test: 20,000 members with one hash. Every lookup walks at most MemberBins.TREEIFY
   * chain entries before the bucket's index answers, and the index's member comparisons are
   * counted: each lookup and remove costs O(log n) of them (a red-black tree's height is at most 2
   * log2(n + 1)), the whole build O(n log n) including one re-index per resize. A chain walk would
   * compare n / 2 members per lookup, n^2 / 4 = 10^8 for the build.
   */
  @Test
  void floodedMembersCostLogarithmicComparisons() {
    MemberTable t = new MemberTable(new Colliding(1));
    int n = 20_000;
    double log2 = Math.log(n + 1) / Math.log(2);
    for (int i = 0; i < n; i++) {
      byte[] m = member(i);
      long h = t.hash(m);
      assertNull(t.find(m, h));
      t.addAbsent(node(i), h);
    }
    assertTrue(t.binCompares <= 10 * n * log2, "build compares " + t.binCompares);
    while (t.isRehashing()) {
      t.get(member(0)); // finish the last resize: its move drops the index once more
    }
    t.get(member(0)); // re-indexes the moved bucket
    t.checkInvariants();
    long worst = 0;
    for (int i = 0; i < n; i++) {
      long before = t.binCompares;
      assertEquals(i, (int) t.get(member(i)).score);
      worst = Math.max(worst, t.binCompares - before);
    }
    assertTrue(worst <= 2 * log2 + 1, "lookup compares " + worst);
    assertTrue(worst >= 1, "the lookups went through the index");
    worst = 0;
    for (int i = 0; i < n - 1_000; i += 2) {
      long before = t.binCompares;
      assertEquals(i, (int) t.remove(member(i)).score);
      worst = Math.max(worst, t.binCompares - before);
    }
    // remove: the index's get, lowerEntry and remove, while the table shrinks no further
    assertTrue(worst <= 3 * (2 * log2 + 1) || t.isRehashing(), "remove compares " + worst);
    t.checkInvariants();
  }

  @Test
  void honestHashesIndexNothing() {
    MemberTable t = new MemberTable();
    for (int i = 0; i < 50_000; i++) {
      ZSkipList.Node n = node(i);
      assertNull(t.find(n.member, t.hash(n.member)));
      t.addAbsent(n, t.hash(n.member));
    }
    assertEquals(0, t.binCompares);
  }

  @Test
  void emptyTableFindsNothingAndScansToZero() {
    MemberTable t = new MemberTable();
    assertNull(t.get(member(1)));
    assertNull(t.remove(member(1)));
    assertEquals(0, t.scan(0, 10, 100, n -> {}));
    t.checkInvariants();
  }

  @Test
  void scanVisitorThatAddsFails() {
    MemberTable t = new MemberTable();
    for (int i = 0; i < 100; i++) {
      ZSkipList.Node n = node(i);
      t.addAbsent(n, t.hash(n.member));
    }
    int[] next = {1000};
    assertThrows(
        ConcurrentModificationException.class,
        () ->
            t.scan(
                0,
                10,
                100,
                n -> {
                  ZSkipList.Node x = node(next[0]++);
                  t.addAbsent(x, t.hash(x.member));
                }));
  }

  @Test
  void twoTablesHashTheSameMemberDifferently() {
    // Each table has its own random key (HashDoS resistance): equal hashes for 4 members in a row
    // would be a 2^-256 event.
    MemberTable a = new MemberTable();
    MemberTable b = new MemberTable();
    int same = 0;
    for (int i = 0; i < 4; i++) {
      same += a.hash(member(i)) == b.hash(member(i)) ? 1 : 0;
    }
    assertTrue(same < 4);
  }
}
