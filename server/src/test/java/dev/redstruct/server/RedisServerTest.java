package dev.redstruct.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The server as a process: lifecycle, many clients, pipelining, partial writes, one thread. */
class RedisServerTest {
  private final Set<String> engineThreads = ConcurrentHashMap.newKeySet();
  private RedisServer server;

  /** The stand-in engine, noting the thread of every call. */
  private final class Recording implements CommandEngine<StandInEngine.Session> {
    private final StandInEngine inner = new StandInEngine();

    @Override
    public StandInEngine.Session newSession(ConnectionCommands connection) {
      engineThreads.add(Thread.currentThread().getName());
      return inner.newSession(connection);
    }

    @Override
    public Lookup lookup(byte[][] argv) {
      engineThreads.add(Thread.currentThread().getName());
      return inner.lookup(argv);
    }

    @Override
    public byte[] execute(StandInEngine.Session s, byte[][] argv) {
      engineThreads.add(Thread.currentThread().getName());
      return inner.execute(s, argv);
    }

    @Override
    public boolean inTransaction(StandInEngine.Session s) {
      return inner.inTransaction(s);
    }

    @Override
    public void flagTransaction(StandInEngine.Session s) {
      inner.flagTransaction(s);
    }

    @Override
    public void setProtocol(StandInEngine.Session s, int protocol) {
      inner.setProtocol(s, protocol);
    }

    @Override
    public void reset(StandInEngine.Session s) {
      inner.reset(s);
    }
  }

  @BeforeEach
  void start() {
    server = RedisServer.start(ServerOptions.defaults().port(0), new Recording());
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private static String bulk(String s) {
    return "$" + s.length() + "\r\n" + s + "\r\n";
  }

  @Test
  void portZeroPicksAFreePortAndCloseStopsListening() {
    int port = server.port();
    assertTrue(port > 0);
    try (Wire w = new Wire(port)) {
      assertEquals("+PONG\r\n", Wire.s(w.send("PING\r\n").readUntil("\r\n")));
      server.close();
      assertEquals("", Wire.s(w.readToEof()), "close() closes the connections");
    }
    assertThrows(UncheckedIOException.class, () -> new Wire(port).close());
  }

  @Test
  void aBusyPortIsReported() throws IOException {
    assertThrows(
        UncheckedIOException.class,
        () -> RedisServer.start(ServerOptions.defaults().port(server.port())));
  }

  @Test
  void pipelinedCommandsAnswerInOrder() {
    StringBuilder req = new StringBuilder();
    StringBuilder want = new StringBuilder();
    for (int i = 0; i < 10_000; i++) {
      req.append("ECHO v").append(i).append("\r\n");
      want.append(bulk("v" + i));
    }
    try (Wire w = new Wire(server.port())) {
      String got = Wire.s(w.send(req.toString() + "QUIT\r\n").readToEof());
      assertEquals(want + "+OK\r\n", got);
    }
  }

  @Test
  void manyClientsAtOnceAndOneCommandThread() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(16);
    try {
      List<Future<String>> results = new ArrayList<>();
      for (int c = 0; c < 32; c++) {
        int id = c;
        results.add(
            pool.submit(
                () -> {
                  try (Wire w = new Wire(server.port())) {
                    StringBuilder got = new StringBuilder();
                    for (int i = 0; i < 50; i++) {
                      String k = "k" + id + "-" + i;
                      w.send("SET " + k + " v" + i + "\r\nGET " + k + "\r\n");
                      got.append(Wire.s(w.readUntil(bulk("v" + i))));
                    }
                    return got.toString();
                  }
                }));
      }
      for (Future<String> f : results) {
        StringBuilder want = new StringBuilder();
        for (int i = 0; i < 50; i++) {
          want.append("+OK\r\n").append(bulk("v" + i));
        }
        assertEquals(want.toString(), f.get());
      }
    } finally {
      pool.shutdownNow();
    }
    assertEquals(1, engineThreads.size(), "engine called from " + engineThreads);
    assertTrue(engineThreads.iterator().next().startsWith("redstruct-server-"));
  }

  @Test
  void aClientThatDoesNotReadDoesNotStallOthers() throws IOException {
    String big = "x".repeat(64 * 1024);
    int n = 200; // 12.8 MB of replies: far beyond the socket buffers
    try (Socket slow = new Socket("127.0.0.1", server.port());
        Wire other = new Wire(server.port())) {
      StringBuilder req = new StringBuilder();
      for (int i = 0; i < n; i++) {
        req.append("*2\r\n$4\r\nECHO\r\n").append(bulk(big));
      }
      slow.getOutputStream().write(Wire.b(req.toString()));
      // the server now holds most of the replies in its output buffer (partial writes)
      assertEquals("+PONG\r\n", Wire.s(other.send("PING\r\n").readUntil("\r\n")));
      byte[] want = Wire.b(bulk(big));
      byte[] got = slow.getInputStream().readNBytes(want.length * n);
      for (int i = 0; i < n; i++) {
        byte[] one = java.util.Arrays.copyOfRange(got, i * want.length, (i + 1) * want.length);
        assertArrayEquals(want, one, "reply " + i);
      }
    }
  }

  @Test
  void clientIdsNamesListAndKill() {
    try (Wire a = new Wire(server.port());
        Wire b = new Wire(server.port())) {
      String hello = Wire.s(a.send("HELLO 2 SETNAME alpha\r\n").readUntil("*0\r\n"));
      String idA = hello.replaceAll("(?s).*\\$2\r\nid\r\n:(\\d+)\r\n.*", "$1");
      assertEquals(":" + idA + "\r\n", Wire.s(a.send("CLIENT ID\r\n").readUntil("\r\n")));
      String list = Wire.s(b.send("CLIENT LIST\r\n").readUntil("resp=2\n\r\n"));
      assertTrue(list.contains("id=" + idA + " "), list);
      assertTrue(list.contains(" name=alpha "), list);
      assertTrue(list.contains(" cmd=client|list "), list);
      String info = Wire.s(b.send("CLIENT INFO\r\n").readUntil("\n\r\n"));
      String idB = info.replaceAll("(?s).*id=(\\d+) .*", "$1");
      String one = Wire.s(b.send("CLIENT LIST ID " + idB + " 999999\r\n").readUntil("\n\r\n"));
      assertTrue(one.contains("\r\nid=" + idB + " "), one);
      assertEquals(1, one.split(" addr=").length - 1, "one line: " + one);
      assertEquals(":1\r\n", Wire.s(b.send("CLIENT KILL ID " + idA + "\r\n").readUntil("\r\n")));
      assertEquals("", Wire.s(a.readToEof()), "the killed client is disconnected");
      b.send("CLIENT KILL ID " + idB + " SKIPME no\r\n");
      assertEquals(":1\r\n", Wire.s(b.readToEof()), "killing oneself replies, then closes");
    }
  }

  @Test
  void disconnectMidCommandLeavesOthersServed() {
    try (Wire a = new Wire(server.port());
        Wire sub = new Wire(server.port())) {
      sub.send("SUBSCRIBE ch\r\n").readUntil(":1\r\n");
      a.send("*3\r\n$7\r\nPUBLISH\r\n$2\r\nch\r\n$100\r\nhalf");
      a.close();
      try (Wire p = new Wire(server.port())) {
        assertEquals(":1\r\n", Wire.s(p.send("PUBLISH ch m\r\n").readUntil("\r\n")));
        String clients = Wire.s(p.send("CLIENT LIST\r\n").readUntil("resp=2\n\r\n"));
        assertEquals(2, clients.split(" addr=").length - 1, clients);
      }
      assertEquals(
          "*3\r\n" + bulk("message") + bulk("ch") + bulk("m"), Wire.s(sub.readUntil(bulk("m"))));
    }
  }

  @Test
  void commandLineFlags() {
    ServerOptions o =
        RedisServer.parseArgs(
            new String[] {"--port", "0", "--bind", "127.0.0.1", "--requirepass", "pw"});
    assertEquals(0, o.port());
    assertEquals("127.0.0.1", o.bind());
    assertEquals("pw", o.requirePass());
    assertThrows(
        IllegalArgumentException.class, () -> RedisServer.parseArgs(new String[] {"--x", "1"}));
    assertThrows(
        IllegalArgumentException.class, () -> RedisServer.parseArgs(new String[] {"--port"}));
  }
}
