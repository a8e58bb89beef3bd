package dev.redstruct.skiplist;

import dev.redstruct.core.RedisNumbers;
import dev.redstruct.dict.DictSet;
import dev.redstruct.testkit.RespReply;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A tiny Redis command layer over a map of {@link ZSet}s, for differential tests: parses argv as
 * Redis 7.0.15's t_zset.c does (option loops, error precedence, arity) and renders RESP2 replies.
 */
final class ZSetCommands {
  private static final String SYNTAX = "ERR syntax error";
  private static final String NOT_INT = "ERR value is not an integer or out of range";
  static final String WRONGTYPE =
      "WRONGTYPE Operation against a key holding the wrong kind of value";

  /** What {@link #encoding} says for a plain set key (Redis says intset or hashtable). */
  static final String SET_ENCODING = "(set)";

  final Map<String, ZSet> db = new HashMap<>();

  /** Plain set keys (SADD), read by the set operations as members with score 1. */
  final Map<String, DictSet<byte[]>> sets = new HashMap<>();

  /** ZRANDMEMBER's picks: our own, so replies are compared by what they may contain. */
  private final SplittableRandom random = new SplittableRandom(0x5A4D);

  private final int maxEntries;
  private final int maxValue;

  ZSetCommands(int maxEntries, int maxValue) {
    this.maxEntries = maxEntries;
    this.maxValue = maxValue;
  }

  static String key(byte[] k) {
    return new String(k, StandardCharsets.ISO_8859_1);
  }

  /** Our encoding name as OBJECT ENCODING prints it in Redis 7.0, or null for a missing key. */
  String encoding(String key) {
    ZSet z = db.get(key);
    if (z == null) {
      return sets.containsKey(key) ? SET_ENCODING : null;
    }
    return z.encoding() == ZSet.Encoding.COMPACT ? "listpack" : "skiplist";
  }

  RespReply exec(byte[][] argv) {
    String cmd = new String(argv[0], StandardCharsets.US_ASCII).toLowerCase(Locale.ROOT);
    try {
      return dispatch(cmd, argv);
    } catch (ZSetException e) {
      return new RespReply.Error(e.getMessage());
    }
  }

  private static boolean arity(byte[][] argv, int arity) {
    return arity >= 0 ? argv.length == arity : argv.length >= -arity;
  }

  private RespReply dispatch(String cmd, byte[][] a) {
    int ar = ARITY.getOrDefault(cmd, 0);
    if (ar == 0) {
      return new RespReply.Error("ERR unknown command");
    }
    if (!arity(a, ar)) {
      return new RespReply.Error("ERR wrong number of arguments for '" + cmd + "' command");
    }
    switch (cmd) {
      case "del":
        return new RespReply.Int(
            db.remove(key(a[1])) != null | sets.remove(key(a[1])) != null ? 1 : 0);
      case "sadd":
        return sadd(a);
      case "zrangestore":
        return zrangestore(a);
      case "zintercard":
        return zsetop(a, cmd);
      case "zmpop":
        return zmpop(a);
      case "zrandmember":
        return zrandmember(a);
      case "zadd":
        return zadd(a, 0);
      case "zincrby":
        return zadd(a, ZSet.INCR);
      case "zrem":
        return zrem(a);
      case "zscore":
        return scoreReply(get(a[1]) == null ? Double.NaN : get(a[1]).scoreOrNaN(a[2]));
      case "zmscore":
        return zmscore(a);
      case "zcard":
        return new RespReply.Int(get(a[1]) == null ? 0 : get(a[1]).size());
      case "zrank":
      case "zrevrank":
        return zrank(a, cmd.equals("zrevrank"));
      case "zcount":
        return zcount(a, false);
      case "zlexcount":
        return zcount(a, true);
      case "zrange":
        return zrange(a, 0, 0);
      case "zrevrange":
        return zrange(a, RANK, REV);
      case "zrangebyscore":
        return zrange(a, SCORE, FWD);
      case "zrevrangebyscore":
        return zrange(a, SCORE, REV);
      case "zrangebylex":
        return zrange(a, LEX, FWD);
      case "zrevrangebylex":
        return zrange(a, LEX, REV);
      case "zremrangebyrank":
      case "zremrangebyscore":
      case "zremrangebylex":
        return zremrange(a, cmd);
      case "zpopmin":
      case "zpopmax":
        return zpop(a, cmd.equals("zpopmax"));
      case "zunionstore":
      case "zinterstore":
      case "zdiffstore":
      case "zunion":
      case "zinter":
      case "zdiff":
        return zsetop(a, cmd);
      default:
        return new RespReply.Error("ERR unknown command");
    }
  }

  private static final Map<String, Integer> ARITY = new HashMap<>();

  static {
    String[] table = {
      "del -2",
      "zadd -4",
      "zincrby 4",
      "zrem -3",
      "zscore 3",
      "zmscore -3",
      "zcard 2",
      "zrank 3",
      "zrevrank 3",
      "zcount 4",
      "zlexcount 4",
      "zrange -4",
      "zrevrange -4",
      "zrangebyscore -4",
      "zrevrangebyscore -4",
      "zrangebylex -4",
      "zrevrangebylex -4",
      "zremrangebyrank 4",
      "zremrangebyscore 4",
      "zremrangebylex 4",
      "zpopmin -2",
      "zpopmax -2",
      "zunionstore -4",
      "zinterstore -4",
      "zdiffstore -4",
      "zunion -3",
      "zinter -3",
      "zdiff -3",
      "zrangestore -5",
      "zintercard -3",
      "zmpop -4",
      "zrandmember -2",
      "sadd -3"
    };
    for (String row : table) {
      String[] p = row.split(" ");
      ARITY.put(p[0], Integer.parseInt(p[1]));
    }
  }

  private ZSet get(byte[] k) {
    return db.get(key(k));
  }

  /** The sorted set at {@code k}, or null if missing; a plain set there is Redis's WRONGTYPE. */
  private ZSet zsetOrWrongType(byte[] k) {
    if (sets.containsKey(key(k))) {
      throw new ZSetException(WRONGTYPE);
    }
    return get(k);
  }

  /** A set operation's input: a sorted set, a plain set read as scores of 1, or null if missing. */
  private ZSet input(byte[] k) {
    DictSet<byte[]> set = sets.get(key(k));
    return set != null ? ZSet.fromSet(set) : get(k);
  }

  private RespReply sadd(byte[][] a) {
    if (db.containsKey(key(a[1]))) {
      return new RespReply.Error(WRONGTYPE);
    }
    DictSet<byte[]> set = sets.computeIfAbsent(key(a[1]), k -> DictSet.forBytes());
    long added = 0;
    for (int i = 2; i < a.length; i++) {
      added += set.add(a[i].clone()) ? 1 : 0;
    }
    return new RespReply.Int(added);
  }

  private void dropIfEmpty(byte[] k) {
    ZSet z = get(k);
    if (z != null && z.isEmpty()) {
      db.remove(key(k));
    }
  }

  private static boolean is(byte[] arg, String word) {
    return new String(arg, StandardCharsets.ISO_8859_1).equalsIgnoreCase(word);
  }

  private static RespReply scoreReply(double s) {
    return Double.isNaN(s) ? RespReply.Null.INSTANCE : bulk(s);
  }

  private static RespReply bulk(double s) {
    return new RespReply.Bulk(RedisNumbers.formatDoubleBytes(s));
  }

  static long parseLong(byte[] s) {
    if (!RedisNumbers.isCanonicalLong(s, 0, s.length)) {
      throw new ZSetException(NOT_INT);
    }
    return RedisNumbers.parseCanonicalLong(s, 0, s.length);
  }

  private static double parseScore(byte[] s, String error) {
    double d = RedisNumbers.parseScoreOrNaN(s, 0, s.length);
    if (Double.isNaN(d)) {
      throw new ZSetException(error);
    }
    return d;
  }

  // ------------------------------------------------------------------ ZADD / ZINCRBY

  private RespReply zadd(byte[][] a, int flags) {
    int i = 2;
    for (; i < a.length; i++) {
      int f = addOption(a[i]);
      if (f == 0) {
        break;
      }
      flags |= f;
    }
    int elements = a.length - i;
    if (elements == 0 || elements % 2 != 0) {
      return new RespReply.Error(SYNTAX);
    }
    elements /= 2;
    ZSet.checkAddFlags(flags, elements);
    double[] scores = new double[elements];
    byte[][] members = new byte[elements][];
    for (int j = 0; j < elements; j++) {
      scores[j] = parseScore(a[i + 2 * j], ZSetException.NOT_FLOAT);
      members[j] = a[i + 2 * j + 1];
    }
    boolean incr = (flags & ZSet.INCR) != 0;
    ZSet z = get(a[1]);
    if (z == null) {
      if ((flags & ZSet.XX) != 0) {
        return incr ? RespReply.Null.INSTANCE : new RespReply.Int(0);
      }
      z = ZSet.create(maxEntries, maxValue);
      db.put(key(a[1]), z);
    }
    if (incr) {
      var r = z.addIncr(flags & ~ZSet.INCR, members[0], scores[0]);
      return r.isPresent() ? bulk(r.getAsDouble()) : RespReply.Null.INSTANCE;
    }
    return new RespReply.Int(z.add(flags, scores, members));
  }

  private static int addOption(byte[] arg) {
    if (arg.length > 4) {
      return 0;
    }
    String s = new String(arg, StandardCharsets.ISO_8859_1).toLowerCase(Locale.ROOT);
    switch (s) {
      case "nx":
        return ZSet.NX;
      case "xx":
        return ZSet.XX;
      case "gt":
        return ZSet.GT;
      case "lt":
        return ZSet.LT;
      case "ch":
        return ZSet.CH;
      case "incr":
        return ZSet.INCR;
      default:
        return 0;
    }
  }

  private RespReply zrem(byte[][] a) {
    ZSet z = get(a[1]);
    if (z == null) {
      return new RespReply.Int(0);
    }
    long n = 0;
    for (int i = 2; i < a.length && !z.isEmpty(); i++) {
      n += z.remove(a[i]) ? 1 : 0;
    }
    dropIfEmpty(a[1]);
    return new RespReply.Int(n);
  }

  private RespReply zmscore(byte[][] a) {
    ZSet z = get(a[1]);
    List<RespReply> out = new ArrayList<>();
    for (int i = 2; i < a.length; i++) {
      out.add(scoreReply(z == null ? Double.NaN : z.scoreOrNaN(a[i])));
    }
    return new RespReply.Array(out);
  }

  private RespReply zrank(byte[][] a, boolean rev) {
    ZSet z = get(a[1]);
    if (z == null) {
      return RespReply.Null.INSTANCE;
    }
    var r = z.rank(a[2], rev);
    return r.isPresent() ? new RespReply.Int(r.getAsLong()) : RespReply.Null.INSTANCE;
  }

  private RespReply zcount(byte[][] a, boolean lex) {
    ScoreRange sr = lex ? null : ScoreRange.parse(a[2], a[3]);
    LexRange lr = lex ? LexRange.parse(a[2], a[3]) : null;
    ZSet z = get(a[1]);
    if (z == null) {
      return new RespReply.Int(0);
    }
    return new RespReply.Int(lex ? z.lexCount(lr) : z.count(sr));
  }

  // ------------------------------------------------------------------ ZRANGE family

  private static final int AUTO = 0;
  private static final int RANK = 1;
  private static final int SCORE = 2;
  private static final int LEX = 3;
  private static final int FWD = 1;
  private static final int REV = 2;

  /** Redis: zrangeGenericCommand (store = false). */
  private RespReply zrange(byte[][] a, int type, int dir) {
    return zrangeGeneric(a, 1, null, type, dir);
  }

  /** Redis: zrangestoreCommand, zrangeGenericCommand with the store handler. */
  private RespReply zrangestore(byte[][] a) {
    return zrangeGeneric(a, 2, a[1], AUTO, AUTO);
  }

  /**
   * Redis: zrangeGenericCommand: {@code a[src]} is the source key, then min, max and the options;
   * {@code dst} is ZRANGESTORE's destination or null.
   */
  private RespReply zrangeGeneric(byte[][] a, int src, byte[] dst, int type, int dir) {
    boolean withScores = false;
    long offset = 0;
    long limit = -1;
    for (int j = src + 3; j < a.length; j++) {
      int left = a.length - j - 1;
      if (dst == null && is(a[j], "withscores")) {
        withScores = true;
      } else if (is(a[j], "limit") && left >= 2) {
        offset = parseLong(a[j + 1]);
        limit = parseLong(a[j + 2]);
        j += 2;
      } else if (dir == AUTO && is(a[j], "rev")) {
        dir = REV;
      } else if (type == AUTO && is(a[j], "bylex")) {
        type = LEX;
      } else if (type == AUTO && is(a[j], "byscore")) {
        type = SCORE;
      } else {
        return new RespReply.Error(SYNTAX);
      }
    }
    dir = dir == AUTO ? FWD : dir;
    type = type == AUTO ? RANK : type;
    if (limit != -1 && type == RANK) {
      return new RespReply.Error(
          "ERR syntax error, LIMIT is only supported in combination with either BYSCORE or BYLEX");
    }
    if (withScores && type == LEX) {
      return new RespReply.Error(
          "ERR syntax error, WITHSCORES not supported in combination with BYLEX");
    }
    boolean rev = dir == REV;
    byte[] min = rev && type != RANK ? a[src + 2] : a[src + 1];
    byte[] max = rev && type != RANK ? a[src + 1] : a[src + 2];
    List<ScoredMember> res;
    if (type == RANK) {
      long start = parseLong(min);
      long end = parseLong(max);
      ZSet z = zsetOrWrongType(a[src]);
      res = z == null ? List.of() : z.rangeByRank(start, end, rev);
    } else if (type == SCORE) {
      ScoreRange r = ScoreRange.parse(min, max);
      ZSet z = zsetOrWrongType(a[src]);
      res = z == null ? List.of() : z.rangeByScore(r, rev, offset, limit);
    } else {
      LexRange r = LexRange.parse(min, max);
      ZSet z = zsetOrWrongType(a[src]);
      res = z == null ? List.of() : z.rangeByLex(r, rev, offset, limit);
    }
    return dst == null ? entries(res, withScores) : store(dst, res);
  }

  /** Redis: zrangeResultBeginStore / EmitCBufferForStore / FinalizeStore. */
  private RespReply store(byte[] dst, List<ScoredMember> res) {
    if (res.isEmpty()) {
      db.remove(key(dst));
      sets.remove(key(dst));
      return new RespReply.Int(0);
    }
    ZSet out = ZSet.create(maxEntries, maxValue);
    out.addAll(res);
    sets.remove(key(dst));
    db.put(key(dst), out);
    return new RespReply.Int(res.size());
  }

  private static RespReply entries(List<ScoredMember> res, boolean withScores) {
    List<RespReply> out = new ArrayList<>();
    for (ScoredMember e : res) {
      out.add(new RespReply.Bulk(e.member()));
      if (withScores) {
        out.add(bulk(e.score()));
      }
    }
    return new RespReply.Array(out);
  }

  private RespReply zremrange(byte[][] a, String cmd) {
    long n;
    if (cmd.endsWith("rank")) {
      long start = parseLong(a[2]);
      long end = parseLong(a[3]);
      ZSet z = get(a[1]);
      n = z == null ? 0 : z.removeRangeByRank(start, end);
    } else if (cmd.endsWith("score")) {
      ScoreRange r = ScoreRange.parse(a[2], a[3]);
      ZSet z = get(a[1]);
      n = z == null ? 0 : z.removeRangeByScore(r);
    } else {
      LexRange r = LexRange.parse(a[2], a[3]);
      ZSet z = get(a[1]);
      n = z == null ? 0 : z.removeRangeByLex(r);
    }
    dropIfEmpty(a[1]);
    return new RespReply.Int(n);
  }

  /** Redis 7.0: genericZpopCommand via zpopMinCommand / zpopMaxCommand. */
  private RespReply zpop(byte[][] a, boolean max) {
    if (a.length > 3) {
      return new RespReply.Error(SYNTAX);
    }
    long count = 1;
    if (a.length == 3) {
      byte[] c = a[2];
      if (!RedisNumbers.isCanonicalLong(c, 0, c.length)
          || RedisNumbers.parseCanonicalLong(c, 0, c.length) < 0) {
        return new RespReply.Error("ERR value is out of range, must be positive");
      }
      count = RedisNumbers.parseCanonicalLong(c, 0, c.length);
    }
    ZSet z = get(a[1]);
    if (z == null) {
      return new RespReply.Array(List.of());
    }
    List<ScoredMember> res = z.pop(count, max);
    dropIfEmpty(a[1]);
    return entries(res, true);
  }

  // ------------------------------------------------------------------ ZUNIONSTORE & co

  /** Redis: zunionInterDiffGenericCommand, with a destination (*STORE) or replying. */
  private RespReply zsetop(byte[][] a, String cmd) {
    boolean store = cmd.endsWith("store");
    int numkeysAt = store ? 2 : 1;
    long numkeys = parseLong(a[numkeysAt]);
    if (numkeys < 1) {
      return new RespReply.Error("ERR at least 1 input key is needed for '" + cmd + "' command");
    }
    if (numkeys > a.length - numkeysAt - 1) {
      return new RespReply.Error(SYNTAX);
    }
    int n = (int) numkeys;
    List<ZSet> inputs = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      inputs.add(input(a[numkeysAt + 1 + i]));
    }
    boolean diff = cmd.startsWith("zdiff");
    boolean card = cmd.equals("zintercard");
    double[] weights = null;
    boolean withScores = false;
    long limit = 0;
    ZSet.Aggregate agg = ZSet.Aggregate.SUM;
    int j = numkeysAt + 1 + n;
    while (j < a.length) {
      int remaining = a.length - j;
      if (!diff && !card && remaining >= n + 1 && is(a[j], "weights")) {
        weights = new double[n];
        for (int i = 0; i < n; i++) {
          weights[i] = parseScore(a[j + 1 + i], ZSetException.WEIGHT_NOT_FLOAT);
        }
        j += n + 1;
      } else if (!diff && !card && remaining >= 2 && is(a[j], "aggregate")) {
        if (is(a[j + 1], "sum")) {
          agg = ZSet.Aggregate.SUM;
        } else if (is(a[j + 1], "min")) {
          agg = ZSet.Aggregate.MIN;
        } else if (is(a[j + 1], "max")) {
          agg = ZSet.Aggregate.MAX;
        } else {
          return new RespReply.Error(SYNTAX);
        }
        j += 2;
      } else if (!store && !card && is(a[j], "withscores")) {
        withScores = true;
        j++;
      } else if (card && remaining >= 2 && is(a[j], "limit")) {
        byte[] l = a[j + 1];
        if (!RedisNumbers.isCanonicalLong(l, 0, l.length)
            || RedisNumbers.parseCanonicalLong(l, 0, l.length) < 0) {
          return new RespReply.Error(ZSetException.LIMIT_NEGATIVE);
        }
        limit = RedisNumbers.parseCanonicalLong(l, 0, l.length);
        j += 2;
      } else {
        return new RespReply.Error(SYNTAX);
      }
    }
    if (card) {
      return new RespReply.Int(ZSet.interCard(inputs, limit));
    }
    if (!store) {
      List<ScoredMember> res =
          switch (cmd) {
            case "zunion" -> ZSet.unionEntries(inputs, weights, agg);
            case "zinter" -> ZSet.interEntries(inputs, weights, agg);
            default -> ZSet.diffEntries(inputs);
          };
      return entries(res, withScores);
    }
    ZSet res =
        switch (cmd) {
          case "zunionstore" -> ZSet.union(inputs, weights, agg, maxEntries, maxValue);
          case "zinterstore" -> ZSet.inter(inputs, weights, agg, maxEntries, maxValue);
          default -> ZSet.diff(inputs, maxEntries, maxValue);
        };
    sets.remove(key(a[1]));
    if (res.isEmpty()) {
      db.remove(key(a[1]));
      return new RespReply.Int(0);
    }
    db.put(key(a[1]), res);
    return new RespReply.Int(res.size());
  }

  /** Redis: zmpopGenericCommand (non-blocking), genericZpopCommand with emitkey and nesting. */
  private RespReply zmpop(byte[][] a) {
    byte[] nk = a[1];
    if (!RedisNumbers.isCanonicalLong(nk, 0, nk.length)
        || RedisNumbers.parseCanonicalLong(nk, 0, nk.length) < 1) {
      return new RespReply.Error(ZSetException.NUMKEYS_NOT_POSITIVE);
    }
    long numkeys = RedisNumbers.parseCanonicalLong(nk, 0, nk.length);
    if (numkeys >= a.length - 2) { // where_idx = 2 + numkeys must be an argument
      return new RespReply.Error(SYNTAX);
    }
    int where = 2 + (int) numkeys;
    boolean max = is(a[where], "max");
    if (!max && !is(a[where], "min")) {
      return new RespReply.Error(SYNTAX);
    }
    long count = -1;
    for (int j = where + 1; j < a.length; j++) {
      if (count == -1 && is(a[j], "count") && j + 1 < a.length) {
        byte[] c = a[++j];
        if (!RedisNumbers.isCanonicalLong(c, 0, c.length)
            || RedisNumbers.parseCanonicalLong(c, 0, c.length) < 1) {
          return new RespReply.Error(ZSetException.COUNT_NOT_POSITIVE);
        }
        count = RedisNumbers.parseCanonicalLong(c, 0, c.length);
      } else {
        return new RespReply.Error(SYNTAX);
      }
    }
    List<ZSet> keys = new ArrayList<>();
    for (int i = 2; i < where; i++) {
      if (sets.containsKey(key(a[i])) && keys.stream().allMatch(k -> k == null)) {
        return new RespReply.Error(WRONGTYPE); // the first key that exists is not a zset
      }
      keys.add(get(a[i]));
    }
    ZSet.MultiPop popped = ZSet.multiPop(keys, max, count == -1 ? 1 : count);
    if (popped == null) {
      return RespReply.Null.INSTANCE;
    }
    byte[] k = a[2 + popped.set()];
    dropIfEmpty(k);
    List<RespReply> pairs = new ArrayList<>();
    for (ScoredMember e : popped.popped()) {
      pairs.add(new RespReply.Array(List.of(new RespReply.Bulk(e.member()), bulk(e.score()))));
    }
    return new RespReply.Array(List.of(new RespReply.Bulk(k), new RespReply.Array(pairs)));
  }

  /** Redis: zrandmemberCommand and zrandmemberWithCountCommand (the picks are ours). */
  private RespReply zrandmember(byte[][] a) {
    if (a.length == 2) {
      ZSet z = get(a[1]);
      if (z == null) {
        return RespReply.Null.INSTANCE;
      }
      return new RespReply.Bulk(z.randomMembers(1, random).get(0).member());
    }
    byte[] c = a[2];
    if (!RedisNumbers.isCanonicalLong(c, 0, c.length)) {
      return new RespReply.Error(NOT_INT);
    }
    long count = RedisNumbers.parseCanonicalLong(c, 0, c.length);
    ZSet.checkRandomCount(count, false);
    if (a.length > 4 || (a.length == 4 && !is(a[3], "withscores"))) {
      return new RespReply.Error(SYNTAX);
    }
    boolean withScores = a.length == 4;
    ZSet.checkRandomCount(count, withScores);
    ZSet z = get(a[1]);
    return z == null
        ? new RespReply.Array(List.of())
        : entries(z.randomMembers(count, random), withScores);
  }

  /**
   * Why a ZRANDMEMBER reply (ours or Redis's) cannot be one for {@code argv} on the current state,
   * or null if it can: the right length, members of the set with their scores, distinct for a
   * positive count. ZRANDMEMBER changes nothing, so the state is the one the command saw.
   */
  String randomReplyProblem(byte[][] argv, RespReply reply) {
    ZSet z = get(argv[1]);
    if (argv.length == 2) {
      if (z == null) {
        return reply.isNull() ? null : "not null";
      }
      return reply instanceof RespReply.Bulk m && !Double.isNaN(z.scoreOrNaN(m.value()))
          ? null
          : "not a member";
    }
    long count = RedisNumbers.parseCanonicalLong(argv[2], 0, argv[2].length);
    boolean withScores = argv.length == 4;
    List<RespReply> items = ((RespReply.Array) reply).elements();
    long want = z == null ? 0 : count >= 0 ? Math.min(count, z.size()) : -count;
    int step = withScores ? 2 : 1;
    if (items.size() != want * step) {
      return "length " + items.size() + ", want " + want * step;
    }
    java.util.Set<String> seen = new java.util.HashSet<>();
    for (int i = 0; i < items.size(); i += step) {
      byte[] m = ((RespReply.Bulk) items.get(i)).value();
      double score = z.scoreOrNaN(m);
      if (Double.isNaN(score)) {
        return "not a member: " + key(m);
      }
      if (withScores && !items.get(i + 1).equals(bulk(score))) {
        return "wrong score for " + key(m);
      }
      if (!seen.add(key(m)) && count > 0) {
        return "repeated " + key(m);
      }
    }
    return null;
  }

  /** ZSCAN key 0 of a compact set (one reply, cursor 0), as zscanCommand replies to it. */
  RespReply zscanAll(byte[] key) {
    ZSet z = get(key);
    List<RespReply> out = new ArrayList<>();
    if (z != null) {
      List<byte[]> texts = new ArrayList<>();
      long cursor = z.scanReply(0, 10, texts::add);
      if (cursor != 0) {
        throw new IllegalStateException("not compact");
      }
      for (byte[] t : texts) {
        out.add(new RespReply.Bulk(t));
      }
    }
    return new RespReply.Array(
        List.of(
            new RespReply.Bulk("0".getBytes(StandardCharsets.US_ASCII)), new RespReply.Array(out)));
  }
}
