package dev.redstruct.skiplist;

import dev.redstruct.core.RedisNumbers;
import dev.redstruct.core.rdb.RdbPayload;
import dev.redstruct.core.rdb.RdbWriter;
import dev.redstruct.skiplist.internal.ScoredBytesVisitor;
import java.util.function.Consumer;

/**
 * Redis's {@code skiplist} encoding of a {@link ZSet}: a zskiplist ordered by (score, member) whose
 * nodes are also the entries of a member table (Redis's zs->dict after redis/redis #14701, one
 * object per member). Every operation of the form lives here. Redis: the {@code zsl*} functions and
 * the {@code OBJ_ENCODING_SKIPLIST} branches of src/t_zset.c (7.0.15).
 */
final class SkipListZSet implements ZSetEncoding {
  /*
   * Implementation notes.
   *
   * The order is a ZOrder: Redis's zskiplist or the counted B+ tree (ZOrder.Kind, chosen when the
   * ZSet is created). Every walk here goes through the seam, so both give the same replies.
   *
   * Invariants (checkInvariants): S1 dict.size == order.length and dict finds every element of
   * the order by its member (the element itself); S2 MemberTable T1..T5; S3 the order's own
   * (ZSkipList I1..I5, ZTree B1..B6).
   */

  final MemberTable dict;
  final ZOrder order;

  SkipListZSet(long seed, ZOrder.Kind kind) {
    this.dict = new MemberTable();
    this.order = kind.create(seed);
  }

  private static ScoredMember entry(ZEntry x) {
    return new ScoredMember(x.member.clone(), x.score);
  }

  @Override
  public int length() {
    return order.length();
  }

  @Override
  public int add(byte[] member, double score, int flags, int maxEntries, int maxValue) {
    long hash = dict.hash(member);
    ZEntry node = dict.find(member, hash);
    int out = ZSetEncoding.decide(flags, node == null ? Double.NaN : node.score, score);
    if (out == OUT_ADDED) {
      if (order.length() == 0 && maxEntries > 0 && member.length <= maxValue) {
        return OUT_CONVERT; // an emptied key chooses again, as a new Redis key would
      }
      dict.addAbsent(order.add(score, member.clone()), hash);
    } else if (out == OUT_UPDATED) {
      ZEntry moved = order.changeScore(node, score);
      if (moved != node) {
        dict.replace(node, moved);
      }
    }
    return out;
  }

  /** Inserts a member known to be absent, keeping the array. Redis: zslInsert + dictAdd. */
  void insertAbsent(double score, byte[] member) {
    dict.put(member, order.add(score, member));
  }

  /** Whether the member is present (loaders refuse a member twice). */
  boolean contains(byte[] member) {
    return dict.get(member) != null;
  }

  @Override
  public boolean remove(byte[] member) {
    ZEntry node = dict.remove(member);
    if (node == null) {
      return false;
    }
    order.remove(node);
    return true;
  }

  @Override
  public double score(byte[] member) {
    ZEntry node = dict.get(member);
    return node == null ? Double.NaN : node.score;
  }

  @Override
  public long rank(byte[] member) {
    ZEntry node = dict.get(member);
    return node == null ? -1 : order.rankOf(node);
  }

  @Override
  public ZSetCursor cursorByRank(int start, int end, boolean rev) {
    ZSetCursor.OrderCursor c =
        new ZSetCursor.OrderCursor(order, rev, end - start + 1L, ZSetCursor.NONE, null, null);
    return c.start(order.cursorAtRank(c, rev ? order.length() - 1L - start : start), 0);
  }

  @Override
  public ZSetCursor cursorByScore(ScoreRange range, boolean rev, long offset, long limit) {
    ZSetCursor.OrderCursor c =
        new ZSetCursor.OrderCursor(order, rev, limit, ZSetCursor.SCORE, range, null);
    return c.start(order.cursorAtScore(c, range, rev), offset);
  }

  @Override
  public ZSetCursor cursorByLex(LexRange range, boolean rev, long offset, long limit) {
    ZSetCursor.OrderCursor c =
        new ZSetCursor.OrderCursor(order, rev, limit, ZSetCursor.LEX, null, range);
    return c.start(order.cursorAtLex(c, range, rev), offset);
  }

  @Override
  public long count(ScoreRange range) {
    return order.count(range);
  }

  @Override
  public long lexCount(LexRange range) {
    return order.lexCount(range);
  }

  @Override
  public long removeByRank(int start, int end) {
    return order.removeRangeByRank(start, end, x -> dict.remove(x.member));
  }

  @Override
  public long removeByScore(ScoreRange range) {
    return order.removeRangeByScore(range, x -> dict.remove(x.member));
  }

  @Override
  public long removeByLex(LexRange range) {
    return order.removeRangeByLex(range, x -> dict.remove(x.member));
  }

  @Override
  public void forEachByScore(ScoreRange range, ScoredBytesVisitor visitor) {
    ZSetCursor c = cursorByScore(range, false, 0, -1);
    while (c.next() && visitor.visit(c.array, c.offset, c.length, c.score)) {
      // the visitor reads each member in place
    }
  }

  @Override
  public long scan(long cursor, int count, Consumer<? super ScoredMember> visitor) {
    return dict.scan(cursor, count, 10L * count, x -> visitor.accept(entry(x)));
  }

  @Override
  public long scanReply(long cursor, int count, Consumer<? super byte[]> visitor) {
    return dict.scan(
        cursor,
        count,
        10L * count,
        x -> {
          visitor.accept(x.member.clone());
          visitor.accept(RedisNumbers.formatDoubleBytes(x.score));
        });
  }

  /** Visits every element in ascending (rev: descending) order. */
  void forEach(boolean rev, ZOrder.Visitor v) {
    if (order.length() > 0) {
      order.walkRank(rev ? order.length() - 1L : 0, rev, v);
    }
  }

  @Override
  public SkipListZSet copy(long seed) {
    SkipListZSet c = new SkipListZSet(seed, order.kind());
    forEach(
        false,
        x -> {
          c.insertAbsent(x.score, x.member);
          return true;
        });
    return c;
  }

  @Override
  public SkipListZSet toSkipList(long seed, ZOrder.Kind kind) {
    if (kind == order.kind()) {
      return this;
    }
    SkipListZSet c = new SkipListZSet(seed, kind);
    forEach(
        false,
        x -> {
          c.insertAbsent(x.score, x.member);
          return true;
        });
    return c;
  }

  /**
   * The listpack form of this set if it fits the thresholds, else null. Redis:
   * zsetConvertToListpackIfNeeded (for freshly built results only).
   */
  ListPackZSet toListPackIfFits(int maxEntries, int maxValue) {
    if (order.length() > maxEntries) {
      return null;
    }
    boolean[] fits = {true};
    forEach(false, x -> fits[0] = x.member.length <= maxValue);
    if (!fits[0]) {
      return null;
    }
    ListPackZSet lp = ListPackZSet.create();
    forEach(
        false,
        x -> {
          lp.append(x.member, x.score);
          return true;
        });
    return lp;
  }

  /**
   * RDB type 5 ({@code ZSET_2}): the count, then each member from the greatest to the smallest and
   * its binary score. Redis: rdbSaveObject for OBJ_ENCODING_SKIPLIST.
   */
  @Override
  public void writeRdb(RdbWriter out) {
    out.type(RdbPayload.TYPE_ZSET_2).length(order.length());
    if (order.length() > 0) {
      for (ZSetCursor c = cursorByRank(0, order.length() - 1, true); c.next(); ) {
        out.string(c.array, c.offset, c.length).binaryDouble(c.score);
      }
    }
  }

  @Override
  public void checkInvariants() {
    order.checkInvariants();
    dict.checkInvariants();
    if (dict.size() != order.length()) {
      throw new AssertionError("skiplist zset invariant broken: S1 dict size " + dict.size());
    }
    forEach(
        false,
        x -> {
          if (dict.get(x.member) != x) {
            throw new AssertionError("skiplist zset invariant broken: S1 dict entry for node");
          }
          return true;
        });
  }
}
