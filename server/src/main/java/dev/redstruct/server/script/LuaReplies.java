package dev.redstruct.server.script;

import dev.redstruct.core.RedisNumbers;
import dev.redstruct.core.resp.RespWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;

/**
 * Redis's type conversions between replies and Lua values, both ways. Redis:
 * redisProtocolToLuaType_* and luaReplyToRedisReply, src/script_lua.c (7.0.15).
 *
 * <p>Reply to Lua: integer to number, bulk to string, null bulk/null array to false, array to
 * table, status to {@code {ok=...}}, error to {@code {err=...}}; RESP3 map to {@code {map={...}}},
 * set to {@code {set={k=true}}}, double to {@code {double=n}}, big number to {@code
 * {big_number="..."}}, verbatim to {@code {verbatim_string={format=,string=}}}, null to nil,
 * boolean to boolean; attributes are skipped.
 *
 * <p>Lua to reply: string to bulk, number to integer (truncated), boolean to {@code :1}/null (or a
 * RESP3 boolean after {@code redis.setresp(3)}), a table to an error, status, double, big number,
 * verbatim, map or set by its one field, else to an array of its elements up to the first nil;
 * anything else to null.
 */
final class LuaReplies {
  /*
   * Implementation notes. The reader trusts its input as Redis's does (the bytes come from our own
   * command code), but stays inside the array: a malformed reply ends as a Lua error, never an
   * index exception. Table fields are looked up raw, as Redis uses lua_rawget.
   */
  private final byte[] in;
  private int pos;

  private LuaReplies(byte[] in) {
    this.in = in;
  }

  /** Whether a reply is an error at its top level. */
  static boolean isError(byte[] reply) {
    return reply.length > 0 && reply[0] == '-';
  }

  /** The Lua value of one reply. Redis: redisProtocolToLuaType. */
  static LuaValue toLua(byte[] reply) {
    LuaReplies r = new LuaReplies(reply);
    return r.value();
  }

  private LuaValue value() {
    byte type = next();
    switch (type) {
      case ':':
        return LuaValue.valueOf((double) Long.parseLong(line()));
      case '$':
        return bulkOrFalse();
      case '+':
        return single("ok", LuaValue.valueOf(lineBytes()));
      case '-':
        pos--;
        return countedErrorTable(lineBytes());
      case '*':
        return arrayOrFalse();
      case '%':
        return map();
      case '~':
        return set();
      case '_':
        line();
        return LuaValue.NIL;
      case '#':
        return LuaValue.valueOf(line().equals("t"));
      case ',':
        return single("double", LuaValue.valueOf(parseDouble(line())));
      case '(':
        return single("big_number", LuaValue.valueOf(lineBytes()));
      case '=':
        return verbatim();
      case '|':
        return attributeThenValue();
      case '>':
        return array(Integer.parseInt(line()));
      default:
        throw new org.luaj.vm2.LuaError("malformed reply from a command");
    }
  }

  private LuaValue bulkOrFalse() {
    int n = Integer.parseInt(line());
    if (n < 0) {
      return LuaValue.FALSE;
    }
    byte[] b = take(n);
    pos += 2;
    return LuaValue.valueOf(b);
  }

  private LuaValue arrayOrFalse() {
    int n = Integer.parseInt(line());
    return n < 0 ? LuaValue.FALSE : array(n);
  }

  private LuaValue array(int n) {
    LuaTable t = new LuaTable(Math.min(n, 1024), 0);
    for (int i = 1; i <= n; i++) {
      t.rawset(i, value());
    }
    return t;
  }

  private LuaValue map() {
    int n = Integer.parseInt(line());
    LuaTable m = new LuaTable();
    for (int i = 0; i < n; i++) {
      LuaValue k = value();
      LuaValue v = value();
      if (!k.isnil()) {
        m.rawset(k, v);
      }
    }
    return single("map", m);
  }

  private LuaValue set() {
    int n = Integer.parseInt(line());
    LuaTable s = new LuaTable();
    for (int i = 0; i < n; i++) {
      LuaValue k = value();
      if (!k.isnil()) {
        s.rawset(k, LuaValue.TRUE);
      }
    }
    return single("set", s);
  }

  private LuaValue verbatim() {
    int n = Integer.parseInt(line());
    byte[] b = take(n);
    pos += 2;
    LuaTable v = new LuaTable();
    v.rawset("string", LuaValue.valueOf(Arrays.copyOfRange(b, Math.min(4, b.length), b.length)));
    v.rawset("format", LuaValue.valueOf(Arrays.copyOf(b, Math.min(3, b.length))));
    return single("verbatim_string", v);
  }

  private LuaValue attributeThenValue() {
    int n = Integer.parseInt(line());
    for (int i = 0; i < 2 * n; i++) {
      value();
    }
    return value();
  }

  private static double parseDouble(String s) {
    switch (s) {
      case "inf":
        return Double.POSITIVE_INFINITY;
      case "-inf":
        return Double.NEGATIVE_INFINITY;
      case "nan":
        return Double.NaN;
      default:
        return Double.parseDouble(s);
    }
  }

  private byte next() {
    if (pos >= in.length) {
      throw new org.luaj.vm2.LuaError("truncated reply from a command");
    }
    return in[pos++];
  }

  private byte[] take(int n) {
    if (n > in.length - pos) {
      throw new org.luaj.vm2.LuaError("truncated reply from a command");
    }
    byte[] b = Arrays.copyOfRange(in, pos, pos + n);
    pos += n;
    return b;
  }

  private byte[] lineBytes() {
    int start = pos;
    while (pos < in.length && in[pos] != '\r') {
      pos++;
    }
    byte[] b = Arrays.copyOfRange(in, start, pos);
    pos += 2;
    return b;
  }

  private String line() {
    return new String(lineBytes(), StandardCharsets.ISO_8859_1);
  }

  private static LuaTable single(String field, LuaValue v) {
    LuaTable t = new LuaTable();
    t.rawset(field, v);
    return t;
  }

  /**
   * The {@code {err=...}} table of an error reply or message. Redis: luaPushErrorBuff: a text that
   * starts with {@code -} carries its code up to the first space (or is all message, code {@code
   * ERR}); any other text gets the code {@code ERR}; trailing CR/LF are trimmed.
   */
  static LuaTable errorTable(byte[] text) {
    String s = new String(text, StandardCharsets.ISO_8859_1);
    String code;
    String msg;
    if (s.startsWith("-")) {
      int sp = s.indexOf(' ');
      code = sp < 0 ? "ERR" : s.substring(1, sp);
      msg = sp < 0 ? s.substring(1) : s.substring(sp + 1);
    } else {
      code = "ERR";
      msg = s;
    }
    msg = trimCrLf(msg);
    return single(
        "err", LuaValue.valueOf((code + " " + msg).getBytes(StandardCharsets.ISO_8859_1)));
  }

  /** An {@code {err="ERR msg"}} table, as luaPushError builds from a message without a code. */
  /**
   * The field Redis sets on the error table of a command's error (redisProtocolToLuaType_Error,
   * luaRedisGenericCommand): the error was counted in the error stats when the command replied, so
   * a script that ends with it does not count it again.
   */
  static final String COUNTED = "ignore_error_stats_update";

  /** An error table marked {@link #COUNTED}. */
  static LuaTable countedErrorTable(byte[] text) {
    LuaTable t = errorTable(text);
    t.rawset(COUNTED, LuaValue.TRUE);
    return t;
  }

  /**
   * Whether a value is an error table marked {@link #COUNTED}. Redis: luaExtractErrorInformation.
   */
  static boolean isCountedError(LuaValue v) {
    if (!v.istable()) {
      return false;
    }
    LuaValue counted = v.rawget(COUNTED); // raw: a metatable's __index may raise
    return v.rawget("err").type() == LuaValue.TSTRING
        && counted.type() == LuaValue.TBOOLEAN
        && counted.toboolean();
  }

  static LuaTable errorTable(String msg) {
    return errorTable(msg.getBytes(StandardCharsets.ISO_8859_1));
  }

  /** Redis: sdstrim(s, "\r\n"): CR and LF removed from both ends. */
  static String trimCrLf(String s) {
    int a = 0;
    int b = s.length();
    while (a < b && (s.charAt(a) == '\r' || s.charAt(a) == '\n')) {
      a++;
    }
    while (b > a && (s.charAt(b - 1) == '\r' || s.charAt(b - 1) == '\n')) {
      b--;
    }
    return s.substring(a, b);
  }

  // ---------------------------------------------------------------- Lua to reply

  /**
   * Writes a script's result. Redis: luaReplyToRedisReply.
   *
   * @param out the writer, in the caller's protocol
   * @param v the value
   * @param scriptResp the protocol the script last asked for (booleans depend on it)
   */
  static void toReply(RespWriter out, LuaValue v, int scriptResp) {
    toReply(out, v, scriptResp, 0);
  }

  /**
   * How many tables deep a reply may nest: Redis's conversion needs Lua stack slots per level and
   * answers "reached lua stack limit" in place of the table that finds none (measured on 7.0.15: a
   * table that holds itself gives 7995 arrays, then the error).
   */
  static final int MAX_DEPTH = 7995;

  private static void toReply(RespWriter out, LuaValue v, int scriptResp, int depth) {
    switch (v.type()) {
      case LuaValue.TSTRING:
        out.bulk(bytes(v));
        return;
      case LuaValue.TBOOLEAN:
        if (scriptResp == 2) {
          if (v.toboolean()) {
            out.integer(1);
          } else {
            out.nullReply();
          }
        } else {
          out.bool(v.toboolean());
        }
        return;
      case LuaValue.TNUMBER:
        out.integer(toLongLong(v.todouble()));
        return;
      case LuaValue.TTABLE:
        if (depth >= MAX_DEPTH) {
          out.error("ERR reached lua stack limit");
        } else {
          tableToReply(out, (LuaTable) v, scriptResp, depth);
        }
        return;
      default:
        out.nullReply();
    }
  }

  /** C's (long long) cast of a double on x86-64: out of range and NaN give LLONG_MIN. */
  static long toLongLong(double d) {
    if (Double.isNaN(d) || d >= 9.223372036854775807E18 || d < -9.223372036854775808E18) {
      return Long.MIN_VALUE;
    }
    return (long) d;
  }

  private static void tableToReply(RespWriter out, LuaTable t, int scriptResp, int depth) {
    LuaValue err = t.rawget("err");
    if (err.type() == LuaValue.TSTRING) {
      out.error(sanitizeError(cString(bytes(err))).substring(1));
      return;
    }
    LuaValue ok = t.rawget("ok");
    if (ok.type() == LuaValue.TSTRING) {
      out.simple(noNewlines(cString(bytes(ok))));
      return;
    }
    LuaValue dbl = t.rawget("double");
    if (dbl.type() == LuaValue.TNUMBER) {
      out.doubleReply(dbl.todouble());
      return;
    }
    LuaValue big = t.rawget("big_number");
    if (big.type() == LuaValue.TSTRING) {
      out.bigNumber(noNewlines(latin1(bytes(big))).getBytes(StandardCharsets.ISO_8859_1));
      return;
    }
    if (verbatim(out, t.rawget("verbatim_string"))) {
      return;
    }
    LuaValue map = t.rawget("map");
    if (map.istable()) {
      pairs(out, (LuaTable) map, scriptResp, true, depth + 1);
      return;
    }
    LuaValue set = t.rawget("set");
    if (set.istable()) {
      pairs(out, (LuaTable) set, scriptResp, false, depth + 1);
      return;
    }
    int n = 0;
    while (!t.rawget(n + 1).isnil()) {
      n++;
    }
    out.arrayHeader(n);
    for (int i = 1; i <= n; i++) {
      toReply(out, t.rawget(i), scriptResp, depth + 1);
    }
  }

  private static boolean verbatim(RespWriter out, LuaValue vs) {
    if (!vs.istable()) {
      return false;
    }
    LuaValue format = vs.rawget("format");
    LuaValue string = vs.rawget("string");
    if (format.type() != LuaValue.TSTRING || string.type() != LuaValue.TSTRING) {
      return false;
    }
    out.verbatim(bytes(string), latin1(bytes(format)));
    return true;
  }

  private static void pairs(
      RespWriter out, LuaTable t, int scriptResp, boolean withValues, int depth) {
    int n = 0;
    for (LuaValue k = LuaValue.NIL; ; ) {
      Varargs e = t.next(k);
      if ((k = e.arg1()).isnil()) {
        break;
      }
      n++;
    }
    if (withValues) {
      out.mapHeader(n);
    } else {
      out.setHeader(n);
    }
    for (LuaValue k = LuaValue.NIL; ; ) {
      Varargs e = t.next(k);
      if ((k = e.arg1()).isnil()) {
        break;
      }
      toReply(out, k, scriptResp, depth);
      if (withValues) {
        toReply(out, e.arg(2), scriptResp, depth);
      }
    }
  }

  /**
   * Redis: addReplyErrorFormat(c, "-%s", msg): the text up to a NUL, CR/LF trimmed from the ends
   * and replaced by spaces inside; returns it with its leading {@code -}.
   */
  static String sanitizeError(String msg) {
    return noNewlines(trimCrLf("-" + msg));
  }

  /** Redis: sdsmapchars(s, "\r\n", " "). */
  static String noNewlines(String s) {
    return s.replace('\r', ' ').replace('\n', ' ');
  }

  /** A C string's view of bytes: up to the first NUL. */
  static String cString(byte[] b) {
    int n = 0;
    while (n < b.length && b[n] != 0) {
      n++;
    }
    return new String(b, 0, n, StandardCharsets.ISO_8859_1);
  }

  static String latin1(byte[] b) {
    return new String(b, StandardCharsets.ISO_8859_1);
  }

  /** The bytes of a Lua string (or of a number's string form). */
  static byte[] bytes(LuaValue v) {
    org.luaj.vm2.LuaString s = v.checkstring();
    byte[] b = new byte[s.m_length];
    s.copyInto(0, b, 0, b.length);
    return b;
  }

  /** Formats a number argument of redis.call as Redis does: {@code %.17g}. */
  static byte[] numberArgument(double d) {
    if (Double.isNaN(d)) {
      return "nan".getBytes(StandardCharsets.US_ASCII);
    }
    return RedisNumbers.formatDoubleBytes(d);
  }
}
