package dev.redstruct.hash;

import dev.redstruct.core.Bytes;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * Random H* commands for the differential tests: five keys, fields from a small pool (so updates,
 * deletes and HSETNX conflicts happen) plus some long ones, values that are integers, floats, short
 * texts and texts longer than the value limits, bulk HSETs that cross the entry limits, and one in
 * about fifteen commands malformed (arity, counts, cursors, options).
 */
final class HashCommandGen {
  static final String[] KEYS = {"a", "b", "c", "d", "e"};

  private HashCommandGen() {}

  static String field(SplittableRandom r) {
    int k = r.nextInt(30);
    if (k < 22) {
      return "f" + r.nextInt(25);
    } else if (k < 25) {
      return Integer.toString(r.nextInt(-5, 30));
    } else if (k < 27) {
      return "x".repeat(r.nextInt(1, 80));
    } else if (k == 27) {
      return "";
    }
    return "field-" + r.nextInt(5) + "-" + "y".repeat(r.nextInt(0, 20));
  }

  static String value(SplittableRandom r) {
    int k = r.nextInt(20);
    if (k < 5) {
      return Integer.toString(r.nextInt(-100, 100));
    } else if (k < 7) {
      return Long.toString(r.nextLong());
    } else if (k < 9) {
      return FloatGen.increment(r);
    } else if (k < 11) {
      return "v".repeat(r.nextInt(0, 100));
    } else if (k == 11) {
      return r.nextBoolean() ? "9223372036854775807" : "-9223372036854775808";
    }
    return "val" + r.nextInt(1000);
  }

  private static String key(SplittableRandom r) {
    return KEYS[r.nextInt(KEYS.length)];
  }

  static byte[][] command(SplittableRandom r) {
    List<String> a = new ArrayList<>();
    int k = r.nextInt(100);
    if (k < 22) {
      a.add(r.nextInt(5) == 0 ? "HMSET" : "HSET");
      a.add(key(r));
      int n = r.nextInt(40) == 0 ? 10 + r.nextInt(600) : 1 + r.nextInt(4);
      for (int i = 0; i < n; i++) {
        a.add(n > 5 ? "g" + r.nextInt(700) : field(r));
        a.add(n > 5 ? Integer.toString(i) : value(r));
      }
    } else if (k < 27) {
      a.addAll(List.of("HSETNX", key(r), field(r), value(r)));
    } else if (k < 35) {
      a.addAll(List.of("HGET", key(r), field(r)));
    } else if (k < 39) {
      a.add("HMGET");
      a.add(key(r));
      for (int i = 0; i < 1 + r.nextInt(4); i++) {
        a.add(field(r));
      }
    } else if (k < 47) {
      a.add("HDEL");
      a.add(key(r));
      for (int i = 0; i < 1 + r.nextInt(4); i++) {
        a.add(field(r));
      }
    } else if (k < 49) {
      a.addAll(List.of("HLEN", key(r)));
    } else if (k < 51) {
      a.addAll(List.of("HSTRLEN", key(r), field(r)));
    } else if (k < 53) {
      a.addAll(List.of("HEXISTS", key(r), field(r)));
    } else if (k < 59) {
      String[] ops = {"HKEYS", "HVALS", "HGETALL"};
      a.addAll(List.of(ops[r.nextInt(3)], key(r)));
    } else if (k < 66) {
      a.addAll(List.of("HINCRBY", key(r), field(r), incr(r)));
    } else if (k < 74) {
      a.addAll(List.of("HINCRBYFLOAT", key(r), field(r), FloatGen.increment(r)));
    } else if (k < 82) {
      hrandfield(r, a);
    } else if (k < 93) {
      hscan(r, a);
    } else {
      malformed(r, a);
    }
    if (r.nextInt(30) == 0) {
      a.set(0, a.get(0).toLowerCase(Locale.ROOT));
    }
    byte[][] out = new byte[a.size()][];
    for (int i = 0; i < out.length; i++) {
      out[i] = Bytes.utf8(a.get(i));
    }
    return out;
  }

  private static String incr(SplittableRandom r) {
    int k = r.nextInt(12);
    if (k == 0) {
      return "x";
    } else if (k == 1) {
      return r.nextBoolean() ? "9223372036854775807" : "-9223372036854775808";
    } else if (k == 2) {
      return Long.toString(r.nextLong());
    } else if (k == 3) {
      return "1.5";
    }
    return Integer.toString(r.nextInt(-50, 50));
  }

  private static void hrandfield(SplittableRandom r, List<String> a) {
    a.addAll(List.of("HRANDFIELD", key(r)));
    int opt = r.nextInt(10);
    if (opt == 0) {
      return;
    }
    String[] specials = {"x", "-9223372036854775808", "4611686018427387904", "0", "1", "-1"};
    if (opt == 1) {
      a.add(specials[r.nextInt(specials.length)]);
    } else if (opt < 4) {
      a.add(Integer.toString(r.nextInt(100, 700)));
    } else if (opt < 7) {
      a.add(Integer.toString(-r.nextInt(1, 40)));
    } else {
      a.add(Integer.toString(r.nextInt(0, 40)));
    }
    int w = r.nextInt(6);
    if (w < 3) {
      a.add(w == 0 ? "withvalues" : "WITHVALUES");
    } else if (w == 3) {
      a.add(r.nextBoolean() ? "WITHSCORES" : "WITHVALUES");
      if (r.nextBoolean()) {
        a.add("x");
      }
    }
  }

  private static void hscan(SplittableRandom r, List<String> a) {
    a.add("HSCAN");
    a.add(key(r));
    String[] cursors = {"0", "0", "0", "7", "x", "-1", " 1", "", "18446744073709551616", "+3"};
    a.add(cursors[r.nextInt(cursors.length)]);
    int opt = r.nextInt(10);
    if (opt < 3) {
      String[] pats = {"f1*", "f?", "*", "-*", "[0-5]", "f1[^0]", "\\f*", "[", "*0", "x*"};
      a.addAll(List.of("MATCH", pats[r.nextInt(pats.length)]));
    }
    if (opt >= 2 && opt < 5) {
      String[] counts = {"1", "5", "100", "0", "-2", "x"};
      a.addAll(List.of("COUNT", counts[r.nextInt(counts.length)]));
    } else if (opt == 5) {
      a.addAll(List.of("TYPE", "hash"));
    } else if (opt == 6) {
      a.add("MATCH");
    }
  }

  private static void malformed(SplittableRandom r, List<String> a) {
    String[][] shapes = {
      {"HSET", "a", "f"},
      {"HSET", "a", "f", "v", "g"},
      {"HMSET", "b", "f", "v", "g"},
      {"HSETNX", "a", "f"},
      {"HGET", "a"},
      {"HMGET", "a"},
      {"HDEL", "a"},
      {"HLEN"},
      {"HLEN", "a", "b"},
      {"HSTRLEN", "a"},
      {"HEXISTS", "a"},
      {"HKEYS"},
      {"HVALS", "a", "b"},
      {"HGETALL"},
      {"HINCRBY", "a", "f"},
      {"HINCRBYFLOAT", "a", "f"},
      {"HRANDFIELD"},
      {"HSCAN", "a"},
      {"HINCRBYFLOAT", "a", "f", "1", "2"}
    };
    a.addAll(List.of(shapes[r.nextInt(shapes.length)]));
  }
}
