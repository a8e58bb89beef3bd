package dev.redstruct.set;

import dev.redstruct.core.RedisNumbers;
import dev.redstruct.core.resp.Glob;
import dev.redstruct.core.resp.KeyLookup;
import dev.redstruct.core.resp.RedisWords;
import dev.redstruct.core.resp.ReplyError;
import dev.redstruct.core.resp.RespWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;
import java.util.random.RandomGenerator;

/**
 * The Redis face of {@link RedisSet}: every set command of Redis 7.0.15 given its argument byte
 * strings exactly as a client sends them, answered with the reply bytes Redis would send in RESP2
 * or RESP3 (SMEMBERS, SINTER, SUNION, SDIFF and SPOP with a count are sets in RESP3), error texts
 * included: {@code SADD SREM SMOVE SISMEMBER SMISMEMBER SCARD SMEMBERS SRANDMEMBER SPOP SINTER
 * SINTERCARD SINTERSTORE SUNION SUNIONSTORE SDIFF SDIFFSTORE SSCAN}.
 *
 * <p>What the caller (a keyspace) provides: {@code keys}, a {@link KeyLookup} whose {@code get}
 * returns the set stored under a key, or a new empty set (created with the keyspace's {@code
 * set-max-intset-entries}) when there is none, the same instance for the same key within one call,
 * and throws {@link ReplyError#WRONGTYPE} for a key of another type; {@code overwrite} gives the
 * destination of SINTERSTORE, SUNIONSTORE and SDIFFSTORE (called once the command can no longer
 * fail; the result replaces its contents and encoding, and its {@code set-max-intset-entries}
 * bounds the result), ideally a new empty set with the keyspace's configuration. An empty set
 * stands for a missing key: after the call the caller keeps the sets that are not empty and deletes
 * the empty ones, as Redis deletes an emptied key. {@code modified} is called where t_set.c calls
 * {@code signalModifiedKey}, and after every {@code *STORE} (Redis skips that signal when an empty
 * result meets a missing destination). SPOP's rebuilt set replaces the key's contents in place.
 *
 * <p>Random choices ({@code SPOP}, {@code SRANDMEMBER}) draw from {@code rnd} with Redis's
 * strategies; their values cannot equal a live server's (its seeds are unknowable), their rules do.
 * Checks happen in Redis's order (the arity of {@code src/commands/*.json}, then each command's own
 * order in {@code src/t_set.c}). A rejected command changes nothing and writes only its error. A
 * command name that is not one of the above is a caller mistake ({@link IllegalArgumentException}).
 * A reply that would hold more than {@code Integer.MAX_VALUE - 8} elements ({@code SRANDMEMBER key
 * -huge}) is an {@link IllegalArgumentException} too: Redis streams it until the client's output
 * limit closes it. Not thread-safe; null arguments get a {@link NullPointerException} naming the
 * parameter.
 */
public final class SetCommands {
  /*
   * Implementation notes: one method per command, named after its t_set.c function; the set
   * algebra and the random strategies are in SetOps. A reply error is thrown as ReplyError before
   * anything changes and becomes the reply in execute, so a rejected command changes nothing.
   */
  static final String ERR_SYNTAX = "ERR syntax error";
  static final String ERR_NOT_INTEGER = "ERR value is not an integer or out of range";
  static final String ERR_NOT_POSITIVE = "ERR value is out of range, must be positive";
  static final String ERR_RANGE_LONG =
      "ERR value is out of range, value must between -9223372036854775807 and"
          + " 9223372036854775807";
  static final String ERR_NUMKEYS = "ERR numkeys should be greater than 0";
  static final String ERR_TOO_MANY_KEYS = "ERR Number of keys can't be greater than number of args";
  static final String ERR_LIMIT = "ERR LIMIT can't be negative";
  static final String ERR_CURSOR = "ERR invalid cursor";
  static final int MAX_REPLY = Integer.MAX_VALUE - 8;

  private SetCommands() {}

  /**
   * Executes one set command and appends its reply to {@code out}, in {@code out}'s protocol.
   *
   * @param argv the command name and its arguments
   * @param keys the set of each key argument (see the class comment)
   * @param rnd the source of randomness for SPOP and SRANDMEMBER
   * @param out where the reply goes
   * @throws IllegalArgumentException if {@code argv} is empty or names another command
   */
  public static void execute(
      byte[][] argv, KeyLookup<RedisSet> keys, RandomGenerator rnd, RespWriter out) {
    Objects.requireNonNull(argv, "argv");
    Objects.requireNonNull(keys, "keys");
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
      dispatch(argv, new Keys(keys), rnd, out);
    } catch (ReplyError e) {
      out.rewind(start).error(e.getMessage());
    }
  }

  /**
   * Executes one set command over a plain map of sets (no other types, so no {@code WRONGTYPE}) and
   * returns its RESP2 reply, e.g. {@code ":3\r\n"}, {@code "$-1\r\n"} or {@code "-ERR syntax
   * error\r\n"}. A {@code *STORE} result replaces the destination's contents in place.
   *
   * @param argv the command name and its arguments
   * @param sets the set of each key argument, a new empty one for a new key
   * @param rnd the source of randomness for SPOP and SRANDMEMBER
   * @return the reply bytes
   * @throws IllegalArgumentException if {@code argv} is empty or names another command
   */
  public static byte[] execute(
      byte[][] argv, Function<byte[], RedisSet> sets, RandomGenerator rnd) {
    Objects.requireNonNull(sets, "sets");
    RespWriter out = new RespWriter();
    execute(argv, KeyLookup.of(sets), rnd, out);
    return out.toByteArray();
  }

  /** Redis: processCommand's arity check (src/server.c), then the command's proc. */
  private static void dispatch(byte[][] argv, Keys keys, RandomGenerator rnd, RespWriter out) {
    String name = new String(argv[0], StandardCharsets.ISO_8859_1).toLowerCase(Locale.ROOT);
    int arity = arity(name);
    if ((arity > 0 && argv.length != arity) || (arity < 0 && argv.length < -arity)) {
      throw new ReplyError("ERR wrong number of arguments for '" + name + "' command");
    }
    switch (name) {
      case "sadd" -> sadd(argv, keys, out);
      case "srem" -> srem(argv, keys, out);
      case "smove" -> smove(argv, keys, out);
      case "sismember" -> out.integer(keys.get(argv[1]).contains(argv[2]) ? 1 : 0);
      case "smismember" -> smismember(argv, keys, out);
      case "scard" -> out.integer(keys.get(argv[1]).size());
      case "smembers", "sinter" -> SetOps.inter(keys.list(argv, 1, argv.length), out);
      case "sinterstore" -> SetOps.interStore(keys.list(argv, 2, argv.length), argv[1], keys, out);
      case "sintercard" -> sintercard(argv, keys, out);
      case "sunion", "sdiff" ->
          SetOps.unionDiff(keys.list(argv, 1, argv.length), null, name.equals("sdiff"), out);
      case "sunionstore", "sdiffstore" ->
          SetOps.unionDiffStore(
              keys.list(argv, 2, argv.length), argv[1], keys, name.equals("sdiffstore"), out);
      case "spop" -> spop(argv, keys, rnd, out);
      case "srandmember" -> srandmember(argv, keys, rnd, out);
      default -> sscan(argv, keys, out);
    }
  }

  /** The arity of src/commands/*.json: n exactly, or -n for at least n. */
  private static int arity(String name) {
    return switch (name) {
      case "sadd",
          "srem",
          "smismember",
          "sintercard",
          "sinterstore",
          "sunionstore",
          "sdiffstore",
          "sscan" ->
          -3;
      case "srandmember", "spop", "sinter", "sunion", "sdiff" -> -2;
      case "smove" -> 4;
      case "sismember" -> 3;
      case "scard", "smembers" -> 2;
      default -> throw new IllegalArgumentException("not a set command: " + name);
    };
  }

  /** Redis: saddCommand. */
  private static void sadd(byte[][] argv, Keys keys, RespWriter out) {
    RedisSet s = keys.get(argv[1]);
    int added = 0;
    for (int j = 2; j < argv.length; j++) {
      added += s.add(argv[j].clone()) ? 1 : 0;
    }
    if (added > 0) {
      keys.modified(argv[1]);
      keys.event("sadd", argv[1]);
    }
    out.integer(added);
  }

  /** Redis: sremCommand: stops at the member that empties the set. */
  private static void srem(byte[][] argv, Keys keys, RespWriter out) {
    RedisSet s = keys.get(argv[1]);
    int deleted = 0;
    for (int j = 2; j < argv.length && !s.isEmpty(); j++) {
      deleted += s.remove(argv[j]) ? 1 : 0;
    }
    if (deleted > 0) {
      keys.event("srem", argv[1]);
      keys.emptied(s, argv[1]);
      keys.modified(argv[1]);
    }
    out.integer(deleted);
  }

  /**
   * Redis: smoveCommand: a missing source first (answered 0 whatever the destination holds), then
   * the destination's type, the same-key case, then the move.
   */
  private static void smove(byte[][] argv, Keys keys, RespWriter out) {
    RedisSet src = keys.get(argv[1]);
    if (src.isEmpty()) {
      out.integer(0);
      return;
    }
    RedisSet dst = keys.get(argv[2]);
    byte[] member = argv[3];
    if (src == dst) {
      out.integer(src.contains(member) ? 1 : 0);
    } else if (!src.remove(member)) {
      out.integer(0);
    } else {
      keys.event("srem", argv[1]);
      keys.emptied(src, argv[1]);
      keys.modified(argv[1]);
      if (dst.add(member.clone())) {
        keys.modified(argv[2]);
        keys.event("sadd", argv[2]);
      }
      out.integer(1);
    }
  }

  /** Redis: smismemberCommand: a missing key answers zeros. */
  private static void smismember(byte[][] argv, Keys keys, RespWriter out) {
    RedisSet s = keys.get(argv[1]);
    out.arrayHeader(argv.length - 2);
    for (int j = 2; j < argv.length; j++) {
      out.integer(s.contains(argv[j]) ? 1 : 0);
    }
  }

  /** Redis: sinterCardCommand: numkeys, then the LIMIT option, then the intersection. */
  private static void sintercard(byte[][] argv, Keys keys, RespWriter out) {
    long numKeys = rangeLong(argv[1], 1, Long.MAX_VALUE, ERR_NUMKEYS);
    if (numKeys > argv.length - 2) {
      throw new ReplyError(ERR_TOO_MANY_KEYS);
    }
    long limit = 0;
    for (int j = 2 + (int) numKeys; j < argv.length; j++) {
      if (RedisWords.is(argv[j], "limit") && j < argv.length - 1) {
        limit = rangeLong(argv[++j], 0, Long.MAX_VALUE, ERR_LIMIT);
      } else {
        throw new ReplyError(ERR_SYNTAX);
      }
    }
    out.integer(SetOps.interCard(keys.list(argv, 2, 2 + (int) numKeys), limit));
  }

  private static final byte[] SREM = {'S', 'R', 'E', 'M'};
  private static final byte[] DEL = {'D', 'E', 'L'};

  /** Redis: spopCommand / spopWithCountCommand: the count first, then the key. */
  private static void spop(byte[][] argv, Keys keys, RandomGenerator rnd, RespWriter out) {
    if (argv.length > 3) {
      throw new ReplyError(ERR_SYNTAX);
    }
    if (argv.length == 3) {
      long count = rangeLong(argv[2], 0, Long.MAX_VALUE, ERR_NOT_POSITIVE);
      RedisSet s = keys.get(argv[1]);
      byte[] key = argv[1];
      long size = s.size();
      if (count > 0 && !s.isEmpty()) {
        keys.event("spop", key); // Redis: raised before the members go
      }
      if (SetOps.popCount(
          s, count, rnd, out, m -> keys.lookup().alsoPropagate(SREM, key, m.clone()))) {
        if (count >= size) {
          keys.lookup().propagateAs(DEL, key); // Redis: the whole set goes as DEL
          keys.lookup().notify(KeyLookup.NOTIFY_GENERIC, "del", key);
        } else {
          keys.lookup().preventPropagation(); // Redis: one SREM per member instead
        }
        keys.modified(argv[1]);
      }
      return;
    }
    RedisSet s = keys.get(argv[1]);
    if (s.isEmpty()) {
      out.nullReply();
      return;
    }
    byte[] m = s.randomMember(rnd);
    s.remove(m);
    keys.lookup().propagateAs(SREM, argv[1], m); // Redis: replicated as SREM key member
    keys.event("spop", argv[1]);
    keys.emptied(s, argv[1]);
    keys.modified(argv[1]);
    out.bulk(m);
  }

  /** Redis: srandmemberCommand / srandmemberWithCountCommand: the count first, then the key. */
  private static void srandmember(byte[][] argv, Keys keys, RandomGenerator rnd, RespWriter out) {
    if (argv.length > 3) {
      throw new ReplyError(ERR_SYNTAX);
    }
    if (argv.length == 3) {
      long l = rangeLong(argv[2], -Long.MAX_VALUE, Long.MAX_VALUE, null);
      SetOps.randomMembers(keys.get(argv[1]), l, rnd, out);
      return;
    }
    RedisSet s = keys.get(argv[1]);
    if (s.isEmpty()) {
      out.nullReply();
    } else {
      out.bulk(s.randomMember(rnd));
    }
  }

  /**
   * Redis: sscanCommand, then scanGenericCommand: the cursor first, then the key (a missing key
   * answers an empty scan before any option is read), then COUNT/MATCH, then the scan.
   */
  private static void sscan(byte[][] argv, Keys keys, RespWriter out) {
    long cursor = parseCursor(argv[2]);
    RedisSet s = keys.get(argv[1]);
    if (s.isEmpty()) {
      out.arrayHeader(2).bulk(new byte[] {'0'}).arrayHeader(0);
      return;
    }
    long count = 10;
    byte[] pattern = null;
    for (int i = 3; i < argv.length; i += 2) {
      boolean hasValue = argv.length - i >= 2;
      if (RedisWords.is(argv[i], "count") && hasValue) {
        count = integer(argv[i + 1]);
        if (count < 1) {
          throw new ReplyError(ERR_SYNTAX);
        }
      } else if (RedisWords.is(argv[i], "match") && hasValue) {
        byte[] p = argv[i + 1];
        pattern = p.length == 1 && p[0] == '*' ? null : p;
      } else {
        throw new ReplyError(ERR_SYNTAX);
      }
    }
    List<byte[]> found = new ArrayList<>();
    byte[] pat = pattern;
    long next =
        s.scan(
            cursor,
            (int) Math.min(count, Integer.MAX_VALUE),
            m -> {
              if (pat == null || Glob.matches(pat, m)) {
                found.add(m);
              }
            });
    out.arrayHeader(2).bulk(Long.toUnsignedString(next).getBytes(StandardCharsets.US_ASCII));
    out.bulks(found);
  }

  // ---------------------------------------------------------------- arguments

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
    int i = 0;
    if (isCSpace(arg[0])) {
      throw new ReplyError(ERR_CURSOR);
    }
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
      if (d < 0 || d > 9) {
        throw new ReplyError(ERR_CURSOR);
      }
      if (Long.compareUnsigned(v, Long.divideUnsigned(-1L - d, 10)) > 0) {
        throw new ReplyError(ERR_CURSOR); // ERANGE
      }
      v = v * 10 + d;
    }
    return negative ? -v : v;
  }

  private static boolean isCSpace(byte b) {
    return b == ' ' || (b >= '\t' && b <= '\r');
  }

  /** Redis: getLongFromObjectOrReply with the default message (string2ll's rules). */
  private static long integer(byte[] arg) {
    if (!RedisNumbers.isCanonicalLong(arg, 0, arg.length)) {
      throw new ReplyError(ERR_NOT_INTEGER);
    }
    return RedisNumbers.parseCanonicalLong(arg, 0, arg.length);
  }

  /**
   * Redis: getRangeLongFromObjectOrReply: with a message, that message for both a non-integer and a
   * value out of range; without, the default texts.
   */
  private static long rangeLong(byte[] arg, long min, long max, String error) {
    if (!RedisNumbers.isCanonicalLong(arg, 0, arg.length)) {
      throw new ReplyError(error != null ? error : ERR_NOT_INTEGER);
    }
    long v = RedisNumbers.parseCanonicalLong(arg, 0, arg.length);
    if (v < min || v > max) {
      throw new ReplyError(error != null ? error : ERR_RANGE_LONG);
    }
    return v;
  }

  /** The caller's key lookup, checked: it must give a set for every key. */
  record Keys(KeyLookup<RedisSet> lookup) {
    RedisSet get(byte[] key) {
      return Objects.requireNonNull(lookup.get(key), "the set of a key");
    }

    RedisSet overwrite(byte[] key) {
      return Objects.requireNonNull(lookup.overwrite(key), "the destination set");
    }

    void modified(byte[] key) {
      lookup.modified(key);
    }

    /** Redis: notifyKeyspaceEvent(NOTIFY_SET, event, key). */
    void event(String event, byte[] key) {
      lookup.notify(KeyLookup.NOTIFY_SET, event, key);
    }

    /** Redis: the "del" event of a command that emptied the set (the owner deletes it). */
    void emptied(RedisSet s, byte[] key) {
      if (s.isEmpty()) {
        lookup.notify(KeyLookup.NOTIFY_GENERIC, "del", key);
      }
    }

    /** A *STORE's event: its own name for a result, "del" for an empty one. */
    void stored(RedisSet result, String event, byte[] key) {
      if (result.isEmpty()) {
        lookup.notify(KeyLookup.NOTIFY_GENERIC, "del", key);
      } else {
        event(event, key);
      }
    }

    List<RedisSet> list(byte[][] argv, int from, int to) {
      List<RedisSet> l = new ArrayList<>(to - from);
      for (int i = from; i < to; i++) {
        l.add(get(argv[i]));
      }
      return l;
    }
  }
}
