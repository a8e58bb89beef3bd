package dev.redstruct.rdb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link RedisPayloads#load} on the payloads of issue 27, each with what redis-server 7.0.15's
 * {@code RESTORE} made of it ({@code RedisPayloadsVerdictsRedisIT} checks them on the server).
 */
class RedisPayloadsLoadTest {
  static byte[] hex(String h) {
    return HexFormat.of().parseHex(h);
  }

  static List<String> elements(RedisValue v) {
    List<String> out = new ArrayList<>();
    for (byte[] b : ((RedisValue.ListValue) v).list().toList()) {
      out.add(new String(b, StandardCharsets.UTF_8));
    }
    return out;
  }

  /**
   * Item 3: RESTORE of this type-1 payload gives {@code [a, b, 1, 12345678901]} and DUMP of the key
   * afterwards gives {@code TYPE1_REDIS_DUMP} (one listpack node).
   */
  static final String TYPE1 = "01040161016201310b31323334353637383930310a003b9a18ab29789cd0";

  static final String TYPE1_REDIS_DUMP =
      "120102191900000004008161028162020101f4351cdcdf0200000009ff0a00c1c5996ad31d8746";

  @Test
  void typeOneListPayloadsLoadAsLists() {
    RedisValue v = RedisPayloads.load(hex(TYPE1));
    assertEquals(List.of("a", "b", "1", "12345678901"), elements(v));
    assertEquals(1, v.rdbType());
    assertEquals(
        TYPE1_REDIS_DUMP,
        HexFormat.of().formatHex(RedisPayloads.dump(((RedisValue.ListValue) v).list(), true)));
  }
}
