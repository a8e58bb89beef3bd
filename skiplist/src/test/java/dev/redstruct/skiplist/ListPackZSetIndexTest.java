package dev.redstruct.skiplist;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.RedisNumbers;
import dev.redstruct.listpack.ListPack;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The compact add index ({@link ListPackZSetIndex}): every mutation path leaves the set's blob
 * equal to the one appends build from a model (the bytes Redis's zzlInsertAt makes, see
 * ZSetCompactAddTest), and the index either exact (ZSet.checkInvariants walks and compares, I1..I5)
 * or dropped. Replay: {@code -Dzset.index.seed=N}.
 */
class ListPackZSetIndexTest {
  private static final long SEED = Long.getLong("zset.index.seed", 9090L);

  private static byte[] member(SplittableRandom rnd, boolean longMembers) {
    return member(rnd, longMembers, 120);
  }

  private static byte[] member(SplittableRandom rnd, boolean longMembers, int span) {
    int n = rnd.nextInt(span);
    return switch (rnd.nextInt(longMembers ? 5 : 4)) {
      case 0 -> Bytes.utf8(Integer.toString(n - 40)); // integer entries
      case 1 -> Bytes.utf8("0" + n); // text that looks numeric
      case 4 -> Bytes.utf8("L".repeat(60 + rnd.nextInt(4100)) + n); // 1-, 2- and 5-byte lengths
      default -> Bytes.utf8("member:" + n);
    };
  }

  private static double score(SplittableRandom rnd) {
    return switch (rnd.nextInt(8)) {
      case 0 -> Double.POSITIVE_INFINITY;
      case 1 -> Double.NEGATIVE_INFINITY;
      case 2 -> rnd.nextInt(5); // integer entries, ties
      case 3 -> -rnd.nextInt(1000) / 4.0;
      default -> rnd.nextInt(1_000_000) / 4.0; // text entries such as "1234.25"
    };
  }

  /** The blob Redis would hold for the model: pairs in order, scores as zzlInsertAt stores them. */
  private static byte[] expectedBlob(Map<String, Double> model) {
    TreeMap<ZSetCompactAddTest.K, Boolean> sorted = new TreeMap<>();
    model.forEach((m, s) -> sorted.put(new ZSetCompactAddTest.K(s, Bytes.utf8(m)), true));
    ListPack lp = ListPack.create();
    for (ZSetCompactAddTest.K k : sorted.keySet()) {
      ZSetCompactAddTest.appendPair(lp, k.member(), k.score());
    }
    return lp.toByteArray();
  }

  /** One step applied to a set; returns what the step returned, for comparison. */
  private interface Step {
    Object apply(ZSet z);
  }

  private static Step step(SplittableRandom rnd, boolean longMembers, int span) {
    int op = rnd.nextInt(20);
    byte[] m = member(rnd, longMembers, span);
    double s = score(rnd);
    int count = 1 + rnd.nextInt(3);
    boolean max = rnd.nextBoolean();
    double hi = rnd.nextInt(250_000);
    if (op < 14) {
      return z -> z.add(m, s);
    } else if (op < 16) {
      return z -> z.remove(m);
    } else if (op == 16) {
      return z -> z.incrementBy(m, 1.5);
    } else if (op == 17) {
      return z -> z.pop(count, max).size();
    } else if (op == 18) {
      return z -> z.removeRangeByScore(ScoreRange.closed(0, hi));
    }
    return z -> z.removeRangeByRank(count, count + 2);
  }

  /** Runs the step on a set whose compact encoding builds no index (the walks of Redis). */
  static Object withoutIndex(Step step, ZSet z) {
    noIndex(z);
    try {
      return step.apply(z);
    } finally {
      noIndex(z);
    }
  }

  static void noIndex(ZSet z) {
    if (z.enc instanceof ListPackZSet lp) {
      lp.disableIndex();
    }
  }

  static boolean indexed(ZSet z) {
    return z.enc instanceof ListPackZSet lp && lp.index() != null;
  }

  @Test
  void everyMutationPathKeepsTheIndexExactOrStale() {
    for (int round = 0; round < 24; round++) {
      long seed = SEED + round;
      SplittableRandom rnd = new SplittableRandom(seed);
      boolean longMembers = round % 4 == 3; // string headers of 1, 2 and 5 bytes
      int span = round % 3 == 0 ? 16 : 120; // small sets: no index
      ZSet z = ZSet.create(1000, 5000, seed);
      ZSet ref = ZSet.create(1000, 5000, seed);
      int indexedAdds = 0;
      for (int i = 0; i < 400; i++) {
        String at = "seed " + seed + " step " + i;
        Step step = step(rnd, longMembers, span);
        indexedAdds += indexed(z) ? 1 : 0;
        assertEquals(withoutIndex(step, ref), step.apply(z), at);
        if (rnd.nextInt(50) == 0) {
          z = z.copy(); // a copied set starts without an index
          assertFalse(indexed(z), at);
        }
        assertFalse(indexed(ref), at);
        assertEquals(ZSet.Encoding.COMPACT, z.encoding(), at);
        z.checkInvariants(); // includes the index's I1..I4 while it is current
        assertArrayEquals(ref.toCompactBytes(), z.toCompactBytes(), at);
      }
      assertTrue(indexedAdds > 50, "the index was used: seed " + seed + ", " + indexedAdds);
    }
  }

  @Test
  void addsOfShortMembersBuildTheBlobOfTheModel() {
    for (int round = 0; round < 8; round++) {
      long seed = SEED + 100 + round;
      SplittableRandom rnd = new SplittableRandom(seed);
      ZSet z = ZSet.create(1000, 64, seed);
      Map<String, Double> model = new HashMap<>();
      for (int i = 0; i < 300; i++) {
        byte[] m = member(rnd, false);
        double s = score(rnd);
        assertEquals(model.put(Bytes.utf8(m, 0, m.length), s) == null, z.add(m, s));
        assertArrayEquals(expectedBlob(model), z.toCompactBytes(), "seed " + seed + " add " + i);
      }
      z.checkInvariants();
    }
  }

  @Test
  void smallSetsHaveNoIndexAndConversionDropsIt() {
    ZSet z = ZSet.create();
    for (int i = 0; i < ListPackZSetIndex.MIN_PAIRS - 1; i++) {
      z.add(Bytes.utf8("m" + i), i + 0.5);
    }
    z.add(Bytes.utf8("next"), 99); // the walk saw 15 pairs
    assertFalse(indexed(z), "a 16-member set pays no index");
    z.add(Bytes.utf8("next2"), 100);
    assertNotNull(((ListPackZSet) z.enc).index());
    z.checkInvariants();
    assertTrue(z.remove("m3"));
    assertTrue(indexed(z), "a remove keeps it, exact");
    z.checkInvariants();
    z.add(Bytes.utf8("m3"), 3.5);
    assertTrue(indexed(z));
    z.checkInvariants();
    for (int i = z.size(); i < ZSet.DEFAULT_MAX_COMPACT_ENTRIES + 1; i++) {
      z.add(Bytes.utf8("x" + i), -i);
    }
    assertEquals(ZSet.Encoding.SKIPLIST, z.encoding());
    assertTrue(z.enc instanceof SkipListZSet, "converted: the old list and its index are let go");
    z.checkInvariants();
  }

  @Test
  void floatKeysNeverReverseTheScoreOrder() {
    double[] edges = {
      Double.NEGATIVE_INFINITY,
      -Double.MAX_VALUE,
      -Float.MAX_VALUE,
      -Float.MIN_VALUE,
      -1e-300,
      -Double.MIN_VALUE,
      -0.0,
      0.0,
      Double.MIN_VALUE,
      1e-300,
      Float.MIN_VALUE,
      0.1,
      1234.25,
      Float.MAX_VALUE,
      1e300,
      Double.MAX_VALUE,
      Double.POSITIVE_INFINITY
    };
    for (int i = 1; i < edges.length; i++) {
      assertTrue(
          ListPackZSetIndex.key(edges[i - 1]) <= ListPackZSetIndex.key(edges[i]), "at " + edges[i]);
    }
    assertEquals(ListPackZSetIndex.key(0.0), ListPackZSetIndex.key(-0.0), "-0 sorts as +0");
    SplittableRandom rnd = new SplittableRandom(SEED);
    for (int i = 0; i < 100_000; i++) {
      double a = Double.longBitsToDouble(rnd.nextLong());
      double b = rnd.nextBoolean() ? Double.longBitsToDouble(rnd.nextLong()) : Math.nextUp(a);
      if (Double.isNaN(a) || Double.isNaN(b)) {
        continue;
      }
      int ka = ListPackZSetIndex.key(a);
      int kb = ListPackZSetIndex.key(b);
      assertTrue(a < b ? ka <= kb : a > b ? ka >= kb : ka == kb, a + " vs " + b);
    }
  }

  @Test
  void membersThatHashTheSameAsTheirTextAreFound() {
    // An integer entry hashes as its decimal text: "-7" and "7" stored as integers are found.
    ZSet z = ZSet.create();
    for (int i = -20; i < 20; i++) {
      z.add(Bytes.utf8(Integer.toString(i)), i * 0.5);
    }
    assertFalse(z.add(Bytes.utf8("-7"), 100));
    assertFalse(z.add(Bytes.utf8("7"), 100));
    assertTrue(z.add(Bytes.utf8("07"), 100), "\"07\" is text, not the integer 7");
    assertEquals(100.0, z.score("7").getAsDouble());
    z.checkInvariants();
  }

  @Test
  void theKeySearchFindsTheFirstKeyNotBelowAtEverySize() {
    // The branch-free search against a count of the smaller keys, for every set size from
    // MIN_PAIRS + 1 to 128 and for keys at, between and beyond the stored ones (ties included).
    SplittableRandom rnd = new SplittableRandom(SEED + 200);
    ZSet z = ZSet.create();
    while (z.size() < ZSet.DEFAULT_MAX_COMPACT_ENTRIES) {
      z.add(member(rnd, false, 100_000), score(rnd));
      ListPackZSetIndex ix = ((ListPackZSet) z.enc).index();
      if (ix == null) {
        continue;
      }
      int[] keys =
          z.rangeByRank(0, -1, false).stream()
              .mapToInt(e -> ListPackZSetIndex.key(e.score()))
              .toArray();
      for (int t = 0; t < 40; t++) {
        int k = t < 20 ? keys[rnd.nextInt(keys.length)] + rnd.nextInt(3) - 1 : rnd.nextInt();
        int below = 0;
        for (int key : keys) {
          below += key < k ? 1 : 0;
        }
        assertEquals(below, ix.firstKeyNotBelow(k), () -> "key " + k + " over " + keys.length);
      }
    }
  }

  /**
   * Members of 0 to 24 bytes (the hash reads 8-byte words and then a tail: bytes one by one below
   * 8, the last 8 bytes in one load above) and integer members of 7 to 20 digits, Long.MIN_VALUE's
   * text included (an integer entry hashes through its decimal text): the hash depends only on the
   * member's bytes, not on where they lie in an array, and is the same for the text and for the
   * integer entry it is stored as.
   */
  @Test
  void theMemberHashDependsOnlyOnTheBytes() {
    SplittableRandom rnd = new SplittableRandom(SEED + 300);
    for (int len = 0; len <= 24; len++) {
      byte[] m = new byte[len];
      rnd.nextBytes(m);
      long h = ListPackZSetIndex.hash(m, 0, len);
      for (int off = 1; off <= 9; off++) {
        byte[] around = new byte[off + len + 9];
        rnd.nextBytes(around);
        System.arraycopy(m, 0, around, off, len);
        assertEquals(h, ListPackZSetIndex.hash(around, off, len), "length " + len + " at " + off);
      }
    }
  }

  private static long[] integerMembers() {
    return new long[] {
      1_234_567L,
      12_345_678L,
      123_456_789L,
      -1_234_567L,
      -12_345_678L,
      1_234_567_890_123_456L,
      12_345_678_901_234_567L,
      999_999_999_999_999_999L,
      1_000_000_000_000_000_000L,
      -999_999_999_999_999_999L,
      Long.MAX_VALUE,
      Long.MIN_VALUE,
      Long.MIN_VALUE + 1
    };
  }

  /**
   * ZADD of a member already present updates it (Redis docs, ZADD) also when the add is answered by
   * the index's filter: members of 0 to 24 bytes and integer members up to Long.MIN_VALUE's text,
   * re-added after the index was rebuilt from a walk (which hashes integer entries from their
   * value), must neither be added twice nor missed by the filter (I4).
   */
  @Test
  void membersOfEveryShortLengthAreFoundAgainThroughTheIndex() {
    ZSet z = ZSet.create();
    for (int i = 0; i <= ListPackZSetIndex.MIN_PAIRS; i++) {
      assertTrue(z.add(Bytes.utf8("filler" + i), i));
    }
    java.util.List<byte[]> members = new java.util.ArrayList<>();
    for (int len = 0; len <= 24; len++) {
      members.add(Bytes.utf8("abcdefghijklmnopqrstuvwxyz".substring(0, len)));
    }
    for (long v : integerMembers()) {
      members.add(RedisNumbers.ll2string(v));
    }
    for (byte[] m : members) {
      assertTrue(z.add(m, 0.5), Bytes.utf8(m, 0, m.length));
      z.checkInvariants();
    }
    for (int k = 0; k < members.size(); k++) {
      byte[] m = members.get(k);
      // An add of an absent member after a change the index did not follow (the update before)
      // walks and rebuilds the index, hashing integer entries from their values.
      assertTrue(z.add(Bytes.utf8("fresh" + k), 1000 + k));
      assertTrue(indexed(z), "the index is present");
      int size = z.size();
      assertFalse(z.add(m, -0.25), Bytes.utf8(m, 0, m.length));
      assertEquals(-0.25, z.score(m).getAsDouble());
      assertEquals(size, z.size());
      z.checkInvariants();
    }
    assertEquals(ZSet.Encoding.COMPACT, z.encoding());
  }
}
