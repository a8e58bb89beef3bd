package dev.redstruct.set;

import dev.redstruct.core.Bytes;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Random S* commands for the differential tests: members that straddle the intset rules (int16,
 * int32 and int64 values, texts that look like integers but are not, short strings, the empty
 * string), five keys, bulk SADDs that cross the conversion limits, and one in about fifteen
 * commands malformed (arity, counts, cursors, options).
 */
final class SetCommandGen {
  static final String[] KEYS = {"a", "b", "c", "d", "e"};
  private static final String[] ODD = {"+1", "01", "-0", " 1", "1.0", "", "9223372036854775808"};

  private SetCommandGen() {}

  static String member(SplittableRandom r) {
    int k = r.nextInt(20);
    if (k < 10) {
      return Integer.toString(r.nextInt(-20, 21));
    } else if (k < 12) {
      return Integer.toString(r.nextInt(30_000, 40_000));
    } else if (k == 12) {
      return Long.toString(r.nextLong(-3_000_000_000L, 3_000_000_000L));
    } else if (k == 13) {
      return Long.toString(r.nextLong());
    } else if (k == 14) {
      return ODD[r.nextInt(ODD.length)];
    }
    return "m" + r.nextInt(15);
  }

  private static String key(SplittableRandom r) {
    return KEYS[r.nextInt(KEYS.length)];
  }

  static byte[][] command(SplittableRandom r) {
    List<String> a = new ArrayList<>();
    int k = r.nextInt(100);
    if (k < 22) {
      a.add("SADD");
      a.add(key(r));
      int n = r.nextInt(40) == 0 ? 10 + r.nextInt(600) : 1 + r.nextInt(5);
      boolean ints = n > 5 && r.nextInt(3) > 0;
      for (int i = 0; i < n; i++) {
        a.add(ints ? Integer.toString(r.nextInt(-1000, 1000)) : member(r));
      }
    } else if (k < 32) {
      a.add("SREM");
      a.add(key(r));
      int n = 1 + r.nextInt(4);
      for (int i = 0; i < n; i++) {
        a.add(member(r));
      }
    } else if (k < 37) {
      a.addAll(List.of("SMOVE", key(r), key(r), member(r)));
    } else if (k < 41) {
      a.addAll(List.of("SISMEMBER", key(r), member(r)));
    } else if (k < 44) {
      a.add("SMISMEMBER");
      a.add(key(r));
      for (int i = 0; i < 1 + r.nextInt(4); i++) {
        a.add(member(r));
      }
    } else if (k < 47) {
      a.addAll(List.of("SCARD", key(r)));
    } else if (k < 51) {
      a.addAll(List.of("SMEMBERS", key(r)));
    } else if (k < 57) {
      a.addAll(List.of("SRANDMEMBER", key(r)));
      if (r.nextInt(5) > 0) {
        a.add(count(r, true));
      }
    } else if (k < 63) {
      a.addAll(List.of("SPOP", key(r)));
      if (r.nextInt(4) > 0) {
        a.add(count(r, false));
      }
    } else if (k < 78) {
      String[] ops = {"SINTER", "SUNION", "SDIFF", "SINTERSTORE", "SUNIONSTORE", "SDIFFSTORE"};
      String op = ops[r.nextInt(ops.length)];
      a.add(op);
      int n = (op.endsWith("STORE") ? 2 : 1) + r.nextInt(4);
      for (int i = 0; i < n; i++) {
        a.add(key(r));
      }
    } else if (k < 84) {
      sintercard(r, a);
    } else if (k < 92) {
      sscan(r, a);
    } else {
      malformed(r, a);
    }
    if (r.nextInt(30) == 0) {
      a.set(0, a.get(0).toLowerCase(java.util.Locale.ROOT));
    }
    byte[][] out = new byte[a.size()][];
    for (int i = 0; i < out.length; i++) {
      out[i] = Bytes.utf8(a.get(i));
    }
    return out;
  }

  private static String count(SplittableRandom r, boolean negativeAllowed) {
    int k = r.nextInt(20);
    if (k == 0) {
      return "x";
    } else if (k == 1) {
      return negativeAllowed ? "-9223372036854775808" : "-1";
    } else if (k == 2) {
      return Integer.toString(r.nextInt(100, 700));
    } else if (negativeAllowed && k < 7) {
      return Integer.toString(-r.nextInt(1, 30));
    }
    return Integer.toString(r.nextInt(0, 30));
  }

  private static void sintercard(SplittableRandom r, List<String> a) {
    a.add("SINTERCARD");
    int n = 1 + r.nextInt(3);
    int k = r.nextInt(12);
    a.add(k == 0 ? "0" : k == 1 ? "x" : k == 2 ? Integer.toString(n + 1) : Integer.toString(n));
    for (int i = 0; i < n; i++) {
      a.add(key(r));
    }
    int opt = r.nextInt(8);
    if (opt < 3) {
      a.addAll(List.of("LIMIT", Integer.toString(r.nextInt(0, 5))));
    } else if (opt == 3) {
      a.addAll(List.of("limit", r.nextBoolean() ? "-1" : "y"));
    } else if (opt == 4) {
      a.add(r.nextBoolean() ? "LIMIT" : "FOO");
    }
  }

  private static void sscan(SplittableRandom r, List<String> a) {
    a.add("SSCAN");
    a.add(key(r));
    String[] cursors = {
      "0", "0", "0", "7", "x", "-1", " 1", "", "18446744073709551616", "+3", "1 "
    };
    a.add(cursors[r.nextInt(cursors.length)]);
    int opt = r.nextInt(10);
    if (opt < 3) {
      String[] pats = {"1*", "m?", "*", "-*", "[0-5]", "m1[^0]", "\\m*", "[", "*0"};
      a.addAll(List.of("MATCH", pats[r.nextInt(pats.length)]));
    }
    if (opt >= 2 && opt < 5) {
      String[] counts = {"1", "5", "100", "0", "-2", "x"};
      a.addAll(List.of("COUNT", counts[r.nextInt(counts.length)]));
    } else if (opt == 5) {
      a.addAll(List.of("TYPE", "set"));
    } else if (opt == 6) {
      a.add("MATCH");
    }
  }

  private static void malformed(SplittableRandom r, List<String> a) {
    String[][] shapes = {
      {"SADD", "a"}, {"SREM", "b"}, {"SMOVE", "a", "b"}, {"SISMEMBER", "a"}, {"SMISMEMBER", "a"},
      {"SCARD"}, {"SCARD", "a", "b"}, {"SMEMBERS"}, {"SRANDMEMBER"}, {"SRANDMEMBER", "a", "1", "2"},
      {"SPOP"}, {"SPOP", "a", "1", "2"}, {"SINTER"}, {"SINTERCARD", "1"}, {"SINTERSTORE", "a"},
      {"SUNION"}, {"SDIFFSTORE", "c"}, {"SSCAN", "a"}, {"SMOVE", "a", "a", "1"}
    };
    a.addAll(List.of(shapes[r.nextInt(shapes.length)]));
  }

  /** The key names a command mentions (arguments that are one of the five keys). */
  static Set<String> keysOf(byte[][] c) {
    Set<String> out = new LinkedHashSet<>();
    for (int i = 1; i < c.length; i++) {
      String s = new String(c[i], java.nio.charset.StandardCharsets.UTF_8);
      for (String k : KEYS) {
        if (k.equals(s)) {
          out.add(k);
        }
      }
    }
    return out;
  }
}
