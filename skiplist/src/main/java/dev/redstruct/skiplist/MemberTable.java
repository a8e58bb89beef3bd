package dev.redstruct.skiplist;

import dev.redstruct.dict.internal.Segments;
import dev.redstruct.dict.internal.TablePolicy;
import java.util.Arrays;
import java.util.ConcurrentModificationException;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.IntFunction;

/**
 * The member index of the skiplist encoding: a progressive-rehash hash table whose entries are the
 * {@link ZEntry}s themselves. A node carries its member, score, cached hash ({@code hash}, the low
 * 32 bits of the member's 64-bit MemberHash) and the link to the next node of its bucket ({@code
 * chain}), so a member costs one object plus its bytes, and a lookup lands on the node that holds
 * the score and the skiplist links. This is Redis's {@code zset->dict} after redis/redis PR #14701
 * (and Valkey's #1427 / #2508): the dict stores the skiplist nodes as its keys, with no entry and
 * no value of its own. Redis: src/dict.c (7.0.15), as used by src/t_zset.c.
 *
 * <p>Members are hashed by {@link MemberHash} (a keyed multiply-fold hash of the wyhash family,
 * reading 8 bytes at a time) under a random key of this table's own, where Redis uses keyed
 * SipHash-1-2; a chain that grows past a bound anyway is indexed in member order ({@link
 * MemberBins}), so colliding members cost O(log n) as in {@code java.util.HashMap}. Replies do not
 * depend on the hash but for ZSCAN's order and ZRANDMEMBER's picks, which differ from Redis's
 * already (another key). Not thread-safe.
 */
final class MemberTable {
  /* Implementation notes
   *
   * The table algorithms are the dict module's, reused through dev.redstruct.dict.internal (a
   * package exported only to this module): Segments (lazily allocated bucket segments, so no call
   * zeroes a whole table), TablePolicy (Redis 7.0's grow/shrink rule, the next size, the
   * reverse-binary SCAN cursor with its two-table walk). What is here is the part that touches
   * the node's fields: chain walks, the rehash step that moves a bucket, insert and unlink.
   *
   * Two tables t0 and t1 (t1 only while rehashing); rehashIdx is the next t0 bucket to move, -1
   * when not rehashing. Nodes go to the head of their chain (dictAddRaw). Operation order follows
   * Redis: a lookup or delete does one rehash step first (unless a scan pauses rehashing); an add
   * does one step, then the grow check (_dictExpandIfNeeded). Every removal checks the shrink rule
   * (zsetRemoveFromSkiplist's htNeedsResize/dictResize); one refused because a rehash is running is
   * deferred to the rehash's end. Resizing is always allowed (no fork policy here).
   *
   * Invariants (checkInvariants, called from ZSet.checkInvariants):
   *  T1 used0/used1 equal the nodes chained in t0/t1.
   *  T2 rehashIdx == -1 iff t1 == null; every t0 bucket below rehashIdx is empty.
   *  T3 every node of table t sits in bucket (hash & mask_t), and hash is the low 32 bits of
   *     MemberHash(member).
   *  T4 table sizes are powers of two in [4, 2^30]; directories have the Segments shape.
   *  T5 pauseRehash >= 0 (0 outside scan).
   *  T6 MemberBins': an indexed bucket's chain is its index's entries in member order.
   *
   * Indexed buckets (MemberBins, bins0/bins1 for t0/t1, null while a table has none): the hot
   * loops count the entries they walk and hand a chain of MemberBins.TREEIFY entries to the *Long
   * paths, which index it (not while a scan's visitor runs: that would reorder the chain it walks)
   * and answer through the index. add, replace and the rehash step ask the bins only when the
   * table has some.
   */

  private static final IntFunction<ZEntry[]> NEW_SEGMENT = ZEntry[]::new;

  private final MemberHash hasher;
  private ZEntry[][] t0;
  private ZEntry[][] t1;
  private int exp0 = -1;
  private int exp1 = -1;
  private int mask0;
  private int mask1;
  private int used0;
  private int used1;
  private int rehashIdx = -1;
  private int pauseRehash;
  private int modCount;
  private boolean shrinkCheckDeferred;
  private MemberBins bins0;
  private MemberBins bins1;

  /** Member comparisons made by the indexed buckets (tests: the flood test counts operations). */
  long binCompares;

  /** A table hashing under a fresh random key. */
  MemberTable() {
    this(new MemberHash());
  }

  /** A table with the given hash (tests: a fixed key, or a hash that collides on purpose). */
  MemberTable(MemberHash hasher) {
    this.hasher = hasher;
  }

  int size() {
    return used0 + used1;
  }

  /** The member's hash. Redis: dictHashKey. */
  long hash(byte[] member) {
    return hasher.hash(member);
  }

  /** The node holding {@code member}, or null. Redis: dictFind. */
  ZEntry get(byte[] member) {
    return find(member, hash(member));
  }

  /** {@link #get} with the hash computed: ZADD hashes once for its lookup and its insert. */
  ZEntry find(byte[] member, long h) {
    if (used0 + used1 == 0) {
      return null;
    }
    if (rehashIdx >= 0 && pauseRehash == 0) {
      rehash(1);
    }
    int b0 = (int) h & mask0;
    if (b0 >= rehashIdx) { // always true when not rehashing (rehashIdx == -1)
      ZEntry e = findIn(0, t0, b0, member, (int) h);
      if (e != null || rehashIdx < 0) {
        return e;
      }
    }
    return findIn(1, t1, (int) h & mask1, member, (int) h);
  }

  private ZEntry findIn(int t, ZEntry[][] dir, int b, byte[] member, int h) {
    int walked = 0;
    for (ZEntry e = Segments.get(dir, b); e != null; e = e.chain) {
      if (e.hash == h && Arrays.equals(e.member, member)) {
        return e;
      }
      if (++walked == MemberBins.TREEIFY) {
        return findLong(t, b, member, h);
      }
    }
    return null;
  }

  /** A lookup in a chain of TREEIFY entries or more: through its index, made if need be. */
  private ZEntry findLong(int t, int b, byte[] member, int h) {
    TreeMap<byte[], ZEntry> bin = indexedBin(t, b);
    if (bin != null) {
      return bin.get(member);
    }
    for (ZEntry e = Segments.get(t == 0 ? t0 : t1, b); e != null; e = e.chain) {
      if (e.hash == h && Arrays.equals(e.member, member)) {
        return e;
      }
    }
    return null;
  }

  /** The index of bucket b of table t, made now unless a scan's visitor is running; or null. */
  private TreeMap<byte[], ZEntry> indexedBin(int t, int b) {
    MemberBins bins = t == 0 ? bins0 : bins1;
    TreeMap<byte[], ZEntry> bin = bins == null ? null : bins.get(b);
    if (bin != null || pauseRehash > 0) {
      return bin;
    }
    if (bins == null) {
      bins = new MemberBins(this);
      if (t == 0) {
        bins0 = bins;
      } else {
        bins1 = bins;
      }
    }
    return t == 0 ? bins.index(t0, exp0, b) : bins.index(t1, exp1, b);
  }

  /**
   * Links a node whose member is absent (the caller's lookup just missed and nothing changed the
   * table since), with the member's hash. Redis: dictAdd after a failed dictFind (zsetAdd).
   */
  void addAbsent(ZEntry n, long h) {
    if (rehashIdx >= 0 && pauseRehash == 0) {
      rehash(1);
    }
    expandIfNeeded();
    n.hash = (int) h;
    if (rehashIdx >= 0) {
      int b = (int) h & mask1;
      if (bins1 == null || !bins1.add(t1, exp1, b, n)) {
        n.chain = Segments.get(t1, b);
        Segments.set(t1, exp1, b, n, NEW_SEGMENT);
      }
      used1++;
    } else {
      int b = (int) h & mask0;
      if (bins0 == null || !bins0.add(t0, exp0, b, n)) {
        n.chain = Segments.get(t0, b);
        Segments.set(t0, exp0, b, n, NEW_SEGMENT);
      }
      used0++;
    }
    modCount++;
  }

  /**
   * Indexes {@code n} under {@code member} (its own member array, absent from the table): the
   * algebra and copy paths, which build a set from distinct members. Redis: dictAdd.
   */
  void put(byte[] member, ZEntry n) {
    assert member == n.member;
    long h = hash(member);
    assert find(member, h) == null : "member present";
    addAbsent(n, h);
  }

  /**
   * Replaces {@code old} by {@code neu} (same member, a node zslUpdateScore re-created) in its
   * chain, keeping the hash: no rehash step, no resize. Redis 7.0 updates the dict entry's value in
   * place (dictGetVal); here the node is the entry.
   */
  void replace(ZEntry old, ZEntry neu) {
    neu.hash = old.hash;
    int t = tableOf(old);
    ZEntry[][] dir = t == 0 ? t0 : t1;
    int b = old.hash & (t == 0 ? mask0 : mask1);
    MemberBins bins = t == 0 ? bins0 : bins1;
    if (bins != null && bins.replace(dir, t == 0 ? exp0 : exp1, b, old, neu)) {
      return;
    }
    ZEntry prev = null;
    ZEntry e = Segments.get(dir, b);
    while (e != old) {
      prev = e;
      e = e.chain;
    }
    neu.chain = old.chain;
    old.chain = null;
    if (prev == null) {
      Segments.set(dir, t == 0 ? exp0 : exp1, b, neu, NEW_SEGMENT);
    } else {
      prev.chain = neu;
    }
  }

  /** The table (0 or 1) holding a node that is in the index. */
  private int tableOf(ZEntry n) {
    int b0 = n.hash & mask0;
    if (rehashIdx < 0) {
      return 0;
    }
    if (b0 < rehashIdx) {
      return 1;
    }
    TreeMap<byte[], ZEntry> bin = bins0 == null ? null : bins0.get(b0);
    if (bin != null) {
      return bin.get(n.member) == n ? 0 : 1;
    }
    for (ZEntry e = Segments.get(t0, b0); e != null; e = e.chain) {
      if (e == n) {
        return 0;
      }
    }
    return 1;
  }

  /**
   * Unlinks and returns the node holding {@code member}, or null; then checks the shrink rule.
   * Redis: dictDelete (zsetRemoveFromSkiplist), then htNeedsResize/dictResize. The two-table probe
   * order repeats Dict.remove's over another node type (a shared form would put an interface call
   * on both tables' hot paths); the table mechanics themselves are dict.internal's.
   */
  ZEntry remove(byte[] member) {
    if (used0 + used1 == 0) {
      return null;
    }
    if (rehashIdx >= 0 && pauseRehash == 0) {
      rehash(1);
    }
    long h = hash(member);
    int b0 = (int) h & mask0;
    ZEntry e = b0 >= rehashIdx ? unlink(0, b0, member, h) : null;
    if (e != null) {
      used0--;
    } else if (rehashIdx >= 0) {
      e = unlink(1, (int) h & mask1, member, h);
      if (e != null) {
        used1--;
      }
    }
    if (e != null) {
      modCount++;
      shrinkIfNeeded();
    }
    return e;
  }

  private ZEntry unlink(int t, int b, byte[] member, long h) {
    MemberBins bins = t == 0 ? bins0 : bins1;
    if (bins != null && bins.get(b) != null) {
      return unlinkLong(t, b, member, h); // an indexed chain unlinks through its index
    }
    ZEntry[][] dir = t == 0 ? t0 : t1;
    ZEntry prev = null;
    int walked = 0;
    for (ZEntry e = Segments.get(dir, b); e != null; prev = e, e = e.chain) {
      if (e.hash == (int) h && Arrays.equals(e.member, member)) {
        if (prev == null) {
          Segments.set(dir, t == 0 ? exp0 : exp1, b, e.chain, NEW_SEGMENT);
        } else {
          prev.chain = e.chain;
        }
        e.chain = null;
        return e;
      }
      if (++walked == MemberBins.TREEIFY) {
        return unlinkLong(t, b, member, h);
      }
    }
    return null;
  }

  /** An unlink from a chain of TREEIFY entries or more: through its index, made if need be. */
  private ZEntry unlinkLong(int t, int b, byte[] member, long h) {
    ZEntry[][] dir = t == 0 ? t0 : t1;
    int exp = t == 0 ? exp0 : exp1;
    if (indexedBin(t, b) != null) {
      MemberBins bins = t == 0 ? bins0 : bins1;
      ZEntry e = bins.unlink(dir, exp, b, member);
      if (bins.isEmpty()) {
        dropBins(t);
      }
      return e;
    }
    ZEntry prev = null;
    for (ZEntry e = Segments.get(dir, b); e != null; prev = e, e = e.chain) {
      if (e.hash == (int) h && Arrays.equals(e.member, member)) {
        if (prev == null) {
          Segments.set(dir, exp, b, e.chain, NEW_SEGMENT);
        } else {
          prev.chain = e.chain;
        }
        e.chain = null;
        return e;
      }
    }
    return null;
  }

  private void dropBins(int t) {
    if (t == 0) {
      bins0 = null;
    } else {
      bins1 = null;
    }
  }

  // ------------------------------------------------------------------ resizing and rehashing

  /** Sizes an empty table for {@code n} members (zsetConvert's dictExpand). Redis: dictExpand. */
  void expand(long n) {
    resize(n);
  }

  /** Redis: _dictExpandIfNeeded (7.0.15 policy, resizing allowed). */
  private void expandIfNeeded() {
    if (rehashIdx >= 0) {
      return;
    }
    if (t0 == null) {
      resize(1L << TablePolicy.INITIAL_EXP);
    } else if (TablePolicy.needsGrow(used0, exp0, true)) {
      resize(used0 + 1L);
    }
  }

  /** Redis: htNeedsResize + dictResize; deferred to the rehash's end while one runs. */
  private void shrinkIfNeeded() {
    if (rehashIdx >= 0) {
      shrinkCheckDeferred = true;
      return;
    }
    shrinkCheckDeferred = false;
    if (t0 != null && TablePolicy.needsShrink(used0, exp0)) {
      resize(Math.max(used0, 1L << TablePolicy.INITIAL_EXP));
    }
  }

  /** Redis: _dictExpand. Refused while rehashing, below the entry count, or for the same size. */
  private void resize(long size) {
    if (rehashIdx >= 0 || used0 > size) {
      return;
    }
    int exp = TablePolicy.nextExp(size);
    if (exp == exp0) {
      return;
    }
    ZEntry[][] dir = new ZEntry[Segments.directoryLength(exp)][];
    if (t0 == null) {
      t0 = dir;
      exp0 = exp;
      mask0 = (1 << exp) - 1;
      return;
    }
    t1 = dir;
    exp1 = exp;
    mask1 = (1 << exp) - 1;
    used1 = 0;
    rehashIdx = 0;
  }

  /** Redis: dictRehash: moves up to {@code n} buckets, visiting at most {@code 10 n} empty ones. */
  private void rehash(int n) {
    long emptyVisits = 10L * n;
    while (n-- > 0 && used0 != 0) {
      ZEntry e;
      while ((e = Segments.get(t0, rehashIdx)) == null) {
        advanceRehashIdx(Segments.emptySkip(t0, rehashIdx));
        if (--emptyVisits == 0) {
          return;
        }
      }
      Segments.set(t0, exp0, rehashIdx, null, NEW_SEGMENT);
      if (bins0 != null) {
        bins0.drop(rehashIdx);
        if (bins0.isEmpty()) {
          bins0 = null;
        }
      }
      while (e != null) {
        ZEntry next = e.chain;
        int b = e.hash & mask1;
        if (bins1 != null) {
          bins1.drop(b); // the entry goes to the head: the chain is no longer in member order
        }
        e.chain = Segments.get(t1, b);
        Segments.set(t1, exp1, b, e, NEW_SEGMENT);
        used0--;
        used1++;
        e = next;
      }
      advanceRehashIdx(1);
    }
    if (used0 == 0) {
      t0 = t1;
      exp0 = exp1;
      mask0 = mask1;
      used0 = used1;
      t1 = null;
      exp1 = -1;
      mask1 = 0;
      used1 = 0;
      bins0 = bins1 == null || bins1.isEmpty() ? null : bins1;
      bins1 = null;
      rehashIdx = -1;
      if (shrinkCheckDeferred) {
        shrinkIfNeeded();
      }
    }
  }

  private void advanceRehashIdx(int by) {
    int before = rehashIdx;
    rehashIdx += by;
    Segments.releasePassed(t0, before, rehashIdx);
  }

  // ------------------------------------------------------------------ scan

  /**
   * One ZSCAN call over the nodes: Redis's SCAN loop over dictScan steps ({@link
   * TablePolicy#scan}), rehashing paused; {@code budget} steps after the first. Redis: zscanCommand
   * / scanGenericCommand.
   *
   * @throws ConcurrentModificationException if the visitor adds or removes members
   */
  long scan(long cursor, int count, long budget, Consumer<ZEntry> visitor) {
    Objects.requireNonNull(visitor, "visitor");
    if (used0 + used1 == 0) {
      return 0;
    }
    pauseRehash++;
    try {
      int mod = modCount;
      int e1 = rehashIdx < 0 ? -1 : exp1;
      return TablePolicy.scan(
          cursor, count, budget, exp0, e1, (t, b) -> emit(t == 0 ? t0 : t1, b, visitor, mod));
    } finally {
      pauseRehash--;
    }
  }

  private int emit(ZEntry[][] dir, int b, Consumer<ZEntry> visitor, int mod) {
    int n = 0;
    ZEntry e = Segments.get(dir, b);
    while (e != null) {
      ZEntry next = e.chain;
      visitor.accept(e);
      n++;
      if (modCount != mod) {
        throw new ConcurrentModificationException("scan visitor modified the set");
      }
      e = next;
    }
    return n;
  }

  /** Whether a rehash is in progress (tests). */
  boolean isRehashing() {
    return rehashIdx >= 0;
  }

  // ------------------------------------------------------------------ invariants

  /** Checks T1..T5; throws AssertionError. O(buckets + size). */
  void checkInvariants() {
    check(pauseRehash >= 0, "T5 pauseRehash");
    check((t1 == null) == (rehashIdx < 0), "T2 t1 exists iff rehashing");
    if (t0 == null) {
      check(used0 == 0 && used1 == 0 && exp0 == -1, "T4 no table but used");
      return;
    }
    check(countTable(t0, exp0, mask0) == used0, "T1 used0");
    if (bins0 != null) {
      bins0.checkInvariants(t0);
    }
    check(bins1 == null || rehashIdx >= 0, "T6 bins of a second table not rehashing");
    if (bins1 != null) {
      bins1.checkInvariants(t1);
    }
    if (rehashIdx >= 0) {
      for (int b = 0; b < rehashIdx && b <= mask0; b++) {
        check(Segments.get(t0, b) == null, "T2 t0 bucket below rehashIdx");
      }
      check(countTable(t1, exp1, mask1) == used1, "T1 used1");
    } else {
      check(used1 == 0, "T1 used1 while not rehashing");
    }
  }

  private int countTable(ZEntry[][] dir, int exp, int mask) {
    check(exp >= TablePolicy.INITIAL_EXP && exp <= Segments.MAX_EXP, "T4 exp " + exp);
    check(mask == (1 << exp) - 1, "T4 mask");
    check(dir.length == Segments.directoryLength(exp), "T4 directory length");
    int count = 0;
    for (int s = 0; s < dir.length; s++) {
      ZEntry[] seg = dir[s];
      check(seg == null || seg.length == Segments.segmentLength(exp), "T4 segment length");
      for (int i = 0; seg != null && i < seg.length; i++) {
        for (ZEntry e = seg[i]; e != null; e = e.chain) {
          check((e.hash & mask) == ((s << Segments.SEG_BITS) | i), "T3 bucket");
          check(e.hash == (int) hash(e.member), "T3 stale hash");
          count++;
        }
      }
    }
    return count;
  }

  private static void check(boolean ok, String what) {
    if (!ok) {
      throw new AssertionError("MemberTable invariant broken: " + what);
    }
  }
}
