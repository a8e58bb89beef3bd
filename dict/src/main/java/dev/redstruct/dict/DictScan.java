package dev.redstruct.dict;

import dev.redstruct.dict.internal.TablePolicy;
import java.util.ConcurrentModificationException;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Redis's stateless reverse-binary cursor walk over a {@link Dict}, driven by {@link
 * TablePolicy#scan} (the cursor's design is described there). Redis: dictScan, src/dict.c.
 *
 * <p>Rehashing is paused for the duration of the call (Redis: dictPauseRehashing) so a visitor may
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
      int exp1 = d.rehashIdx < 0 ? -1 : d.exp1;
      return TablePolicy.scan(
          v, count, budget, d.exp0, exp1, (t, b) -> emit(d, t == 0 ? d.t0 : d.t1, b, visitor, mod));
    } finally {
      d.pauseRehash--;
    }
  }

  /** The reverse-binary increment of {@code v} under {@code mask}. */
  static long next(long v, long mask) {
    return TablePolicy.scanNext(v, mask);
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
