package dev.redstruct.server;

import java.util.Random;

/**
 * What {@link DataCommandGen} leaves out, for the multi-client differential: more string, bitmap,
 * HyperLogLog, geo, list, set, hash and sorted-set commands, DUMP (payload bytes), SORT, expiry
 * variants, blocking pops (as plain commands: inside MULTI and scripts they do not block), and Lua
 * scripts (EVAL, EVALSHA, EVAL_RO: type conversions, redis.call and pcall of data commands,
 * errors). Replies whose order follows Redis's hash seed are avoided (no SMEMBERS, SINTER, HKEYS of
 * big hashes, KEYS, SCAN, SPOP, SRANDMEMBER, RANDOMKEY).
 */
final class WideCommandGen {
  /**
   * 2100-01-01 in Unix seconds: expiry set at fixed absolute times, so that GT/NX and EXPIRETIME
   * replies do not depend on the millisecond (or second) each server's clock read.
   */
  private static final long FAR_SECONDS = 4_102_444_800L;

  /** Scripts loaded with SCRIPT LOAD at the start; EVALSHA names them by SHA-1. */
  static final String[] SCRIPTS = {
    "return redis.call(ARGV[1], KEYS[1], unpack(ARGV, 2))",
    "return redis.pcall(ARGV[1], KEYS[1], unpack(ARGV, 2))",
    "local r = redis.pcall(ARGV[1], KEYS[1], unpack(ARGV, 2)) return {type(r), r}",
    "return {1, 2.9, 'x', true, false, nil, {err='e1'}, {ok='fine'}, -3}",
    "local n = redis.call('incrby', KEYS[1], ARGV[1]) return n * 2",
    "return redis.call('lrange', KEYS[1], 0, -1)",
    "return redis.call('hgetall', KEYS[1])",
    "return redis.call('blpop', KEYS[1], 0)",
    "return redis.call('bzpopmin', KEYS[1], 0)",
    "redis.call('publish', 'a1', ARGV[1]) return redis.call('exists', KEYS[1])",
    "return redis.status_reply(ARGV[1])",
    "return redis.error_reply(ARGV[1])",
    "return cjson.encode({KEYS[1], tonumber(ARGV[1])})",
    "return redis.call('type', KEYS[1])",
    "return redis.sha1hex(ARGV[1])",
    "return bit.band(tonumber(ARGV[1]), 6)",
  };

  private final Random r;
  private final String[] shas;

  WideCommandGen(Random r, String[] shas) {
    this.r = r;
    this.shas = shas;
  }

  private String key() {
    return DataCommandGen.KEYS[r.nextInt(DataCommandGen.KEYS.length)];
  }

  private String m() {
    return DataCommandGen.MEMBERS[r.nextInt(DataCommandGen.MEMBERS.length)];
  }

  private String num() {
    return Integer.toString(r.nextInt(21) - 10);
  }

  private String lon() {
    return Double.toString(-10 + r.nextInt(200) / 10.0);
  }

  /**
   * The one key PFADD adds elements to. No string command touches it: Redis walks a sparse body
   * only up to the register PFADD sets, so it adds to an HLL whose tail APPEND or SETRANGE broke,
   * where ours refuses the value whole (INVALIDOBJ; keyspace's HllCommands notes the difference).
   */
  static final String HLL_KEY = "h0";

  /** DUMP of any type but set (a hashtable set's payload lists members in hash-seed order). */
  static final String DUMP_UNLESS_SET =
      "if redis.call('type', KEYS[1]).ok ~= 'set' then return redis.call('dump', KEYS[1]) end";

  /** The next command. */
  byte[][] next() {
    String k = key();
    String[] argv =
        switch (r.nextInt(48)) {
          case 0 -> new String[] {"STRLEN", k};
          case 1 ->
              r.nextBoolean()
                  ? new String[] {"GETEX", k, "PERSIST"}
                  : new String[] {"GETEX", k, "EXAT", Long.toString(FAR_SECONDS)};
          case 2 -> new String[] {"GETDEL", k};
          case 3 -> new String[] {"INCRBYFLOAT", k, r.nextBoolean() ? "1.5" : "-0.25"};
          case 4 -> new String[] {"SETBIT", k, Integer.toString(r.nextInt(40)), "1"};
          case 5 -> new String[] {"BITCOUNT", k, num(), num()};
          case 6 -> new String[] {"BITPOS", k, Integer.toString(r.nextInt(2))};
          case 7 ->
              r.nextBoolean()
                  ? new String[] {"PFADD", HLL_KEY, m(), m()}
                  : new String[] {"PFADD", k};
          case 8 ->
              r.nextBoolean()
                  ? new String[] {"PFCOUNT", k, HLL_KEY}
                  : new String[] {"PFMERGE", HLL_KEY, k};
          case 9 -> new String[] {"GEOADD", k, lon(), lon(), m()};
          case 10 -> new String[] {"GEODIST", k, m(), m()};
          case 11 -> new String[] {"GEOPOS", k, m()};
          case 12 -> new String[] {"LINDEX", k, num()};
          case 13 -> new String[] {"LSET", k, num(), m()};
          case 14 -> new String[] {"LTRIM", k, num(), num()};
          case 15 -> new String[] {"LPOS", k, m(), "RANK", r.nextBoolean() ? "1" : "-1"};
          case 16 -> new String[] {"RPOPLPUSH", k, key()};
          case 17 -> new String[] {"SMISMEMBER", k, m(), m()};
          case 18 -> new String[] {"SMOVE", k, key(), m()};
          case 19 -> new String[] {"SINTERSTORE", k, key(), key()};
          case 20 -> new String[] {"HMGET", k, m(), m()};
          case 21 -> new String[] {"HSTRLEN", k, m()};
          case 22 -> new String[] {"HINCRBYFLOAT", k, m(), "0.5"};
          case 23 -> new String[] {"HSETNX", k, m(), num()};
          case 24 -> new String[] {"ZRANK", k, m()};
          case 25 -> new String[] {"ZCOUNT", k, "-5", "(5"};
          case 26 -> new String[] {"ZRANGEBYSCORE", k, "-inf", "+inf", "LIMIT", "0", "3"};
          case 27 -> new String[] {"ZREMRANGEBYRANK", k, "0", "0"};
          case 28 -> new String[] {"ZRANGESTORE", k, key(), "0", "-1"};
          case 29 -> new String[] {"ZINTERSTORE", k, "2", key(), key(), "AGGREGATE", "MAX"};
          case 30 -> new String[] {"EVAL", DUMP_UNLESS_SET, "1", k}; // hashtable sets: seed order
          case 31 ->
              new String[] {"SORT", k, "LIMIT", "0", "5", r.nextBoolean() ? "ALPHA" : "DESC"};
          case 32 -> // absolute times: a relative TTL would compare each server's own clock
              new String[] {
                "PEXPIREAT",
                k,
                Long.toString(FAR_SECONDS * 1000 + 1000L * r.nextInt(3)),
                r.nextBoolean() ? "NX" : "GT"
              };
          case 33 -> new String[] {"EXPIRETIME", k};
          case 34 -> new String[] {"UNLINK", k};
          case 35 -> new String[] {"RENAMENX", k, key()};
          case 36 -> new String[] {"LPUSHX", k, m()};
          case 37 -> new String[] {"ZMSCORE", k, m(), m()};
          case 38 -> new String[] {"BLPOP", k, key(), "0"};
          case 39 -> new String[] {"BZPOPMAX", k, "0"};
          case 40 -> new String[] {"BLMOVE", k, key(), "LEFT", "RIGHT", "0"};
          case 41 -> new String[] {"PUBLISH", PubSubRandomRedisIT.CHANNELS[r.nextInt(5)], m()};
          case 42, 43, 44 -> script(k);
          case 45 -> new String[] {"HLEN", k};
          case 46 -> new String[] {"LCS", k, key()};
          default -> new String[] {"OBJECT", "ENCODING", k};
        };
    return DataCommandGen.utf8(argv);
  }

  /** EVAL / EVALSHA / EVAL_RO of one of {@link #SCRIPTS} with suitable arguments. */
  private String[] script(String k) {
    int s = r.nextInt(SCRIPTS.length);
    String[] args =
        switch (s) {
          case 0, 1, 2 -> dataCommand(k);
          case 4, 12, 15 -> new String[] {num()};
          case 10 -> new String[] {"FINE"};
          case 11 -> new String[] {r.nextBoolean() ? "ERR custom" : "MYERR x"};
          default -> new String[] {m()};
        };
    String how = r.nextInt(4) == 0 ? "EVALSHA" : r.nextInt(6) == 0 ? "EVAL_RO" : "EVAL";
    String[] argv = new String[4 + args.length];
    argv[0] = how;
    argv[1] = how.equals("EVALSHA") ? shas[s] : SCRIPTS[s];
    argv[2] = "1";
    argv[3] = k;
    System.arraycopy(args, 0, argv, 4, args.length);
    return argv;
  }

  /** A data command's name and arguments after the key, for scripts 0-2. */
  private String[] dataCommand(String k) {
    return switch (r.nextInt(10)) {
      case 0 -> new String[] {"set", m()};
      case 1 -> new String[] {"get"};
      case 2 -> new String[] {"rpush", m(), m()};
      case 3 -> new String[] {"zadd", num(), m()};
      case 4 -> new String[] {"hset", m(), num()};
      case 5 -> new String[] {"sadd", m()};
      case 6 -> new String[] {"incr"};
      case 7 -> new String[] {"zrange", "0", "-1", "withscores"};
      case 8 -> new String[] {"lpop"};
      default -> new String[] {"nosuchcommand"};
    };
  }
}
