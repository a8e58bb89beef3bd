package dev.redstruct.skiplist;

import dev.redstruct.core.RedisNumbers;
import dev.redstruct.core.resp.Glob;
import dev.redstruct.core.resp.KeyLookup;
import dev.redstruct.core.resp.RedisWords;
import dev.redstruct.core.resp.ReplyError;
import dev.redstruct.core.resp.RespWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.function.Function;
import java.util.random.RandomGenerator;

/**
 * The Redis face of {@link ZSet}: every sorted-set command of Redis 7.0.15 given its argument byte
 * strings exactly as a client sends them, answered with the reply bytes Redis would send in RESP2
 * or RESP3, error texts included: {@code ZADD ZINCRBY ZREM ZSCORE ZMSCORE ZCARD ZRANK ZREVRANK
 * ZCOUNT ZLEXCOUNT ZRANGE ZRANGESTORE ZREVRANGE ZRANGEBYSCORE ZREVRANGEBYSCORE ZRANGEBYLEX
 * ZREVRANGEBYLEX ZREMRANGEBYRANK ZREMRANGEBYSCORE ZREMRANGEBYLEX ZPOPMIN ZPOPMAX ZMPOP ZUNION
 * ZINTER ZDIFF ZUNIONSTORE ZINTERSTORE ZDIFFSTORE ZINTERCARD ZRANDMEMBER ZSCAN}. The blocking forms
 * ({@code BZPOPMIN}, {@code BZMPOP}, ...) belong to a server, not to this face.
 *
 * <p>What the caller (a keyspace) provides:
 *
 * <ul>
 *   <li>{@code keys}, a {@link KeyLookup} of sorted sets: {@code get} returns the set under a key
 *       or a new empty {@link ZSet} created with the keyspace's {@code zset-max-listpack-entries}
 *       and {@code zset-max-listpack-value}, and throws {@link ReplyError#WRONGTYPE} for a key of
 *       another type; {@code overwrite} must return a <em>new</em> empty {@code ZSet} with those
 *       thresholds that replaces whatever the key held (a {@code *STORE} destination; the face
 *       fills it, so its encoding comes out as Redis's). After the call the keyspace deletes the
 *       keys whose set is empty. {@code modified} is called where t_zset.c calls {@code
 *       signalModifiedKey}, and after every {@code *STORE} (Redis skips that signal when an empty
 *       result meets a missing destination: a keyspace that wants WATCH exact there ignores {@code
 *       modified} for a key that neither existed before nor exists after).
 *   <li>{@code setKeys}, how {@code ZUNION}/{@code ZINTER}/{@code ZDIFF}/{@code ZINTERCARD} and
 *       their {@code STORE} forms read a plain set key (its members count with score 1): the
 *       members of the set stored under the key as a read-only view, or null when the key does not
 *       hold a set (missing, or another type, which {@code keys.get} then judges). A keyspace
 *       implements it as {@code k -> type(k) == SET ? (Collection<byte[]>) setValue(k) : null} (a
 *       {@code RedisSet} is such a collection). {@link #NO_SETS} is the lookup for a world without
 *       sets.
 *   <li>{@code rnd}: {@code ZRANDMEMBER}'s choices, with Redis's strategies (its values cannot
 *       equal a live server's, its rules do).
 * </ul>
 *
 * <p>Checks happen in Redis's order: the arity of {@code src/commands/*.json}, then each command's
 * own order in {@code src/t_zset.c} (options, then the key lookups in Redis's order). A rejected
 * command changes nothing and writes only its error. A command name that is not one of the above is
 * a caller mistake ({@link IllegalArgumentException}), as is a reply that would hold more than
 * {@code Integer.MAX_VALUE - 8} elements ({@code ZRANDMEMBER key -huge}): Redis streams it until
 * the client's output limit closes it. Not thread-safe; null arguments get a {@link
 * NullPointerException}.
 *
 * <p>Known difference: the reply of {@code ZSCAN} on a set in skiplist encoding visits members in
 * this library's hash order, not Redis's (the cursor contract holds).
 */
public final class ZSetCommands {
  /*
   * Implementation notes: one method per t_zset.c command function; the ZRANGE family and the set
   * operations are in ZSetRangeCommands. Every command writes into a scratch writer of the same
   * protocol that execute copies to `out` only on success, so an error thrown as ReplyError (or
   * ZSetException from ZSet's own argument checks) leaves `out` with just the error.
   */
  static final String ERR_SYNTAX = "ERR syntax error";
  static final String ERR_NOT_INTEGER = "ERR value is not an integer or out of range";
  static final String ERR_NOT_POSITIVE = "ERR value is out of range, must be positive";
  static final String ERR_CURSOR = "ERR invalid cursor";
  static final int MAX_REPLY = Integer.MAX_VALUE - 8;

  /** The {@code setKeys} of a world without plain sets: no key holds one. */
  public static final Function<byte[], Collection<byte[]>> NO_SETS = k -> null;

  private ZSetCommands() {}

  /** What one command sees: the keys, the plain sets, the random source. */
  /** Redis: the "del" event of a command that emptied the sorted set (the owner deletes it). */
  static void emptied(Ctx c, byte[] key) {
    if (c.keys().get(key).isEmpty()) {
      c.keys().notify(KeyLookup.NOTIFY_GENERIC, "del", key);
    }
  }

  record Ctx(
      KeyLookup<ZSet> keys, Function<byte[], Collection<byte[]>> sets, RandomGenerator rnd) {}

  /**
   * Executes one sorted-set command and appends its reply to {@code out}, in {@code out}'s
   * protocol.
   *
   * @param argv the command name and its arguments
   * @param keys the sorted set of each key argument (see the class comment)
   * @param setKeys the members of a plain set key, or null (see the class comment)
   * @param rnd the source of randomness for ZRANDMEMBER
   * @param out where the reply goes
   * @throws IllegalArgumentException if {@code argv} is empty or names another command
   */
  public static void execute(
      byte[][] argv,
      KeyLookup<ZSet> keys,
      Function<byte[], Collection<byte[]>> setKeys,
      RandomGenerator rnd,
      RespWriter out) {
    Objects.requireNonNull(argv, "argv");
    Objects.requireNonNull(keys, "keys");
    Objects.requireNonNull(setKeys, "setKeys");
    Objects.requireNonNull(rnd, "rnd");
    Objects.requireNonNull(out, "out");
    for (byte[] a : argv) {
      Objects.requireNonNull(a, "argv[i]");
    }
    if (argv.length == 0) {
      throw new IllegalArgumentException("empty command");
    }
    int start = out.mark(); // a reply error replaces whatever the command began to write
    try {
      dispatch(argv, new Ctx(keys, setKeys, rnd), out);
    } catch (ReplyError | ZSetException e) {
      out.rewind(start).error(e.getMessage());
    }
  }

  /**
   * Executes one sorted-set command over a plain map of sorted sets with no other types, and
   * returns its RESP2 reply.
   *
   * @param argv the command name and its arguments
   * @param zsets the sorted set of each key, creating an empty one for a new key
   * @param rnd the source of randomness for ZRANDMEMBER
   * @return the reply bytes
   * @throws IllegalArgumentException if {@code argv} is empty or names another command
   */
  public static byte[] execute(byte[][] argv, Function<byte[], ZSet> zsets, RandomGenerator rnd) {
    RespWriter out = new RespWriter();
    execute(argv, KeyLookup.of(zsets), NO_SETS, rnd, out);
    return out.toByteArray();
  }

  /** Redis: processCommand's arity check (src/server.c), then the command's proc. */
  private static void dispatch(byte[][] a, Ctx c, RespWriter out) {
    String name = new String(a[0], StandardCharsets.ISO_8859_1).toLowerCase(Locale.ROOT);
    int arity = arity(name);
    if ((arity > 0 && a.length != arity) || (arity < 0 && a.length < -arity)) {
      throw new ReplyError("ERR wrong number of arguments for '" + name + "' command");
    }
    switch (name) {
      case "zadd" -> zadd(a, c, 0, out);
      case "zincrby" -> zadd(a, c, ZSet.INCR, out);
      case "zrem" -> zrem(a, c, out);
      case "zscore" -> zscore(a, c, out);
      case "zmscore" -> zmscore(a, c, out);
      case "zcard" -> out.integer(c.keys().get(a[1]).size());
      case "zrank", "zrevrank" -> zrank(a, c, name.equals("zrevrank"), out);
      case "zcount", "zlexcount" -> zcount(a, c, name.equals("zlexcount"), out);
      case "zpopmin", "zpopmax" -> zpop(a, c, name.equals("zpopmax"), out);
      case "zmpop" -> zmpop(a, c, out);
      case "zrandmember" -> zrandmember(a, c, out);
      case "zscan" -> zscan(a, c, out);
      default -> ZSetRangeCommands.dispatch(name, a, c, out);
    }
  }

  /** The arity of src/commands/*.json: n exactly, or -n for at least n. */
  private static int arity(String name) {
    return switch (name) {
      case "zadd",
          "zrange",
          "zrevrange",
          "zrangebyscore",
          "zrevrangebyscore",
          "zrangebylex",
          "zrevrangebylex",
          "zunionstore",
          "zinterstore",
          "zdiffstore",
          "zmpop" ->
          -4;
      case "zincrby",
          "zcount",
          "zlexcount",
          "zremrangebyrank",
          "zremrangebyscore",
          "zremrangebylex" ->
          4;
      case "zrem", "zmscore", "zunion", "zinter", "zdiff", "zintercard", "zscan" -> -3;
      case "zscore", "zrank", "zrevrank" -> 3;
      case "zcard" -> 2;
      case "zpopmin", "zpopmax", "zrandmember" -> -2;
      case "zrangestore" -> -5;
      default -> throw new IllegalArgumentException("not a sorted-set command: " + name);
    };
  }

  // ------------------------------------------------------------------ parsing helpers

  /** Redis: getLongFromObjectOrReply with the default text. */
  static long parseLong(byte[] s) {
    if (!RedisNumbers.isCanonicalLong(s, 0, s.length)) {
      throw new ReplyError(ERR_NOT_INTEGER);
    }
    return RedisNumbers.parseCanonicalLong(s, 0, s.length);
  }

  /** Redis: getRangeLongFromObjectOrReply: {@code error} for a non-integer and for out of range. */
  static long parseRange(byte[] s, long min, long max, String error) {
    if (!RedisNumbers.isCanonicalLong(s, 0, s.length)) {
      throw new ReplyError(error);
    }
    long v = RedisNumbers.parseCanonicalLong(s, 0, s.length);
    if (v < min || v > max) {
      throw new ReplyError(error);
    }
    return v;
  }

  /** Redis: getDoubleFromObjectOrReply / zslParseRange's strtod, with {@code error} on failure. */
  static double parseScore(byte[] s, String error) {
    double d = RedisNumbers.parseScoreOrNaN(s, 0, s.length);
    if (Double.isNaN(d)) {
      throw new ReplyError(error);
    }
    return d;
  }

  /**
   * Writes entries as Redis's range handlers do: a flat array of members, or with scores a flat
   * member/score array in RESP2 and an array of [member, score] pairs in RESP3. Redis:
   * zrangeResultBeginClient / zrangeResultEmitCBufferToClient.
   */
  static void entries(List<ScoredMember> res, boolean withScores, RespWriter out) {
    boolean pairs = withScores && out.protocol() > 2;
    out.arrayHeader(withScores && !pairs ? 2L * res.size() : res.size());
    for (ScoredMember e : res) {
      if (pairs) {
        out.arrayHeader(2);
      }
      out.bulk(e.member());
      if (withScores) {
        out.doubleReply(e.score());
      }
    }
  }

  private static int checkedSize(long n) {
    if (n > MAX_REPLY) {
      throw new IllegalArgumentException("a reply of " + n + " elements");
    }
    return (int) n;
  }

  // ------------------------------------------------------------------ ZADD / ZINCRBY / ZREM

  /** Redis: zaddGenericCommand (ZINCRBY passes INCR). */
  private static void zadd(byte[][] a, Ctx c, int flags, RespWriter out) {
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
      throw new ReplyError(ERR_SYNTAX);
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
    ZSet z = c.keys().get(a[1]);
    if (z.isEmpty() && (flags & ZSet.XX) != 0) {
      if (incr) {
        out.nullReply();
      } else {
        out.integer(0);
      }
      return;
    }
    if (incr) {
      int before = z.size();
      double old = z.scoreOrNaN(members[0]);
      OptionalDouble r = z.addIncr(flags & ~ZSet.INCR, members[0], scores[0]);
      if (r.isPresent()) {
        if (z.size() != before || old != r.getAsDouble()) {
          c.keys().modified(a[1]);
          c.keys().notify(KeyLookup.NOTIFY_ZSET, "zincr", a[1]);
        }
        out.doubleReply(r.getAsDouble());
      } else {
        out.nullReply();
      }
      return;
    }
    zaddPlain(a[1], z, flags, scores, members, c, out);
  }

  /** ZADD without INCR: the reply counts added (or, with CH, changed) members. */
  private static void zaddPlain(
      byte[] key, ZSet z, int flags, double[] scores, byte[][] members, Ctx c, RespWriter out) {
    int before = z.size();
    long changed = z.add(flags | ZSet.CH, scores, members); // added + updated
    if (changed > 0) {
      c.keys().modified(key);
      c.keys().notify(KeyLookup.NOTIFY_ZSET, "zadd", key);
    }
    out.integer((flags & ZSet.CH) != 0 ? changed : z.size() - before);
  }

  /** Redis: zaddGenericCommand's option loop; 0 when the argument is not an option. */
  private static int addOption(byte[] arg) {
    if (RedisWords.is(arg, "nx")) {
      return ZSet.NX;
    } else if (RedisWords.is(arg, "xx")) {
      return ZSet.XX;
    } else if (RedisWords.is(arg, "gt")) {
      return ZSet.GT;
    } else if (RedisWords.is(arg, "lt")) {
      return ZSet.LT;
    } else if (RedisWords.is(arg, "ch")) {
      return ZSet.CH;
    } else if (RedisWords.is(arg, "incr")) {
      return ZSet.INCR;
    }
    return 0;
  }

  /** Redis: zremCommand. */
  private static void zrem(byte[][] a, Ctx c, RespWriter out) {
    ZSet z = c.keys().get(a[1]);
    long n = 0;
    for (int i = 2; i < a.length && !z.isEmpty(); i++) {
      n += z.remove(a[i]) ? 1 : 0;
    }
    if (n > 0) {
      c.keys().modified(a[1]);
      c.keys().notify(KeyLookup.NOTIFY_ZSET, "zrem", a[1]);
      emptied(c, a[1]);
    }
    out.integer(n);
  }

  // ------------------------------------------------------------------ reads

  /** Redis: zscoreCommand. */
  private static void zscore(byte[][] a, Ctx c, RespWriter out) {
    double s = c.keys().get(a[1]).scoreOrNaN(a[2]);
    if (Double.isNaN(s)) {
      out.nullReply();
    } else {
      out.doubleReply(s);
    }
  }

  /** Redis: zmscoreCommand. */
  private static void zmscore(byte[][] a, Ctx c, RespWriter out) {
    ZSet z = c.keys().get(a[1]);
    out.arrayHeader(a.length - 2);
    for (int i = 2; i < a.length; i++) {
      double s = z.scoreOrNaN(a[i]);
      if (Double.isNaN(s)) {
        out.nullReply();
      } else {
        out.doubleReply(s);
      }
    }
  }

  /** Redis: zrankGenericCommand. */
  private static void zrank(byte[][] a, Ctx c, boolean rev, RespWriter out) {
    OptionalLong r = c.keys().get(a[1]).rank(a[2], rev);
    if (r.isPresent()) {
      out.integer(r.getAsLong());
    } else {
      out.nullReply();
    }
  }

  /** Redis: zcountCommand and zlexcountCommand: the range is parsed before the lookup. */
  private static void zcount(byte[][] a, Ctx c, boolean lex, RespWriter out) {
    if (lex) {
      LexRange r = LexRange.parse(a[2], a[3]);
      out.integer(c.keys().get(a[1]).lexCount(r));
    } else {
      ScoreRange r = ScoreRange.parse(a[2], a[3]);
      out.integer(c.keys().get(a[1]).count(r));
    }
  }

  // ------------------------------------------------------------------ pops

  /** Redis: zpopMinMaxCommand and genericZpopCommand (no key emitted). */
  private static void zpop(byte[][] a, Ctx c, boolean max, RespWriter out) {
    if (a.length > 3) {
      throw new ReplyError(ERR_SYNTAX);
    }
    long count = -1;
    if (a.length == 3) {
      count = parseRange(a[2], 0, Long.MAX_VALUE, ERR_NOT_POSITIVE);
    }
    ZSet z = c.keys().get(a[1]);
    if (z.isEmpty() || count == 0) {
      out.arrayHeader(0);
      return;
    }
    List<ScoredMember> res = z.pop(count == -1 ? 1 : count, max);
    c.keys().modified(a[1]);
    c.keys().notify(KeyLookup.NOTIFY_ZSET, max ? "zpopmax" : "zpopmin", a[1]);
    emptied(c, a[1]);
    boolean nested = out.protocol() > 2 && count != -1;
    out.arrayHeader(nested ? res.size() : 2L * res.size());
    for (ScoredMember e : res) {
      if (nested) {
        out.arrayHeader(2);
      }
      out.bulk(e.member()).doubleReply(e.score());
    }
  }

  /** Redis: zmpopGenericCommand (non-blocking) and genericZpopCommand with the key emitted. */
  private static void zmpop(byte[][] a, Ctx c, RespWriter out) {
    long numkeys = parseRange(a[1], 1, Long.MAX_VALUE, ZSetException.NUMKEYS_NOT_POSITIVE);
    if (numkeys >= a.length - 2) { // where_idx = 2 + numkeys must be an argument
      throw new ReplyError(ERR_SYNTAX);
    }
    int where = 2 + (int) numkeys;
    boolean max = RedisWords.is(a[where], "max");
    if (!max && !RedisWords.is(a[where], "min")) {
      throw new ReplyError(ERR_SYNTAX);
    }
    long count = -1;
    for (int j = where + 1; j < a.length; j++) {
      if (count == -1 && RedisWords.is(a[j], "count") && j + 1 < a.length) {
        count = parseRange(a[++j], 1, Long.MAX_VALUE, ZSetException.COUNT_NOT_POSITIVE);
      } else {
        throw new ReplyError(ERR_SYNTAX);
      }
    }
    for (int i = 2; i < where; i++) {
      ZSet z = c.keys().get(a[i]); // the first key that exists decides: WRONGTYPE or popped
      if (z.isEmpty()) {
        continue;
      }
      List<ScoredMember> res = z.pop(count == -1 ? 1 : count, max);
      c.keys().modified(a[i]);
      c.keys().notify(KeyLookup.NOTIFY_ZSET, max ? "zpopmax" : "zpopmin", a[i]);
      emptied(c, a[i]);
      // Redis: replicated as ZPOP[MIN|MAX] key count
      c.keys()
          .propagateAs(
              (max ? "ZPOPMAX" : "ZPOPMIN").getBytes(java.nio.charset.StandardCharsets.US_ASCII),
              a[i],
              dev.redstruct.core.RedisNumbers.ll2string(res.size()));
      out.arrayHeader(2).bulk(a[i]).arrayHeader(res.size());
      for (ScoredMember e : res) {
        out.arrayHeader(2).bulk(e.member()).doubleReply(e.score());
      }
      return;
    }
    out.nullArrayReply();
  }

  // ------------------------------------------------------------------ ZRANDMEMBER / ZSCAN

  /** Redis: zrandmemberCommand and zrandmemberWithCountCommand. */
  private static void zrandmember(byte[][] a, Ctx c, RespWriter out) {
    if (a.length == 2) {
      ZSet z = c.keys().get(a[1]);
      if (z.isEmpty()) {
        out.nullReply();
      } else {
        out.bulk(z.randomMembers(1, c.rnd()).get(0).member());
      }
      return;
    }
    long count = parseLong(a[2]);
    ZSet.checkRandomCount(count, false);
    if (a.length > 4 || (a.length == 4 && !RedisWords.is(a[3], "withscores"))) {
      throw new ReplyError(ERR_SYNTAX);
    }
    boolean withScores = a.length == 4;
    ZSet.checkRandomCount(count, withScores);
    ZSet z = c.keys().get(a[1]);
    if (z.isEmpty()) {
      out.arrayHeader(0);
      return;
    }
    checkedSize(count >= 0 ? Math.min(count, z.size()) : -count);
    entries(z.randomMembers(count, c.rnd()), withScores, out);
  }

  /** Redis: zscanCommand and scanGenericCommand: the cursor, the lookup, then the options. */
  private static void zscan(byte[][] a, Ctx c, RespWriter out) {
    long cursor = parseCursor(a[2]);
    ZSet z = c.keys().get(a[1]);
    if (z.isEmpty()) {
      out.arrayHeader(2).bulk(new byte[] {'0'}).arrayHeader(0);
      return;
    }
    long count = 10;
    byte[] pattern = null;
    for (int i = 3; i < a.length; i += 2) {
      boolean hasValue = a.length - i >= 2;
      if (RedisWords.is(a[i], "count") && hasValue) {
        count = parseLong(a[i + 1]);
        if (count < 1) {
          throw new ReplyError(ERR_SYNTAX);
        }
      } else if (RedisWords.is(a[i], "match") && hasValue) {
        byte[] p = a[i + 1];
        pattern = p.length == 1 && p[0] == '*' ? null : p;
      } else {
        throw new ReplyError(ERR_SYNTAX);
      }
    }
    List<byte[]> texts = new ArrayList<>();
    long next = z.scanReply(cursor, (int) Math.min(count, Integer.MAX_VALUE), texts::add);
    List<byte[]> found = new ArrayList<>(texts.size());
    for (int i = 0; i < texts.size(); i += 2) {
      if (pattern == null || Glob.matches(pattern, texts.get(i))) {
        found.add(texts.get(i));
        found.add(texts.get(i + 1));
      }
    }
    out.arrayHeader(2).bulk(Long.toUnsignedString(next).getBytes(StandardCharsets.US_ASCII));
    out.bulks(found);
  }

  /**
   * Redis: parseScanCursorOrReply: {@code strtoul} base 10 (an optional sign, a negative value
   * wraps), no leading space, nothing after the digits, no overflow. The text ends at a NUL byte,
   * as C reads it; an empty text is cursor 0.
   */
  static long parseCursor(byte[] arg) {
    int end = 0;
    while (end < arg.length && arg[end] != 0) {
      end++;
    }
    if (end == 0) {
      return 0;
    }
    byte first = arg[0];
    if (first == ' ' || (first >= '\t' && first <= '\r')) {
      throw new ReplyError(ERR_CURSOR);
    }
    int i = 0;
    boolean negative = false;
    if (arg[i] == '+' || arg[i] == '-') {
      negative = arg[i++] == '-';
    }
    if (i == end) {
      throw new ReplyError(ERR_CURSOR); // no digits: strtoul leaves eptr at the sign
    }
    long v = 0;
    for (; i < end; i++) {
      int d = arg[i] - '0';
      if (d < 0 || d > 9 || Long.compareUnsigned(v, Long.divideUnsigned(-1L - d, 10)) > 0) {
        throw new ReplyError(ERR_CURSOR); // not a digit, or ERANGE
      }
      v = v * 10 + d;
    }
    return negative ? -v : v;
  }
}
