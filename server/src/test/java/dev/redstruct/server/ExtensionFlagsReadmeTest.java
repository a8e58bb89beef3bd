package dev.redstruct.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import redis.clients.jedis.Jedis;

/** The JUnit extension with redis-server flags (@RegisterExtension), as the Javadoc shows it. */
class ExtensionFlagsReadmeTest {
  @RegisterExtension
  static RedisServerExtension withPassword = RedisServerExtension.withArgs("--requirepass", "pw");

  @Test
  void withRedisServerFlags() {
    String pong;
    // README: begin
    // @RegisterExtension static RedisServerExtension withPassword =
    //     RedisServerExtension.withArgs("--requirepass", "pw");
    try (Jedis jedis = new Jedis("127.0.0.1", withPassword.port())) {
      jedis.auth("pw");
      pong = jedis.ping(); // "PONG"
    }
    // README: end
    assertEquals("PONG", pong);
  }
}
