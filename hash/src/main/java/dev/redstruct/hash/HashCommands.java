package dev.redstruct.hash;

import dev.redstruct.core.RedisNumbers;
import dev.redstruct.core.longdouble.X87LongDouble;
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
 * The Redis face of {@link RedisHash}: every hash command of Redis 7.0.15 given its argument byte
 * strings exactly as a client sends them, answered with the reply bytes Redis would send in RESP2
 * or RESP3 (HGETALL is a map, HRANDFIELD WITHVALUES pairs are 2-element arrays, nulls by protocol;
 * HINCRBYFLOAT is a bulk string in both), error texts included: {@code HSET HSETNX HMSET HGET HMGET
 * HDEL HLEN HSTRLEN HEXISTS HKEYS HVALS HGETALL HINCRBY HINCRBYFLOAT HRANDFIELD HSCAN}.
 *
 * <p>What the caller (a keyspace) provides: {@code keys}, a {@link KeyLookup} whose {@code get}
 * returns the hash stored under the key, or a new empty hash (created with the keyspace's {@code
 * hash-max-listpack-entries} and {@code -value}) when there is none, and throws {@link
 * ReplyError#WRONGTYPE} for a key of another type. No hash command replaces a key, so {@code
 * overwrite} is never called. An empty hash stands for a missing key: after the call the caller
 * keeps a hash that is not empty and deletes an empty one, as Redis deletes an emptied key. {@code
 * modified} is called where t_hash.c calls {@code signalModifiedKey}.
 *
 * <p>{@code HINCRBYFLOAT} computes with the x87 80-bit {@code long double} of Redis on x86-64
 * Linux, digit for digit. Random choices ({@code HRANDFIELD}) draw from {@code rnd} with Redis's
 * strategies; their values cannot equal a live server's (its seeds are unknowable), their rules do.
 * Checks happen in Redis's order (the arity of {@code src/commands/*.json}, then each command's own
 * order in {@code src/t_hash.c}). A rejected command changes nothing and writes only its error. A
 * command name that is not one of the above is a caller mistake ({@link IllegalArgumentException}),
 * as is a reply of more than {@code Integer.MAX_VALUE - 8} elements ({@code HRANDFIELD key -huge}:
 * Redis streams it until the client's output limit closes it). Not thread-safe; null arguments get
 * a {@link NullPointerException} naming the parameter.
 */
public final class HashCommands {
  /*
   * Implementation notes: one method per command, named after its t_hash.c function. A reply
   * error is thrown as ReplyError before anything changes and becomes the reply in execute, so a
   * rejected command changes nothing.
   */
  static final String ERR_SYNTAX = "ERR syntax error";
  static final String ERR_NOT_INTEGER = "ERR value is not an integer or out of range";
  static final String ERR_RANGE_LONG =
      "ERR value is out of range, value must between -9223372036854775807 and"
          + " 9223372036854775807";
  static final String ERR_CURSOR = "ERR invalid cursor";
  static final int MAX_REPLY = Integer.MAX_VALUE - 8;

  /** t_hash.c: HRANDFIELD_SUB_STRATEGY_MUL. */
  static final int SUB_STRATEGY_MUL = 3;

  /** t_hash.c: HRANDFIELD_RANDOM_SAMPLE_LIMIT, the batch of lpRandomPairs in CASE 1. */
  static final int RANDOM_SAMPLE_LIMIT = 1000;

  private HashCommands() {}

  /**
   * Executes one hash command and appends its reply to {@code out}, in {@code out}'s protocol.
   *
   * @param argv the command name and its arguments
   * @param keys the hash of the key argument (see the class comment)
   * @param rnd the source of randomness for HRANDFIELD
   * @param out where the reply goes
   * @throws IllegalArgumentException if {@code argv} is empty or names another command
   */
  public static void execute(
      byte[][] argv, KeyLookup<RedisHash> keys, RandomGenerator rnd, RespWriter out) {
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
      dispatch(argv, keys, rnd, out);
    } catch (ReplyError e) {
      out.rewind(start).error(e.getMessage());
    }
  }

  /**
   * Executes one hash command over a plain map of hashes (no other types, so no {@code WRONGTYPE})
   * and returns its RESP2 reply, e.g. {@code ":1\r\n"}, {@code "$-1\r\n"} or {@code "-ERR hash
   * value is not an integer\r\n"}.
   *
   * @param argv the command name and its arguments
   * @param hashes the hash of the key argument, a new empty one for a new key
   * @param rnd the source of randomness for HRANDFIELD
   * @return the reply bytes
   * @throws IllegalArgumentException if {@code argv} is empty or names another command
   */
  public static byte[] execute(
      byte[][] argv, Function<byte[], RedisHash> hashes, RandomGenerator rnd) {
    Objects.requireNonNull(hashes, "hashes");
    RespWriter out = new RespWriter();
    execute(argv, KeyLookup.of(hashes), rnd, out);
    return out.toByteArray();
  }

  /** Redis: processCommand's arity check (src/server.c), then the command's proc. */
  private static void dispatch(
      byte[][] argv, KeyLookup<RedisHash> keys, RandomGenerator rnd, RespWriter out) {
    String name = new String(argv[0], StandardCharsets.ISO_8859_1).toLowerCase(Locale.ROOT);
    int arity = arity(name);
    if ((arity > 0 && argv.length != arity) || (arity < 0 && argv.length < -arity)) {
      throw arityError(name);
    }
    switch (name) {
      case "hset", "hmset" -> hset(name, argv, keys, out);
      case "hsetnx" -> hsetnx(argv, keys, out);
      case "hget" -> bulkOrNull(hash(keys, argv).get(argv[2]), out);
      case "hmget" -> hmget(argv, hash(keys, argv), out);
      case "hdel" -> hdel(argv, keys, out);
      case "hlen" -> out.integer(hash(keys, argv).size());
      case "hstrlen" -> {
        byte[] v = hash(keys, argv).get(argv[2]);
        out.integer(v == null ? 0 : v.length);
      }
      case "hexists" -> out.integer(hash(keys, argv).containsKey(argv[2]) ? 1 : 0);
      case "hkeys" -> hgetall(hash(keys, argv), true, false, out);
      case "hvals" -> hgetall(hash(keys, argv), false, true, out);
      case "hgetall" -> hgetall(hash(keys, argv), true, true, out);
      case "hincrby" -> hincrby(argv, keys, out);
      case "hincrbyfloat" -> hincrbyfloat(argv, keys, out);
      case "hrandfield" -> HashRandom.hrandfield(argv, keys, rnd, out);
      default -> hscan(argv, keys, out);
    }
  }

  /** The arity of src/commands/*.json: n exactly, or -n for at least n. */
  private static int arity(String name) {
    return switch (name) {
      case "hset", "hmset" -> -4;
      case "hsetnx", "hincrby", "hincrbyfloat" -> 4;
      case "hget", "hstrlen", "hexists" -> 3;
      case "hmget", "hdel", "hscan" -> -3;
      case "hlen", "hkeys", "hvals", "hgetall" -> 2;
      case "hrandfield" -> -2;
      default -> throw new IllegalArgumentException("not a hash command: " + name);
    };
  }

  static ReplyError arityError(String name) {
    return new ReplyError("ERR wrong number of arguments for '" + name + "' command");
  }

  static RedisHash hash(KeyLookup<RedisHash> keys, byte[][] argv) {
    return Objects.requireNonNull(keys.get(argv[1]), "the hash of a key");
  }

  private static void bulkOrNull(byte[] v, RespWriter out) {
    if (v == null) {
      out.nullReply();
    } else {
      out.bulk(v);
    }
  }

  /**
   * Redis: hsetCommand (HSET and HMSET): an odd pair count is an arity error; every argument's
   * length is checked before the writes (hashTypeTryConversion), then each pair is set.
   */
  private static void hset(String name, byte[][] argv, KeyLookup<RedisHash> keys, RespWriter out) {
    if (argv.length % 2 == 1) {
      throw arityError(name);
    }
    RedisHash h = hash(keys, argv);
    tryConversion(h, argv, 2, argv.length - 1);
    int created = 0;
    for (int i = 2; i < argv.length; i += 2) {
      created += h.set(argv[i].clone(), argv[i + 1].clone()) ? 0 : 1;
    }
    if (name.equals("hset")) {
      out.integer(created);
    } else {
      out.simple("OK");
    }
    keys.modified(argv[1]);
    keys.notify(KeyLookup.NOTIFY_HASH, "hset", argv[1]);
  }

  /** Redis: hashTypeTryConversion over argv[start..end]. */
  private static void tryConversion(RedisHash h, byte[][] argv, int start, int end) {
    long longest = 0;
    long sum = 0;
    for (int i = start; i <= end; i++) {
      longest = Math.max(longest, argv[i].length);
      sum += argv[i].length;
    }
    h.tryConversion(longest, 0, sum);
  }

  /** Redis: hsetnxCommand: an existing field answers 0 and converts nothing. */
  private static void hsetnx(byte[][] argv, KeyLookup<RedisHash> keys, RespWriter out) {
    RedisHash h = hash(keys, argv);
    if (h.containsKey(argv[2])) {
      out.integer(0);
      return;
    }
    tryConversion(h, argv, 2, 3);
    h.set(argv[2].clone(), argv[3].clone());
    keys.modified(argv[1]);
    keys.notify(KeyLookup.NOTIFY_HASH, "hset", argv[1]);
    out.integer(1);
  }

  /** Redis: hmgetCommand: a nil for each missing field. */
  private static void hmget(byte[][] argv, RedisHash h, RespWriter out) {
    out.arrayHeader(argv.length - 2);
    for (int i = 2; i < argv.length; i++) {
      bulkOrNull(h.get(argv[i]), out);
    }
  }

  /** Redis: hdelCommand: stops at the field that empties the hash. */
  private static void hdel(byte[][] argv, KeyLookup<RedisHash> keys, RespWriter out) {
    RedisHash h = hash(keys, argv);
    int deleted = 0;
    for (int j = 2; j < argv.length && !h.isEmpty(); j++) {
      deleted += h.remove(argv[j]) != null ? 1 : 0;
    }
    if (deleted > 0) {
      keys.modified(argv[1]);
      keys.notify(KeyLookup.NOTIFY_HASH, "hdel", argv[1]);
      if (h.isEmpty()) {
        keys.notify(KeyLookup.NOTIFY_GENERIC, "del", argv[1]);
      }
    }
    out.integer(deleted);
  }

  /** Redis: genericHgetallCommand: fields, values, or both (a map in RESP3), in iteration order. */
  private static void hgetall(RedisHash h, boolean fields, boolean values, RespWriter out) {
    if (fields && values) {
      out.mapHeader(h.size());
    } else {
      out.arrayHeader(h.size());
    }
    h.forEach(
        (f, v) -> {
          if (fields) {
            out.bulk(f);
          }
          if (values) {
            out.bulk(v);
          }
        });
  }

  /**
   * Redis: hincrbyCommand: the increment first, then the stored value (strict string2ll), then the
   * overflow check, then hashTypeSet (which converts a long field).
   */
  private static void hincrby(byte[][] argv, KeyLookup<RedisHash> keys, RespWriter out) {
    long incr = integer(argv[3]);
    RedisHash h = hash(keys, argv);
    byte[] old = h.get(argv[2]);
    long value = 0;
    if (old != null) {
      if (!RedisNumbers.isCanonicalLong(old, 0, old.length)) {
        throw new ReplyError("ERR hash value is not an integer");
      }
      value = RedisNumbers.parseCanonicalLong(old, 0, old.length);
    }
    if ((incr < 0 && value < 0 && incr < Long.MIN_VALUE - value)
        || (incr > 0 && value > 0 && incr > Long.MAX_VALUE - value)) {
      throw new ReplyError("ERR increment or decrement would overflow");
    }
    value += incr;
    h.set(argv[2].clone(), RedisNumbers.ll2string(value));
    keys.modified(argv[1]);
    keys.notify(KeyLookup.NOTIFY_HASH, "hincrby", argv[1]);
    out.integer(value);
  }

  /**
   * Redis: hincrbyfloatCommand: the increment (string2ld, then no NaN or infinity), the stored
   * value (string2ld), the long double sum (no NaN or infinity), printed by ld2string's human form,
   * then hashTypeSet.
   */
  private static void hincrbyfloat(byte[][] argv, KeyLookup<RedisHash> keys, RespWriter out) {
    X87LongDouble incr = X87LongDouble.parse(argv[3]);
    if (incr == null) {
      throw new ReplyError("ERR value is not a valid float");
    }
    if (incr.isInfinite()) {
      throw new ReplyError("ERR value is NaN or Infinity");
    }
    RedisHash h = hash(keys, argv);
    byte[] old = h.get(argv[2]);
    X87LongDouble value = X87LongDouble.of(0);
    if (old != null) {
      value = X87LongDouble.parse(old);
      if (value == null) {
        throw new ReplyError("ERR hash value is not a float");
      }
    }
    X87LongDouble sum = value.add(incr);
    if (sum == null || sum.isInfinite()) {
      throw new ReplyError("ERR increment would produce NaN or Infinity");
    }
    byte[] text = sum.toHumanBytes();
    h.set(argv[2].clone(), text);
    keys.modified(argv[1]);
    keys.notify(KeyLookup.NOTIFY_HASH, "hincrbyfloat", argv[1]);
    // Redis: replicated as HSET with the value, so that float formatting cannot differ
    keys.propagateAs(new byte[] {'H', 'S', 'E', 'T'}, argv[1], argv[2], text);
    out.bulk(text); // addReplyBulkCBuffer: a bulk string in RESP3 too
  }

  /**
   * Redis: hscanCommand, then scanGenericCommand: the cursor first, then the key (a missing key
   * answers an empty scan before any option is read), then COUNT/MATCH, then the scan. A listpack
   * answers every pair in one call with cursor 0; MATCH filters on the field and drops its value
   * with it.
   */
  private static void hscan(byte[][] argv, KeyLookup<RedisHash> keys, RespWriter out) {
    long cursor = parseCursor(argv[2]);
    RedisHash h = hash(keys, argv);
    if (h.isEmpty()) {
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
    long next = 0;
    if (h.encoding() == RedisHash.Encoding.LISTPACK) {
      h.forEach((f, v) -> addMatching(pat, f, v, found));
    } else {
      // Redis counts list items, two per pair: about count/2 pairs per call
      int pairs = (int) Math.min((count + 1) / 2, Integer.MAX_VALUE);
      next =
          h.dictOrNull()
              .scan(cursor, pairs, e -> addMatching(pat, e.getKey(), e.getValue(), found));
    }
    out.arrayHeader(2).bulk(Long.toUnsignedString(next).getBytes(StandardCharsets.US_ASCII));
    out.bulks(found);
  }

  private static void addMatching(byte[] pattern, byte[] f, byte[] v, List<byte[]> found) {
    if (pattern == null || Glob.matches(pattern, f)) {
      found.add(f);
      found.add(v);
    }
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
    byte b0 = arg[0];
    if (b0 == ' ' || (b0 >= '\t' && b0 <= '\r')) {
      throw new ReplyError(ERR_CURSOR);
    }
    boolean negative = false;
    if (arg[i] == '+' || arg[i] == '-') {
      negative = arg[i++] == '-';
    }
    if (i == end) {
      throw new ReplyError(ERR_CURSOR);
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

  /** Redis: getLongLongFromObjectOrReply with the default message (string2ll's rules). */
  static long integer(byte[] arg) {
    if (!RedisNumbers.isCanonicalLong(arg, 0, arg.length)) {
      throw new ReplyError(ERR_NOT_INTEGER);
    }
    return RedisNumbers.parseCanonicalLong(arg, 0, arg.length);
  }
}
