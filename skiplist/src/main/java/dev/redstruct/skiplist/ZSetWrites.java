package dev.redstruct.skiplist;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * The write path of {@link ZSet} for both encodings: ZADD's option checks and decision table,
 * inserting a new member, the encoding conversions, removal and the deep copy. Redis: zsetAdd,
 * zsetConvert, zsetConvertToListpackIfNeeded, zsetRemoveFromSkiplist/zsetDel and zsetDup in
 * src/t_zset.c (7.0.15).
 */
final class ZSetWrites {
  /*
   * Implementation notes.
   *
   * Every method operates on the encoding fields of the ZSet it is given (`compact`, or `dict`
   * and `zsl`) and on its thresholds; the public methods of ZSet check nulls and hand off here.
   * zsetAdd reports what it did as OUT_* bits and leaves the resulting score (Redis's *newscore)
   * in ZSet.lastScore: replies use that score, not the stored form (a compact set stores -0 as 0).
   * A rejected add (options, NaN) returns before the first change, so it changes nothing.
   */

  static final int OUT_ADDED = 1;
  static final int OUT_UPDATED = 2;
  static final int OUT_NOP = 4;
  static final int OUT_NAN = 8;

  private ZSetWrites() {}

  /** ZADD's option checks in Redis's order (zaddGenericCommand). */
  static void checkAddFlags(int flags, int pairs) {
    if ((flags & ZSet.NX) != 0 && (flags & ZSet.XX) != 0) {
      throw new ZSetException(ZSetException.XX_NX);
    }
    int gtLtNx = Integer.bitCount(flags & (ZSet.GT | ZSet.LT | ZSet.NX));
    if (gtLtNx > 1) {
      throw new ZSetException(ZSetException.GT_LT_NX);
    }
    if ((flags & ZSet.INCR) != 0 && pairs > 1) {
      throw new ZSetException(ZSetException.INCR_PAIR);
    }
  }

  /** ZADD with score-member pairs: every argument is checked before the first change. */
  static long addPairs(ZSet z, int flags, double[] scores, byte[][] members) {
    checkAddFlags(flags, members.length);
    if ((flags & ZSet.INCR) != 0 || scores.length != members.length || members.length == 0) {
      throw new IllegalArgumentException("use addIncr for INCR; scores and members pair up");
    }
    for (int i = 0; i < scores.length; i++) {
      if (Double.isNaN(scores[i])) {
        throw new IllegalArgumentException("NaN score");
      }
      Objects.requireNonNull(members[i], "member");
    }
    long added = 0;
    long updated = 0;
    for (int i = 0; i < scores.length; i++) {
      int out = zsetAdd(z, scores[i], members[i], flags);
      added += (out & OUT_ADDED) != 0 ? 1 : 0;
      updated += (out & OUT_UPDATED) != 0 ? 1 : 0;
    }
    return (flags & ZSet.CH) != 0 ? added + updated : added;
  }

  /** ZADD of one pair without options: true if the member was new. */
  static boolean addOne(ZSet z, byte[] member, double score) {
    // addPairs(0, {score}, {member}) without its two arrays: flags 0 pass every option check.
    if (Double.isNaN(score)) {
      throw new IllegalArgumentException("NaN score");
    }
    return (zsetAdd(z, score, Objects.requireNonNull(member, "member"), 0) & OUT_ADDED) != 0;
  }

  /** The ZRANGESTORE destination: the records are all checked for null before the first add. */
  static long addAll(ZSet z, Iterable<ScoredMember> entries) {
    List<ScoredMember> all = new ArrayList<>();
    for (ScoredMember e : entries) {
      all.add(Objects.requireNonNull(e, "entry"));
    }
    long added = 0;
    for (ScoredMember e : all) {
      added += addOne(z, e.member(), e.score()) ? 1 : 0;
    }
    return added;
  }

  /** ZADD ... INCR: the new score, or empty if the options prevented the change. */
  static OptionalDouble addIncr(ZSet z, int flags, byte[] member, double increment) {
    checkAddFlags(flags | ZSet.INCR, 1);
    if (Double.isNaN(increment)) {
      throw new IllegalArgumentException("NaN increment");
    }
    int out = zsetAdd(z, increment, Objects.requireNonNull(member, "member"), flags | ZSet.INCR);
    if ((out & OUT_NAN) != 0) {
      throw new ZSetException(ZSetException.NAN_RESULT);
    }
    return (out & OUT_NOP) != 0 ? OptionalDouble.empty() : OptionalDouble.of(z.lastScore);
  }

  /** One element of ZADD. Redis: zsetAdd. Returns OUT_* flags; sets z.lastScore. */
  static int zsetAdd(ZSet z, double score, byte[] member, int flags) {
    double cur;
    int at = -1;
    ZSkipList.Node node = null;
    long hash = 0; // the member's hash, skiplist encoding only: hashed once per add
    if (z.compact != null) {
      at = z.compact.locateForAdd(member, score, z.maxCompactEntries);
      cur = at < 0 ? Double.NaN : z.compact.foundScore;
    } else {
      hash = z.dict.hash(member);
      node = z.dict.find(member, hash);
      cur = node == null ? Double.NaN : node.score;
    }
    boolean exists = z.compact != null ? at >= 0 : node != null;
    if (!exists) {
      if ((flags & ZSet.XX) != 0) {
        return OUT_NOP;
      }
      insertNew(z, score, member, z.compact != null, hash);
      z.lastScore = score;
      return OUT_ADDED;
    }
    return update(z, score, member, flags, cur, at, node);
  }

  /** The "member exists" half of zsetAdd's decision table; {@code cur} is its score. */
  private static int update(
      ZSet z, double score, byte[] member, int flags, double cur, int at, ZSkipList.Node node) {
    if ((flags & ZSet.NX) != 0) {
      return OUT_NOP;
    }
    if ((flags & ZSet.INCR) != 0) {
      score += cur;
      if (Double.isNaN(score)) {
        return OUT_NAN;
      }
    }
    if (((flags & ZSet.LT) != 0 && score >= cur) || ((flags & ZSet.GT) != 0 && score <= cur)) {
      return OUT_NOP;
    }
    z.lastScore = score;
    if (score == cur) {
      return 0;
    }
    if (z.compact != null) {
      z.compact.delete(at);
      z.compact.insert(member, score, z.maxCompactEntries);
    } else {
      ZSkipList.Node moved = z.zsl.updateScore(cur, node.member, score);
      if (moved != node) {
        z.dict.replace(node, moved);
      }
    }
    return OUT_UPDATED;
  }

  /**
   * Inserts an absent member, choosing or converting the encoding as Redis would. {@code located}
   * says the compact lookup placed the member (else the lookup went to the member index, whose
   * {@code hash} of the member is then still valid: a skiplist set never converts back here).
   */
  private static void insertNew(ZSet z, double score, byte[] member, boolean located, long hash) {
    int size = z.compact != null ? z.compact.length() : z.zsl.length();
    if (size == 0) {
      // A new key: compact unless entries-limit 0 or the first member is too long.
      if (z.maxCompactEntries == 0 || member.length > z.maxCompactValue) {
        toSkiplist(z);
      } else if (z.compact == null) {
        z.compact = ListPackZSet.create();
        z.dict = null;
        z.zsl = null;
      }
    } else if (z.compact != null
        && (size + 1 > z.maxCompactEntries || member.length > z.maxCompactValue)) {
      toSkiplist(z);
    }
    if (z.compact != null && located) {
      // The place is still current: nothing changed the listpack since the lookup.
      z.compact.insertLocated(member, score, z.maxCompactEntries); // copies the bytes
    } else if (z.compact != null) {
      z.compact.insert(member, score, z.maxCompactEntries);
    } else {
      byte[] copy = member.clone();
      long h = located ? z.dict.hash(copy) : hash;
      z.dict.addAbsent(z.zsl.insert(score, copy), h);
    }
  }

  /**
   * Redis: zsetConvert(zobj, OBJ_ENCODING_SKIPLIST), which re-inserts every pair (zslInsert into an
   * unsized dict). The listpack is sorted, so the skiplist is built by appending at its tail (same
   * level draws, same shape), and the index is sized once for the pairs (for 128 pairs, the 128
   * buckets one-by-one adds end with) instead of doubling from four buckets.
   */
  static void toSkiplist(ZSet z) {
    if (z.compact == null && z.zsl != null) {
      return;
    }
    MemberTable d = new MemberTable();
    ZSkipList list = new ZSkipList(z.seed);
    if (z.compact != null) {
      ListPackZSet.Pairs p = z.compact.decode();
      d.expand(p.n);
      if (z.compact.isForeign()) { // out of order: inserted one by one in blob order, as Redis does
        for (int i = 0; i < p.n; i++) {
          ZSkipList.Node x = list.insert(p.scores[i], p.members[i]);
          d.addAbsent(x, d.hash(x.member));
        }
      } else {
        for (ZSkipList.Node x : list.appendSorted(p.scores, p.members, p.n)) {
          d.addAbsent(x, d.hash(x.member));
        }
      }
    }
    z.compact = null;
    z.dict = d;
    z.zsl = list;
  }

  /** Redis: zsetConvertToListpackIfNeeded — only for freshly built results. Returns z. */
  static ZSet compactIfFits(ZSet z) {
    if (z.compact != null || z.zsl.length() > z.maxCompactEntries) {
      return z;
    }
    for (ZSkipList.Node x = z.zsl.first(); x != null; x = x.next()) {
      if (x.member.length > z.maxCompactValue) {
        return z;
      }
    }
    ListPackZSet zl = ListPackZSet.create();
    for (ZSkipList.Node x = z.zsl.first(); x != null; x = x.next()) {
      zl.append(x.member, x.score);
    }
    z.compact = zl;
    z.dict = null;
    z.zsl = null;
    return z;
  }

  /** ZREM of one member: true if it was present. Redis: zsetRemoveFromSkiplist / zsetDel. */
  static boolean remove(ZSet z, byte[] member) {
    if (z.compact != null) {
      int at = z.compact.find(member);
      if (at < 0) {
        return false;
      }
      z.compact.delete(at);
      return true;
    }
    ZSkipList.Node node = z.dict.remove(member);
    if (node == null) {
      return false;
    }
    ZSkipList.Node gone = z.zsl.delete(node.score, node.member);
    assert gone == node;
    return true;
  }

  /** A deep copy into the empty {@code dst} (same thresholds and seed). Redis: zsetDup. */
  static ZSet copy(ZSet src, ZSet dst) {
    if (src.compact != null) {
      dst.compact = src.compact.copy();
    } else {
      toSkiplist(dst);
      for (ZSkipList.Node x = src.zsl.first(); x != null; x = x.next()) {
        dst.dict.put(x.member, dst.zsl.insert(x.score, x.member));
      }
    }
    return dst;
  }
}
