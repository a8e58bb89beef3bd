package dev.redstruct.dict;

import java.util.ConcurrentModificationException;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Redis's stateless reverse-binary cursor walk over a {@link Dict}. Redis: dictScan, src/dict.c.
 */
/* Implementation notes
 *
 * A bucket index under mask m is the low bits (h & m) of the hash. The cursor counts through
 * those bits in reverse order: set every bit above the mask, reverse the 64-bit word, add one,
 * reverse back. The carry thus runs from the top bit of the mask downwards, so for size 8 the
 * order is 0,4,2,6,1,5,3,7. After visiting cursor c under mask m, every cursor whose low bits
 * were already passed is "finished" for every larger mask too, because the larger table's buckets
 * that extend c (c, c + size, c + 2 size, ...) differ only in bits the reversed counter
 * increments first. Growing therefore never makes the walk miss or repeat a bucket; shrinking
 * merges buckets, which can repeat entries of a merged bucket but never skips one.
 *
 * With two tables (rehashing), the smaller table's bucket (v & m0) is emitted, then every
 * expansion of it in the larger table, advancing the cursor under the larger mask until the bits
 * the larger table has and the smaller lacks (m0 ^ m1) wrap to zero. One call thus behaves as if
 * only the smaller table existed, with the larger table as a refinement of it.
 *
 * Rehashing is paused for the duration of the call (Redis: dictPauseRehashing) so a visitor may
 * call get(); a visitor that modifies the dict is detected through modCount.
 */
final class DictScan {
  private DictScan() {}

  /**
   * Redis's SCAN loop (scanGenericCommand, src/db.c) over dictScan steps: step until {@code count}
   * entries are visited, the cursor returns to 0, or {@code 10 * count} further steps are spent.
   * The tables cannot change shape during the call: rehashing is paused and a modifying visitor
   * fails. {@code budget} is the number of steps allowed after the first ({@code 10 * count} for
   * SCAN, 0 for a single dictScan step).
   */
  static <K, V> long scan(
      Dict<K, V> d, long v, int count, long budget, Consumer<? super Map.Entry<K, V>> visitor) {
    Objects.requireNonNull(visitor, "visitor");
    if (count < 1) {
      throw new IllegalArgumentException("count must be at least 1: " + count);
    }
    if (d.size() == 0) {
      return 0;
    }
    d.pauseRehash++;
    try {
      int mod = d.modCount;
      int seen = 0;
      do {
        if (d.rehashIdx < 0) {
          long m0 = d.mask0;
          seen += emit(d, d.t0, (int) (v & m0), visitor, mod);
          v = next(v, m0);
          continue;
        }
        // Redis: dictScan with two tables, the smaller one's bucket then all its expansions.
        boolean firstSmaller = d.exp0 <= d.exp1;
        Node<K, V>[][] small = firstSmaller ? d.t0 : d.t1;
        Node<K, V>[][] big = firstSmaller ? d.t1 : d.t0;
        long m0 = firstSmaller ? d.mask0 : d.mask1;
        long m1 = firstSmaller ? d.mask1 : d.mask0;
        seen += emit(d, small, (int) (v & m0), visitor, mod);
        do {
          seen += emit(d, big, (int) (v & m1), visitor, mod);
          v = next(v, m1);
        } while ((v & (m0 ^ m1)) != 0);
      } while (v != 0 && budget-- > 0 && seen < count);
      return v;
    } finally {
      d.pauseRehash--;
    }
  }

  /** The reverse-binary increment of {@code v} under {@code mask}. */
  static long next(long v, long mask) {
    v |= ~mask;
    v = Long.reverse(v);
    v++;
    return Long.reverse(v);
  }

  /** Hands out bucket {@code b}'s chain; returns how many entries it held. */
  private static <K, V> int emit(
      Dict<K, V> d, Node<K, V>[][] dir, int b, Consumer<? super Map.Entry<K, V>> visitor, int mod) {
    int n = 0;
    Node<K, V> e = Buckets.get(dir, b);
    while (e != null) {
      Node<K, V> next = e.next; // the visitor may not modify, but read before handing out
      visitor.accept(e);
      n++;
      if (d.modCount != mod) {
        throw new ConcurrentModificationException("scan visitor modified the dict");
      }
      e = next;
    }
    return n;
  }
}
