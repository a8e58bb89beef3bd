package dev.redstruct.keyspace;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * What a server needs from the keyspace: lookup texts, a session with commands of its own queued in
 * MULTI and run by EXEC, flagTransaction, reset, and the key-added listener. Expected replies are
 * built from redis-server 7.0.15's texts (its unknown-command, arity, EXECABORT errors).
 */
class KeyspaceServerApiTest {
  private final Keyspace ks = Keyspace.create(() -> 1_700_000_000_000L, new SplittableRandom(1));

  private static byte[][] argv(String... a) {
    byte[][] b = new byte[a.length][];
    for (int i = 0; i < a.length; i++) {
      b[i] = a[i].getBytes(ISO_8859_1);
    }
    return b;
  }

  private String run(Session s, String... a) {
    return new String(ks.execute(s, argv(a)), ISO_8859_1);
  }

  @Test
  void lookupTexts() {
    assertTrue(ks.hasCommand(argv("GeT")[0]));
    assertFalse(ks.hasCommand(argv("client")[0]));
    assertEquals("object|encoding", ks.commandName(argv("OBJECT", "Encoding", "k")));
    assertNull(ks.commandName(argv("object", "nope")));
    assertNull(ks.refusal(argv("get", "k")));
    assertEquals("ERR wrong number of arguments for 'get' command", ks.refusal(argv("get")));
    assertEquals(
        "ERR unknown subcommand 'nope'. Try OBJECT HELP.", ks.refusal(argv("object", "nope")));
  }

  @Test
  void outsideCommandsAreQueuedAndRunByExec() {
    List<String> ran = new ArrayList<>();
    Session s =
        ks.newSession(
            a -> {
              String name = new String(a[0], ISO_8859_1);
              ran.add(name);
              return name.equals("CLIENT") ? "$-1\r\n".getBytes(ISO_8859_1) : null;
            });
    assertEquals("+OK\r\n", run(s, "MULTI"));
    assertEquals("+QUEUED\r\n", run(s, "CLIENT", "GETNAME"));
    assertEquals("+QUEUED\r\n", run(s, "SET", "k", "v"));
    assertEquals("+QUEUED\r\n", run(s, "NOPE"));
    assertEquals(
        "*3\r\n$-1\r\n+OK\r\n-ERR unknown command 'NOPE', with args beginning with: \r\n",
        run(s, "EXEC"));
    assertEquals(List.of("CLIENT", "NOPE"), ran);
    // a session without outside commands refuses them, as before
    Session plain = ks.newSession();
    run(plain, "MULTI");
    assertEquals(
        "-ERR unknown command 'CLIENT', with args beginning with: 'GETNAME' \r\n",
        run(plain, "CLIENT", "GETNAME"));
    assertEquals(
        "-EXECABORT Transaction discarded because of previous errors.\r\n", run(plain, "EXEC"));
  }

  @Test
  void commandsIssuedWhileExecRunsAreNotQueued() {
    Session[] self = new Session[1];
    self[0] = ks.newSession(a -> ks.execute(self[0], argv("INCR", "n")));
    run(self[0], "MULTI");
    run(self[0], "BUMP");
    run(self[0], "BUMP");
    assertEquals("*2\r\n:1\r\n:2\r\n", run(self[0], "EXEC"));
  }

  @Test
  void flagTransactionAndReset() {
    Session s = ks.newSession(a -> null);
    s.flagTransaction(); // outside MULTI: nothing
    assertEquals("+OK\r\n", run(s, "MULTI"));
    s.flagTransaction();
    assertEquals(
        "-EXECABORT Transaction discarded because of previous errors.\r\n", run(s, "EXEC"));
    run(s, "SELECT", "3");
    run(s, "WATCH", "w");
    run(s, "MULTI");
    s.reset();
    assertEquals(0, s.selectedDb());
    assertFalse(s.inTransaction());
    run(ks.defaultSession(), "SET", "w", "1"); // no longer watched
    run(s, "MULTI");
    assertEquals("*0\r\n", run(s, "EXEC"));
  }

  @Test
  void listenerHearsOfAddedKeysAndSwaps() {
    List<String> heard = new ArrayList<>();
    ks.setKeyListener(
        new Keyspace.KeyListener() {
          @Override
          public void keyAdded(int db, byte[] key, RedisType type) {
            heard.add(db + ":" + new String(key, ISO_8859_1) + ":" + type.typeName());
          }

          @Override
          public void databasesSwapped(int db1, int db2) {
            heard.add("swap " + db1 + " " + db2);
          }
        });
    Session s = ks.newSession();
    run(s, "RPUSH", "l", "a");
    run(s, "RPUSH", "l", "b"); // exists: not added again
    run(s, "ZADD", "z", "1", "m");
    run(s, "RENAME", "l", "l2");
    run(s, "SET", "s", "v");
    run(s, "SET", "s", "w");
    run(s, "LMOVE", "l2", "l3", "LEFT", "RIGHT");
    run(s, "MOVE", "z", "1");
    run(s, "SWAPDB", "0", "1");
    assertEquals(
        List.of(
            "0:l:list", "0:z:zset", "0:l2:list", "0:s:string", "0:l3:list", "1:z:zset", "swap 0 1"),
        heard);
  }
}
