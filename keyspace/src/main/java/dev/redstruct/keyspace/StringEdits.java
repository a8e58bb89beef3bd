package dev.redstruct.keyspace;

import dev.redstruct.core.longdouble.X87LongDouble;
import dev.redstruct.core.resp.ReplyError;
import dev.redstruct.core.resp.RespWriter;
import java.util.Arrays;

/**
 * The string commands that read or edit part of a value or compute with it: {@code APPEND STRLEN
 * GETRANGE SUBSTR SETRANGE INCR DECR INCRBY DECRBY INCRBYFLOAT} (src/t_string.c, Redis 7.0.15).
 * Reached through {@link StringCommands#run}, which has checked the arity.
 */
final class StringEdits {
  /*
   * Implementation notes: an edit in place (APPEND, SETRANGE) first "unshares" the value as
   * dbUnshareStringValue does: anything but a raw string is replaced by a raw copy (keeping the
   * expire time), which is how APPEND and SETRANGE make OBJECT ENCODING say raw. The numbers
   * (INCR...) always store a new value: an int, shared for 0..9999, as Redis's in-place update of
   * a private int gives the same bytes and encoding.
   */
  private StringEdits() {}

  static void run(String name, byte[][] argv, StringKeys keys, RespWriter out) {
    switch (name) {
      case "append" -> append(argv, keys, out);
      case "strlen" -> {
        RedisString v = keys.get(argv[1]);
        out.integer(v == null ? 0 : v.length());
      }
      case "getrange", "substr" -> getrange(argv, keys, out);
      case "setrange" -> setrange(argv, keys, out);
      case "incr" -> incrDecr(argv, keys, 1, out);
      case "decr" -> incrDecr(argv, keys, -1, out);
      case "incrby" -> incrDecr(argv, keys, StringCommands.parseLong(argv[2]), out);
      case "decrby" -> decrby(argv, keys, out);
      case "incrbyfloat" -> incrbyfloat(argv, keys, out);
      default -> throw new IllegalArgumentException("not a string command: " + name);
    }
  }

  /**
   * Redis: checkStringLength: size + append within proto-max-bulk-len, overflow included (the C
   * code sums as unsigned and checks for wrap-around).
   */
  static void checkStringLength(long size, long append) {
    long total = size + append;
    if (total > StringCommands.MAX_STRING || total < size || total < append) {
      throw new ReplyError("ERR string exceeds maximum allowed size (proto-max-bulk-len)");
    }
  }

  /**
   * The raw string a command may edit in place: the value itself when raw, else a raw copy stored
   * in its place (the expire time stays). Redis: dbUnshareStringValue.
   */
  static RedisString.Raw unshare(byte[] key, RedisString v, StringKeys keys) {
    if (v instanceof RedisString.Raw r) {
      return r;
    }
    byte[] b = v.toByteArray();
    RedisString.Raw r = RedisString.raw(b, b.length);
    keys.replace(key, r);
    return r;
  }

  /** Redis: appendCommand. A new key stores the argument as SET would (int/embstr/raw). */
  private static void append(byte[][] argv, StringKeys keys, RespWriter out) {
    byte[] key = argv[1];
    RedisString v = keys.get(key);
    int total;
    if (v == null) {
      RedisString created = RedisString.copyOf(argv[2]);
      keys.replace(key, created);
      total = created.length();
    } else {
      checkStringLength(v.length(), argv[2].length);
      RedisString.Raw r = unshare(key, v, keys);
      r.append(argv[2]);
      total = r.length();
    }
    keys.modified(key);
    out.integer(total);
  }

  /** Redis: getrangeCommand (SUBSTR is the same command). */
  private static void getrange(byte[][] argv, StringKeys keys, RespWriter out) {
    long start = StringCommands.parseLong(argv[2]);
    long end = StringCommands.parseLong(argv[3]);
    RedisString v = keys.get(argv[1]);
    if (v == null) {
      out.bulk(new byte[0]);
      return;
    }
    byte[] s = v.bytesForRead();
    long n = s.length;
    if (start < 0 && end < 0 && start > end) {
      out.bulk(new byte[0]);
      return;
    }
    if (start < 0) {
      start += n;
    }
    if (end < 0) {
      end += n;
    }
    start = Math.max(start, 0);
    end = Math.max(end, 0);
    if (end >= n) { // the C code compares as unsigned: the same, end being >= 0 here
      end = n - 1;
    }
    if (start > end || n == 0) {
      out.bulk(new byte[0]);
    } else {
      out.bulk(Arrays.copyOfRange(s, (int) start, (int) end + 1));
    }
  }

  /** Redis: setrangeCommand. */
  private static void setrange(byte[][] argv, StringKeys keys, RespWriter out) {
    long offset = StringCommands.parseLong(argv[2]); // getLongFromObjectOrReply: long is 64-bit
    if (offset < 0) {
      throw new ReplyError("ERR offset is out of range");
    }
    byte[] key = argv[1];
    byte[] value = argv[3];
    RedisString v = keys.get(key);
    RedisString.Raw r;
    if (v == null) {
      if (value.length == 0) {
        out.integer(0);
        return;
      }
      checkStringLength(offset, value.length);
      r = RedisString.raw(new byte[(int) offset + value.length], (int) offset + value.length);
      keys.replace(key, r);
    } else {
      if (value.length == 0) {
        out.integer(v.length());
        return;
      }
      checkStringLength(offset, value.length);
      r = unshare(key, v, keys);
    }
    r.setRange((int) offset, value);
    keys.modified(key);
    out.integer(r.length());
  }

  /** Redis: incrDecrCommand. */
  private static void incrDecr(byte[][] argv, StringKeys keys, long incr, RespWriter out) {
    byte[] key = argv[1];
    RedisString v = keys.get(key);
    long old = longValue(v);
    if ((incr < 0 && old < 0 && incr < Long.MIN_VALUE - old)
        || (incr > 0 && old > 0 && incr > Long.MAX_VALUE - old)) {
      throw new ReplyError("ERR increment or decrement would overflow");
    }
    long value = old + incr;
    keys.replace(key, RedisString.ofLong(value));
    keys.modified(key);
    out.integer(value);
  }

  /** Redis: getLongLongFromObjectOrReply on a stored value (missing reads as 0). */
  private static long longValue(RedisString v) {
    if (v == null) {
      return 0;
    }
    if (v instanceof RedisString.Int i) {
      return i.value;
    }
    return StringCommands.parseLong(v.bytesForRead());
  }

  /** Redis: decrbyCommand: negating LLONG_MIN would overflow. */
  private static void decrby(byte[][] argv, StringKeys keys, RespWriter out) {
    long incr = StringCommands.parseLong(argv[2]);
    if (incr == Long.MIN_VALUE) {
      throw new ReplyError("ERR decrement would overflow");
    }
    incrDecr(argv, keys, -incr, out);
  }

  /**
   * Redis: incrbyfloatCommand: the stored value, then the increment (both string2ld; an int value
   * exactly), the x87 sum (no NaN or infinity; an infinite increment is accepted and then fails
   * here), stored as createStringObjectFromLongDouble(humanfriendly) stores it: embstr or raw,
   * never int, with the expire time kept.
   */
  private static void incrbyfloat(byte[][] argv, StringKeys keys, RespWriter out) {
    byte[] key = argv[1];
    RedisString v = keys.get(key);
    X87LongDouble value;
    if (v == null) {
      value = X87LongDouble.of(0);
    } else if (v instanceof RedisString.Int i) {
      value = X87LongDouble.of(i.value);
    } else {
      value = X87LongDouble.parse(v.bytesForRead());
    }
    X87LongDouble incr = value == null ? null : X87LongDouble.parse(argv[2]);
    if (incr == null) {
      throw new ReplyError("ERR value is not a valid float");
    }
    X87LongDouble sum = value.add(incr);
    if (sum == null || sum.isInfinite()) {
      throw new ReplyError("ERR increment would produce NaN or Infinity");
    }
    byte[] text = sum.toHumanBytes();
    keys.replace(key, RedisString.embstrOrRaw(text));
    keys.propagateAs(Propagation.SET, key, text, Propagation.KEEPTTL); // Redis: float-exact
    keys.modified(key);
    out.bulk(text);
  }
}
