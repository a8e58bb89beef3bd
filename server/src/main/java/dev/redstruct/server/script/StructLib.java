package dev.redstruct.server.script;

import java.io.ByteArrayOutputStream;
import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;

/**
 * Roberto Ierusalimschy's {@code struct} library as Redis ships it (deps/lua/src/lua_struct.c):
 * {@code pack(fmt, ...)}, {@code unpack(fmt, s [, pos])}, {@code size(fmt)} with the options {@code
 * > < = !n} (endianness, alignment), {@code b B h H l L T i[n] I[n]} (integers, sizes of x86-64
 * Linux: 1, 2, 8, 8, n up to 32), {@code f d}, {@code c[n] s x} and spaces.
 */
final class StructLib {
  /*
   * Implementation notes. The native order is little-endian and the default alignment 1, as on the
   * x86-64 machines Redis runs on. Integers are carried as doubles (Lua 5.1 numbers): pack converts
   * through a signed 64-bit value for negative numbers, unpack sign-extends lower-case formats.
   */
  private StructLib() {}

  private static final class Format {
    final byte[] f;
    int i;
    boolean little = true;
    int align = 1;

    Format(byte[] f) {
      this.f = f;
    }

    int num(int dflt) {
      if (i >= f.length || f[i] < '0' || f[i] > '9') {
        return dflt;
      }
      int a = 0;
      while (i < f.length && f[i] >= '0' && f[i] <= '9') {
        a = a * 10 + (f[i++] - '0');
      }
      return a;
    }

    int size(int opt) {
      switch (opt) {
        case 'b':
        case 'B':
        case 'x':
          return 1;
        case 'h':
        case 'H':
          return 2;
        case 'l':
        case 'L':
        case 'T':
        case 'd':
          return 8;
        case 'f':
          return 4;
        case 'c':
          return num(1);
        case 'i':
        case 'I':
          {
            int sz = num(4);
            if (sz > 32) {
              throw new LuaError("integral size " + sz + " is larger than limit of 32");
            }
            return sz;
          }
        default:
          return 0;
      }
    }

    int toAlign(long len, int opt, int size) {
      if (size == 0 || opt == 'c') {
        return 0;
      }
      int s = Math.min(size, align);
      return (int) ((s - (len & (s - 1))) & (s - 1));
    }

    void control(int opt, String fname) {
      switch (opt) {
        case ' ':
          return;
        case '>':
          little = false;
          return;
        case '<':
        case '=':
          little = true;
          return;
        case '!':
          {
            int a = num(8);
            if (Integer.bitCount(a) != 1) {
              throw new LuaError("alignment " + a + " is not a power of 2");
            }
            align = a;
            return;
          }
        default:
          throw LuaFn.badArg(1, fname, "invalid format option '" + (char) opt + "'");
      }
    }
  }

  static LuaTable create() {
    LuaTable t = new LuaTable();
    t.rawset("pack", new LuaFn("pack", StructLib::pack));
    t.rawset("unpack", new LuaFn("unpack", StructLib::unpack));
    t.rawset("size", new LuaFn("size", StructLib::size));
    return t;
  }

  private static Varargs pack(Varargs args) {
    Format h = new Format(LuaReplies.bytes(LuaFn.string(args, 1, "pack")));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int arg = 2;
    long total = 0;
    while (h.i < h.f.length) {
      int opt = h.f[h.i++];
      int size = h.size(opt);
      int pad = h.toAlign(total, opt, size);
      total += pad;
      for (int k = 0; k < pad; k++) {
        out.write(0);
      }
      switch (opt) {
        case 'b', 'B', 'h', 'H', 'l', 'L', 'T', 'i', 'I' -> {
          double n = LuaFn.number(args, arg++, "pack");
          long v = n < 0 ? (long) n : (n >= 0x1p63 ? (long) (n - 0x1p64) : (long) n);
          writeInt(out, v, size, h.little);
        }
        case 'x' -> out.write(0);
        case 'f' ->
            writeInt(
                out,
                Float.floatToRawIntBits((float) LuaFn.number(args, arg++, "pack")),
                4,
                h.little);
        case 'd' ->
            writeInt(
                out, Double.doubleToRawLongBits(LuaFn.number(args, arg++, "pack")), 8, h.little);
        case 'c', 's' -> {
          byte[] s = LuaReplies.bytes(LuaFn.string(args, arg++, "pack"));
          if (size == 0) {
            size = s.length;
          }
          if (s.length < size) {
            throw LuaFn.badArg(arg, "pack", "string too short");
          }
          out.write(s, 0, size);
          if (opt == 's') {
            out.write(0);
            size++;
          }
        }
        default -> h.control(opt, "pack");
      }
      total += size;
    }
    return LuaValue.valueOf(out.toByteArray());
  }

  private static void writeInt(ByteArrayOutputStream out, long v, int size, boolean little) {
    byte[] b = new byte[size];
    for (int k = 0; k < size; k++) {
      b[little ? k : size - 1 - k] = k < 8 ? (byte) (v >>> (8 * k)) : (byte) (v < 0 ? 0xff : 0);
    }
    out.write(b, 0, size);
  }

  private static Varargs unpack(Varargs args) {
    Format h = new Format(LuaReplies.bytes(LuaFn.string(args, 1, "unpack")));
    byte[] data = LuaReplies.bytes(LuaFn.string(args, 2, "unpack"));
    long pos = args.optlong(3, 1);
    if (pos <= 0) {
      throw LuaFn.badArg(3, "unpack", "offset must be 1 or greater");
    }
    pos--;
    java.util.List<LuaValue> results = new java.util.ArrayList<>();
    while (h.i < h.f.length) {
      int opt = h.f[h.i++];
      int size = h.size(opt);
      pos += h.toAlign(pos, opt, size);
      if (size > data.length || pos > data.length - size) {
        throw LuaFn.badArg(2, "unpack", "data string too short");
      }
      int p = (int) pos;
      switch (opt) {
        case 'b', 'B', 'h', 'H', 'l', 'L', 'T', 'i', 'I' ->
            results.add(
                LuaValue.valueOf(readInt(data, p, size, h.little, Character.isLowerCase(opt))));
        case 'x' -> {}
        case 'f' ->
            results.add(
                LuaValue.valueOf(
                    (double) Float.intBitsToFloat((int) readBits(data, p, 4, h.little))));
        case 'd' ->
            results.add(LuaValue.valueOf(Double.longBitsToDouble(readBits(data, p, 8, h.little))));
        case 'c' -> {
          if (size == 0) {
            if (results.isEmpty() || !results.get(results.size() - 1).isnumber()) {
              throw new LuaError("format 'c0' needs a previous size");
            }
            size = results.remove(results.size() - 1).toint();
            if (size > data.length || pos > data.length - size) {
              throw LuaFn.badArg(2, "unpack", "data string too short");
            }
          }
          results.add(LuaValue.valueOf(java.util.Arrays.copyOfRange(data, p, p + size)));
        }
        case 's' -> {
          int e = p;
          while (e < data.length && data[e] != 0) {
            e++;
          }
          if (e >= data.length) {
            throw new LuaError("unfinished string in data");
          }
          size = e - p + 1;
          results.add(LuaValue.valueOf(java.util.Arrays.copyOfRange(data, p, e)));
        }
        default -> h.control(opt, "unpack");
      }
      pos += size;
    }
    results.add(LuaValue.valueOf((double) (pos + 1)));
    return LuaValue.varargsOf(results.toArray(new LuaValue[0]));
  }

  private static long readBits(byte[] d, int p, int size, boolean little) {
    long v = 0;
    for (int k = size - 1; k >= 0; k--) {
      v = (v << 8) | (d[p + (little ? k : size - 1 - k)] & 0xff);
    }
    return v;
  }

  private static double readInt(byte[] d, int p, int size, boolean little, boolean signed) {
    long v = 0;
    for (int k = Math.min(size, 8) - 1; k >= 0; k--) {
      v = (v << 8) | (d[p + (little ? k : size - 1 - k)] & 0xff);
    }
    if (signed && size < 8) {
      int shift = 64 - 8 * size;
      v = (v << shift) >> shift;
    }
    if (!signed && v < 0 && size >= 8) {
      return (double) (v >>> 1) * 2 + (v & 1);
    }
    return (double) v;
  }

  private static Varargs size(Varargs args) {
    Format h = new Format(LuaReplies.bytes(LuaFn.string(args, 1, "size")));
    long pos = 0;
    while (h.i < h.f.length) {
      int opt = h.f[h.i++];
      int size = h.size(opt);
      pos += h.toAlign(pos, opt, size);
      if (opt == 's') {
        throw LuaFn.badArg(1, "size", "option 's' has no fixed size");
      } else if (opt == 'c' && size == 0) {
        throw LuaFn.badArg(1, "size", "option 'c0' has no fixed size");
      }
      if (size == 0 && opt != 'c') {
        h.control(opt, "size");
      }
      pos += size;
    }
    return LuaValue.valueOf((double) pos);
  }
}
