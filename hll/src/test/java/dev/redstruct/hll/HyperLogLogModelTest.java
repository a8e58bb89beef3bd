package dev.redstruct.hll;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Seeded random action sequences on several sketches, each run in step with a model: a plain {@code
 * int[16384]} of registers updated with {@code max}. Actions: add, count, merge, toDense, re-encode
 * ({@code copyOf(toByteArray())}), re-wrap, change {@code sparseMaxBytes}. After each action the
 * registers must equal the model's and the estimate must equal the estimator run on the model's
 * histogram. Replay with {@code -Dhll.seed=...}.
 */
class HyperLogLogModelTest {
  private static final long SEED = Long.getLong("hll.seed", System.nanoTime());

  private static int[] histogram(int[] regs) {
    int[] h = new int[64];
    for (int r : regs) {
      h[r]++;
    }
    return h;
  }

  private static void check(HyperLogLog h, int[] model, String where) {
    h.checkInvariants();
    byte[] regs = new byte[HllLayout.REGISTERS];
    h.maxInto(regs);
    for (int i = 0; i < regs.length; i++) {
      if (regs[i] != model[i]) {
        throw new AssertionError(where + ": register " + i + " is " + regs[i] + " not " + model[i]);
      }
    }
    assertEquals(HllEstimator.estimate(histogram(model)), h.estimate(), where);
  }

  @Test
  void randomActionsMatchTheRegisterModel() {
    SplittableRandom rnd = new SplittableRandom(SEED);
    int n = 4;
    List<HyperLogLog> sketches = new ArrayList<>();
    List<int[]> models = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      sketches.add(HyperLogLog.create(new long[] {0, 300, 3000, 20_000}[i]));
      models.add(new int[HllLayout.REGISTERS]);
    }
    try {
      for (int step = 0; step < 3000; step++) {
        int i = rnd.nextInt(n);
        HyperLogLog h = sketches.get(i);
        int[] model = models.get(i);
        int action = rnd.nextInt(100);
        if (action < 70) {
          int count = 1 + rnd.nextInt(rnd.nextBoolean() ? 5 : 200);
          for (int e = 0; e < count; e++) {
            long hash = rnd.nextLong();
            boolean changed = h.addHash(hash);
            int idx = MurmurHash64A.index(hash);
            int run = MurmurHash64A.runLength(hash);
            assertEquals(run > model[idx], changed, "add changed");
            model[idx] = Math.max(model[idx], run);
          }
        } else if (action < 78) {
          h.count();
        } else if (action < 86) {
          int j = rnd.nextInt(n);
          h.merge(sketches.get(j));
          int[] other = models.get(j);
          for (int r = 0; r < model.length; r++) {
            model[r] = Math.max(model[r], other[r]);
          }
        } else if (action < 89) {
          h.toDense();
        } else if (action < 94) {
          HyperLogLog copy = HyperLogLog.copyOf(h.toByteArray());
          copy.setSparseMaxBytes(h.sparseMaxBytes());
          sketches.set(i, h = copy);
        } else if (action < 97) {
          HyperLogLog wrapped = HyperLogLog.wrap(h.toByteArray());
          wrapped.setSparseMaxBytes(h.sparseMaxBytes());
          sketches.set(i, h = wrapped);
        } else {
          h.setSparseMaxBytes(rnd.nextInt(0, 5000));
        }
        check(h, model, "step " + step + " action " + action);
      }
    } catch (AssertionError e) {
      throw new AssertionError("replay with -Dhll.seed=" + SEED + ": " + e.getMessage(), e);
    }
  }
}
