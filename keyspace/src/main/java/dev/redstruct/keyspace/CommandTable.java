package dev.redstruct.keyspace;

import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;

/**
 * The one command table: every command the keyspace runs, with its arity, flags and key positions
 * exactly as Redis 7.0.15's {@code COMMAND INFO} reports them ({@code CommandTableRedisIT} checks
 * each row against the server), and the code that runs it. Redis: the command table of
 * src/commands.c and lookupCommand (src/server.c).
 */
final class CommandTable {
  /*
   * One handler object per face, shared by its commands, and no method reference: each method
   * reference in source is its own call site, and the JVM spins a class for each at first use
   * (0.5-2 ms apiece on a cold JVM), so rows naming methods cost a server's first start in a JVM
   * ~100 ms (issue 34). The faces are Faces.Face's constants; the other rows name GenericCommands.
   */
  private static final Command.Handler STRING_FACE = Faces.Face.STRING;
  private static final Command.Handler ZSET_FACE = Faces.Face.ZSET;
  private static final Command.Handler GEO_FACE = Faces.Face.GEO;
  private static final Command.Handler LIST_FACE = Faces.Face.LIST;
  private static final Command.Handler SET_FACE = Faces.Face.SET;
  private static final Command.Handler HASH_FACE = Faces.Face.HASH;
  private static final Command.Handler STREAM_FACE = Faces.Face.STREAM;
  private static final Command.Handler GENERIC = GenericCommands.INSTANCE;

  private final Map<String, Command> commands = new HashMap<>();

  /**
   * The same commands by name for {@link #lookup}: open addressing on an ASCII case-folded hash of
   * the name bytes, so that a lookup reads argv[0] once and allocates nothing. Power-of-two size,
   * at most half full.
   */
  private Command[] slots = new Command[512];

  CommandTable() {
    addGeneric();
    addServer();
    addStrings();
    addFaces();
    addStreams();
  }

  /** Every top-level command. */
  Collection<Command> commands() {
    return Collections.unmodifiableCollection(commands.values());
  }

  /**
   * Redis: lookupCommand. Names match ASCII case-insensitively and byte for byte; a container
   * (OBJECT) given a subcommand resolves to it, and to null when the subcommand is unknown.
   */
  Command lookup(byte[][] argv) {
    Command base = find(argv[0]);
    if (base == null || !base.isContainer() || argv.length == 1) {
      return base;
    }
    for (Command sub : base.subcommands.values()) {
      if (sameName(sub.subName, argv[1])) {
        return sub;
      }
    }
    return null;
  }

  /** Whether argv[0] names a command of the table (a container included). */
  boolean isKnown(byte[] name) {
    return find(name) != null;
  }

  /** Whether argv[0] names a container, for the "unknown subcommand" error. */
  boolean isContainer(byte[] name) {
    Command base = find(name);
    return base != null && base.isContainer();
  }

  /** Redis: dictFetchValue(server.commands, name) with its case-insensitive hash and compare. */
  private Command find(byte[] name) {
    int mask = slots.length - 1;
    for (int i = foldedHash(name) & mask; slots[i] != null; i = (i + 1) & mask) {
      if (sameName(slots[i].nameBytes, name)) {
        return slots[i];
      }
    }
    return null;
  }

  private static int foldedHash(byte[] name) {
    int h = 0;
    for (byte b : name) {
      h = 31 * h + fold(b);
    }
    return h ^ (h >>> 16);
  }

  private static int fold(int b) {
    return b >= 'A' && b <= 'Z' ? b | 0x20 : b;
  }

  /**
   * Whether {@code arg} is the lower-case ASCII {@code name} in any case (strcasecmp, length too).
   */
  private static boolean sameName(byte[] name, byte[] arg) {
    if (name.length != arg.length) {
      return false;
    }
    for (int i = 0; i < name.length; i++) {
      if (name[i] != fold(arg[i])) {
        return false;
      }
    }
    return true;
  }

  private Command add(
      String name, int arity, String flags, int first, int last, int step, Command.Handler h) {
    Command c = new Command(name, arity, flags, first, last, step, h);
    commands.put(name, c);
    index(c);
    return c;
  }

  private void index(Command c) {
    if (2 * (commands.size() + 1) > slots.length) {
      Command[] old = slots;
      slots = new Command[old.length * 2];
      for (Command o : old) {
        if (o != null && o != c) {
          index(o);
        }
      }
    }
    int mask = slots.length - 1;
    int i = foldedHash(c.nameBytes) & mask;
    while (slots[i] != null && slots[i] != c) {
      i = (i + 1) & mask;
    }
    slots[i] = c;
  }

  private void addGeneric() {
    add("del", -2, "write", 1, -1, 1, GENERIC);
    add("unlink", -2, "write,fast", 1, -1, 1, GENERIC);
    add("exists", -2, "readonly,fast", 1, -1, 1, GENERIC);
    add("type", 2, "readonly,fast", 1, 1, 1, GENERIC);
    add("rename", 3, "write", 1, 2, 1, GENERIC);
    add("renamenx", 3, "write,fast", 1, 2, 1, GENERIC);
    add("copy", -3, "write,denyoom", 1, 2, 1, GENERIC);
    add("touch", -2, "readonly,fast", 1, -1, 1, GENERIC);
    add("randomkey", 1, "readonly", 0, 0, 0, GENERIC);
    add("keys", 2, "readonly", 0, 0, 0, GENERIC);
    add("scan", -2, "readonly", 0, 0, 0, GENERIC);
    Command object = add("object", -2, "", 0, 0, 0, null);
    object.sub("object|idletime", 3, "readonly", 2, 2, 1, GENERIC);
    object.sub("object|encoding", 3, "readonly", 2, 2, 1, GENERIC);
    object.sub("object|help", 2, "loading,stale", 0, 0, 0, GENERIC);
    object.sub("object|freq", 3, "readonly", 2, 2, 1, GENERIC);
    object.sub("object|refcount", 3, "readonly", 2, 2, 1, GENERIC);
    add("dump", 2, "readonly", 1, 1, 1, GENERIC);
    add("restore", -4, "write,denyoom", 1, 1, 1, GENERIC);
    add("expire", -3, "write,fast", 1, 1, 1, GENERIC);
    add("pexpire", -3, "write,fast", 1, 1, 1, GENERIC);
    add("expireat", -3, "write,fast", 1, 1, 1, GENERIC);
    add("pexpireat", -3, "write,fast", 1, 1, 1, GENERIC);
    add("ttl", 2, "readonly,fast", 1, 1, 1, GENERIC);
    add("pttl", 2, "readonly,fast", 1, 1, 1, GENERIC);
    add("expiretime", 2, "readonly,fast", 1, 1, 1, GENERIC);
    add("pexpiretime", 2, "readonly,fast", 1, 1, 1, GENERIC);
    add("persist", 2, "write,fast", 1, 1, 1, GENERIC);
    add("move", 3, "write,fast", 1, 1, 1, GENERIC);
    add("sort", -2, "write,denyoom,movablekeys", 1, 1, 1, GENERIC);
    add("sort_ro", -2, "readonly,movablekeys", 1, 1, 1, GENERIC);
  }

  private void addServer() {
    add("select", 2, "loading,stale,fast", 0, 0, 0, GENERIC);
    add("swapdb", 3, "write,fast", 0, 0, 0, GENERIC);
    add("flushdb", -1, "write", 0, 0, 0, GENERIC);
    add("flushall", -1, "write", 0, 0, 0, GENERIC);
    add("dbsize", 1, "readonly,fast", 0, 0, 0, GENERIC);
    add("ping", -1, "fast", 0, 0, 0, GENERIC);
    add("echo", 2, "loading,stale,fast", 0, 0, 0, GENERIC);
    add("multi", 1, "noscript,loading,stale,fast,allow_busy", 0, 0, 0, GENERIC);
    add("exec", 1, "noscript,loading,stale,skip_slowlog", 0, 0, 0, GENERIC);
    add("discard", 1, "noscript,loading,stale,fast,allow_busy", 0, 0, 0, GENERIC);
    add("watch", -2, "noscript,loading,stale,fast,allow_busy", 1, -1, 1, GENERIC);
    add("unwatch", 1, "noscript,loading,stale,fast,allow_busy", 0, 0, 0, GENERIC);
  }

  private void addStrings() {
    add("set", -3, "write,denyoom", 1, 1, 1, STRING_FACE);
    add("setnx", 3, "write,denyoom,fast", 1, 1, 1, STRING_FACE);
    add("setex", 4, "write,denyoom", 1, 1, 1, STRING_FACE);
    add("psetex", 4, "write,denyoom", 1, 1, 1, STRING_FACE);
    add("get", 2, "readonly,fast", 1, 1, 1, STRING_FACE);
    add("getdel", 2, "write,fast", 1, 1, 1, STRING_FACE);
    add("getex", -2, "write,fast", 1, 1, 1, STRING_FACE);
    add("getset", 3, "write,denyoom,fast", 1, 1, 1, STRING_FACE);
    add("mset", -3, "write,denyoom", 1, -1, 2, STRING_FACE);
    add("msetnx", -3, "write,denyoom", 1, -1, 2, STRING_FACE);
    add("mget", -2, "readonly,fast", 1, -1, 1, STRING_FACE);
    add("append", 3, "write,denyoom,fast", 1, 1, 1, STRING_FACE);
    add("strlen", 2, "readonly,fast", 1, 1, 1, STRING_FACE);
    add("getrange", 4, "readonly", 1, 1, 1, STRING_FACE);
    add("substr", 4, "readonly", 1, 1, 1, STRING_FACE);
    add("setrange", 4, "write,denyoom", 1, 1, 1, STRING_FACE);
    add("incr", 2, "write,denyoom,fast", 1, 1, 1, STRING_FACE);
    add("decr", 2, "write,denyoom,fast", 1, 1, 1, STRING_FACE);
    add("incrby", 3, "write,denyoom,fast", 1, 1, 1, STRING_FACE);
    add("decrby", 3, "write,denyoom,fast", 1, 1, 1, STRING_FACE);
    add("incrbyfloat", 3, "write,denyoom,fast", 1, 1, 1, STRING_FACE);
    add("lcs", -3, "readonly", 1, 2, 1, STRING_FACE);
    add("setbit", 4, "write,denyoom", 1, 1, 1, STRING_FACE);
    add("getbit", 3, "readonly,fast", 1, 1, 1, STRING_FACE);
    add("bitcount", -2, "readonly", 1, 1, 1, STRING_FACE);
    add("bitpos", -3, "readonly", 1, 1, 1, STRING_FACE);
    add("bitop", -4, "write,denyoom", 2, -1, 1, STRING_FACE);
    add("bitfield", -2, "write,denyoom", 1, 1, 1, STRING_FACE);
    add("bitfield_ro", -2, "readonly,fast", 1, 1, 1, STRING_FACE);
    add("pfadd", -2, "write,denyoom,fast", 1, 1, 1, STRING_FACE);
    add("pfcount", -2, "readonly", 1, -1, 1, STRING_FACE);
    add("pfmerge", -2, "write,denyoom", 1, -1, 1, STRING_FACE);
    add("pfdebug", 3, "write,denyoom,admin", 2, 2, 1, STRING_FACE);
    add("pfselftest", 1, "admin", 0, 0, 0, STRING_FACE);
  }

  private void addFaces() {
    add("zadd", -4, "write,denyoom,fast", 1, 1, 1, ZSET_FACE);
    add("zincrby", 4, "write,denyoom,fast", 1, 1, 1, ZSET_FACE);
    add("zrem", -3, "write,fast", 1, 1, 1, ZSET_FACE);
    add("zcard", 2, "readonly,fast", 1, 1, 1, ZSET_FACE);
    add("zscore", 3, "readonly,fast", 1, 1, 1, ZSET_FACE);
    add("zmscore", -3, "readonly,fast", 1, 1, 1, ZSET_FACE);
    add("zrank", 3, "readonly,fast", 1, 1, 1, ZSET_FACE);
    add("zrevrank", 3, "readonly,fast", 1, 1, 1, ZSET_FACE);
    add("zcount", 4, "readonly,fast", 1, 1, 1, ZSET_FACE);
    add("zlexcount", 4, "readonly,fast", 1, 1, 1, ZSET_FACE);
    add("zrange", -4, "readonly", 1, 1, 1, ZSET_FACE);
    add("zrangestore", -5, "write,denyoom", 1, 2, 1, ZSET_FACE);
    add("zrevrange", -4, "readonly", 1, 1, 1, ZSET_FACE);
    add("zrangebyscore", -4, "readonly", 1, 1, 1, ZSET_FACE);
    add("zrevrangebyscore", -4, "readonly", 1, 1, 1, ZSET_FACE);
    add("zrangebylex", -4, "readonly", 1, 1, 1, ZSET_FACE);
    add("zrevrangebylex", -4, "readonly", 1, 1, 1, ZSET_FACE);
    add("zremrangebyrank", 4, "write", 1, 1, 1, ZSET_FACE);
    add("zremrangebyscore", 4, "write", 1, 1, 1, ZSET_FACE);
    add("zremrangebylex", 4, "write", 1, 1, 1, ZSET_FACE);
    add("zpopmin", -2, "write,fast", 1, 1, 1, ZSET_FACE);
    add("zpopmax", -2, "write,fast", 1, 1, 1, ZSET_FACE);
    add("zmpop", -4, "write,movablekeys", 0, 0, 0, ZSET_FACE);
    add("zrandmember", -2, "readonly", 1, 1, 1, ZSET_FACE);
    add("zscan", -3, "readonly", 1, 1, 1, ZSET_FACE);
    add("zunionstore", -4, "write,denyoom,movablekeys", 1, 1, 1, ZSET_FACE);
    add("zinterstore", -4, "write,denyoom,movablekeys", 1, 1, 1, ZSET_FACE);
    add("zdiffstore", -4, "write,denyoom,movablekeys", 1, 1, 1, ZSET_FACE);
    add("zunion", -3, "readonly,movablekeys", 0, 0, 0, ZSET_FACE);
    add("zinter", -3, "readonly,movablekeys", 0, 0, 0, ZSET_FACE);
    add("zdiff", -3, "readonly,movablekeys", 0, 0, 0, ZSET_FACE);
    add("zintercard", -3, "readonly,movablekeys", 0, 0, 0, ZSET_FACE);
    add("geoadd", -5, "write,denyoom", 1, 1, 1, GEO_FACE);
    add("geopos", -2, "readonly", 1, 1, 1, GEO_FACE);
    add("geodist", -4, "readonly", 1, 1, 1, GEO_FACE);
    add("geohash", -2, "readonly", 1, 1, 1, GEO_FACE);
    add("georadius", -6, "write,denyoom,movablekeys", 1, 1, 1, GEO_FACE);
    add("georadius_ro", -6, "readonly", 1, 1, 1, GEO_FACE);
    add("georadiusbymember", -5, "write,denyoom,movablekeys", 1, 1, 1, GEO_FACE);
    add("georadiusbymember_ro", -5, "readonly", 1, 1, 1, GEO_FACE);
    add("geosearch", -7, "readonly", 1, 1, 1, GEO_FACE);
    add("geosearchstore", -8, "write,denyoom", 1, 2, 1, GEO_FACE);
    add("lpush", -3, "write,denyoom,fast", 1, 1, 1, LIST_FACE);
    add("rpush", -3, "write,denyoom,fast", 1, 1, 1, LIST_FACE);
    add("lpushx", -3, "write,denyoom,fast", 1, 1, 1, LIST_FACE);
    add("rpushx", -3, "write,denyoom,fast", 1, 1, 1, LIST_FACE);
    add("linsert", 5, "write,denyoom", 1, 1, 1, LIST_FACE);
    add("lset", 4, "write,denyoom", 1, 1, 1, LIST_FACE);
    add("lindex", 3, "readonly", 1, 1, 1, LIST_FACE);
    add("llen", 2, "readonly,fast", 1, 1, 1, LIST_FACE);
    add("lrange", 4, "readonly", 1, 1, 1, LIST_FACE);
    add("ltrim", 4, "write", 1, 1, 1, LIST_FACE);
    add("lrem", 4, "write", 1, 1, 1, LIST_FACE);
    add("lpop", -2, "write,fast", 1, 1, 1, LIST_FACE);
    add("rpop", -2, "write,fast", 1, 1, 1, LIST_FACE);
    add("rpoplpush", 3, "write,denyoom", 1, 2, 1, LIST_FACE);
    add("lmove", 5, "write,denyoom", 1, 2, 1, LIST_FACE);
    add("lpos", -3, "readonly", 1, 1, 1, LIST_FACE);
    add("lmpop", -4, "write,movablekeys", 0, 0, 0, LIST_FACE);
    add("sadd", -3, "write,denyoom,fast", 1, 1, 1, SET_FACE);
    add("srem", -3, "write,fast", 1, 1, 1, SET_FACE);
    add("smove", 4, "write,fast", 1, 2, 1, SET_FACE);
    add("sismember", 3, "readonly,fast", 1, 1, 1, SET_FACE);
    add("smismember", -3, "readonly,fast", 1, 1, 1, SET_FACE);
    add("scard", 2, "readonly,fast", 1, 1, 1, SET_FACE);
    add("smembers", 2, "readonly", 1, 1, 1, SET_FACE);
    add("sinter", -2, "readonly", 1, -1, 1, SET_FACE);
    add("sinterstore", -3, "write,denyoom", 1, -1, 1, SET_FACE);
    add("sintercard", -3, "readonly,movablekeys", 0, 0, 0, SET_FACE);
    add("sunion", -2, "readonly", 1, -1, 1, SET_FACE);
    add("sunionstore", -3, "write,denyoom", 1, -1, 1, SET_FACE);
    add("sdiff", -2, "readonly", 1, -1, 1, SET_FACE);
    add("sdiffstore", -3, "write,denyoom", 1, -1, 1, SET_FACE);
    add("spop", -2, "write,fast", 1, 1, 1, SET_FACE);
    add("srandmember", -2, "readonly", 1, 1, 1, SET_FACE);
    add("sscan", -3, "readonly", 1, 1, 1, SET_FACE);
    add("hset", -4, "write,denyoom,fast", 1, 1, 1, HASH_FACE);
    add("hsetnx", 4, "write,denyoom,fast", 1, 1, 1, HASH_FACE);
    add("hmset", -4, "write,denyoom,fast", 1, 1, 1, HASH_FACE);
    add("hget", 3, "readonly,fast", 1, 1, 1, HASH_FACE);
    add("hmget", -3, "readonly,fast", 1, 1, 1, HASH_FACE);
    add("hdel", -3, "write,fast", 1, 1, 1, HASH_FACE);
    add("hlen", 2, "readonly,fast", 1, 1, 1, HASH_FACE);
    add("hstrlen", 3, "readonly,fast", 1, 1, 1, HASH_FACE);
    add("hexists", 3, "readonly,fast", 1, 1, 1, HASH_FACE);
    add("hkeys", 2, "readonly", 1, 1, 1, HASH_FACE);
    add("hvals", 2, "readonly", 1, 1, 1, HASH_FACE);
    add("hgetall", 2, "readonly", 1, 1, 1, HASH_FACE);
    add("hincrby", 4, "write,denyoom,fast", 1, 1, 1, HASH_FACE);
    add("hincrbyfloat", 4, "write,denyoom,fast", 1, 1, 1, HASH_FACE);
    add("hrandfield", -2, "readonly", 1, 1, 1, HASH_FACE);
    add("hscan", -3, "readonly", 1, 1, 1, HASH_FACE);
  }

  private void addStreams() {
    add("xadd", -5, "write,denyoom,fast", 1, 1, 1, STREAM_FACE);
    add("xlen", 2, "readonly,fast", 1, 1, 1, STREAM_FACE);
    add("xrange", -4, "readonly", 1, 1, 1, STREAM_FACE);
    add("xrevrange", -4, "readonly", 1, 1, 1, STREAM_FACE);
    add("xdel", -3, "write,fast", 1, 1, 1, STREAM_FACE);
    add("xtrim", -4, "write", 1, 1, 1, STREAM_FACE);
    add("xsetid", -3, "write,denyoom,fast", 1, 1, 1, STREAM_FACE);
    add("xread", -4, "readonly,blocking,movablekeys", 0, 0, 0, STREAM_FACE);
    add("xreadgroup", -7, "write,blocking,movablekeys", 0, 0, 0, STREAM_FACE);
    add("xack", -4, "write,fast", 1, 1, 1, STREAM_FACE);
    add("xpending", -3, "readonly", 1, 1, 1, STREAM_FACE);
    add("xclaim", -6, "write,fast", 1, 1, 1, STREAM_FACE);
    add("xautoclaim", -6, "write,fast", 1, 1, 1, STREAM_FACE);
    Command xgroup = add("xgroup", -2, "", 0, 0, 0, null);
    xgroup.sub("xgroup|create", -5, "write,denyoom", 2, 2, 1, STREAM_FACE);
    xgroup.sub("xgroup|setid", -5, "write", 2, 2, 1, STREAM_FACE);
    xgroup.sub("xgroup|destroy", 4, "write", 2, 2, 1, STREAM_FACE);
    xgroup.sub("xgroup|createconsumer", 5, "write,denyoom", 2, 2, 1, STREAM_FACE);
    xgroup.sub("xgroup|delconsumer", 5, "write", 2, 2, 1, STREAM_FACE);
    xgroup.sub("xgroup|help", 2, "loading,stale", 0, 0, 0, STREAM_FACE);
    Command xinfo = add("xinfo", -2, "", 0, 0, 0, null);
    xinfo.sub("xinfo|stream", -3, "readonly", 2, 2, 1, STREAM_FACE);
    xinfo.sub("xinfo|groups", 3, "readonly", 2, 2, 1, STREAM_FACE);
    xinfo.sub("xinfo|consumers", 4, "readonly", 2, 2, 1, STREAM_FACE);
    xinfo.sub("xinfo|help", 2, "loading,stale", 0, 0, 0, STREAM_FACE);
  }
}
