package dev.redstruct.skiplist;

import dev.redstruct.core.RedisNumbers;
import dev.redstruct.core.rdb.RdbPayload;
import dev.redstruct.core.rdb.RdbWriter;
import dev.redstruct.skiplist.internal.ScoredBytesVisitor;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;

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
   * Invariants (checkInvariants): S1 dict.size == zsl.length and dict finds every node of zsl by
   * its member (the node itself); S2 MemberTable T1..T5; S3 ZSkipList I1..I4.
   */

  final MemberTable dict;
  final ZSkipList zsl;

  SkipListZSet(long seed) {
    this.dict = new MemberTable();
    this.zsl = new ZSkipList(seed);
  }

  private static ScoredMember entry(ZSkipList.Node x) {
    return new ScoredMember(x.member.clone(), x.score);
  }

  @Override
  public int length() {
    return zsl.length();
  }

  @Override
  public int add(byte[] member, double score, int flags, int maxEntries, int maxValue) {
    long hash = dict.hash(member);
    ZSkipList.Node node = dict.find(member, hash);
    int out = ZSetEncoding.decide(flags, node == null ? Double.NaN : node.score, score);
    if (out == OUT_ADDED) {
      if (zsl.length() == 0 && maxEntries > 0 && member.length <= maxValue) {
        return OUT_CONVERT; // an emptied key chooses again, as a new Redis key would
      }
      dict.addAbsent(zsl.insert(score, member.clone()), hash);
    } else if (out == OUT_UPDATED) {
      ZSkipList.Node moved = zsl.updateScore(node.score, node.member, score);
      if (moved != node) {
        dict.replace(node, moved);
      }
    }
    return out;
  }

  /** Inserts a member known to be absent, keeping the array. Redis: zslInsert + dictAdd. */
  void insertAbsent(double score, byte[] member) {
    dict.put(member, zsl.insert(score, member));
  }

  /** Whether the member is present (loaders refuse a member twice). */
  boolean contains(byte[] member) {
    return dict.get(member) != null;
  }

  @Override
  public boolean remove(byte[] member) {
    ZSkipList.Node node = dict.remove(member);
    if (node == null) {
      return false;
    }
    ZSkipList.Node gone = zsl.delete(node.score, node.member);
    assert gone == node;
    return true;
  }

  @Override
  public double score(byte[] member) {
    ZSkipList.Node node = dict.get(member);
    return node == null ? Double.NaN : node.score;
  }

  @Override
  public long rank(byte[] member) {
    ZSkipList.Node node = dict.get(member);
    return node == null ? -1 : zsl.rank(node) - 1;
  }

  @Override
  public List<ScoredMember> byRank(int start, int end, boolean rev) {
    List<ScoredMember> out = new ArrayList<>(end - start + 1);
    ZSkipList.Node x;
    if (rev) {
      x = start == 0 ? zsl.last() : zsl.byRank(zsl.length() - (long) start);
    } else {
      x = start == 0 ? zsl.first() : zsl.byRank(start + 1L);
    }
    for (int k = start; k <= end; k++) {
      out.add(entry(x));
      x = rev ? x.previous() : x.next();
    }
    return out;
  }

  @Override
  public List<ScoredMember> byScore(ScoreRange range, boolean rev, long offset, long limit) {
    ZSkipList.Node first = rev ? zsl.lastInRange(range) : zsl.firstInRange(range);
    Predicate<ZSkipList.Node> within =
        rev ? x -> range.gteMin(x.score) : x -> range.lteMax(x.score);
    return collect(first, rev, offset, limit, within);
  }

  @Override
  public List<ScoredMember> byLex(LexRange range, boolean rev, long offset, long limit) {
    ZSkipList.Node first = rev ? zsl.lastInLexRange(range) : zsl.firstInLexRange(range);
    Predicate<ZSkipList.Node> within =
        rev ? x -> range.gteMin(x.member) : x -> range.lteMax(x.member);
    return collect(first, rev, offset, limit, within);
  }

  /**
   * The LIMIT walk from {@code x}: skip {@code offset} nodes unchecked, then take up to {@code
   * limit} while {@code within} holds. Redis: the skiplist branch of genericZrangebyscoreCommand.
   */
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

  @Override
  public long count(ScoreRange range) {
    ZSkipList.Node first = zsl.firstInRange(range);
    return first == null ? 0 : countFrom(first, zsl.lastInRange(range));
  }

  @Override
  public long lexCount(LexRange range) {
    ZSkipList.Node first = zsl.firstInLexRange(range);
    return first == null ? 0 : countFrom(first, zsl.lastInLexRange(range));
  }

  /**
   * Redis's count from the first node in range: the nodes from it to the tail, less those after the
   * last node in range. When there is no last node (a lex walk over differing scores can find a
   * first and no last), nothing is taken off: Redis's zlexcountCommand tests for it, and so its
   * reply counts to the tail.
   */
  private long countFrom(ZSkipList.Node first, ZSkipList.Node last) {
    long count = zsl.length() - (zsl.rank(first) - 1L);
    if (last != null) {
      count -= zsl.length() - zsl.rank(last);
    }
    return count;
  }

  @Override
  public long removeByRank(int start, int end) {
    return zsl.deleteRangeByRank(start + 1, end + 1, x -> dict.remove(x.member));
  }

  @Override
  public long removeByScore(ScoreRange range) {
    return zsl.deleteRangeByScore(range, x -> dict.remove(x.member));
  }

  @Override
  public long removeByLex(LexRange range) {
    return zsl.deleteRangeByLex(range, x -> dict.remove(x.member));
  }

  @Override
  public void forEachByScore(ScoreRange range, ScoredBytesVisitor visitor) {
    for (ZSkipList.Node x = zsl.firstInRange(range); x != null; x = x.next()) {
      if (!range.lteMax(x.score) || !visitor.visit(x.member, 0, x.member.length, x.score)) {
        return;
      }
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

  @Override
  public SkipListZSet copy(long seed) {
    SkipListZSet c = new SkipListZSet(seed);
    for (ZSkipList.Node x = zsl.first(); x != null; x = x.next()) {
      c.insertAbsent(x.score, x.member);
    }
    return c;
  }

  @Override
  public SkipListZSet toSkipList(long seed) {
    return this;
  }

  /**
   * The listpack form of this set if it fits the thresholds, else null. Redis:
   * zsetConvertToListpackIfNeeded (for freshly built results only).
   */
  ListPackZSet toListPackIfFits(int maxEntries, int maxValue) {
    if (zsl.length() > maxEntries) {
      return null;
    }
    for (ZSkipList.Node x = zsl.first(); x != null; x = x.next()) {
      if (x.member.length > maxValue) {
        return null;
      }
    }
    ListPackZSet lp = ListPackZSet.create();
    for (ZSkipList.Node x = zsl.first(); x != null; x = x.next()) {
      lp.append(x.member, x.score);
    }
    return lp;
  }

  /**
   * RDB type 5 ({@code ZSET_2}): the count, then each member from the greatest to the smallest and
   * its binary score. Redis: rdbSaveObject for OBJ_ENCODING_SKIPLIST.
   */
  @Override
  public void writeRdb(RdbWriter out) {
    out.type(RdbPayload.TYPE_ZSET_2).length(zsl.length());
    for (ZSkipList.Node x = zsl.last(); x != null; x = x.previous()) {
      out.string(x.member).binaryDouble(x.score);
    }
  }

  @Override
  public void checkInvariants() {
    zsl.checkInvariants();
    dict.checkInvariants();
    if (dict.size() != zsl.length()) {
      throw new AssertionError("skiplist zset invariant broken: S1 dict size " + dict.size());
    }
    for (ZSkipList.Node x = zsl.first(); x != null; x = x.next()) {
      if (dict.get(x.member) != x) {
        throw new AssertionError("skiplist zset invariant broken: S1 dict entry for node");
      }
    }
  }
}
