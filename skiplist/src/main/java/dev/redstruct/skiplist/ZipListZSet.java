package dev.redstruct.skiplist;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.core.RedisNumbers;
import dev.redstruct.ziplist.ZipList;
import dev.redstruct.ziplist.ZipListEntryConsumer;
import dev.redstruct.ziplist.internal.ZipListPositions;
import java.util.Arrays;

/**
 * The compact zset encoding: a {@link ZipList} of alternating member and score entries, sorted by
 * (score, member). Static helpers in the manner of Redis's {@code zzl*} functions.
 */
final class ZipListZSet {
  /*
   * Implementation notes.
   *
   * Layout (Redis 6.2's ziplist zset; Redis 7.0 converts it to a listpack when it loads RDB type
   * 12): [m0][s0][m1][s1]... with (s0, m0) < (s1, m1) < ... A member that looks like a canonical
   * integer is stored by the ziplist as an integer entry and read back as the same decimal text.
   *
   * Score storage follows 7.0's zzlInsertAt: a score that double2ll accepts (integral, within
   * +-LLONG_MAX/2) is stored as an integer entry; any other is stored as its d2string text
   * (%.17g, "inf", "-inf"). Hence -0.0 is stored as 0 and reads back as +0, exactly as ZSCORE
   * shows on a listpack-encoded key in Redis 7.0.
   *
   * ZADD of a fresh member (locateForAdd, insertLocated) goes through the set's add index
   * (ZipListZSetIndex) when it is current, instead of zzlInsert's walk; the bytes written are the
   * same (ZipList.insertTwoAtPosition writes what zzlInsertAt's two inserts write).
   *
   * Invariants (checkInvariants): I1 even entry count; I2 every score entry parses to a non-NaN
   * double with string2d; I3 pairs strictly increasing by (score, unsigned member bytes), hence no
   * member twice. load() establishes them for a foreign blob (and rebuilds one whose text scores are
   * longer than zzlStrtod's 127 bytes, which it would read differently).
   */

  private static final double LL_HALF = (double) (Long.MAX_VALUE / 2);

  private static final byte[] MINUS_ZERO_TEXT = {'-', '0'};

  /** zzlStrtod reads at most this many bytes of a text score (its buffer is 128 with the NUL). */
  static final int ZZL_STRTOD_MAX = 127;

  /** Tests turn the add index off to compare blobs with and without it; nothing else writes it. */
  static boolean indexing = true;

  private ZipListZSet() {}

  /**
   * Decoded copy of the pairs, in order; n is small (the compact thresholds). Filled by one {@link
   * ZipList#forEachEntry} walk, the consumer being the object itself: no cursor, and text scores
   * parsed where they lie in the ziplist's array.
   */
  static final class Pairs implements ZipListEntryConsumer {
    final byte[][] members;
    final double[] scores;
    final int n;
    // Loading a foreign blob (load): text scores read as zzlStrtod reads them, see loadScore.
    private final boolean loading;
    // Set while loading when a text score is not one string2d reads the same way (see load).
    boolean rewrite;
    private int entries; // entries seen by the walk: pair entries / 2, member when even

    Pairs(int n) {
      this(n, false);
    }

    private Pairs(int n, boolean loading) {
      this.n = n;
      this.members = new byte[n][];
      this.scores = new double[n];
      this.loading = loading;
    }

    @Override
    public void string(byte[] array, int offset, int length) {
      int e = entries++;
      if (e >= 2 * n) {
        return;
      } else if ((e & 1) == 0) {
        members[e >> 1] = Arrays.copyOfRange(array, offset, offset + length);
      } else {
        scores[e >> 1] =
            loading
                ? loadScore(array, offset, length)
                : RedisNumbers.parseScoreOrNaN(array, offset, length);
      }
    }

    /**
     * A text score as Redis reads it (zzlStrtod: strtod's prefix of at most 127 bytes, so {@code
     * "abc"} is 0); notes a rewrite when string2d, which every later read uses (I2), would differ.
     */
    private double loadScore(byte[] array, int offset, int length) {
      double d =
          length <= ZZL_STRTOD_MAX
              ? RedisNumbers.parseScoreOrNaN(array, offset, length)
              : Double.NaN;
      if (Double.isNaN(d)) {
        rewrite = true;
        d = RedisNumbers.strtodPrefix(array, offset, Math.min(length, ZZL_STRTOD_MAX));
      }
      return d;
    }

    @Override
    public void integer(long value) {
      int e = entries++;
      if (e >= 2 * n) {
        return;
      } else if ((e & 1) == 0) {
        members[e >> 1] = RedisNumbers.ll2string(value);
      } else {
        scores[e >> 1] = value;
      }
    }
  }

  /**
   * Checks a copied, deep-validated ziplist as the pairs of a zset, as Redis 7.0 checks one on load
   * (ziplistPairsConvertAndValidateIntegrity for RDB type 12; lpPairsValidateIntegrityAndDups for
   * its listpack): an even entry count and no member twice (an integer entry and the text of the
   * same number are the same member). Redis keeps pairs out of (score, member) order and text
   * scores it reads leniently; so do we, but normalised: such a list is rebuilt sorted, each score
   * the value Redis reads, stored as zzlInsertAt stores it (but -0 as the text "-0", so that it
   * keeps its sign as in Redis), so that every later operation sees invariants I1..I3. A text score
   * that strtod reads as NaN is rejected (Redis keeps it, and asserts when it converts the set).
   *
   * @return {@code zl} itself, or its sorted rebuild
   * @throws CorruptEncodingException naming the broken rule, with {@code blob}'s bytes
   */
  static ZipList load(ZipList zl, byte[] blob) {
    if (zl.size() % 2 != 0) {
      throw corrupt("odd entry count " + zl.size(), blob);
    }
    Pairs p = new Pairs(length(zl), true);
    if (p.n > 0) {
      zl.forEachEntry(p);
    }
    Integer[] byMember = new Integer[p.n];
    for (int i = 0; i < p.n; i++) {
      if (Double.isNaN(p.scores[i])) {
        throw corrupt("score of pair " + i + " is not a number", blob);
      }
      byMember[i] = i;
    }
    Arrays.sort(byMember, (a, b) -> Bytes.compare(p.members[a], p.members[b]));
    for (int k = 1; k < p.n; k++) {
      if (Bytes.compare(p.members[byMember[k - 1]], p.members[byMember[k]]) == 0) {
        throw corrupt("duplicate member in pairs " + byMember[k - 1] + " and " + byMember[k], blob);
      }
    }
    boolean sorted = true;
    for (int i = 1; i < p.n && sorted; i++) {
      sorted = ZSkipList.compare(p.scores[i - 1], p.members[i - 1], p.scores[i], p.members[i]) < 0;
    }
    return sorted && !p.rewrite ? zl : rebuild(p);
  }

  private static ZipList rebuild(Pairs p) {
    Integer[] order = new Integer[p.n];
    for (int i = 0; i < p.n; i++) {
      order[i] = i;
    }
    Arrays.sort(
        order, (a, b) -> ZSkipList.compare(p.scores[a], p.members[a], p.scores[b], p.members[b]));
    ZipList out = ZipList.create();
    for (Integer i : order) {
      if (Double.doubleToRawLongBits(p.scores[i]) == Long.MIN_VALUE) {
        // -0 (text such as "-0" or "-1e-400"): Redis reads it as -0, and stored as the integer 0
        // it would read back as +0; the text "-0" keeps it.
        ZipListPositions.insertTwoAtPosition(
            out, ZipListPositions.endPosition(out), p.members[i], MINUS_ZERO_TEXT);
      } else {
        append(out, p.members[i], p.scores[i]);
      }
    }
    return out;
  }

  private static CorruptEncodingException corrupt(String reason, byte[] blob) {
    return new CorruptEncodingException("zset-ziplist", 0, reason, blob);
  }

  static int length(ZipList zl) {
    return zl.size() / 2;
  }

  /**
   * The pairs. Every caller holds an even entry count (I1: fromCompact's check tests it before it
   * decodes); the walk still ignores entries past 2n, so that a broken list cannot index past the
   * arrays.
   */
  static Pairs decode(ZipList zl) {
    Pairs p = new Pairs(length(zl));
    if (p.n > 0) {
      zl.forEachEntry(p);
    }
    return p;
  }

  static double scoreAt(ZipList zl, int pair) {
    int e = 2 * pair + 1;
    if (zl.isInteger(e)) {
      return zl.getLong(e);
    }
    byte[] text = zl.get(e);
    return RedisNumbers.parseScoreOrNaN(text, 0, text.length);
  }

  /**
   * Finds a member and reads its score in one walk, stopping at the member. Redis: zzlFind (which
   * also returns the score).
   *
   * @return the score, or NaN (never stored) when absent
   */
  static double findScore(ZipList zl, byte[] member) {
    ZipListZSetLocator l = ZipListZSetLocator.get();
    l.locate(zl, member, Double.NaN, true);
    return l.found < 0 ? Double.NaN : l.foundScore;
  }

  /** Pair index of member, or -1. Redis: zzlFind. */
  static int find(ZipList zl, byte[] member) {
    int e = zl.find(member, 0, 1);
    return e < 0 ? -1 : e / 2;
  }

  /** Redis: zzlDelete. */
  static void delete(ZipList zl, int pair) {
    zl.deleteRange(2 * pair, 2);
  }

  /** Inserts a member that is absent at its sorted position. Redis: zzlInsert. */
  static void insert(ZipList zl, byte[] member, double score) {
    ZipListZSetLocator l = ZipListZSetLocator.get();
    l.locate(zl, member, score, false);
    assert l.found < 0 : "insert of a present member";
    insertAt(zl, l.insertAt, member, score);
  }

  /**
   * zsetAdd's lookup in a compact set: the member's pair and score, or (absent) where it goes. When
   * an add index is current for the set and its filter rules the member out, a binary search over
   * the index replaces the walk; otherwise the walk runs and, if the member was absent and the set
   * stays compact after the add, rebuilds an index: the set's own from MIN_PAIRS pairs on, the
   * thread's below that (see ZipListZSetIndex, Footprint). Redis: zzlFind, then zzlInsert's loop.
   */
  static ZipListZSetLocator locateForAdd(ZSet z, byte[] member, double score) {
    ZipList zl = z.compact;
    long h = ZipListZSetIndex.hash(member, 0, member.length);
    ZipListZSetIndex own = z.compactIndex;
    if (own != null && own.current(zl) && !own.mayContain(h)) {
      own.memberHash = h;
      ZipListZSetLocator.place(zl, own, member, score);
      return ZipListZSetLocator.PLACED; // the common path: no thread-local lookup
    }
    ZipListZSetLocator l = ZipListZSetLocator.get();
    l.memberHash = h;
    ZipListZSetIndex ix = currentIndex(z, l);
    if (ix != null && ix != own && !ix.mayContain(h)) {
      ix.memberHash = h;
      ZipListZSetLocator.place(zl, ix, member, score);
      return ZipListZSetLocator.PLACED;
    }
    if (ix != own) {
      // Stale (or null): dropped when seen, not kept. The end token's layout version is 32 bits;
      // an index left stale through 2^32 changes (updates alone walk and never rebuild it) could
      // look current again.
      z.compactIndex = null;
    }
    if (ix == null && l.threadIndex != null && l.threadIndex.indexes(zl)) {
      l.threadIndex = null; // stale for this list: keep neither it nor the list, now maybe large
    }
    l.walk(zl, member, score, false);
    int n = l.notedPairs();
    if (ix == null && indexing && l.found < 0 && n < z.maxCompactEntries) {
      int id = System.identityHashCode(zl);
      if (n >= ZipListZSetIndex.MIN_PAIRS) {
        z.compactIndex = ZipListZSetIndex.build(zl, l, z.maxCompactEntries);
      } else if (n >= ZipListZSetIndex.MIN_THREAD_PAIRS && id == l.lastList) {
        // A second add in a row to this small set: index it on this thread.
        l.threadIndex = ZipListZSetIndex.build(zl, l, z.maxCompactEntries);
        z.compactIndex = null; // a stale one from when the set was larger
      }
      l.lastList = id;
    }
    l.release();
    return l;
  }

  /**
   * Drops this thread's index if it was built for {@code zl}, a list its set no longer uses (the
   * set converted): otherwise the thread would keep that list reachable.
   */
  static void forget(ZipList zl) {
    ZipListZSetLocator l = ZipListZSetLocator.get();
    if (l.threadIndex != null && l.threadIndex.indexes(zl)) {
      l.threadIndex = null;
    }
  }

  /** The set's own index or this thread's, whichever is current for the set's list, or null. */
  private static ZipListZSetIndex currentIndex(ZSet z, ZipListZSetLocator l) {
    ZipListZSetIndex ix = z.compactIndex;
    if (ix != null && ix.current(z.compact)) {
      return ix;
    }
    ix = l.threadIndex;
    return ix != null && ix.current(z.compact) ? ix : null;
  }

  /**
   * Inserts an absent member where {@link #locateForAdd} placed it (nothing changed the list since)
   * and keeps the current index in step, or drops it when it cannot follow. A thread's index
   * becomes the set's own once the set has more than MIN_PAIRS pairs.
   */
  static void insertLocated(ZSet z, ZipListZSetLocator l, byte[] member, double score) {
    ZipList zl = z.compact;
    ZipListZSetIndex own = z.compactIndex;
    boolean placed = l == ZipListZSetLocator.PLACED;
    if (placed && own != null && own.current(zl)) {
      insertIndexed(z, own, own.insertAt, own.insertPair, own.memberHash, member, score);
      return;
    }
    ZipListZSetLocator t = placed ? ZipListZSetLocator.get() : l;
    ZipListZSetIndex ix = currentIndex(z, t);
    if (ix == null) {
      assert !placed : "placed by an index that is no longer current";
      insertAt(zl, l.insertAt, member, score);
      return;
    }
    boolean kept =
        placed
            ? insertIndexed(z, ix, ix.insertAt, ix.insertPair, ix.memberHash, member, score)
            : insertIndexed(z, ix, l.insertAt, l.insertPair, l.memberHash, member, score);
    if (ix == t.threadIndex && (!kept || ix.pairs() > ZipListZSetIndex.MIN_PAIRS)) {
      t.threadIndex = null;
      z.compactIndex = kept ? ix : null; // handed over to the set
    }
  }

  /** Inserts at {@code at} and updates {@code ix}; a set's own index that cannot follow goes. */
  private static boolean insertIndexed(
      ZSet z, ZipListZSetIndex ix, long at, int pair, long h, byte[] member, double score) {
    ZipList zl = z.compact;
    int o = ZipListPositions.positionOffset(zl, at);
    int before = zl.blobLength();
    long next = insertAt(zl, at, member, score);
    int growth = zl.blobLength() - before;
    int o2 = ZipListPositions.positionOffset(zl, next);
    boolean kept = ix.inserted(zl, pair, score, h, o, o2, growth, z.maxCompactEntries);
    if (!kept && ix == z.compactIndex) {
      z.compactIndex = null;
    }
    return kept;
  }

  /** Checks the current index of the set's list (its own or this thread's); AssertionError. */
  static void checkIndexes(ZSet z) {
    ZipListZSetIndex ix = currentIndex(z, ZipListZSetLocator.get());
    if (ix != null) {
      ix.checkInvariants(z.compact);
    }
  }

  /**
   * Redis: zzlInsertAt — member first, then the score in its stored form, at a position token from
   * {@link ZipListZSetLocator#insertAt} or {@link ZipListPositions#endPosition}. Returns the
   * position of the entry now after the score.
   */
  static long insertAt(ZipList zl, long position, byte[] member, double score) {
    if (score >= -LL_HALF && score <= LL_HALF && (double) (long) score == score) {
      return ZipListPositions.insertTwoAtPosition(zl, position, member, (long) score);
    }
    return ZipListPositions.insertTwoAtPosition(
        zl, position, member, RedisNumbers.formatDoubleBytes(score));
  }

  /** Appends a pair known to sort after every present pair. */
  static void append(ZipList zl, byte[] member, double score) {
    insertAt(zl, ZipListPositions.endPosition(zl), member, score);
  }

  /** Score as it reads back after being stored: -0 becomes +0. */
  static double normalize(double score) {
    return score == 0 ? 0.0 : score;
  }

  static void checkInvariants(ZipList zl) {
    if (zl.size() % 2 != 0) {
      throw new AssertionError("compact zset invariant broken: I1 odd entry count");
    }
    Pairs p = decode(zl);
    for (int i = 0; i < p.n; i++) {
      if (Double.isNaN(p.scores[i])) {
        throw new AssertionError("compact zset invariant broken: I2 NaN score at " + i);
      }
      if (i > 0
          && ZSkipList.compare(p.scores[i - 1], p.members[i - 1], p.scores[i], p.members[i]) >= 0) {
        throw new AssertionError("compact zset invariant broken: I3 order at " + i);
      }
    }
  }
}
