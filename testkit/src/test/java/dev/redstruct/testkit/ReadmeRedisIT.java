package dev.redstruct.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The README's example, run as written against the oracle. */
@RedisTest
class ReadmeRedisIT {

  /**
   * The README's test class, declared here as a local class (JUnit does not discover local classes)
   * and run by hand with this class's client.
   */
  @Test
  void readmeExample(RespClient client) {
    @RedisTest
    class HashRedisIT {
      @Test
      void smallHashIsListpack(RespClient redis) {
        redis.call("HSET", "h", "f", "v");
        assertEquals("listpack", redis.call("OBJECT", "ENCODING", "h").asString());
      }
    }
    new HashRedisIT().smallHashIsListpack(client);
    assertEquals(1L, client.call("HLEN", "h").asLong());
    assertEquals("v", client.call("HGET", "h", "f").asString());
  }
}
