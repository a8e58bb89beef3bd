package dev.redstruct.ziplist;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CyclicBarrier;
import org.junit.jupiter.api.Test;

/**
 * Random action sequences against {@code ArrayList<byte[]>}, with {@code checkInvariants()} and a
 * full comparison after every step. Replay a failure with {@code -Dziplist.seed=<seed>} (printed in
 * the failure message); {@code -Dziplist.runs} changes the number of sequences.
 */
class ZipListModelTest {
  private static final int STEPS = 300;

  @Test
  void randomActionsMatchArrayList() {
    String fixed = System.getProperty("ziplist.seed");
    int runs = Integer.getInteger("ziplist.runs", 60);
    long base = fixed != null ? Long.parseLong(fixed) : System.nanoTime();
    for (int run = 0; run < (fixed != null ? 1 : runs); run++) {
      long seed = base + run;
      try {
        runSequence(seed);
      } catch (AssertionError | RuntimeException e) {
        throw new AssertionError("replay with -Dziplist.seed=" + seed + ": " + e, e);
      }
    }
  }

  /**
   * Two threads, each with its own lists, run model sequences and prevlen cascades at the same
   * time, started together by a barrier: every step of both must match its own model. Scratch state
   * shared between lists (the per-thread work area this module once had, or any static buffer)
   * would show up here as a wrong entry or a broken invariant. Seeds are printed on failure.
   */
  @Test
  void twoThreadsOnTwoListsNeverInterfere() throws Exception {
    long base = System.nanoTime();
    CyclicBarrier start = new CyclicBarrier(2);
    List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
    Thread[] threads = new Thread[2];
    for (int t = 0; t < threads.length; t++) {
      long seed = base + 1000L * t;
      threads[t] =
          new Thread(
              () -> {
                try {
                  start.await();
                  for (int run = 0; run < 12; run++) {
                    runSequence(seed + run);
                    runCascades(new SplittableRandom(seed + run));
                  }
                } catch (Throwable e) {
                  failures.add(new AssertionError("thread seed " + seed + ": " + e, e));
                }
              });
      threads[t].start();
    }
    for (Thread t : threads) {
      t.join();
    }
    assertEquals(List.of(), failures);
  }

  /**
   * Builds runs of 250..253-byte entries (each next prevlen fits one byte) and pushes and deletes
   * long and short heads, so that prevlen fields grow through the run and shrink back.
   */
  private static void runCascades(SplittableRandom r) {
    ZipList z = ZipList.create();
    List<byte[]> model = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      byte[] v = ZipListTestValues.fill(r, 247 + r.nextInt(4));
      z.pushTail(v);
      model.add(v);
    }
    for (int step = 0; step < 60; step++) {
      byte[] head = ZipListTestValues.fill(r, r.nextBoolean() ? 300 : 2);
      int at = r.nextInt(model.size() + 1);
      z.insert(at, head);
      model.add(at, head);
      if (r.nextBoolean()) {
        int d = r.nextInt(model.size());
        z.delete(d);
        model.remove(d);
      }
      z.checkInvariants();
      assertSame(model, z);
    }
    assertTrue(z.cascadeSteps() > 0, "no cascade ran");
  }

  private static void runSequence(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    ZipList z = ZipList.create();
    List<byte[]> model = new ArrayList<>();
    for (int step = 0; step < STEPS; step++) {
      z = act(r, z, model);
      z.checkInvariants();
      assertSame(model, z);
    }
  }

  private static ZipList act(SplittableRandom r, ZipList z, List<byte[]> model) {
    int n = model.size();
    byte[] v = ZipListTestValues.value(r);
    switch (r.nextInt(11)) {
      case 0:
        z.pushHead(v);
        model.add(0, v);
        break;
      case 1:
        z.pushTail(v);
        model.add(v);
        break;
      case 2:
        int at = r.nextInt(n + 1);
        z.insert(at, v);
        model.add(at, v);
        break;
      case 3:
        long l = r.nextLong() >> r.nextInt(64);
        int at2 = r.nextInt(n + 1);
        z.insert(at2, l);
        model.add(at2, Long.toString(l).getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        break;
      case 4:
        if (n > 0) {
          int d = r.nextInt(n);
          z.delete(r.nextBoolean() ? d : d - n);
          model.remove(d);
        }
        break;
      case 5:
        int from = r.nextInt(n + 2) - (r.nextBoolean() ? n + 1 : 0);
        int count = r.nextInt(4);
        z.deleteRange(from, count);
        int start = from < 0 ? from + n : from;
        if (start >= 0 && start < n) {
          model.subList(start, Math.min(n, start + count)).clear();
        }
        break;
      case 6:
        if (n > 0) {
          int i = r.nextInt(n);
          z.replace(i, v);
          model.set(i, v);
        }
        break;
      case 7:
        return ZipList.copyOf(z.toByteArray());
      case 8:
        if (n > 0) {
          int i = r.nextInt(n);
          byte[] needle = model.get(i);
          int found = z.find(needle, 0, 0);
          int expected = -1;
          for (int k = 0; k < n && expected < 0; k++) {
            if (Arrays.equals(model.get(k), needle)) {
              expected = k;
            }
          }
          assertEquals(expected, found);
        }
        break;
      case 9:
        ZipList other = ZipList.create();
        List<byte[]> more = new ArrayList<>();
        for (int k = r.nextInt(4); k > 0; k--) {
          byte[] w = ZipListTestValues.value(r);
          other.pushTail(w);
          more.add(w);
        }
        model.addAll(more);
        return ZipList.merge(z, other);
      default:
        if (n > 0) {
          int i = r.nextInt(n);
          assertArrayEquals(model.get(i), z.get(i - (r.nextBoolean() ? n : 0)));
        }
    }
    return z;
  }

  private static void assertSame(List<byte[]> model, ZipList z) {
    assertEquals(model.size(), z.size());
    ZipListCursor c = z.cursor();
    for (byte[] expected : model) {
      c.next();
      assertArrayEquals(expected, c.toByteArray());
    }
    c.toEnd();
    for (int i = model.size() - 1; i >= 0; i--) {
      c.previous();
      assertArrayEquals(model.get(i), c.toByteArray());
    }
  }
}
