package dev.redstruct.rdb;

import dev.redstruct.testkit.RedisExtension;
import dev.redstruct.testkit.RedisServer;
import dev.redstruct.testkit.RespReply;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/** Starting servers outside {@code @RedisTest} with the same skip/fail rule, and reply helpers. */
final class Oracle {
  private Oracle() {}

  /** Skips the test when redis-server is missing, or fails it if REDSTRUCT_REQUIRE_REDIS is set. */
  static void requireRedis() {
    if (RedisServer.isAvailable()) {
      return;
    }
    String env = System.getenv(RedisExtension.REQUIRE_ENV);
    if (env != null && (env.trim().equals("1") || env.trim().equalsIgnoreCase("true"))) {
      Assertions.fail(
          "redis-server not found on PATH but " + RedisExtension.REQUIRE_ENV + " is set");
    }
    Assumptions.abort("redis-server not found on PATH: skipping");
  }

  /** A RESP reply as plain Java values: Long, byte[], String (status/error "-..."), List, null. */
  static Object plain(RespReply r) {
    if (r instanceof RespReply.Int i) {
      return i.value();
    }
    if (r instanceof RespReply.Bulk b) {
      return b.value();
    }
    if (r instanceof RespReply.Simple s) {
      return s.value();
    }
    if (r instanceof RespReply.Error e) {
      return "-" + e.message();
    }
    if (r instanceof RespReply.Array a) {
      List<Object> out = new ArrayList<>();
      for (RespReply x : a.elements()) {
        out.add(plain(x));
      }
      return out;
    }
    return null;
  }
}
