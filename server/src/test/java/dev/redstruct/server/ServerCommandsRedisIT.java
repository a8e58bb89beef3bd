package dev.redstruct.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.testkit.RedisTest;
import dev.redstruct.testkit.RespClient;
import dev.redstruct.testkit.RespReply;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The server commands against a real Redis 7.0.15, same commands to both, replies byte for byte
 * where they are deterministic: CONFIG GET/SET (errors, aliases, globs, multiple pairs), the
 * encoding thresholds wired into the keyspace (OBJECT ENCODING and DUMP bytes after CONFIG SET),
 * COMMAND INFO/GETKEYS/COUNT's shape, TIME/WAIT/LASTSAVE, DEBUG (with {@code enable-debug-command
 * yes} on both), INFO's field names, and RDB files both ways: a real Redis's dump.rdb starts our
 * server and ours starts a real Redis, every key's DUMP equal.
 */
@RedisTest
class ServerCommandsRedisIT {

  /** The flags testkit starts redis-server with, so CONFIG GET * can be compared. */
  private static final List<String> TESTKIT_FLAGS =
      List.of(
          "--bind",
          "127.0.0.1",
          "--protected-mode",
          "yes",
          "--daemonize",
          "no",
          "--save",
          "",
          "--appendonly",
          "no",
          "--sanitize-dump-payload",
          "yes",
          "--logfile",
          "");

  private static byte[][] cmd(String... a) {
    return RespClient.utf8(a);
  }

  private static String show(byte[] b) {
    return new String(b, StandardCharsets.UTF_8).replace("\r\n", "\\r\\n");
  }

  /** Sends each command to both, collects the mismatches. */
  private static List<String> compare(RespClient real, RespClient ours, List<String[]> commands) {
    List<String> bad = new ArrayList<>();
    for (String[] c : commands) {
      byte[] want = real.callRaw(cmd(c));
      byte[] got = ours.callRaw(cmd(c));
      if (!java.util.Arrays.equals(want, got)) {
        bad.add(String.join(" ", c) + "\n  redis: " + show(want) + "\n  ours:  " + show(got));
      }
    }
    return bad;
  }

  private static RedisServer startOurs(List<String> extra) {
    List<String> args = new ArrayList<>(List.of("--port", "0"));
    args.addAll(TESTKIT_FLAGS);
    if (!extra.contains("--dir")) {
      args.addAll(List.of("--dir", tempDir().toString())); // SAVE, DEBUG RELOAD write there
    }
    args.addAll(extra);
    return RedisServer.start(args.toArray(new String[0]));
  }

  private static Map<String, String> configMap(RespClient c, String pattern) {
    RespReply r = c.call("CONFIG", "GET", pattern);
    List<RespReply> items = ((RespReply.Array) r).elements();
    Map<String, String> m = new TreeMap<>();
    for (int i = 0; i < items.size(); i += 2) {
      m.put(text(items.get(i)), text(items.get(i + 1)));
    }
    return m;
  }

  private static String text(RespReply r) {
    return new String(((RespReply.Bulk) r).value(), StandardCharsets.UTF_8);
  }

  /**
   * An EXEC refused for a state changed since its commands were queued: min-replicas-to-write
   * (NOREPLICAS) and a stale replica with replica-serve-stale-data no (MASTERDOWN), as Redis's
   * unit/multi "exec with write commands and state change" and "... stale replica state change".
   */
  @Test
  void execAbortsOnStateChange(dev.redstruct.testkit.RedisServer real) {
    try (RedisServer ours = startOurs(List.of());
        RespClient theirs = real.newClient();
        RespClient theirsAdmin = real.newClient();
        RespClient mine = RespClient.connect(ours.port());
        RespClient mineAdmin = RespClient.connect(ours.port())) {
      List<String> want = stateChanges(theirs, theirsAdmin);
      List<String> got = stateChanges(mine, mineAdmin);
      assertEquals(want, got);
    }
  }

  private static List<String> stateChanges(RespClient c, RespClient admin) {
    List<String> replies = new ArrayList<>();
    String[][] steps = {
      {"c", "SET", "xx", "1"},
      {"c", "MULTI"},
      {"c", "INCR", "xx"},
      {"a", "CONFIG", "SET", "min-replicas-to-write", "2"},
      {"c", "EXEC"},
      {"c", "SET", "yy", "1"},
      {"c", "GET", "xx"},
      {"a", "CONFIG", "SET", "min-replicas-to-write", "0"},
      {"c", "CONFIG", "SET", "replica-serve-stale-data", "no"},
      {"c", "MULTI"},
      {"c", "GET", "xx"},
      {"a", "REPLICAOF", "localhsot", "0"},
      {"c", "EXEC"},
      {"c", "GET", "xx"},
      {"c", "PING"},
      {"c", "ECHO", "e"},
      {"c", "MULTI"},
      {"c", "PING"},
      {"c", "EXEC"},
      {"c", "SET", "xx", "2"},
      {"a", "REPLICAOF", "NO", "ONE"},
      {"c", "CONFIG", "SET", "replica-serve-stale-data", "yes"},
      {"c", "GET", "xx"},
      // commands flagged no-multi are refused while queueing (Redis: CMD_NO_MULTI)
      {"c", "MULTI"},
      {"c", "SET", "foo", "bar"},
      {"c", "SAVE"},
      {"c", "SHUTDOWN"},
      {"c", "EXEC"},
      {"c", "GET", "foo"},
    };
    for (String[] step : steps) {
      RespClient who = step[0].equals("a") ? admin : c;
      byte[] reply = who.callRaw(cmd(java.util.Arrays.copyOfRange(step, 1, step.length)));
      replies.add(String.join(" ", step) + " -> " + show(reply));
    }
    return replies;
  }

  @Test
  void configGetAndSet(dev.redstruct.testkit.RedisServer shared) {
    try (dev.redstruct.testkit.RedisServer real = dev.redstruct.testkit.RedisServer.start();
        RedisServer ours = startOurs(List.of());
        RespClient theirs = real.newClient();
        RespClient mine = RespClient.connect(ours.port())) {
      // every directive, as a map: the same names and values but where the processes differ
      Map<String, String> want = configMap(theirs, "*");
      Map<String, String> got = configMap(mine, "*");
      for (String m : List.of("port", "dir")) {
        want.remove(m);
        got.remove(m);
      }
      assertEquals(want, got);
      List<String[]> commands =
          List.of(
              new String[] {"CONFIG", "GET", "hash-max-ziplist-entries"},
              new String[] {"CONFIG", "GET", "HASH-MAX-LISTPACK-VALUE"},
              new String[] {"CONFIG", "GET", "nosuch"},
              new String[] {"CONFIG", "GET", "maxmemory", "maxmemory"},
              new String[] {"CONFIG", "SET", "maxmemory"},
              new String[] {"CONFIG", "SET", "maxmemory", "1", "hz"},
              new String[] {"CONFIG", "SET", "nosuch", "1"},
              new String[] {"CONFIG", "SET", "hz", "abc"},
              new String[] {"CONFIG", "SET", "hz", "-1"},
              new String[] {"CONFIG", "SET", "hz", "10", "hz", "11"},
              new String[] {"CONFIG", "SET", "daemonize", "yes"},
              new String[] {"CONFIG", "SET", "dir", "/tmp"},
              new String[] {"CONFIG", "SET", "activerehashing", "maybe"},
              new String[] {"CONFIG", "SET", "maxmemory", "12x"},
              new String[] {"CONFIG", "SET", "maxmemory-policy", "sometimes"},
              new String[] {"CONFIG", "SET", "maxmemory-clients", "101%"},
              new String[] {"CONFIG", "SET", "maxmemory-clients", "10%"},
              new String[] {"CONFIG", "GET", "maxmemory-clients"},
              new String[] {
                "CONFIG", "SET", "maxmemory", "10mb", "maxmemory-policy", "ALLKEYS-LRU"
              },
              new String[] {"CONFIG", "GET", "maxmemory"},
              new String[] {"CONFIG", "GET", "maxmemory-policy"},
              new String[] {"CONFIG", "SET", "maxmemory", "0", "hz", "abc"},
              new String[] {"CONFIG", "GET", "maxmemory"},
              new String[] {"CONFIG", "SET", "notify-keyspace-events", "KEA"},
              new String[] {"CONFIG", "GET", "notify-keyspace-events"},
              new String[] {"CONFIG", "SET", "notify-keyspace-events", "Ex$"},
              new String[] {"CONFIG", "GET", "notify-keyspace-events"},
              new String[] {"CONFIG", "SET", "notify-keyspace-events", "Q"},
              new String[] {"CONFIG", "SET", "notify-keyspace-events", ""},
              new String[] {"CONFIG", "SET", "save", "100 10 60 1000"},
              new String[] {"CONFIG", "GET", "save"},
              new String[] {"CONFIG", "SET", "save", "100"},
              new String[] {"CONFIG", "SET", "save", ""},
              new String[] {"CONFIG", "SET", "client-output-buffer-limit", "pubsub 64mb 16mb 30"},
              new String[] {"CONFIG", "GET", "client-output-buffer-limit"},
              new String[] {"CONFIG", "SET", "client-output-buffer-limit", "nobody 1 1 1"},
              new String[] {"CONFIG", "SET", "unixsocketperm", "700"},
              new String[] {"CONFIG", "SET", "list-max-ziplist-size", "-3"},
              new String[] {"CONFIG", "GET", "list-max-listpack-size"},
              new String[] {"CONFIG", "SET", "lua-time-limit", "6000"},
              new String[] {"CONFIG", "GET", "busy-reply-threshold"},
              new String[] {"CONFIG", "SET", "proto-max-bulk-len", "1000"},
              new String[] {"CONFIG", "RESETSTAT"},
              new String[] {"CONFIG", "NOPE"},
              new String[] {"CONFIG"},
              new String[] {"WAIT", "0", "0"},
              new String[] {"WAIT", "x", "0"},
              new String[] {"WAIT", "0", "-1"},
              new String[] {"WAIT", "0", "1.5"},
              new String[] {"DEBUG", "SLEEP", "0"},
              new String[] {"BGSAVE", "NOW"},
              new String[] {"SHUTDOWN", "SAVE", "NOSAVE"},
              new String[] {"SHUTDOWN", "ABORT"},
              new String[] {"SHUTDOWN", "WHENEVER"},
              new String[] {"MEMORY", "USAGE", "nosuchkey"},
              new String[] {"MEMORY", "USAGE", "k", "SAMPLES", "-1"},
              new String[] {"MEMORY", "USAGE", "k", "SAMPLES"},
              new String[] {"COMMAND", "GETKEYS", "set", "k", "v"},
              new String[] {"COMMAND", "GETKEYS", "mset", "a", "1", "b", "2"},
              new String[] {
                "COMMAND", "GETKEYS", "zunionstore", "d", "2", "a", "b", "WEIGHTS", "1", "2"
              },
              new String[] {"COMMAND", "GETKEYS", "zinter", "2", "a", "b"},
              new String[] {"COMMAND", "GETKEYS", "lmpop", "2", "a", "b", "LEFT"},
              new String[] {"COMMAND", "GETKEYS", "sort", "abc", "store", "def"},
              new String[] {
                "COMMAND",
                "GETKEYS",
                "sort",
                "abc",
                "store",
                "invalid",
                "store",
                "stillbad",
                "store",
                "def"
              },
              new String[] {
                "COMMAND", "GETKEYS", "sort", "a", "LIMIT", "store", "x", "BY", "store", "GET",
                "store", "STORE"
              },
              new String[] {"COMMAND", "GETKEYS", "sort", "a", "store", "store", "b"},
              new String[] {"COMMAND", "GETKEYS", "sort_ro", "abc", "store", "def"},
              new String[] {"COMMAND", "GETKEYS", "nosuch", "a"},
              new String[] {"COMMAND", "GETKEYS", "ping"},
              new String[] {"COMMAND", "GETKEYS", "get"},
              new String[] {"COMMAND", "GETKEYS", "object", "encoding", "k"},
              new String[] {"COMMAND", "LIST", "FILTERBY", "nothing", "x"},
              new String[] {"COMMAND", "COUNT", "extra"});
      List<String> bad = compare(theirs, mine, commands);
      assertTrue(
          bad.isEmpty(), bad.size() + " of " + commands.size() + ":\n" + String.join("\n", bad));
    }
  }

  @Test
  void encodingThresholdsReachTheKeyspace(dev.redstruct.testkit.RedisServer shared) {
    try (dev.redstruct.testkit.RedisServer real = dev.redstruct.testkit.RedisServer.start();
        RedisServer ours = startOurs(List.of());
        RespClient theirs = real.newClient();
        RespClient mine = RespClient.connect(ours.port())) {
      List<String[]> commands = new ArrayList<>();
      commands.add(new String[] {"FLUSHALL"});
      commands.add(
          new String[] {
            "CONFIG",
            "SET",
            "hash-max-ziplist-entries",
            "2",
            "hash-max-listpack-value",
            "4",
            "set-max-intset-entries",
            "2",
            "zset-max-ziplist-entries",
            "2",
            "zset-max-listpack-value",
            "3",
            "list-max-listpack-size",
            "2"
          });
      commands.add(new String[] {"HSET", "h1", "a", "1", "b", "2"});
      commands.add(new String[] {"HSET", "h2", "a", "1", "b", "2", "c", "3"});
      commands.add(new String[] {"HSET", "h3", "a", "12345"});
      commands.add(new String[] {"SADD", "s1", "1", "2"});
      commands.add(new String[] {"SADD", "s2", "1", "2", "3"});
      commands.add(new String[] {"ZADD", "z1", "1", "a", "2", "b"});
      commands.add(new String[] {"ZADD", "z2", "1", "a", "2", "b", "3", "c"});
      commands.add(new String[] {"ZADD", "z3", "1", "abcd"});
      commands.add(new String[] {"RPUSH", "l1", "a", "b", "c", "d", "e"});
      for (String k : List.of("h1", "h2", "h3", "s1", "s2", "z1", "z2", "z3", "l1")) {
        commands.add(new String[] {"OBJECT", "ENCODING", k});
      }
      // DUMP where the order is not the hash seed's
      for (String k : List.of("h1", "s1", "z1", "z2", "z3", "l1")) {
        commands.add(new String[] {"DUMP", k});
      }
      commands.add(new String[] {"CONFIG", "SET", "list-max-listpack-size", "-2"});
      commands.add(new String[] {"RPUSH", "l2", "a", "b", "c", "d", "e"});
      commands.add(new String[] {"DUMP", "l2"});
      List<String> bad = compare(theirs, mine, commands);
      assertTrue(bad.isEmpty(), String.join("\n", bad));
    }
  }

  /**
   * Values loaded by DEBUG RELOAD and RESTORE get the encoding directives in force, as Redis's
   * rdbLoadObject reads them (Tcl unit/type/zset "ZSCORE after a DEBUG RELOAD - skiplist", a slow
   * test: zset-max-ziplist-entries 0, then a reload).
   */
  @Test
  void loadedValuesTakeTheLimitsInForce(dev.redstruct.testkit.RedisServer unused) {
    try (dev.redstruct.testkit.RedisServer real =
            dev.redstruct.testkit.RedisServer.start(List.of("--enable-debug-command", "yes"));
        RedisServer ours = startOurs(List.of("--enable-debug-command", "yes"));
        RespClient theirs = real.newClient();
        RespClient mine = RespClient.connect(ours.port())) {
      List<String[]> commands = new ArrayList<>();
      for (String line :
          List.of(
              "FLUSHALL",
              "CONFIG SET zset-max-ziplist-entries 0",
              "ZADD z 1 a 2 b",
              "DEBUG RELOAD",
              "OBJECT ENCODING z",
              "CONFIG SET zset-max-ziplist-entries 2 zset-max-listpack-value 1",
              "DEBUG RELOAD",
              "OBJECT ENCODING z",
              "CONFIG SET zset-max-listpack-value 64",
              "DEBUG RELOAD",
              "OBJECT ENCODING z",
              "ZADD z 3 c",
              "OBJECT ENCODING z",
              "CONFIG SET set-max-intset-entries 2",
              "SADD s 1 2",
              "CONFIG SET set-max-intset-entries 1",
              "DEBUG RELOAD",
              "OBJECT ENCODING s",
              "CONFIG SET hash-max-listpack-entries 2",
              "HSET h a 1 b 2",
              "CONFIG SET hash-max-listpack-entries 1",
              "DEBUG RELOAD",
              "OBJECT ENCODING h",
              "CONFIG SET hash-max-listpack-entries 512 hash-max-listpack-value 1",
              "HSET h2 a 12",
              "DEBUG RELOAD",
              "OBJECT ENCODING h2",
              "CONFIG SET hash-max-listpack-value 64 list-max-listpack-size 2",
              "RPUSH l 1 2 3 4 5",
              "CONFIG SET list-max-listpack-size 3",
              "DEBUG RELOAD",
              "RPUSH l 6 7",
              "DUMP l")) {
        commands.add(line.split(" "));
      }
      List<String> bad = compare(theirs, mine, commands);
      // RESTORE of Redis's payload: a listpack zset over the entries in force becomes a skiplist
      theirs.call("CONFIG", "SET", "zset-max-ziplist-entries", "128");
      theirs.call("ZADD", "zl", "1", "a", "2", "b", "3", "c");
      byte[] payload = ((RespReply.Bulk) theirs.call("DUMP", "zl")).value(); // type 17
      for (RespClient c : List.of(theirs, mine)) {
        c.call("CONFIG", "SET", "zset-max-ziplist-entries", "2");
      }
      byte[][] restore = {cmd("RESTORE")[0], cmd("zr")[0], cmd("0")[0], payload};
      for (byte[][] command : List.of(restore, cmd("OBJECT", "ENCODING", "zr"))) {
        byte[] want = theirs.callRaw(command);
        byte[] got = mine.callRaw(command);
        if (!java.util.Arrays.equals(want, got)) {
          bad.add(show(command[0]) + "\n  redis: " + show(want) + "\n  ours:  " + show(got));
        }
      }
      assertTrue(bad.isEmpty(), String.join("\n", bad));
    }
  }

  @Test
  void debugAndInfo(dev.redstruct.testkit.RedisServer refused) {
    try (dev.redstruct.testkit.RedisServer real =
            dev.redstruct.testkit.RedisServer.start(List.of("--enable-debug-command", "yes"));
        RedisServer ours = startOurs(List.of("--enable-debug-command", "yes"));
        RedisServer oursRefusing = startOurs(List.of());
        RespClient theirs = real.newClient();
        RespClient mine = RespClient.connect(ours.port());
        RespClient theirsRefusing = refused.newClient();
        RespClient mineRefusing = RespClient.connect(oursRefusing.port())) {
      List<String> bad =
          compare(
              theirsRefusing,
              mineRefusing,
              List.<String[]>of(new String[] {"DEBUG", "SLEEP", "0"}));
      List<String[]> commands =
          List.of(
              new String[] {"FLUSHALL"},
              new String[] {"HSET", "h", "a", "1"},
              new String[] {"RPUSH", "l", "a", "b"},
              new String[] {"SET", "s", "12"},
              new String[] {"SADD", "set", "x"},
              new String[] {"DEBUG", "DIGEST"},
              new String[] {"DEBUG", "DIGEST-VALUE", "h", "l", "s", "set", "nosuch"},
              new String[] {"DEBUG", "LISTPACK", "h"},
              new String[] {"DEBUG", "LISTPACK", "set"},
              new String[] {"DEBUG", "LISTPACK", "nosuch"},
              new String[] {"DEBUG", "OBJECT", "nosuch"},
              new String[] {"DEBUG", "SLEEP", "0"},
              new String[] {"DEBUG", "SET-ACTIVE-EXPIRE", "1"},
              new String[] {"DEBUG", "QUICKLIST-PACKED-THRESHOLD", "0"},
              new String[] {"DEBUG", "QUICKLIST-PACKED-THRESHOLD", "1x"},
              new String[] {"DEBUG", "CHANGE-REPL-ID"},
              new String[] {"DEBUG", "RELOAD", "NOW"},
              new String[] {"DEBUG", "RELOAD"},
              new String[] {"HGETALL", "h"},
              new String[] {"LRANGE", "l", "0", "-1"},
              new String[] {"DUMP", "set"},
              new String[] {"DEBUG", "DIGEST"},
              new String[] {"DEBUG", "ERROR", "ERR oops"},
              new String[] {"DEBUG", "NOSUCH"},
              new String[] {"INFO", "keyspace"},
              new String[] {"SAVE"},
              new String[] {"BGSAVE", "SCHEDULE"});
      bad.addAll(compare(theirs, mine, commands));
      for (String key : List.of("h", "l", "s", "set")) {
        String want = debugObject(theirs, key);
        String got = debugObject(mine, key);
        if (!want.equals(got)) {
          bad.add("DEBUG OBJECT " + key + "\n  redis: " + want + "\n  ours:  " + got);
        }
      }
      // INFO: our default sections carry every field name Redis's carry
      Set<String> want = infoFields(theirs);
      want.removeAll(infoFields(mine));
      assertTrue(bad.isEmpty(), String.join("\n", bad));
      assertEquals(Set.of(), want, "INFO fields Redis has and we lack");
    }
  }

  /** DEBUG OBJECT without the address, LRU and idle time (facts of one process). */
  private static String debugObject(RespClient c, String key) {
    String s = ((RespReply.Simple) c.call("DEBUG", "OBJECT", key)).value();
    return s.replaceAll("Value at:\\S+ ", "").replaceAll(" lru:\\d+ lru_seconds_idle:\\d+", "");
  }

  private static Set<String> infoFields(RespClient c) {
    String info = new String(((RespReply.Bulk) c.call("INFO")).value(), StandardCharsets.UTF_8);
    Set<String> names = new TreeSet<>();
    for (String line : info.split("\r\n")) {
      if (!line.isEmpty() && !line.startsWith("#") && !line.startsWith("db")) {
        names.add(line.substring(0, line.indexOf(':')));
      } else if (line.startsWith("#")) {
        names.add(line);
      }
    }
    return names;
  }

  @Test
  void rdbFilesBothWays(dev.redstruct.testkit.RedisServer real) throws IOException {
    Path ourDir = tempDir();
    try (RespClient theirs = real.newClient()) {
      theirs.call("FLUSHALL");
      List<String[]> writes = DataSet.commands();
      for (String[] w : writes) {
        theirs.call(w);
      }
      assertEquals(new RespReply.Simple("OK"), theirs.call("SAVE"));
      Files.copy(real.directory().resolve("dump.rdb"), ourDir.resolve("dump.rdb"));
      Map<String, String> loadedByRedis;
      try (dev.redstruct.testkit.RedisServer reloaded =
              dev.redstruct.testkit.RedisServer.start(List.of("--dir", ourDir.toString()));
          RespClient c = reloaded.newClient()) {
        loadedByRedis = dumps(c); // what a file load makes (strings re-encoded as embstr)
      }
      assertEquals(DataSet.KEYS, loadedByRedis.size());
      // a real Redis's file starts our server
      try (RedisServer ours = startOurs(List.of("--dir", ourDir.toString()));
          RespClient mine = RespClient.connect(ours.port())) {
        assertEquals(loadedByRedis, dumps(mine));
        assertEquals(new RespReply.Simple("OK"), mine.call("SAVE"));
      }
      // and ours starts a real one
      try (dev.redstruct.testkit.RedisServer again =
              dev.redstruct.testkit.RedisServer.start(List.of("--dir", ourDir.toString()));
          RespClient fromOurs = again.newClient()) {
        assertEquals(loadedByRedis, dumps(fromOurs));
      }
    } finally {
      delete(ourDir);
    }
  }

  /**
   * Every key of databases 0 and 1: its encoding, whether it has a TTL, and its DUMP payload, or
   * for hashtables (whose order follows the hash seed) its sorted contents.
   */
  private static Map<String, String> dumps(RespClient c) {
    Map<String, String> out = new TreeMap<>();
    for (String db : List.of("0", "1")) {
      c.call("SELECT", db);
      RespReply keys = c.call("KEYS", "*");
      for (RespReply k : ((RespReply.Array) keys).elements()) {
        String key = text(k);
        String enc = show(c.callRaw(cmd("OBJECT", "ENCODING", key)));
        String content;
        if (enc.contains("hashtable")) {
          String type = show(c.callRaw(cmd("TYPE", key)));
          String[] read =
              type.contains("hash")
                  ? new String[] {"HGETALL", key}
                  : new String[] {"SMEMBERS", key};
          List<String> items = new ArrayList<>();
          for (RespReply r : ((RespReply.Array) c.call(read)).elements()) {
            items.add(text(r));
          }
          java.util.Collections.sort(items);
          content = items.toString();
        } else {
          content = show(c.callRaw(cmd("DUMP", key)));
        }
        long ttl = Long.parseLong(show(c.callRaw(cmd("TTL", key))).replaceAll("[^0-9-]", ""));
        out.put(db + ":" + key, enc + " " + content + " ttl>0:" + (ttl > 0));
      }
    }
    c.call("SELECT", "0");
    return out;
  }

  private static Path tempDir() {
    try {
      return Files.createTempDirectory("redstruct-srvcmd-");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * INFO's rdb_changes_since_last_save after each command, the same as Redis's for commands that
   * change one thing or nothing: SETBIT and BITFIELD count only when the value changed (or the
   * string grew), as Redis's unit/bitops "SETBIT/BITFIELD only increase dirty when the value
   * changed"; no-op writes count nothing; MULTI/EXEC and scripts count their commands.
   */
  @Test
  void rdbChangesCountWhatChanged(dev.redstruct.testkit.RedisServer real) {
    String[] commands = {
      "SETBIT foo 0 0",
      "BITFIELD foo2 SET i5 0 0",
      "SETBIT foo 0 0",
      "BITFIELD foo2 SET i5 0 0",
      "SETBIT foo 0 1",
      "SETBIT foo 0 1",
      "SETBIT foo 0 0",
      "BITFIELD foo2 SET i5 0 1",
      "BITFIELD foo2 SET i5 0 1",
      "BITFIELD foo3 INCRBY i5 0 1",
      "SETBIT foo 90 0",
      "BITFIELD foo2 SET i5 90 0",
      "BITFIELD_RO foo2 GET i5 0",
      "GETBIT foo 1",
      "SET s 1",
      "SET s 1",
      "INCR s",
      "DEL nosuch",
      "DEL s",
      "LPUSH l a",
      "LPOP l",
      "LPOP l",
      "SADD t a",
      "SADD t a",
      "SREM t b",
      "HSET h f v",
      "EXPIRE h 100",
      "PERSIST h",
      "PERSIST h",
      "XADD x 1-1 f v",
      "XGROUP CREATE x g 0",
      "XACK x g 1-1",
      "MULTI",
      "SET m 1",
      "INCR m",
      "EXEC",
      "EVAL|redis.call('set','e','1') return redis.call('get','nosuch')|0"
    };
    try (RedisServer ours = startOurs(List.of());
        RespClient theirs = real.newClient();
        RespClient mine = RespClient.connect(ours.port())) {
      List<String> want = changes(theirs, commands);
      List<String> got = changes(mine, commands);
      assertEquals(want, got);
      assertTrue(
          want.contains("SETBIT foo 0 0 +0") && want.contains("SETBIT foo 0 1 +1"), "" + want);
    }
  }

  /** Each command with the change of rdb_changes_since_last_save it made. */
  private static List<String> changes(RespClient c, String[] commands) {
    c.call("FLUSHALL");
    List<String> out = new ArrayList<>();
    long before = rdbChanges(c);
    boolean queueing = false;
    for (String command : commands) {
      c.call(command.contains("|") ? command.split("\\|") : command.split(" "));
      queueing = command.equals("MULTI") || (queueing && !command.equals("EXEC"));
      if (queueing) {
        continue; // INFO would be queued
      }
      long now = rdbChanges(c);
      out.add(command + " +" + (now - before));
      before = now;
    }
    return out;
  }

  private static long rdbChanges(RespClient c) {
    String info =
        new String(
            ((RespReply.Bulk) c.call("INFO", "persistence")).value(), StandardCharsets.UTF_8);
    String field = "rdb_changes_since_last_save:";
    int i = info.indexOf(field) + field.length();
    return Long.parseLong(info.substring(i, info.indexOf('\r', i)));
  }

  private static void delete(Path dir) {
    try (var files = Files.walk(dir)) {
      files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // best effort
    }
  }
}
