package dev.redstruct.keyspace;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * What the keyspace propagates, in Redis 7.0.15's form. The expected streams are those Redis's own
 * Tcl units assert with {@code assert_replication_stream} (tests/unit/expire.tcl "All TTL in
 * commands are propagated as absolute timestamp", "GETEX propagate as to replica as PERSIST, DEL,
 * or nothing", "SCAN: Lazy-expire should not be wrapped in MULTI/EXEC"; type/string.tcl "GETDEL
 * propagate as DEL command to replica"; multi.tcl "MULTI / EXEC is (not) propagated ..."; type/
 * list.tcl "BLMPOP propagate as pop with count command to replica"), and for the rest what
 * redis-server 7.0.15 sent to a replica attached with SYNC for the same commands.
 */
class PropagationTest {
  private long now = 1_700_000_000_000L;
  private final Keyspace ks = Keyspace.create(() -> now, new SplittableRandom(1));
  private final List<String> stream = new ArrayList<>();

  PropagationTest() {
    ks.setKeyListener(
        new Keyspace.KeyListener() {
          @Override
          public void keyAdded(int db, byte[] key, RedisType type) {}

          @Override
          public boolean replicating() {
            return true;
          }

          @Override
          public void propagated(int db, byte[][] argv) {
            StringBuilder sb = new StringBuilder().append(db).append(':');
            for (int i = 0; i < argv.length; i++) {
              sb.append(i == 0 ? "" : " ").append(new String(argv[i], StandardCharsets.UTF_8));
            }
            stream.add(sb.toString());
          }
        });
  }

  private List<String> run(String... lines) {
    stream.clear();
    for (String line : lines) {
      ks.execute(line.split(" "));
    }
    return List.copyOf(stream);
  }

  @Test
  void relativeTimesBecomeAbsolute() {
    long at = now + 100_000;
    assertEquals(
        List.of(
            "0:SET k v PXAT " + at,
            "0:SET k v PXAT " + at,
            "0:SET k v PXAT " + at,
            "0:PEXPIREAT k " + at,
            "0:PEXPIREAT k " + at + " XX",
            "0:DEL k"),
        run(
            "SET k v EX 100",
            "SETEX k 100 v",
            "PSETEX k 100000 v",
            "EXPIRE k 100",
            "PEXPIRE k 100000 XX",
            "EXPIREAT k 1"));
  }

  @Test
  void getexGetdelGetsetIncrbyfloat() {
    assertEquals(
        List.of(
            "0:SET k v PXAT " + (now + 100_000),
            "0:PERSIST k",
            "0:DEL k",
            "0:SET k v",
            "0:DEL k",
            "0:SET f 1.5 KEEPTTL",
            "0:HSET h f 0.25"),
        run(
            "SET k v EX 100",
            "GETEX k PERSIST",
            "GETEX k",
            "GETEX k EXAT 1",
            "GETSET k v",
            "GETDEL k",
            "GETDEL k",
            "INCRBYFLOAT f 1.5",
            "HINCRBYFLOAT h f 0.25"));
  }

  @Test
  void transactionsWrapOnlySeveralWrites() {
    assertEquals(
        List.of("0:SET a 1", "0:MULTI", "0:SET a 2", "1:SET b 3", "1:EXEC"),
        run(
            "MULTI",
            "SET a 1",
            "GET a",
            "EXEC",
            "MULTI",
            "GET a",
            "EXEC",
            "MULTI",
            "DEL nokey",
            "EXEC",
            "MULTI",
            "SET a 2",
            "SELECT 1",
            "SET b 3",
            "EXEC",
            "SELECT 0"));
  }

  @Test
  void lazyExpiryIsADelInTheCommandsUnit() {
    run("SET x v PX 1", "SET y v PX 1", "SET z v PX 1", "SET w v PX 1");
    now += 2;
    assertEquals(List.of("0:DEL x"), run("GET x"));
    assertEquals(List.of("0:MULTI", "0:DEL y", "0:LPUSH y a", "0:EXEC"), run("LPUSH y a"));
    assertEquals(List.of("0:MULTI", "0:DEL z", "0:MSET z 1", "0:EXEC"), run("MSET z 1"));
    // SCAN touches arbitrary keys: never wrapped (Redis: CMD_TOUCHES_ARBITRARY_KEYS)
    run("SET x v PX 1", "SET y v PX 1");
    now += 2;
    assertEquals(3, run("SCAN 0").size());
  }

  @Test
  void activeExpiryDeletesAreNotWrapped() {
    run("SET x v PX 1", "SET y v PX 1");
    now += 2;
    stream.clear();
    ks.activeExpireCycle(100);
    assertEquals(List.of("0:DEL x", "0:DEL y"), stream.stream().sorted().toList());
  }

  @Test
  void typeCommandsRewriteTheirArgv() {
    assertEquals(
        List.of(
            "0:RPUSH l a b c",
            "0:LPOP l 2",
            "0:ZADD z 1 a 2 b",
            "0:ZPOPMAX z 2",
            "0:SADD s a b",
            "0:DEL s",
            "0:RPUSH l2 a b c d",
            "0:LTRIM l2 1 2"),
        run(
            "RPUSH l a b c",
            "LMPOP 1 l LEFT COUNT 2",
            "ZADD z 1 a 2 b",
            "ZMPOP 1 z MAX COUNT 5",
            "SADD s a b",
            "SPOP s 5",
            "RPUSH l2 a b c d",
            "LTRIM l2 1 2",
            "LTRIM l2 0 -1"));
  }

  @Test
  void spopWithACountPropagatesOneSremPerMember() {
    run("SADD s a b c d");
    List<String> got = run("SPOP s 2");
    assertEquals(4, got.size(), got.toString());
    assertEquals("0:MULTI", got.get(0));
    assertEquals("0:EXEC", got.get(3));
    assertEquals(true, got.get(1).startsWith("0:SREM s "), got.toString());
  }

  @Test
  void restoreWithARelativeTtlPropagatesAbsttl() {
    ks.execute("SET", "k", "v");
    byte[] dump = bulk(ks.execute("DUMP", "k"));
    stream.clear();
    ks.execute(
        "RESTORE".getBytes(StandardCharsets.UTF_8),
        "k2".getBytes(StandardCharsets.UTF_8),
        "1000".getBytes(StandardCharsets.UTF_8),
        dump);
    assertEquals(1, stream.size());
    String want = "0:RESTORE k2 " + (now + 1000) + " ";
    assertEquals(true, stream.get(0).startsWith(want), stream.toString());
    assertEquals(true, stream.get(0).endsWith(" ABSTTL"), stream.toString());
  }

  /** The payload of a bulk reply. */
  private static byte[] bulk(byte[] reply) {
    int eol = 0;
    while (reply[eol] != '\r') {
      eol++;
    }
    int len = Integer.parseInt(new String(reply, 1, eol - 1, StandardCharsets.US_ASCII));
    return java.util.Arrays.copyOfRange(reply, eol + 2, eol + 2 + len);
  }

  @Test
  void flushallPropagatesEvenWhenEmpty() {
    assertEquals(List.of("0:FLUSHALL", "0:FLUSHDB"), run("FLUSHALL", "FLUSHDB"));
  }
}
