package dev.redstruct.keyspace;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Random commands over every type at once on a small shared key set, so WRONGTYPE, type changes,
 * DEL of every type, RENAME/COPY/MOVE across types and SELECT happen all the time. Expiry uses
 * absolute times only (far past, far future) or relative times that delete at once, so no clock
 * race decides a verdict; about one command in twenty is malformed.
 */
final class KeyspaceCommandGen {
  static final String[] KEYS = {"k0", "k1", "k2", "k3", "k4", "k5", "{x}", "k:longer-key-name"};

  /** A far-future absolute time in ms (year 2286 and later), never reached during a run. */
  static final long FAR = 10_000_000_000_000L;

  /** The families of commands the generator draws from (widened as faces land). */
  private final List<Family> families = new ArrayList<>();

  private record Family(int weight, Gen gen) {}

  @FunctionalInterface
  interface Gen {
    void fill(SplittableRandom r, List<String> a);
  }

  /** Commands whose reply order follows the server's hash seed: compared as multisets. */
  static final Set<String> UNORDERED =
      Set.of(
          "keys",
          "smembers",
          "sinter",
          "sunion",
          "sdiff",
          "hgetall",
          "hkeys",
          "hvals",
          "smismember");

  /** Commands whose reply depends on the current time: compared within a tolerance. */
  static final Set<String> TIMED = Set.of("ttl", "pttl", "expiretime", "pexpiretime");

  KeyspaceCommandGen() {
    families.add(new Family(22, KeyspaceCommandGen::generic));
    families.add(new Family(10, KeyspaceCommandGen::expiry));
    families.add(new Family(20, KeyspaceCommandGen::list));
    families.add(new Family(24, KeyspaceCommandGen::string));
    families.add(new Family(6, KeyspaceCommandGen::hll));
    families.add(new Family(20, KeyspaceCommandGen::zset));
    families.add(new Family(6, KeyspaceCommandGen::geo));
    families.add(new Family(4, KeyspaceCommandGen::lex));
    families.add(new Family(20, KeyspaceCommandGen::set));
    families.add(new Family(20, KeyspaceCommandGen::hash));
  }

  byte[][] command(SplittableRandom r) {
    int total = 0;
    for (Family f : families) {
      total += f.weight;
    }
    int pick = r.nextInt(total);
    List<String> a = new ArrayList<>();
    for (Family f : families) {
      pick -= f.weight;
      if (pick < 0) {
        f.gen.fill(r, a);
        break;
      }
    }
    if (r.nextInt(40) == 0 && a.size() > 1) {
      a.remove(a.size() - 1); // often an arity error
    }
    byte[][] argv = new byte[a.size()][];
    for (int i = 0; i < argv.length; i++) {
      argv[i] = a.get(i).getBytes(StandardCharsets.UTF_8);
    }
    return argv;
  }

  static String key(SplittableRandom r) {
    return KEYS[r.nextInt(KEYS.length)];
  }

  static String member(SplittableRandom r) {
    int k = r.nextInt(20);
    if (k < 8) {
      return Integer.toString(r.nextInt(-5, 30));
    } else if (k == 8) {
      return Long.toString(r.nextLong());
    } else if (k == 9) {
      return "x".repeat(60 + r.nextInt(10)); // straddles the 64-byte listpack value limit
    } else if (k == 10) {
      return "";
    }
    return "m" + r.nextInt(12);
  }

  static String count(SplittableRandom r) {
    int k = r.nextInt(10);
    return k == 0 ? "-1" : k == 1 ? "x" : Integer.toString(r.nextInt(6));
  }

  private static void keys(SplittableRandom r, List<String> a, int max) {
    int n = 1 + r.nextInt(max);
    for (int i = 0; i < n; i++) {
      a.add(key(r));
    }
  }

  static void generic(SplittableRandom r, List<String> a) {
    switch (r.nextInt(17)) {
      case 0, 1 -> {
        a.add(r.nextBoolean() ? "DEL" : "UNLINK");
        keys(r, a, 3);
      }
      case 2 -> {
        a.add("EXISTS");
        keys(r, a, 4);
      }
      case 3, 4 -> a.addAll(List.of("TYPE", key(r)));
      case 5 -> a.addAll(List.of(r.nextBoolean() ? "RENAME" : "RENAMENX", key(r), key(r)));
      case 6 -> {
        a.addAll(List.of("COPY", key(r), key(r)));
        if (r.nextBoolean()) {
          a.addAll(List.of("DB", Integer.toString(r.nextInt(-1, 3))));
        }
        if (r.nextBoolean()) {
          a.add("REPLACE");
        }
      }
      case 7 -> {
        a.add("TOUCH");
        keys(r, a, 3);
      }
      case 8 -> a.addAll(List.of("MOVE", key(r), Integer.toString(r.nextInt(-1, 3))));
      case 9 ->
          a.addAll(List.of("SELECT", Integer.toString(r.nextInt(20) == 0 ? 16 : r.nextInt(3))));
      case 10 -> a.add("DBSIZE");
      case 11 -> a.addAll(List.of("KEYS", r.nextBoolean() ? "*" : "k[0-3]*"));
      case 12 -> a.addAll(List.of("OBJECT", "ENCODING", key(r)));
      case 13 ->
          a.addAll(
              List.of("SWAPDB", Integer.toString(r.nextInt(3)), Integer.toString(r.nextInt(3))));
      case 14 -> a.add(r.nextInt(50) == 0 ? "FLUSHDB" : "PING");
      case 15 -> a.addAll(List.of("ECHO", member(r)));
      default -> a.addAll(List.of("NOSUCHCOMMAND", key(r)));
    }
  }

  static void expiry(SplittableRandom r, List<String> a) {
    switch (r.nextInt(6)) {
      case 0 -> {
        // absolute: far past (deletes), far future (kept), or a flag check against both
        a.add(r.nextBoolean() ? "PEXPIREAT" : "EXPIREAT");
        long t = r.nextInt(4) == 0 ? r.nextLong(-1000, 1_000_000) : FAR + r.nextInt(1_000_000);
        a.addAll(List.of(key(r), Long.toString(a.get(0).equals("EXPIREAT") ? t / 1000 : t)));
        flags(r, a);
      }
      case 1 -> {
        // relative: only times that delete at once, or NX/XX with a time far from the others
        a.addAll(List.of(r.nextBoolean() ? "PEXPIRE" : "EXPIRE", key(r)));
        if (r.nextBoolean()) {
          a.add(Integer.toString(-r.nextInt(100)));
          flags(r, a);
        } else {
          a.add(Integer.toString(1_000_000 + r.nextInt(1000)));
          a.add(r.nextBoolean() ? "NX" : "XX");
        }
      }
      case 2 -> a.addAll(List.of(r.nextBoolean() ? "PEXPIRETIME" : "EXPIRETIME", key(r)));
      case 3 -> a.addAll(List.of(r.nextBoolean() ? "PTTL" : "TTL", key(r)));
      case 4 -> a.addAll(List.of("PERSIST", key(r)));
      default -> a.addAll(List.of("EXPIRE", key(r), r.nextBoolean() ? "x" : "99999999999999999"));
    }
  }

  private static void flags(SplittableRandom r, List<String> a) {
    String[] f = {"NX", "XX", "GT", "LT", "gt", "bogus"};
    int n = r.nextInt(4) == 0 ? 2 : r.nextInt(2);
    for (int i = 0; i < n; i++) {
      a.add(f[r.nextInt(f.length)]);
    }
  }

  static String value(SplittableRandom r) {
    int k = r.nextInt(12);
    if (k < 4) {
      return Integer.toString(r.nextInt(-20, 20000)); // int, shared below 10000
    } else if (k == 4) {
      return "1.5";
    } else if (k == 5) {
      return "y".repeat(40 + r.nextInt(10)); // straddles the 44-byte embstr limit
    }
    return member(r);
  }

  static void string(SplittableRandom r, List<String> a) {
    String k = key(r);
    switch (r.nextInt(24)) {
      case 0, 1, 2 -> {
        a.addAll(List.of("SET", k, value(r)));
        String[] opts = {"NX", "XX", "GET", "KEEPTTL", "EX", "PXAT", "PX"};
        int n = r.nextInt(3);
        for (int i = 0; i < n; i++) {
          String o = opts[r.nextInt(opts.length)];
          a.add(o);
          if (o.equals("EX")) {
            a.add(Integer.toString(r.nextInt(-1, 100_000)));
          } else if (o.equals("PX")) {
            a.add(Integer.toString(1_000_000 + r.nextInt(1000)));
          } else if (o.equals("PXAT")) {
            a.add(Long.toString(r.nextBoolean() ? FAR + r.nextInt(1000) : r.nextInt(1000)));
          }
        }
      }
      case 3, 4 -> a.addAll(List.of("GET", k));
      case 5 -> a.addAll(List.of(r.nextBoolean() ? "GETDEL" : "STRLEN", k));
      case 6 -> {
        a.addAll(List.of("GETEX", k));
        int o = r.nextInt(4);
        if (o == 1) {
          a.add("PERSIST");
        } else if (o == 2) {
          a.addAll(List.of("PXAT", Long.toString(FAR + r.nextInt(1000))));
        } else if (o == 3) {
          a.addAll(List.of("EX", "1000"));
        }
      }
      case 7 -> a.addAll(List.of("GETSET", k, value(r)));
      case 8 ->
          a.addAll(List.of(r.nextBoolean() ? "MSET" : "MSETNX", k, value(r), key(r), value(r)));
      case 9 -> a.addAll(List.of("MGET", k, key(r), key(r)));
      case 10 -> a.addAll(List.of("APPEND", k, value(r)));
      case 11 -> a.addAll(List.of("GETRANGE", k, Integer.toString(r.nextInt(-5, 5)), "-1"));
      case 12 -> a.addAll(List.of("SETRANGE", k, Integer.toString(r.nextInt(-1, 50)), value(r)));
      case 13 -> a.addAll(List.of(r.nextBoolean() ? "INCR" : "DECR", k));
      case 14 ->
          a.addAll(
              List.of(
                  r.nextBoolean() ? "INCRBY" : "DECRBY", k, Integer.toString(r.nextInt(-50, 50))));
      case 15 -> a.addAll(List.of("INCRBYFLOAT", k, r.nextInt(-9, 9) + "." + r.nextInt(100)));
      case 16 ->
          a.addAll(
              List.of(r.nextBoolean() ? "SETNX" : "SETEX", k, r.nextBoolean() ? "100" : value(r)));
      case 17 -> a.addAll(List.of("LCS", k, key(r)));
      case 18 ->
          a.addAll(
              List.of(
                  "SETBIT", k, Integer.toString(r.nextInt(200)), Integer.toString(r.nextInt(2))));
      case 19 ->
          a.addAll(
              List.of(
                  r.nextBoolean() ? "GETBIT" : "BITCOUNT", k, Integer.toString(r.nextInt(100))));
      case 20 -> a.addAll(List.of("BITOP", r.nextBoolean() ? "OR" : "XOR", k, key(r), key(r)));
      case 21 ->
          a.addAll(
              List.of(
                  "BITFIELD",
                  k,
                  "INCRBY",
                  "i8",
                  Integer.toString(r.nextInt(64)),
                  "7",
                  "GET",
                  "u4",
                  "0"));
      case 22 -> a.addAll(List.of("GETBIT", k, Integer.toString(r.nextInt(1000))));
      default -> a.addAll(List.of("BITPOS", k, Integer.toString(r.nextInt(2))));
    }
  }

  /**
   * HyperLogLogs live on keys of their own that no other string command edits: Redis 7.0.15 reads a
   * corrupted sparse HLL (an HLL after SETRANGE, say) lazily and may still add to it, where the hll
   * module refuses the whole value (see the README's differences).
   */
  static final String[] HLL_KEYS = {"pf0", "pf1"};

  static void hll(SplittableRandom r, List<String> a) {
    String k = HLL_KEYS[r.nextInt(2)];
    String other = HLL_KEYS[r.nextInt(2)];
    switch (r.nextInt(10)) {
      case 0, 1, 2, 3 -> {
        a.addAll(List.of("PFADD", k));
        int n = r.nextInt(r.nextInt(10) == 0 ? 200 : 5);
        for (int i = 0; i < n; i++) {
          a.add(member(r) + r.nextInt(100));
        }
      }
      case 4, 5 -> a.addAll(List.of("PFCOUNT", k, other));
      case 6 -> a.addAll(List.of("PFMERGE", k, other));
      case 7 -> a.addAll(List.of(r.nextBoolean() ? "RENAME" : "COPY", k, other));
      case 8 -> a.addAll(List.of(r.nextBoolean() ? "DEL" : "GET", k));
      default -> a.addAll(List.of("MOVE", k, Integer.toString(r.nextInt(3))));
    }
  }

  static void list(SplittableRandom r, List<String> a) {
    String k = key(r);
    switch (r.nextInt(14)) {
      case 0, 1, 2 -> {
        a.addAll(List.of(r.nextBoolean() ? "LPUSH" : "RPUSH", k));
        int n = 1 + r.nextInt(4);
        for (int i = 0; i < n; i++) {
          a.add(member(r));
        }
      }
      case 3 -> a.addAll(List.of(r.nextBoolean() ? "LPOP" : "RPOP", k));
      case 4 -> a.addAll(List.of(r.nextBoolean() ? "LPOP" : "RPOP", k, count(r)));
      case 5 -> a.addAll(List.of("LRANGE", k, Integer.toString(r.nextInt(-5, 5)), "-1"));
      case 6 -> a.addAll(List.of("LLEN", k));
      case 7 -> a.addAll(List.of("LINDEX", k, Integer.toString(r.nextInt(-4, 4))));
      case 8 -> a.addAll(List.of("LSET", k, Integer.toString(r.nextInt(-3, 3)), member(r)));
      case 9 -> a.addAll(List.of("LREM", k, Integer.toString(r.nextInt(-2, 3)), member(r)));
      case 10 -> a.addAll(List.of("LMOVE", k, key(r), side(r), side(r)));
      case 11 -> a.addAll(List.of("RPOPLPUSH", k, key(r)));
      case 12 -> a.addAll(List.of("LPOS", k, member(r)));
      default -> a.addAll(List.of("LTRIM", k, Integer.toString(r.nextInt(3)), "-1"));
    }
  }

  private static String side(SplittableRandom r) {
    return r.nextBoolean() ? "LEFT" : "RIGHT";
  }

  static String score(SplittableRandom r) {
    int k = r.nextInt(10);
    return k == 0
        ? "-inf"
        : k == 1 ? "+inf" : k == 2 ? "x" : r.nextInt(-5, 20) + (k == 3 ? ".5" : "");
  }

  static void zset(SplittableRandom r, List<String> a) {
    String k = key(r);
    switch (r.nextInt(20)) {
      case 0, 1, 2, 3 -> {
        a.addAll(List.of("ZADD", k));
        String[] opts = {"NX", "XX", "GT", "LT", "CH", "INCR"};
        if (r.nextInt(3) == 0) {
          a.add(opts[r.nextInt(opts.length)]);
        }
        int n = 1 + r.nextInt(3);
        for (int i = 0; i < n; i++) {
          a.add(score(r));
          a.add(member(r));
        }
      }
      case 4 -> a.addAll(List.of("ZINCRBY", k, score(r), member(r)));
      case 5 -> a.addAll(List.of("ZREM", k, member(r), member(r)));
      case 6 ->
          a.addAll(
              r.nextBoolean() ? List.of("ZCARD", k) : List.of("ZRANDMEMBER", k, "0", "WITHSCORES"));
      case 7 -> a.addAll(List.of(r.nextBoolean() ? "ZSCORE" : "ZRANK", k, member(r)));
      case 8 -> {
        a.addAll(List.of("ZRANGE", k, Integer.toString(r.nextInt(-3, 3)), "-1"));
        if (r.nextBoolean()) {
          a.add("WITHSCORES");
        }
      }
      case 9 -> a.addAll(List.of("ZRANGE", k, "(1", "+inf", "BYSCORE", "LIMIT", "0", "3"));
      case 10 -> a.addAll(List.of("ZREVRANGE", k, "0", Integer.toString(r.nextInt(-2, 4))));
      case 11 ->
          a.addAll(List.of("ZRANGESTORE", key(r), k, "0", Integer.toString(r.nextInt(-2, 4))));
      case 12 ->
          a.addAll(List.of(r.nextBoolean() ? "ZCOUNT" : "ZREMRANGEBYSCORE", k, score(r), score(r)));
      case 13 -> a.addAll(List.of(r.nextBoolean() ? "ZPOPMIN" : "ZPOPMAX", k, count(r)));
      case 14 -> {
        a.addAll(List.of(r.nextBoolean() ? "ZUNIONSTORE" : "ZINTERSTORE", k, "2", key(r), key(r)));
        if (r.nextBoolean()) {
          a.addAll(List.of("WEIGHTS", "2", score(r)));
        }
        if (r.nextBoolean()) {
          a.addAll(List.of("AGGREGATE", r.nextBoolean() ? "MIN" : "SUM"));
        }
      }
      case 15 ->
          a.addAll(List.of(r.nextBoolean() ? "ZUNION" : "ZDIFF", "2", k, key(r), "WITHSCORES"));
      case 16 -> a.addAll(List.of("ZINTERCARD", "2", k, key(r)));
      case 17 -> a.addAll(List.of("ZMSCORE", k, member(r), member(r)));
      case 18 -> a.addAll(List.of("ZREVRANK", k, member(r)));
      default -> a.addAll(List.of("ZMPOP", "2", k, key(r), r.nextBoolean() ? "MIN" : "MAX"));
    }
  }

  /**
   * Lexicographic ranges on a key of its own whose members all have score 0: Redis defines them
   * only there (on mixed scores its answers follow its traversal, which the skiplist module does
   * not promise to mirror).
   */
  static final String LEX_KEY = "lex0";

  static void lex(SplittableRandom r, List<String> a) {
    String[] bounds = {"-", "+", "[m3", "(m7", "[1", "(x"};
    switch (r.nextInt(5)) {
      case 0, 1 -> a.addAll(List.of("ZADD", LEX_KEY, "0", member(r), "0", member(r)));
      case 2 ->
          a.addAll(
              List.of(
                  "ZLEXCOUNT", LEX_KEY, bounds[r.nextInt(bounds.length)], bounds[r.nextInt(6)]));
      case 3 ->
          a.addAll(
              List.of(
                  "ZRANGE",
                  LEX_KEY,
                  bounds[r.nextInt(6)],
                  bounds[r.nextInt(6)],
                  "BYLEX",
                  "LIMIT",
                  "0",
                  Integer.toString(r.nextInt(-1, 4))));
      default ->
          a.addAll(List.of("ZREMRANGEBYLEX", LEX_KEY, bounds[r.nextInt(6)], bounds[r.nextInt(6)]));
    }
  }

  static void geo(SplittableRandom r, List<String> a) {
    String k = key(r);
    switch (r.nextInt(6)) {
      case 0, 1 ->
          a.addAll(
              List.of(
                  "GEOADD",
                  k,
                  Double.toString(r.nextInt(-1800, 1800) / 10.0),
                  Double.toString(r.nextInt(-850, 850) / 10.0),
                  member(r)));
      case 2 -> a.addAll(List.of(r.nextBoolean() ? "GEOPOS" : "GEOHASH", k, member(r), member(r)));
      case 3 -> a.addAll(List.of("GEODIST", k, member(r), member(r), "km"));
      case 4 ->
          a.addAll(
              List.of(
                  "GEOSEARCH",
                  k,
                  "FROMLONLAT",
                  "0",
                  "0",
                  "BYRADIUS",
                  "5000",
                  "km",
                  "ASC",
                  "WITHDIST"));
      default ->
          a.addAll(
              List.of(
                  "GEOSEARCHSTORE",
                  key(r),
                  k,
                  "FROMLONLAT",
                  "10",
                  "10",
                  "BYBOX",
                  "9000",
                  "9000",
                  "km"));
    }
  }

  static void set(SplittableRandom r, List<String> a) {
    String k = key(r);
    switch (r.nextInt(12)) {
      case 0, 1, 2 -> {
        a.addAll(List.of("SADD", k));
        int n = 1 + r.nextInt(4);
        for (int i = 0; i < n; i++) {
          a.add(member(r));
        }
      }
      case 3 -> a.addAll(List.of("SREM", k, member(r), member(r)));
      case 4 -> a.addAll(List.of("SISMEMBER", k, member(r)));
      case 5 -> a.addAll(List.of("SMEMBERS", k));
      case 6 -> a.addAll(List.of("SCARD", k));
      case 7 -> a.addAll(List.of("SINTER", k, key(r)));
      case 8 ->
          a.addAll(List.of(r.nextBoolean() ? "SUNIONSTORE" : "SDIFFSTORE", k, key(r), key(r)));
      case 9 -> a.addAll(List.of("SINTERSTORE", k, key(r), key(r)));
      case 10 -> a.addAll(List.of("SMOVE", k, key(r), member(r)));
      default -> a.addAll(List.of("SMISMEMBER", k, member(r), member(r)));
    }
  }

  static void hash(SplittableRandom r, List<String> a) {
    String k = key(r);
    switch (r.nextInt(12)) {
      case 0, 1, 2 -> {
        a.addAll(List.of("HSET", k));
        int n = 1 + r.nextInt(3);
        for (int i = 0; i < n; i++) {
          a.add("f" + r.nextInt(8));
          a.add(member(r));
        }
      }
      case 3 -> a.addAll(List.of("HGET", k, "f" + r.nextInt(8)));
      case 4 -> a.addAll(List.of("HDEL", k, "f" + r.nextInt(8), "f" + r.nextInt(8)));
      case 5 -> a.addAll(List.of("HLEN", k));
      case 6 -> a.addAll(List.of("HGETALL", k));
      case 7 ->
          a.addAll(List.of("HINCRBY", k, "f" + r.nextInt(8), Integer.toString(r.nextInt(-9, 9))));
      case 8 -> a.addAll(List.of("HINCRBYFLOAT", k, "f" + r.nextInt(8), r.nextInt(-9, 9) + ".25"));
      case 9 -> a.addAll(List.of("HMGET", k, "f" + r.nextInt(8), "f" + r.nextInt(8)));
      case 10 -> a.addAll(List.of("HSETNX", k, "f" + r.nextInt(8), member(r)));
      default -> a.addAll(List.of(r.nextBoolean() ? "HKEYS" : "HVALS", k));
    }
  }
}
