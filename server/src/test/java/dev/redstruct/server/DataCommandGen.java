package dev.redstruct.server;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random data commands over a few shared keys, for the differentials: strings, counters, lists,
 * sets (membership and counts only), hashes (small, so listpack order), sorted sets, generic and
 * expiry commands, SELECT, WATCH/MULTI/EXEC/DISCARD. Each client's transaction state is tracked so
 * that MULTI/EXEC come in sensible sequences (errors in Redis's order included).
 */
final class DataCommandGen {
  static final String[] KEYS = {"k0", "k1", "k2", "k3", "k4", "k5", "l0", "z0"};
  static final String[] MEMBERS = {"a", "b", "c", "1", "2", "30", "-4", "x y"};

  private final Random r;
  private final boolean[] inMulti = new boolean[8];

  DataCommandGen(Random r) {
    this.r = r;
  }

  static byte[][] utf8(String... args) {
    byte[][] a = new byte[args.length][];
    for (int i = 0; i < args.length; i++) {
      a[i] = args[i].getBytes(StandardCharsets.UTF_8);
    }
    return a;
  }

  private String key() {
    return KEYS[r.nextInt(KEYS.length)];
  }

  private String m() {
    return MEMBERS[r.nextInt(MEMBERS.length)];
  }

  private String num() {
    return Integer.toString(r.nextInt(21) - 10);
  }

  private String[] members(String cmd, String key, int pairs, boolean scored) {
    List<String> a = new ArrayList<>(List.of(cmd, key));
    int n = 1 + r.nextInt(pairs);
    for (int i = 0; i < n; i++) {
      if (scored) {
        a.add(r.nextInt(8) == 0 ? "1.5" : num());
      }
      a.add(m());
    }
    return a.toArray(new String[0]);
  }

  /** Whether client {@code c} is between MULTI and EXEC/DISCARD (its commands are queued). */
  boolean inMulti(int c) {
    return inMulti[c];
  }

  /** The next command for client {@code c}. */
  byte[][] next(int c) {
    int t = r.nextInt(100);
    if (t < 4) {
      return transaction(c);
    }
    String k = key();
    String[] argv =
        switch (r.nextInt(46)) {
          case 0 -> new String[] {"SET", k, m()};
          case 1 -> new String[] {"GET", k};
          case 2 -> new String[] {"INCRBY", k, num()};
          case 3 -> new String[] {"APPEND", k, m()};
          case 4 -> new String[] {"SETRANGE", k, Integer.toString(r.nextInt(6)), m()};
          case 5 -> new String[] {"GETRANGE", k, num(), num()};
          case 6 -> new String[] {"MSET", k, m(), key(), m()};
          case 7 -> new String[] {"MGET", k, key(), key()};
          case 8 -> members(r.nextBoolean() ? "LPUSH" : "RPUSH", k, 3, false);
          case 9 -> new String[] {r.nextBoolean() ? "LPOP" : "RPOP", k};
          case 10 -> new String[] {"LRANGE", k, num(), num()};
          case 11 -> new String[] {"LMOVE", k, key(), side(), side()};
          case 12 -> new String[] {"LINSERT", k, r.nextBoolean() ? "BEFORE" : "AFTER", m(), m()};
          case 13 -> new String[] {"LREM", k, num(), m()};
          case 14 -> new String[] {"LMPOP", "2", k, key(), side(), "COUNT", "2"};
          case 15 -> members("SADD", k, 3, false);
          case 16 -> members("SREM", k, 2, false);
          case 17 -> new String[] {"SCARD", k};
          case 18 -> new String[] {"SISMEMBER", k, m()};
          case 19 -> new String[] {"SINTERCARD", "2", k, key()};
          case 20 -> members("HSET", k, 3, true);
          case 21 -> new String[] {"HGETALL", k};
          case 22 -> new String[] {"HDEL", k, m()};
          case 23 -> new String[] {"HINCRBY", k, m(), num()};
          case 24 -> members("ZADD", k, 3, true);
          case 25 -> new String[] {"ZRANGE", k, "0", "-1", "WITHSCORES"};
          case 26 -> new String[] {"ZINCRBY", k, num(), m()};
          case 27 -> new String[] {r.nextBoolean() ? "ZPOPMIN" : "ZPOPMAX", k};
          case 28 -> new String[] {"ZMPOP", "2", k, key(), r.nextBoolean() ? "MIN" : "MAX"};
          case 29 -> new String[] {"ZUNIONSTORE", k, "2", key(), key()};
          case 30 -> new String[] {"ZSCORE", k, m()};
          case 31 -> new String[] {"DEL", k, key()};
          case 32 -> new String[] {"EXISTS", k, key()};
          case 33 -> new String[] {"TYPE", k};
          case 34 -> new String[] {"EXPIRE", k, "1000"};
          case 35 -> new String[] {"TTL", k};
          case 36 -> new String[] {"PERSIST", k};
          case 37 -> new String[] {"RENAME", k, key()};
          case 38 -> new String[] {"COPY", k, key(), "REPLACE"};
          case 39 -> new String[] {"OBJECT", "ENCODING", k};
          case 40 -> new String[] {"SELECT", Integer.toString(r.nextInt(2))};
          case 41 -> new String[] {"MOVE", k, Integer.toString(r.nextInt(2))};
          case 42 -> new String[] {"WATCH", k};
          case 43 -> new String[] {"DBSIZE"};
          case 44 -> new String[] {"LLEN", k};
          default -> new String[] {"SETNX", k, m()};
        };
    return utf8(argv);
  }

  private String side() {
    return r.nextBoolean() ? "LEFT" : "RIGHT";
  }

  /** MULTI, a queued command, EXEC/DISCARD, and the errors around them. */
  private byte[][] transaction(int c) {
    if (!inMulti[c]) {
      inMulti[c] = r.nextInt(8) != 0;
      return utf8(inMulti[c] ? "MULTI" : r.nextBoolean() ? "EXEC" : "UNWATCH");
    }
    switch (r.nextInt(6)) {
      case 0:
        inMulti[c] = false;
        return utf8("DISCARD");
      case 1:
        return utf8(r.nextBoolean() ? "GET" : "NOSUCHCOMMAND", "x"); // EXECABORT after
      case 2:
        return utf8("PING");
      default:
        inMulti[c] = false;
        return utf8("EXEC");
    }
  }
}
