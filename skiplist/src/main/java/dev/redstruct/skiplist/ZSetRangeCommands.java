package dev.redstruct.skiplist;

import dev.redstruct.core.resp.KeyLookup;
import dev.redstruct.core.resp.RedisWords;
import dev.redstruct.core.resp.ReplyError;
import dev.redstruct.core.resp.RespWriter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.Supplier;

/**
 * The multi-member commands of {@link ZSetCommands}: the ZRANGE family with ZRANGESTORE, the
 * ZREMRANGEBY* commands, and ZUNION/ZINTER/ZDIFF/ZINTERCARD with their STORE forms. Redis:
 * zrangeGenericCommand, zremrangeGenericCommand, zunionInterDiffGenericCommand (src/t_zset.c).
 */
final class ZSetRangeCommands {
  private static final int AUTO = 0;
  private static final int RANK = 1;
  private static final int SCORE = 2;
  private static final int LEX = 3;
  private static final int FWD = 1;
  private static final int REV = 2;

  private ZSetRangeCommands() {}

  static void dispatch(String name, byte[][] a, ZSetCommands.Ctx c, RespWriter out) {
    switch (name) {
      case "zrange" -> zrangeGeneric(a, 1, null, AUTO, AUTO, c, out);
      case "zrangestore" -> zrangeGeneric(a, 2, a[1], AUTO, AUTO, c, out);
      case "zrevrange" -> zrangeGeneric(a, 1, null, RANK, REV, c, out);
      case "zrangebyscore" -> zrangeGeneric(a, 1, null, SCORE, FWD, c, out);
      case "zrevrangebyscore" -> zrangeGeneric(a, 1, null, SCORE, REV, c, out);
      case "zrangebylex" -> zrangeGeneric(a, 1, null, LEX, FWD, c, out);
      case "zrevrangebylex" -> zrangeGeneric(a, 1, null, LEX, REV, c, out);
      case "zremrangebyrank", "zremrangebyscore", "zremrangebylex" -> zremrange(a, name, c, out);
      default -> zsetop(a, name, c, out); // the arity table let only the set operations through
    }
  }

  /**
   * Redis: zrangeGenericCommand: {@code a[src]} is the source key, then min, max and the options;
   * {@code dst} is ZRANGESTORE's destination or null. Options, then the range, then the lookup.
   */
  private static void zrangeGeneric(
      byte[][] a, int src, byte[] dst, int type, int dir, ZSetCommands.Ctx c, RespWriter out) {
    boolean withScores = false;
    long offset = 0;
    long limit = -1;
    for (int j = src + 3; j < a.length; j++) {
      int left = a.length - j - 1;
      if (dst == null && RedisWords.is(a[j], "withscores")) {
        withScores = true;
      } else if (RedisWords.is(a[j], "limit") && left >= 2) {
        offset = ZSetCommands.parseLong(a[j + 1]);
        limit = ZSetCommands.parseLong(a[j + 2]);
        j += 2;
      } else if (dir == AUTO && RedisWords.is(a[j], "rev")) {
        dir = REV;
      } else if (type == AUTO && RedisWords.is(a[j], "bylex")) {
        type = LEX;
      } else if (type == AUTO && RedisWords.is(a[j], "byscore")) {
        type = SCORE;
      } else {
        throw new ReplyError(ZSetCommands.ERR_SYNTAX);
      }
    }
    type = type == AUTO ? RANK : type;
    if (limit != -1 && type == RANK) {
      throw new ReplyError(
          "ERR syntax error, LIMIT is only supported in combination with either BYSCORE or BYLEX");
    }
    if (withScores && type == LEX) {
      throw new ReplyError("ERR syntax error, WITHSCORES not supported in combination with BYLEX");
    }
    boolean rev = dir == REV;
    byte[] min = rev && type != RANK ? a[src + 2] : a[src + 1];
    byte[] max = rev && type != RANK ? a[src + 1] : a[src + 2];
    Supplier<ZSetCursor> walk;
    if (type == RANK) {
      long start = ZSetCommands.parseLong(min);
      long end = ZSetCommands.parseLong(max);
      ZSet z = c.keys().get(a[src]);
      walk = () -> z.cursorByRank(start, end, rev);
    } else if (type == SCORE) {
      ScoreRange r = ScoreRange.parse(min, max);
      ZSet z = c.keys().get(a[src]);
      long o = offset;
      long l = limit;
      walk = () -> z.cursorByScore(r, rev, o, l);
    } else {
      LexRange r = LexRange.parse(min, max);
      ZSet z = c.keys().get(a[src]);
      long o = offset;
      long l = limit;
      walk = () -> z.cursorByLex(r, rev, o, l);
    }
    if (dst == null) {
      entries(walk, withScores, out);
    } else {
      List<ScoredMember> res = new ArrayList<>();
      for (ZSetCursor w = walk.get(); w.next(); ) {
        res.add(w.toScoredMember());
      }
      store(dst, res, false, "zrangestore", c, out);
    }
  }

  /**
   * {@link ZSetCommands#entries} from a cursor, with no record per member: one walk counts (the
   * reply's length comes first; Redis defers it instead), the second writes each member from the
   * set's own array. Redis: zrangeResultBeginClient, zrangeResultEmitCBufferToClient.
   */
  private static void entries(Supplier<ZSetCursor> walk, boolean withScores, RespWriter out) {
    long n = 0;
    for (ZSetCursor w = walk.get(); w.next(); ) {
      n++;
    }
    boolean pairs = withScores && out.protocol() > 2;
    out.arrayHeader(withScores && !pairs ? 2 * n : n);
    for (ZSetCursor w = walk.get(); w.next(); ) {
      if (pairs) {
        out.arrayHeader(2);
      }
      if (w.offset() == 0) {
        out.bulk(w.array(), w.length());
      } else {
        out.bulk(w.member());
      }
      if (withScores) {
        out.doubleReply(w.score());
      }
    }
  }

  /**
   * Replaces {@code dst} with the entries and replies their count. Redis: setKey or dbDelete in
   * zrangeResultFinalizeStore and zunionInterDiffGenericCommand.
   */
  private static void store(
      byte[] dst,
      List<ScoredMember> res,
      boolean keepNegativeZero,
      String event,
      ZSetCommands.Ctx c,
      RespWriter out) {
    ZSet z = c.keys().overwrite(dst);
    if (!z.isEmpty()) {
      z.removeRangeByRank(0, -1); // a lookup that hands back the old value (KeyLookup.of)
    }
    z.addAll(res);
    if (keepNegativeZero && z.encoding() == ZSet.Encoding.SKIPLIST) {
      restoreNegativeZeros(z, res);
    }
    c.keys().modified(dst);
    if (res.isEmpty()) {
      c.keys().notify(KeyLookup.NOTIFY_GENERIC, "del", dst);
    } else {
      c.keys().notify(KeyLookup.NOTIFY_ZSET, event, dst);
    }
    out.integer(res.size());
  }

  /**
   * Redis builds a set operation's result by zslInsert, which keeps a score of -0 (a negative
   * weight times 0) that zsetAdd, and so {@link ZSet#addAll}, turns into 0; a skiplist keeps it, a
   * listpack conversion does not. A new member added by INCR keeps the sign in a skiplist.
   */
  private static void restoreNegativeZeros(ZSet z, List<ScoredMember> res) {
    for (ScoredMember e : res) {
      if (e.score() == 0 && 1 / e.score() < 0) {
        z.remove(e.member());
        z.addIncr(0, e.member(), -0.0);
      }
    }
  }

  /** Redis: zremrangeGenericCommand: the range is parsed before the lookup. */
  private static void zremrange(byte[][] a, String name, ZSetCommands.Ctx c, RespWriter out) {
    long n;
    if (name.endsWith("rank")) {
      long start = ZSetCommands.parseLong(a[2]);
      long end = ZSetCommands.parseLong(a[3]);
      n = c.keys().get(a[1]).removeRangeByRank(start, end);
    } else if (name.endsWith("score")) {
      ScoreRange r = ScoreRange.parse(a[2], a[3]);
      n = c.keys().get(a[1]).removeRangeByScore(r);
    } else {
      LexRange r = LexRange.parse(a[2], a[3]);
      n = c.keys().get(a[1]).removeRangeByLex(r);
    }
    if (n > 0) {
      c.keys().modified(a[1]);
      c.keys().notify(KeyLookup.NOTIFY_ZSET, name, a[1]);
      ZSetCommands.emptied(c, a[1]);
    }
    out.integer(n);
  }

  /**
   * Redis: zunionInterDiffGenericCommand: numkeys, the key lookups (a plain set counts with score
   * 1), then the options; with a destination (*STORE), for ZINTERCARD, or replying the entries.
   */
  private static void zsetop(byte[][] a, String name, ZSetCommands.Ctx c, RespWriter out) {
    boolean store = name.endsWith("store");
    int numkeysAt = store ? 2 : 1;
    long numkeys = ZSetCommands.parseLong(a[numkeysAt]);
    if (numkeys < 1) {
      throw new ReplyError("ERR at least 1 input key is needed for '" + name + "' command");
    }
    if (numkeys > a.length - numkeysAt - 1) {
      throw new ReplyError(ZSetCommands.ERR_SYNTAX);
    }
    int n = (int) numkeys;
    List<ZSet> inputs = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      inputs.add(input(a[numkeysAt + 1 + i], c));
    }
    boolean diff = name.startsWith("zdiff");
    boolean card = name.equals("zintercard");
    double[] weights = null;
    boolean withScores = false;
    long limit = 0;
    ZSet.Aggregate agg = ZSet.Aggregate.SUM;
    int j = numkeysAt + 1 + n;
    while (j < a.length) {
      int remaining = a.length - j;
      if (!diff && !card && remaining >= n + 1 && RedisWords.is(a[j], "weights")) {
        weights = new double[n];
        for (int i = 0; i < n; i++) {
          weights[i] = ZSetCommands.parseScore(a[j + 1 + i], ZSetException.WEIGHT_NOT_FLOAT);
        }
        j += n + 1;
      } else if (!diff && !card && remaining >= 2 && RedisWords.is(a[j], "aggregate")) {
        agg = aggregate(a[j + 1]);
        j += 2;
      } else if (!store && !card && RedisWords.is(a[j], "withscores")) {
        withScores = true;
        j++;
      } else if (card && remaining >= 2 && RedisWords.is(a[j], "limit")) {
        limit = ZSetCommands.parseRange(a[j + 1], 0, Long.MAX_VALUE, ZSetException.LIMIT_NEGATIVE);
        j += 2;
      } else {
        throw new ReplyError(ZSetCommands.ERR_SYNTAX);
      }
    }
    if (card) {
      out.integer(ZSet.interCard(inputs, limit));
      return;
    }
    List<ScoredMember> res =
        switch (name) {
          case "zunion", "zunionstore" -> ZSet.unionEntries(inputs, weights, agg);
          case "zinter", "zinterstore" -> ZSet.interEntries(inputs, weights, agg);
          default -> ZSet.diffEntries(inputs);
        };
    if (store) {
      store(a[1], res, true, name, c, out);
    } else {
      ZSetCommands.entries(res, withScores, out);
    }
  }

  /**
   * An input of a set operation: a sorted set, a plain set with scores of 1, or null if missing.
   */
  private static ZSet input(byte[] key, ZSetCommands.Ctx c) {
    Collection<byte[]> set = c.sets().apply(key);
    if (set != null) {
      return ZSet.fromSet(set);
    }
    ZSet z = c.keys().get(key);
    return z.isEmpty() ? null : z;
  }

  private static ZSet.Aggregate aggregate(byte[] word) {
    if (RedisWords.is(word, "sum")) {
      return ZSet.Aggregate.SUM;
    } else if (RedisWords.is(word, "min")) {
      return ZSet.Aggregate.MIN;
    } else if (RedisWords.is(word, "max")) {
      return ZSet.Aggregate.MAX;
    }
    throw new ReplyError(ZSetCommands.ERR_SYNTAX);
  }
}
