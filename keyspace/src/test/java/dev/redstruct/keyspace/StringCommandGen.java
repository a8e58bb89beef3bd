package dev.redstruct.keyspace;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * Seeded random string, bit and PF* commands over a small key set, good and bad arguments mixed,
 * for StringCommandsRedisIT. Keys {@code s0..s4} take every command; {@code h0..h2} hold
 * HyperLogLogs and take only the commands whose verdict on an HLL both sides agree on (PF*, reads,
 * whole-value writes, header-byte edits), because Redis finds a corrupt sparse body lazily and this
 * project eagerly (see HllCommands); nothing copies an HLL into an s key (BITOP reads s keys only),
 * so no s key holds an HLL header that byte edits could leave with a corrupt body. Expire times are
 * far in the past or the future, so no clock race decides a reply.
 */
final class StringCommandGen {
  static final String[] S = {"s0", "s1", "s2", "s3", "s4"};
  static final String[] H = {"h0", "h1", "h2"};

  private final Random rnd;
  private final MapStringKeys model;

  StringCommandGen(long seed, MapStringKeys model) {
    this.rnd = new Random(seed);
    this.model = model;
  }

  static byte[] b(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  static byte[][] cmd(Object... parts) {
    byte[][] c = new byte[parts.length][];
    for (int i = 0; i < parts.length; i++) {
      c[i] = parts[i] instanceof byte[] a ? a : b(parts[i].toString());
    }
    return c;
  }

  private boolean chance(int percent) {
    return rnd.nextInt(100) < percent;
  }

  private String pick(String... xs) {
    return xs[rnd.nextInt(xs.length)];
  }

  String sKey() {
    return pick(S);
  }

  String anyKey() {
    return chance(75) ? pick(S) : pick(H);
  }

  /** Upper/lower case variants of an option word. */
  private String word(String w) {
    int r = rnd.nextInt(3);
    return r == 0
        ? w.toLowerCase()
        : r == 1 ? w.toUpperCase() : w.charAt(0) + w.substring(1).toLowerCase();
  }

  byte[] value() {
    switch (rnd.nextInt(12)) {
      case 0:
        return b(pick("0", "1", "-1", "42", "9999", "10000", "-10000", "123", "100"));
      case 1:
        return b(Long.toString(rnd.nextLong() >> rnd.nextInt(64)));
      case 2:
        return b(
            pick(
                "9223372036854775807",
                "-9223372036854775808",
                "9223372036854775808",
                "-9223372036854775809",
                "01",
                "-0",
                "+1",
                " 1",
                "1 ",
                "1.0",
                "",
                "0x10",
                "12345678901234567890"));
      case 3:
        return b(
            pick("1.5", "-2.25", "1e3", "3.0e3", "10.50", "0.1", "-0.0", "1e-5", "inf", "abc"));
      case 4:
      case 5:
        return b(letters(1 + rnd.nextInt(10)));
      case 6:
        return b(letters(40 + rnd.nextInt(10)));
      case 7:
        return b(letters(100 + rnd.nextInt(200)));
      case 8:
        byte[] bin = new byte[rnd.nextInt(20)];
        rnd.nextBytes(bin);
        return bin;
      default:
        return b(letters(rnd.nextInt(6)));
    }
  }

  private String letters(int n) {
    StringBuilder sb = new StringBuilder(n);
    for (int i = 0; i < n; i++) {
      sb.append((char) ('a' + rnd.nextInt(chance(50) ? 4 : 26)));
    }
    return sb.toString();
  }

  private String integer() {
    return switch (rnd.nextInt(8)) {
      case 0 -> pick("abc", "1.5", "", "9223372036854775808", " 3");
      case 1 -> Long.toString(rnd.nextLong());
      case 2 -> pick("9223372036854775807", "-9223372036854775808", "-9223372036854775807");
      default -> Integer.toString(rnd.nextInt(201) - 100);
    };
  }

  /** Expire arguments far from any clock boundary: 1e6+ seconds ahead or decades in the past. */
  private String expireValue(String opt) {
    if (chance(15)) {
      return pick("0", "-5", "abc", "9223372036854775807", "9223372036854775", "1.5");
    }
    return switch (opt) {
      case "EX" -> Integer.toString(1_000_000 + rnd.nextInt(100_000_000));
      case "PX" -> Long.toString(1_000_000_000L + rnd.nextInt(1_000_000_000));
      case "EXAT" -> chance(50) ? Integer.toString(1 + rnd.nextInt(1_000_000)) : "4000000000";
      default -> chance(50) ? Integer.toString(1 + rnd.nextInt(1_000_000_000)) : "4000000000000";
    };
  }

  private List<String> setOptions(boolean forSet) {
    List<String> opts = new ArrayList<>();
    int n = rnd.nextInt(forSet ? 3 : 2);
    for (int i = 0; i < n; i++) {
      String o =
          forSet
              ? pick("NX", "XX", "GET", "KEEPTTL", "EX", "PX", "EXAT", "PXAT", "GET", "EX", "PXAT")
              : pick("PERSIST", "EX", "PX", "EXAT", "PXAT", "PXAT", "EXAT");
      if (chance(2)) {
        o = pick("FOO", "NXX", "KEEP");
      }
      opts.add(word(o));
      if (o.matches("EX|PX|EXAT|PXAT") && !chance(3)) {
        opts.add(expireValue(o));
      }
    }
    return opts;
  }

  private long offset(int bits) {
    int r = rnd.nextInt(20);
    return r == 0 ? rnd.nextInt(100_000) : r < 4 ? rnd.nextInt(bits * 30) : rnd.nextInt(bits);
  }

  /** One command (its name in upper case, first). */
  byte[][] next() {
    int r = rnd.nextInt(100);
    if (r < 14) {
      return set();
    }
    if (r < 19) {
      List<Object> c = new ArrayList<>(List.of("GETEX", anyKey()));
      c.addAll(setOptions(false));
      return cmd(c.toArray());
    }
    if (r < 24) {
      return cmd("GET", anyKey());
    }
    if (r < 26) {
      return cmd(pick("GETDEL", "STRLEN"), anyKey());
    }
    if (r < 29) {
      return cmd(pick("SETNX", "GETSET"), anyKey(), value());
    }
    if (r < 31) {
      return cmd(pick("SETEX", "PSETEX"), anyKey(), expireValue("EX"), value());
    }
    if (r < 35) {
      return mset();
    }
    if (r < 37) {
      return cmd("MGET", anyKey(), anyKey(), anyKey());
    }
    if (r < 41) {
      return cmd("APPEND", sKey(), value());
    }
    if (r < 44) {
      return cmd(pick("GETRANGE", "SUBSTR"), anyKey(), integer(), integer());
    }
    if (r < 47) {
      String off = chance(5) ? pick("-1", "536870912", "abc") : Long.toString(offset(64));
      return cmd("SETRANGE", sKey(), off, chance(10) ? new byte[0] : value());
    }
    if (r < 54) {
      return incr();
    }
    if (r < 57) {
      return lcs();
    }
    if (r < 76) {
      return bits();
    }
    if (r < 90) {
      return hll();
    }
    if (r < 95) {
      return chance(85)
          ? cmd("SET", pick(H), model.copyBytes(pick(H)))
          : cmd("SET", pick(H), value());
    }
    if (r < 96) {
      return cmd("SADD", anyKey(), "1"); // the IT deletes the key first: another type
    }
    if (r < 97) {
      return cmd("DEL", anyKey());
    }
    return arityError();
  }

  private byte[][] set() {
    List<Object> c = new ArrayList<>(List.of("SET", anyKey(), value()));
    c.addAll(setOptions(true));
    return cmd(c.toArray());
  }

  private byte[][] mset() {
    List<Object> c = new ArrayList<>();
    c.add(pick("MSET", "MSETNX"));
    int n = 1 + rnd.nextInt(3);
    for (int i = 0; i < n; i++) {
      c.add(anyKey());
      c.add(value());
    }
    if (chance(3)) {
      c.remove(c.size() - 1);
    }
    return cmd(c.toArray());
  }

  private byte[][] incr() {
    String k = sKey();
    return switch (rnd.nextInt(6)) {
      case 0 -> cmd("INCR", k);
      case 1 -> cmd("DECR", k);
      case 2 -> cmd("INCRBY", k, integer());
      case 3 -> cmd("DECRBY", k, integer());
      default -> cmd("INCRBYFLOAT", chance(80) ? k : pick(H), FloatText.next(rnd));
    };
  }

  private byte[][] lcs() {
    List<Object> c = new ArrayList<>(List.of("LCS", anyKey(), anyKey()));
    int n = rnd.nextInt(4);
    for (int i = 0; i < n; i++) {
      String o = pick("LEN", "IDX", "IDX", "WITHMATCHLEN", "MINMATCHLEN", "BAD");
      c.add(word(o));
      if (o.equals("MINMATCHLEN") && !chance(5)) {
        c.add(chance(10) ? "x" : Integer.toString(rnd.nextInt(6) - 1));
      }
    }
    return cmd(c.toArray());
  }

  private byte[][] bits() {
    switch (rnd.nextInt(9)) {
      case 0:
      case 1:
        if (chance(10)) { // a header bit of an HLL: an invalid magic, never a corrupt body
          return cmd("SETBIT", pick(H), rnd.nextInt(32), rnd.nextInt(2));
        }
        return cmd(
            "SETBIT",
            sKey(),
            chance(3) ? pick("-1", "4294967296", "x") : offset(2000),
            chance(3) ? "2" : Integer.toString(rnd.nextInt(2)));
      case 2:
        return cmd("GETBIT", anyKey(), chance(3) ? "-1" : Long.toString(offset(2000)));
      case 3:
        return range("BITCOUNT");
      case 4:
        return range("BITPOS");
      case 5:
        List<Object> c =
            new ArrayList<>(
                List.of("BITOP", word(pick("AND", "OR", "XOR", "NOT", "NAND")), sKey()));
        int n = 1 + rnd.nextInt(3);
        for (int i = 0; i < n; i++) {
          c.add(sKey()); // an HLL source could copy its header into an s key: see the class note
        }
        return cmd(c.toArray());
      default:
        return bitfield();
    }
  }

  private byte[][] range(String name) {
    List<Object> c = new ArrayList<>(List.of(name, anyKey()));
    if (name.equals("BITPOS")) {
      c.add(chance(5) ? "2" : Integer.toString(rnd.nextInt(2)));
    }
    int n = rnd.nextInt(4);
    for (int i = 0; i < n; i++) {
      c.add(i < 2 ? Integer.toString(rnd.nextInt(41) - 20) : word(pick("BIT", "BYTE", "BITS")));
    }
    return cmd(c.toArray());
  }

  private byte[][] bitfield() {
    boolean ro = chance(20);
    List<Object> c =
        new ArrayList<>(List.of(ro ? "BITFIELD_RO" : "BITFIELD", ro ? anyKey() : sKey()));
    int n = 1 + rnd.nextInt(3);
    for (int i = 0; i < n; i++) {
      String op = pick("GET", "GET", "SET", "INCRBY", "OVERFLOW");
      c.add(word(op));
      if (op.equals("OVERFLOW")) {
        c.add(word(pick("WRAP", "SAT", "FAIL", "FAIL", "NONE")));
        continue;
      }
      boolean signed = chance(50);
      int bits = signed ? 1 + rnd.nextInt(64) : 1 + rnd.nextInt(63);
      c.add((signed ? "i" : "u") + (chance(2) ? 64 : bits));
      c.add(chance(20) ? "#" + rnd.nextInt(10) : Long.toString(offset(200)));
      if (!op.equals("GET")) {
        c.add(
            chance(30)
                ? Long.toString(rnd.nextLong() >> rnd.nextInt(64))
                : Integer.toString(rnd.nextInt(21) - 10));
      }
    }
    return cmd(c.toArray());
  }

  private byte[][] hll() {
    String h = pick(H);
    switch (rnd.nextInt(8)) {
      case 0:
      case 1:
      case 2:
        List<Object> c = new ArrayList<>(List.of("PFADD", h));
        int n = rnd.nextInt(chance(10) ? 400 : 5);
        for (int i = 0; i < n; i++) {
          c.add(chance(20) ? value() : "e" + rnd.nextInt(5000));
        }
        return cmd(c.toArray());
      case 3:
      case 4:
        List<Object> p = new ArrayList<>(List.of("PFCOUNT", h));
        if (chance(40)) {
          p.add(chance(80) ? pick(H) : sKey());
        }
        return cmd(p.toArray());
      case 5:
        List<Object> m = new ArrayList<>(List.of("PFMERGE", h));
        int k = rnd.nextInt(3);
        for (int i = 0; i < k; i++) {
          m.add(chance(85) ? pick(H) : sKey());
        }
        return cmd(m.toArray());
      case 6:
        if (chance(20)) { // an unknown encoding byte: not a HyperLogLog any more
          return cmd("SETRANGE", h, "4", new byte[] {(byte) (chance(50) ? 2 : 5)});
        }
        return cmd("PFCOUNT", h, pick(H), pick(H));
      default:
        return cmd("PFCOUNT", sKey());
    }
  }

  private byte[][] arityError() {
    String name =
        pick(
            "GET",
            "SET",
            "SETNX",
            "SETEX",
            "GETDEL",
            "GETSET",
            "APPEND",
            "STRLEN",
            "GETRANGE",
            "SETRANGE",
            "INCR",
            "INCRBY",
            "INCRBYFLOAT",
            "LCS",
            "MGET",
            "MSET",
            "SETBIT",
            "GETBIT",
            "BITOP",
            "BITPOS",
            "BITCOUNT",
            "PFADD",
            "PFMERGE",
            "GETEX",
            "DECRBY");
    List<Object> c = new ArrayList<>(List.of(word(name)));
    int n = rnd.nextInt(2);
    for (int i = 0; i < n; i++) {
      c.add(sKey());
    }
    Collections.shuffle(c.subList(1, c.size()), rnd);
    return cmd(c.toArray());
  }
}
