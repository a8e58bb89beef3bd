package dev.redstruct.keyspace;

import dev.redstruct.core.RedisNumbers;
import dev.redstruct.core.resp.ReplyError;
import java.nio.charset.StandardCharsets;

/** Argument parsing as Redis's getXxxFromObjectOrReply functions do it (src/object.c). */
final class Args {
  static final String ERR_NOT_INTEGER = "ERR value is not an integer or out of range";
  static final String ERR_SYNTAX = "ERR syntax error";

  private Args() {}

  /** Redis: getLongLongFromObjectOrReply (string2ll over the whole argument). */
  static long parseLong(byte[] arg) {
    if (!RedisNumbers.isCanonicalLong(arg, 0, arg.length)) {
      throw new ReplyError(ERR_NOT_INTEGER);
    }
    return RedisNumbers.parseCanonicalLong(arg, 0, arg.length);
  }

  /** Redis: getIntFromObjectOrReply; {@code msg} replaces the range error when not null. */
  static int parseInt(byte[] arg, String msg) {
    long v;
    try {
      v = parseLong(arg);
    } catch (ReplyError e) {
      throw msg == null ? e : new ReplyError(msg);
    }
    if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
      throw new ReplyError(
          msg != null
              ? msg
              : "ERR value is out of range, value must between "
                  + Integer.MIN_VALUE
                  + " and "
                  + Integer.MAX_VALUE);
    }
    return (int) v;
  }

  /** An argument as C's {@code %s} prints it: up to its first NUL byte. */
  static String cString(byte[] arg) {
    int n = 0;
    while (n < arg.length && arg[n] != 0) {
      n++;
    }
    return new String(arg, 0, n, StandardCharsets.ISO_8859_1);
  }

  /** Redis: sdsmapchars(err, "\r\n", " ") on an error text built from user input. */
  static String noNewlines(String s) {
    return s.replace('\r', ' ').replace('\n', ' ');
  }
}
