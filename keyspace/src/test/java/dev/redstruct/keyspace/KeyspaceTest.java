package dev.redstruct.keyspace;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Examples and named regressions; expected replies were taken from redis-server 7.0.15. */
class KeyspaceTest {
  private final AtomicLong now = new AtomicLong(1_700_000_000_000L);
  private final Keyspace ks = Keyspace.create(now::get, new SplittableRandom(1));

  private String run(String... argv) {
    return new String(ks.execute(argv), ISO_8859_1);
  }

  @Test
  void wrongTypeAndTypeChanges() {
    assertEquals(":2\r\n", run("RPUSH", "k", "a", "b"));
    assertEquals(
        "-WRONGTYPE Operation against a key holding the wrong kind of value\r\n",
        run("SADD", "k", "x"));
    assertEquals("+list\r\n", run("TYPE", "k"));
    assertEquals(":1\r\n", run("DEL", "k"));
    assertEquals(":1\r\n", run("SADD", "k", "x"));
    assertEquals("+set\r\n", run("TYPE", "k"));
    assertEquals(":1\r\n", run("SREM", "k", "x"));
    assertEquals("+none\r\n", run("TYPE", "k"));
    assertEquals(":0\r\n", run("DBSIZE"));
  }

  @Test
  void unknownCommandsAndArity() {
    assertEquals(
        "-ERR unknown command 'foo', with args beginning with: 'a' 'b' \r\n", run("foo", "a", "b"));
    assertEquals("-ERR wrong number of arguments for 'del' command\r\n", run("DEL"));
    assertEquals("-ERR unknown subcommand 'x'. Try OBJECT HELP.\r\n", run("object", "x", "k"));
    assertEquals(
        "-ERR wrong number of arguments for 'object|encoding' command\r\n",
        run("OBJECT", "ENCODING"));
  }

  @Test
  void lazyExpiryAtTheClocksMillisecond() {
    run("RPUSH", "k", "a");
    assertEquals(":1\r\n", run("PEXPIRE", "k", "100"));
    assertEquals(":100\r\n", run("PTTL", "k"));
    now.addAndGet(100);
    assertEquals(":0\r\n", run("PTTL", "k"));
    now.addAndGet(1);
    assertEquals(":-2\r\n", run("PTTL", "k"));
    assertEquals(":0\r\n", run("DBSIZE"));
  }

  @Test
  void execAbortsAfterAQueueingError() {
    assertEquals("+OK\r\n", run("MULTI"));
    assertEquals("+QUEUED\r\n", run("RPUSH", "k", "a"));
    assertEquals("-ERR wrong number of arguments for 'llen' command\r\n", run("LLEN"));
    assertEquals("-EXECABORT Transaction discarded because of previous errors.\r\n", run("EXEC"));
    assertEquals(":0\r\n", run("EXISTS", "k"));
  }

  @Test
  void watchSeesAnotherSessionsWrite() {
    Session other = ks.newSession();
    assertEquals("+OK\r\n", run("WATCH", "k"));
    ks.execute(
        other, "RPUSH".getBytes(ISO_8859_1), "k".getBytes(ISO_8859_1), "a".getBytes(ISO_8859_1));
    run("MULTI");
    run("LLEN", "k");
    assertEquals("*-1\r\n", run("EXEC"));
  }
}
