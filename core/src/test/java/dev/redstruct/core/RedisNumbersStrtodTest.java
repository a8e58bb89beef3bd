package dev.redstruct.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Examples of {@link RedisNumbers#parseRangeBoundOrNaN} and {@link RedisNumbers#strtodPrefix}.
 * Oracle: redis-server 7.0.15 (Debian, glibc 2.36). For a bound b, {@code ZADD k 0 z 1 a 2 b;
 * ZCOUNT k b +inf; ZCOUNT k -inf b} places b among 0, 1 and 2 (and {@code ERR min or max is not a
 * float} marks a rejection); the values below are the ones those counts leave. For the prefix read,
 * a compact zset RESTOREd with the text as a stored score, then {@code ZSCORE}.
 */
class RedisNumbersStrtodTest {
  private static final String NUL = "\u0000";

  private static double bound(String s) {
    byte[] v = s.getBytes(StandardCharsets.ISO_8859_1);
    return RedisNumbers.parseRangeBoundOrNaN(v, 0, v.length);
  }

  private static double prefix(String s) {
    byte[] v = s.getBytes(StandardCharsets.ISO_8859_1);
    return RedisNumbers.strtodPrefix(v, 0, v.length);
  }

  @Test
  void rangeBoundsAcceptedAsTheOracle() {
    Object[][] cases = {
      {" 1", 1.0},
      {"\t0", 0.0},
      {"\n\u000b\f\r1", 1.0},
      {"1" + NUL + "zz", 1.0},
      {"1" + NUL, 1.0},
      {NUL, 0.0},
      {NUL + "1", 0.0},
      {"", 0.0},
      {"0x1p5000", Double.POSITIVE_INFINITY},
      {"-0x1p5000", Double.NEGATIVE_INFINITY},
      {"0x1p99999999999999999999", Double.POSITIVE_INFINITY},
      {"0x1p-5000", 0.0},
      {"1e400", Double.POSITIVE_INFINITY},
      {"-1e400", Double.NEGATIVE_INFINITY},
      {"1e99999999999999999999", Double.POSITIVE_INFINITY},
      {"1e-400", 0.0},
      {"1e-99999999999999999999", 0.0},
      {"0X1", 1.0},
      {"0x1P1", 2.0},
      {"0x.8", 0.5},
      {"0x1.", 1.0},
      {"1.", 1.0},
      {".5", 0.5},
      {"1e5", 100000.0},
      {"infinity", Double.POSITIVE_INFINITY},
      {"-Infinity", Double.NEGATIVE_INFINITY},
      {"+inf", Double.POSITIVE_INFINITY},
      {"inf" + NUL + "x", Double.POSITIVE_INFINITY},
      {"0x1p-1074", Double.MIN_VALUE},
      {"0x1p-1075", 0.0},
      {"0x1.8p-1075", Double.MIN_VALUE},
      {"4.9e-324", Double.MIN_VALUE},
      {"2.4703282292062328e-324", Double.MIN_VALUE},
      {"2.4703282292062327e-324", 0.0},
    };
    for (Object[] c : cases) {
      assertEquals((Double) c[1], bound((String) c[0]), 0.0, () -> Arrays.toString(c));
    }
  }

  @Test
  void rangeBoundsRejectedAsTheOracle() {
    String[] rejected = {
      " ",
      "\t",
      "1 ",
      "+",
      ".",
      "0x",
      "infin",
      "nan",
      "nan(1)",
      "-nan",
      "1e",
      "1e+",
      "0x1p",
      "1d",
      "--1",
      " " + NUL + "1"
    };
    for (String s : rejected) {
      assertTrue(Double.isNaN(bound(s)), () -> "accepted: " + s.replace(NUL, "\\0"));
    }
  }

  /** Issue 14 item 17: the old bound regex took 9 s on 32k digits; this reader is linear. */
  @Test
  void scoreRangeParseIsLinearIn32kDigits() {
    String digits = "7".repeat(32_000);
    assertTimeoutPreemptively(
        Duration.ofSeconds(2),
        () -> {
          assertEquals(Double.POSITIVE_INFINITY, bound(digits));
          assertEquals(0.7777777777777778, bound("0." + digits));
          assertEquals(Double.POSITIVE_INFINITY, bound("0x" + digits));
          assertTrue(Double.isNaN(bound(digits + "x")));
          assertTrue(Double.isNaN(bound(" ".repeat(32_000) + "1 ")));
          assertTrue(Double.isNaN(bound("1" + "e".repeat(32_000))));
        });
  }

  @Test
  void strtodPrefixReadsAsZzlStrtod() {
    assertEquals(0.0, prefix("abc"));
    assertEquals(5.0, prefix(" 5x"));
    assertEquals(Double.POSITIVE_INFINITY, prefix("1e400"));
    assertEquals(16.0, prefix("0x10"));
    assertEquals(0.0, prefix("0xg")); // "0" read, "xg" left
    assertEquals(1.0, prefix("1e+"));
    assertEquals(-0.0, prefix("-0"));
    assertEquals(0.0, prefix(""));
    assertEquals(2.0, prefix("2" + NUL + "9"));
    assertTrue(Double.isNaN(prefix("nan")));
    assertTrue(Double.isNaN(prefix("-nan(x_1)tail")));
    assertEquals(Double.POSITIVE_INFINITY, prefix("infinit"));
  }
}
