package dev.redstruct.keyspace;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.redstruct.skiplist.ZSet;
import dev.redstruct.testkit.ReadmeSnippets;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The README's recipes, run as written (the tutorials' lock, counter, cache and session hash); the
 * replies in their comments are redis-server 7.0.15's for the same commands.
 */
class KeyspaceReadmeTest {
  private final AtomicLong clock = new AtomicLong(1_700_000_000_000L);

  private static String text(byte[] reply) {
    return new String(reply, UTF_8);
  }

  @Test
  void readmeBlocksAreTheirTestsText() {
    int blocks =
        ReadmeSnippets.check(Path.of("README.md"), Path.of("src/test/java/dev/redstruct/keyspace"));
    assertEquals(3, blocks, "README java blocks checked");
  }

  @Test
  void lockCounterCacheSession() {
    Keyspace ks = Keyspace.create(clock::get, new SplittableRandom(1)); // clock: ms, injectable
    // README: begin
    // a lock: SET NX PX, released by compare-and-delete under WATCH
    ks.execute("SET", "lock:report", "token-1", "NX", "PX", "30000"); // +OK
    ks.execute("SET", "lock:report", "token-2", "NX", "PX", "30000"); // $-1: someone holds it
    ks.execute("WATCH", "lock:report");
    if (text(ks.execute("GET", "lock:report")).equals("$7\r\ntoken-1\r\n")) {
      ks.execute("MULTI");
      ks.execute("DEL", "lock:report"); // +QUEUED
      ks.execute("EXEC"); // *1 :1 (or *-1 if the lock changed hands meanwhile)
    }
    // a counter
    ks.execute("INCR", "views:home"); // :1
    byte[] views = ks.execute("INCRBY", "views:home", "41"); // :42
    // a cache entry that expires
    ks.execute("SET", "cache:user:7", "{\"name\":\"ada\"}", "EX", "60"); // +OK
    clock.addAndGet(61_000);
    byte[] miss = ks.execute("GET", "cache:user:7"); // $-1: expired, gone for every command
    // a session hash with a TTL
    ks.execute("HSET", "session:abc", "user", "7", "cart", "3"); // :2
    ks.execute("EXPIRE", "session:abc", "1800"); // :1
    byte[] ttl = ks.execute("TTL", "session:abc"); // :1800
    // README: end
    assertEquals(":0\r\n", text(ks.execute("EXISTS", "lock:report")));
    assertEquals(":42\r\n", text(views));
    assertEquals("$-1\r\n", text(miss));
    assertEquals(":1800\r\n", text(ttl));
  }

  @Test
  void javaAndCommandsOnTheSameObjects() {
    Keyspace ks = Keyspace.create();
    // README: begin
    ZSet board = ks.zset("board"); // created on write, as ZADD would
    board.add("ada", 12);
    board.add("alan", 7);
    byte[] top = ks.execute("ZREVRANGE", "board", "0", "0", "WITHSCORES"); // *2 $3 ada $2 12
    ks.execute("TYPE", "board"); // +zset
    ks.execute("SADD", "board", "x"); // -WRONGTYPE Operation against a key holding the wrong ...
    // README: end
    assertEquals("*2\r\n$3\r\nada\r\n$2\r\n12\r\n", text(top));
    assertEquals("+zset\r\n", text(ks.execute("TYPE", "board")));
    assertEquals(
        "-WRONGTYPE Operation against a key holding the wrong kind of value\r\n",
        text(ks.execute("SADD", "board", "x")));
  }

  @Test
  void sessionsAndTransactions() {
    Keyspace ks = Keyspace.create();
    // README: begin
    Session alice = ks.newSession(); // one per caller: selected DB, RESP2/3, MULTI, WATCH
    Session bob = ks.newSession();
    ks.execute(alice, b("WATCH"), b("stock"));
    ks.execute(bob, b("SET"), b("stock"), b("9")); // bob writes the watched key
    ks.execute(alice, b("MULTI"));
    ks.execute(alice, b("DECR"), b("stock")); // +QUEUED
    byte[] exec = ks.execute(alice, b("EXEC")); // *-1: aborted, as Redis
    // README: end
    assertEquals("*-1\r\n", text(exec));
    assertEquals("$1\r\n9\r\n", text(ks.execute("GET", "stock")));
  }

  private static byte[] b(String s) {
    return s.getBytes(UTF_8);
  }
}
