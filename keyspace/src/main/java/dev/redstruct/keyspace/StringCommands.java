package dev.redstruct.keyspace;

import dev.redstruct.core.RedisNumbers;
import dev.redstruct.core.resp.RedisWords;
import dev.redstruct.core.resp.ReplyError;
import dev.redstruct.core.resp.RespWriter;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Objects;

/**
 * The Redis face of the string type: the string commands of Redis 7.0.15 given their argument byte
 * strings exactly as a client sends them, answered with the reply bytes Redis would send (RESP2 or
 * RESP3, as the writer speaks), error texts included: {@code GET SET SETNX SETEX PSETEX GETDEL
 * GETEX GETSET MSET MSETNX MGET APPEND STRLEN GETRANGE SUBSTR SETRANGE INCR DECR INCRBY DECRBY
 * INCRBYFLOAT LCS}.
 *
 * <p>The keys are the caller's, through {@link StringKeys} (the keyspace, or a test's map): the
 * commands look keys up, store, delete and set expire times through it, in Redis's order, so {@code
 * WRONGTYPE}, {@code WATCH} and expiry behave as in Redis. A command checks its arguments in
 * Redis's order (the arity of {@code src/commands/*.json}, then its own order in {@code
 * src/t_string.c}); an error is thrown as {@link ReplyError} before anything changes.
 *
 * <p>{@code INCRBYFLOAT} computes with the x87 80-bit {@code long double} of Redis on x86-64 Linux,
 * digit for digit (core's {@code X87LongDouble}, shared with {@code HINCRBYFLOAT}). Limits as Redis
 * by default: strings up to 512 MB ({@code proto-max-bulk-len}); {@code LCS} refuses a table larger
 * than 512 MB as Redis does. Not thread-safe; null arguments get a {@link NullPointerException}.
 */
public final class StringCommands {
  /*
   * Implementation notes: one method per command, named after its t_string.c function (the
   * range and number commands live in StringEdits, LCS in Lcs). The expire option parsing is
   * parseExtendedStringArgumentsOrReply and getExpireMillisecondsOrReply, shared by SET and GETEX.
   */
  static final String ERR_SYNTAX = "ERR syntax error";
  static final String ERR_NOT_INTEGER = "ERR value is not an integer or out of range";

  /** proto-max-bulk-len's default: the largest string a command may build. */
  static final long MAX_STRING = 512L * 1024 * 1024;

  // parseExtendedStringArgumentsOrReply's flags (t_string.c OBJ_*)
  static final int NX = 1;
  static final int XX = 1 << 1;
  static final int EX = 1 << 2;
  static final int PX = 1 << 3;
  static final int KEEPTTL = 1 << 4;
  static final int GET = 1 << 5;
  static final int EXAT = 1 << 6;
  static final int PXAT = 1 << 7;
  static final int PERSIST = 1 << 8;
  private static final int ANY_EXPIRE = EX | PX | EXAT | PXAT;

  private StringCommands() {}

  /**
   * Executes one string command and returns its reply bytes, e.g. {@code "+OK\r\n"}, {@code
   * "$-1\r\n"} or {@code "-ERR syntax error\r\n"}.
   *
   * @param argv the command name and its arguments
   * @param keys the keys
   * @param protocol 2 or 3
   * @return the reply bytes
   * @throws IllegalArgumentException if {@code argv} is empty or names another command
   */
  public static byte[] execute(byte[][] argv, StringKeys keys, int protocol) {
    Objects.requireNonNull(argv, "argv");
    Objects.requireNonNull(keys, "keys");
    for (byte[] a : argv) {
      Objects.requireNonNull(a, "argv[i]");
    }
    if (argv.length == 0) {
      throw new IllegalArgumentException("empty command");
    }
    String name = new String(argv[0], StandardCharsets.ISO_8859_1).toLowerCase(Locale.ROOT);
    RespWriter out = new RespWriter(protocol);
    try {
      run(name, argv, keys, out);
    } catch (ReplyError e) {
      return new RespWriter(protocol).error(e.getMessage()).toByteArray();
    }
    return out.toByteArray();
  }

  /**
   * The arity of a string, bit or {@code PF*} command in Redis's convention ({@code n}: exactly n
   * arguments with the name; {@code -n}: at least n), or 0 when {@code name} is not one of them.
   *
   * @param name the command name in lower case
   * @return the arity, or 0
   */
  public static int arity(String name) {
    return switch (name) {
      case "get", "getdel", "strlen", "incr", "decr" -> 2;
      case "setnx", "getset", "append", "incrby", "decrby", "incrbyfloat", "getbit" -> 3;
      case "setex", "psetex", "getrange", "substr", "setrange", "setbit" -> 4;
      case "set", "lcs", "mset", "msetnx", "bitpos" -> -3;
      case "getex", "mget", "bitcount", "bitfield", "bitfield_ro" -> -2;
      case "pfadd", "pfcount", "pfmerge" -> -2;
      case "pfdebug" -> 3;
      case "pfselftest" -> 1;
      case "bitop" -> -4;
      default -> 0;
    };
  }

  /**
   * Runs one command whose name the caller has already lower-cased (the keyspace's command table),
   * checking its arity, and writes the reply.
   *
   * @param name the command name in lower case, one {@link #arity} knows
   * @param argv the command name and its arguments
   * @param keys the keys
   * @param out receives the reply
   * @throws ReplyError for Redis's error replies (nothing changed)
   * @throws IllegalArgumentException if {@code name} is not a string command
   */
  public static void run(String name, byte[][] argv, StringKeys keys, RespWriter out) {
    int arity = arity(name);
    if (arity == 0) {
      throw new IllegalArgumentException("not a string command: " + name);
    }
    if ((arity > 0 && argv.length != arity) || (arity < 0 && argv.length < -arity)) {
      throw arityError(name);
    }
    switch (name) {
      case "get" -> get(argv, keys, out);
      case "set" -> set(argv, keys, out);
      case "setnx" -> setGeneric(NX, argv[1], argv[2], -1, "setnx", argv, keys, out);
      case "setex" -> setGeneric(EX, argv[1], argv[3], 2, "setex", argv, keys, out);
      case "psetex" -> setGeneric(PX, argv[1], argv[3], 2, "psetex", argv, keys, out);
      case "getdel" -> getdel(argv, keys, out);
      case "getex" -> getex(argv, keys, out);
      case "getset" -> getset(argv, keys, out);
      case "mset" -> mset(argv, keys, out, false);
      case "msetnx" -> mset(argv, keys, out, true);
      case "mget" -> mget(argv, keys, out);
      case "lcs" -> Lcs.lcs(argv, keys, out);
      case "setbit", "getbit", "bitcount", "bitpos", "bitop", "bitfield", "bitfield_ro" ->
          BitCommands.run(name, argv, keys, out);
      case "pfadd", "pfcount", "pfmerge", "pfdebug", "pfselftest" ->
          HllCommands.run(name, argv, keys, out);
      default -> StringEdits.run(name, argv, keys, out);
    }
  }

  static ReplyError arityError(String name) {
    return new ReplyError("ERR wrong number of arguments for '" + name + "' command");
  }

  /** Redis: string2ll through getLongLongFromObjectOrReply. */
  static long parseLong(byte[] arg) {
    if (!RedisNumbers.isCanonicalLong(arg, 0, arg.length)) {
      throw new ReplyError(ERR_NOT_INTEGER);
    }
    return RedisNumbers.parseCanonicalLong(arg, 0, arg.length);
  }

  // ---------------------------------------------------------------- GET

  /**
   * GET's reply for one key: nil when missing, the bulk otherwise. Redis: getGenericCommand.
   *
   * @param argv the command and its arguments
   * @param keys the keys
   * @param out receives the reply
   * @throws ReplyError WRONGTYPE
   */
  public static void get(byte[][] argv, StringKeys keys, RespWriter out) {
    RedisString v = keys.get(argv[1]);
    if (v == null) {
      out.nullReply();
    } else {
      v.writeBulk(out);
    }
  }

  /** Redis: getdelCommand. */
  private static void getdel(byte[][] argv, StringKeys keys, RespWriter out) {
    get(argv, keys, out);
    if (keys.delete(argv[1])) {
      keys.propagateAs(Propagation.DEL, argv[1]);
      keys.modified(argv[1]);
    }
  }

  /** Redis: getsetCommand (setKey without KEEPTTL: the expire time goes). */
  private static void getset(byte[][] argv, StringKeys keys, RespWriter out) {
    get(argv, keys, out);
    keys.set(argv[1], RedisString.copyOf(argv[2]), false);
    keys.propagateAs(Propagation.SET, argv[1], argv[2]);
  }

  /** Redis: mgetCommand: a key of another type reads as nil, not as an error. */
  private static void mget(byte[][] argv, StringKeys keys, RespWriter out) {
    out.arrayHeader(argv.length - 1);
    for (int j = 1; j < argv.length; j++) {
      RedisString v;
      try {
        v = keys.get(argv[j]);
      } catch (ReplyError wrongType) {
        v = null;
      }
      if (v == null) {
        out.nullReply();
      } else {
        v.writeBulk(out);
      }
    }
  }

  // ---------------------------------------------------------------- SET family

  /** Redis: setCommand: the options, then setGenericCommand. */
  private static void set(byte[][] argv, StringKeys keys, RespWriter out) {
    int[] parsed = parseExtended(argv, true);
    setGeneric(parsed[0], argv[1], argv[2], parsed[1], "set", argv, keys, out);
  }

  /**
   * Redis: setGenericCommand. flags: the OBJ_* options; expireArg: the index of the expire argument
   * or -1; name: the command, for the expire error.
   */
  private static void setGeneric(
      int flags,
      byte[] key,
      byte[] value,
      int expireArg,
      String name,
      byte[][] argv,
      StringKeys keys,
      RespWriter out) {
    long when = expireArg < 0 ? 0 : expireMillis(argv[expireArg], flags, name, keys);
    if ((flags & GET) != 0) {
      RedisString old = keys.getForRead(key); // Redis: getGenericCommand, lookupKeyRead
      if (old == null) {
        out.nullReply();
      } else {
        old.writeBulk(out);
      }
    }
    boolean found = keys.exists(key);
    if (((flags & NX) != 0 && found) || ((flags & XX) != 0 && !found)) {
      if ((flags & GET) == 0) {
        if (name.equals("setnx")) {
          out.integer(0);
        } else {
          out.nullReply();
        }
      }
      return;
    }
    keys.setLookedUp(key, RedisString.copyOf(value), (flags & KEEPTTL) != 0);
    if (expireArg >= 0) {
      keys.setExpire(key, when);
      // Redis: propagated as SET key value PXAT ms, whatever the options
      keys.propagateAs(Propagation.SET, key, value, Propagation.PXAT, RedisNumbers.ll2string(when));
    } else if ((flags & GET) != 0) {
      keys.propagateAs(withoutGet(argv)); // Redis: propagated without the GET arguments
    }
    if ((flags & GET) == 0) {
      if (name.equals("setnx")) {
        out.integer(1);
      } else {
        out.simple("OK");
      }
    }
  }

  /** SET's arguments without its GET options (from the fourth on, any case, C string compare). */
  private static byte[][] withoutGet(byte[][] argv) {
    java.util.List<byte[]> kept = new java.util.ArrayList<>(argv.length);
    for (int j = 0; j < argv.length; j++) {
      byte[] a = argv[j];
      boolean get =
          j >= 3
              && a.length >= 3
              && (a[0] | 0x20) == 'g'
              && (a[1] | 0x20) == 'e'
              && (a[2] | 0x20) == 't'
              && (a.length == 3 || a[3] == 0);
      if (!get) {
        kept.add(a);
      }
    }
    return kept.toArray(new byte[0][]);
  }

  /**
   * Redis: parseExtendedStringArgumentsOrReply. Returns {flags, index of the expire argument or
   * -1}. Options are compared up to their first NUL byte, as C strings.
   */
  static int[] parseExtended(byte[][] argv, boolean forSet) {
    int flags = 0;
    int expireArg = -1;
    for (int j = forSet ? 3 : 2; j < argv.length; j++) {
      byte[] opt = argv[j];
      boolean next = j < argv.length - 1;
      int f;
      if (forSet && RedisWords.is(opt, "nx") && (flags & XX) == 0) {
        f = NX;
      } else if (forSet && RedisWords.is(opt, "xx") && (flags & NX) == 0) {
        f = XX;
      } else if (forSet && RedisWords.is(opt, "get")) {
        f = GET;
      } else if (forSet && RedisWords.is(opt, "keepttl") && (flags & (PERSIST | ANY_EXPIRE)) == 0) {
        f = KEEPTTL;
      } else if (!forSet
          && RedisWords.is(opt, "persist")
          && (flags & (ANY_EXPIRE | KEEPTTL)) == 0) {
        f = PERSIST;
      } else if ((f = expireOption(opt)) != 0
          && next
          && (flags & (KEEPTTL | PERSIST | (ANY_EXPIRE & ~f))) == 0) {
        expireArg = ++j;
      } else {
        throw new ReplyError(ERR_SYNTAX);
      }
      flags |= f;
    }
    return new int[] {flags, expireArg};
  }

  private static int expireOption(byte[] opt) {
    if (RedisWords.is(opt, "ex")) {
      return EX;
    }
    if (RedisWords.is(opt, "px")) {
      return PX;
    }
    if (RedisWords.is(opt, "exat")) {
      return EXAT;
    }
    return RedisWords.is(opt, "pxat") ? PXAT : 0;
  }

  /** Redis: getExpireMillisecondsOrReply: an absolute time in ms. */
  static long expireMillis(byte[] arg, int flags, String name, StringKeys keys) {
    long ms = parseLong(arg);
    boolean seconds = (flags & (EX | EXAT)) != 0;
    if (ms <= 0 || (seconds && ms > Long.MAX_VALUE / 1000)) {
      throw expireError(name);
    }
    if (seconds) {
      ms *= 1000;
    }
    if ((flags & (EX | PX)) != 0) {
      ms += keys.now(); // wraps as the C addition does on x86-64; caught just below
    }
    if (ms <= 0) {
      throw expireError(name);
    }
    return ms;
  }

  private static ReplyError expireError(String name) {
    return new ReplyError("ERR invalid expire time in '" + name + "' command");
  }

  /** Redis: getexCommand. */
  private static void getex(byte[][] argv, StringKeys keys, RespWriter out) {
    int[] parsed = parseExtended(argv, false);
    int flags = parsed[0];
    RedisString v = keys.get(argv[1]);
    if (v == null) {
      out.nullReply();
      return;
    }
    long when = parsed[1] < 0 ? 0 : expireMillis(argv[parsed[1]], flags, "getex", keys);
    v.writeBulk(out);
    byte[] key = argv[1];
    if ((flags & (EXAT | PXAT)) != 0 && when <= keys.now()) {
      keys.delete(key); // checkAlreadyExpired: an absolute time in the past deletes the key
      keys.propagateAs(Propagation.DEL, key);
      keys.modified(key);
    } else if (parsed[1] >= 0) {
      keys.setExpire(key, when);
      keys.propagateAs(Propagation.PEXPIREAT, key, RedisNumbers.ll2string(when));
      keys.modified(key);
    } else if ((flags & PERSIST) != 0 && keys.persist(key)) {
      keys.propagateAs(Propagation.PERSIST, key);
      keys.modified(key);
    }
  }

  /** Redis: msetGenericCommand. */
  private static void mset(byte[][] argv, StringKeys keys, RespWriter out, boolean nx) {
    if (argv.length % 2 == 0) {
      throw arityError(nx ? "msetnx" : "mset");
    }
    if (nx) {
      for (int j = 1; j < argv.length; j += 2) {
        if (keys.exists(argv[j])) {
          out.integer(0);
          return;
        }
      }
    }
    for (int j = 1; j < argv.length; j += 2) {
      keys.set(argv[j], RedisString.copyOf(argv[j + 1]), false);
    }
    if (nx) {
      out.integer(1);
    } else {
      out.simple("OK");
    }
  }
}
