package dev.redstruct.skiplist;

import dev.redstruct.dict.internal.Segments;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The indexed buckets of one table of a {@link MemberTable}: what keeps a sorted set usable when
 * many members share a hash (a flood aimed at the hash, or a weak key), as {@code
 * java.util.HashMap}'s tree bins and the dict module's {@code DictTreeBins} do. A bucket whose
 * chain a lookup walked past {@link #TREEIFY} entries is sorted by member (unsigned bytes, as Redis
 * orders members) and indexed by a {@link TreeMap}, so finding, adding and removing a member there
 * takes O(log n) comparisons.
 */
final class MemberBins {
  /* Implementation notes (the dict's DictTreeBins, over ZEntry chains and byte[] members)
   *
   * An indexed bucket is still an ordinary chain (ZEntry.chain), kept in ascending member order,
   * so what only walks chains (scan, rehash moves, invariants) works unchanged. The index maps each
   * member to its entry; the predecessor a singly linked chain needs for an insert or an unlink is
   * the entry of the index's lower member.
   *
   * An index is dropped (the chain stays, unsorted from then on) when a rehash step moves the
   * bucket or moves entries into it, or the bin falls below UNTREEIFY entries; a later long lookup
   * indexes the bucket again. Under a flood a bucket is re-indexed about once per resize, O(n log
   * n) each time. Honest hashes never index a bucket: at load 1 a chain of 17 entries has
   * probability ~1e-15.
   *
   * Invariant T6 (MemberTable.checkInvariants): the chain of an indexed bucket holds exactly the
   * index's entries, in the index's order; an index holds at least UNTREEIFY entries.
   */

  /** A lookup that walks this many entries of a chain without a match indexes it. */
  static final int TREEIFY = 16;

  /** An indexed bucket with fewer entries than this drops its index. */
  static final int UNTREEIFY = 8;

  private final HashMap<Integer, TreeMap<byte[], ZEntry>> bins = new HashMap<>();
  private final MemberTable owner;

  MemberBins(MemberTable owner) {
    this.owner = owner;
  }

  private Comparator<byte[]> order() {
    return (x, y) -> {
      owner.binCompares++;
      return Arrays.compareUnsigned(x, y);
    };
  }

  /** The index of bucket {@code b}, or null. */
  TreeMap<byte[], ZEntry> get(int b) {
    return bins.get(b);
  }

  boolean isEmpty() {
    return bins.isEmpty();
  }

  Map<Integer, TreeMap<byte[], ZEntry>> all() {
    return bins;
  }

  /** Drops bucket {@code b}'s index, if any. */
  void drop(int b) {
    bins.remove(b);
  }

  /** Sorts bucket {@code b}'s chain by member and indexes it. */
  TreeMap<byte[], ZEntry> index(ZEntry[][] dir, int exp, int b) {
    TreeMap<byte[], ZEntry> bin = new TreeMap<>(order());
    for (ZEntry e = Segments.get(dir, b); e != null; e = e.chain) {
      bin.put(e.member, e);
    }
    ZEntry prev = null;
    for (ZEntry e : bin.values()) {
      if (prev == null) {
        Segments.set(dir, exp, b, e, ZEntry[]::new);
      } else {
        prev.chain = e;
      }
      prev = e;
    }
    prev.chain = null;
    bins.put(b, bin);
    return bin;
  }

  /**
   * Links a new entry into bucket {@code b} at its sorted place if the bucket is indexed.
   *
   * @return false if it is not: the caller pushes the entry at the head
   */
  boolean add(ZEntry[][] dir, int exp, int b, ZEntry n) {
    TreeMap<byte[], ZEntry> bin = bins.get(b);
    if (bin == null) {
      return false;
    }
    bin.put(n.member, n);
    Map.Entry<byte[], ZEntry> lower = bin.lowerEntry(n.member);
    if (lower == null) {
      n.chain = Segments.get(dir, b);
      Segments.set(dir, exp, b, n, ZEntry[]::new);
    } else {
      n.chain = lower.getValue().chain;
      lower.getValue().chain = n;
    }
    return true;
  }

  /** Unlinks the entry of {@code member} from indexed bucket {@code b}; null if absent. */
  ZEntry unlink(ZEntry[][] dir, int exp, int b, byte[] member) {
    TreeMap<byte[], ZEntry> bin = bins.get(b);
    ZEntry n = bin.get(member);
    if (n == null) {
      return null;
    }
    Map.Entry<byte[], ZEntry> lower = bin.lowerEntry(member);
    if (lower == null) {
      Segments.set(dir, exp, b, n.chain, ZEntry[]::new);
    } else {
      lower.getValue().chain = n.chain;
    }
    n.chain = null;
    bin.remove(member);
    if (bin.size() < UNTREEIFY) {
      bins.remove(b);
    }
    return n;
  }

  /**
   * Replaces {@code old} by {@code neu} (same member) in indexed bucket {@code b}, at its place.
   *
   * @return false if the bucket is not indexed
   */
  boolean replace(ZEntry[][] dir, int exp, int b, ZEntry old, ZEntry neu) {
    TreeMap<byte[], ZEntry> bin = bins.get(b);
    if (bin == null) {
      return false;
    }
    Map.Entry<byte[], ZEntry> lower = bin.lowerEntry(old.member);
    neu.chain = old.chain;
    old.chain = null;
    if (lower == null) {
      Segments.set(dir, exp, b, neu, ZEntry[]::new);
    } else {
      lower.getValue().chain = neu;
    }
    bin.put(neu.member, neu);
    return true;
  }

  /** Checks T6 for every indexed bucket of {@code dir}; throws AssertionError. */
  void checkInvariants(ZEntry[][] dir) {
    for (Map.Entry<Integer, TreeMap<byte[], ZEntry>> bin : bins.entrySet()) {
      if (bin.getValue().size() < UNTREEIFY) {
        throw new AssertionError("MemberTable invariant broken: T6 small index");
      }
      ZEntry e = Segments.get(dir, bin.getKey());
      for (ZEntry x : bin.getValue().values()) {
        if (e != x) {
          throw new AssertionError("MemberTable invariant broken: T6 chain out of index order");
        }
        e = e.chain;
      }
      if (e != null) {
        throw new AssertionError("MemberTable invariant broken: T6 chain longer than its index");
      }
    }
  }
}
