package dev.redstruct.skiplist;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The add index of one compact zset ({@link ListPackZSet}): every pair's byte offset and
 * float-rounded score, and a Bloom filter of the members, so that ZADD of a fresh member skips
 * zzlFind's and zzlInsert's O(n) walks. Owned by its set, which keeps it exact or drops it.
 */
final class ListPackZSetIndex {
  /*
   * Implementation notes.
   *
   * Redis's zzlInsert (src/t_zset.c, 7.0.15) walks the whole listpack for every ZADD: zzlFind
   * compares the member with every pair to prove it absent, then the insert loop reads scores
   * until the first greater pair. This index keeps what the walks rediscover each time:
   *
   *   slots[i]    pair i's key in the high 32 bits and the byte offset of its member element in
   *               the low 32, for i < pairs. The key is the score rounded to float (-0 as +0), its
   *               bits made to sort as a signed int; rounding is monotone, so keys never decrease
   *               along the pairs and key(a) < key(b) implies a < b.
   *   bloom       2^k bits, three bits per member hash (hash of the member's bytes as compared: an
   *               integer element hashes as its decimal text).
   *
   * A fresh member's add then costs a hash, three bit tests, a binary search over the slots, a
   * read of the pairs whose key ties with the new score's (usually none), and the insert. A filter
   * hit falls back to the walk, which is exact.
   *
   * Following edits. An insert or delete at offset o that changes the listpack's length by g moves
   * every later element by exactly g (listpack elements never depend on their neighbours), so the
   * later slots shift by one and their offsets by g. A deleted member's bits stay in the filter
   * (false positives only); `added` counts members put into the filter since the build, and past
   * the filter's capacity (8 bits per member) the index asks to be dropped, to be rebuilt by the
   * next walked add.
   *
   * Invariants (checkInvariants): I1 pairs == the set's pair count; I2 slot i's low half is pair i's
   * member offset; I3 its high half is key(pair i's score); I4 every member's bits are set in the
   * filter; I5 added <= filter capacity (bits / 8).
   */

  /** Sets with fewer pairs than this get no index (the walk is cheaper than the upkeep). */
  static final int MIN_PAIRS = 16;

  /** Largest set indexed (its slots and filter stay below 100 KiB). */
  static final int MAX_PAIRS = 8192;

  private static final int MIN_BLOOM_BITS = 512;

  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private int pairs;
  private int added;
  private long[] slots;
  private final long[] bloom;

  private ListPackZSetIndex(int capacity, int bloomBits) {
    this.slots = new long[capacity];
    this.bloom = new long[bloomBits >>> 6];
  }

  /** The score's float key, as a signed int that sorts as the float does (-0 as +0). */
  static int key(double score) {
    int b = Float.floatToRawIntBits((float) score + 0.0f);
    return b ^ ((b >> 31) & 0x7FFFFFFF);
  }

  /**
   * Builds the index of {@code z} by walking it, or returns null if the set is too small or too
   * large to be worth one. {@code limit} is the set's entries limit, which sizes the filter.
   */
  static ListPackZSetIndex build(ListPackZSet z, int limit) {
    int n = z.length();
    if (n < MIN_PAIRS || n > MAX_PAIRS) {
      return null;
    }
    int most = Math.min(Math.max(n + 1, limit), MAX_PAIRS);
    int bits = Math.max(MIN_BLOOM_BITS, Integer.highestOneBit(most * 8 - 1) << 1);
    ListPackZSetIndex ix = new ListPackZSetIndex(Math.min(n + (n >> 2) + 1, most), bits);
    ListPackZSetPairs p = z.decode();
    int[] offsets = z.offsets();
    for (int i = 0; i < n; i++) {
      ix.slots[i] = ((long) key(p.scores[i]) << 32) | offsets[i];
      ix.add(hash(p.members[i], 0, p.members[i].length));
    }
    ix.pairs = n;
    ix.added = n;
    return ix;
  }

  int pairs() {
    return pairs;
  }

  /** Offset of pair i's member element. */
  int offset(int i) {
    return (int) slots[i];
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
   * Records the pair just inserted as pair {@code at} with {@code score} at offset {@code o}, the
   * listpack having grown by {@code growth} bytes; {@code limit} is the set's entries limit.
   * Returns false when the index cannot follow (and must be dropped).
   */
  boolean inserted(int at, double score, long memberHash, int o, int growth, int limit) {
    if (added + 1 > (bloom.length << 3)) {
      return false; // the filter is full
    }
    if (pairs == slots.length) {
      if (pairs >= MAX_PAIRS) {
        return false;
      }
      // Growth by a quarter keeps the slack of a set between sizes small.
      slots = Arrays.copyOf(slots, Math.min(pairs + (pairs >> 2) + 1, Math.max(limit, pairs + 1)));
    }
    long[] a = slots;
    for (int i = pairs - 1; i >= at; i--) {
      a[i + 1] = a[i] + growth; // offsets stay below 2^31: no carry into the key
    }
    a[at] = ((long) key(score) << 32) | o;
    pairs++;
    added++;
    add(memberHash);
    return true;
  }

  /**
   * Records that {@code count} pairs from pair {@code at} were deleted, the listpack having shrunk
   * by {@code shrink} bytes. Always follows (returns true); the filter keeps their bits.
   */
  boolean removed(int at, int count, int shrink) {
    long[] a = slots;
    for (int i = at + count; i < pairs; i++) {
      a[i - count] = a[i] - shrink;
    }
    pairs -= count;
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

  /** Checks I1..I5 against the decoded pairs of {@code z}; throws AssertionError. */
  void checkInvariants(ListPackZSet z, ListPackZSetPairs p) {
    if (pairs != p.n) {
      throw new AssertionError("compact index invariant broken: I1 pairs " + pairs + " != " + p.n);
    }
    if (added > (bloom.length << 3)) {
      throw new AssertionError("compact index invariant broken: I5 filter over capacity");
    }
    int[] offsets = z.offsets();
    for (int i = 0; i < p.n; i++) {
      if (offset(i) != offsets[i]) {
        throw new AssertionError("compact index invariant broken: I2 offset of pair " + i);
      }
      if ((int) (slots[i] >>> 32) != key(p.scores[i])) {
        throw new AssertionError("compact index invariant broken: I3 key of pair " + i);
      }
      if (!mayContain(hash(p.members[i], 0, p.members[i].length))) {
        throw new AssertionError("compact index invariant broken: I4 filter misses pair " + i);
      }
    }
  }
}
