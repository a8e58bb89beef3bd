package dev.redstruct.skiplist;

import static dev.redstruct.listpack.internal.ListPackPositions.FIRST;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.core.RedisNumbers;
import dev.redstruct.core.rdb.RdbPayload;
import dev.redstruct.core.rdb.RdbWriter;
import dev.redstruct.listpack.ListPack;
import dev.redstruct.listpack.internal.ListPackEntry;
import dev.redstruct.listpack.internal.ListPackPositions;
import dev.redstruct.skiplist.internal.ScoredBytesVisitor;
import java.util.Arrays;
import java.util.function.Consumer;

/**
 * Redis's {@code listpack} encoding of a {@link ZSet}: a Redis 7.0 listpack of alternating member
 * and score elements sorted by (score, member), and its add index. Every operation of the form
 * lives here: the {@code zzl*} functions and the {@code OBJ_ENCODING_LISTPACK} branches of
 * src/t_zset.c (Redis 7.0.15) as methods of the object that owns the listpack.
 */
final class ListPackZSet implements ZSetEncoding {
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
   * A lookup returns where it ended as one long (a "position"): a found member as (pair index << 32
   * | offset of its member element), an absent one as ABSENT | (pair << 32 | offset) of the pair it
   * would go before (the end byte after the last pair). Nothing is kept between calls but the
   * listpack and the index; two threads using two sets never share anything.
   *
   * Reads walk the listpack in place (ListPackPositions.read into two ListPackEntry locals): the
   * point lookups, the counts, the range deletes and the GEO walk allocate no pair; the reads that
   * return records (ranks, score and lex ranges) decode the pairs once, as they copy each member
   * they return anyway.
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

  /** Bit 63 of a position: the member is absent, and the rest says where it would go. */
  private static final long ABSENT = Long.MIN_VALUE;

  final ListPack lp;
  private ListPackZSetIndex index;

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
  @Override
  public int length() {
    return lp.size() >> 1;
  }

  private static long position(int pair, int offset) {
    return ((long) pair << 32) | offset;
  }

  private static int pairOf(long position) {
    return (int) (position >>> 32) & 0x7FFF_FFFF;
  }

  private static int offsetOf(long position) {
    return (int) position;
  }

  byte[] toByteArray() {
    return lp.toByteArray();
  }

  @Override
  public ListPackZSet copy(long seed) {
    ListPackZSet z = new ListPackZSet(ListPack.wrap(lp.toByteArray()));
    z.indexing = indexing;
    z.foreign = foreign;
    return z;
  }

  // ---------------------------------------------------------------- reading

  /** The pairs, decoded by one walk. */
  ListPackZSetPairs decode() {
    ListPackZSetPairs p = new ListPackZSetPairs(length(), false);
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
  static double stringToDouble(byte[] array, int offset, int length) {
    return length <= ZZL_STRTOD_MAX
        ? RedisNumbers.parseScoreOrNaN(array, offset, length)
        : Double.NaN;
  }

  /**
   * The member's position, or ABSENT (without a place) if it is not there. The index's filter
   * answers "absent" without a walk. Redis: zzlFind.
   */
  private long find(byte[] member) {
    if (index != null && !index.mayContain(ListPackZSetIndex.hash(member, 0, member.length))) {
      return ABSENT;
    }
    return walk(member, Double.NaN, false);
  }

  /**
   * One walk over the pairs comparing each member with {@code member} (zzlFind); when {@code place}
   * is set, it also finds where (score, member) would go (zzlInsert's loop): the first pair sorting
   * after it, read until found. Returns the member's position, or ABSENT with that place.
   */
  private long walk(byte[] member, double score, boolean place) {
    byte[] b = ListPackPositions.array(lp);
    ListPackEntry m = new ListPackEntry();
    ListPackEntry s = new ListPackEntry();
    int len = member.length;
    boolean isLong = len >= 1 && len <= 20 && RedisNumbers.isCanonicalLong(member, 0, len);
    long asLong = isLong ? RedisNumbers.parseCanonicalLong(member, 0, len) : 0;
    long placed = place ? -1 : ABSENT;
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
        return position(i, p);
      }
      if (placed == -1) {
        double v = score(b, s);
        if (v > score || (v == score && memberAfter(b, m, member))) {
          placed = ABSENT | position(i, p);
        }
      }
      p = next;
    }
    return placed == -1 ? ABSENT | position(i, p) : placed;
  }

  /** The score of the pair whose member element is at {@code offset}. Redis: zzlGetScore. */
  private double scoreAt(int offset) {
    byte[] b = ListPackPositions.array(lp);
    ListPackEntry e = new ListPackEntry();
    ListPackPositions.read(b, ListPackPositions.read(b, offset, e), e);
    return score(b, e);
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
   * zsetAdd's lookup: the member's position, or ABSENT with its place. A member the index rules out
   * is placed without a walk; otherwise the walk runs and, when the member is absent, builds the
   * index.
   */
  private long locateForAdd(byte[] member, double score, long h, int maxEntries) {
    if (index != null && !index.mayContain(h)) {
      return place(member, score);
    }
    long at = walk(member, score, true);
    if (at < 0 && index == null && indexing) {
      index = ListPackZSetIndex.build(this, maxEntries); // null when too small or too large
    }
    return at;
  }

  /** The place of an absent (score, member), from the index. Redis: zzlInsert's loop. */
  private long place(byte[] member, double score) {
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
    return ABSENT | position(lo, lo == ix.pairs() ? lp.sizeInBytes() - 1 : ix.offset(lo));
  }

  // ---------------------------------------------------------------- writing

  @Override
  public int add(byte[] member, double score, int flags, int maxEntries, int maxValue) {
    long h = ListPackZSetIndex.hash(member, 0, member.length);
    long at = locateForAdd(member, score, h, maxEntries);
    int out = ZSetEncoding.decide(flags, at < 0 ? Double.NaN : scoreAt(offsetOf(at)), score);
    if (out == OUT_ADDED) {
      if (length() + 1 > maxEntries || member.length > maxValue) {
        return OUT_CONVERT; // Redis: zsetAdd's zsetConvert before zslInsert
      }
      insertAt(offsetOf(at), pairOf(at), h, member, score, maxEntries); // the place is current
    } else if (out == OUT_UPDATED) {
      deletePairs(pairOf(at), 1);
      insert(member, score, maxEntries);
    }
    return out;
  }

  /** Inserts a member known to be absent at its sorted place. Redis: zzlInsert. */
  private void insert(byte[] member, double score, int maxEntries) {
    long h = ListPackZSetIndex.hash(member, 0, member.length);
    long at = index != null ? place(member, score) : walk(member, score, true);
    insertAt(offsetOf(at), pairOf(at), h, member, score, maxEntries);
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

  /** Deletes {@code count} pairs from pair {@code from}. Redis: zzlDeleteRangeByRank. */
  private void deletePairs(int from, int count) {
    if (count <= 0) {
      return;
    }
    int offset = pairOffset(from);
    int before = lp.sizeInBytes();
    ListPackPositions.delete(lp, offset, 2 * count);
    if (index != null && !index.removed(from, count, before - lp.sizeInBytes())) {
      index = null;
    }
  }

  /** Offset of pair i's member element, by a walk. Redis: lpSeek. */
  private int walkToPair(int pair) {
    byte[] b = ListPackPositions.array(lp);
    ListPackEntry e = new ListPackEntry();
    int p = FIRST;
    for (int k = 0; k < 2 * pair; k++) {
      p = ListPackPositions.read(b, p, e);
    }
    return p;
  }

  // ---------------------------------------------------------------- point reads and remove

  @Override
  public boolean remove(byte[] member) {
    long at = find(member);
    if (at < 0) {
      return false;
    }
    deletePairs(pairOf(at), 1);
    return true;
  }

  /**
   * zzlFind's walk returning the score itself (NaN when absent), as ZSCORE wants it: the score
   * element was just decoded beside the member, so it is not read again.
   */
  @Override
  public double score(byte[] member) {
    int len = member.length;
    if (index != null && !index.mayContain(ListPackZSetIndex.hash(member, 0, len))) {
      return Double.NaN;
    }
    byte[] b = ListPackPositions.array(lp);
    ListPackEntry m = new ListPackEntry();
    ListPackEntry s = new ListPackEntry();
    boolean isLong = len >= 1 && len <= 20 && RedisNumbers.isCanonicalLong(member, 0, len);
    long asLong = isLong ? RedisNumbers.parseCanonicalLong(member, 0, len) : 0;
    for (int p = FIRST; !ListPackPositions.isEnd(b, p); ) {
      p = ListPackPositions.read(b, ListPackPositions.read(b, p, m), s);
      boolean match =
          m.isInteger
              ? isLong && m.value == asLong
              : Bytes.equals(b, m.dataOffset, m.dataLength, member, 0, len);
      if (match) {
        return score(b, s);
      }
    }
    return Double.NaN;
  }

  @Override
  public long rank(byte[] member) {
    long at = find(member);
    return at < 0 ? -1 : pairOf(at);
  }

  // ---------------------------------------------------------------- ranges that return records

  @Override
  public ZSetCursor cursorByRank(int start, int end, boolean rev) {
    ListPackZSetPairs p = decode();
    return new ZSetCursor.CompactCursor(
        p, rev ? p.n - 1 - start : start, rev, end - start + 1L, ZSetCursor.NONE, null, null);
  }

  @Override
  public ZSetCursor cursorByScore(ScoreRange range, boolean rev, long offset, long limit) {
    ListPackZSetPairs p = decode();
    int first = rev ? p.lastIn(range) : p.firstIn(range);
    return new ZSetCursor.CompactCursor(p, first, rev, limit, ZSetCursor.SCORE, range, null)
        .skip(offset);
  }

  @Override
  public ZSetCursor cursorByLex(LexRange range, boolean rev, long offset, long limit) {
    ListPackZSetPairs p = decode();
    int first = rev ? p.lastIn(range) : p.firstIn(range);
    return new ZSetCursor.CompactCursor(p, first, rev, limit, ZSetCursor.LEX, null, range)
        .skip(offset);
  }

  // ---------------------------------------------------------------- ranges walked in place

  /**
   * The position of the first pair in the score range, or -1. Redis: zzlFirstInRange, whose
   * zzlIsInRange test of the ends (the last score against min, the first against max) changes the
   * answer only for pairs out of order ({@link #foreign}); a sorted set skips that walk.
   */
  private long firstIn(ScoreRange r) {
    if (r.isEmpty() || (foreign && !endsInRange(r))) {
      return -1;
    }
    byte[] b = ListPackPositions.array(lp);
    ListPackEntry e = new ListPackEntry();
    int p = FIRST;
    for (int i = 0; !ListPackPositions.isEnd(b, p); i++) {
      int next = ListPackPositions.read(b, ListPackPositions.read(b, p, e), e);
      double s = score(b, e);
      if (r.gteMin(s)) {
        return r.lteMax(s) ? position(i, p) : -1;
      }
      p = next;
    }
    return -1;
  }

  /** Redis: zzlIsInRange, for a set whose pairs may be out of order. */
  private boolean endsInRange(ScoreRange r) {
    int n = length();
    return n > 0 && r.gteMin(scoreAt(pairOffset(n - 1))) && r.lteMax(scoreAt(FIRST));
  }

  /**
   * The position of the first pair in the lex range, or -1. Redis: zzlFirstInLexRange, with
   * zzlIsInLexRange's test of the ends (members are in lex order only among equal scores).
   */
  private long firstIn(LexRange r) {
    int n = length();
    if (r.isEmpty() || n == 0) {
      return -1;
    }
    byte[] b = ListPackPositions.array(lp);
    ListPackEntry e = new ListPackEntry();
    byte[] digits = new byte[20];
    int last = pairOffset(n - 1);
    ListPackPositions.read(b, last, e);
    if (!memberGteMin(r, b, e, digits)) {
      return -1;
    }
    ListPackPositions.read(b, FIRST, e);
    if (!memberLteMax(r, b, e, digits)) {
      return -1;
    }
    int p = FIRST;
    for (int i = 0; !ListPackPositions.isEnd(b, p); i++) {
      int q = ListPackPositions.read(b, p, e);
      if (memberGteMin(r, b, e, digits)) {
        return memberLteMax(r, b, e, digits) ? position(i, p) : -1;
      }
      p = ListPackPositions.read(b, q, e);
    }
    return -1;
  }

  private static boolean memberGteMin(LexRange r, byte[] b, ListPackEntry m, byte[] digits) {
    if (m.isInteger) {
      return r.gteMin(digits, 0, RedisNumbers.ll2string(m.value, digits, 0));
    }
    return r.gteMin(b, m.dataOffset, m.dataLength);
  }

  private static boolean memberLteMax(LexRange r, byte[] b, ListPackEntry m, byte[] digits) {
    if (m.isInteger) {
      return r.lteMax(digits, 0, RedisNumbers.ll2string(m.value, digits, 0));
    }
    return r.lteMax(b, m.dataOffset, m.dataLength);
  }

  /** Pairs from the first in range while the score is at most max. Redis: the listpack ZCOUNT. */
  private int countFrom(long first, ScoreRange r) {
    if (first < 0) {
      return 0;
    }
    byte[] b = ListPackPositions.array(lp);
    ListPackEntry e = new ListPackEntry();
    int n = 0;
    for (int p = offsetOf(first); !ListPackPositions.isEnd(b, p); n++) {
      p = ListPackPositions.read(b, ListPackPositions.read(b, p, e), e);
      if (!r.lteMax(score(b, e))) {
        break;
      }
    }
    return n;
  }

  /** Pairs from the first in range while the member is at most max. Redis: listpack ZLEXCOUNT. */
  private int countFrom(long first, LexRange r) {
    if (first < 0) {
      return 0;
    }
    byte[] b = ListPackPositions.array(lp);
    ListPackEntry e = new ListPackEntry();
    byte[] digits = new byte[20];
    int n = 0;
    for (int p = offsetOf(first); !ListPackPositions.isEnd(b, p); n++) {
      int q = ListPackPositions.read(b, p, e);
      if (!memberLteMax(r, b, e, digits)) {
        break;
      }
      p = ListPackPositions.read(b, q, e);
    }
    return n;
  }

  @Override
  public long count(ScoreRange range) {
    return countFrom(firstIn(range), range);
  }

  @Override
  public long lexCount(LexRange range) {
    return countFrom(firstIn(range), range);
  }

  @Override
  public long removeByRank(int start, int end) {
    deletePairs(start, end - start + 1);
    return end - start + 1L;
  }

  @Override
  public long removeByScore(ScoreRange range) {
    long first = firstIn(range);
    int n = countFrom(first, range);
    deletePairs(pairOf(first), n);
    return n;
  }

  @Override
  public long removeByLex(LexRange range) {
    long first = firstIn(range);
    int n = countFrom(first, range);
    deletePairs(pairOf(first), n);
    return n;
  }

  /**
   * From the first pair on: stops at the first score above max, hands out those at least min. A
   * member stored as an integer is handed out as its digits, in a scratch array.
   */
  @Override
  public void forEachByScore(ScoreRange range, ScoredBytesVisitor visitor) {
    byte[] b = ListPackPositions.array(lp);
    ListPackEntry m = new ListPackEntry();
    ListPackEntry e = new ListPackEntry();
    byte[] digits = null;
    for (int p = FIRST; !ListPackPositions.isEnd(b, p); ) {
      p = ListPackPositions.read(b, ListPackPositions.read(b, p, m), e);
      double s = score(b, e);
      if (!range.lteMax(s)) {
        return;
      }
      if (!range.gteMin(s)) {
        continue;
      }
      boolean go;
      if (m.isInteger) {
        digits = digits == null ? new byte[20] : digits;
        go = visitor.visit(digits, 0, RedisNumbers.ll2string(m.value, digits, 0), s);
      } else {
        go = visitor.visit(b, m.dataOffset, m.dataLength, s);
      }
      if (!go) {
        return;
      }
    }
  }

  /** Offset of pair i's member element: from the index when there is one, else by a walk. */
  private int pairOffset(int pair) {
    return index != null ? index.offset(pair) : walkToPair(pair);
  }

  // ---------------------------------------------------------------- scan, conversion, RDB

  /** The compact form visits every member and returns 0. Redis: scanGenericCommand. */
  @Override
  public long scan(long cursor, int count, Consumer<? super ScoredMember> visitor) {
    ListPackZSetPairs p = decode();
    for (int i = 0; i < p.n; i++) {
      visitor.accept(new ScoredMember(p.members[i], p.scores[i]));
    }
    return 0;
  }

  /** Each element as stored: an integer as its digits, a text as it is. */
  @Override
  public long scanReply(long cursor, int count, Consumer<? super byte[]> visitor) {
    lp.forEach(
        new ListPack.ElementConsumer() {
          @Override
          public void string(byte[] array, int offset, int length) {
            visitor.accept(Arrays.copyOfRange(array, offset, offset + length));
          }

          @Override
          public void integer(long value) {
            visitor.accept(RedisNumbers.ll2string(value));
          }
        });
    return 0;
  }

  /**
   * Redis: zsetConvert(zobj, OBJ_ENCODING_SKIPLIST), which re-inserts every pair (zslInsert into an
   * unsized dict). The listpack is sorted, so the skiplist is built by appending at its tail (same
   * level draws, same shape), and the index is sized once for the pairs (for 128 pairs, the 128
   * buckets one-by-one adds end with) instead of doubling from four buckets. A foreign set is
   * inserted pair by pair in blob order, as Redis does.
   */
  @Override
  public SkipListZSet toSkipList(long seed, ZOrder.Kind kind) {
    SkipListZSet z = new SkipListZSet(seed, kind);
    ListPackZSetPairs p = decode();
    z.dict.expand(p.n + 1L); // the pairs and the member whose add converts: no doubling at once
    if (foreign) {
      for (int i = 0; i < p.n; i++) {
        ZEntry x = z.order.add(p.scores[i], p.members[i]);
        z.dict.addAbsent(x, z.dict.hash(x.member));
      }
    } else {
      for (ZEntry x : z.order.addSorted(p.scores, p.members, p.n)) {
        z.dict.addAbsent(x, z.dict.hash(x.member));
      }
    }
    return z;
  }

  /** RDB type 17: the listpack as one RDB string. Redis: rdbSaveObject for a listpack zset. */
  @Override
  public void writeRdb(RdbWriter out) {
    out.type(RdbPayload.TYPE_ZSET_LISTPACK).string(lp.toByteArray());
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
    ListPackZSetPairs p = new ListPackZSetPairs(lp.size() >> 1, true);
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
  @Override
  public void checkInvariants() {
    if (lp.size() % 2 != 0) {
      throw new AssertionError("compact zset invariant broken: I1 odd element count");
    }
    ListPackZSetPairs p = decode();
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
