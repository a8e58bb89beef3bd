package dev.redstruct.bitfield;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Random bit-command streams for the differential test: valid commands of every form, plus bad
 * arguments (non-integers, out-of-range offsets and bits, bad types, bad units, wrong counts).
 * Writes stay below {@link #LARGE_BITS} so memory stays small; reads may use any offset.
 */
final class CommandGenerator {
  static final String[] KEYS = {"k0", "k1", "k2", "k3", "missing"};
  static final long SMALL_BITS = 1 << 16;
  static final long LARGE_BITS = 1L << 24;

  private final SplittableRandom rnd;

  CommandGenerator(long seed) {
    rnd = new SplittableRandom(seed);
  }

  static byte[] b(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  private String key() {
    // "missing" is only ever read or used as a BITOP source, so it stays absent unless BITOP writes
    return KEYS[rnd.nextInt(KEYS.length - 1)];
  }

  private String anyKey() {
    return KEYS[rnd.nextInt(KEYS.length)];
  }

  private boolean chance(int percent) {
    return rnd.nextInt(100) < percent;
  }

  /** A bit offset for writes: mostly small, rarely a few MB. */
  long writeOffset() {
    if (rnd.nextInt(2000) == 0) {
      return rnd.nextLong(LARGE_BITS);
    }
    if (chance(30)) {
      return rnd.nextLong(512);
    }
    return rnd.nextLong(SMALL_BITS);
  }

  /** An offset argument, sometimes invalid; reads may be huge. */
  String offsetArg(boolean write) {
    int r = rnd.nextInt(100);
    if (r < 3) {
      String[] bad = {
        "-1", "4294967296", "abc", "+5", "05", "", " 1", "-0", "99999999999999999999"
      };
      return bad[rnd.nextInt(bad.length)];
    }
    if (r < 6 && !write) {
      String[] huge = {
        "4294967295", "4294967288", "536870912", Long.toString(rnd.nextLong(1L << 32))
      };
      return huge[rnd.nextInt(huge.length)];
    }
    return Long.toString(writeOffset());
  }

  String integerArg() {
    int r = rnd.nextInt(100);
    if (r < 2) {
      String[] bad = {"x", "1.5", "", "+1", "01", "9223372036854775808"};
      return bad[rnd.nextInt(bad.length)];
    }
    if (r < 10) {
      return Long.toString(rnd.nextLong());
    }
    if (r < 15) {
      String[] edge = {"9223372036854775807", "-9223372036854775808", "4294967296", "-4294967296"};
      return edge[rnd.nextInt(edge.length)];
    }
    return Long.toString(rnd.nextInt(-300, 300));
  }

  /** A range index for BITCOUNT/BITPOS: small, negative, or huge. */
  String indexArg() {
    int r = rnd.nextInt(100);
    if (r < 2) {
      return chance(50) ? "x" : "1e3";
    }
    if (r < 8) {
      return Long.toString(rnd.nextLong());
    }
    if (r < 50) {
      return Long.toString(rnd.nextInt(-80, 80));
    }
    return Long.toString(rnd.nextInt(-10000, 10000));
  }

  String unitArg() {
    String[] units = {"BIT", "BYTE", "bit", "byte", "Bit", "bits", "x"};
    return units[rnd.nextInt(units.length)];
  }

  byte[][] next() {
    int r = rnd.nextInt(100);
    if (r < 20) {
      return setbit();
    }
    if (r < 30) {
      return cmd("GETBIT", anyKey(), offsetArg(false));
    }
    if (r < 42) {
      return bitcount();
    }
    if (r < 56) {
      return bitpos();
    }
    if (r < 64) {
      return bitop();
    }
    if (r < 90) {
      return bitfield();
    }
    if (r < 97) {
      return set();
    }
    if (r < 98) {
      return cmd(chance(50) ? "STRLEN" : "DEL", anyKey());
    }
    return chance(50) ? arityError() : unknownCommand();
  }

  /**
   * A command Redis does not have, with arguments holding NUL, CR and LF and lists that reach the
   * 128-byte cap of the error text (issue 14 item 13). Names start with "nocmd" so that no random
   * suffix spells a real command.
   */
  private byte[][] unknownCommand() {
    byte[][] c = new byte[1 + rnd.nextInt(5)][];
    c[0] = concat(b("nocmd"), randomText(rnd.nextInt(chance(10) ? 140 : 8)));
    for (int i = 1; i < c.length; i++) {
      c[i] = randomText(rnd.nextInt(chance(30) ? 150 : 12));
    }
    return c;
  }

  private byte[] randomText(int n) {
    // ASCII only: testkit's client decodes error lines as UTF-8, which would hide a byte > 0x7f
    // (BitmapKeyspaceTest checks those against bytes the server sent)
    byte[] special = {0, '\r', '\n', '\'', ' ', 0x7f};
    byte[] out = new byte[n];
    for (int i = 0; i < n; i++) {
      out[i] = chance(10) ? special[rnd.nextInt(special.length)] : (byte) ('a' + rnd.nextInt(26));
    }
    return out;
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  private byte[][] setbit() {
    String value =
        chance(97) ? (chance(50) ? "1" : "0") : new String[] {"2", "-1", "x", "01"}[rnd.nextInt(4)];
    return cmd("SETBIT", key(), offsetArg(true), value);
  }

  private byte[][] bitcount() {
    String k = anyKey();
    switch (rnd.nextInt(6)) {
      case 0:
        return cmd("BITCOUNT", k);
      case 1:
        return cmd("BITCOUNT", k, indexArg(), indexArg());
      case 2:
      case 3:
        return cmd("BITCOUNT", k, indexArg(), indexArg(), unitArg());
      case 4:
        return cmd("BITCOUNT", k, indexArg());
      default:
        return cmd("BITCOUNT", k, indexArg(), indexArg(), "BIT", "x");
    }
  }

  private byte[][] bitpos() {
    String k = anyKey();
    String bit =
        chance(96) ? (chance(50) ? "1" : "0") : new String[] {"2", "-1", "x"}[rnd.nextInt(3)];
    switch (rnd.nextInt(6)) {
      case 0:
        return cmd("BITPOS", k, bit);
      case 1:
        return cmd("BITPOS", k, bit, indexArg());
      case 2:
        return cmd("BITPOS", k, bit, indexArg(), indexArg());
      case 3:
      case 4:
        return cmd("BITPOS", k, bit, indexArg(), indexArg(), unitArg());
      default:
        return cmd("BITPOS", k, bit, indexArg(), indexArg(), "BIT", "x");
    }
  }

  private byte[][] bitop() {
    String[] ops = {"AND", "OR", "XOR", "NOT", "and", "Or", "xor", "not", "NAND"};
    String op = ops[rnd.nextInt(ops.length)];
    boolean not = op.equalsIgnoreCase("not");
    int n = not ? (chance(90) ? 1 : 2) : 1 + rnd.nextInt(4);
    List<String> args = new ArrayList<>(List.of("BITOP", op, key()));
    for (int i = 0; i < n; i++) {
      args.add(anyKey());
    }
    return cmd(args.toArray(new String[0]));
  }

  private String typeArg() {
    if (chance(3)) {
      String[] bad = {"u64", "i65", "u0", "i0", "U8", "I8", "u08", "x8", "i", "u-1", ""};
      return bad[rnd.nextInt(bad.length)];
    }
    boolean signed = chance(50);
    int bits;
    int r = rnd.nextInt(100);
    if (r < 40) {
      bits = new int[] {1, 4, 8, 16, 32}[rnd.nextInt(5)];
    } else if (r < 55) {
      bits = signed ? 64 : 63;
    } else {
      bits = 1 + rnd.nextInt(signed ? 64 : 63);
    }
    return (signed ? "i" : "u") + bits;
  }

  private String fieldOffsetArg(String type, boolean write) {
    int bits = 8;
    if (type.length() > 1 && (type.charAt(0) == 'i' || type.charAt(0) == 'u')) {
      try {
        bits = Math.max(1, Integer.parseInt(type.substring(1)));
      } catch (NumberFormatException e) {
        bits = 8;
      }
    }
    int r = rnd.nextInt(100);
    if (r < 25) {
      return "#" + rnd.nextLong(SMALL_BITS / Math.min(64, bits));
    }
    if (r < 28) {
      // #N whose product wraps in 64 bits, or turns negative
      long n = chance(50) ? (Long.MIN_VALUE / 4) + rnd.nextInt(100) : rnd.nextLong();
      if (write && !writeSafe(n * bits)) {
        return "#0";
      }
      return "#" + n;
    }
    if (r < 29) {
      return new String[] {"#", "#-1", "#x", "##1"}[rnd.nextInt(4)];
    }
    String plain = offsetArg(write);
    return plain;
  }

  private static boolean writeSafe(long offset) {
    return offset < 0 || offset > Bitmap.MAX_BIT_OFFSET || offset < LARGE_BITS;
  }

  private byte[][] bitfield() {
    boolean ro = chance(15);
    List<String> args =
        new ArrayList<>(List.of(ro ? "BITFIELD_RO" : "BITFIELD", ro ? anyKey() : key()));
    int ops = rnd.nextInt(5);
    for (int i = 0; i < ops; i++) {
      int r = rnd.nextInt(100);
      String type = typeArg();
      if (r < 35 || (ro && r < 90)) {
        args.add(chance(50) ? "GET" : "get");
        args.add(type);
        args.add(fieldOffsetArg(type, false));
      } else if (r < 60) {
        args.add(chance(50) ? "SET" : "set");
        args.add(type);
        args.add(fieldOffsetArg(type, true));
        args.add(fieldValue(type));
      } else if (r < 85) {
        args.add(chance(50) ? "INCRBY" : "incrby");
        args.add(type);
        args.add(fieldOffsetArg(type, true));
        args.add(fieldValue(type));
      } else if (r < 97) {
        args.add("OVERFLOW");
        String[] modes = {"WRAP", "SAT", "FAIL", "wrap", "sat", "fail", "saturate"};
        args.add(modes[rnd.nextInt(modes.length)]);
      } else {
        args.add(new String[] {"GETT", "get", "SET", "OVERFLOW"}[rnd.nextInt(4)]);
      }
    }
    if (chance(2)) {
      args.add("extra");
    }
    return cmd(args.toArray(new String[0]));
  }

  /** Values near the type's limits, or any long. */
  private String fieldValue(String type) {
    int r = rnd.nextInt(100);
    if (r < 40 && type.length() > 1) {
      try {
        int bits = Integer.parseInt(type.substring(1));
        if (bits >= 1 && bits <= 64) {
          long max =
              type.charAt(0) == 'u'
                  ? (bits == 64 ? -1 : (1L << bits) - 1)
                  : (bits == 64 ? Long.MAX_VALUE : (1L << (bits - 1)) - 1);
          long min = type.charAt(0) == 'u' ? 0 : -max - 1;
          long base = chance(50) ? max : min;
          return Long.toString(base + rnd.nextInt(-2, 3));
        }
      } catch (NumberFormatException e) {
        // fall through
      }
    }
    return integerArg();
  }

  private byte[][] set() {
    int r = rnd.nextInt(100);
    String k = key();
    if (r < 10) {
      return cmd("SET", k, Long.toString(rnd.nextInt(-1000, 100000)));
    }
    byte[] v = new byte[rnd.nextInt(r < 90 ? 40 : 300)];
    int fill = rnd.nextInt(4);
    for (int i = 0; i < v.length; i++) {
      v[i] = (byte) (fill == 0 ? 0xFF : fill == 1 ? 0 : rnd.nextInt(256));
    }
    return new byte[][] {b("SET"), b(k), v};
  }

  private byte[][] arityError() {
    String[][] bad = {
      {"SETBIT", "k0", "1"},
      {"GETBIT", "k0"},
      {"BITCOUNT"},
      {"BITPOS", "k0"},
      {"BITOP", "AND", "d"},
      {"BITFIELD"},
      {"BITFIELD_RO"},
      {"GET"},
      {"STRLEN"},
      {"SET", "k0"},
      {"GETBIT", "k0", "1", "2"}
    };
    return cmd(bad[rnd.nextInt(bad.length)]);
  }

  static byte[][] cmd(String... args) {
    byte[][] out = new byte[args.length][];
    for (int i = 0; i < args.length; i++) {
      out[i] = b(args[i]);
    }
    return out;
  }
}
