package dev.redstruct.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.redstruct.keyspace.Keyspace;
import dev.redstruct.testkit.ReadmeSnippets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisDataException;

/** The README's examples, run as written, and the check that each README block is its test's. */
class ServerReadmeTest {

  @Test
  void readmeBlocksAreTheirTestsText() {
    int blocks =
        ReadmeSnippets.check(Path.of("README.md"), Path.of("src/test/java/dev/redstruct/server"));
    assertEquals(3, blocks, "README java blocks checked");
  }

  @Test
  void startTalkStop() {
    String pong;
    long receivers;
    // README: begin
    try (RedisServer server = RedisServer.start(ServerOptions.defaults().port(0))) {
      try (Jedis jedis = new Jedis("127.0.0.1", server.port())) { // any Redis client
        pong = jedis.ping(); // "PONG"
        receivers = jedis.publish("news", "hello"); // 0: nobody subscribed yet
      }
    } // close(): stops listening, closes every connection
    // README: end
    assertEquals("PONG", pong);
    assertEquals(0, receivers);
  }

  @Test
  void withAKeyspaceAndAPassword() {
    Keyspace keyspace = Keyspace.create();
    // README: begin
    ServerOptions options = ServerOptions.defaults().port(0).requirePass("secret");
    try (RedisServer server = RedisServer.start(options, keyspace);
        Jedis jedis = new Jedis("127.0.0.1", server.port())) {
      // before AUTH: -NOAUTH Authentication required.
      jedis.auth("secret");
      jedis.set("greeting", "hi"); // runs on the keyspace, on the server's one command thread
    }
    // README: end
    try (RedisServer server = RedisServer.start(options, keyspace);
        Jedis jedis = new Jedis("127.0.0.1", server.port())) {
      JedisDataException e =
          org.junit.jupiter.api.Assertions.assertThrows(
              JedisDataException.class, () -> jedis.get("greeting"));
      assertEquals("NOAUTH Authentication required.", e.getMessage());
      jedis.auth("secret");
      assertEquals("hi", jedis.get("greeting"));
    }
  }
}
