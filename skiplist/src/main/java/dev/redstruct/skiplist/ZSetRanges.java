package dev.redstruct.skiplist;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;
import java.util.function.Predicate;
import java.util.random.RandomGenerator;

/**
 * Range queries and range deletes of {@link ZSet} for both encodings. Redis: the genericZrangeby*
 * walkers, zsetRank-based ZCOUNT/ZLEXCOUNT, zremrangeGenericCommand and genericZpopCommand in
 * src/t_zset.c (7.0.15).
 */
final class ZSetRanges {
  /*
   * Implementation notes.
   *
   * The compact walkers decode the listpack once (n is bounded by the compact thresholds) and then
   * follow Redis's zzl* logic on indexes: first-in-range is the first pair from the head that is
   * >= min, accepted only if <= max; last-in-range the first from the tail that is <= max. With
   * LIMIT, `offset` elements are skipped without range checks and a negative offset walks off the
   * end (empty), a negative count means no limit — literally what Redis's `while (p && offset--)`
   * and `while (p && limit--)` loops do.
   */

  private ZSetRanges() {}

  private static ScoredMember entry(ZSkipList.Node x) {
    return new ScoredMember(x.member.clone(), x.score);
  }

  /** Sanitised [start, end] (0-based) or null if empty. Redis: zrange/zremrange index rules. */
  static long[] sanitize(long start, long end, long len) {
    if (start < 0) {
      start = len + start;
    }
    if (end < 0) {
      end = len + end;
    }
    if (start < 0) {
      start = 0;
    }
    if (start > end || start >= len) {
      return null;
    }
    if (end >= len) {
      end = len - 1;
    }
    return new long[] {start, end};
  }

  static List<ScoredMember> byRank(ZSet z, long start, long end, boolean rev) {
    List<ScoredMember> out = new ArrayList<>();
    long[] r = sanitize(start, end, z.size());
    if (r == null) {
      return out;
    }
    int n = (int) (r[1] - r[0] + 1);
    if (z.compact != null) {
      ListPackZSet.Pairs p = z.compact.decode();
      for (int k = 0; k < n; k++) {
        int i = rev ? p.n - 1 - (int) r[0] - k : (int) r[0] + k;
        out.add(new ScoredMember(p.members[i], p.scores[i]));
      }
      return out;
    }
    ZSkipList zsl = z.zsl;
    ZSkipList.Node x;
    if (rev) {
      x = r[0] == 0 ? zsl.last() : zsl.byRank(zsl.length() - r[0]);
    } else {
      x = r[0] == 0 ? zsl.first() : zsl.byRank(r[0] + 1);
    }
    for (int k = 0; k < n; k++) {
      out.add(entry(x));
      x = rev ? x.previous() : x.next();
    }
    return out;
  }

  // ---------------------------------------------------------------- compact index walkers

  /**
   * Redis: zzlIsInRange — checks the ends first (the last score against min, the first against
   * max), which matters only for a blob loaded out of order (see ListPackZSet's foreign).
   */
  private static boolean inRange(ListPackZSet.Pairs p, ScoreRange r) {
    return !r.isEmpty() && p.n > 0 && r.gteMin(p.scores[p.n - 1]) && r.lteMax(p.scores[0]);
  }

  private static int firstIn(ListPackZSet.Pairs p, ScoreRange r) {
    if (!inRange(p, r)) {
      return -1;
    }
    for (int i = 0; i < p.n; i++) {
      if (r.gteMin(p.scores[i])) {
        return r.lteMax(p.scores[i]) ? i : -1;
      }
    }
    return -1;
  }

  private static int lastIn(ListPackZSet.Pairs p, ScoreRange r) {
    if (!inRange(p, r)) {
      return -1;
    }
    for (int i = p.n - 1; i >= 0; i--) {
      if (r.lteMax(p.scores[i])) {
        return r.gteMin(p.scores[i]) ? i : -1;
      }
    }
    return -1;
  }

  /** Redis: zzlIsInLexRange — checks the ends (which matters only when scores differ). */
  private static boolean inLexRange(ListPackZSet.Pairs p, LexRange r) {
    return !r.isEmpty() && p.n > 0 && r.gteMin(p.members[p.n - 1]) && r.lteMax(p.members[0]);
  }

  private static int firstIn(ListPackZSet.Pairs p, LexRange r) {
    if (!inLexRange(p, r)) {
      return -1;
    }
    for (int i = 0; i < p.n; i++) {
      if (r.gteMin(p.members[i])) {
        return r.lteMax(p.members[i]) ? i : -1;
      }
    }
    return -1;
  }

  private static int lastIn(ListPackZSet.Pairs p, LexRange r) {
    if (!inLexRange(p, r)) {
      return -1;
    }
    for (int i = p.n - 1; i >= 0; i--) {
      if (r.lteMax(p.members[i])) {
        return r.gteMin(p.members[i]) ? i : -1;
      }
    }
    return -1;
  }

  // ---------------------------------------------------------------- score ranges

  static List<ScoredMember> byScore(
      ZSet z, ScoreRange range, boolean rev, long offset, long limit) {
    if (offset > 0 && offset >= z.size()) {
      return new ArrayList<>();
    }
    if (z.compact != null) {
      ListPackZSet.Pairs p = z.compact.decode();
      int first = rev ? lastIn(p, range) : firstIn(p, range);
      IntPredicate within = rev ? i -> range.gteMin(p.scores[i]) : i -> range.lteMax(p.scores[i]);
      return collect(p, first, rev, offset, limit, within);
    }
    ZSkipList.Node first = rev ? z.zsl.lastInRange(range) : z.zsl.firstInRange(range);
    Predicate<ZSkipList.Node> within =
        rev ? x -> range.gteMin(x.score) : x -> range.lteMax(x.score);
    return collect(first, rev, offset, limit, within);
  }

  static List<ScoredMember> byLex(ZSet z, LexRange range, boolean rev, long offset, long limit) {
    if (z.compact != null) {
      ListPackZSet.Pairs p = z.compact.decode();
      int first = rev ? lastIn(p, range) : firstIn(p, range);
      IntPredicate within = rev ? i -> range.gteMin(p.members[i]) : i -> range.lteMax(p.members[i]);
      return collect(p, first, rev, offset, limit, within);
    }
    ZSkipList.Node first = rev ? z.zsl.lastInLexRange(range) : z.zsl.firstInLexRange(range);
    Predicate<ZSkipList.Node> within =
        rev ? x -> range.gteMin(x.member) : x -> range.lteMax(x.member);
    return collect(first, rev, offset, limit, within);
  }

  /**
   * The LIMIT walk over compact pairs from {@code i}: skip {@code offset} pairs unchecked, then
   * take up to {@code limit} while {@code within} holds for the far end of the range. Redis: the
   * listpack branch of genericZrangebyscoreCommand / genericZrangebylexCommand.
   */
  private static List<ScoredMember> collect(
      ListPackZSet.Pairs p, int i, boolean rev, long offset, long limit, IntPredicate within) {
    List<ScoredMember> out = new ArrayList<>();
    int step = rev ? -1 : 1;
    for (; i >= 0 && i < p.n && offset != 0; offset--) {
      i += step;
    }
    for (; i >= 0 && i < p.n && limit != 0 && within.test(i); limit--) {
      out.add(new ScoredMember(p.members[i], p.scores[i]));
      i += step;
    }
    return out;
  }

  /** The same LIMIT walk over skiplist nodes from {@code x}. Redis: the skiplist branch. */
  private static List<ScoredMember> collect(
      ZSkipList.Node x, boolean rev, long offset, long limit, Predicate<ZSkipList.Node> within) {
    List<ScoredMember> out = new ArrayList<>();
    for (; x != null && offset != 0; offset--) {
      x = rev ? x.previous() : x.next();
    }
    for (; x != null && limit != 0 && within.test(x); limit--) {
      out.add(entry(x));
      x = rev ? x.previous() : x.next();
    }
    return out;
  }

  /** Redis: zcountCommand. */
  static long count(ZSet z, ScoreRange range) {
    if (z.compact != null) {
      ListPackZSet.Pairs p = z.compact.decode();
      int i = firstIn(p, range);
      long n = 0;
      for (; i >= 0 && i < p.n && range.lteMax(p.scores[i]); i++) {
        n++;
      }
      return n;
    }
    ZSkipList.Node first = z.zsl.firstInRange(range);
    return first == null ? 0 : countFrom(z.zsl, first, z.zsl.lastInRange(range));
  }

  /**
   * Redis's count from the first node in range: the nodes from it to the tail, less those after the
   * last node in range. When there is no last node (a lex walk over differing scores can find a
   * first and no last), nothing is taken off: Redis's zlexcountCommand tests for it, and so its
   * reply counts to the tail.
   */
  private static long countFrom(ZSkipList zsl, ZSkipList.Node first, ZSkipList.Node last) {
    long count = zsl.length() - (zsl.rank(first) - 1L);
    if (last != null) {
      count -= zsl.length() - zsl.rank(last);
    }
    return count;
  }

  /** Redis: zlexcountCommand. */
  static long lexCount(ZSet z, LexRange range) {
    if (z.compact != null) {
      ListPackZSet.Pairs p = z.compact.decode();
      int i = firstIn(p, range);
      long n = 0;
      for (; i >= 0 && i < p.n && range.lteMax(p.members[i]); i++) {
        n++;
      }
      return n;
    }
    ZSkipList.Node first = z.zsl.firstInLexRange(range);
    return first == null ? 0 : countFrom(z.zsl, first, z.zsl.lastInLexRange(range));
  }

  // ---------------------------------------------------------------- range deletes

  static long removeByRank(ZSet z, long start, long end) {
    long[] r = sanitize(start, end, z.size());
    if (r == null) {
      return 0;
    }
    if (z.compact != null) {
      int n = (int) (r[1] - r[0] + 1);
      z.compact.deletePairs((int) r[0], n);
      return n;
    }
    return z.zsl.deleteRangeByRank((int) r[0] + 1, (int) r[1] + 1, x -> z.dict.remove(x.member));
  }

  static long removeByScore(ZSet z, ScoreRange range) {
    if (z.compact != null) {
      ListPackZSet.Pairs p = z.compact.decode();
      int i = firstIn(p, range);
      if (i < 0) {
        return 0;
      }
      int j = i;
      while (j < p.n && range.lteMax(p.scores[j])) {
        j++;
      }
      z.compact.deletePairs(i, j - i);
      return j - i;
    }
    return z.zsl.deleteRangeByScore(range, x -> z.dict.remove(x.member));
  }

  static long removeByLex(ZSet z, LexRange range) {
    if (z.compact != null) {
      ListPackZSet.Pairs p = z.compact.decode();
      int i = firstIn(p, range);
      if (i < 0) {
        return 0;
      }
      int j = i;
      while (j < p.n && range.lteMax(p.members[j])) {
        j++;
      }
      z.compact.deletePairs(i, j - i);
      return j - i;
    }
    return z.zsl.deleteRangeByLex(range, x -> z.dict.remove(x.member));
  }

  // ---------------------------------------------------------------- ZPOPMIN / ZPOPMAX

  /** Removes and returns the lowest (or highest) members. Redis: genericZpopCommand. */
  static List<ScoredMember> pop(ZSet z, long count, boolean max) {
    if (count < 0) {
      throw new ZSetException("ERR value is out of range, must be positive");
    }
    int n = (int) Math.min(count, z.size());
    if (n == 0) {
      return new ArrayList<>();
    }
    List<ScoredMember> out = byRank(z, 0, n - 1L, max);
    if (max) {
      removeByRank(z, -n, -1);
    } else {
      removeByRank(z, 0, n - 1L);
    }
    return out;
  }

  // ---------------------------------------------------------------- ZRANDMEMBER

  /** The most picks a negative count may ask for: the longest array a JVM allocates. */
  static final long MAX_RANDOM_PICKS = Integer.MAX_VALUE - 8;

  static List<ScoredMember> random(ZSet z, long count, RandomGenerator rnd) {
    ZSet.checkRandomCount(count, false);
    if (count < -MAX_RANDOM_PICKS) {
      throw new IllegalArgumentException(
          "count " + count + ": no list holds more than " + MAX_RANDOM_PICKS + " picks");
    }
    int size = z.size();
    if (count == 0 || size == 0) {
      return new ArrayList<>();
    }
    if (count < 0) {
      // Sized up front: a count the heap cannot hold fails here, before any pick is made.
      List<ScoredMember> out = new ArrayList<>((int) -count);
      for (long k = 0; k < -count; k++) {
        int i = rnd.nextInt(size);
        out.addAll(byRank(z, i, i, false));
      }
      return out;
    }
    if (count >= size) {
      return byRank(z, 0, -1, true);
    }
    List<ScoredMember> out = new ArrayList<>((int) count);
    int[] idx = new int[size];
    for (int i = 0; i < size; i++) {
      idx[i] = i;
    }
    for (int k = 0; k < count; k++) {
      int j = k + rnd.nextInt(size - k);
      int t = idx[k];
      idx[k] = idx[j];
      idx[j] = t;
      out.addAll(byRank(z, idx[k], idx[k], false));
    }
    return out;
  }
}
