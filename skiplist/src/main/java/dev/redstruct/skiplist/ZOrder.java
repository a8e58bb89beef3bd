package dev.redstruct.skiplist;

import java.util.function.Consumer;

/**
 * The order of a skiplist-encoded set over (score, member bytes): the operations t_zset.c asks of
 * its zskiplist, so that {@link SkipListZSet} can hold either Redis's {@link ZSkipList} or the
 * counted B+ tree {@link ZTree} (Valkey 9.2's answer, valkey-io/valkey#3166). Replies depend only
 * on the order, never on the index, so both give Redis 7.0.15's replies and DUMP bytes; {@code
 * OBJECT ENCODING} says {@code skiplist} either way.
 *
 * <p>Elements are {@link ZEntry}s, also the entries of the set's member table: an index creates the
 * entry for a new member and hands it back, and keeps every entry's {@code score} current. Ranks
 * here are 0-based. Contract: scores are never NaN; a member is present at most once (the member
 * table guarantees it). Not thread-safe.
 */
sealed interface ZOrder permits ZSkipList, ZTree {
  /** Which index a set's order uses; chosen when the set is created. */
  enum Kind {
    /** Redis's zskiplist (P = 1/4, 32 levels, spans): {@link ZSkipList}. */
    SKIPLIST,
    /** A counted B+ tree: {@link ZTree}. */
    TREE;

    /** The index a new set uses. See skiplist/README.md for why. */
    static final Kind DEFAULT = TREE;

    ZOrder create(long seed) {
      return this == SKIPLIST ? new ZSkipList(seed) : new ZTree();
    }
  }

  /** Receives the elements of a walk; returns false to stop it. */
  @FunctionalInterface
  interface Visitor {
    /**
     * Visits one element.
     *
     * @param e the element (read only)
     * @return true to go on
     */
    boolean visit(ZEntry e);
  }

  /**
   * Which index this is.
   *
   * @return the kind
   */
  Kind kind();

  /**
   * Number of elements.
   *
   * @return the count
   */
  int length();

  /**
   * Adds a member that is absent, keeping the array. Redis: zslInsert.
   *
   * @return the new element
   */
  ZEntry add(double score, byte[] member);

  /**
   * Adds members that are absent, given in strictly increasing (score, member) order, to an empty
   * index. Redis: zsetConvert's zslInsert loop.
   *
   * @return the new elements, in order
   */
  ZEntry[] addSorted(double[] scores, byte[][] members, int n);

  /** Removes an element of this index. Redis: zslDelete. */
  void remove(ZEntry e);

  /**
   * Gives an element a new score, in place when its neighbours still bracket it. Redis:
   * zslUpdateScore.
   *
   * @return the element now holding the member (the member table re-points to it if it changed)
   */
  ZEntry changeScore(ZEntry e, double newScore);

  /** 0-based rank of an element of this index. Redis: zslGetRank. */
  long rankOf(ZEntry e);

  /**
   * Visits from the element of 0-based rank {@code rank} (valid), towards the end or the start.
   * Redis: zslGetElementByRank, then forward or backward links.
   */
  void walkRank(long rank, boolean rev, Visitor v);

  /**
   * Visits from the first element in the range (rev: the last), onward without checking the range
   * again; nothing when none. Redis: zslFirstInRange / zslLastInRange, then the links.
   */
  void walkScore(ScoreRange range, boolean rev, Visitor v);

  /** As {@link #walkScore} for a lex range. Redis: zslFirstInLexRange / zslLastInLexRange. */
  void walkLex(LexRange range, boolean rev, Visitor v);

  /**
   * Positions a cursor on the element of 0-based rank {@code rank} (valid) and returns it. Redis:
   * zslGetElementByRank.
   */
  ZEntry cursorAtRank(ZSetCursor.OrderCursor c, long rank);

  /**
   * Positions a cursor on the first element in the range (rev: the last) and returns it, or null.
   * Redis: zslFirstInRange / zslLastInRange.
   */
  ZEntry cursorAtScore(ZSetCursor.OrderCursor c, ScoreRange range, boolean rev);

  /** As {@link #cursorAtScore} for a lex range. Redis: zslFirstInLexRange / zslLastInLexRange. */
  ZEntry cursorAtLex(ZSetCursor.OrderCursor c, LexRange range, boolean rev);

  /**
   * Moves a positioned cursor one element on (rev: back) and returns that element, or null at the
   * end. No allocation. Redis: a step along level 0 (forward or backward link).
   */
  ZEntry cursorStep(ZSetCursor.OrderCursor c, boolean rev);

  /** Redis: zcountCommand over the skiplist (first in range, last in range, their ranks). */
  long count(ScoreRange range);

  /**
   * Redis: zlexcountCommand over the skiplist; with a first element and no last one (a lex walk
   * over differing scores can find that), the count runs to the end as Redis's does.
   */
  long lexCount(LexRange range);

  /** Redis: zslDeleteRangeByScore; reports each removed element, in ascending order. */
  long removeRangeByScore(ScoreRange range, Consumer<ZEntry> removed);

  /** Redis: zslDeleteRangeByLex. */
  long removeRangeByLex(LexRange range, Consumer<ZEntry> removed);

  /** Removes 0-based ranks start..end (valid). Redis: zslDeleteRangeByRank. */
  long removeRangeByRank(long start, long end, Consumer<ZEntry> removed);

  /** Checks the index's structural invariants; throws AssertionError. */
  void checkInvariants();
}
