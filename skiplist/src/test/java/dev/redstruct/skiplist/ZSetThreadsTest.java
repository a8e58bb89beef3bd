package dev.redstruct.skiplist;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.redstruct.core.Bytes;
import java.util.SplittableRandom;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Two threads, each with its own compact sets (heavy adds, removes, updates and range removes that
 * keep them below the thresholds, so the listpack and its add index do all the work), never
 * interfere: each thread's final blobs and replies equal those of the same seeded run done alone on
 * one thread beforehand. The compact encoding keeps its scratch in each set, none per thread or
 * static (ZSet's thread-safety contract).
 */
class ZSetThreadsTest {
  private static final int ROUNDS = 12;

  /** One seeded run over three sets; returns a digest of every reply and the final blobs. */
  private static byte[][] run(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    ZSet[] sets = {ZSet.create(), ZSet.create(), ZSet.create(64, 16)};
    long replies = 17;
    for (int i = 0; i < 20_000; i++) {
      ZSet z = sets[r.nextInt(sets.length)];
      byte[] m = Bytes.utf8((r.nextInt(4) == 0 ? "" : "m") + r.nextInt(100));
      int op = r.nextInt(10);
      if (op < 6) {
        replies = replies * 31 + (z.add(m, r.nextInt(50) / 4.0) ? 1 : 0);
      } else if (op < 8) {
        replies = replies * 31 + (z.remove(m) ? 1 : 0);
      } else if (op == 8) {
        replies = replies * 31 + z.rankOrNegative(m, false);
      } else {
        replies = replies * 31 + z.removeRangeByRank(0, 0);
      }
      if (z.size() > 60) {
        z.removeRangeByRank(0, 20);
      }
    }
    byte[][] out = new byte[sets.length + 1][];
    for (int k = 0; k < sets.length; k++) {
      sets[k].checkInvariants();
      assertEquals(ZSet.Encoding.COMPACT, sets[k].encoding());
      out[k] = sets[k].toCompactBytes();
    }
    out[sets.length] = Bytes.utf8(Long.toString(replies));
    return out;
  }

  @Test
  void twoThreadsWithTheirOwnCompactSetsNeverInterfere() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      for (int round = 0; round < ROUNDS; round++) {
        long s1 = 1000 + round;
        long s2 = 2000 + round;
        byte[][] alone1 = run(s1);
        byte[][] alone2 = run(s2);
        CyclicBarrier start = new CyclicBarrier(2);
        Future<byte[][]> f1 = pool.submit(() -> awaitThen(start, s1));
        Future<byte[][]> f2 = pool.submit(() -> awaitThen(start, s2));
        byte[][] t1 = f1.get(60, TimeUnit.SECONDS);
        byte[][] t2 = f2.get(60, TimeUnit.SECONDS);
        for (int k = 0; k < alone1.length; k++) {
          assertArrayEquals(alone1[k], t1[k], "round " + round + " thread 1, set " + k);
          assertArrayEquals(alone2[k], t2[k], "round " + round + " thread 2, set " + k);
        }
      }
    } finally {
      pool.shutdownNow();
    }
  }

  private static byte[][] awaitThen(CyclicBarrier start, long seed) throws Exception {
    start.await(10, TimeUnit.SECONDS);
    return run(seed);
  }
}
