package dev.redstruct.dict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Exact cursor behaviour. Expected sequences are derived from the algorithm as src/dict.c (7.0.15)
 * describes it above dictScan: "the bits of the cursor are reversed, then the cursor is
 * incremented, and finally the bits are reversed again", with the bits outside the mask set first
 * so the carry runs from the mask's top bit down. By hand for size 8 (3 bits, reversed counting
 * 000,100,010,110,001,101,011,111): 0,4,2,6,1,5,3,7; for size 16 the same with 4 bits. The
 * sequences also match the fact sheet (redis-facts-dict-zset.md §2.3).
 */
class DictScanTest {
  private static List<Long> sequence(long mask) {
    List<Long> out = new ArrayList<>();
    long v = 0;
    do {
      out.add(v);
      v = DictScan.next(v, mask);
    } while (v != 0);
    return out;
  }

  @Test
  void cursorSequenceSize8() {
    assertEquals(List.of(0L, 4L, 2L, 6L, 1L, 5L, 3L, 7L), sequence(7));
  }

  @Test
  void cursorSequenceSize16() {
    assertEquals(
        List.of(0L, 8L, 4L, 12L, 2L, 10L, 6L, 14L, 1L, 9L, 5L, 13L, 3L, 11L, 7L, 15L),
        sequence(15));
  }

  /** Fact sheet §2.3: 4 | ~7 reversed, +1, reversed gives 2. */
  @Test
  void singleStepWorkedExample() {
    assertEquals(2L, DictScan.next(4, 7));
    assertEquals(0L, DictScan.next(7, 7));
  }

  /** A dict over the identity hasher with t0 = 8 buckets holding keys 0..7, frozen mid-rehash. */
  private static Dict<Integer, Integer> frozenGrow(int bigSize) {
    Dict<Integer, Integer> d = Dict.create(DictTest.IDENTITY);
    d.expand(8);
    for (int k = 0; k < 8; k++) {
      d.put(k, k);
    }
    d.expand(bigSize);
    d.setResizeAllowed(false); // size ratio < 5: no rehash step will move anything
    for (int k = 8; k < 8 + bigSize; k++) {
      d.put(k, k); // goes to t1 bucket k & (bigSize - 1)
    }
    assertTrue(d.isRehashing());
    assertEquals(8, d.used0);
    return d;
  }

  /**
   * Fact sheet §2.3 "During rehash 8 → 16": cursor 0 visits S[0], B[0], B[8] and returns 4; and so
   * on through 4,2,6,1,5,3,7.
   */
  @Test
  void rehashing8To16VisitsSmallBucketThenItsExpansions() {
    Dict<Integer, Integer> d = frozenGrow(16);
    long[] cursors = {0, 4, 2, 6, 1, 5, 3, 7};
    for (int i = 0; i < cursors.length; i++) {
      long c = cursors[i];
      Set<Integer> seen = new HashSet<>();
      long next = d.scan(c, 1, e -> seen.add(e.getKey()));
      // S[c] holds key c; B[c] holds keys 16 + c; B[c + 8] holds keys 8 + c
      assertEquals(Set.of((int) c, (int) c + 16, (int) c + 8), seen, "cursor " + c);
      assertEquals(i + 1 < cursors.length ? cursors[i + 1] : 0, next);
    }
    assertTrue(d.isRehashing(), "scan performs no rehash step");
  }

  /** Fact sheet §2.3 "During rehash 4 → 16" has the same shape; here 8 → 32 (four expansions). */
  @Test
  void rehashing8To32VisitsFourExpansions() {
    Dict<Integer, Integer> d = frozenGrow(32);
    Set<Integer> seen = new HashSet<>();
    long next = d.scan(0, 1, e -> seen.add(e.getKey()));
    assertEquals(4, next);
    // S[0] = {0}; B[0], B[16], B[8], B[24] = {32}, {16}, {8}, {24}
    assertEquals(Set.of(0, 32, 16, 8, 24), seen);
  }

  /** Fact sheet §2.3 growth between calls: cursor 2 from size 8 continues under mask 15. */
  @Test
  void growthBetweenCallsSkipsFinishedExpansions() {
    Dict<Integer, Integer> d = Dict.create(DictTest.IDENTITY);
    d.expand(16);
    for (int k = 0; k < 16; k++) {
      d.put(k, k);
    }
    List<Long> cursors = new ArrayList<>();
    long c = 2; // as if buckets 0 and 4 of a size-8 table were done
    do {
      cursors.add(c);
      c = d.scan(c, 1, e -> {});
    } while (c != 0);
    assertEquals(List.of(2L, 10L, 6L, 14L, 1L, 9L, 5L, 13L, 3L, 11L, 7L, 15L), cursors);
  }

  /** Fact sheet §2.3 shrink between calls: cursor 12 under mask 7 emits bucket 4, then 2. */
  @Test
  void shrinkBetweenCallsMayRepeatButNotMiss() {
    Dict<Integer, Integer> d = Dict.create(DictTest.IDENTITY);
    d.expand(8);
    for (int k = 0; k < 8; k++) {
      d.put(k, k);
    }
    List<Long> cursors = new ArrayList<>();
    long c = 12;
    do {
      cursors.add(c);
      c = d.scan(c, 1, e -> {});
    } while (c != 0);
    assertEquals(List.of(12L, 2L, 6L, 1L, 5L, 3L, 7L), cursors);
  }

  @Test
  void emptyDictReturnsZeroAtOnce() {
    Dict<Integer, Integer> d = Dict.create();
    assertEquals(0, d.scan(12345, 1, e -> {}));
  }

  @Test
  void visitorMayReadButNotModify() {
    Dict<Integer, Integer> d = Dict.create();
    for (int i = 0; i < 10; i++) {
      d.put(i, i);
    }
    long c = d.scan(0, 1, e -> assertEquals(e.getValue(), d.get(e.getKey())));
    assertEquals(0, d.pauseRehash);
    assertThrows(
        ConcurrentModificationException.class, () -> d.scan(c, 1, e -> d.remove(e.getKey())));
    assertEquals(0, d.pauseRehash, "pause released after a failing visitor");
    assertFalse(d.isEmpty());
  }

  /** A 16-bucket identity-hashed dict holding the given keys (each in bucket {@code key}). */
  private static Dict<Integer, Integer> sparse16(int... keys) {
    Dict<Integer, Integer> d = Dict.create(DictTest.IDENTITY);
    d.expand(16);
    for (int k : keys) {
      d.put(k, k);
    }
    return d;
  }

  /**
   * The COUNT hint as Redis's scanGenericCommand (src/db.c) applies it: steps until {@code count}
   * entries are seen, the cursor returns to 0, or the budget of {@code 10 * count} further steps
   * ({@code maxiterations--} after the first) is spent. Cursor order 0,8,4,12,2,10,6,14,1,9,5,13,
   * 3,11,7,15 as above.
   */
  @Test
  void countStepsUntilEnoughEntriesOrBudgetSpent() {
    Dict<Integer, Integer> d = sparse16(0, 1);
    List<Integer> seen = new ArrayList<>();
    assertEquals(8, d.scan(0, 1, e -> seen.add(e.getKey()))); // bucket 0 holds one: enough
    assertEquals(9, d.scan(8, 1, e -> seen.add(e.getKey()))); // 7 empty buckets, then key 1
    assertEquals(List.of(0, 1), seen);
    seen.clear();
    assertEquals(9, d.scan(0, 2, e -> seen.add(e.getKey()))); // both in one call
    assertEquals(List.of(0, 1), seen);

    Dict<Integer, Integer> far = sparse16(0, 15);
    seen.clear();
    // from 8: the first step and 10 more (8,4,12,2,10,6,14,1,9,5,13) find nothing; next is 3
    assertEquals(3, far.scan(8, 1, e -> seen.add(e.getKey())));
    assertEquals(List.of(), seen);
    assertEquals(0, far.scan(3, 1, e -> seen.add(e.getKey()))); // 3,11,7,15
    assertEquals(List.of(15), seen);
    // a large count runs to the end of the cursor sequence
    seen.clear();
    assertEquals(0, far.scan(0, 100, e -> seen.add(e.getKey())));
    assertEquals(List.of(0, 15), seen);
  }

  @Test
  void countBelowOneAndNullVisitorAreRejected() {
    Dict<Integer, Integer> d = sparse16(0);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> d.scan(0, 0, x -> {}));
    assertTrue(e.getMessage().contains("0"), e.getMessage());
    NullPointerException npe = assertThrows(NullPointerException.class, () -> d.scan(0, 1, null));
    assertEquals("visitor", npe.getMessage());
    DictSet<Integer> s = DictSet.create();
    s.add(1);
    assertThrows(IllegalArgumentException.class, () -> s.scan(0, -1, x -> {}));
    assertEquals(
        "visitor", assertThrows(NullPointerException.class, () -> s.scan(0, 1, null)).getMessage());
  }
}
