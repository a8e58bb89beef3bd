package dev.redstruct.keyspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The eviction pool against a model: after any sequence of offers of distinct scores it holds the
 * 16 best (highest, compared unsigned) in ascending order, as Redis's evictionPoolPopulate keeps
 * {@code EvictionPoolLRU}. Seeded; replay with {@code -Dredstruct.seed=N}.
 */
class EvictionPoolTest {
  private static final long SEED = Long.getLong("redstruct.seed", System.nanoTime());

  @Test
  void holdsTheSixteenBestInAscendingOrder() {
    System.out.println("EvictionPoolTest seed=" + SEED + " (-Dredstruct.seed=" + SEED + ")");
    SplittableRandom rnd = new SplittableRandom(SEED);
    for (int round = 0; round < 200; round++) {
      EvictionPool pool = new EvictionPool();
      TreeSet<Long> offered = new TreeSet<>(Long::compareUnsigned);
      int n = rnd.nextInt(60);
      for (int i = 0; i < n; i++) {
        long score = rnd.nextBoolean() ? rnd.nextLong() : rnd.nextLong(1000);
        if (!offered.add(score)) {
          continue;
        }
        pool.offer(i % 16, key(score), score);
      }
      List<Long> want =
          new ArrayList<>(offered.descendingSet()).subList(0, Math.min(16, offered.size()));
      java.util.Collections.reverse(want);
      List<Long> got = new ArrayList<>();
      for (int k = 0; k < EvictionPool.SIZE; k++) {
        if (pool.key(k) != null) {
          got.add(pool.score(k));
          assertEquals(
              Long.toUnsignedString(pool.score(k)),
              new String(pool.key(k), StandardCharsets.US_ASCII));
        } else {
          for (int j = k; j < EvictionPool.SIZE; j++) {
            assertNull(pool.key(j), "empty slots come last");
          }
          break;
        }
      }
      assertEquals(want, got, "seed " + SEED + " round " + round);
    }
  }

  @Test
  void aFullPoolIgnoresAKeyNoBetterThanAll() {
    EvictionPool pool = new EvictionPool();
    for (long s = 10; s < 26; s++) {
      assertTrue(pool.offer(0, key(s), s));
    }
    assertFalse(pool.offer(0, key(10), 10)); // equal to the worst: not better
    assertFalse(pool.offer(0, key(3), 3));
    assertTrue(pool.offer(3, key(100), 100)); // the best goes last, the worst drops out
    assertEquals(100, pool.score(EvictionPool.SIZE - 1));
    assertEquals(3, pool.db(EvictionPool.SIZE - 1));
    assertEquals(11, pool.score(0));
    pool.clear(EvictionPool.SIZE - 1);
    assertNull(pool.key(EvictionPool.SIZE - 1));
  }

  private static byte[] key(long score) {
    return Long.toUnsignedString(score).getBytes(StandardCharsets.US_ASCII);
  }
}
