package dev.redstruct.skiplist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@link MemberHash}: every input byte and the length reach the hash at every length that takes a
 * different read path, the key changes it, and members like the benchmarks' spread evenly over the
 * low bits a table indexes with (Poisson statistics as the yardstick).
 */
class MemberHashTest {
  private static final long SEED =
      Long.getLong("redstruct.seed", new SplittableRandom().nextLong());

  @Test
  void everyBitOfEveryByteChangesTheHashAtEveryLength() {
    System.out.println("MemberHashTest seed=" + SEED + " (replay: -Dredstruct.seed=" + SEED + ")");
    SplittableRandom rnd = new SplittableRandom(SEED);
    MemberHash h = new MemberHash();
    for (int n = 0; n <= 130; n++) {
      byte[] m = new byte[n];
      rnd.nextBytes(m);
      long base = h.hash(m);
      assertEquals(base, h.hash(m.clone()), "deterministic");
      for (int i = 0; i < n; i++) {
        for (int bit = 0; bit < 8; bit++) {
          m[i] ^= (byte) (1 << bit);
          assertNotEquals(base, h.hash(m), "length " + n + " byte " + i + " bit " + bit);
          m[i] ^= (byte) (1 << bit);
        }
      }
      assertNotEquals(base, h.hash(java.util.Arrays.copyOf(m, n + 1)), "length " + n + " + a 0");
    }
  }

  @Test
  void theKeyChangesTheHash() {
    byte[] m = "member:1".getBytes(StandardCharsets.US_ASCII);
    assertEquals(new MemberHash(1, 2, 3, 4).hash(m), new MemberHash(1, 2, 3, 4).hash(m));
    assertNotEquals(new MemberHash(1, 2, 3, 4).hash(m), new MemberHash(1, 2, 3, 6).hash(m));
    assertNotEquals(new MemberHash(1, 2, 3, 4).hash(m), new MemberHash(9, 2, 3, 4).hash(m));
  }

  @Test
  void benchmarkLikeMembersSpreadOverTheLowBits() {
    SplittableRandom rnd = new SplittableRandom(SEED);
    MemberHash h = new MemberHash();
    int buckets = 1 << 16;
    int[] count = new int[buckets];
    Set<Long> seen = new HashSet<>();
    for (int i = 0; i < buckets; i++) {
      String s = (i % 2 == 0 ? "member:" + Integer.toHexString(rnd.nextInt()) + ":" : "") + i;
      long x = h.hash(s.getBytes(StandardCharsets.US_ASCII));
      assertTrue(seen.add(x), "a 64-bit collision among 65,536 members");
      count[(int) x & (buckets - 1)]++;
    }
    int empty = 0;
    int longest = 0;
    for (int c : count) {
      empty += c == 0 ? 1 : 0;
      longest = Math.max(longest, c);
    }
    // load 1: a bucket is empty with probability 1/e (0.3679, sd 0.0019 over 65,536 buckets); the
    // longest of 65,536 Poisson(1) chains is 8 or 9, above 12 with probability ~4e-5.
    assertEquals(Math.exp(-1), empty / (double) buckets, 0.012);
    assertTrue(longest <= 12, "longest chain " + longest);
  }
}
