package dev.redstruct.quicklist;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Seeded random action sequences against {@code ArrayList<byte[]>} over fills -5..128 and depths
 * 0..3, PLAIN threshold small or default, with {@code checkInvariants()} and a full comparison
 * after every step, and a DUMP round trip ({@code fromRdbPayload(toRdbPayload())}) now and then.
 * Seed printed; replay with {@code -Dredstruct.seed=<seed>}.
 */
class QuickListModelTest {
  private static final int[] FILLS = {-5, -3, -2, -1, 0, 1, 2, 5, 128};
  private static final int RUNS = Integer.getInteger("redstruct.runs", 60);

  @Test
  void randomSequencesMatchArrayList() {
    String fixed = System.getProperty("redstruct.seed");
    long base = fixed != null ? Long.parseLong(fixed) : System.nanoTime();
    System.out.println("QuickListModelTest seed " + base);
    int runs = fixed != null ? 1 : RUNS;
    for (int run = 0; run < runs; run++) {
      long seed = base + run;
      try {
        runSequence(seed);
      } catch (RuntimeException | AssertionError e) {
        throw new AssertionError("replay with -Dredstruct.seed=" + seed + ": " + e, e);
      }
    }
  }

  private static byte[] value(SplittableRandom r) {
    int kind = r.nextInt(10);
    if (kind < 4) {
      return Long.toString(r.nextLong(-70000, 70000)).getBytes();
    }
    int len = kind < 8 ? r.nextInt(30) : r.nextInt(3000);
    byte[] v = new byte[len];
    for (int i = 0; i < len; i++) {
      v[i] = (byte) (r.nextBoolean() ? 'x' : 'a' + r.nextInt(3));
    }
    return v;
  }

  private static void runSequence(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    int fill = FILLS[r.nextInt(FILLS.length)];
    int depth = r.nextInt(4);
    QuickList ql = QuickList.create(fill, depth);
    if (r.nextBoolean()) {
      ql.setPackedThreshold(500);
    }
    List<byte[]> model = new ArrayList<>();
    for (int step = 0; step < 400; step++) {
      int n = model.size();
      int op = r.nextInt(12);
      byte[] v = value(r);
      switch (op) {
        case 0, 1 -> {
          ql.pushHead(v);
          model.add(0, v);
        }
        case 2, 3 -> {
          ql.pushTail(v);
          model.add(v);
        }
        case 4 -> {
          boolean head = r.nextBoolean();
          byte[] got = head ? ql.popHead() : ql.popTail();
          if (n == 0) {
            assertNull(got);
          } else {
            assertArrayEquals(head ? model.remove(0) : model.remove(n - 1), got);
          }
        }
        case 5 -> {
          if (n > 0) {
            int i = r.nextInt(n);
            boolean after = r.nextBoolean();
            byte[] pivot = model.get(i);
            int first = indexOf(model, pivot);
            ql.insert(pivot, v, after);
            model.add(after ? first + 1 : first, v);
          }
        }
        case 6 -> {
          if (n > 0) {
            int i = r.nextInt(n);
            ql.set(r.nextBoolean() ? i : i - n, v);
            model.set(i, v);
          }
        }
        case 7 -> {
          if (n > 0) {
            byte[] target = model.get(r.nextInt(n));
            long removed = ql.remove(0, target);
            long before = model.size();
            model.removeIf(e -> Arrays.equals(e, target));
            assertEquals(before - model.size(), removed);
          }
        }
        case 8 -> {
          long start = r.nextInt(n + 2) - 1;
          long stop = r.nextInt(n + 2) - 1;
          ql.trim(start, stop);
          trimModel(model, start, stop);
        }
        case 9 -> {
          if (n > 0) {
            int i = r.nextInt(n);
            assertArrayEquals(model.get(i), ql.get(r.nextBoolean() ? i : i - n));
          }
        }
        case 10 -> {
          boolean head = r.nextBoolean();
          int k = r.nextInt(5);
          List<byte[]> got = ql.pop(head, k);
          for (byte[] g : got) {
            assertArrayEquals(head ? model.remove(0) : model.remove(model.size() - 1), g);
          }
        }
        default -> {
          byte[] dump = ql.toRdbPayload(r.nextBoolean());
          if (n > 0) {
            QuickList copy = QuickList.fromRdbPayload(dump, fill, depth);
            copy.checkInvariants();
            // node boundaries are kept; compression follows the load order, so only sizes compare
            assertEquals(sizes(ql), sizes(copy));
            assertEquals(ql.size(), copy.size());
          }
        }
      }
      ql.checkInvariants();
      assertEquals(model.size(), ql.size());
      List<byte[]> all = ql.toList();
      for (int i = 0; i < model.size(); i++) {
        assertArrayEquals(
            model.get(i),
            all.get(i),
            "step " + step + " op " + op + " fill " + fill + " index " + i + " " + ql.shape());
      }
    }
  }

  private static String sizes(QuickList ql) {
    return ql.shape().replaceAll("[rPC](\\d+/)?", "");
  }

  private static int indexOf(List<byte[]> model, byte[] v) {
    for (int i = 0; i < model.size(); i++) {
      if (Arrays.equals(model.get(i), v)) {
        return i;
      }
    }
    return -1;
  }

  private static void trimModel(List<byte[]> model, long start, long stop) {
    long llen = model.size();
    if (start < 0) {
      start += llen;
    }
    if (stop < 0) {
      stop += llen;
    }
    start = Math.max(0, start);
    if (start > stop || start >= llen) {
      model.clear();
      return;
    }
    stop = Math.min(stop, llen - 1);
    List<byte[]> kept = new ArrayList<>(model.subList((int) start, (int) stop + 1));
    model.clear();
    model.addAll(kept);
  }
}
