package dev.redstruct.skiplist;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Random Z* command streams for {@link ZSetRedisIT}. Keys {@code z0..z3} get arbitrary scores; keys
 * {@code l0, l1} only score 0, so lex commands (whose result is unspecified by Redis for mixed
 * scores) are sent to them only. Growth and shrink phases alternate so keys cross the 128-entry
 * threshold in both directions (down only through deletion and *STORE results, as in Redis).
 */
final class ZSetStreamGenerator {
  private static final String[] SCORE_KEYS = {"z0", "z1", "z2", "z3"};
  private static final String[] LEX_KEYS = {"l0", "l1"};
  private static final String[] EDGE_SCORES = {
    "0",
    "-0",
    "1",
    "-1",
    "1.5",
    "0.1",
    "2",
    "3",
    "10",
    "-2.5",
    "1e17",
    "9007199254740993",
    "4611686018427387904",
    "-4611686018427387903",
    "1e308",
    "-1e308",
    "inf",
    "-inf",
    "+inf",
    "infinity",
    "-Infinity",
    "5e-324",
    "3.0000000000000004",
    "0x10",
    "1E3",
    "1.7976931348623157e308",
    "0.30000000000000004",
    "123456789.125"
  };
  private static final String[] BAD_SCORES = {"nan", "abc", "", "1e400", "1e-400", " 1", "1 ", "-"};
  private static final String[] OPTIONS = {"NX", "XX", "GT", "LT", "CH", "INCR"};

  private final SplittableRandom rnd;
  private final List<byte[]> members = new ArrayList<>();
  private final Map<String, String> lastEncoding = new HashMap<>();
  private final Map<String, Boolean> wasSkiplist = new HashMap<>();
  private int count;

  ZSetStreamGenerator(SplittableRandom rnd) {
    this.rnd = rnd;
    for (int i = 0; i < 300; i++) {
      members.add(b(String.format(Locale.ROOT, "m%03d", i)));
    }
    for (int i = 0; i < 30; i++) {
      byte[] m = new byte[1 + rnd.nextInt(8)];
      for (int j = 0; j < m.length; j++) {
        m[j] = (byte) (rnd.nextBoolean() ? rnd.nextInt(256) : (rnd.nextBoolean() ? 0 : 0xff));
      }
      members.add(m);
    }
    for (String s :
        new String[] {
          "0", "1", "-1", "42", "123456789012", "-9223372036854775808", "007", "", "a", "b"
        }) {
      members.add(b(s));
    }
  }

  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  boolean wasSkiplist(byte[] key) {
    return wasSkiplist.getOrDefault(new String(key, StandardCharsets.ISO_8859_1), false);
  }

  void noteEncoding(byte[] key, String enc) {
    String k = new String(key, StandardCharsets.ISO_8859_1);
    lastEncoding.put(k, enc);
    if ("skiplist".equals(enc)) {
      wasSkiplist.put(k, true);
    } else if (enc == null) {
      wasSkiplist.put(k, false);
    }
  }

  private boolean growing() {
    return (count / 2500) % 2 == 0;
  }

  private byte[] member() {
    int r = rnd.nextInt(1000);
    if (r < 6) {
      byte[] m = new byte[63 + rnd.nextInt(4)]; // 63..66 bytes: around the 64-byte limit
      java.util.Arrays.fill(m, (byte) ('p' + rnd.nextInt(3)));
      return m;
    }
    return members.get(rnd.nextInt(members.size()));
  }

  private String score() {
    int r = rnd.nextInt(100);
    if (r < 2) {
      return BAD_SCORES[rnd.nextInt(BAD_SCORES.length)];
    }
    if (r < 25) {
      return EDGE_SCORES[rnd.nextInt(EDGE_SCORES.length)];
    }
    if (r < 60) {
      return Integer.toString(rnd.nextInt(30));
    }
    return Double.toString(rnd.nextInt(4000) / 8.0 - 100);
  }

  /**
   * Bound texts zslParseRange reads with strtod up to the first NUL: white space before the number,
   * text after a NUL, hexadecimal floats (also overflowing and underflowing), and near misses.
   */
  private static final String[] STRTOD_BOUNDS = {
    " 1",
    "\t0",
    "\n\r\u000b\f-1",
    "1\u0000zz",
    "\u0000",
    "\u00007",
    "3\u0000",
    "0x1p5000",
    "-0x1p5000",
    "0x1p-5000",
    "0x10",
    "0X1.8p1",
    "0x.8",
    " 0x2",
    "1e-400",
    "-1e400",
    "2.",
    ".5",
    "infinity",
    "-INF",
    "inf\u0000x",
    "1 ",
    " ",
    "\t",
    "+",
    ".",
    "0x",
    "0x1p",
    "1e",
    "1e+",
    "infin",
    "-nan",
    "nan(1)",
    "--1",
    " \u00001"
  };

  private String bound() {
    int r = rnd.nextInt(100);
    String v;
    if (r < 10) {
      v = new String[] {"-inf", "+inf", "inf", "abc", "nan", "", "[1", "1e400"}[rnd.nextInt(8)];
    } else if (r < 22) {
      v = STRTOD_BOUNDS[rnd.nextInt(STRTOD_BOUNDS.length)];
    } else if (r < 26) {
      v = " \t".substring(rnd.nextInt(2)) + (rnd.nextInt(35) - 2);
    } else {
      v = Integer.toString(rnd.nextInt(35) - 2);
    }
    return rnd.nextInt(3) == 0 ? "(" + v : v;
  }

  private byte[] lexBound() {
    int r = rnd.nextInt(100);
    if (r < 15) {
      String[] odd = {"-", "+", "[", "(", "m1", "+x", "-x", "", "+\u0000x", "-\u0000", "[\u0000"};
      return b(odd[rnd.nextInt(odd.length)]);
    }
    byte[] m = member();
    byte[] out = new byte[m.length + 1];
    out[0] = (byte) (rnd.nextBoolean() ? '[' : '(');
    System.arraycopy(m, 0, out, 1, m.length);
    return out;
  }

  private String index() {
    int r = rnd.nextInt(100);
    if (r < 4) {
      return new String[] {"9223372036854775807", "-9223372036854775808", "1.5", "x"}
          [rnd.nextInt(4)];
    }
    return Integer.toString(rnd.nextInt(301) - 150);
  }

  private static String mixCase(SplittableRandom rnd, String s) {
    return rnd.nextBoolean() ? s : s.toLowerCase(Locale.ROOT);
  }

  byte[][] next() {
    count++;
    List<byte[]> a = new ArrayList<>();
    int r = rnd.nextInt(100);
    boolean lex = rnd.nextInt(4) == 0;
    String key = lex ? LEX_KEYS[rnd.nextInt(2)] : SCORE_KEYS[rnd.nextInt(4)];
    if (r < (growing() ? 40 : 22)) {
      zadd(a, key, lex);
    } else if (r < 45) {
      simple(a, key, lex, rnd.nextInt(8));
    } else if (r < 62) {
      range(a, key, lex);
    } else if (r < 75) {
      removal(a, key, lex);
    } else if (r < 81) {
      store(a);
    } else if (r < 84 && !lex) {
      add(a, "ZINCRBY", key, score());
      a.add(member());
    } else if (r < 92) {
      issue18(a, key, lex);
    } else {
      simple(a, key, lex, rnd.nextInt(8));
    }
    return a.toArray(new byte[0][]);
  }

  private void add(List<byte[]> a, String... words) {
    for (String w : words) {
      a.add(b(w));
    }
  }

  private void zadd(List<byte[]> a, String key, boolean lex) {
    add(a, "ZADD", key);
    boolean incr = false;
    if (rnd.nextInt(3) == 0) {
      for (String o : OPTIONS) {
        if (rnd.nextInt(6) == 0 && !(lex && o.equals("INCR"))) {
          add(a, mixCase(rnd, o));
          incr |= o.equals("INCR");
        }
      }
    }
    int pairs = incr && rnd.nextInt(10) != 0 ? 1 : 1 + rnd.nextInt(growing() ? 40 : 4);
    for (int i = 0; i < pairs; i++) {
      add(a, lex ? "0" : score());
      a.add(member());
    }
    if (rnd.nextInt(100) == 0) {
      add(a, "1"); // odd argument count: syntax error
    }
  }

  private void simple(List<byte[]> a, String key, boolean lex, int which) {
    switch (which) {
      case 0 -> {
        add(a, "ZSCORE", key);
        a.add(member());
      }
      case 1 -> {
        add(a, "ZMSCORE", key);
        for (int i = 1 + rnd.nextInt(4); i > 0; i--) {
          a.add(member());
        }
      }
      case 2 -> add(a, "ZCARD", key);
      case 3, 4 -> {
        add(a, rnd.nextBoolean() ? "ZRANK" : "ZREVRANK", key);
        a.add(member());
      }
      case 5 -> {
        if (lex) {
          add(a, "ZLEXCOUNT", key);
          a.add(lexBound());
          a.add(lexBound());
        } else {
          add(a, "ZCOUNT", key, bound(), bound());
        }
      }
      case 6 -> {
        add(a, "ZREM", key);
        for (int i = 1 + rnd.nextInt(growing() ? 2 : 10); i > 0; i--) {
          a.add(member());
        }
      }
      default -> {
        if (rnd.nextInt(20) == 0) {
          add(a, "DEL", key);
        } else {
          add(a, "ZCARD", key);
        }
      }
    }
  }

  private void range(List<byte[]> a, String key, boolean lex) {
    int form = rnd.nextInt(lex ? 4 : 6);
    List<String> opts = new ArrayList<>();
    if (lex && form < 2) {
      add(a, form == 0 ? "ZRANGEBYLEX" : "ZREVRANGEBYLEX", key);
      a.add(lexBound());
      a.add(lexBound());
    } else if (lex) {
      add(a, "ZRANGE", key);
      a.add(lexBound());
      a.add(lexBound());
      opts.add("BYLEX");
      if (form == 3) {
        opts.add("REV");
      }
    } else if (form < 2) {
      add(a, form == 0 ? "ZRANGEBYSCORE" : "ZREVRANGEBYSCORE", key, bound(), bound());
    } else if (form < 4) {
      add(a, "ZRANGE", key, bound(), bound(), "BYSCORE");
      if (form == 3) {
        opts.add("REV");
      }
    } else {
      add(a, form == 4 ? "ZRANGE" : "ZREVRANGE", key, index(), index());
      if (form == 4 && rnd.nextBoolean()) {
        opts.add("REV");
      }
    }
    if (rnd.nextInt(3) == 0) {
      opts.add("LIMIT " + (rnd.nextInt(14) - 2) + " " + (rnd.nextInt(24) - 2));
    }
    if (rnd.nextInt(lex ? 15 : 2) == 0) {
      opts.add("WITHSCORES");
    }
    if (rnd.nextInt(60) == 0) {
      opts.add(rnd.nextBoolean() ? "REV" : "LIMIT");
    }
    java.util.Collections.shuffle(opts, new java.util.Random(rnd.nextLong()));
    for (String o : opts) {
      for (String w : o.split(" ")) {
        add(a, mixCase(rnd, w));
      }
    }
  }

  private void removal(List<byte[]> a, String key, boolean lex) {
    int r = rnd.nextInt(10);
    if (r < 3) {
      String cnt = new String[] {"0", "1", "3", "60", "200", "-1", "x", null, null}[rnd.nextInt(9)];
      add(a, rnd.nextBoolean() ? "ZPOPMIN" : "ZPOPMAX", key);
      if (cnt != null) {
        add(a, cnt);
      }
    } else if (r < 6) {
      add(a, "ZREMRANGEBYRANK", key, index(), index());
      if (growing() && rnd.nextInt(3) != 0) {
        a.set(2, b(Integer.toString(rnd.nextInt(20))));
        a.set(3, b(Integer.toString(rnd.nextInt(20))));
      }
    } else if (lex) {
      add(a, "ZREMRANGEBYLEX", key);
      a.add(lexBound());
      a.add(lexBound());
    } else {
      add(a, "ZREMRANGEBYSCORE", key, bound(), bound());
    }
  }

  /**
   * ZUNIONSTORE / ZINTERSTORE / ZDIFFSTORE (the destination often among the sources), or one in
   * four times the replying ZUNION / ZINTER / ZDIFF, whose results are never compacted (a -0 keeps
   * its sign), with WITHSCORES.
   */
  private void store(List<byte[]> a) {
    boolean reply = rnd.nextInt(4) == 0;
    String[] cmds =
        reply
            ? new String[] {"ZUNION", "ZINTER", "ZDIFF"}
            : new String[] {"ZUNIONSTORE", "ZINTERSTORE", "ZDIFFSTORE"};
    String cmd = cmds[rnd.nextInt(3)];
    int n = rnd.nextInt(40) == 0 ? 0 : 1 + rnd.nextInt(3);
    if (reply) {
      add(a, cmd, Integer.toString(n));
    } else {
      add(a, cmd, SCORE_KEYS[rnd.nextInt(4)], Integer.toString(n));
    }
    String[] all = {"z0", "z1", "z2", "z3", "l0", "l1", "none", "s0", "s1"};
    for (int i = 0; i < n; i++) {
      add(a, all[rnd.nextInt(all.length)]);
    }
    if (n == 0) {
      add(a, "z0");
    }
    if (!cmd.startsWith("ZDIFF") || rnd.nextInt(30) == 0) {
      if (rnd.nextInt(3) == 0) {
        add(a, mixCase(rnd, "WEIGHTS"));
        String[] w = {"1", "2", "0", "-1", "0.5", "inf", "-inf", "3"};
        for (int i = 0; i < Math.max(n, 1); i++) {
          add(a, rnd.nextInt(60) == 0 ? "nan" : w[rnd.nextInt(w.length)]);
        }
      }
      if (rnd.nextInt(3) == 0) {
        add(a, mixCase(rnd, "AGGREGATE"));
        add(
            a,
            new String[] {"SUM", "min", "MAX", "foo"}[rnd.nextInt(rnd.nextInt(40) == 0 ? 4 : 3)]);
      }
    }
    if (reply && rnd.nextInt(4) != 0) {
      add(a, mixCase(rnd, "WITHSCORES"));
    }
  }

  /**
   * The commands issue 18 added to the mix: ZRANGESTORE, ZINTERCARD, ZMPOP, ZRANDMEMBER (compared
   * by what its reply may hold, see ZSetRedisIT) and SADD to the plain set keys {@code s0, s1} that
   * ZUNION/ZINTER/ZDIFF/ZINTERCARD read as members with score 1.
   */
  private void issue18(List<byte[]> a, String key, boolean lex) {
    int r = rnd.nextInt(100);
    if (r < 30) {
      zrangestore(a, key, lex);
    } else if (r < 45) {
      zintercard(a);
    } else if (r < 65) {
      zmpop(a);
    } else if (r < 85) {
      zrandmember(a, key);
    } else if (rnd.nextInt(8) == 0) {
      add(a, "DEL", "s" + rnd.nextInt(2));
    } else {
      add(a, "SADD", "s" + rnd.nextInt(2));
      for (int i = 1 + rnd.nextInt(growing() ? 8 : 3); i > 0; i--) {
        a.add(rnd.nextInt(3) == 0 ? b(Integer.toString(rnd.nextInt(40))) : member());
      }
    }
  }

  /** ZRANGESTORE dst src min max [BYSCORE|BYLEX] [REV] [LIMIT o c]; lex keys keep score 0. */
  private void zrangestore(List<byte[]> a, String key, boolean lex) {
    String dst =
        lex && rnd.nextBoolean()
            ? LEX_KEYS[rnd.nextInt(2)]
            : SCORE_KEYS[rnd.nextInt(SCORE_KEYS.length)];
    add(a, "ZRANGESTORE", dst, rnd.nextInt(25) == 0 ? "none" : key);
    List<String> opts = new ArrayList<>();
    int form = rnd.nextInt(lex ? 2 : 3);
    if (lex && form == 0) {
      a.add(lexBound());
      a.add(lexBound());
      opts.add("BYLEX");
    } else if (form == 2) {
      add(a, bound(), bound());
      opts.add("BYSCORE");
    } else {
      add(a, index(), index());
    }
    if (rnd.nextInt(3) == 0) {
      opts.add("REV");
    }
    if (!opts.isEmpty() && rnd.nextInt(3) == 0 || rnd.nextInt(40) == 0) {
      opts.add("LIMIT " + (rnd.nextInt(14) - 2) + " " + (rnd.nextInt(24) - 2));
    }
    if (rnd.nextInt(40) == 0) {
      opts.add(rnd.nextBoolean() ? "WITHSCORES" : "LIMIT");
    }
    java.util.Collections.shuffle(opts, new java.util.Random(rnd.nextLong()));
    for (String o : opts) {
      for (String w : o.split(" ")) {
        add(a, mixCase(rnd, w));
      }
    }
  }

  private static final String[] SET_OP_KEYS = {"z0", "z1", "z2", "z3", "s0", "s1", "none"};

  /** ZINTERCARD numkeys key ... [LIMIT limit], with sets among the keys. */
  private void zintercard(List<byte[]> a) {
    int n = 1 + rnd.nextInt(3);
    String[] bad = {"0", "-1", "x", "9"};
    add(a, "ZINTERCARD", rnd.nextInt(30) == 0 ? bad[rnd.nextInt(bad.length)] : Integer.toString(n));
    for (int i = 0; i < n; i++) {
      add(a, SET_OP_KEYS[rnd.nextInt(SET_OP_KEYS.length)]);
    }
    if (rnd.nextInt(3) == 0) {
      String[] limits = {"0", "1", "2", "5", "100", "-1", "x"};
      add(a, mixCase(rnd, "LIMIT"), limits[rnd.nextInt(rnd.nextInt(10) == 0 ? 7 : 5)]);
    }
    if (rnd.nextInt(30) == 0) {
      add(a, new String[] {"LIMIT", "WITHSCORES", "WEIGHTS", "foo"}[rnd.nextInt(4)]);
    }
  }

  /**
   * ZMPOP numkeys key ... MIN|MAX [COUNT count]; numkeys stays small (Redis adds it to an index).
   */
  private void zmpop(List<byte[]> a) {
    int n = 1 + rnd.nextInt(3);
    String[] bad = {"0", "-1", "x", "7"};
    add(a, "ZMPOP", rnd.nextInt(30) == 0 ? bad[rnd.nextInt(bad.length)] : Integer.toString(n));
    String[] keys = {
      "z0", "z1", "z2", "z3", "l0", "l1", "none", "none", rnd.nextInt(4) == 0 ? "s0" : "z0"
    };
    for (int i = 0; i < n; i++) {
      add(a, keys[rnd.nextInt(keys.length)]);
    }
    add(a, rnd.nextInt(40) == 0 ? "middle" : mixCase(rnd, rnd.nextBoolean() ? "MIN" : "MAX"));
    if (rnd.nextInt(2) == 0) {
      String[] counts = {"1", "2", "5", "10", "200", "0", "-1", "x"};
      add(a, mixCase(rnd, "COUNT"), counts[rnd.nextInt(rnd.nextInt(10) == 0 ? 8 : 5)]);
    }
    if (rnd.nextInt(40) == 0) {
      add(a, new String[] {"COUNT", "COUNT 3", "foo"}[rnd.nextInt(3)].split(" "));
    }
  }

  /**
   * ZRANDMEMBER key [count [WITHSCORES]]. A large negative count only comes with WITHSCORES, which
   * refuses it: without, Redis would start streaming that many picks.
   */
  private void zrandmember(List<byte[]> a, String key) {
    add(a, "ZRANDMEMBER", rnd.nextInt(20) == 0 ? "none" : key);
    int r = rnd.nextInt(10);
    if (r == 0) {
      return;
    }
    boolean withScores = rnd.nextBoolean();
    String[] counts = {
      "0", "1", "2", "3", "5", "-1", "-3", "-8", "127", "128", "129", "400", "-130"
    };
    String[] odd = {"x", "1.5", "-9223372036854775808", "9223372036854775807"};
    String[] overflow = {"-4611686018427387904", "4611686018427387904", "-9223372036854775807"};
    if (r == 1) {
      withScores = true;
      add(a, overflow[rnd.nextInt(overflow.length)]);
    } else if (r == 2) {
      add(a, odd[rnd.nextInt(odd.length)]);
    } else {
      add(a, counts[rnd.nextInt(counts.length)]);
    }
    if (withScores) {
      add(a, mixCase(rnd, "WITHSCORES"));
    }
    if (rnd.nextInt(40) == 0) {
      add(a, "foo");
    }
  }
}
