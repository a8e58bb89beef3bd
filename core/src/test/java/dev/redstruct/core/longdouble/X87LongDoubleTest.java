package dev.redstruct.core.longdouble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
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

  /**
   * toHumanBytes prints with shifts, no exact decimal: compared with the exact BigDecimal of the
   * same value rounded HALF_EVEN to 17 places (what glibc's %.17Lf gives for the exact binary
   * value), over seeded random values from 1e-4950 to 1e4900. Replay with -Dredstruct.seed.
   */
  @Test
  void humanTextEqualsTheExactDecimalRounded() {
    long seed = Long.getLong("redstruct.seed", System.nanoTime());
    java.util.Random r = new java.util.Random(seed);
    for (int i = 0; i < 3000; i++) {
      String text =
          (r.nextBoolean() ? "-" : "")
              + (1 + r.nextInt(9))
              + "."
              + Long.toString(r.nextLong() & Long.MAX_VALUE)
              + "e"
              + (r.nextInt(10) == 0 ? r.nextInt(9800) - 4900 : r.nextInt(80) - 40);
      X87LongDouble v = X87LongDouble.parse(bytes(text));
      if (v == null) {
        continue;
      }
      java.math.BigDecimal exact =
          v.exp >= 0
              ? new java.math.BigDecimal(v.mag.shiftLeft(v.exp))
              : new java.math.BigDecimal(
                  v.mag.multiply(java.math.BigInteger.valueOf(5).pow(-v.exp)), -v.exp);
      String t = exact.setScale(17, java.math.RoundingMode.HALF_EVEN).toPlainString();
      t = t.replaceAll("0+$", "").replaceAll("\\.$", "");
      if (v.neg && !t.equals("0")) {
        t = "-" + t;
      }
      assertEquals(t, v.toString(), "seed " + seed + ", " + text);
    }
  }

  /** Long digit strings read by halves give what BigInteger's constructor gives. */
  @Test
  void longDecimalsReadExactly() {
    long seed = Long.getLong("redstruct.seed", System.nanoTime());
    java.util.Random r = new java.util.Random(seed);
    for (int i = 0; i < 300; i++) {
      StringBuilder sb = new StringBuilder();
      int n = 1 + r.nextInt(i < 150 ? 60 : 5000);
      for (int k = 0; k < n; k++) {
        sb.append((char) ('0' + r.nextInt(10)));
      }
      assertEquals(
          new java.math.BigInteger(sb.toString()),
          X87LongDouble.decimal(sb, 0, sb.length()),
          "seed " + seed);
    }
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  /**
   * Blocking-command timeouts as redis-server 7.0.15 treats them (BLPOP k T, probed live): "inf",
   * "1e300" and "9.3e15" answer "timeout is negative" (the conversion overflows to LLONG_MIN),
   * "-0.0001" and "0.0" block forever (0), "1e-9" and "1e-400" time out at once (1 ms).
   */
  @ParameterizedTest
  @CsvSource({
    "0.05, 50",
    "1, 1000",
    "1.0001, 1001",
    "1e-9, 1",
    "1e-400, 1",
    "0x10, 16000",
    "-0.0001, 0",
    "0.0, 0",
    "-1, -1000",
    "9.2e15, 9200000000000000000",
    "9.3e15, -9223372036854775808",
    "1e300, -9223372036854775808",
    "inf, -9223372036854775808",
    "-inf, -9223372036854775808"
  })
  void ceilTimes1000AsRedisTimeouts(String text, long millis) {
    assertEquals(
        millis, X87LongDouble.parse(text.getBytes(StandardCharsets.US_ASCII)).ceilTimes1000());
  }
}
