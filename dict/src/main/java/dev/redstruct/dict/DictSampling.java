package dev.redstruct.dict;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.random.RandomGenerator;

/** Random entries of a {@link Dict}, as Redis's dictGetRandomKey and dictGetSomeKeys. */
/* Implementation notes
 *
 * While rehashing, t0 buckets below rehashIdx are known to be empty (I2), so both functions only
 * look at t0 from rehashIdx on and at all of t1. Redis draws with MT19937-64/random(); here the
 * caller's RandomGenerator decides, so results are reproducible with a seeded generator.
 */
final class DictSampling {
  private DictSampling() {}

  /** Redis: dictGetRandomKey, src/dict.c. */
  static <K, V> Map.Entry<K, V> randomEntry(Dict<K, V> d, RandomGenerator rnd) {
    Objects.requireNonNull(rnd, "rnd");
    if (d.size() == 0) {
      return null;
    }
    if (d.rehashIdx >= 0 && d.pauseRehash == 0) {
      d.rehash(1);
    }
    Node<K, V> head;
    if (d.rehashIdx >= 0) {
      long s0 = d.mask0 + 1L;
      long slots = s0 + d.mask1 + 1L;
      do {
        long h = rnd.nextLong(d.rehashIdx, slots);
        head = h >= s0 ? Buckets.get(d.t1, (int) (h - s0)) : Buckets.get(d.t0, (int) h);
      } while (head == null);
    } else {
      do {
        head = Buckets.get(d.t0, rnd.nextInt() & d.mask0);
      } while (head == null);
    }
    int len = 0;
    for (Node<K, V> e = head; e != null; e = e.next) {
      len++;
    }
    Node<K, V> e = head;
    for (int i = rnd.nextInt(len); i > 0; i--) {
      e = e.next;
    }
    return e;
  }

  /** Redis: dictGetSomeKeys, src/dict.c (7.0.15: reservoir sampling within the last chain). */
  static <K, V> List<Map.Entry<K, V>> sampleEntries(Dict<K, V> d, int count, RandomGenerator rnd) {
    Objects.requireNonNull(rnd, "rnd");
    if (count < 0) {
      throw new IllegalArgumentException("count must be >= 0: " + count);
    }
    count = Math.min(count, d.size());
    List<Map.Entry<K, V>> out = new ArrayList<>(count);
    for (int j = 0; j < count && d.rehashIdx >= 0 && d.pauseRehash == 0; j++) {
      d.rehash(1);
    }
    if (count == 0) {
      return out;
    }
    boolean two = d.rehashIdx >= 0;
    long maxMask = two ? Math.max(d.mask0, d.mask1) : d.mask0;
    long i = rnd.nextLong() & maxMask;
    long emptyLen = 0;
    long stored = 0;
    for (long steps = 10L * count; stored < count && steps > 0; steps--) {
      for (int j = 0; j < (two ? 2 : 1); j++) {
        if (two && j == 0 && i < d.rehashIdx) {
          // t0 is empty below rehashIdx; if t1 is also out of range here, jump ahead.
          if (i > d.mask1) {
            i = d.rehashIdx;
          } else {
            continue;
          }
        }
        long mask = j == 0 ? d.mask0 : d.mask1;
        if (i > mask) {
          continue;
        }
        Node<K, V> e = Buckets.get(j == 0 ? d.t0 : d.t1, (int) i);
        if (e == null) {
          emptyLen++;
          if (emptyLen >= 5 && emptyLen > count) {
            i = rnd.nextLong() & maxMask;
            emptyLen = 0;
          }
          continue;
        }
        emptyLen = 0;
        for (; e != null; e = e.next, stored++) {
          if (stored < count) {
            out.add(e);
          } else {
            long r = rnd.nextLong(stored + 1);
            if (r < count) {
              out.set((int) r, e);
            }
          }
        }
        if (stored >= count) {
          return out;
        }
      }
      i = (i + 1) & maxMask;
    }
    return out;
  }
}
