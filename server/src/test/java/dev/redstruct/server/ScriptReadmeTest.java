package dev.redstruct.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

/** The README's scripting example, run as written (checked as text by ServerReadmeTest). */
class ScriptReadmeTest {

  @Test
  void evalAndEvalsha() {
    Object counted;
    Object again;
    // README: begin
    try (RedisServer server = RedisServer.start(ServerOptions.defaults().port(0));
        Jedis jedis = new Jedis("127.0.0.1", server.port())) {
      String sha = jedis.scriptLoad("return {KEYS[1], redis.call('INCRBY', KEYS[1], ARGV[1])}");
      counted = jedis.evalsha(sha, 1, "hits", "5"); // [hits, 5]: atomic, on the command thread
      again = jedis.eval("return redis.call('GET', KEYS[1])", 1, "hits"); // "5"
    }
    // README: end
    assertEquals(List.of("hits", 5L), counted);
    assertEquals("5", again);
  }
}
