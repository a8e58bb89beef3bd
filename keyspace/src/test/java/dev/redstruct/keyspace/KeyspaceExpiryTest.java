package dev.redstruct.keyspace;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Expiry on an injected clock: lazy expiry at the exact millisecond, the active sweep, WATCH and
 * expiry. Expected replies follow src/expire.c and src/multi.c (7.0.15).
 */
class KeyspaceExpiryTest {
  private final AtomicLong now = new AtomicLong(1_700_000_000_000L);
  private final Keyspace ks = Keyspace.create(now::get, new SplittableRandom(7));

  private String run(String... argv) {
    return new String(ks.execute(argv), ISO_8859_1);
  }

  @Test
  void activeSweepDeletesExpiredKeysWithinItsBudget() {
    for (int i = 0; i < 1000; i++) {
      run("RPUSH", "k" + i, "v");
      if (i % 2 == 0) {
        run("PEXPIRE", "k" + i, Integer.toString(10 + i % 7));
      }
    }
    now.addAndGet(100);
    assertEquals(1000, ks.dbSize(0)); // lazy: nothing touched them yet
    long swept = ks.activeExpireCycle(50);
    assertTrue(swept > 0 && swept <= 60, "swept " + swept); // a scan step visits whole buckets
    long total = swept;
    for (int i = 0; i < 100 && total < 500; i++) {
      total += ks.activeExpireCycle(200);
    }
    assertEquals(500, total);
    assertEquals(500, ks.dbSize(0));
    assertEquals(0, ks.activeExpireCycle(1000));
  }

  @Test
  void expireOptionsFollowRedis() {
    run("RPUSH", "k", "v");
    assertEquals(":0\r\n", run("EXPIRE", "k", "100", "XX"));
    assertEquals(":0\r\n", run("EXPIRE", "k", "100", "GT")); // no TTL counts as infinite
    assertEquals(":1\r\n", run("EXPIRE", "k", "100", "LT"));
    assertEquals(":0\r\n", run("EXPIRE", "k", "100", "NX"));
    assertEquals(":1\r\n", run("EXPIRE", "k", "200", "GT"));
    assertEquals(":200\r\n", run("TTL", "k"));
    assertEquals(":" + (now.get() / 1000 + 200) + "\r\n", run("EXPIRETIME", "k"));
    assertEquals(
        "-ERR NX and XX, GT or LT options at the same time are not compatible\r\n",
        run("EXPIRE", "k", "1", "NX", "LT"));
    assertEquals("-ERR Unsupported option foo\r\n", run("EXPIRE", "k", "1", "foo"));
    assertEquals(
        "-ERR invalid expire time in 'expire' command\r\n",
        run("EXPIRE", "k", "9223372036854775807"));
    assertEquals(":1\r\n", run("PERSIST", "k"));
    assertEquals(":-1\r\n", run("TTL", "k"));
    assertEquals(":1\r\n", run("EXPIRE", "k", "0"));
    assertEquals(":-2\r\n", run("TTL", "k"));
  }

  @Test
  void execFailsWhenAWatchedKeyExpiresBeforeIt() {
    run("RPUSH", "k", "v");
    run("PEXPIRE", "k", "10");
    assertEquals("+OK\r\n", run("WATCH", "k"));
    run("MULTI");
    run("PING");
    now.addAndGet(11);
    assertEquals("*-1\r\n", run("EXEC"));
  }

  @Test
  void watchingAnAlreadyExpiredKeyIsNotDisturbedByItsDeletion() {
    run("RPUSH", "k", "v");
    run("PEXPIRE", "k", "10");
    now.addAndGet(11);
    assertEquals("+OK\r\n", run("WATCH", "k"));
    assertEquals(":0\r\n", run("EXISTS", "k")); // deletes it: no logical change
    run("MULTI");
    run("PING");
    assertEquals("*1\r\n+PONG\r\n", run("EXEC"));
  }

  @Test
  void flushdbTouchesWatchedKeysThatExisted() {
    Session s = ks.newSession();
    run("RPUSH", "k", "v");
    ks.execute(s, b("WATCH"), b("k"));
    run("FLUSHDB");
    ks.execute(s, b("MULTI"));
    assertEquals("*-1\r\n", new String(ks.execute(s, b("EXEC")), ISO_8859_1));
  }

  private static byte[] b(String s) {
    return s.getBytes(ISO_8859_1);
  }
}
