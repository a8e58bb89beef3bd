package dev.redstruct.core;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Redis 7.0's rules for numbers written as byte strings: which strings are integers, how integers
 * are written back, which strings are scores, and how scores are printed in replies.
 *
 * <ul>
 *   <li><b>Integers</b> ({@code string2ll}, {@code src/util.c}): a byte string is an integer
 *       exactly when it is the canonical decimal form of a signed 64-bit value: an optional {@code
 *       -}, then {@code 0} alone or a digit 1-9 followed by digits; no {@code +}, no spaces, no
 *       leading zeros, no {@code -0}, at most {@value #MAX_LONG_CHARS} bytes, within {@code
 *       [Long.MIN_VALUE, Long.MAX_VALUE]}. Redis stores such strings as integers and returns them
 *       unchanged, because {@code ll2string} gives back exactly the canonical form.
 *   <li><b>Scores</b> ({@code string2d}, as {@code ZADD}, {@code ZINCRBY} and range bounds read
 *       them): C's {@code strtod} must consume the whole, non-empty string, which must not start
 *       with white space; the result must not be NaN, must not overflow, and must not underflow to
 *       zero from a non-zero input. That admits {@code +1}, {@code .5}, {@code 1e3}, hexadecimal
 *       such as {@code 0x1p3} or {@code 0x10}, and {@code inf}/{@code infinity} in any case with an
 *       optional sign. Results at or below {@link Double#MIN_NORMAL} are rounded as the oracle's
 *       glibc 2.36 {@code strtod} rounds them, which is not always exact (its sticky bits miss one
 *       bit when it denormalizes: {@code 0x0.fd048bdb8a9d0cp-1022} reads as {@code
 *       2.1991531305337045e-308}); larger results are correctly rounded, as in glibc.
 *   <li><b>Score replies</b> ({@code addReplyDouble}, {@code src/networking.c}): C's {@code %.17g},
 *       so {@code 0.1} prints as {@code 0.10000000000000001} and {@code 1e20} as {@code 1e+20};
 *       infinities print as {@code inf} and {@code -inf}.
 * </ul>
 *
 * <p>All methods are static, thread-safe and allocation-free except where they return a new array
 * or string.
 */
public final class RedisNumbers {
  /** The longest canonical int64 decimal: {@code -9223372036854775808} has 20 bytes. */
  public static final int MAX_LONG_CHARS = 20;

  /** What {@link #negatedMagnitude} returns for a rejected string: no magnitude negates to it. */
  private static final long NOT_CANONICAL = 1;

  /** 10^0 .. 10^18, every power of ten a long holds. */
  private static final long[] POWERS_OF_TEN = new long[19];

  static {
    POWERS_OF_TEN[0] = 1;
    for (int i = 1; i < POWERS_OF_TEN.length; i++) {
      POWERS_OF_TEN[i] = POWERS_OF_TEN[i - 1] * 10;
    }
  }

  /*
   * By the bit length of an unsigned 32-bit value x (index: bit length - 1, 0 for x = 0), a bias
   * whose sum with x carries the digit count into bits 32 and up: (d << 32) plus, when 10^d fits in
   * 32 bits, 2^32 - 10^d, where d is the digit count of the smallest x of that bit length; x of
   * that length has d digits below 10^d and d + 1 from it (a bit length spans less than a factor of
   * 10, so at most one power of ten falls inside it). Built here, checked against the JDK by
   * RedisNumbersTest.
   */
  private static final long[] DIGITS_BIAS_32 = new long[32];

  static {
    for (int i = 0; i < DIGITS_BIAS_32.length; i++) {
      int d = Long.toString(1L << i).length();
      long next = 1;
      for (int k = 0; k < d; k++) {
        next *= 10;
      }
      DIGITS_BIAS_32[i] = ((long) d << 32) + (next <= 0xFFFFFFFFL ? (1L << 32) - next : 0);
    }
  }

  private static final MathContext SEVENTEEN_DIGITS = new MathContext(17, RoundingMode.HALF_EVEN);

  private RedisNumbers() {}

  /**
   * Tells whether a byte range is the canonical decimal form of a signed 64-bit integer.
   *
   * <p>Redis: {@code string2ll}, {@code src/util.c}.
   *
   * @param s the array
   * @param off start of the range
   * @param len length of the range
   * @return true when Redis would store the string as an integer
   */
  public static boolean isCanonicalLong(byte[] s, int off, int len) {
    return negatedMagnitude(s, off, len) != NOT_CANONICAL;
  }

  /**
   * Returns the value of a canonical int64 decimal.
   *
   * <p>Redis: {@code string2ll}, {@code src/util.c}.
   *
   * @param s the array
   * @param off start of the range
   * @param len length of the range
   * @return the value
   * @throws NumberFormatException if {@link #isCanonicalLong} is false for the range
   */
  public static long parseCanonicalLong(byte[] s, int off, int len) {
    long negated = negatedMagnitude(s, off, len);
    if (negated == NOT_CANONICAL) {
      throw new NumberFormatException(
          "not a canonical int64 decimal: \""
              + new String(s, off, len, StandardCharsets.ISO_8859_1)
              + "\"");
    }
    return s[off] == '-' ? negated : -negated;
  }

  /**
   * Checks and parses in one pass: minus the magnitude of a canonical int64 decimal (so 0 or
   * below), or a positive number when the range is not canonical. The value is the result itself
   * when the range starts with {@code -}, else its negation. For callers that must both test and
   * parse, such as an encoder choosing between an integer and a string encoding.
   *
   * <p>Redis: {@code string2ll}, {@code src/util.c}.
   *
   * @param s the array
   * @param off start of the range
   * @param len length of the range
   * @return minus the magnitude (at most 0), or a positive number if not canonical
   */
  public static long negatedCanonicalMagnitude(byte[] s, int off, int len) {
    return negatedMagnitude(s, off, len);
  }

  /**
   * Checks and accumulates a decimal in one pass, returning minus its magnitude, or {@link
   * #NOT_CANONICAL} when the range is not a canonical int64 decimal.
   *
   * <p>The magnitude is accumulated negated because the negative range is the larger one: it holds
   * {@code -Long.MIN_VALUE}'s magnitude, which a positive accumulator could not.
   */
  private static long negatedMagnitude(byte[] s, int off, int len) {
    Objects.checkFromIndexSize(off, len, s.length);
    if (len == 0 || len > MAX_LONG_CHARS) {
      return NOT_CANONICAL;
    }
    if (len == 1 && s[off] == '0') {
      return 0;
    }
    boolean negative = s[off] == '-';
    int i = negative ? off + 1 : off;
    int end = off + len;
    if (i == end || s[i] < '1' || s[i] > '9') {
      return NOT_CANONICAL;
    }
    long acc = 0;
    if (end - i <= 18) {
      // At most 18 digits: below 10^18, no overflow to guard against, half the work per byte.
      for (; i < end; i++) {
        int digit = s[i] - '0';
        if (digit < 0 || digit > 9) {
          return NOT_CANONICAL;
        }
        acc = acc * 10 - digit;
      }
      return acc;
    }
    for (; i < end; i++) {
      int digit = s[i] - '0';
      if (digit < 0 || digit > 9 || acc < Long.MIN_VALUE / 10) {
        return NOT_CANONICAL;
      }
      acc *= 10;
      if (acc < Long.MIN_VALUE + digit) {
        return NOT_CANONICAL;
      }
      acc -= digit;
    }
    return negative || acc != Long.MIN_VALUE ? acc : NOT_CANONICAL;
  }

  /**
   * Returns how many bytes the decimal form of {@code v} takes.
   *
   * @param v the value
   * @return 1 to {@value #MAX_LONG_CHARS}
   */
  public static int stringLength(long v) {
    if ((v >>> 32) == 0) {
      // 0 <= v < 2^32, the common case (list elements, counts): one table load and one add
      // (Lemire's 32-bit digit count, Kendall Willets' table). The mask keeps the index provably
      // in range, so the load has no bounds check. ListPackIterateBenchmark's integers: NOTES,
      // "Issue 30, third pass".
      int i = (31 - Integer.numberOfLeadingZeros((int) v | 1)) & 31;
      return (int) ((v + DIGITS_BIAS_32[i]) >>> 32);
    }
    if (v < 0) {
      return v == Long.MIN_VALUE ? MAX_LONG_CHARS : 1 + stringLength(-v);
    }
    // The bit length gives the digit count to within one (bits * 1233 >>> 12 is
    // floor(bits * log10 2)) and one compare settles it, with no division on the hot path.
    // v | 1 has the digit count of v (powers of ten are even) and keeps 0 at one digit.
    long w = v | 1;
    int t = ((64 - Long.numberOfLeadingZeros(w)) * 1233) >>> 12;
    return w >= POWERS_OF_TEN[t] ? t + 1 : t;
  }

  /**
   * Writes the decimal form of {@code v}.
   *
   * <p>Redis: {@code ll2string}, {@code src/util.c}.
   *
   * @param v the value
   * @param dst the destination, with at least {@link #stringLength(long)} bytes from {@code off}
   * @param off where the first byte goes
   * @return the number of bytes written
   */
  public static int ll2string(long v, byte[] dst, int off) {
    int n = stringLength(v);
    Objects.checkFromIndexSize(off, n, dst.length);
    long rest = v < 0 ? v : -v;
    for (int i = off + n - 1; i >= off + (v < 0 ? 1 : 0); i--) {
      dst[i] = (byte) ('0' - (rest % 10));
      rest /= 10;
    }
    if (v < 0) {
      dst[off] = '-';
    }
    return n;
  }

  /**
   * Returns the decimal form of {@code v}.
   *
   * @param v the value
   * @return a new array holding the canonical decimal
   */
  public static byte[] ll2string(long v) {
    byte[] out = new byte[stringLength(v)];
    ll2string(v, out, 0);
    return out;
  }

  /**
   * Parses a score as {@code ZADD} does.
   *
   * <p>Redis: {@code string2d}, {@code src/util.c}, reached from {@code getDoubleFromObject}.
   *
   * @param s the array
   * @param off start of the range
   * @param len length of the range
   * @return the score, possibly infinite, never NaN
   * @throws NumberFormatException if Redis would reply "value is not a valid float"
   */
  public static double parseScore(byte[] s, int off, int len) {
    double d = parseScoreOrNaN(s, off, len);
    if (Double.isNaN(d)) {
      throw new NumberFormatException(
          "not a valid float: \"" + new String(s, off, len, StandardCharsets.ISO_8859_1) + "\"");
    }
    return d;
  }

  /**
   * Parses a score as {@code ZADD} does, returning NaN (never a valid score) for a rejected string,
   * so that a caller can test validity without an exception.
   *
   * @param s the array
   * @param off start of the range
   * @param len length of the range
   * @return the score, or NaN if Redis would reject the string
   */
  public static double parseScoreOrNaN(byte[] s, int off, int len) {
    Objects.checkFromIndexSize(off, len, s.length);
    return ScoreParser.parse(s, off, len);
  }

  /**
   * Parses a score-range bound as {@code ZRANGEBYSCORE}, {@code ZCOUNT} and {@code
   * ZREMRANGEBYSCORE} do, after the caller has removed a leading {@code (}: C {@code strtod} on the
   * range read as a C string, so the bound ends at its first NUL byte ({@code "1\0zz"} is 1),
   * leading white space is skipped ({@code " 1"}, {@code "\t0"}), an overflow is an infinity
   * ({@code "0x1p5000"}, {@code "1e400"}), an underflow is zero, and an empty bound is 0. Looser
   * than {@link #parseScoreOrNaN} (ZADD's check); what strtod leaves unread before the NUL (such as
   * a trailing space) and NaN are rejected. Linear in the length.
   *
   * <p>Redis: {@code zslParseRange}, {@code src/t_zset.c}.
   *
   * @param s the array
   * @param off start of the range
   * @param len length of the range
   * @return the bound, or NaN if Redis would reply "min or max is not a float"
   */
  public static double parseRangeBoundOrNaN(byte[] s, int off, int len) {
    Objects.checkFromIndexSize(off, len, s.length);
    return ScoreParser.parseRangeBound(s, off, len);
  }

  /**
   * C {@code strtod}'s value of the longest number at the start of the range, read as a C string
   * (up to its first NUL byte) after leading white space; what follows is ignored, and a range
   * without a number reads as 0. Overflow gives an infinity, underflow zero; {@code "nan"} gives
   * NaN. This is how Redis reads a score stored as text in a compact zset, whatever the text
   * ({@code "abc"} is 0, {@code " 5x"} is 5).
   *
   * <p>Redis: {@code zzlStrtod}, {@code src/t_zset.c} (which also reads at most 127 bytes: the
   * caller cuts the range).
   *
   * @param s the array
   * @param off start of the range
   * @param len length of the range
   * @return strtod's value, possibly infinite or NaN
   */
  public static double strtodPrefix(byte[] s, int off, int len) {
    Objects.checkFromIndexSize(off, len, s.length);
    return ScoreParser.strtodPrefix(s, off, len);
  }

  /**
   * Formats a score as Redis 7.0 replies with it: C's {@code %.17g}, and {@code inf}/{@code -inf}.
   *
   * <p>Redis: {@code addReplyDouble}, {@code src/networking.c}.
   *
   * @param d the value
   * @return the reply text, e.g. {@code "0.10000000000000001"}, {@code "1e+20"}, {@code "-0"}
   */
  public static String formatDouble(double d) {
    if (Double.isNaN(d)) {
      return "nan";
    }
    if (Double.isInfinite(d)) {
      return d > 0 ? "inf" : "-inf";
    }
    if (d == 0) {
      return Double.doubleToRawLongBits(d) < 0 ? "-0" : "0";
    }
    if (isSmallInteger(d)) {
      return Long.toString((long) d);
    }
    BigDecimal rounded = new BigDecimal(d).round(SEVENTEEN_DIGITS).stripTrailingZeros();
    String digits = rounded.unscaledValue().abs().toString();
    int exponent = digits.length() - 1 - rounded.scale();
    StringBuilder sb = new StringBuilder(24);
    if (d < 0) {
      sb.append('-');
    }
    if (exponent < -4 || exponent >= 17) {
      appendScientific(sb, digits, exponent);
    } else {
      appendFixed(sb, digits, exponent);
    }
    return sb.toString();
  }

  /**
   * Formats a score as {@link #formatDouble(double)} does, as ASCII bytes.
   *
   * @param d the value
   * @return a new array with the reply bytes
   */
  public static byte[] formatDoubleBytes(double d) {
    if (d != 0 && isSmallInteger(d)) {
      return ll2string((long) d);
    }
    byte[] fast = BinaryFractionText.format(d);
    return fast != null ? fast : formatDouble(d).getBytes(StandardCharsets.US_ASCII);
  }

  /**
   * The exact fast path of {@code %.17g}: a non-zero integer below 10^17 in magnitude has at most
   * 17 digits, so nothing is rounded; its decimal exponent is at most 16, so the notation is fixed;
   * and the fraction digits are all zeros, which {@code %g} strips together with the point. What
   * remains is the integer's own decimal. (The double 1e17 is exactly 10^17.)
   */
  private static boolean isSmallInteger(double d) {
    return Math.abs(d) < 1e17 && d == (long) d;
  }

  /**
   * {@code %e}-style part of {@code %g}: one digit, the rest after a point, a 2+ digit exponent.
   */
  private static void appendScientific(StringBuilder sb, String digits, int exponent) {
    sb.append(digits.charAt(0));
    if (digits.length() > 1) {
      sb.append('.').append(digits, 1, digits.length());
    }
    sb.append('e').append(exponent < 0 ? '-' : '+');
    int abs = Math.abs(exponent);
    if (abs < 10) {
      sb.append('0');
    }
    sb.append(abs);
  }

  /** {@code %f}-style part of {@code %g}, with trailing zeros already removed from the digits. */
  private static void appendFixed(StringBuilder sb, String digits, int exponent) {
    if (exponent < 0) {
      sb.append("0.");
      for (int i = -1; i > exponent; i--) {
        sb.append('0');
      }
      sb.append(digits);
    } else if (digits.length() <= exponent + 1) {
      sb.append(digits);
      for (int i = digits.length(); i <= exponent; i++) {
        sb.append('0');
      }
    } else {
      sb.append(digits, 0, exponent + 1).append('.').append(digits, exponent + 1, digits.length());
    }
  }
}
