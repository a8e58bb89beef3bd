package dev.redstruct.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntSupplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

@RedisTest
class RedisServerIT {

  @Test
  void pingAndConfiguration(RespClient redis) {
    assertEquals(new RespReply.Simple("PONG"), redis.call("PING"));
    assertEquals(
        List.of(RespReply.bulk("save"), RespReply.bulk("")),
        redis.call("CONFIG", "GET", "save").asList());
    assertEquals(
        List.of(RespReply.bulk("appendonly"), RespReply.bulk("no")),
        redis.call("CONFIG", "GET", "appendonly").asList());
    assertEquals(
        List.of(RespReply.bulk("sanitize-dump-payload"), RespReply.bulk("yes")),
        redis.call("CONFIG", "GET", "sanitize-dump-payload").asList());
    assertEquals(
        List.of(RespReply.bulk("bind"), RespReply.bulk("127.0.0.1")),
        redis.call("CONFIG", "GET", "bind").asList());
  }

  /** The log tail a failing test gets: the server's own start-up lines are in it. */
  @Test
  void logTailShowsTheServersLog(RedisServer server) {
    assertTrue(server.logTail().contains("Ready to accept connections"), server.logTail());
  }

  /** The examples in the Javadoc of RedisTest and RespClient. */
  @Test
  void javadocExamples(RespClient redis) {
    redis.call("HSET", "h", "f", "v");
    assertEquals("listpack", redis.call("OBJECT", "ENCODING", "h").asString());
    redis.call("SET", "k", "12345").assertOk();
    assertEquals(RespReply.bulk("int"), redis.call("OBJECT", "ENCODING", "k"));
    assertEquals("$\"int\"", redis.call("OBJECT", "ENCODING", "k").toString());
  }

  @Test
  void everyReplyType(RespClient redis) {
    assertEquals(new RespReply.Simple("OK"), redis.call("SET", "k", "v"));
    assertEquals(RespReply.bulk("v"), redis.call("GET", "k"));
    assertEquals(RespReply.Null.INSTANCE, redis.call("GET", "missing"));
    assertEquals(new RespReply.Int(3), redis.call("RPUSH", "l", "a", "b", "c"));
    assertEquals(
        new RespReply.Array(List.of(RespReply.bulk("a"), RespReply.bulk("b"))),
        redis.call("LRANGE", "l", "0", "1"));
    // BLPOP with a timeout on an empty list is RESP2's null array
    assertEquals(RespReply.Null.INSTANCE, redis.call("BLPOP", "empty", "0.01"));
    RespReply err = redis.call("INCR", "l");
    assertTrue(err.isError());
    assertTrue(((RespReply.Error) err).message().startsWith("WRONGTYPE"), err.toString());
    IllegalStateException e = assertThrows(IllegalStateException.class, err::asLong);
    assertTrue(e.getMessage().contains("WRONGTYPE"), e.getMessage());
  }

  @Test
  void binarySafeValues(RespClient redis) {
    byte[] value = new byte[256];
    for (int i = 0; i < value.length; i++) {
      value[i] = (byte) i;
    }
    byte[] key = {0, '\r', '\n', (byte) 0xff};
    redis.call(key, "x".getBytes(), value);
    redis.call("SET".getBytes(), key, value).assertOk();
    assertEquals(new RespReply.Bulk(value), redis.call("GET".getBytes(), key));
    assertEquals("0x0001", new RespReply.Bulk(new byte[] {0, 1}).toString().substring(1));
  }

  @Test
  void pipelineLargerThanOneBatch(RespClient redis) {
    List<byte[][]> cmds = new ArrayList<>();
    for (int i = 0; i < 2500; i++) {
      cmds.add(RespClient.utf8("RPUSH", "big", "element-" + i));
    }
    cmds.add(RespClient.utf8("LINDEX", "big", "-1"));
    List<RespReply> replies = redis.pipeline(cmds);
    assertEquals(2501, replies.size());
    assertEquals(new RespReply.Int(2500), replies.get(2499));
    assertEquals(RespReply.bulk("element-2499"), replies.get(2500));
  }

  @Test
  void firstOfTwoTestsSeesAnEmptyServer(RespClient redis) {
    assertEquals(new RespReply.Int(0), redis.call("DBSIZE"));
    redis.call("SET", "left-over", "1");
  }

  @Test
  void secondOfTwoTestsSeesAnEmptyServer(RespClient redis) {
    assertEquals(new RespReply.Int(0), redis.call("DBSIZE"));
    redis.call("SET", "left-over", "1");
  }

  @Test
  void standaloneServerStopsAndCleansUp() {
    Path dir;
    RedisServer server = RedisServer.start(List.of("--hash-max-listpack-entries", "3"));
    try (RespClient c = server.newClient()) {
      dir = server.directory();
      assertTrue(Files.isDirectory(dir));
      assertEquals(
          RespReply.bulk("3"),
          c.call("CONFIG", "GET", "hash-max-listpack-entries").asList().get(1));
    } finally {
      server.close();
    }
    assertFalse(server.isAlive());
    assertFalse(Files.exists(dir));
    server.close(); // idempotent
  }

  @Test
  void retriesWithAnotherPortWhenThePortIsTaken() throws IOException {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      int[] calls = {0};
      IntSupplier ports = () -> calls[0]++ == 0 ? taken.getLocalPort() : freePort();
      try (RedisServer server = RedisServer.start(List.of(), ports)) {
        assertEquals(2, calls[0]);
        assertTrue(server.port() != taken.getLocalPort());
        try (RespClient c = server.newClient()) {
          assertEquals(new RespReply.Simple("PONG"), c.call("PING"));
        }
      }
    }
  }

  static int freePort() {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Test
  void badConfigurationFailsWithTheServerLog() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class, () -> RedisServer.start(List.of("--no-such-option", "1")));
    assertTrue(e.getMessage().contains("no-such-option"), e.getMessage());
  }

  @Nested
  class NestedClassesShareTheServer {
    RedisServer outer;

    @BeforeEach
    void remember(RedisServer server) {
      outer = server;
    }

    @Test
    void sameServerAndFlushed(RedisServer server, RespClient redis) {
      assertEquals(outer, server);
      assertEquals(server.port(), redis.port());
      assertEquals(new RespReply.Int(0), redis.call("DBSIZE"));
    }
  }
}
