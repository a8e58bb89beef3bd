package dev.redstruct.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.redstruct.testkit.RedisTest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Blocking pops, the same scripted scenarios on a real Redis 7.0.15 and on our server: several
 * connections, each step one connection's command; everything each connection receives must agree
 * byte for byte. A step {@code "B1 BLPOP k 0"} sends client 1's command and waits until the server
 * lists one more blocked client ({@code CLIENT LIST} flags {@code b}, on a control connection), so
 * the order of blocking is the script's; {@code "R1"} reads one reply of client 1 (a pop served, a
 * timeout); {@code "X1"} closes client 1; {@code "2 RPUSH k a"} sends and reads one reply; {@code
 * {id1}} is client 1's CLIENT ID; {@code "S1 EXEC"} sends client 1's command and reads nothing (a
 * deferred client, read later with {@code "R1"}). Timeouts are short (0.05 s). At the end every
 * client not blocked sends PING, so a reply nobody expected shows.
 */
@RedisTest
class BlockingRedisIT {
  static final List<List<String>> SCENARIOS =
      List.of(
          // FIFO service, one element each, the rest stays
          List.of("B0 BLPOP l 0", "B1 BLPOP l 0", "2 RPUSH l a b c", "R0", "R1", "2 LRANGE l 0 -1"),
          List.of("B0 BRPOP l 0", "B1 BLPOP l 0", "2 RPUSH l a", "R0", "2 RPUSH l b", "R1"),
          // several keys: the first key that becomes ready; a key named twice
          List.of("B0 BLPOP a b c 0", "1 RPUSH c x", "R0", "B0 BLPOP k k 0", "1 LPUSH k y", "R0"),
          List.of("1 RPUSH b 1 2", "0 BLPOP a b 0", "0 BRPOP a b 0", "0 EXISTS b"),
          // timeouts: null array (RESP2 *-1, RESP3 _), BLMOVE's too
          List.of(
              "B0 BLPOP l 0.05",
              "R0",
              "B0 BZPOPMIN z 0.05",
              "R0",
              "B0 BLMOVE a b LEFT RIGHT 0.05",
              "R0",
              "B0 BRPOPLPUSH a b 0.05",
              "R0",
              "B0 BLMPOP 0.05 2 a b LEFT",
              "R0",
              "B0 BZMPOP 0.05 1 z MAX COUNT 3",
              "R0"),
          List.of(
              "0 HELLO 3",
              "B0 BLPOP l 0.05",
              "R0",
              "B0 BLMOVE a b LEFT RIGHT 0.05",
              "R0",
              "B0 BZMPOP 0.05 1 z MAX",
              "R0",
              "1 ZADD z 1 a 2 b",
              "0 BZPOPMAX z 0",
              "B0 BZPOPMIN z z2 0",
              "1 ZADD z2 5 e",
              "R0"),
          // BLMOVE chains: each move makes the next key ready
          List.of(
              "B0 BLMOVE a b LEFT RIGHT 0",
              "B1 BLMOVE b c RIGHT LEFT 0",
              "B2 BLPOP c 0",
              "3 RPUSH a x y",
              "R0",
              "R1",
              "R2",
              "3 LRANGE a 0 -1",
              "3 EXISTS b c"),
          List.of(
              "B0 BRPOPLPUSH a a 0",
              "B1 BLPOP a 0",
              "2 RPUSH a 1 2",
              "R0",
              "R1",
              "2 LRANGE a 0 -1"),
          // BLMOVE served onto a key of the wrong type: WRONGTYPE, nothing moved
          List.of("B0 BLMOVE a d LEFT LEFT 0", "1 SET d x", "1 RPUSH a 1", "R0", "1 LLEN a"),
          // sorted sets, counts
          List.of(
              "B0 BZPOPMIN z 0",
              "B1 BZPOPMAX z 0",
              "B2 BZMPOP 0 2 y z MIN COUNT 2",
              "3 ZADD z 1 a 2 b 3 c 4 d",
              "R0",
              "R1",
              "R2",
              "3 ZRANGE z 0 -1 WITHSCORES"),
          List.of(
              "0 HELLO 3",
              "1 HELLO 3",
              "B0 BZPOPMIN z 0",
              "B1 BZMPOP 0 1 z MAX COUNT 5",
              "2 ZADD z 1.5 a 2 b 3 c",
              "R0",
              "R1"),
          List.of(
              "B0 BLMPOP 0 2 a b RIGHT COUNT 2",
              "B1 BLMPOP 0 1 b LEFT",
              "2 RPUSH b 1 2 3",
              "R0",
              "R1",
              "2 EXISTS b"),
          // a key created with another type serves nobody; the right type later does
          List.of(
              "B0 BLPOP k 0",
              "B1 BZPOPMIN k 0",
              "2 ZADD k 1 a",
              "R1",
              "2 SET k v",
              "2 DEL k",
              "2 RPUSH k x",
              "R0"),
          // pushes inside MULTI: served after EXEC with what is left
          List.of(
              "B0 BLPOP k 0",
              "B1 BLPOP k 0",
              "2 MULTI",
              "2 RPUSH k a",
              "2 RPUSH k b",
              "2 LPOP k",
              "2 EXEC",
              "R0",
              "2 LLEN k"),
          // inside MULTI nothing blocks
          List.of(
              "0 MULTI",
              "0 BLPOP l 0",
              "0 BRPOP l 0",
              "0 BLMOVE l m LEFT LEFT 0",
              "0 BRPOPLPUSH l m 0",
              "0 BLMPOP 0 1 l LEFT",
              "0 BZPOPMIN z 0",
              "0 BZMPOP 0 1 z MIN",
              "0 RPUSH l 1",
              "0 BLPOP l 0",
              "0 EXEC",
              "1 HELLO 3",
              "1 MULTI",
              "1 BLPOP l 0",
              "1 BLMOVE l m LEFT LEFT 0",
              "1 EXEC"),
          // errors, in Redis's order
          List.of(
              "0 BLPOP l -1",
              "0 BLPOP l abc",
              "0 BLPOP l inf",
              "0 BLPOP l nan",
              "0 BLPOP l \" 1\"",
              "0 BLPOP l 1e400",
              "0 BLPOP",
              "0 BLMOVE a b UP LEFT 0",
              "0 BLMOVE a b LEFT UP x",
              "0 BLMOVE a b LEFT LEFT x",
              "0 BLMPOP 0 0 l LEFT",
              "0 BLMPOP 0 x l LEFT",
              "0 BLMPOP 0 1 l FOO",
              "0 BLMPOP 0 3 l LEFT",
              "0 BLMPOP 0 1 l LEFT COUNT 0",
              "0 BLMPOP 0 1 l LEFT COUNT",
              "0 BLMPOP 0 1 l LEFT COUNT 1 COUNT 1",
              "0 BLMPOP x 1 l LEFT",
              "0 BZMPOP 0 1 z LEFT",
              "0 BZMPOP -1 1 z MIN",
              "0 BRPOPLPUSH a b -5",
              "0 SET s v",
              "0 BLPOP s 0",
              "0 BLPOP missing s 0",
              "0 BZPOPMIN s 0",
              "0 BLMOVE s d LEFT LEFT 0",
              "0 BLMPOP 0 2 nope s LEFT",
              "0 BZMPOP 0 1 s MIN",
              "0 RPUSH l 1",
              "0 BZPOPMIN l 0",
              "0 BLMOVE l s LEFT LEFT 0",
              "0 LLEN l"),
          // a client that disconnects while blocked is forgotten
          List.of("B0 BLPOP k 0", "X0", "1 RPUSH k a", "1 LLEN k"),
          // pipelined commands after a blocking one wait for it
          List.of(
              "B0 BLPOP k 0\r\nPING\r\nRPUSH k z",
              "1 RPUSH k a",
              "R0",
              "R0",
              "R0",
              "1 LRANGE k 0 -1"),
          // CLIENT UNBLOCK
          List.of(
              "B0 BLPOP k 0",
              "1 CLIENT UNBLOCK {id0}",
              "R0",
              "B0 BZPOPMIN k 0",
              "1 CLIENT UNBLOCK {id0} ERROR",
              "R0",
              "1 CLIENT UNBLOCK {id0}",
              "1 CLIENT UNBLOCK {id0} foo",
              "1 CLIENT UNBLOCK x"),
          // SWAPDB makes a key of the other database ready
          List.of("B0 BLPOP k 0", "1 SELECT 1", "1 RPUSH k a", "1 SWAPDB 0 1", "R0", "1 EXISTS k"),
          // MOVE and RENAME add keys
          List.of(
              "B0 BLPOP k 0",
              "1 SELECT 1",
              "1 RPUSH k a",
              "1 MOVE k 0",
              "R0",
              "B0 BZPOPMAX q 0",
              "1 SELECT 0",
              "1 ZADD tmp 1 m",
              "1 RENAME tmp q",
              "R0"),
          // XREAD BLOCK: $ is the last ID when blocking; XADD serves; several keys; COUNT
          List.of(
              "1 XADD s 1-1 f v",
              "B0 XREAD BLOCK 0 STREAMS s $",
              "1 XADD s 2-1 g w",
              "R0",
              "B0 XREAD COUNT 1 BLOCK 0 STREAMS a b $ $",
              "1 XADD b 5-1 x 1",
              "R0",
              "B0 XREAD BLOCK 0 STREAMS s 2-1",
              "B1 XREAD BLOCK 0 STREAMS s $",
              "2 XADD s 3-1 a b",
              "R0",
              "R1"),
          // timeouts, RESP3, inside MULTI (no blocking), an ID already served at once
          List.of(
              "B0 XREAD BLOCK 50 STREAMS s $",
              "R0",
              "0 HELLO 3",
              "B0 XREAD BLOCK 50 STREAMS s $",
              "R0",
              "B0 XREAD BLOCK 0 STREAMS s $",
              "1 XADD s 7-7 k v",
              "R0",
              "0 MULTI",
              "0 XREAD BLOCK 0 STREAMS s $",
              "0 EXEC",
              "0 XREAD BLOCK 0 STREAMS s 0"),
          // XREADGROUP: served with >, PEL filled; XGROUP DESTROY gives NOGROUP
          List.of(
              "1 XGROUP CREATE s g $ MKSTREAM",
              "B0 XREADGROUP GROUP g alice BLOCK 0 STREAMS s >",
              "1 XADD s 3-1 f v",
              "R0",
              "1 XPENDING s g",
              "B0 XREADGROUP GROUP g bob BLOCK 0 STREAMS s >",
              "1 XGROUP DESTROY s g",
              "R0"),
          // a deleted key: XREADGROUP gets UNBLOCKED, XREAD waits; MULTI XADD+DEL wakes nobody
          List.of(
              "1 XGROUP CREATE s g $ MKSTREAM",
              "B0 XREADGROUP GROUP g c BLOCK 0 STREAMS s >",
              "B1 XREAD BLOCK 0 STREAMS s $",
              "2 DEL s",
              "R0",
              "2 MULTI",
              "2 XADD s 1-1 a b",
              "2 DEL s",
              "2 EXEC",
              "2 SET s x",
              "2 DEL s",
              "2 XADD s 9-1 a b",
              "R1"));

  /**
   * Commands of several clients that arrive while the server is busy (client 3's DEBUG SLEEP) run
   * in the order they arrived, as Redis's epoll loop serves them: the two Tcl tests "BRPOPLPUSH
   * does not affect WATCH while still blocked" and "BRPOPLPUSH with multiple blocked clients"
   * (unit/type/list, 7.0.15), whose clients send without waiting for each other.
   */
  static final List<List<String>> ARRIVAL_ORDER =
      List.of(
          List.of(
              "B0 BRPOPLPUSH src dst 0",
              "1 SET somekey v",
              "1 WATCH dst",
              "1 MULTI",
              "1 GET somekey",
              "S3 DEBUG SLEEP 0.02",
              "S1 EXEC",
              "2 LPUSH src e",
              "R3",
              "R1",
              "R0",
              "2 LRANGE dst 0 -1"),
          List.of(
              "2 SET target1 nolist",
              "S3 DEBUG SLEEP 0.02",
              "S0 BRPOPLPUSH blist target1 0",
              "S1 BRPOPLPUSH blist target2 0",
              "2 LPUSH blist foo",
              "R3",
              "R0",
              "R1",
              "2 LRANGE target2 0 -1"));

  /**
   * A key that expired before it could serve a blocked client (active expiry off) leaves the client
   * blocked, and is deleted: the non-replication half of unit/type/list's "SWAPDB wants to wake
   * blocked client, but the key already expired" and "MULTI + LPUSH + EXPIRE + DEBUG SLEEP on
   * blocked client, key already expired" (DEBUG SLEEP stands for the Tcl test's wait).
   */
  static final List<List<String>> EXPIRED_BEFORE_SERVED =
      List.of(
          List.of(
              "2 DEBUG SET-ACTIVE-EXPIRE 0",
              "2 SELECT 1",
              "2 RPUSH k hello",
              "2 PEXPIRE k 100",
              "0 SELECT 9",
              "B0 BRPOP k 1",
              "2 DEBUG SLEEP 0.11",
              "2 SWAPDB 1 9",
              "2 CLIENT UNBLOCK {id0}",
              "R0",
              "2 SELECT 9",
              "2 EXISTS k",
              "2 DEBUG SET-ACTIVE-EXPIRE 1"),
          List.of(
              "2 DEBUG SET-ACTIVE-EXPIRE 0",
              "B0 BRPOP k 0",
              "2 MULTI",
              "2 RPUSH k hello",
              "2 PEXPIRE k 100",
              "2 DEBUG SLEEP 0.2",
              "2 EXEC",
              "2 CLIENT UNBLOCK {id0}",
              "R0",
              "2 EXISTS k",
              "2 DEBUG SET-ACTIVE-EXPIRE 1"));

  private static RedisServer ours;

  @BeforeAll
  static void start() {
    ours = RedisServer.start(ServerOptions.defaults().port(0));
  }

  @AfterAll
  static void stop() {
    ours.close();
  }

  @Test
  void scenariosAgreeByteForByte(dev.redstruct.testkit.RedisServer real) {
    List<String> mismatches = new ArrayList<>();
    int steps = 0;
    for (List<String> scenario : SCENARIOS) {
      String want = run(real.port(), scenario);
      String got = run(ours.port(), scenario);
      steps += scenario.size();
      if (!want.equals(got)) {
        mismatches.add(
            scenario
                + "\n  redis: "
                + ServerDifferentialRedisIT.show(want)
                + "\n  ours:  "
                + ServerDifferentialRedisIT.show(got));
      }
    }
    System.out.printf(
        "BlockingRedisIT: scenarios=%d steps=%d mismatches=%d%n",
        SCENARIOS.size(), steps, mismatches.size());
    assertEquals(List.of(), mismatches);
  }

  /** The scenarios that need DEBUG, on servers of their own that allow it. */
  @Test
  void debugScenariosAgree() {
    // the hash order of selected keys differs from run to run: several fresh runs each
    List<String> flags = List.of("--enable-debug-command", "yes", "--save", "");
    try (dev.redstruct.testkit.RedisServer real = dev.redstruct.testkit.RedisServer.start(flags);
        RedisServer mine =
            RedisServer.start("--port", "0", "--enable-debug-command", "yes", "--save", "")) {
      List<List<String>> scenarios = new ArrayList<>(EXPIRED_BEFORE_SERVED);
      for (int round = 0; round < 6; round++) {
        scenarios.addAll(ARRIVAL_ORDER);
      }
      List<String> mismatches = new ArrayList<>();
      for (List<String> scenario : scenarios) {
        String want = run(real.port(), scenario);
        String got = run(mine.port(), scenario);
        if (!want.equals(got)) {
          mismatches.add(scenario + "\n  redis: " + want + "\n  ours:  " + got);
        }
      }
      assertEquals(List.of(), mismatches);
    }
  }

  /** Runs a scenario; returns each client's transcript. */
  static String run(int port, List<String> scenario) {
    List<Conn> conns = new ArrayList<>();
    long t0 = System.nanoTime();
    try (Conn control = new Conn(port)) {
      control.call("FLUSHALL");
      for (int i = 0; i < 4; i++) {
        conns.add(new Conn(port));
      }
      List<String> ids = new ArrayList<>();
      for (Conn c : conns) {
        String r = c.call("CLIENT ID");
        ids.add(r.substring(1, r.length() - 2));
      }
      int blocked = 0;
      for (String step : scenario) {
        char op = step.charAt(0);
        int who = Character.isDigit(op) ? op - '0' : step.charAt(1) - '0';
        Conn c = conns.get(who);
        String cmd = step.substring(Character.isDigit(op) ? 2 : Math.min(step.length(), 3));
        for (int i = 0; i < ids.size(); i++) {
          cmd = cmd.replace("{id" + i + "}", ids.get(i));
        }
        switch (op) {
          case 'B' -> {
            c.send(cmd + "\r\n");
            blocked++;
            awaitBlocked(control, blocked, c);
            c.blocked++;
          }
          case 'R' -> {
            c.transcript.append(c.readReply());
            if (c.blocked > 0 && !c.pipelined) {
              c.blocked--;
            }
            blocked = countBlocked(control);
          }
          case 'S' -> c.send(cmd + "\r\n");
          case 'X' -> {
            c.close();
            c.closed = true;
            blocked = awaitBlocked(control, blocked - 1, null);
          }
          default -> c.transcript.append(c.call(cmd));
        }
        if (op == 'B' && cmd.contains("\r\n")) {
          c.pipelined = true;
        }
      }
      StringBuilder all = new StringBuilder();
      for (int i = 0; i < conns.size(); i++) {
        Conn c = conns.get(i);
        if (!c.closed && countBlockedClient(control, ids.get(i)) == 0) {
          c.transcript.append(c.call("PING"));
        }
        all.append("|c").append(i).append(':');
        all.append(ServerDifferentialRedisIT.normalise(c.transcript.toString()));
      }
      long ms = (System.nanoTime() - t0) / 1_000_000;
      if (ms > 1000) {
        System.out.println("BlockingRedisIT: slow scenario (" + ms + " ms): " + scenario);
      }
      return all.toString();
    } finally {
      conns.forEach(Conn::close);
    }
  }

  /**
   * Waits until {@code expected} clients are blocked, or {@code sender} got a reply (timed out).
   */
  private static int awaitBlocked(Conn control, int expected, Conn sender) {
    long deadline = System.currentTimeMillis() + 5000;
    int n;
    while ((n = countBlocked(control)) != expected
        && System.currentTimeMillis() < deadline
        && (sender == null || sender.available() == 0)) {
      Wire.pause(1);
    }
    return n;
  }

  private static int countBlocked(Conn control) {
    return countBlockedClient(control, null);
  }

  private static int countBlockedClient(Conn control, String id) {
    String list = control.call("CLIENT LIST");
    int n = 0;
    for (String line : list.split("\n")) {
      if ((id == null || line.contains("id=" + id + " "))
          && line.matches(".* flags=[A-Za-z]*b.*")) {
        n++;
      }
    }
    return n;
  }

  /** A raw connection reading one RESP2/RESP3 reply at a time. */
  static final class Conn implements AutoCloseable {
    final Socket socket;
    final OutputStream out;
    final InputStream in;
    final StringBuilder transcript = new StringBuilder();
    int blocked;
    boolean pipelined;
    boolean closed;

    Conn(int port) {
      try {
        socket = new Socket("127.0.0.1", port);
        socket.setTcpNoDelay(true);
        socket.setSoTimeout(5000);
        out = socket.getOutputStream();
        in = socket.getInputStream();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    int available() {
      try {
        return in.available();
      } catch (IOException e) {
        return -1;
      }
    }

    void send(String s) {
      try {
        out.write(s.getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    String call(String cmd) {
      send(cmd + "\r\n");
      return readReply();
    }

    String readReply() {
      ByteArrayOutputStream b = new ByteArrayOutputStream();
      try {
        frame(b);
      } catch (IOException e) {
        b.writeBytes("<timeout>".getBytes(StandardCharsets.ISO_8859_1));
      }
      return new String(b.toByteArray(), StandardCharsets.ISO_8859_1);
    }

    private void frame(ByteArrayOutputStream b) throws IOException {
      String line = line(b);
      char t = line.charAt(0);
      long n = "$=!*~>%|".indexOf(t) >= 0 ? Long.parseLong(line.substring(1)) : 0;
      switch (t) {
        case '$', '=', '!' -> {
          if (n >= 0) {
            b.write(in.readNBytes((int) n + 2));
          }
        }
        case '*', '~', '>' -> {
          for (long i = 0; i < n; i++) {
            frame(b);
          }
        }
        case '%', '|' -> {
          for (long i = 0; i < 2 * n; i++) {
            frame(b);
          }
        }
        default -> {}
      }
    }

    private String line(ByteArrayOutputStream b) throws IOException {
      StringBuilder sb = new StringBuilder();
      int prev = -1;
      while (true) {
        int x = in.read();
        if (x < 0) {
          throw new IOException("closed");
        }
        b.write(x);
        if (prev == '\r' && x == '\n') {
          return sb.substring(0, sb.length() - 1);
        }
        sb.append((char) x);
        prev = x;
      }
    }

    @Override
    public void close() {
      try {
        socket.close();
      } catch (IOException e) {
        // closing anyway
      }
    }
  }
}
