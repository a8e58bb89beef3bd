package dev.redstruct.skiplist;

import dev.redstruct.core.RedisNumbers;
import dev.redstruct.ziplist.ZipList;
import dev.redstruct.ziplist.internal.ZipListPositions;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * A side index of one compact zset's ziplist that lets ZADD of a fresh member skip the O(n) walk:
 * every pair's byte offset and float-rounded score, and a Bloom filter of the members. Valid only
 * for the exact bytes it was last synchronised with; anything else that changes the ziplist makes
 * it stale, and a stale index is simply not used (the next add walks and rebuilds it).
 */
final class ZipListZSetIndex {
  /*
   * Implementation notes.
   *
   * Redis's zzlInsert (src/t_zset.c, 7.0.15) walks the whole listpack for every ZADD: zzlFind
   * compares the member with every pair to prove it absent, then the insert loop reads scores
   * until the first greater pair. Both are O(n) chains of dependent loads (about 8 ns per entry
   * here, so a 128-member set cost about 1 us per add). This index keeps what the walk
   * rediscovers each time:
   *
   *   slots[i]    pair i's key in the high 32 bits and the byte offset of its member entry
   *               (ZipList.positionOffset) in the low 32, for i < pairs. The key is the score
   *               rounded to float (-0 as +0), its bits made to sort as a signed int; rounding is
   *               monotone, so keys never decrease along the pairs and key(a) < key(b) implies
   *               a < b.
   *   bloom       2^k bits, three bits per member hash (hash of the member's canonical bytes: an
   *               integer entry hashes as its decimal text, which is what it compares equal to).
   *
   * A fresh member's add then costs a hash, three bit tests, a binary search over the slots (no
   * ziplist access), a read of the pairs whose key ties with the new score's (usually none or
   * one: ZipList.visitFrom at their offset, a score parse, maybe a member compare), and the
   * insert. A Bloom hit (about 1 in 100 on average while a default set fills) falls back to
   * the walk, which is exact. Measured on the benchmark's 128 adds (CPU time, scratch driver):
   * reading log2(n) pairs instead of comparing keys took 52 us against 36; a char array of
   * offsets and a float array of keys (two arrays to shift and update per insert) about 2 us
   * more than one long per pair.
   *
   * Staleness. The index records the list object and its endPosition() token (the layout version
   * and the end offset); every change to a ziplist bumps its version, so any change not made
   * through inserted() (deletes, updates, range removes, pops, a replaced or converted list) is
   * seen at the next add, in O(1), and the index is rebuilt from that add's walk. The index never
   * has to follow those paths. A stale index is dropped at the first add that sees it (an update
   * walks and does not rebuild): the version is 32 bits, and an index kept stale through 2^32
   * changes with the blob at its old length would look current again.
   *
   * Keeping it exact across our own inserts. After inserting the pair at offset o, whose follower
   * now starts at o2, the old entries from o on moved uniformly by the blob's growth g exactly
   * when g == o2 - o (ZipList.positionOffset); otherwise a prevlen field changed size (members of
   * 250+ bytes, or a cascade) and the index is dropped.
   *
   * Footprint. Sets of at most MIN_PAIRS pairs have no index of their own, so a 16-member set
   * pays only ZSet's reference field: there, one index per thread serves the small set that the
   * thread added to twice in a row (a bulk ZADD, a set being filled), and it becomes the set's own
   * when the set passes MIN_PAIRS. The thread's index keeps that one small list reachable until
   * the thread indexes another; small sets added to in turn never build one (each add walks, as
   * before, instead of rebuilding an index per add). At 128 members: 8 bytes of slot and 1 of
   * filter per member, plus headers. The filter is sized once for the set's entries limit (8 bits
   * per member at the limit), so a growing set does not walk again to widen it.
   *
   * Invariants (checkInvariants, when current): I1 pairs == the list's pair count; I2 slot i's
   * low half is pair i's member entry offset; I3 its high half is key(pair i's score); I4 every
   * member's bits are set in the filter; I5 pairs <= bloom capacity (bits / 8).
   */

  /** Sets with fewer pairs than this get no index of their own. */
  static final int MIN_PAIRS = 16;

  /** Smaller sets than this are always walked (the walk is cheaper than the index's upkeep). */
  static final int MIN_THREAD_PAIRS = 4;

  private static final int MIN_BLOOM_BITS = 512;

  /** Largest set indexed (its slots and filter stay below 100 KiB). */
  static final int MAX_PAIRS = 8192;

  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private ZipList list;
  private long end;
  private int pairs;
  private long[] slots;
  private long[] bloom;

  // The placement of the absent member of the add in progress (ZipListZSetLocator.place), read
  // by the insert that follows: kept here so that the common path needs no thread-local lookup.
  long insertAt;
  int insertPair;
  long memberHash;

  private ZipListZSetIndex(ZipList list, int capacity, int bloomBits) {
    this.list = list;
    this.slots = new long[capacity];
    this.bloom = new long[bloomBits >>> 6];
  }

  /** The score's float key, as a signed int that sorts as the float does (-0 as +0). */
  static int key(double score) {
    int b = Float.floatToRawIntBits((float) score + 0.0f);
    return b ^ ((b >> 31) & 0x7FFFFFFF);
  }

  /** Whether this index describes {@code zl}'s current bytes. */
  boolean current(ZipList zl) {
    return zl == list && ZipListPositions.endPosition(zl) == end;
  }

  int pairs() {
    return pairs;
  }

  /** Whether this index was built for {@code zl} (current or not). */
  boolean indexes(ZipList zl) {
    return zl == list;
  }

  /** Offset of pair i's member entry. */
  int offset(int i) {
    return (int) slots[i];
  }

  /**
   * Builds the index of {@code zl} from a walk that noted every pair (the member was absent), or
   * returns null if the set is too small or too large to be worth one. {@code limit} is the set's
   * entries limit, which sizes the filter.
   */
  static ZipListZSetIndex build(ZipList zl, ZipListZSetLocator walk, int limit) {
    int n = walk.notedPairs();
    if (n < MIN_THREAD_PAIRS || n > MAX_PAIRS) {
      return null;
    }
    int most = Math.min(Math.max(n + 1, limit), MAX_PAIRS);
    int bits = Math.max(MIN_BLOOM_BITS, Integer.highestOneBit(most * 8 - 1) << 1);
    ZipListZSetIndex ix = new ZipListZSetIndex(zl, Math.min(n + (n >> 2) + 1, most), bits);
    for (int i = 0; i < n; i++) {
      int o = ZipListPositions.positionOffset(zl, walk.notedPosition(i));
      ix.slots[i] = ((long) key(walk.notedScore(i)) << 32) | o;
      ix.add(walk.notedMemberHash(i));
    }
    ix.pairs = n;
    ix.end = ZipListPositions.endPosition(zl);
    return ix;
  }

  /** False only when the member is certainly absent. */
  boolean mayContain(long h) {
    int mask = (bloom.length << 6) - 1;
    return bit((int) h & mask) && bit((int) (h >>> 21) & mask) && bit((int) (h >>> 42) & mask);
  }

  private boolean bit(int b) {
    return (bloom[b >>> 6] & (1L << b)) != 0;
  }

  private void add(long h) {
    int mask = (bloom.length << 6) - 1;
    set((int) h & mask);
    set((int) (h >>> 21) & mask);
    set((int) (h >>> 42) & mask);
  }

  private void set(int b) {
    bloom[b >>> 6] |= 1L << b;
  }

  /** First pair whose key is at least k (every pair before it sorts before any score of key k). */
  int firstKeyNotBelow(int k) {
    // Branch-free lower bound (the compare is a conditional move): the keys of a random insert
    // give the predictor nothing to learn.
    long v = (long) k << 32;
    long[] a = slots;
    int n = pairs;
    if (n == 0) {
      return 0;
    }
    int base = 0;
    while (n > 1) {
      int half = n >>> 1;
      base = a[base + half] < v ? base + half : base;
      n -= half;
    }
    return a[base] < v ? base + 1 : base;
  }

  /** First pair from {@code from} on whose key is above k (it sorts after any score of key k). */
  int firstKeyAbove(int k, int from) {
    long v = (long) (k + 1) << 32; // k < MAX_VALUE: NaN has no key
    long[] a = slots;
    int i = from;
    while (i < pairs && a[i] < v) {
      i++; // ties of float keys are rare: usually no step at all
    }
    return i;
  }

  /**
   * Records the pair just inserted as pair {@code at} with {@code score}, whose member entry went
   * in at offset {@code o}; {@code o2} is the offset of the entry now after its score, {@code
   * growth} the blob's growth and {@code limit} the set's entries limit. Returns false when the
   * index cannot follow (and must be dropped).
   */
  boolean inserted(
      ZipList zl, int at, double score, long memberHash, int o, int o2, int growth, int limit) {
    if (o2 - o != growth || pairs + 1 > (bloom.length << 3)) {
      return false; // a prevlen field changed size, or the filter is full
    }
    if (pairs == slots.length) {
      if (pairs >= MAX_PAIRS) {
        return false;
      }
      // Growth by a quarter keeps the slack of a set between sizes small (footprint at n=64).
      slots = Arrays.copyOf(slots, Math.min(pairs + (pairs >> 2) + 1, Math.max(limit, pairs + 1)));
    }
    long[] a = slots;
    int n = pairs;
    for (int i = n - 1; i >= at; i--) {
      a[i + 1] = a[i] + growth; // offsets stay below 2^31: no carry into the key
    }
    a[at] = ((long) key(score) << 32) | o;
    pairs = n + 1;
    add(memberHash);
    end = ZipListPositions.endPosition(zl);
    return true;
  }

  /**
   * The member's hash, over its bytes as compared: a 64-bit multiply-xorshift over 8-byte words. A
   * member of 8 or more bytes whose length is not a multiple of 8 takes its last 8 bytes as the
   * tail word (they overlap the last full word; the length is mixed in already), in one load.
   */
  static long hash(byte[] b, int off, int len) {
    long h = 0x9E3779B97F4A7C15L * (len + 1);
    int i = 0;
    for (; i + 8 <= len; i += 8) {
      h = Long.rotateLeft(h ^ (long) LONGS.get(b, off + i), 29) * 0xBF58476D1CE4E5B9L;
    }
    long tail = 0;
    if (i < len && len >= 8) {
      tail = (long) LONGS.get(b, off + len - 8); // the last 8 bytes, overlapping the last word
    } else {
      for (int s = 0; i < len; i++, s += 8) {
        tail |= (b[off + i] & 0xFFL) << s;
      }
    }
    h = (h ^ tail) * 0x94D049BB133111EBL;
    h ^= h >>> 31;
    h *= 0xBF58476D1CE4E5B9L;
    return h ^ (h >>> 29);
  }

  /** Hash of an integer entry: that of its decimal text, using {@code digits} as scratch. */
  static long hash(long value, byte[] digits) {
    return hash(digits, 0, RedisNumbers.ll2string(value, digits, 0));
  }

  /** Checks I1..I5 against a walk of {@code zl} when current; throws AssertionError. */
  void checkInvariants(ZipList zl) {
    if (!current(zl)) {
      return;
    }
    ZipListZSetLocator walk = new ZipListZSetLocator();
    walk.noteAll(zl);
    int n = walk.notedPairs();
    if (pairs != n || n != ZipListZSet.length(zl)) {
      throw new AssertionError("compact index invariant broken: I1 pairs " + pairs + " != " + n);
    }
    if (pairs > (bloom.length << 3)) {
      throw new AssertionError("compact index invariant broken: I5 filter over capacity");
    }
    for (int i = 0; i < n; i++) {
      if (offset(i) != ZipListPositions.positionOffset(zl, walk.notedPosition(i))) {
        throw new AssertionError("compact index invariant broken: I2 offset of pair " + i);
      }
      if ((int) (slots[i] >>> 32) != key(walk.notedScore(i))) {
        throw new AssertionError("compact index invariant broken: I3 key of pair " + i);
      }
      if (!mayContain(walk.notedMemberHash(i))) {
        throw new AssertionError("compact index invariant broken: I4 filter misses pair " + i);
      }
    }
    walk.release();
  }
}
