package dev.redstruct.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Examples of {@link RedisNumbers}. Sources: Redis 7.0.15 {@code src/util.c} ({@code
 * test_string2ll}, REDIS_TEST), the fact sheet {@code redis-facts-dict-zset.md} 4.3, and replies of
 * redis-server 7.0.15 (Debian, glibc 2.36) to {@code CONFIG SET zset-max-listpack-entries 0; ZADD z
 * <input> m; ZSCORE z m}, recorded here as "oracle".
 */
class RedisNumbersTest {
  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static boolean canonical(String s) {
    byte[] v = b(s);
    return RedisNumbers.isCanonicalLong(v, 0, v.length);
  }

  private static String score(String s) {
    byte[] v = b(s);
    return RedisNumbers.formatDouble(RedisNumbers.parseScore(v, 0, v.length));
  }

  private static boolean scoreRejected(String s) {
    byte[] v = b(s);
    return Double.isNaN(RedisNumbers.parseScoreOrNaN(v, 0, v.length));
  }

  // ---- string2ll

  /** Redis src/util.c test_string2ll: accepted strings and their values. */
  @ParameterizedTest
  @CsvSource({
    "-1, -1",
    "0, 0",
    "1, 1",
    "99, 99",
    "-99, -99",
    "-9223372036854775808, -9223372036854775808",
    "9223372036854775807, 9223372036854775807"
  })
  void string2llAccepts(String s, long value) {
    assertTrue(canonical(s));
    byte[] v = b(s);
    assertEquals(value, RedisNumbers.parseCanonicalLong(v, 0, v.length));
  }

  /**
   * Redis src/util.c test_string2ll ("+1", " 1", "1 ", "01", the two int64 overflows) plus the fact
   * sheet's rules (redis-facts-lists.md 1.3: no "-0", no lone sign, at most 20 bytes); the oracle
   * agrees ({@code SET k <s>; OBJECT ENCODING k} is embstr for each, see the IT's edge cases).
   */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "+1",
        " 1",
        "1 ",
        "01",
        "-9223372036854775809",
        "9223372036854775808",
        "",
        "-",
        "-0",
        "+0",
        "00",
        "-01",
        "1e3",
        "0x10",
        "1.0",
        "--1",
        "1-",
        "09223372036854775807",
        "12345678901234567890",
        "99999999999999999999"
      })
  void string2llRejects(String s) {
    assertFalse(canonical(s));
    byte[] v = b(s);
    assertThrows(
        NumberFormatException.class, () -> RedisNumbers.parseCanonicalLong(v, 0, v.length));
  }

  @Test
  void string2llRejectsNulAndNonAsciiDigits() {
    assertFalse(RedisNumbers.isCanonicalLong(new byte[] {'1', 0}, 0, 2));
    assertFalse(RedisNumbers.isCanonicalLong(new byte[] {0, '1'}, 0, 2));
    assertFalse(canonical("\u0663")); // ARABIC-INDIC DIGIT THREE
  }

  @Test
  void lengthCapIs20Bytes() {
    assertEquals(20, RedisNumbers.MAX_LONG_CHARS);
    assertEquals(20, b(Long.toString(Long.MIN_VALUE)).length);
    assertTrue(canonical("-1000000000000000000")); // 20 bytes
    assertFalse(canonical("-10000000000000000000")); // 21 bytes, and out of range
  }

  @Test
  void rangeBoundariesPlusMinusOne() {
    assertTrue(canonical("9223372036854775806"));
    assertTrue(canonical("9223372036854775807"));
    assertFalse(canonical("9223372036854775808"));
    assertTrue(canonical("-9223372036854775807"));
    assertTrue(canonical("-9223372036854775808"));
    assertFalse(canonical("-9223372036854775809"));
    assertFalse(canonical("9223372036854775817"));
    assertFalse(canonical("-9223372036854775818"));
  }

  @Test
  void worksOnASliceAndChecksTheRange() {
    byte[] buf = b("xx-42yy");
    assertTrue(RedisNumbers.isCanonicalLong(buf, 2, 3));
    assertEquals(-42, RedisNumbers.parseCanonicalLong(buf, 2, 3));
    assertFalse(RedisNumbers.isCanonicalLong(buf, 1, 3));
    assertThrows(IndexOutOfBoundsException.class, () -> RedisNumbers.isCanonicalLong(buf, 5, 3));
  }

  // ---- ll2string

  /** Every length 1..20, both signs, at each power of ten and one below: the JDK is the model. */
  @Test
  void ll2stringEveryLength() {
    long p = 1;
    for (int k = 0; k <= 18; k++, p *= 10) {
      for (long v : new long[] {p, p - 1, -p, -(p - 1), 2 * p - 1, -(2 * p - 1)}) {
        checkLl2string(v);
      }
    }
    checkLl2string(Long.MAX_VALUE);
    checkLl2string(Long.MIN_VALUE);
    checkLl2string(Long.MIN_VALUE + 1);
    long q = 1;
    for (int n = 1; n <= 19; n++, q *= 10) {
      assertEquals(n, RedisNumbers.stringLength(q)); // 10^(n-1) has n digits
      assertEquals(n + 1, RedisNumbers.stringLength(-q)); // and a sign
    }
    assertEquals(20, RedisNumbers.stringLength(Long.MIN_VALUE));
  }

  /**
   * Both sides of every power of two and of ten, and every value below 2^20: the JDK is the model.
   */
  @Test
  void stringLengthAtEveryBitLengthAndPowerOfTen() {
    for (int bit = 0; bit < 64; bit++) {
      for (long d = -2; d <= 2; d++) {
        long v = (1L << bit) + d;
        assertEquals(Long.toString(v).length(), RedisNumbers.stringLength(v), Long.toString(v));
        assertEquals(Long.toString(-v).length(), RedisNumbers.stringLength(-v), Long.toString(-v));
      }
    }
    for (long p = 1; p <= Long.MAX_VALUE / 10; p *= 10) {
      for (long v : new long[] {p - 1, p, p + 1, 10 * p - 1}) {
        assertEquals(Long.toString(v).length(), RedisNumbers.stringLength(v), Long.toString(v));
      }
    }
    for (long v = 0; v < 1 << 20; v++) {
      if (RedisNumbers.stringLength(v) != Long.toString(v).length()) {
        assertEquals(Long.toString(v).length(), RedisNumbers.stringLength(v), Long.toString(v));
      }
    }
    assertEquals(10, RedisNumbers.stringLength(0xFFFFFFFFL));
    assertEquals(10, RedisNumbers.stringLength(0x100000000L));
  }

  private static void checkLl2string(long v) {
    String expected = Long.toString(v);
    assertArrayEquals(b(expected), RedisNumbers.ll2string(v), expected);
    assertEquals(expected.length(), RedisNumbers.stringLength(v), expected);
    byte[] dst = new byte[25];
    int n = RedisNumbers.ll2string(v, dst, 3);
    assertEquals(expected, new String(dst, 3, n, StandardCharsets.US_ASCII));
    assertEquals(0, dst[3 + n]);
  }

  @Test
  void ll2stringChecksTheDestination() {
    assertThrows(
        IndexOutOfBoundsException.class, () -> RedisNumbers.ll2string(-100, new byte[4], 1));
    assertEquals(4, RedisNumbers.ll2string(-100, new byte[4], 0));
  }

  // ---- string2d (ZADD)

  /** Oracle: ZADD then ZSCORE on a skiplist zset (inputs the lead spot-checked, and more). */
  @ParameterizedTest
  @CsvSource({
    "0.1, 0.10000000000000001",
    "1e20, 1e+20",
    "inf, inf",
    "-INFINITY, -inf",
    "+inf, inf",
    "0x10, 16",
    "0x1p3, 8",
    "+0x1P-2, 0.25",
    "0x1.8, 1.5",
    "5., 5",
    "4.9e-324, 4.9406564584124654e-324",
    "5e-324, 4.9406564584124654e-324",
    "1e-320, 9.9998886718268301e-321",
    "1e-5, 1.0000000000000001e-05",
    "-0, -0",
    ".5, 0.5",
    "+1, 1",
    "3e-324, 4.9406564584124654e-324",
    "0e-400, 0",
    "2.2250738585072009e-308, 2.2250738585072009e-308"
  })
  void zaddAcceptsAsTheOracle(String input, String zscore) {
    assertEquals(zscore, score(input));
  }

  /** Oracle: ZADD replies "ERR value is not a valid float" to each of these. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "nan",
        "NaN",
        "-nan",
        "1e400",
        "1e-400",
        "0x",
        "1e",
        "",
        " 1",
        "1 ",
        "\t1",
        "1e+",
        "infinit",
        "infinityx",
        "0x1p",
        "0x.p1",
        "1d",
        "1f",
        "1e309",
        "1.7976931348623159e308",
        "1e-324",
        "2.4703282292062327e-324",
        "0x1p-1076",
        "0x1p1024",
        "++1",
        "1_000",
        "1,5"
      })
  void zaddRejectsAsTheOracle(String input) {
    assertTrue(scoreRejected(input), input);
    byte[] v = b(input);
    assertThrows(NumberFormatException.class, () -> RedisNumbers.parseScore(v, 0, v.length));
  }

  @Test
  void embeddedNulIsRejected() {
    assertTrue(Double.isNaN(RedisNumbers.parseScoreOrNaN(new byte[] {'1', 0, '2'}, 0, 3)));
    assertTrue(Double.isNaN(RedisNumbers.parseScoreOrNaN(new byte[] {'1', 0}, 0, 2)));
  }

  /**
   * The smallest sub-normal is 4.94e-324: half of it rounds to even (0, rejected), more rounds up.
   */
  @Test
  void subnormalUnderflowBoundary() {
    assertTrue(scoreRejected("2.4703282292062327e-324"));
    assertEquals("4.9406564584124654e-324", score("2.4703282292062328e-324"));
  }

  /**
   * Regression (found by RedisNumbersRedisIT, seed -2601656270947130164): glibc 2.36's strtod drops
   * the first discarded bit from its sticky bits when it denormalizes, so these hex scores round
   * down where exact rounding rounds up. Oracle: ZSCORE gives the values below; Java's own parser
   * gives 2.199153130533705e-308 and 9.128473898377663e-309.
   */
  @Test
  void glibcSubnormalRoundingRegression() {
    assertEquals("2.1991531305337045e-308", score("0x0.fd048bdb8a9d0cp-1022"));
    assertEquals("-2.1991531305337045e-308", score("-0x0.fd048bdb8a9d0cp-1022"));
    assertEquals("9.1284738983776581e-309", score("0x0.69067697ff4e0ap-1022"));
    // One more non-zero bit past the round bit makes it round up, in glibc as in exact arithmetic.
    assertEquals(
        Double.parseDouble("0x0.fd048bdb8a9d1p-1022"),
        RedisNumbers.parseScore(b("0x0.fd048bdb8a9d0c1p-1022"), 0, 25));
  }

  /**
   * Regression, decimal form of the same glibc quirk: (0x97b753ceb3ffe * 2^60 + 2^59 + 2^58) *
   * 2^-1134 is a sub-normal just above a tie. Oracle: ZSCORE of its exact 1078-character decimal
   * expansion, and of the hex form below, is 1.3186702273437007e-308; exact rounding gives
   * 1.3186702273437012e-308.
   */
  @Test
  void glibcSubnormalRoundingDecimalRegression() {
    BigInteger n = new BigInteger("97b753ceb3ffec00000000000000", 16);
    String decimal =
        new BigDecimal(n.multiply(BigInteger.valueOf(5).pow(1134)), 1134)
            .stripTrailingZeros()
            .toPlainString();
    assertEquals(1078, decimal.length());
    assertEquals("1.3186702273437007e-308", score(decimal));
    assertEquals("1.3186702273437007e-308", score("0x97b753ceb3ffec00000000000000p-1134"));
    // glibc: the sub-normal 0x0.97b753ceb3ffep-1022; exact rounding (the JDK): ...3fffp-1022.
    assertEquals(
        Double.parseDouble("0x0.97b753ceb3ffep-1022"),
        RedisNumbers.parseScore(decimal.getBytes(StandardCharsets.US_ASCII), 0, decimal.length()));
    assertEquals(Double.parseDouble("0x0.97b753ceb3fffp-1022"), Double.parseDouble(decimal));
  }

  // ---- %.17g

  /**
   * Oracle ZSCORE replies, and the fact sheet 4.3 (0.1, 1.5, 10, 1e17, 1e16, 1e-5, -0, DBL_MAX).
   */
  @ParameterizedTest
  @CsvSource({
    "0.1, 0.10000000000000001",
    "1.5, 1.5",
    "10, 10",
    "1e17, 1e+17",
    "1e16, 10000000000000000",
    "1e-5, 1.0000000000000001e-05",
    "1e-4, 0.0001",
    "9.9999999999999991e-06, 9.9999999999999991e-06",
    "1.7976931348623157e308, 1.7976931348623157e+308",
    "-1.7976931348623157e308, -1.7976931348623157e+308",
    "99999999999999999, 1e+17",
    "123456789012345678, 1.2345678901234568e+17",
    "12345678901234567, 12345678901234568",
    "9007199254740993, 9007199254740992",
    "1e15, 1000000000000000",
    "1e21, 1e+21",
    "1e22, 1e+22",
    "0.30000000000000004, 0.30000000000000004",
    "0.000123456789012345678, 0.00012345678901234567",
    "2.2250738585072014e-308, 2.2250738585072014e-308",
    "1.1, 1.1000000000000001",
    "1e-7, 9.9999999999999995e-08",
    "123.456, 123.456",
    "-1.5e-10, -1.5e-10",
    "1e100, 1e+100",
    "1000000000000000.25, 1000000000000000.2",
    "1000000000000000.75, 1000000000000000.8",
    "1000000000000000.125, 1000000000000000.1",
    "1000000000000001.25, 1000000000000001.2",
    "99999999999999984, 99999999999999984",
    "-99999999999999984, -99999999999999984",
    "100000000000000016, 1.0000000000000002e+17",
    "9223372036854775807, 9.2233720368547758e+18"
  })
  void formatDoubleAsTheOracle(String input, String expected) {
    assertEquals(expected, RedisNumbers.formatDouble(Double.parseDouble(input)));
    assertArrayEquals(b(expected), RedisNumbers.formatDoubleBytes(Double.parseDouble(input)));
  }

  @Test
  void formatDoubleSpecials() {
    assertEquals("inf", RedisNumbers.formatDouble(Double.POSITIVE_INFINITY));
    assertEquals("-inf", RedisNumbers.formatDouble(Double.NEGATIVE_INFINITY));
    assertEquals("0", RedisNumbers.formatDouble(0.0));
    assertEquals("-0", RedisNumbers.formatDouble(-0.0));
    assertEquals("4.9406564584124654e-324", RedisNumbers.formatDouble(Double.MIN_VALUE));
    assertEquals("1.7976931348623157e+308", RedisNumbers.formatDouble(Double.MAX_VALUE));
    assertEquals("2.2250738585072014e-308", RedisNumbers.formatDouble(Double.MIN_NORMAL));
  }
}
