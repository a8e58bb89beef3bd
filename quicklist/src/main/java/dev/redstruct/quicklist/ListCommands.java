package dev.redstruct.quicklist;

import dev.redstruct.core.RedisNumbers;
import dev.redstruct.core.resp.KeyLookup;
import dev.redstruct.core.resp.RedisWords;
import dev.redstruct.core.resp.ReplyError;
import dev.redstruct.core.resp.RespWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;

/**
 * The Redis face of {@link QuickList}: the non-blocking list commands of Redis 7.0.15 given their
 * argument byte strings exactly as a client sends them, answered with the reply bytes Redis would
 * send in RESP2 or RESP3 (nulls by protocol), error texts included: {@code LPUSH RPUSH LPUSHX
 * RPUSHX LPOP RPOP LLEN LINDEX LSET LINSERT LREM LTRIM LRANGE LPOS LMOVE RPOPLPUSH LMPOP}.
 *
 * <p>What the caller (a keyspace) provides: {@code keys}, a {@link KeyLookup} whose {@code get}
 * returns the list stored under a key, or a new empty list (created with the keyspace's {@code
 * list-max-listpack-size} and {@code list-compress-depth}) when there is none, the same instance
 * for the same key within one call, and throws {@link ReplyError#WRONGTYPE} for a key of another
 * type. No list command replaces a key (LMOVE's and RPOPLPUSH's destination is a checked {@code
 * get}, judged only when the source has an element), so {@code overwrite} is never called. An empty
 * list stands for a missing key: after the call the caller keeps the lists that are not empty and
 * deletes the empty ones, as Redis deletes an emptied key. {@code modified} is called where
 * t_list.c calls {@code signalModifiedKey}.
 *
 * <p>Checks happen in Redis's order (the arity from {@code src/commands/*.json}, then each
 * command's own order in {@code src/t_list.c}), because that order decides which error a client
 * sees when several things are wrong. A rejected command changes nothing and writes only its error.
 * A command name that is not one of the above is a caller mistake ({@link
 * IllegalArgumentException}), not a reply. Not thread-safe; null arguments get a {@link
 * NullPointerException} naming the parameter.
 */
public final class ListCommands {
  /*
   * Implementation notes: one method per command, named after its t_list.c function. A reply error
   * is thrown as ReplyError (no stack trace) before anything changes and becomes the reply in
   * execute, so "a rejected command changes nothing" holds by construction. Redis 7.0.15 reads
   * LMPOP's key count as a long and indexes argv with it; a count past the arguments is a syntax
   * error there and here.
   */
  static final String ERR_SYNTAX = "ERR syntax error";
  static final String ERR_NOT_INTEGER = "ERR value is not an integer or out of range";
  static final String ERR_NOT_POSITIVE = "ERR value is out of range, must be positive";
  static final String ERR_NO_KEY = "ERR no such key";
  static final String ERR_INDEX = "ERR index out of range";
  static final String ERR_RANK_ZERO =
      "ERR RANK can't be zero: use 1 to start from the first match, 2 from the second ... or use"
          + " negative to start from the end of the list";
  static final String ERR_COUNT_NEGATIVE = "ERR COUNT can't be negative";
  static final String ERR_MAXLEN_NEGATIVE = "ERR MAXLEN can't be negative";
  static final String ERR_NUMKEYS = "ERR numkeys should be greater than 0";
  static final String ERR_COUNT_ZERO = "ERR count should be greater than 0";

  private ListCommands() {}

  /**
   * Executes one list command and appends its reply to {@code out}, in {@code out}'s protocol.
   *
   * @param argv the command name and its arguments
   * @param keys the list of each key argument (see the class comment)
   * @param out where the reply goes
   * @throws IllegalArgumentException if {@code argv} is empty or names another command
   */
  public static void execute(byte[][] argv, KeyLookup<QuickList> keys, RespWriter out) {
    Objects.requireNonNull(argv, "argv");
    Objects.requireNonNull(keys, "keys");
    Objects.requireNonNull(out, "out");
    for (byte[] a : argv) {
      Objects.requireNonNull(a, "argv[i]");
    }
    if (argv.length == 0) {
      throw new IllegalArgumentException("empty command");
    }
    int start = out.mark(); // a reply error replaces whatever the command began to write
    try {
      dispatch(argv, new Keys(keys), out);
    } catch (ReplyError e) {
      out.rewind(start).error(e.getMessage());
    }
  }

  /**
   * Executes one list command over a plain map of lists (no other types, so no {@code WRONGTYPE})
   * and returns its RESP2 reply, e.g. {@code ":3\r\n"}, {@code "$-1\r\n"} or {@code "-ERR syntax
   * error\r\n"}.
   *
   * @param argv the command name and its arguments
   * @param lists the list of each key argument, a new empty one for a new key
   * @return the reply bytes
   * @throws IllegalArgumentException if {@code argv} is empty or names another command
   */
  public static byte[] execute(byte[][] argv, Function<byte[], QuickList> lists) {
    Objects.requireNonNull(lists, "lists");
    RespWriter out = new RespWriter();
    execute(argv, KeyLookup.of(lists), out);
    return out.toByteArray();
  }

  /** Redis: processCommand's arity check (src/server.c), then the command's proc. */
  private static void dispatch(byte[][] argv, Keys keys, RespWriter out) {
    String name = new String(argv[0], StandardCharsets.ISO_8859_1).toLowerCase(Locale.ROOT);
    int arity = arity(name);
    if ((arity > 0 && argv.length != arity) || (arity < 0 && argv.length < -arity)) {
      throw new ReplyError("ERR wrong number of arguments for '" + name + "' command");
    }
    switch (name) {
      case "lpush" -> push(argv, keys, out, true, false);
      case "rpush" -> push(argv, keys, out, false, false);
      case "lpushx" -> push(argv, keys, out, true, true);
      case "rpushx" -> push(argv, keys, out, false, true);
      case "lpop" -> pop(argv, keys, out, true);
      case "rpop" -> pop(argv, keys, out, false);
      case "llen" -> out.integer(keys.get(argv[1]).size());
      case "lindex" -> lindex(argv, keys, out);
      case "lset" -> lset(argv, keys, out);
      case "linsert" -> linsert(argv, keys, out);
      case "lrem" -> lrem(argv, keys, out);
      case "ltrim" -> ltrim(argv, keys, out);
      case "lrange" -> lrange(argv, keys, out);
      case "lpos" -> lpos(argv, keys, out);
      case "lmove" -> lmove(argv, keys, out, side(argv[3]), side(argv[4]));
      case "rpoplpush" -> lmove(argv, keys, out, false, true);
      default -> lmpop(argv, keys, out);
    }
  }

  /** The arity of src/commands/*.json: n exactly, or -n for at least n. */
  private static int arity(String name) {
    return switch (name) {
      case "lpush", "rpush", "lpushx", "rpushx", "lpos" -> -3;
      case "lpop", "rpop" -> -2;
      case "llen" -> 2;
      case "lindex", "rpoplpush" -> 3;
      case "lset", "lrem", "ltrim", "lrange" -> 4;
      case "linsert", "lmove" -> 5;
      case "lmpop" -> -4;
      default -> throw new IllegalArgumentException("not a list command: " + name);
    };
  }

  /** Redis: pushGenericCommand (xx for LPUSHX/RPUSHX). */
  private static void push(byte[][] argv, Keys keys, RespWriter out, boolean head, boolean xx) {
    QuickList ql = keys.get(argv[1]);
    if (xx && ql.size() == 0) {
      out.integer(0);
      return;
    }
    for (int j = 2; j < argv.length; j++) {
      if (head) {
        ql.pushHead(argv[j]);
      } else {
        ql.pushTail(argv[j]);
      }
    }
    keys.modified(argv[1]);
    keys.event(head ? "lpush" : "rpush", argv[1]);
    out.integer(ql.size());
  }

  /** Redis: popGenericCommand (LPOP/RPOP key [count]). */
  private static void pop(byte[][] argv, Keys keys, RespWriter out, boolean head) {
    boolean hasCount = argv.length == 3;
    if (argv.length > 3) {
      throw new ReplyError(
          "ERR wrong number of arguments for '" + (head ? "lpop" : "rpop") + "' command");
    }
    long count = hasCount ? rangeLong(argv[2], 0, Long.MAX_VALUE, ERR_NOT_POSITIVE) : 0;
    QuickList ql = keys.get(argv[1]);
    if (ql.size() == 0) {
      if (hasCount) {
        out.nullArrayReply();
      } else {
        out.nullReply();
      }
    } else if (hasCount && count == 0) {
      out.arrayHeader(0); // t_list.c's fast exit: no read, no compression
    } else if (!hasCount) {
      out.bulk(head ? ql.popHead() : ql.popTail());
      keys.removed(head, ql, argv[1]);
      keys.modified(argv[1]);
    } else {
      out.bulks(ql.pop(head, count));
      keys.removed(head, ql, argv[1]);
      keys.modified(argv[1]);
    }
  }

  /** Redis: lindexCommand: the key first, then the index. */
  private static void lindex(byte[][] argv, Keys keys, RespWriter out) {
    QuickList ql = keys.get(argv[1]);
    if (ql.size() == 0) {
      out.nullReply();
      return;
    }
    byte[] v = ql.get(integer(argv[2]));
    if (v == null) {
      out.nullReply();
    } else {
      out.bulk(v);
    }
  }

  /** Redis: lsetCommand: the key first, then the index. */
  private static void lset(byte[][] argv, Keys keys, RespWriter out) {
    QuickList ql = keys.get(argv[1]);
    if (ql.size() == 0) {
      throw new ReplyError(ERR_NO_KEY);
    }
    if (!ql.set(integer(argv[2]), argv[3])) {
      throw new ReplyError(ERR_INDEX);
    }
    keys.event("lset", argv[1]);
    keys.modified(argv[1]);
    out.simple("OK");
  }

  /** Redis: linsertCommand: BEFORE/AFTER first, then the key, then the pivot search. */
  private static void linsert(byte[][] argv, Keys keys, RespWriter out) {
    boolean after;
    if (RedisWords.is(argv[2], "after")) {
      after = true;
    } else if (RedisWords.is(argv[2], "before")) {
      after = false;
    } else {
      throw new ReplyError(ERR_SYNTAX);
    }
    QuickList ql = keys.get(argv[1]);
    if (ql.size() == 0) {
      out.integer(0);
      return;
    }
    if (ql.insert(argv[3], argv[4], after)) {
      keys.modified(argv[1]);
      keys.event("linsert", argv[1]);
      out.integer(ql.size());
    } else {
      out.integer(-1);
    }
  }

  /** Redis: lremCommand: the count first, then the key. */
  private static void lrem(byte[][] argv, Keys keys, RespWriter out) {
    long toRemove = integer(argv[2]);
    QuickList ql = keys.get(argv[1]);
    long removed = ql.size() == 0 ? 0 : ql.remove(toRemove, argv[3]);
    if (removed > 0) {
      keys.event("lrem", argv[1]);
      keys.emptied(ql, argv[1]);
      keys.modified(argv[1]);
    }
    out.integer(removed);
  }

  /** Redis: ltrimCommand: both indexes first, then the key. */
  private static void ltrim(byte[][] argv, Keys keys, RespWriter out) {
    long start = integer(argv[2]);
    long end = integer(argv[3]);
    QuickList ql = keys.get(argv[1]);
    if (ql.size() > 0) {
      long before = ql.size();
      ql.trim(start, end);
      if (ql.size() == before) {
        keys.lookup().preventPropagation(); // Redis: server.dirty += 0, so not propagated
      }
      keys.event("ltrim", argv[1]);
      keys.emptied(ql, argv[1]);
      keys.modified(argv[1]); // Redis signals even when nothing was trimmed
    }
    out.simple("OK");
  }

  /** Redis: lrangeCommand: both indexes first, then the key. */
  private static void lrange(byte[][] argv, Keys keys, RespWriter out) {
    long start = integer(argv[2]);
    long end = integer(argv[3]);
    QuickList ql = keys.get(argv[1]);
    out.bulks(ql.size() == 0 ? List.of() : ql.range(start, end));
  }

  /** Redis: lposCommand: the options in order (each error as soon as met), then the key. */
  private static void lpos(byte[][] argv, Keys keys, RespWriter out) {
    long rank = 1;
    long count = -1; // -1: no COUNT option
    long maxlen = 0;
    for (int j = 3; j < argv.length; j++) {
      boolean moreArgs = j < argv.length - 1;
      if (RedisWords.is(argv[j], "rank") && moreArgs) {
        rank = integer(argv[++j]);
        if (rank == 0) {
          throw new ReplyError(ERR_RANK_ZERO);
        }
      } else if (RedisWords.is(argv[j], "count") && moreArgs) {
        count = rangeLong(argv[++j], 0, Long.MAX_VALUE, ERR_COUNT_NEGATIVE);
      } else if (RedisWords.is(argv[j], "maxlen") && moreArgs) {
        maxlen = rangeLong(argv[++j], 0, Long.MAX_VALUE, ERR_MAXLEN_NEGATIVE);
      } else {
        throw new ReplyError(ERR_SYNTAX);
      }
    }
    QuickList ql = keys.get(argv[1]);
    if (count != -1) {
      long[] found = ql.size() == 0 ? new long[0] : ql.positions(argv[2], rank, count, maxlen);
      out.arrayHeader(found.length);
      for (long index : found) {
        out.integer(index);
      }
      return;
    }
    long first = ql.size() == 0 ? -1 : ql.firstPosition(argv[2], rank, maxlen);
    if (first == -1) {
      out.nullReply();
    } else {
      out.integer(first);
    }
  }

  /** Redis: lmoveGenericCommand (after lmoveCommand has read both sides). */
  private static void lmove(
      byte[][] argv, Keys keys, RespWriter out, boolean fromHead, boolean toHead) {
    QuickList source = keys.get(argv[1]);
    if (source.size() == 0) {
      out.nullReply();
      return;
    }
    out.bulk(QuickList.move(source, keys.get(argv[2]), fromHead, toHead));
    keys.modified(argv[2]);
    keys.event(toHead ? "lpush" : "rpush", argv[2]);
    keys.removed(fromHead, source, argv[1]);
    keys.modified(argv[1]);
  }

  /** Redis: lmpopGenericCommand, then mpopGenericCommand (LMPOP numkeys key... LEFT|RIGHT). */
  private static void lmpop(byte[][] argv, Keys keys, RespWriter out) {
    long numKeys = rangeLong(argv[1], 1, Long.MAX_VALUE, ERR_NUMKEYS);
    if (numKeys >= argv.length - 2) {
      throw new ReplyError(ERR_SYNTAX); // the side would lie past the arguments
    }
    int whereIdx = (int) numKeys + 2;
    boolean head = side(argv[whereIdx]);
    long count = -1;
    for (int j = whereIdx + 1; j < argv.length; j++) {
      if (count == -1 && RedisWords.is(argv[j], "count") && j < argv.length - 1) {
        count = rangeLong(argv[++j], 1, Long.MAX_VALUE, ERR_COUNT_ZERO);
      } else {
        throw new ReplyError(ERR_SYNTAX);
      }
    }
    for (int k = 2; k < whereIdx; k++) {
      QuickList ql = keys.get(argv[k]);
      if (ql.size() > 0) {
        long n = Math.min(count == -1 ? 1 : count, ql.size());
        out.arrayHeader(2);
        out.bulk(argv[k]);
        out.bulks(ql.pop(head, n));
        keys.removed(head, ql, argv[k]);
        keys.modified(argv[k]);
        // Redis: replicated as [LR]POP key count
        keys.lookup()
            .propagateAs(
                (head ? "LPOP" : "RPOP").getBytes(java.nio.charset.StandardCharsets.US_ASCII),
                argv[k],
                dev.redstruct.core.RedisNumbers.ll2string(n));
        return;
      }
    }
    out.nullArrayReply();
  }

  // ---------------------------------------------------------------- arguments

  /** Redis: getListPositionFromObjectOrReply: LEFT is the head, RIGHT the tail. */
  private static boolean side(byte[] arg) {
    if (RedisWords.is(arg, "right")) {
      return false;
    } else if (RedisWords.is(arg, "left")) {
      return true;
    }
    throw new ReplyError(ERR_SYNTAX);
  }

  /** Redis: getLongFromObjectOrReply with Redis's default message (string2ll's rules). */
  private static long integer(byte[] arg) {
    if (!RedisNumbers.isCanonicalLong(arg, 0, arg.length)) {
      throw new ReplyError(ERR_NOT_INTEGER);
    }
    return RedisNumbers.parseCanonicalLong(arg, 0, arg.length);
  }

  /** Redis: getRangeLongFromObjectOrReply with a message, which also covers a non-integer. */
  private static long rangeLong(byte[] arg, long min, long max, String error) {
    if (!RedisNumbers.isCanonicalLong(arg, 0, arg.length)) {
      throw new ReplyError(error);
    }
    long v = RedisNumbers.parseCanonicalLong(arg, 0, arg.length);
    if (v < min || v > max) {
      throw new ReplyError(error);
    }
    return v;
  }

  /** The caller's key lookup, checked: it must give a list for every key. */
  private record Keys(KeyLookup<QuickList> lookup) {
    /** Redis: notifyKeyspaceEvent(NOTIFY_LIST, event, key). */
    void event(String event, byte[] key) {
      lookup.notify(KeyLookup.NOTIFY_LIST, event, key);
    }

    /** Redis: the "del" event of a command that emptied the list (the owner deletes it). */
    void emptied(QuickList ql, byte[] key) {
      if (ql.size() == 0) {
        lookup.notify(KeyLookup.NOTIFY_GENERIC, "del", key);
      }
    }

    /** Redis: listElementsRemoved: the pop event, then "del" if emptied. */
    void removed(boolean head, QuickList ql, byte[] key) {
      event(head ? "lpop" : "rpop", key);
      emptied(ql, key);
    }

    QuickList get(byte[] key) {
      return Objects.requireNonNull(lookup.get(key), "the list of a key");
    }

    void modified(byte[] key) {
      lookup.modified(key);
    }
  }
}
