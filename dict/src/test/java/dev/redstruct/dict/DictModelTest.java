package dev.redstruct.dict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/**
 * Seeded random action sequences against {@link HashMap}. Replay one seed with {@code
 * -Dredstruct.seed=N} (or {@code -Ddict.model.seed=N}); the failing seed is in the assertion
 * message.
 */
class DictModelTest {
  private static final int SEEDS = 24;
  private static final int STEPS = 4000;

  @Test
  void matchesHashMap() {
    String replay = System.getProperty("redstruct.seed", System.getProperty("dict.model.seed"));
    if (replay != null) {
      run(Long.parseLong(replay));
      return;
    }
    indexedChecks = 0;
    for (long seed = 1; seed <= SEEDS; seed++) {
      run(seed * 0x9E3779B97F4A7C15L);
    }
    assertTrue(indexedChecks > 0, "no run checked the invariants of an indexed chain");
  }

  /** Invariant checks made while some chain was indexed (kind 3); the test must exercise them. */
  private static int indexedChecks;

  private static void run(long seed) {
    try {
      runUnchecked(seed);
    } catch (AssertionError | RuntimeException e) {
      throw new AssertionError("seed " + seed + " (replay with -Dredstruct.seed=" + seed + ")", e);
    }
  }

  /**
   * Key {@code k} of kind 3: a Long whose {@code hashCode} ({@code hi ^ lo}) is {@code k & 7}, so a
   * plain dict gets long chains of Comparable keys, which it indexes (DictTreeBins).
   */
  static long clashing(int k) {
    long hi = k >>> 3;
    return (hi << 32) | (hi ^ (k & 7));
  }

  private static void runUnchecked(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    int kind = r.nextInt(4);
    Dict<Long, Integer> d =
        switch (kind) {
          case 0, 3 -> Dict.create();
          case 1 -> Dict.create(k -> k); // hash = key: predictable buckets
          default -> Dict.create(k -> Hashers.mix(k.hashCode()) & 0x7); // 8 hashes, not plain
        };
    IntFunction<Long> key = kind == 3 ? DictModelTest::clashing : k -> (long) k;
    Map<Long, Integer> m = new HashMap<>();
    // long chains (kinds 2, 3) cost O(n) per lookup without an index: keep them affordable
    int keySpace = 16 << r.nextInt(kind == 2 ? 4 : kind == 3 ? 6 : 9);
    for (int step = 0; step < STEPS; step++) {
      Long k = key.apply(r.nextInt(keySpace));
      int action = r.nextInt(100);
      if (action < 35) {
        assertEquals(m.put(k, step), d.put(k, step), "put");
      } else if (action < 60) {
        assertEquals(m.remove(k), d.remove(k), "remove");
      } else if (action < 80) {
        assertEquals(m.get(k), d.get(k), "get");
        assertEquals(m.containsKey(k), d.containsKey(k), "containsKey");
      } else if (action < 85) {
        d.rehashSteps(1 + r.nextInt(20));
      } else if (action < 88) {
        partialScan(d, r);
      } else if (action < 92) {
        d.setResizeAllowed(r.nextInt(3) != 0); // resize-disallowed phases
      } else if (action < 93) {
        iterateAndRemove(d, m, r, key);
      } else if (action < 94) {
        iterateAcrossResizes(d, m, r, key, keySpace);
      } else if (action < 95) {
        if (r.nextInt(8) == 0) {
          m.clear();
          d.clear();
        }
      } else if (action < 97) {
        for (int i = 0; i < keySpace / 4; i++) { // burst: forces a grow
          int b = r.nextInt(keySpace);
          assertEquals(m.put(key.apply(b), -b), d.put(key.apply(b), -b), "burst put");
        }
      } else {
        for (int i = 0; i < keySpace / 2; i++) { // burst: forces a shrink
          Long b = key.apply(r.nextInt(keySpace));
          assertEquals(m.remove(b), d.remove(b), "burst remove");
        }
      }
      assertEquals(m.size(), d.size(), "size");
      if (step % 250 == 0 || d.size() < 32 || (kind == 3 && step % 64 == 0)) {
        d.checkInvariants();
        indexedChecks += d.trees0 != null || d.trees1 != null ? 1 : 0;
      }
    }
    d.checkInvariants();
    assertEquals(m, d);
    assertEquals(d, m);
    assertEquals(m.hashCode(), d.hashCode());
  }

  /** A few scan calls; everything visited must be present (nothing changes in between). */
  private static void partialScan(Dict<Long, Integer> d, SplittableRandom r) {
    long c = r.nextInt(4) == 0 ? r.nextLong() : 0;
    for (int i = r.nextInt(8); i >= 0; i--) {
      c = d.scan(c, 1, e -> assertEquals(e.getValue(), d.get(e.getKey())));
    }
  }

  /**
   * One iterator held open while the table changes shape under it: {@code expand} (growing, or
   * shrinking a sparse table), resizing allowed again (runs a deferred shrink check), the
   * iterator's own removals (each may start a shrink), rehash steps and lookups. It must still
   * return exactly the entries present when it opened.
   */
  private static void iterateAcrossResizes(
      Dict<Long, Integer> d,
      Map<Long, Integer> m,
      SplittableRandom r,
      IntFunction<Long> key,
      int keySpace) {
    Set<Long> expected = new HashSet<>(m.keySet());
    Set<Long> seen = new HashSet<>();
    int removeOdds = 1 + r.nextInt(4); // some walks remove most of what they see: shrinks
    for (Iterator<Long> it = d.keySet().iterator(); it.hasNext(); ) {
      Long k = it.next();
      assertTrue(seen.add(k), "iterator repeated " + k);
      assertTrue(m.containsKey(k), "iterator returned absent " + k);
      switch (r.nextInt(12)) {
        case 0 -> d.expand(d.size() + (r.nextBoolean() ? r.nextInt(8) : r.nextInt(4 * keySpace)));
        case 1 -> d.setResizeAllowed(r.nextInt(3) != 0);
        case 2 -> d.rehashSteps(1 + r.nextInt(16));
        case 3, 4, 5 -> {
          if (r.nextInt(removeOdds) == 0) {
            it.remove();
            m.remove(k);
          }
        }
        default -> {
          Long q = key.apply(r.nextInt(keySpace));
          assertEquals(m.get(q), d.get(q), "get while iterating");
        }
      }
    }
    assertEquals(expected, seen, "iteration across resizes saw exactly the entries present");
  }

  private static void iterateAndRemove(
      Dict<Long, Integer> d, Map<Long, Integer> m, SplittableRandom r, IntFunction<Long> key) {
    Set<Long> seen = new HashSet<>();
    Set<Long> expected = new HashSet<>(m.keySet());
    for (Iterator<Map.Entry<Long, Integer>> it = d.entrySet().iterator(); it.hasNext(); ) {
      Map.Entry<Long, Integer> e = it.next();
      assertTrue(seen.add(e.getKey()), "iterator repeated " + e.getKey());
      assertEquals(m.get(e.getKey()), e.getValue());
      d.get(key.apply(r.nextInt(64))); // rehash steps while iterating
      if (r.nextInt(4) == 0) {
        it.remove();
        m.remove(e.getKey());
      }
    }
    assertEquals(expected, seen, "iteration saw exactly the entries present at its start");
  }
}
