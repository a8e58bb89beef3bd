package dev.redstruct.server.script;

import java.io.ByteArrayOutputStream;
import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;

/**
 * The {@code cmsgpack} library of Redis's Lua: MessagePack {@code pack}, {@code unpack}, {@code
 * unpack_one} and {@code unpack_limit}. Redis: deps/lua/src/lua_cmsgpack.c (lua-cmsgpack 0.4.0, in
 * 7.0.15).
 */
final class CmsgpackLib {
  /*
   * Implementation notes. Numbers are Lua 5.1 doubles: one that is an exact int64 packs as the
   * smallest integer format, any other as a float (when the float is exact) or a double. A table
   * whose keys are exactly 1..n packs as an array, any other as a map in the table's iteration
   * order (luaj's, which may differ from Lua 5.1's for hash keys: a known difference). Nesting
   * deeper than 16 tables packs as nil. Decoded integers become doubles, uint64 values above
   * 2^63-1 wrap to negative as Lua 5.1's lua_pushinteger does. Lengths are checked against the
   * input before anything is allocated.
   */
  private static final int MAX_NESTING = 16;

  private CmsgpackLib() {}

  static LuaTable create() {
    LuaTable t = new LuaTable();
    t.rawset("pack", new LuaFn("pack", CmsgpackLib::pack));
    t.rawset("unpack", new LuaFn("unpack", a -> unpack(a.checkstring(1), 0, 0)));
    t.rawset(
        "unpack_one", new LuaFn("unpack_one", a -> unpack(a.checkstring(1), 1, a.optlong(2, 0))));
    t.rawset(
        "unpack_limit",
        new LuaFn("unpack_limit", a -> unpack(a.checkstring(1), a.checklong(2), a.optlong(3, 0))));
    t.rawset("_NAME", "cmsgpack");
    t.rawset("_VERSION", "lua-cmsgpack 0.4.0");
    t.rawset("_COPYRIGHT", "Copyright (C) 2012, Salvatore Sanfilippo");
    t.rawset("_DESCRIPTION", "MessagePack C implementation for Lua");
    return t;
  }

  /** Redis: mp_pack. */
  private static Varargs pack(Varargs args) {
    if (args.narg() == 0) {
      throw new LuaError("bad argument #0 to 'pack' (MessagePack pack needs input.)");
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (int i = 1; i <= args.narg(); i++) {
      encode(out, args.arg(i), 0);
    }
    return LuaValue.valueOf(out.toByteArray());
  }

  /** Redis: mp_encode_lua_type. */
  private static void encode(ByteArrayOutputStream out, LuaValue v, int level) {
    switch (v.type()) {
      case LuaValue.TSTRING:
        bytes(out, LuaReplies.bytes(v));
        break;
      case LuaValue.TBOOLEAN:
        out.write(v.toboolean() ? 0xc3 : 0xc2);
        break;
      case LuaValue.TNUMBER:
        number(out, v.todouble());
        break;
      case LuaValue.TTABLE:
        if (level == MAX_NESTING) {
          out.write(0xc0);
        } else if (isArray((LuaTable) v)) {
          array(out, (LuaTable) v, level);
        } else {
          map(out, (LuaTable) v, level);
        }
        break;
      default:
        out.write(0xc0);
    }
  }

  /** Redis: mp_encode_bytes. */
  private static void bytes(ByteArrayOutputStream out, byte[] s) {
    int len = s.length;
    if (len < 32) {
      out.write(0xa0 | len);
    } else if (len <= 0xff) {
      out.write(0xd9);
      out.write(len);
    } else if (len <= 0xffff) {
      out.write(0xda);
      be(out, len, 2);
    } else {
      out.write(0xdb);
      be(out, len, 4);
    }
    out.write(s, 0, len);
  }

  /** Redis: mp_encode_lua_number (IS_INT64_EQUIVALENT), mp_encode_double. */
  private static void number(ByteArrayOutputStream out, double d) {
    boolean int64 = !Double.isInfinite(d) && d >= -0x1p63 && d < 0x1p63 && (long) d == d;
    if (int64) {
      integer(out, (long) d);
    } else if (d == (double) (float) d) {
      out.write(0xca);
      be(out, Float.floatToRawIntBits((float) d) & 0xffffffffL, 4);
    } else {
      out.write(0xcb);
      be(out, Double.doubleToRawLongBits(d), 8);
    }
  }

  /** Redis: mp_encode_int. */
  private static void integer(ByteArrayOutputStream out, long n) {
    if (n >= 0) {
      if (n <= 127) {
        out.write((int) n);
      } else if (n <= 0xff) {
        out.write(0xcc);
        out.write((int) n);
      } else if (n <= 0xffff) {
        out.write(0xcd);
        be(out, n, 2);
      } else if (n <= 0xffffffffL) {
        out.write(0xce);
        be(out, n, 4);
      } else {
        out.write(0xcf);
        be(out, n, 8);
      }
    } else if (n >= -32) {
      out.write((int) n & 0xff);
    } else if (n >= -128) {
      out.write(0xd0);
      out.write((int) n & 0xff);
    } else if (n >= -32768) {
      out.write(0xd1);
      be(out, n, 2);
    } else if (n >= Integer.MIN_VALUE) {
      out.write(0xd2);
      be(out, n, 4);
    } else {
      out.write(0xd3);
      be(out, n, 8);
    }
  }

  private static void be(ByteArrayOutputStream out, long v, int n) {
    for (int i = n - 1; i >= 0; i--) {
      out.write((int) (v >>> (8 * i)) & 0xff);
    }
  }

  /** Redis: table_is_an_array: keys exactly 1..count. */
  private static boolean isArray(LuaTable t) {
    long count = 0;
    double max = 0;
    LuaValue k = LuaValue.NIL;
    while (!(k = t.next(k).arg1()).isnil()) {
      if (k.type() != LuaValue.TNUMBER) {
        return false;
      }
      double n = k.todouble();
      if (n <= 0 || n != (int) n) {
        return false;
      }
      max = Math.max(max, n);
      count++;
    }
    return max == count;
  }

  /** Redis: mp_encode_lua_table_as_array. */
  private static void array(ByteArrayOutputStream out, LuaTable t, int level) {
    int len = t.rawlen();
    header(out, len, 0x90, 0xdc, 0xdd);
    for (int j = 1; j <= len; j++) {
      encode(out, t.get(j), level + 1);
    }
  }

  /** Redis: mp_encode_lua_table_as_map. */
  private static void map(ByteArrayOutputStream out, LuaTable t, int level) {
    int len = 0;
    LuaValue k = LuaValue.NIL;
    while (!(k = t.next(k).arg1()).isnil()) {
      len++;
    }
    header(out, len, 0x80, 0xde, 0xdf);
    k = LuaValue.NIL;
    while (true) {
      Varargs e = t.next(k);
      if ((k = e.arg1()).isnil()) {
        break;
      }
      encode(out, k, level + 1);
      encode(out, e.arg(2), level + 1);
    }
  }

  private static void header(ByteArrayOutputStream out, long n, int fix, int b16, int b32) {
    if (n <= 15) {
      out.write(fix | (int) n);
    } else if (n <= 65535) {
      out.write(b16);
      be(out, n, 2);
    } else {
      out.write(b32);
      be(out, n, 4);
    }
  }

  // ---------------------------------------------------------------- decoding

  /** A cursor over the input. Redis: mp_cur. */
  private static final class Cursor {
    final byte[] b;
    int p;

    Cursor(byte[] b, int p) {
      this.b = b;
      this.p = p;
    }

    int left() {
      return b.length - p;
    }

    void need(long n) {
      if (left() < n) {
        throw new LuaError("Missing bytes in input.");
      }
    }

    int u8(int off) {
      return b[p + off] & 0xff;
    }

    long be(int off, int n) {
      long v = 0;
      for (int i = 0; i < n; i++) {
        v = (v << 8) | u8(off + i);
      }
      return v;
    }
  }

  /** Redis: mp_unpack_full. */
  private static Varargs unpack(LuaString s, long limit, long offset) {
    byte[] b = LuaReplies.bytes(s);
    boolean all = limit == 0 && offset == 0;
    if (offset < 0 || limit < 0) {
      throw new LuaError(
          "Invalid request to unpack with offset of "
              + (int) offset
              + " and limit of "
              + b.length
              + ".");
    }
    if (offset > b.length) {
      throw new LuaError(
          "Start offset " + (int) offset + " greater than input length " + b.length + ".");
    }
    if (all) {
      limit = Integer.MAX_VALUE;
    }
    Cursor c = new Cursor(b, (int) offset);
    java.util.List<LuaValue> values = new java.util.ArrayList<>();
    for (long cnt = 0; c.left() > 0 && cnt < limit; cnt++) {
      values.add(decode(c));
    }
    if (!all) {
      values.add(0, LuaValue.valueOf(c.left() == 0 ? -1 : c.p));
    }
    return LuaValue.varargsOf(values.toArray(new LuaValue[0]));
  }

  /** Redis: mp_decode_to_lua_type. */
  private static LuaValue decode(Cursor c) {
    c.need(1);
    int t = c.u8(0);
    switch (t) {
      case 0xcc:
        return fixed(c, 1, false);
      case 0xd0:
        return fixed(c, 1, true);
      case 0xcd:
        return fixed(c, 2, false);
      case 0xd1:
        return fixed(c, 2, true);
      case 0xce:
        return fixed(c, 4, false);
      case 0xd2:
        return fixed(c, 4, true);
      case 0xcf:
      case 0xd3:
        return fixed(c, 8, true);
      case 0xc0:
        c.p++;
        return LuaValue.NIL;
      case 0xc3:
        c.p++;
        return LuaValue.TRUE;
      case 0xc2:
        c.p++;
        return LuaValue.FALSE;
      case 0xca:
        {
          c.need(5);
          float f = Float.intBitsToFloat((int) c.be(1, 4));
          c.p += 5;
          return LuaValue.valueOf((double) f);
        }
      case 0xcb:
        {
          c.need(9);
          double d = Double.longBitsToDouble(c.be(1, 8));
          c.p += 9;
          return LuaValue.valueOf(d);
        }
      case 0xd9:
        return raw(c, 1);
      case 0xda:
        return raw(c, 2);
      case 0xdb:
        return raw(c, 4);
      case 0xdc:
        return table(c, 2, true);
      case 0xdd:
        return table(c, 4, true);
      case 0xde:
        return table(c, 2, false);
      case 0xdf:
        return table(c, 4, false);
      default:
        return small(c, t);
    }
  }

  /** The formats known by their first byte's high bits: fixnums, fix raw, fix array, fix map. */
  private static LuaValue small(Cursor c, int t) {
    if ((t & 0x80) == 0) {
      c.p++;
      return LuaValue.valueOf(t);
    }
    if ((t & 0xe0) == 0xe0) {
      c.p++;
      return LuaValue.valueOf((byte) t);
    }
    if ((t & 0xe0) == 0xa0) {
      int l = t & 0x1f;
      c.need(1 + l);
      LuaValue v = LuaValue.valueOf(java.util.Arrays.copyOfRange(c.b, c.p + 1, c.p + 1 + l));
      c.p += 1 + l;
      return v;
    }
    if ((t & 0xf0) == 0x90 || (t & 0xf0) == 0x80) {
      c.p++;
      return elements(c, t & 0xf, (t & 0xf0) == 0x90);
    }
    throw new LuaError("Bad data format in input.");
  }

  /** An integer of n bytes after the type byte, signed or not (uint64 wraps, as in Lua 5.1). */
  private static LuaValue fixed(Cursor c, int n, boolean signed) {
    c.need(1 + n);
    long v = c.be(1, n);
    if (signed && n < 8) {
      v = (v << (64 - 8 * n)) >> (64 - 8 * n);
    }
    c.p += 1 + n;
    return LuaValue.valueOf((double) v);
  }

  private static LuaValue raw(Cursor c, int n) {
    c.need(1 + n);
    long l = c.be(1, n);
    c.need(1 + n + l);
    int from = c.p + 1 + n;
    LuaValue v = LuaValue.valueOf(java.util.Arrays.copyOfRange(c.b, from, from + (int) l));
    c.p = from + (int) l;
    return v;
  }

  private static LuaValue table(Cursor c, int n, boolean isArray) {
    c.need(1 + n);
    long l = c.be(1, n);
    c.p += 1 + n;
    return elements(c, l, isArray);
  }

  /** Redis: mp_decode_to_lua_array / _hash; each element needs at least one byte. */
  private static LuaValue elements(Cursor c, long len, boolean isArray) {
    LuaTable t = new LuaTable();
    for (long i = 0; i < len; i++) {
      if (isArray) {
        t.set((int) (i + 1), decode(c));
      } else {
        LuaValue k = decode(c);
        LuaValue v = decode(c);
        if (k.isnil()) {
          throw new LuaError("table index is nil");
        }
        t.set(k, v);
      }
    }
    return t;
  }
}
