package dev.redstruct.core.longdouble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Known HINCRBYFLOAT/INCRBYFLOAT results of Redis 7.0.15 on x86-64 (probed live, listed in
 * shared/docs/redis-facts-hash-set-string.md section 1 and 5); HashRedisIT checks 10,000+ more
 * against the server.
 */
class X87LongDoubleTest {
  @ParameterizedTest
  @CsvSource({
    "0, 10.5, 0.1, 10.6",
    "0, 0.1, 0.2, 0.3",
    "0, 0, 1e20, 100000000000000000000",
    "0, 0, 3.0e3, 3000",
    "0, 0, -0.0, 0",
    "0, 1, 1e-20, 1",
    "0, 0, 1e30, 1000000000000000000024696061952",
    "0, 0, 123456789.123456789, 123456789.12345678899873747",
    "0, 0, 1e-17, 0.00000000000000001",
    "0, 0, 1e-18, 0",
    "0, 0, 0x1p-2, 0.25",
  })
  void sumsPrintAsRedisPrintsThem(int unused, String a, String b, String expected) {
    X87LongDouble x = X87LongDouble.parse(bytes(a));
    X87LongDouble y = X87LongDouble.parse(bytes(b));
    assertEquals(expected, x.add(y).toString());
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        " 1",
        "1 ",
        "nan",
        "1e",
        "0x",
        "abc",
        "1e99999",
        "-1e99999",
        "1e-99999",
        "1.2.3",
        "--1",
        "infin"
      })
  void string2ldRefuses(String s) {
    assertNull(X87LongDouble.parse(bytes(s)));
  }

  @ParameterizedTest
  @ValueSource(strings = {"inf", "-inf", "Infinity", "+INF"})
  void infinitiesParse(String s) {
    assertEquals(true, X87LongDouble.parse(bytes(s)).isInfinite());
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }
}
