package dev.redstruct.server.script;

import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;

/**
 * LuaBitOp's {@code bit} library, as Redis ships it (deps/lua/src/lua_bit.c): 32-bit operations on
 * numbers, results as signed 32-bit numbers. {@code tobit}, {@code tohex}, {@code bnot}, {@code
 * band}, {@code bor}, {@code bxor}, {@code lshift}, {@code rshift}, {@code arshift}, {@code rol},
 * {@code ror}, {@code bswap}.
 */
final class BitLib {
  /*
   * Implementation notes. LuaBitOp converts a number to 32 bits by adding 2^52+2^51 and taking the
   * low word, which rounds to nearest-even and wraps modulo 2^32; Math.rint then a long cast gives
   * the same for every finite number up to 2^63. Shifts take their count modulo 32.
   */
  private BitLib() {}

  private interface Op {
    int apply(int a, int b);
  }

  static LuaTable create() {
    LuaTable t = new LuaTable();
    t.rawset("tobit", unary("tobit", x -> x));
    t.rawset("bnot", unary("bnot", x -> ~x));
    t.rawset("bswap", unary("bswap", Integer::reverseBytes));
    t.rawset("band", fold("band", (a, b) -> a & b));
    t.rawset("bor", fold("bor", (a, b) -> a | b));
    t.rawset("bxor", fold("bxor", (a, b) -> a ^ b));
    t.rawset("lshift", shift("lshift", (a, n) -> a << n));
    t.rawset("rshift", shift("rshift", (a, n) -> a >>> n));
    t.rawset("arshift", shift("arshift", (a, n) -> a >> n));
    t.rawset("rol", shift("rol", Integer::rotateLeft));
    t.rawset("ror", shift("ror", Integer::rotateRight));
    t.rawset("tohex", tohex());
    return t;
  }

  /** LuaBitOp's barg: a number to its 32-bit value. */
  static int bit(Varargs args, int i, String fname) {
    double d = LuaFn.number(args, i, fname);
    if (Double.isNaN(d) || Double.isInfinite(d)) {
      return 0;
    }
    return (int) (long) Math.rint(d % 4294967296.0);
  }

  private static LuaValue num(int v) {
    return LuaValue.valueOf((double) v);
  }

  private static LuaFn unary(String name, java.util.function.IntUnaryOperator f) {
    return new LuaFn(name, args -> num(f.applyAsInt(bit(args, 1, name))));
  }

  private static LuaFn fold(String name, Op op) {
    return new LuaFn(
        name,
        args -> {
          int r = bit(args, 1, name);
          for (int i = 2; i <= args.narg(); i++) {
            r = op.apply(r, bit(args, i, name));
          }
          return num(r);
        });
  }

  private static LuaFn shift(String name, Op op) {
    return new LuaFn(name, args -> num(op.apply(bit(args, 1, name), bit(args, 2, name) & 31)));
  }

  /** LuaBitOp's tohex(x [, n]): n hex digits (default 8), upper case when n is negative. */
  private static LuaFn tohex() {
    return new LuaFn(
        "tohex",
        args -> {
          int b = bit(args, 1, "tohex");
          int n = args.isnoneornil(2) ? 8 : bit(args, 2, "tohex");
          boolean upper = n < 0;
          if (upper) {
            n = -n;
          }
          if (n > 8) {
            n = 8;
          }
          String hex = String.format(upper ? "%08X" : "%08x", b);
          return LuaValue.valueOf(hex.substring(8 - n));
        });
  }
}
