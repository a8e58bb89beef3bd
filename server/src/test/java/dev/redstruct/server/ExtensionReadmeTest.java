package dev.redstruct.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.Jedis;

/** The README's JUnit extension example (@ExtendWith), run as written. */
@ExtendWith(RedisServerExtension.class)
class ExtensionReadmeTest {
  @Test
  void eachTestClassGetsAServer(RedisServer redis) {
    String value;
    // README: begin
    // on the class: @ExtendWith(RedisServerExtension.class); a test takes the class's server
    try (Jedis jedis = new Jedis("127.0.0.1", redis.port())) {
      jedis.set("greeting", "hello");
      value = jedis.get("greeting"); // "hello"
    }
    // README: end
    assertEquals("hello", value);
  }
}
