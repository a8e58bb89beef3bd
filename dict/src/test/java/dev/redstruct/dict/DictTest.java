package dev.redstruct.dict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class DictTest {
  /** Hash = the key itself: bucket placement is predictable (bucket = key AND mask). */
  static final Hasher<Integer> IDENTITY = k -> (long) k;

  static Dict<Integer, Integer> identityDict() {
    return Dict.create(IDENTITY);
  }

  static int countSegments(Node<?, ?>[][] dir) {
    int n = 0;
    for (Node<?, ?>[] s : dir) {
      if (s != null) {
        n++;
      }
    }
    return n;
  }

  @Test
  void expandSizesAnEmptyDictWithoutARehash() {
    Dict<String, Integer> d = Dict.create();
    assertTrue(d.expand(100));
    assertFalse(d.isRehashing());
    assertEquals(7, d.exp0); // 128 buckets: the next power of two >= 100
    for (int i = 0; i < 128; i++) {
      d.put("k" + i, i);
      assertFalse(d.isRehashing(), "no growth before the table is full, at " + i);
    }
    assertFalse(d.expand(10)); // below the entry count
    assertTrue(d.expand(1000));
    assertTrue(d.isRehashing());
    assertFalse(d.expand(5000)); // refused while rehashing, as dictExpand
    d.checkInvariants();
  }

  @Test
  void firstInsertAllocatesFourBuckets() {
    Dict<Integer, Integer> d = identityDict();
    assertNull(d.t0, "Redis allocates lazily (_dictExpandIfNeeded on first add)");
    d.put(1, 1);
    assertEquals(Dict.INITIAL_EXP, d.exp0);
    assertFalse(d.isRehashing());
    d.checkInvariants();
  }

  /** Fact sheet 1.3: grow when used >= size, to the next power of two >= used + 1. */
  @Test
  void growsWhenUsedReachesSize() {
    Dict<Integer, Integer> d = identityDict();
    for (int i = 0; i < 4; i++) {
      d.put(i, i);
    }
    assertEquals(2, d.exp0);
    assertFalse(d.isRehashing(), "4 entries in 4 buckets: the check runs before the 5th insert");
    d.put(4, 4);
    assertTrue(d.isRehashing());
    assertEquals(3, d.exp1, "next power of two >= 5");
    d.checkInvariants();
  }

  @Test
  void newKeysGoToTheNewTableWhileRehashing() {
    Dict<Integer, Integer> d = identityDict();
    for (int i = 0; i < 5; i++) {
      d.put(i * 4, i); // all in bucket 0 of the 4-table: one rehash step moves them all
    }
    assertTrue(d.isRehashing());
    d.setResizeAllowed(false); // freeze: steps refused (ratio 2 < 5)
    int used1 = d.used1;
    d.put(100, 100);
    assertEquals(used1 + 1, d.used1);
    d.checkInvariants();
  }

  /**
   * Fact sheet 1.5 and Redis's "Don't rehash if redis has child process" test
   * (tests/unit/other.tcl): while resizing is avoided a table grows only past 5 entries per bucket.
   */
  @Test
  void resizeDisallowedGrowsOnlyPastForceRatio() {
    Dict<Integer, Integer> d = identityDict();
    d.put(0, 0);
    d.setResizeAllowed(false);
    for (int i = 1; i < 24; i++) {
      d.put(i, i);
    }
    assertEquals(2, d.exp0);
    assertFalse(d.isRehashing(), "24 / 4 = 6 is checked before the 25th insert");
    d.put(24, 24);
    assertTrue(d.isRehashing(), "used/size = 6 > 5");
    assertEquals(5, d.exp1, "next power of two >= 25");
    // sizes differ by 8 >= 5, so rehash steps still run (Redis 7.0.15 dictRehash under AVOID)
    assertFalse(d.rehashSteps(1000));
    d.checkInvariants();
  }

  @Test
  void rehashStepsRefusedWhileDisallowedAndRatioSmall() {
    Dict<Integer, Integer> d = identityDict();
    for (int i = 0; i < 5; i++) {
      d.put(i, i);
    }
    d.setResizeAllowed(false);
    assertTrue(d.rehashSteps(100));
    assertEquals(0, d.rehashIdx);
    d.setResizeAllowed(true);
    assertFalse(d.rehashSteps(100));
    d.checkInvariants();
  }

  /** Fact sheet 1.4: slots 64, used 6 → 600/64 = 9 &lt; 10 → shrink to next pow2 >= 6 = 8. */
  @Test
  void removeShrinksBelowTenPercentFill() {
    Dict<Integer, Integer> d = identityDict();
    for (int i = 0; i < 40; i++) {
      d.put(i, i);
    }
    d.rehashSteps(1000);
    assertEquals(6, d.exp0);
    for (int i = 39; i >= 7; i--) {
      d.remove(i);
      assertFalse(d.isRehashing(), "used " + i + ": fill still >= 10%");
    }
    d.remove(6);
    assertTrue(d.isRehashing());
    assertEquals(3, d.exp1);
    d.checkInvariants();
    d.rehashSteps(100);
    assertEquals(3, d.exp0);
    assertEquals(Map.of(0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5), new HashMap<>(d));
  }

  @Test
  void rehashStepVisitsAtMostTenEmptyBuckets() {
    Dict<Integer, Integer> d = identityDict();
    d.expand(64);
    d.put(63, 63);
    d.expand(4); // shrink 64 → 4 with the only entry in bucket 63
    assertTrue(d.isRehashing());
    assertTrue(d.rehashSteps(1));
    assertEquals(10, d.rehashIdx);
    assertTrue(d.rehashSteps(5));
    assertEquals(60, d.rehashIdx);
    assertFalse(d.rehashSteps(1));
    assertEquals(63, d.get(63));
    d.checkInvariants();
  }

  @Test
  void rehashForFinishesARehash() {
    Dict<Integer, Integer> d = identityDict();
    for (int i = 0; i < 1025; i++) {
      d.put(i, i);
    }
    assertTrue(d.isRehashing());
    assertTrue(d.rehashFor(Duration.ofSeconds(10)) > 0);
    assertFalse(d.isRehashing());
    assertEquals(0, d.rehashFor(Duration.ofSeconds(1)));
    d.checkInvariants();
  }

  /** The heart of the module: starting a big resize allocates only the directory. */
  @Test
  void resizeAllocatesBoundedSegmentsPerCall() {
    Dict<Integer, Integer> d = identityDict();
    int n = 1 << 20;
    for (int i = 0; i < n; i++) {
      d.put(i, i);
    }
    d.rehashSteps(Integer.MAX_VALUE);
    assertFalse(d.isRehashing());
    d.put(n, n); // used == size: this put starts the 2^20 → 2^21 resize
    assertTrue(d.isRehashing());
    assertEquals((1 << 21) >>> Buckets.SEG_BITS, d.t1.length);
    assertTrue(countSegments(d.t1) <= 3, "one step + one insert: " + countSegments(d.t1));
    int before = countSegments(d.t1);
    d.get(5);
    assertTrue(countSegments(d.t1) - before <= 2, "one step moves one bucket into <= 2 segments");
    // old segments are released as the rehash index passes them
    d.rehashSteps(Buckets.SEG_SIZE * 2);
    assertNull(d.t0[0]);
    assertNull(d.t0[1]);
    d.checkInvariants();
  }

  @Test
  void nullsAreRejected() {
    Dict<String, String> d = Dict.create();
    assertThrows(NullPointerException.class, () -> d.put(null, "v"));
    assertThrows(NullPointerException.class, () -> d.put("k", null));
    assertThrows(NullPointerException.class, () -> d.get(null));
    assertThrows(NullPointerException.class, () -> d.remove(null));
    assertThrows(NullPointerException.class, () -> d.containsKey(null));
    d.put("k", "v");
    assertThrows(NullPointerException.class, () -> d.entrySet().iterator().next().setValue(null));
    assertEquals(Map.of("k", "v"), d);
  }

  @Test
  void forBytesComparesByContent() {
    Dict<byte[], Integer> d = Dict.forBytes();
    d.put(new byte[] {1, 2, 3}, 1);
    d.put(new byte[] {1, 2, 3}, 2);
    assertEquals(1, d.size());
    assertEquals(2, d.get(new byte[] {1, 2, 3}));
    assertEquals(2, d.remove(new byte[] {1, 2, 3}));
    assertTrue(d.isEmpty());
  }

  @Test
  void iterationDuringRehashWithLookupsSeesEveryEntryOnce() {
    for (int start : new int[] {5, 100, 1000, 5000}) {
      Dict<Integer, Integer> d = Dict.create();
      for (int i = 0; i < start; i++) {
        d.put(i, i);
      }
      List<Integer> seen = new ArrayList<>();
      for (Iterator<Integer> it = d.keySet().iterator(); it.hasNext(); ) {
        seen.add(it.next());
        d.get(seen.size()); // performs rehash steps while the iterator is open
        d.containsKey(-1);
      }
      assertEquals(start, seen.size(), "no duplicates");
      assertEquals(d.keySet(), new HashSet<>(seen), "no misses");
    }
  }

  @Test
  void iteratorIsFailFastAndSupportsRemove() {
    Dict<Integer, Integer> d = Dict.create();
    for (int i = 0; i < 100; i++) {
      d.put(i, i);
    }
    Iterator<Map.Entry<Integer, Integer>> it = d.entrySet().iterator();
    int removed = 0;
    while (it.hasNext()) {
      if (it.next().getKey() % 2 == 0) {
        it.remove();
        removed++;
      }
    }
    assertEquals(50, removed);
    assertEquals(50, d.size());
    d.checkInvariants();
    Iterator<Integer> it2 = d.keySet().iterator();
    it2.next();
    d.put(1000, 1000);
    assertThrows(ConcurrentModificationException.class, it2::next);
  }

  @Test
  void samplingReturnsLiveEntries() {
    Dict<Integer, Integer> d = Dict.create();
    SplittableRandom r = new SplittableRandom(7);
    assertNull(d.randomEntry(r));
    assertNull(d.fairRandomEntry(r));
    for (int i = 0; i < 1000; i++) {
      d.put(i, -i);
    }
    Set<Integer> seen = new HashSet<>();
    for (int t = 0; t < 2000; t++) {
      Map.Entry<Integer, Integer> e = d.randomEntry(r);
      assertEquals(-e.getKey(), e.getValue());
      seen.add(e.getKey());
      Map.Entry<Integer, Integer> f = d.fairRandomEntry(r);
      assertNotNull(f);
      assertTrue(d.containsKey(f.getKey()));
    }
    assertTrue(seen.size() > 500, "random entries spread over the dict: " + seen.size());
    List<Map.Entry<Integer, Integer>> s = d.sampleEntries(20, r);
    assertTrue(s.size() <= 20);
    s.forEach(e -> assertEquals(d.get(e.getKey()), e.getValue()));
    assertEquals(3, Dict.<Integer, Integer>create().size() + 3);
    d.clear();
    assertEquals(0, d.sampleEntries(5, r).size());
    d.checkInvariants();
  }

  @Test
  void samplingWhileRehashingInBothDirections() {
    Dict<Integer, Integer> d = identityDict();
    SplittableRandom r = new SplittableRandom(11);
    for (int i = 0; i < 2000; i++) {
      d.put(i, i);
      if (d.isRehashing()) {
        Map.Entry<Integer, Integer> e = d.randomEntry(r);
        assertEquals(e.getKey(), e.getValue());
        for (Map.Entry<Integer, Integer> x : d.sampleEntries(7, r)) {
          assertEquals(x.getKey(), d.get(x.getKey()));
        }
      }
    }
    for (int i = 0; i < 1990; i++) {
      d.remove(i);
      if (d.isRehashing()) {
        Map.Entry<Integer, Integer> e = d.fairRandomEntry(r);
        assertTrue(d.containsKey(e.getKey()));
      }
    }
    d.checkInvariants();
  }

  @Test
  void nextExpMatchesRedis() {
    assertEquals(2, Dict.nextExp(0));
    assertEquals(2, Dict.nextExp(4));
    assertEquals(3, Dict.nextExp(5));
    assertEquals(3, Dict.nextExp(8));
    assertEquals(4, Dict.nextExp(9));
    assertEquals(13, Dict.nextExp(4097), "other.tcl: 4099 keys → table size 8192 (2^13)");
    assertEquals(30, Dict.nextExp(Long.MAX_VALUE));
  }

  @Test
  void clearDropsTables() {
    Dict<Integer, Integer> d = identityDict();
    for (int i = 0; i < 100; i++) {
      d.put(i, i);
    }
    d.clear();
    assertNull(d.t0);
    assertFalse(d.isRehashing());
    d.put(1, 2);
    assertEquals(Map.of(1, 2), d);
    d.checkInvariants();
  }

  @Test
  void dictSetBasics() {
    DictSet<String> s = DictSet.forStrings();
    assertTrue(s.add("a"));
    assertFalse(s.add("a"));
    assertTrue(s.add("b"));
    assertEquals(Set.of("a", "b"), s);
    Set<String> scanned = new HashSet<>();
    long c = 0;
    do {
      c = s.scan(c, scanned::add);
    } while (c != 0);
    assertEquals(s, scanned);
    assertTrue(s.remove("a"));
    assertEquals("b", s.randomElement(new SplittableRandom(1)));
    assertEquals("b", s.fairRandomElement(new SplittableRandom(1)));
    assertEquals(List.of("b"), s.sampleElements(3, new SplittableRandom(1)));
    s.checkInvariants();
  }
}
