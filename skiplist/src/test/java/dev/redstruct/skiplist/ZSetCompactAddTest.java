package dev.redstruct.skiplist;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.RedisNumbers;
import dev.redstruct.listpack.ListPack;
import java.util.OptionalDouble;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The compact ZADD path (one walk that finds the member and its place, an insert at a listpack
 * offset; from 16 pairs on, the add index of {@link ListPackZSetIndexTest} instead of the walk):
 * after every add the blob equals the one built from the model by appends ({@link
 * ListPack#append(byte[])}, the elements Redis's zzlInsertAt writes, which ZSetDumpRedisIT checks
 * against Redis), for members that are integer elements, text elements or a mix, and scores that
 * are integer elements, text elements, ties and infinities. Replay: {@code -Dzset.compact.seed=N}.
 */
class ZSetCompactAddTest {
  private static final long SEED = Long.getLong("zset.compact.seed", 4242L);

  /** Model key: (score, member bytes) in ZSet order. */
  record K(double score, byte[] member) implements Comparable<K> {
    @Override
    public int compareTo(K o) {
      return ZSkipList.compare(score, member, o.score, o.member);
    }
  }

  private static byte[] member(SplittableRandom rnd, int kind) {
    int n = rnd.nextInt(40);
    String s =
        switch (kind == 2 ? rnd.nextInt(2) : kind) {
          case 0 -> Integer.toString(n - 20); // canonical integers: integer entries
          default -> rnd.nextInt(5) == 0 ? "0" + n : "m" + n; // "07" stays text
        };
    return Bytes.utf8(s);
  }

  private static double score(SplittableRandom rnd) {
    return switch (rnd.nextInt(6)) {
      case 0 -> Double.POSITIVE_INFINITY;
      case 1 -> Double.NEGATIVE_INFINITY;
      case 2 -> rnd.nextInt(5); // integer entries, many ties
      default -> rnd.nextInt(12) / 4.0 - 1; // text entries such as "0.25", ties too
    };
  }

  /** Appends a pair as zzlInsertAt stores it: the member, then the score as integer or text. */
  static void appendPair(ListPack lp, byte[] member, double s) {
    lp.append(member);
    if (Math.abs(s) <= (double) (Long.MAX_VALUE / 2) && (double) (long) s == s) {
      lp.append((long) s);
    } else {
      lp.append(RedisNumbers.formatDoubleBytes(s));
    }
  }

  /** Blob of the model, built by appends as zzlInsertAt stores pairs. */
  private static byte[] expectedBlob(TreeMap<K, Boolean> model) {
    ListPack lp = ListPack.create();
    for (K k : model.keySet()) {
      appendPair(lp, k.member, k.score);
    }
    return lp.toByteArray();
  }

  @Test
  void compactAddsBuildTheBlobThatIndexInsertsBuild() {
    for (int round = 0; round < 60; round++) {
      long seed = SEED + round;
      SplittableRandom rnd = new SplittableRandom(seed);
      int kind = round % 3; // 0: integer members, 1: text members, 2: mixed
      ZSet z = ZSet.create(1000, 64);
      TreeMap<K, Boolean> model = new TreeMap<>();
      java.util.Map<String, Double> scores = new java.util.HashMap<>();
      for (int step = 0; step < 120; step++) {
        byte[] m = member(rnd, kind);
        double s = score(rnd);
        String key = Bytes.utf8(m, 0, m.length);
        Double old = scores.get(key);
        boolean added = z.add(m, s);
        assertEquals(old == null, added, "seed " + seed);
        if (old != null) {
          model.remove(new K(old, m));
        }
        double stored = s == 0 ? 0.0 : s; // compact storage drops the sign of zero
        model.put(new K(stored, m), Boolean.TRUE);
        scores.put(key, stored);
        assertArrayEquals(
            expectedBlob(model), z.toCompactBytes(), "seed " + seed + " step " + step);
        OptionalDouble back = z.score(m);
        assertTrue(back.isPresent());
        assertEquals(stored, back.getAsDouble(), "seed " + seed);
      }
      z.checkInvariants();
    }
  }

  /** A compact set loaded beyond the index's size (and the thresholds) is walked, then converts. */
  @Test
  void hugeLoadedCompactSetIsWalked() {
    int n = ListPackZSetIndex.MAX_PAIRS + 10;
    ListPack lp = ListPack.create();
    for (int i = 0; i < n; i++) {
      lp.append(Bytes.utf8(String.format("m%06d", i)));
      lp.append(i);
    }
    ZSet z = ZSet.fromCompact(lp.toByteArray(), n + 1, 64);
    assertEquals(ZSet.Encoding.COMPACT, z.encoding());
    assertTrue(z.add(Bytes.utf8("new1"), n / 2.0 + 0.25));
    assertEquals(null, ((ListPackZSet) z.enc).index(), "too large to index");
    z = ZSet.fromCompact(lp.toByteArray());
    assertTrue(z.add(Bytes.utf8("new"), n / 2.0 + 0.5));
    // The lookup walked the loaded compact set; the add then converted it, as zsetAdd does.
    assertEquals(ZSet.Encoding.SKIPLIST, z.encoding());
    assertEquals(n / 2 + 1, z.rank(Bytes.utf8("new"), false).getAsLong());
    z.checkInvariants();
  }

  /** Regression: integer-entry members with text scores (the walk noted no text member). */
  @Test
  void integerMembersWithTextScores() {
    ZSet z = ZSet.create();
    z.add(Bytes.utf8("10"), 1.5);
    z.add(Bytes.utf8("20"), 0.5);
    z.add(Bytes.utf8("5"), 1.5);
    z.add(Bytes.utf8("7"), 1.25);
    assertEquals(ZSet.Encoding.COMPACT, z.encoding());
    StringBuilder order = new StringBuilder();
    for (ScoredMember e : z.rangeByRank(0, -1, false)) {
      order.append(e.memberString()).append('=').append(e.score()).append(' ');
    }
    // Ties order by member bytes: "10" < "5".
    assertEquals("20=0.5 7=1.25 10=1.5 5=1.5 ", order.toString());
    z.checkInvariants();
  }
}
