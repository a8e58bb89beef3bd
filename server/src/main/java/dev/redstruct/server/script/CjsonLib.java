package dev.redstruct.server.script;

import java.io.ByteArrayOutputStream;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaUserdata;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;

/**
 * The {@code cjson} library as Redis ships it (deps/lua/src/lua_cjson.c, default settings): {@code
 * encode} (numbers as {@code %.14g}, {@code /} escaped, a table whose keys are the integers 1..n an
 * array, an empty table {@code {}}, sparse arrays refused past ratio 2 and 10 elements), {@code
 * decode} (JSON to tables, {@code null} to {@code cjson.null}), {@code cjson.null}, and the
 * settings {@code encode_max_depth}, {@code decode_max_depth}, {@code encode_invalid_numbers},
 * {@code encode_number_precision}, {@code encode_sparse_array} (kept per Lua world, as Redis keeps
 * them until {@code SCRIPT FLUSH}); {@code encode_keep_buffer} and {@code decode_invalid_numbers}
 * are accepted and change nothing.
 */
final class CjsonLib {
  /*
   * Implementation notes. Encoding walks the value as json_append_data does, depth-limited to
   * 1000. Decoding is a recursive-descent parser over the bytes with cjson's error texts ("Expected
   * value but found T_END at character 1"); \\u escapes become UTF-8, pairs of surrogates one code
   * point.
   */
  static final LuaUserdata NULL = new LuaUserdata(new Object());

  private int encodeMaxDepth = 1000;
  private int decodeMaxDepth = 1000;
  private int invalidNumbers; // 0 refuse, 1 write nan/inf, 2 write null
  private int precision = 14;
  private boolean sparseConvert;
  private int sparseRatio = 2;
  private int sparseSafe = 10;

  private CjsonLib() {}

  static LuaTable create() {
    CjsonLib c = new CjsonLib();
    LuaTable t = new LuaTable();
    t.rawset("encode", new LuaFn("encode", c::encode));
    t.rawset("decode", new LuaFn("decode", c::decode));
    t.rawset("null", NULL);
    t.rawset("_NAME", "cjson");
    t.rawset("_VERSION", "2.1.0");
    t.rawset(
        "encode_max_depth",
        new LuaFn(
            "encode_max_depth",
            a ->
                LuaValue.valueOf(
                    c.encodeMaxDepth = intOption(a, 1, c.encodeMaxDepth, 1, Integer.MAX_VALUE))));
    t.rawset(
        "decode_max_depth",
        new LuaFn(
            "decode_max_depth",
            a ->
                LuaValue.valueOf(
                    c.decodeMaxDepth = intOption(a, 1, c.decodeMaxDepth, 1, Integer.MAX_VALUE))));
    t.rawset(
        "encode_number_precision",
        new LuaFn(
            "encode_number_precision",
            a -> LuaValue.valueOf(c.precision = intOption(a, 1, c.precision, 1, 14))));
    t.rawset(
        "encode_invalid_numbers", new LuaFn("encode_invalid_numbers", c::invalidNumbersOption));
    t.rawset("encode_sparse_array", new LuaFn("encode_sparse_array", c::sparseOption));
    t.rawset("encode_keep_buffer", new LuaFn("encode_keep_buffer", a -> LuaValue.TRUE));
    t.rawset("decode_invalid_numbers", new LuaFn("decode_invalid_numbers", a -> LuaValue.TRUE));
    return t;
  }

  /** cjson's json_integer_option: sets when given, answers the value. */
  private static int intOption(Varargs a, int i, int current, int min, int max) {
    if (a.isnoneornil(i)) {
      return current;
    }
    double d = LuaFn.number(a, i, "?");
    if (d < min || d > max || d != Math.floor(d)) {
      throw LuaFn.badArg(i, "?", "expected integer between " + min + " and " + max);
    }
    return (int) d;
  }

  private Varargs invalidNumbersOption(Varargs a) {
    LuaValue v = a.arg1();
    if (v.isboolean()) {
      invalidNumbers = v.toboolean() ? 1 : 0;
    } else if (!v.isnil()) {
      String s = v.tojstring();
      int k = java.util.List.of("off", "on", "null").indexOf(s);
      if (k < 0) {
        throw LuaFn.badArg(1, "?", "invalid option '" + s + "'");
      }
      invalidNumbers = k;
    }
    return invalidNumbers == 2 ? LuaValue.valueOf("null") : LuaValue.valueOf(invalidNumbers == 1);
  }

  private Varargs sparseOption(Varargs a) {
    if (a.arg1().isboolean()) {
      sparseConvert = a.arg1().toboolean();
    }
    sparseRatio = intOption(a, 2, sparseRatio, 0, Integer.MAX_VALUE);
    sparseSafe = intOption(a, 3, sparseSafe, 0, Integer.MAX_VALUE);
    return LuaValue.varargsOf(
        LuaValue.valueOf(sparseConvert),
        LuaValue.valueOf(sparseRatio),
        LuaValue.valueOf(sparseSafe));
  }

  private Varargs encode(Varargs args) {
    if (args.narg() != 1) {
      throw LuaFn.badArg(1, "encode", "expected 1 argument");
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    append(out, args.arg1(), 0);
    return LuaValue.valueOf(out.toByteArray());
  }

  private void append(ByteArrayOutputStream out, LuaValue v, int depth) {
    switch (v.type()) {
      case LuaValue.TSTRING:
        string(out, LuaReplies.bytes(v));
        break;
      case LuaValue.TNUMBER:
        number(out, v);
        break;
      case LuaValue.TBOOLEAN:
        ascii(out, v.toboolean() ? "true" : "false");
        break;
      case LuaValue.TNIL:
        ascii(out, "null");
        break;
      case LuaValue.TTABLE:
        if (depth + 1 > encodeMaxDepth) {
          throw new LuaError("Cannot serialise, excessive nesting (" + (depth + 1) + ")");
        }
        table(out, (LuaTable) v, depth + 1);
        break;
      default:
        if (v == NULL) {
          ascii(out, "null");
          break;
        }
        throw new LuaError("Cannot serialise " + v.typename() + ": type not supported");
    }
  }

  private void table(ByteArrayOutputStream out, LuaTable t, int depth) {
    int len = arrayLength(t);
    if (len > 0) {
      out.write('[');
      for (int i = 1; i <= len; i++) {
        if (i > 1) {
          out.write(',');
        }
        append(out, t.rawget(i), depth);
      }
      out.write(']');
      return;
    }
    out.write('{');
    boolean comma = false;
    for (LuaValue k = LuaValue.NIL; ; ) {
      Varargs e = t.next(k);
      if ((k = e.arg1()).isnil()) {
        break;
      }
      if (comma) {
        out.write(',');
      }
      comma = true;
      if (k.type() == LuaValue.TNUMBER) {
        out.write('"');
        number(out, k);
        ascii(out, "\":");
      } else if (k.type() == LuaValue.TSTRING) {
        string(out, LuaReplies.bytes(k));
        out.write(':');
      } else {
        throw new LuaError(
            "Cannot serialise " + k.typename() + ": table key must be a number or string");
      }
      append(out, e.arg(2), depth);
    }
    out.write('}');
  }

  /** cjson's lua_array_length: the largest key if all keys are integers >= 1, else -1. */
  private int arrayLength(LuaTable t) {
    double max = 0;
    int items = 0;
    for (LuaValue k = LuaValue.NIL; ; ) {
      Varargs e = t.next(k);
      if ((k = e.arg1()).isnil()) {
        break;
      }
      if (k.type() != LuaValue.TNUMBER) {
        return -1;
      }
      double d = k.todouble();
      if (d != Math.floor(d) || d < 1) {
        return -1;
      }
      max = Math.max(max, d);
      items++;
    }
    if (sparseRatio > 0 && max > (double) items * sparseRatio && max > sparseSafe) {
      if (!sparseConvert) {
        throw new LuaError("Cannot serialise table: excessively sparse array");
      }
      return -1;
    }
    return (int) max;
  }

  private void number(ByteArrayOutputStream out, LuaValue v) {
    double d = v.todouble();
    if (Double.isNaN(d) || Double.isInfinite(d)) {
      if (invalidNumbers == 0) {
        throw new LuaError("Cannot serialise number: must not be NaN or Inf");
      }
      ascii(out, invalidNumbers == 2 ? "null" : Double.isNaN(d) ? "nan" : d > 0 ? "inf" : "-inf");
      return;
    }
    ascii(out, formatG(d, precision));
  }

  /** C's {@code %.14g}, as Lua 5.1 prints numbers and cjson encodes them. */
  static String formatG14(double d) {
    return formatG(d, 14);
  }

  /** C's {@code %.<p>g}. */
  static String formatG(double d, int p) {
    if (Double.isNaN(d)) {
      return "nan";
    }
    if (Double.isInfinite(d)) {
      return d > 0 ? "inf" : "-inf";
    }
    if (d == 0) {
      return 1 / d < 0 ? "-0" : "0";
    }
    BigDecimal bd = new BigDecimal(d).round(new MathContext(p, RoundingMode.HALF_EVEN));
    int exp = bd.precision() - bd.scale() - 1;
    if (exp < -4 || exp >= p) {
      BigDecimal m = bd.movePointLeft(exp).stripTrailingZeros();
      String ms = m.toPlainString();
      return ms + "e" + (exp < 0 ? "-" : "+") + (Math.abs(exp) < 10 ? "0" : "") + Math.abs(exp);
    }
    return bd.stripTrailingZeros().toPlainString();
  }

  private static void string(ByteArrayOutputStream out, byte[] b) {
    out.write('"');
    for (byte x : b) {
      int c = x & 0xff;
      switch (c) {
        case '"':
          ascii(out, "\\\"");
          break;
        case '\\':
          ascii(out, "\\\\");
          break;
        case '/':
          ascii(out, "\\/");
          break;
        case '\b':
          ascii(out, "\\b");
          break;
        case '\t':
          ascii(out, "\\t");
          break;
        case '\n':
          ascii(out, "\\n");
          break;
        case '\f':
          ascii(out, "\\f");
          break;
        case '\r':
          ascii(out, "\\r");
          break;
        default:
          if (c < 0x20 || c == 0x7f) {
            ascii(out, String.format("\\u%04x", c));
          } else {
            out.write(c);
          }
      }
    }
    out.write('"');
  }

  private static void ascii(ByteArrayOutputStream out, String s) {
    out.writeBytes(s.getBytes(StandardCharsets.ISO_8859_1));
  }

  private Varargs decode(Varargs args) {
    if (args.narg() != 1) {
      throw LuaFn.badArg(1, "decode", "expected 1 argument");
    }
    byte[] b = LuaReplies.bytes(LuaFn.string(args, 1, "decode"));
    Decoder d = new Decoder(b, decodeMaxDepth);
    LuaValue v = d.value(0);
    d.skipSpace();
    if (d.pos < b.length) {
      d.fail("the end");
    }
    return v;
  }

  /** cjson's json_process_value and friends. */
  private static final class Decoder {
    final byte[] in;
    final int maxDepth;
    int pos;

    Decoder(byte[] in, int maxDepth) {
      this.in = in;
      this.maxDepth = maxDepth;
    }

    void skipSpace() {
      while (pos < in.length
          && (in[pos] == ' ' || in[pos] == '\t' || in[pos] == '\n' || in[pos] == '\r')) {
        pos++;
      }
    }

    String tokenName() {
      if (pos >= in.length) {
        return "T_END";
      }
      switch (in[pos]) {
        case '{':
          return "T_OBJ_BEGIN";
        case '}':
          return "T_OBJ_END";
        case '[':
          return "T_ARR_BEGIN";
        case ']':
          return "T_ARR_END";
        case ':':
          return "T_COLON";
        case ',':
          return "T_COMMA";
        case '"':
          return "T_STRING";
        default:
          return (in[pos] >= '0' && in[pos] <= '9') || in[pos] == '-'
              ? "T_NUMBER"
              : "invalid token";
      }
    }

    void fail(String expected) {
      throw new LuaError(
          "Expected " + expected + " but found " + tokenName() + " at character " + (pos + 1));
    }

    LuaValue value(int depth) {
      skipSpace();
      if (pos >= in.length) {
        fail("value");
      }
      byte c = in[pos];
      if (c == '{' || c == '[') {
        if (depth + 1 > maxDepth) {
          throw new LuaError(
              "Found too many nested data structures ("
                  + (depth + 1)
                  + ") at character "
                  + (pos + 1));
        }
        return c == '{' ? object(depth + 1) : array(depth + 1);
      }
      if (c == '"') {
        return LuaValue.valueOf(string());
      }
      if (c == '-' || (c >= '0' && c <= '9')) {
        return number();
      }
      if (word("true")) {
        return LuaValue.TRUE;
      }
      if (word("false")) {
        return LuaValue.FALSE;
      }
      if (word("null")) {
        return NULL;
      }
      fail("value");
      return LuaValue.NIL;
    }

    boolean word(String w) {
      byte[] b = w.getBytes(StandardCharsets.US_ASCII);
      if (in.length - pos < b.length) {
        return false;
      }
      for (int i = 0; i < b.length; i++) {
        if (in[pos + i] != b[i]) {
          return false;
        }
      }
      pos += b.length;
      return true;
    }

    LuaValue number() {
      int start = pos;
      while (pos < in.length && "+-0123456789.eExXabcdefABCDEFinftyINFTYn".indexOf(in[pos]) >= 0) {
        pos++;
      }
      String s = new String(in, start, pos - start, StandardCharsets.US_ASCII);
      try {
        return LuaValue.valueOf(Double.parseDouble(s));
      } catch (NumberFormatException e) {
        pos = start;
        throw new LuaError("Expected value but found invalid number at character " + (start + 1));
      }
    }

    LuaTable object(int depth) {
      pos++;
      LuaTable t = new LuaTable();
      skipSpace();
      if (pos < in.length && in[pos] == '}') {
        pos++;
        return t;
      }
      while (true) {
        skipSpace();
        if (pos >= in.length || in[pos] != '"') {
          fail("object key string");
        }
        LuaValue k = LuaValue.valueOf(string());
        skipSpace();
        if (pos >= in.length || in[pos] != ':') {
          fail("colon");
        }
        pos++;
        t.rawset(k, value(depth));
        skipSpace();
        if (pos < in.length && in[pos] == '}') {
          pos++;
          return t;
        }
        if (pos >= in.length || in[pos] != ',') {
          fail("comma or object end");
        }
        pos++;
      }
    }

    LuaTable array(int depth) {
      pos++;
      LuaTable t = new LuaTable();
      skipSpace();
      if (pos < in.length && in[pos] == ']') {
        pos++;
        return t;
      }
      for (int i = 1; ; i++) {
        t.rawset(i, value(depth));
        skipSpace();
        if (pos < in.length && in[pos] == ']') {
          pos++;
          return t;
        }
        if (pos >= in.length || in[pos] != ',') {
          fail("comma or array end");
        }
        pos++;
      }
    }

    byte[] string() {
      int start = pos;
      pos++;
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      while (true) {
        if (pos >= in.length) {
          pos = start;
          throw new LuaError("Expected value but found invalid string at character " + (start + 1));
        }
        int c = in[pos++] & 0xff;
        if (c == '"') {
          return out.toByteArray();
        }
        if (c != '\\') {
          out.write(c);
          continue;
        }
        if (pos >= in.length) {
          continue;
        }
        int e = in[pos++];
        switch (e) {
          case 'b':
            out.write('\b');
            break;
          case 't':
            out.write('\t');
            break;
          case 'n':
            out.write('\n');
            break;
          case 'f':
            out.write('\f');
            break;
          case 'r':
            out.write('\r');
            break;
          case 'u':
            unicode(out, start);
            break;
          case '"':
          case '\\':
          case '/':
            out.write(e);
            break;
          default:
            pos = start;
            throw new LuaError(
                "Expected value but found invalid escape code at character " + (start + 1));
        }
      }
    }

    private int hex4(int start) {
      if (in.length - pos < 4) {
        pos = start;
        throw new LuaError(
            "Expected value but found invalid unicode escape code at character " + (start + 1));
      }
      String s = new String(in, pos, 4, StandardCharsets.US_ASCII);
      pos += 4;
      try {
        return Integer.parseInt(s, 16);
      } catch (NumberFormatException x) {
        pos = start;
        throw new LuaError(
            "Expected value but found invalid unicode escape code at character " + (start + 1));
      }
    }

    private void unicode(ByteArrayOutputStream out, int start) {
      int cp = hex4(start);
      if (cp >= 0xD800
          && cp <= 0xDBFF
          && in.length - pos >= 6
          && in[pos] == '\\'
          && in[pos + 1] == 'u') {
        pos += 2;
        int lo = hex4(start);
        cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
      }
      out.writeBytes(new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8));
    }
  }
}
