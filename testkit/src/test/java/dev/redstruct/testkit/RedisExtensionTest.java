package dev.redstruct.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.testkit.RedisExtension.Decision;
import org.junit.jupiter.api.Test;

class RedisExtensionTest {

  @Test
  void runsWheneverTheServerIsAvailable() {
    assertEquals(Decision.RUN, RedisExtension.decide(true, null));
    assertEquals(Decision.RUN, RedisExtension.decide(true, "1"));
    assertEquals(Decision.RUN, RedisExtension.decide(true, "0"));
  }

  @Test
  void skipsWithoutServerUnlessRequired() {
    assertEquals(Decision.SKIP, RedisExtension.decide(false, null));
    assertEquals(Decision.SKIP, RedisExtension.decide(false, ""));
    assertEquals(Decision.SKIP, RedisExtension.decide(false, "0"));
    assertEquals(Decision.SKIP, RedisExtension.decide(false, "no"));
  }

  @Test
  void failsWithoutServerWhenRequired() {
    assertEquals(Decision.FAIL, RedisExtension.decide(false, "1"));
    assertEquals(Decision.FAIL, RedisExtension.decide(false, " 1 "));
    assertEquals(Decision.FAIL, RedisExtension.decide(false, "TRUE"));
  }

  @Test
  void messagesNameTheExecutableAndTheVariable() {
    for (Decision d : new Decision[] {Decision.SKIP, Decision.FAIL}) {
      String m = RedisExtension.message(d);
      assertTrue(m.contains("redis-server") && m.contains("REDSTRUCT_REQUIRE_REDIS"), m);
    }
    assertTrue(RedisExtension.message(Decision.SKIP).contains("skipping"));
  }
}
