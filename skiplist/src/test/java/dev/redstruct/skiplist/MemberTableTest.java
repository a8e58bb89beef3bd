package dev.redstruct.skiplist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
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

  @Test
  void agreesWithHashMapModel() {
    System.out.println("MemberTableTest seed=" + SEED + " (replay: -Dredstruct.seed=" + SEED + ")");
    SplittableRandom rnd = new SplittableRandom(SEED);
    MemberTable t = new MemberTable();
    Map<String, ZSkipList.Node> model = new HashMap<>();
    boolean sawRehash = false;
    for (int op = 0; op < 200_000; op++) {
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
      if (op % 5_000 == 0) {
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
    // Each table has its own SipHash key (HashDoS resistance): equal hashes for 4 members in a
    // row would be a 2^-256 event.
    MemberTable a = new MemberTable();
    MemberTable b = new MemberTable();
    int same = 0;
    for (int i = 0; i < 4; i++) {
      same += a.hash(member(i)) == b.hash(member(i)) ? 1 : 0;
    }
    assertTrue(same < 4);
  }
}
