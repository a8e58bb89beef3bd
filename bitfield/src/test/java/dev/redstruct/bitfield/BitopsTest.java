package dev.redstruct.bitfield;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The word loops against the obvious one-sum loop, including the chunk seams of popcount. */
class BitopsTest {
  private static long plainPopcount(long[] w, int from, int to) {
    long c = 0;
    for (int k = from; k < to; k++) {
      c += Long.bitCount(w[k]);
    }
    return c;
  }

  @Test
  void popcountMatchesOneSumForEveryShortRange() {
    long[] w = new SplittableRandom(7).longs(19).toArray();
    for (int from = 0; from <= w.length; from++) {
      for (int to = from; to <= w.length; to++) {
        assertEquals(plainPopcount(w, from, to), Bitops.popcount(w, from, to), from + ".." + to);
      }
    }
  }

  @Test
  void popcountAddsUpAcrossChunks() {
    int n = 2 * Bitops.POPCOUNT_CHUNK + 3;
    long[] ones = new long[n];
    Arrays.fill(ones, -1L);
    assertEquals(64L * n, Bitops.popcount(ones, 0, n));
    assertEquals(64L * (n - 2), Bitops.popcount(ones, 1, n - 1));
    long[] w = new SplittableRandom(8).longs(n).toArray();
    int seam = Bitops.POPCOUNT_CHUNK;
    assertEquals(plainPopcount(w, 0, n), Bitops.popcount(w, 0, n));
    assertEquals(plainPopcount(w, seam - 1, seam + 2), Bitops.popcount(w, seam - 1, seam + 2));
  }
}
