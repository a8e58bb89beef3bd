package dev.redstruct.dict;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The indexed bins of one table of a {@link Dict} that hashes with {@link Hasher#mixedHashCode()}:
 * what keeps {@code Dict.create()} usable when many keys share a {@code hashCode}, as {@code
 * java.util.HashMap}'s tree bins do. A bucket whose chain a lookup found longer than {@link
 * #TREEIFY} entries, all keys of one {@link Comparable} class, is sorted by key and indexed by a
 * {@link TreeMap}, so finding, adding and removing a key there takes O(log n) comparisons.
 */
/* Implementation notes
 *
 * An indexed bin is still an ordinary chain (next pointers), kept in ascending key order, so
 * everything that only walks chains (scan, iterators, sampling, rehash moves, invariants) works
 * unchanged. The index maps each key of the bin to its node; the predecessor a singly linked
 * chain needs for an insert or an unlink is the node of the index's lower key.
 *
 *   bucket b: [k1] -> [k3] -> [k7] -> ... (ascending)      index: {k1, k3, k7, ...} -> nodes
 *
 * Invariant I7 (DictInvariants): the chain of an indexed bucket holds exactly the index's nodes,
 * in the index's order, and every key is of the bin's class; only a plain dict has indexed bins.
 *
 * An index is dropped (the chain stays as it is, unsorted from then on) wherever keeping it costs
 * more than rebuilding it later, or is impossible: a rehash step moves the bucket or moves entries
 * into it, a key of another class arrives, a key compares equal to a key it does not equal, or
 * the bin falls below UNTREEIFY entries. A later long lookup indexes the bucket again. Under
 * colliding keys a bucket is re-indexed about once per resize, O(n log n) each time.
 *
 * Like HashMap, this relies on compareTo returning 0 for keys that are equal: a Comparable class
 * whose compareTo disagrees with equals in that direction gets wrong answers from a long chain.
 * Honest hashes never index a bucket: at load 1 a chain of 17 entries has probability ~1e-15.
 */
final class DictTreeBins<K, V> {
  /** A lookup that walks this many entries of a chain without a match indexes it. */
  static final int TREEIFY = 16;

  /** An indexed bin with fewer entries than this drops its index. */
  static final int UNTREEIFY = 8;

  /** One indexed bucket. */
  static final class Bin<K, V> {
    final Class<?> keyClass;
    final TreeMap<Object, Node<K, V>> byKey = new TreeMap<>();

    Bin(Class<?> keyClass) {
      this.keyClass = keyClass;
    }
  }

  private final HashMap<Integer, Bin<K, V>> bins = new HashMap<>();

  /**
   * A dict's lookup in the chain of bucket b of table t (0 or 1) once it has walked {@link
   * #TREEIFY} entries: through the chain's index, made if need be, else by walking it all.
   */
  static <K, V> Node<K, V> findInLongChain(Dict<K, V> d, int t, int b, Object key, long h) {
    Bin<K, V> bin = indexedBin(d, t, b);
    if (bin != null && key.getClass() == bin.keyClass) {
      Node<K, V> n = bin.byKey.get(key);
      return n != null && n.hash == (int) h && d.same(key, n.key) ? n : null;
    }
    for (Node<K, V> e = Buckets.get(t == 0 ? d.t0 : d.t1, b); e != null; e = e.next) {
      if (e.hash == (int) h && d.same(key, e.key)) {
        return e;
      }
    }
    return null;
  }

  /** A dict's unlink from a long chain, as {@link #findInLongChain}. */
  static <K, V> Node<K, V> unlinkFromLongChain(Dict<K, V> d, int t, int b, Object key, long h) {
    Bin<K, V> bin = indexedBin(d, t, b);
    if (bin != null && key.getClass() == bin.keyClass) {
      DictTreeBins<K, V> trees = t == 0 ? d.trees0 : d.trees1;
      Node<K, V> e = trees.unlink(d, t == 0 ? d.t0 : d.t1, t == 0 ? d.exp0 : d.exp1, b, key, h);
      if (e != null && trees.bins.isEmpty()) {
        d.dropTrees(t);
      }
      return e;
    }
    Node<K, V> prev = null;
    for (Node<K, V> e = Buckets.get(t == 0 ? d.t0 : d.t1, b); e != null; prev = e, e = e.next) {
      if (e.hash == (int) h && d.same(key, e.key)) {
        d.unlinkAfter(t, b, prev, e);
        return e;
      }
    }
    return null;
  }

  /**
   * The index of bucket b of table t, made now if the dict is plain, no scan's visitor is running
   * (indexing reorders the chain the scan walks) and the chain can be indexed; else null.
   */
  private static <K, V> Bin<K, V> indexedBin(Dict<K, V> d, int t, int b) {
    DictTreeBins<K, V> trees = t == 0 ? d.trees0 : d.trees1;
    Bin<K, V> bin = trees == null ? null : trees.get(b);
    if (bin != null || !d.plain || d.pauseRehash > 0) {
      return bin;
    }
    DictTreeBins<K, V> made = trees != null ? trees : new DictTreeBins<>();
    bin = t == 0 ? made.index(d.t0, d.exp0, b) : made.index(d.t1, d.exp1, b);
    if (bin != null && trees == null) {
      if (t == 0) {
        d.trees0 = made;
        d.refreshThresholds();
      } else {
        d.trees1 = made;
      }
    }
    return bin;
  }

  Bin<K, V> get(int b) {
    return bins.get(b);
  }

  /** Drops bucket {@code b}'s index, if any; returns whether no indexed bucket is left. */
  boolean drop(int b) {
    bins.remove(b);
    return bins.isEmpty();
  }

  Map<Integer, Bin<K, V>> all() {
    return bins;
  }

  /**
   * Indexes bucket {@code b} and sorts its chain, if every key is of one Comparable class and no
   * two keys compare equal; else leaves the chain as it is.
   *
   * @return the new bin, or null if the chain cannot be indexed
   */
  Bin<K, V> index(Node<K, V>[][] dir, int exp, int b) {
    Node<K, V> head = Buckets.get(dir, b);
    if (!(head.key instanceof Comparable)) {
      return null;
    }
    Bin<K, V> bin = new Bin<>(head.key.getClass());
    try {
      for (Node<K, V> e = head; e != null; e = e.next) {
        if (e.key.getClass() != bin.keyClass || bin.byKey.putIfAbsent(e.key, e) != null) {
          return null;
        }
      }
    } catch (ClassCastException notMutuallyComparable) { // e.g. K implements Comparable<Other>
      return null;
    }
    Node<K, V> prev = null;
    for (Node<K, V> e : bin.byKey.values()) {
      if (prev == null) {
        Buckets.set(dir, exp, b, e);
      } else {
        prev.next = e;
      }
      prev = e;
    }
    prev.next = null;
    bins.put(b, bin);
    return bin;
  }

  /**
   * Links a new node into bucket {@code b} if it is indexed, at its sorted place.
   *
   * @return false if the bucket is not indexed (or just stopped being): push it at the head
   */
  boolean add(Node<K, V>[][] dir, int exp, int b, Node<K, V> n) {
    Bin<K, V> bin = bins.get(b);
    if (bin == null) {
      return false;
    }
    if (n.key.getClass() != bin.keyClass || bin.byKey.putIfAbsent(n.key, n) != null) {
      bins.remove(b);
      return false;
    }
    Map.Entry<Object, Node<K, V>> lower = bin.byKey.lowerEntry(n.key);
    if (lower == null) {
      n.next = Buckets.get(dir, b);
      Buckets.set(dir, exp, b, n);
    } else {
      n.next = lower.getValue().next;
      lower.getValue().next = n;
    }
    return true;
  }

  /**
   * Unlinks the node of {@code key} from indexed bucket {@code b} through the index.
   *
   * @return the unlinked node, or null if absent
   */
  Node<K, V> unlink(Dict<K, V> d, Node<K, V>[][] dir, int exp, int b, Object key, long h) {
    Bin<K, V> bin = bins.get(b);
    Node<K, V> n = bin.byKey.get(key);
    if (n == null || n.hash != (int) h || !d.same(key, n.key)) {
      return null;
    }
    Map.Entry<Object, Node<K, V>> lower = bin.byKey.lowerEntry(n.key);
    if (lower == null) {
      Buckets.set(dir, exp, b, n.next);
    } else {
      lower.getValue().next = n.next;
    }
    n.next = null;
    bin.byKey.remove(n.key);
    if (bin.byKey.size() < UNTREEIFY) {
      bins.remove(b);
    }
    return n;
  }

  /**
   * Tells the index of bucket {@code b}, if any, that {@code n} left its chain; returns whether no
   * indexed bucket is left.
   */
  boolean removed(int b, Node<K, V> n) {
    Bin<K, V> bin = bins.get(b);
    if (bin != null) {
      bin.byKey.remove(n.key);
      if (bin.byKey.size() < UNTREEIFY) {
        bins.remove(b);
      }
    }
    return bins.isEmpty();
  }
}
