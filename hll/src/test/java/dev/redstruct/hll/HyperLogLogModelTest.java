package dev.redstruct.hll;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
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

  /** Raises the model register a hash selects; returns whether it changed. */
  private static boolean raise(int[] model, long hash) {
    int idx = MurmurHash64A.index(hash);
    int run = MurmurHash64A.runLength(hash);
    boolean changed = run > model[idx];
    model[idx] = Math.max(model[idx], run);
    return changed;
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
        if (action < 35) { // the bulk forms: numbers and byte arrays, hashed a block at a time
          long[] numbers = new long[1 + rnd.nextInt(rnd.nextBoolean() ? 6 : 300)];
          byte[][] texts = new byte[numbers.length][];
          boolean expectChanged = false;
          for (int e = 0; e < numbers.length; e++) {
            numbers[e] = rnd.nextLong();
            texts[e] = Long.toString(numbers[e] >>> 1).getBytes(StandardCharsets.US_ASCII);
          }
          for (long v : numbers) {
            expectChanged |= raise(model, MurmurHash64A.hashDecimal(v, MurmurHash64A.SEED));
          }
          assertEquals(expectChanged, h.addAll(numbers), "addAll changed");
          expectChanged = false;
          for (byte[] t : texts) {
            expectChanged |= raise(model, MurmurHash64A.hash(t, 0, t.length, MurmurHash64A.SEED));
          }
          assertEquals(expectChanged, h.add(texts), "add(byte[]...) changed");
        } else if (action < 70) {
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
        } else if (action < 86) { // 1..9 sources, repeats and the destination itself allowed
          HyperLogLog[] sources = new HyperLogLog[1 + rnd.nextInt(9)];
          int[] merged = model.clone();
          for (int s = 0; s < sources.length; s++) {
            int j = rnd.nextInt(n);
            sources[s] = sketches.get(j);
            int[] other = models.get(j);
            for (int r = 0; r < model.length; r++) {
              merged[r] = Math.max(merged[r], other[r]);
            }
          }
          h.merge(sources);
          System.arraycopy(merged, 0, model, 0, model.length);
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
