package dev.redstruct.skiplist;

import dev.redstruct.core.rdb.RdbWriter;
import dev.redstruct.skiplist.internal.ScoredBytesVisitor;
import java.util.function.Consumer;

/**
 * One representation of a {@link ZSet}'s members: each implementation owns every operation on its
 * own state, as the {@code zzl*} and {@code zsl*} halves of src/t_zset.c (Redis 7.0.15) do. {@link
 * ZSet} holds exactly one and hands off to it; ZADD's decision table ({@link #decide}) and the
 * choice of representation live here and in {@link ZSet#zsetAdd}, nowhere else.
 */
sealed interface ZSetEncoding permits ListPackZSet, SkipListZSet {
  /*
   * Implementation notes.
   *
   * Every answer is a return value: a lookup returns the score (NaN when absent: no stored score
   * is NaN), a rank (-1 when absent), a list or a count; an add returns OUT_* bits. Nothing is left
   * in a field for a later call to read.
   *
   * The seam for a second ordered index. SkipListZSet is Redis's "skiplist" encoding: a member
   * table and an order over (score, member). A counted B+ tree (issue #29) is a third
   * representation with the same contract: it implements this interface, answers `add` through
   * decide() as both forms here do, and writes the same RDB type-5 body (ZSetRdb.writePairs); ZSet
   * chooses it in zsetAdd's conversion, the one place that chooses. Nothing outside the
   * implementations reads their fields.
   */

  /** Outcome bit of {@link #add}: the member was added. Redis: ZADD_OUT_ADDED. */
  int OUT_ADDED = 1;

  /** Outcome bit of {@link #add}: the member's score changed. Redis: ZADD_OUT_UPDATED. */
  int OUT_UPDATED = 2;

  /** Outcome bit of {@link #add}: the options prevented the change. Redis: ZADD_OUT_NOP. */
  int OUT_NOP = 4;

  /**
   * Outcome of {@link #add}: the member is absent, may be added, and this representation should not
   * hold it (too many members, member too long, or an empty set that should choose again). Nothing
   * changed; the caller converts and adds again.
   */
  int OUT_CONVERT = 16;

  /**
   * ZADD's decision table for one member, the INCR already applied to {@code score}. Redis: the
   * body of zsetAdd (src/t_zset.c) once the current score is known.
   *
   * @param flags ZSet.NX, XX, GT, LT (CH and INCR do not decide here)
   * @param cur the member's current score, NaN when absent
   * @param score the score the member would get
   * @return OUT_ADDED (absent, may be added), OUT_NOP, OUT_UPDATED, or 0 (same score, no change)
   */
  static int decide(int flags, double cur, double score) {
    if (Double.isNaN(cur)) {
      return (flags & ZSet.XX) != 0 ? OUT_NOP : OUT_ADDED;
    }
    if ((flags & ZSet.NX) != 0
        || ((flags & ZSet.LT) != 0 && score >= cur)
        || ((flags & ZSet.GT) != 0 && score <= cur)) {
      return OUT_NOP;
    }
    return score == cur ? 0 : OUT_UPDATED;
  }

  /**
   * Number of members.
   *
   * @return the count
   */
  int length();

  /**
   * Adds or updates one member under ZADD's options (no INCR: {@code score} is the score wanted).
   * Redis: zsetAdd.
   *
   * @param member the member (copied when kept)
   * @param score the score, not NaN
   * @param flags ZSet.NX, XX, GT, LT
   * @param maxEntries {@code zset-max-listpack-entries}
   * @param maxValue {@code zset-max-listpack-value}
   * @return the {@link #decide} outcome, or OUT_CONVERT (nothing changed)
   */
  int add(byte[] member, double score, int flags, int maxEntries, int maxValue);

  /**
   * Removes one member. Redis: zsetRemoveFromSkiplist, zzlDelete.
   *
   * @param member the member
   * @return whether it was present
   */
  boolean remove(byte[] member);

  /**
   * The member's score, allocation-free. Redis: zsetScore.
   *
   * @param member the member
   * @return the score, or NaN if absent
   */
  double score(byte[] member);

  /**
   * The member's 0-based ascending rank, allocation-free. Redis: zsetRank.
   *
   * @param member the member
   * @return the rank, or -1 if absent
   */
  long rank(byte[] member);

  /**
   * A cursor over ranks {@code start..end} (valid, sanitised, 0-based), ascending or from the
   * highest.
   *
   * @param start first rank
   * @param end last rank, inclusive
   * @param rev count from the highest score
   * @return the cursor, in reply order
   */
  ZSetCursor cursorByRank(int start, int end, boolean rev);

  /**
   * A cursor over genericZrangebyscoreCommand's walk.
   *
   * @param range the range
   * @param rev highest first
   * @param offset LIMIT offset (negative: nothing)
   * @param limit LIMIT count (negative: all)
   * @return the cursor, in reply order
   */
  ZSetCursor cursorByScore(ScoreRange range, boolean rev, long offset, long limit);

  /**
   * A cursor over genericZrangebylexCommand's walk.
   *
   * @param range the range
   * @param rev highest first
   * @param offset LIMIT offset (negative: nothing)
   * @param limit LIMIT count (negative: all)
   * @return the cursor, in reply order
   */
  ZSetCursor cursorByLex(LexRange range, boolean rev, long offset, long limit);

  /**
   * Redis: zcountCommand.
   *
   * @param range the range
   * @return the count
   */
  long count(ScoreRange range);

  /**
   * Redis: zlexcountCommand.
   *
   * @param range the range
   * @return the count
   */
  long lexCount(LexRange range);

  /**
   * Removes ranks {@code start..end} (sanitised, 0-based). Redis: zremrangeGenericCommand.
   *
   * @param start first rank
   * @param end last rank, inclusive
   * @return the number removed
   */
  long removeByRank(int start, int end);

  /**
   * Redis: zremrangeGenericCommand, ZRANGE_SCORE.
   *
   * @param range the range
   * @return the number removed
   */
  long removeByScore(ScoreRange range);

  /**
   * Redis: zremrangeGenericCommand, ZRANGE_LEX.
   *
   * @param range the range
   * @return the number removed
   */
  long removeByLex(LexRange range);

  /**
   * Visits the members in the score range in ascending order, in place, until the visitor stops.
   * Redis: geoGetPointsInRange's walk (src/geo.c).
   *
   * @param range the range
   * @param visitor receives each member in the set's own array
   */
  void forEachByScore(ScoreRange range, ScoredBytesVisitor visitor);

  /**
   * One ZSCAN call handing out records. Redis: scanGenericCommand.
   *
   * @param cursor the cursor
   * @param count the hint, at least 1
   * @param visitor receives fresh records
   * @return the next cursor
   */
  long scan(long cursor, int count, Consumer<? super ScoredMember> visitor);

  /**
   * One ZSCAN call as Redis replies: member and score texts, alternately.
   *
   * @param cursor the cursor
   * @param count the hint, at least 1
   * @param visitor receives fresh arrays
   * @return the next cursor
   */
  long scanReply(long cursor, int count, Consumer<? super byte[]> visitor);

  /**
   * A deep copy. Redis: zsetDup.
   *
   * @param seed the copy's level seed (skiplist form)
   * @return the copy
   */
  ZSetEncoding copy(long seed);

  /**
   * This representation as Redis's skiplist encoding (itself when it is one). Redis: zsetConvert.
   *
   * @param seed the level seed of a new skiplist
   * @param kind the order index of a new skiplist form
   * @return the skiplist form
   */
  SkipListZSet toSkipList(long seed, ZOrder.Kind kind);

  /**
   * Appends the RDB type byte and object body, as rdbSaveObjectType and rdbSaveObject write them.
   *
   * @param out the writer
   */
  void writeRdb(RdbWriter out);

  /** Checks the representation's invariants; throws AssertionError. */
  void checkInvariants();
}
