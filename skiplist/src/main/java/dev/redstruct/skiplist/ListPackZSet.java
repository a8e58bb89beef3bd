package dev.redstruct.skiplist;

import static dev.redstruct.listpack.internal.ListPackPositions.FIRST;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.core.RedisNumbers;
import dev.redstruct.listpack.ListPack;
import dev.redstruct.listpack.internal.ListPackEntry;
import dev.redstruct.listpack.internal.ListPackPositions;
import java.util.Arrays;

/**
 * The compact zset encoding of one {@link ZSet}: a Redis 7.0 listpack of alternating member and
 * score elements sorted by (score, member), and its add index. The {@code zzl*} functions of
 * src/t_zset.c (Redis 7.0.15) as methods of the object that owns the listpack.
 */
final class ListPackZSet {
  /*
   * Implementation notes.
   *
   * Layout: [m0][s0][m1][s1]... with (s0, m0) < (s1, m1) < ... A member that is a canonical
   * integer is stored by the listpack as an integer element and reads back as the same decimal.
   * Scores are stored as 7.0's zzlInsertAt stores them: a score that double2ll accepts (integral,
   * within +-LLONG_MAX/2) as an integer element, any other as its d2string text (%.17g, "inf",
   * "-inf"). Hence -0.0 is stored as 0 and reads back as +0, as ZSCORE shows on a listpack key.
   *
   * Lookups walk the pairs (zzlFind), except that an add of a member the index's Bloom filter
   * rules out is placed by a binary search over the index's float keys (ListPackZSetIndex), with
   * no walk. Every edit goes through this class, which keeps the index in step (inserts, deletes,
   * range deletes shift the offsets after the edit uniformly: listpack elements never cascade) or
   * drops it; so an index that exists is exact, and no staleness check is needed. The index is
   * built by the first walked add that finds the member absent in a set of MIN_PAIRS pairs or more;
   * smaller sets pay only the null reference.
   *
   * State is per object (the listpack, the index, the last lookup's result): two threads using two
   * sets never share anything.
   *
   * Invariants (checkInvariants): I1 even element count; I2 every score element reads (zzlStrtod)
   * to a non-NaN double; I3 pairs strictly increasing by (score, unsigned member bytes), hence no
   * member twice, unless `foreign`; I4 the index, when present, holds ListPackZSetIndex's I1..I5.
   * load() checks I1, I2 and no member twice, and keeps a blob whose pairs are out of order or whose
   * text scores only zzlStrtod reads as it is, as Redis 7.0.15 keeps it (`foreign`): every read and
   * write here walks the pairs as Redis's zzl functions walk them, so replies and DUMP follow the
   * blob as Redis's do (ZSetForeignBlobRedisIT); only the add index, which places by binary search,
   * is off for such a set, and converting it to a skiplist inserts pair by pair (zsetConvert).
   */

  private static final double LL_HALF = (double) (Long.MAX_VALUE / 2);

  /**
   * Most bytes a pair takes beyond its member's: headers, backlens and a score of 24 characters.
   */
  private static final int PAIR_OVERHEAD = 5 + 5 + 2 + 24 + 1;

  /** zzlStrtod reads at most this many bytes of a text score (its buffer is 128 with the NUL). */
  static final int ZZL_STRTOD_MAX = 127;

  final ListPack lp;
  private ListPackZSetIndex index;

  // The last lookup (find, locateForAdd): the found member's score, or where an absent one goes.
  double foundScore;
  private int placeOffset;
  private int placePair;
  private long placeHash;

  /** Tests turn the add index off to compare blobs with and without it; a per-set switch. */
  private boolean indexing = true;

  /**
   * Loaded from a blob Redis keeps but would never write: pairs out of (score, member) order, or a
   * text score only zzlStrtod reads. Kept as it is, as Redis keeps it: reads and writes walk it as
   * Redis's zzl functions do, and I3 is not checked; no add index (it needs the order).
   */
  private boolean foreign;

  private ListPackZSet(ListPack lp) {
    this.lp = lp;
  }

  static ListPackZSet create() {
    return new ListPackZSet(ListPack.create());
  }

  /** Whether the pairs may be out of order (see {@link #foreign}). */
  boolean isForeign() {
    return foreign;
  }

  /** Number of pairs. */
  int length() {
    return lp.size() >> 1;
  }

  byte[] toByteArray() {
    return lp.toByteArray();
  }

  ListPackZSet copy() {
    ListPackZSet z = new ListPackZSet(ListPack.wrap(lp.toByteArray()));
    z.indexing = indexing;
    z.foreign = foreign;
    return z;
  }

  // ---------------------------------------------------------------- reading

  /** The decoded pairs, in order; n is small (the compact thresholds). */
  static final class Pairs implements ListPack.ElementConsumer {
    final byte[][] members;
    final double[] scores;
    final int n;
    private final boolean loading; // notes text scores string2d would not read
    boolean foreignText; // loading: a text score only zzlStrtod reads (e.g. "abc", " 7")
    private int elements;

    private Pairs(int n, boolean loading) {
      this.n = n;
      this.members = new byte[n][];
      this.scores = new double[n];
      this.loading = loading;
    }

    @Override
    public void string(byte[] array, int offset, int length) {
      int e = elements++;
      if (e >= 2 * n) {
        return;
      } else if ((e & 1) == 0) {
        members[e >> 1] = Arrays.copyOfRange(array, offset, offset + length);
      } else {
        double d = stringToDouble(array, offset, length);
        if (Double.isNaN(d)) {
          foreignText |= loading;
          d = RedisNumbers.strtodPrefix(array, offset, Math.min(length, ZZL_STRTOD_MAX));
        }
        scores[e >> 1] = d;
      }
    }

    @Override
    public void integer(long value) {
      int e = elements++;
      if (e >= 2 * n) {
        return;
      } else if ((e & 1) == 0) {
        members[e >> 1] = RedisNumbers.ll2string(value);
      } else {
        scores[e >> 1] = value;
      }
    }
  }

  /** The pairs, decoded by one walk. */
  Pairs decode() {
    Pairs p = new Pairs(length(), false);
    if (p.n > 0) {
      lp.forEach(p);
    }
    return p;
  }

  /** A score element's value (integer, or text read by zzlStrtod). Redis: zzlGetScore. */
  private static double score(byte[] b, ListPackEntry e) {
    return e.isInteger ? e.value : textScore(b, e.dataOffset, e.dataLength);
  }

  /**
   * A text score as Redis reads it (zzlStrtod: C strtod over at most the first 127 bytes, so {@code
   * "abc"} is 0 and {@code " 7"} is 7). The texts this class writes are read by string2d first,
   * which agrees with strtod on them.
   */
  static double textScore(byte[] array, int offset, int length) {
    double d = stringToDouble(array, offset, length);
    return Double.isNaN(d)
        ? RedisNumbers.strtodPrefix(array, offset, Math.min(length, ZZL_STRTOD_MAX))
        : d;
  }

  /** string2d over a text zzlStrtod would read whole, else NaN. */
  private static double stringToDouble(byte[] array, int offset, int length) {
    return length <= ZZL_STRTOD_MAX
        ? RedisNumbers.parseScoreOrNaN(array, offset, length)
        : Double.NaN;
  }

  /**
   * Pair index of {@code member} or -1; when found, its score is in {@link #foundScore}. The
   * index's filter answers "absent" without a walk. Redis: zzlFind.
   */
  int find(byte[] member) {
    if (index != null && !index.mayContain(ListPackZSetIndex.hash(member, 0, member.length))) {
      return -1;
    }
    return walk(member, Double.NaN, false);
  }

  /**
   * One walk over the pairs comparing each member with {@code member} (zzlFind); when {@code place}
   * is set, it also notes where (score, member) would go (zzlInsert's loop): the first pair sorting
   * after it, read until found. Returns the member's pair index, or -1.
   */
  private int walk(byte[] member, double score, boolean place) {
    byte[] b = ListPackPositions.array(lp);
    ListPackEntry m = new ListPackEntry();
    ListPackEntry s = new ListPackEntry();
    int len = member.length;
    boolean isLong = len >= 1 && len <= 20 && RedisNumbers.isCanonicalLong(member, 0, len);
    long asLong = isLong ? RedisNumbers.parseCanonicalLong(member, 0, len) : 0;
    boolean placed = !place;
    int i = 0;
    int p = FIRST;
    for (; !ListPackPositions.isEnd(b, p); i++) {
      int q = ListPackPositions.read(b, p, m);
      int next = ListPackPositions.read(b, q, s);
      boolean match =
          m.isInteger
              ? isLong && m.value == asLong
              : Bytes.equals(b, m.dataOffset, m.dataLength, member, 0, len);
      if (match) {
        foundScore = score(b, s);
        return i;
      }
      if (!placed) {
        double v = score(b, s);
        if (v > score || (v == score && memberAfter(b, m, member))) {
          placed = true;
          placeOffset = p;
          placePair = i;
        }
      }
      p = next;
    }
    if (!placed) {
      placeOffset = p;
      placePair = i;
    }
    return -1;
  }

  /** Whether the member element in {@code e} sorts after {@code member} (unsigned bytes). */
  private static boolean memberAfter(byte[] b, ListPackEntry e, byte[] member) {
    if (e.isInteger) {
      byte[] digits = RedisNumbers.ll2string(e.value);
      return Bytes.compare(digits, 0, digits.length, member, 0, member.length) > 0;
    }
    return Bytes.compare(b, e.dataOffset, e.dataLength, member, 0, member.length) > 0;
  }

  /** The pair at {@code offset}: whether it sorts after (score, member). */
  private boolean pairAfter(int offset, byte[] member, double score) {
    byte[] b = ListPackPositions.array(lp);
    ListPackEntry e = new ListPackEntry();
    ListPackEntry m = new ListPackEntry();
    int q = ListPackPositions.read(b, offset, m);
    ListPackPositions.read(b, q, e);
    double s = score(b, e);
    return s > score || (s == score && memberAfter(b, m, member));
  }

  /**
   * zsetAdd's lookup: the member's pair index (its score in {@link #foundScore}), or -1 with the
   * place where it goes noted for {@link #insertLocated}. A member the index rules out is placed
   * without a walk; otherwise the walk runs and, when the member is absent, builds the index.
   */
  int locateForAdd(byte[] member, double score, int maxEntries) {
    long h = ListPackZSetIndex.hash(member, 0, member.length);
    placeHash = h;
    if (index != null && !index.mayContain(h)) {
      place(member, score);
      return -1;
    }
    int at = walk(member, score, true);
    if (at < 0 && index == null && indexing) {
      index = ListPackZSetIndex.build(this, maxEntries); // null when too small or too large
    }
    return at;
  }

  /** Sets the place of an absent (score, member) from the index. Redis: zzlInsert's loop. */
  private void place(byte[] member, double score) {
    ListPackZSetIndex ix = index;
    int k = ListPackZSetIndex.key(score);
    int lo = ix.firstKeyNotBelow(k);
    int hi = ix.firstKeyAbove(k, lo);
    while (lo < hi) { // a key tie: rare; read the tied pairs
      int mid = (lo + hi) >>> 1;
      if (pairAfter(ix.offset(mid), member, score)) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    placePair = lo;
    placeOffset = lo == ix.pairs() ? lp.sizeInBytes() - 1 : ix.offset(lo);
  }

  // ---------------------------------------------------------------- writing

  /**
   * Inserts the absent member where the last {@link #locateForAdd} placed it (nothing changed the
   * listpack since) and keeps the index in step.
   */
  void insertLocated(byte[] member, double score, int maxEntries) {
    insertAt(placeOffset, placePair, placeHash, member, score, maxEntries);
  }

  /** Inserts a member known to be absent at its sorted place. Redis: zzlInsert. */
  void insert(byte[] member, double score, int maxEntries) {
    long h = ListPackZSetIndex.hash(member, 0, member.length);
    if (index != null) {
      place(member, score);
    } else {
      walk(member, score, true);
    }
    insertAt(placeOffset, placePair, h, member, score, maxEntries);
  }

  private void insertAt(int offset, int pair, long h, byte[] member, double score, int max) {
    int before = lp.sizeInBytes();
    insertPairAt(lp, offset, member, score);
    if (index != null && !index.inserted(pair, score, h, offset, lp.sizeInBytes() - before, max)) {
      index = null;
    }
  }

  /**
   * Redis: zzlInsertAt — the member, then the score in its stored form, before the element at
   * {@code offset} (or the end byte), with one move of the tail: the same bytes as its two inserts.
   */
  private static void insertPairAt(ListPack lp, int offset, byte[] member, double score) {
    // Room for the pair with an eighth and 128 bytes of slack, not the listpack's half again: a set
    // keeps its array (footprint section, skiplist.footprint n=128).
    int need = lp.sizeInBytes() + member.length + PAIR_OVERHEAD;
    if (ListPackPositions.array(lp).length < need) {
      ListPackPositions.reserve(lp, need + (need >> 3) + 128);
    }
    if (score >= -LL_HALF && score <= LL_HALF && (double) (long) score == score) {
      ListPackPositions.insertPair(lp, offset, member, null, (long) score);
    } else {
      ListPackPositions.insertPair(lp, offset, member, RedisNumbers.formatDoubleBytes(score), 0);
    }
  }

  /** Appends a pair known to sort after every present pair (drops the index: builders only). */
  void append(byte[] member, double score) {
    index = null;
    insertPairAt(lp, lp.sizeInBytes() - 1, member, score);
  }

  /** Redis: zzlDelete. */
  void delete(int pair) {
    deletePairs(pair, 1);
  }

  /** Deletes {@code count} pairs from pair {@code from}. Redis: zzlDeleteRangeByRank. */
  void deletePairs(int from, int count) {
    if (count <= 0) {
      return;
    }
    int offset = index != null ? index.offset(from) : offsetOf(from);
    int before = lp.sizeInBytes();
    ListPackPositions.delete(lp, offset, 2 * count);
    if (index != null && !index.removed(from, count, before - lp.sizeInBytes())) {
      index = null;
    }
  }

  /** Offset of pair i's member element, by a walk. Redis: lpSeek. */
  private int offsetOf(int pair) {
    byte[] b = ListPackPositions.array(lp);
    ListPackEntry e = new ListPackEntry();
    int p = FIRST;
    for (int k = 0; k < 2 * pair; k++) {
      p = ListPackPositions.read(b, p, e);
    }
    return p;
  }

  // ---------------------------------------------------------------- loading

  /**
   * Takes a deep-validated listpack (even element count, no member twice: {@link
   * ListPack#validatePairs}) as the pairs of a zset, as Redis 7.0 loads RDB type 17 (and type 12
   * after converting it). Redis keeps pairs out of (score, member) order and text scores it reads
   * leniently (zzlStrtod: "abc" is 0); so do we, byte for byte, marking the set {@code foreign}. A
   * text score that strtod reads as NaN is rejected (Redis keeps it, and asserts when it converts
   * the set).
   *
   * @throws CorruptEncodingException naming the broken rule, with {@code blob}'s bytes
   */
  static ListPackZSet load(ListPack lp, byte[] blob) {
    Pairs p = new Pairs(lp.size() >> 1, true);
    if (p.n > 0) {
      lp.forEach(p);
    }
    for (int i = 0; i < p.n; i++) {
      if (Double.isNaN(p.scores[i])) {
        throw new CorruptEncodingException(
            "zset-listpack", 0, "score of pair " + i + " is not a number", blob);
      }
    }
    boolean sorted = true;
    for (int i = 1; i < p.n && sorted; i++) {
      sorted = ZSkipList.compare(p.scores[i - 1], p.members[i - 1], p.scores[i], p.members[i]) < 0;
    }
    ListPackZSet z = new ListPackZSet(lp);
    if (!sorted || p.foreignText) {
      z.foreign = true;
      z.indexing = false; // the index places by binary search, which needs the order
    }
    return z;
  }

  // ---------------------------------------------------------------- checks

  /** Checks I1..I4; throws AssertionError. */
  void checkInvariants() {
    if (lp.size() % 2 != 0) {
      throw new AssertionError("compact zset invariant broken: I1 odd element count");
    }
    Pairs p = decode();
    for (int i = 0; i < p.n; i++) {
      if (Double.isNaN(p.scores[i])) {
        throw new AssertionError("compact zset invariant broken: I2 NaN score at " + i);
      }
      if (i > 0
          && !foreign
          && ZSkipList.compare(p.scores[i - 1], p.members[i - 1], p.scores[i], p.members[i]) >= 0) {
        throw new AssertionError("compact zset invariant broken: I3 order at " + i);
      }
    }
    if (index != null) {
      index.checkInvariants(this, p);
    }
  }

  /** Drops the index and builds none from now on (tests: Redis's walks only). */
  void disableIndex() {
    indexing = false;
    index = null;
  }

  /** The index, or null (tests). */
  ListPackZSetIndex index() {
    return index;
  }

  /** Offsets of every pair's member element, in order (index build and checks). */
  int[] offsets() {
    int n = length();
    int[] out = new int[n];
    byte[] b = ListPackPositions.array(lp);
    ListPackEntry e = new ListPackEntry();
    int p = FIRST;
    for (int i = 0; i < n; i++) {
      out[i] = p;
      p = ListPackPositions.read(b, ListPackPositions.read(b, p, e), e);
    }
    return out;
  }
}
