package dev.redstruct.core;

import java.nio.charset.StandardCharsets;

/**
 * Emulates Redis's {@code string2d} (C {@code strtod} in the C locale plus Redis's own checks) on a
 * byte range, returning NaN for every string Redis rejects.
 */
/*
 * Implementation notes.
 *
 * strtod's grammar, as glibc implements it, after optional leading white space (which Redis rejects
 * outright by testing the first byte):
 *
 *   [+-] ( decimal | hexadecimal | "inf" | "infinity" | "nan" [ "(" chars ")" ] )   (letters any case)
 *   decimal     = digits [ "." [digits] ] | "." digits,  then optionally [eE] [+-] digits
 *   hexadecimal = "0" [xX] ( hexdigits [ "." [hexdigits] ] | "." hexdigits ),
 *                 then optionally [pP] [+-] digits
 *
 * An exponent without digits is not consumed, which leaves bytes over, and Redis rejects any string
 * strtod does not consume whole. So validation here is "does the grammar match the whole range".
 * Once it does, the Java parser does the arithmetic: Double.parseDouble is correctly rounded, as
 * glibc's strtod is, after the hexadecimal form is completed with the "p0" exponent Java demands.
 *
 * Redis then rejects NaN, overflow (a finite input that becomes infinite), and underflow to zero of a
 * non-zero input (strtod's ERANGE with a zero result). Sub-normal results are accepted, but glibc
 * does not always round them correctly: results at or below MIN_NORMAL are recomputed by
 * TinyScores, which reproduces glibc's rounding (and decides the underflow).
 */
final class ScoreParser {
  private ScoreParser() {}

  /** 10^0 .. 10^15, all exact doubles. */
  private static final double[] POWERS_OF_TEN = {
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15
  };

  private static final int FAST_PATH_DIGITS = 15;

  static double parse(byte[] s, int off, int len) {
    int end = off + len;
    if (len == 0) {
      return Double.NaN;
    }
    double simple = simpleDecimal(s, off, end);
    if (!Double.isNaN(simple)) {
      return simple;
    }
    int i = off;
    if (s[i] == '+' || s[i] == '-') {
      i++;
    }
    if (isInfinity(s, i, end)) {
      return s[off] == '-' ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
    }
    boolean hex = end - i >= 2 && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X');
    int mantissaStart = hex ? i + 2 : i;
    int afterMantissa = skipMantissa(s, mantissaStart, end, hex);
    if (afterMantissa < 0) {
      return Double.NaN;
    }
    int afterExponent = skipExponent(s, afterMantissa, end, hex ? 'p' : 'e');
    if (afterExponent != end) {
      return Double.NaN;
    }
    String text = new String(s, off, len, StandardCharsets.US_ASCII);
    double value = Double.parseDouble(hex && afterMantissa == end ? text + "p0" : text);
    if (Double.isInfinite(value)) {
      return Double.NaN; // overflow: ERANGE with HUGE_VAL
    }
    if (Math.abs(value) <= Double.MIN_NORMAL && hasNonZeroDigit(s, mantissaStart, afterMantissa)) {
      double tiny = tiny(s, mantissaStart, afterMantissa, end, hex);
      if (tiny == 0) {
        return Double.NaN; // underflow to zero: ERANGE with a zero result
      }
      if (!Double.isNaN(tiny)) {
        value = s[off] == '-' ? -tiny : tiny;
      }
    }
    return value;
  }

  /** Re-rounds a result at or below MIN_NORMAL as glibc does; see {@link TinyScores}. */
  private static double tiny(byte[] s, int from, int mantissaEnd, int end, boolean hex) {
    StringBuilder digits = new StringBuilder(mantissaEnd - from);
    int pointAt = -1;
    for (int i = from; i < mantissaEnd; i++) {
      if (s[i] == '.') {
        pointAt = digits.length();
      } else {
        digits.append((char) s[i]);
      }
    }
    if (pointAt < 0) {
      pointAt = digits.length();
    }
    long exponent = mantissaEnd == end ? 0 : exponentValue(s, mantissaEnd + 1, end);
    String d = digits.toString();
    return hex
        ? TinyScores.hexadecimal(d, pointAt, exponent)
        : TinyScores.decimal(d, pointAt, exponent);
  }

  /** Reads a signed decimal exponent, saturating far beyond any double's range. */
  private static long exponentValue(byte[] s, int from, int end) {
    boolean negative = s[from] == '-';
    long e = 0;
    for (int i = s[from] == '-' || s[from] == '+' ? from + 1 : from; i < end; i++) {
      e = Math.min(e * 10 + (s[i] - '0'), 1L << 40);
    }
    return negative ? -e : e;
  }

  /**
   * Clinger's fast path, without allocation: {@code [+-]digits[.digits]} with at most 15 digits in
   * all is m / 10^k with m &lt; 10^15 and k &lt;= 15, both exact doubles, so the one correctly
   * rounded IEEE division gives the correctly rounded value, which is what glibc returns for a
   * normal result (and the smallest non-zero result here, 1e-15, is normal). Returns NaN when the
   * string has another shape; the general parser then decides.
   */
  private static double simpleDecimal(byte[] s, int off, int end) {
    int i = off;
    boolean negative = s[i] == '-';
    if (negative || s[i] == '+') {
      i++;
    }
    long m = 0;
    int digits = 0;
    int fraction = -1; // digits after the point; -1 while no point was seen
    for (; i < end; i++) {
      byte c = s[i];
      if (c >= '0' && c <= '9') {
        if (++digits > FAST_PATH_DIGITS) {
          return Double.NaN;
        }
        m = m * 10 + (c - '0');
        fraction += fraction >= 0 ? 1 : 0;
      } else if (c == '.' && fraction < 0) {
        fraction = 0;
      } else {
        return Double.NaN;
      }
    }
    if (digits == 0) {
      return Double.NaN;
    }
    double d = fraction > 0 ? m / POWERS_OF_TEN[fraction] : m;
    return negative ? -d : d;
  }

  /** Matches "inf" or "infinity", in any case, ending exactly at {@code end}. */
  private static boolean isInfinity(byte[] s, int i, int end) {
    return matchesIgnoreCase(s, i, end, "inf") || matchesIgnoreCase(s, i, end, "infinity");
  }

  private static boolean matchesIgnoreCase(byte[] s, int i, int end, String word) {
    if (end - i != word.length()) {
      return false;
    }
    for (int k = 0; k < word.length(); k++) {
      if (Character.toLowerCase((char) (s[i + k] & 0xff)) != word.charAt(k)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Skips the digits and optional point of a mantissa; returns the index after it, or -1 when there
   * is no digit at all.
   */
  private static int skipMantissa(byte[] s, int i, int end, boolean hex) {
    int digits = 0;
    while (i < end && isDigit(s[i], hex)) {
      i++;
      digits++;
    }
    if (i < end && s[i] == '.') {
      i++;
      while (i < end && isDigit(s[i], hex)) {
        i++;
        digits++;
      }
    }
    return digits == 0 ? -1 : i;
  }

  /** Skips an exponent that has at least one digit; otherwise returns {@code i} unchanged. */
  private static int skipExponent(byte[] s, int i, int end, char marker) {
    if (i == end || Character.toLowerCase((char) (s[i] & 0xff)) != marker) {
      return i;
    }
    int j = i + 1;
    if (j < end && (s[j] == '+' || s[j] == '-')) {
      j++;
    }
    int digitsStart = j;
    while (j < end && s[j] >= '0' && s[j] <= '9') {
      j++;
    }
    return j == digitsStart ? i : j;
  }

  private static boolean isDigit(byte b, boolean hex) {
    return (b >= '0' && b <= '9') || (hex && ((b >= 'a' && b <= 'f') || (b >= 'A' && b <= 'F')));
  }

  private static boolean hasNonZeroDigit(byte[] s, int from, int to) {
    for (int i = from; i < to; i++) {
      if (s[i] != '0' && s[i] != '.') {
        return true;
      }
    }
    return false;
  }
}
