package dev.redstruct.skiplist;

import java.util.Arrays;

/**
 * A walk over a range of a {@link ZSet} that makes no object per member: after each {@link #next()}
 * that returns true, the member is {@code array()[offset(), offset() + length())} and its score is
 * {@link #score()}. The array is the set's own (or a scratch array): read it during the step, never
 * modify or keep it; {@link #member()} and {@link #toScoredMember()} make owned copies. The set
 * must not change while a cursor walks it (the cursor's answers are then unspecified; nothing is
 * corrupted). {@link ZSet#rangeByRank} and its siblings are a cursor walk that copies every member.
 *
 * <pre>{@code
 * for (ZSetCursor c = set.cursorByRank(0, -1, false); c.next(); ) {
 *   out.write(c.array(), c.offset(), c.length());
 * }
 * }</pre>
 *
 * Redis: the walks of zrangeGenericCommand's handlers (src/t_zset.c), which emit each element
 * straight from the listpack or the skiplist node into the reply.
 */
public abstract sealed class ZSetCursor permits ZSetCursor.OrderCursor, ZSetCursor.CompactCursor {
  /* Implementation notes
   *
   * A cursor is positioned before its first element; next() moves it and reads the element into
   * the four public fields' backing fields. `left` is how many elements may still be returned
   * (Long.MAX_VALUE: no limit); `test` is the range check of the far end, as Redis's LIMIT walks
   * make it: NONE for ranks, SCORE or LEX for ranges (rev: the min bound, else the max). The offset
   * of a LIMIT is skipped at creation without checking the range, as Redis's `while (ln &&
   * offset--)` does.
   */

  static final int NONE = 0;
  static final int SCORE = 1;
  static final int LEX = 2;

  byte[] array;
  int offset;
  int length;
  double score;
  long left;
  final boolean rev;
  private final int test;
  private final ScoreRange scores;
  private final LexRange lex;

  ZSetCursor(boolean rev, long limit, int test, ScoreRange scores, LexRange lex) {
    this.rev = rev;
    this.left = limit < 0 ? Long.MAX_VALUE : limit;
    this.test = test;
    this.scores = scores;
    this.lex = lex;
  }

  /**
   * Moves to the next member of the range.
   *
   * @return true if there is one (then read it through the accessors), false at the end
   */
  public abstract boolean next();

  /**
   * The array holding the current member: the set's own, read only, valid until the next step.
   *
   * @return the array
   */
  public final byte[] array() {
    return array;
  }

  /**
   * Where the current member starts in {@link #array()}.
   *
   * @return the offset
   */
  public final int offset() {
    return offset;
  }

  /**
   * The current member's length in bytes.
   *
   * @return the length
   */
  public final int length() {
    return length;
  }

  /**
   * The current member's score.
   *
   * @return the score
   */
  public final double score() {
    return score;
  }

  /**
   * A copy of the current member's bytes.
   *
   * @return a fresh array
   */
  public final byte[] member() {
    return Arrays.copyOfRange(array, offset, offset + length);
  }

  /**
   * The current member and score as an owned record.
   *
   * @return a fresh record
   */
  public final ScoredMember toScoredMember() {
    return new ScoredMember(member(), score);
  }

  /** Whether an element passes the range's far-end check (members as whole arrays). */
  final boolean within(double s, byte[] m) {
    if (test == SCORE) {
      return rev ? scores.gteMin(s) : scores.lteMax(s);
    }
    return test == NONE || (rev ? lex.gteMin(m) : lex.lteMax(m));
  }

  /** A cursor with nothing to walk. */
  static ZSetCursor empty() {
    return new CompactCursor(null, 0, false, 0, NONE, null, null);
  }

  /** The skiplist form's cursor: steps along the order's bottom level (tree leaves, level 0). */
  static final class OrderCursor extends ZSetCursor {
    private final ZOrder order;
    private ZEntry next;
    // The order's position of `next`: a ZTree leaf and index, or a ZSkipList node.
    Object node;
    int idx;

    OrderCursor(ZOrder order, boolean rev, long limit, int test, ScoreRange s, LexRange l) {
      super(rev, limit, test, s, l);
      this.order = order;
    }

    /** Sets the first element (the order positioned node/idx on it), then skips {@code skip}. */
    OrderCursor start(ZEntry first, long skip) {
      next = first;
      if (skip < 0) {
        next = null; // a negative offset walks off the end
      }
      for (; next != null && skip > 0; skip--) {
        next = order.cursorStep(this, rev);
      }
      return this;
    }

    @Override
    public boolean next() {
      ZEntry e = next;
      if (e == null || left == 0 || !within(e.score, e.member)) {
        next = null;
        return false;
      }
      left--;
      array = e.member;
      offset = 0;
      length = e.member.length;
      score = e.score;
      next = left == 0 ? null : order.cursorStep(this, rev);
      return true;
    }
  }

  /**
   * The compact form's cursor: the pairs decoded once when the cursor is made (at most {@code
   * zset-max-listpack-entries} of them), then walked by index.
   */
  static final class CompactCursor extends ZSetCursor {
    private final ListPackZSetPairs pairs;
    private int i;

    CompactCursor(
        ListPackZSetPairs pairs,
        int first,
        boolean rev,
        long limit,
        int t,
        ScoreRange s,
        LexRange l) {
      super(rev, limit, t, s, l);
      this.pairs = pairs;
      this.i = first;
    }

    /** Skips {@code skip} pairs unchecked (negative: walks off the end). */
    CompactCursor skip(long skip) {
      if (skip < 0) {
        i = -1;
      } else if (i >= 0) {
        i = (int) Math.max(-1, Math.min(pairs.n, rev ? i - skip : i + skip));
      }
      return this;
    }

    @Override
    public boolean next() {
      if (pairs == null || i < 0 || i >= pairs.n || left == 0) {
        return false;
      }
      byte[] m = pairs.members[i];
      double s = pairs.scores[i];
      if (!within(s, m)) {
        i = -1;
        return false;
      }
      left--;
      array = m;
      offset = 0;
      length = m.length;
      score = s;
      i += rev ? -1 : 1;
      return true;
    }
  }
}
