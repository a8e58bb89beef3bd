package dev.redstruct.dict;

import java.util.HashSet;
import java.util.Set;

/** The I1..I8 checks of {@link Dict}; test support, O(buckets + size). */
final class DictInvariants {
  private DictInvariants() {}

  static <K, V> void check(Dict<K, V> d) {
    require(d.pauseRehash >= 0, "I6 pauseRehash < 0");
    require((d.t0 == null) == (d.exp0 == -1), "I5 t0/exp0 disagree");
    require((d.t1 == null) == (d.rehashIdx < 0), "I2 t1 exists iff rehashing");
    require((d.t1 == null) == (d.exp1 == -1), "I5 t1/exp1 disagree");
    require(
        d.growAt == d.currentGrowAt() && d.shrinkBelow == d.currentShrinkBelow(),
        "I8 growAt/shrinkBelow stale");
    if (d.t0 == null) {
      require(d.used0 == 0 && d.used1 == 0, "I5 no table but used != 0");
      return;
    }
    checkTrees(d, d.trees0, d.t0, d.mask0);
    checkTrees(d, d.trees1, d.t1, d.mask1);
    Set<Wrapped<K>> seen = new HashSet<>();
    int n0 = checkTable(d, d.t0, d.exp0, d.mask0, seen);
    require(n0 == d.used0, "I1 used0=" + d.used0 + " but counted " + n0);
    if (d.rehashIdx >= 0) {
      require(d.used0 == 0 || d.rehashIdx < (1 << d.exp0), "I2 rehashIdx out of range");
      for (int b = 0; b < d.rehashIdx && b <= d.mask0; b++) {
        require(Buckets.get(d.t0, b) == null, "I2 t0 bucket " + b + " below rehashIdx not empty");
      }
      int n1 = checkTable(d, d.t1, d.exp1, d.mask1, seen);
      require(n1 == d.used1, "I1 used1=" + d.used1 + " but counted " + n1);
    } else {
      require(d.used1 == 0, "I1 used1 != 0 while not rehashing");
    }
  }

  private static <K, V> int checkTable(
      Dict<K, V> d, Node<K, V>[][] dir, int exp, int mask, Set<Wrapped<K>> seen) {
    require(exp >= Dict.INITIAL_EXP && exp <= Buckets.MAX_EXP, "I5 exp " + exp);
    require(mask == (1 << exp) - 1, "I5 mask");
    require(dir.length == Math.max(1, (1 << exp) >>> Buckets.SEG_BITS), "I5 directory length");
    int count = 0;
    for (int s = 0; s < dir.length; s++) {
      Node<K, V>[] seg = dir[s];
      if (seg == null) {
        continue;
      }
      require(seg.length == Buckets.segmentLength(exp), "I5 segment length");
      for (int i = 0; i < seg.length; i++) {
        int b = (s << Buckets.SEG_BITS) | i;
        for (Node<K, V> e = seg[i]; e != null; e = e.next) {
          require(((int) e.hash & mask) == b, "I3 key " + e.key + " in wrong bucket " + b);
          require(e.hash == (int) d.hash(e.key), "I3 stale hash for " + e.key);
          require(seen.add(new Wrapped<>(d, e.key)), "I4 duplicate key " + e.key);
          count++;
        }
      }
    }
    return count;
  }

  /** I7: an indexed bucket's chain is exactly its index's nodes, in order, of the bin's class. */
  private static <K, V> void checkTrees(
      Dict<K, V> d, DictTreeBins<K, V> trees, Node<K, V>[][] dir, int mask) {
    if (trees == null) {
      return;
    }
    require(d.plain, "I7 indexed bins in a dict that is not plain");
    require(dir != null && !trees.all().isEmpty(), "I7 empty or orphan index set");
    trees
        .all()
        .forEach(
            (b, bin) -> {
              require(b >= 0 && b <= mask, "I7 indexed bucket " + b + " out of range");
              require(bin.byKey.size() >= DictTreeBins.UNTREEIFY, "I7 small index at " + b);
              Node<K, V> e = Buckets.get(dir, b);
              for (Node<K, V> n : bin.byKey.values()) {
                require(e == n, "I7 chain of bucket " + b + " differs from its index");
                require(n.key.getClass() == bin.keyClass, "I7 key of another class at " + b);
                e = e.next;
              }
              require(e == null, "I7 chain of bucket " + b + " longer than its index");
            });
  }

  private static void require(boolean ok, String what) {
    if (!ok) {
      throw new AssertionError("Dict invariant violated: " + what);
    }
  }

  /** A key seen through the dict's own equivalence, for the duplicate check. */
  private record Wrapped<K>(Dict<K, ?> d, K key) {
    @Override
    public boolean equals(Object o) {
      return o instanceof Wrapped<?> w && d.same(w.key, key);
    }

    @Override
    public int hashCode() {
      return Long.hashCode(d.hash(key));
    }
  }
}
