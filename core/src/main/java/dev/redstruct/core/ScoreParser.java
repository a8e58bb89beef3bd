package dev.redstruct.core;

import java.nio.charset.StandardCharsets;

/**
 * Emulates C {@code strtod} in the C locale on a byte range, in the three ways Redis 7.0 uses it:
 * {@code string2d}'s strict check (ZADD), {@code zslParseRange}'s bound check (ZRANGEBYSCORE and
 * the other score ranges) and the plain prefix read of {@code zzlStrtod} (scores stored as text in
 * a compact zset). The first two return NaN for every string Redis rejects.
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
 * An exponent without digits is not consumed, nor is "x" after a "0" without hexadecimal digits,
 * nor a "nan(" left unclosed. numberEnd finds the end of the longest match in one forward pass (no
 * regular expression: a 32k-digit bound reads in linear time). string2d and zslParseRange both
 * reject a string strtod does not consume whole; zslParseRange first cuts the string at its first
 * NUL (strtod sees a C string) and lets strtod skip leading white space, which string2d rejects.
 * Once it does, the Java parser does the arithmetic: Double.parseDouble is correctly rounded, as
 * glibc's strtod is, after the hexadecimal form is completed with the "p0" exponent Java demands.
 *
 * string2d then rejects NaN, overflow (a finite input that becomes infinite), and underflow to zero
 * of a non-zero input (strtod's ERANGE with a zero result); zslParseRange rejects only NaN and keeps
 * strtod's infinity or zero. Sub-normal results are accepted, but glibc
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
    if (numberEnd(s, off, end) != end) {
      return Double.NaN; // strtod would leave bytes over (or convert nothing)
    }
    double value = generalValue(s, off, end);
    int i = s[off] == '+' || s[off] == '-' ? off + 1 : off;
    if (Double.isInfinite(value) && (s[i] | 0x20) != 'i') {
      return Double.NaN; // overflow: ERANGE with HUGE_VAL
    }
    if (value == 0 && mantissaHasNonZeroDigit(s, i, end)) {
      return Double.NaN; // underflow to zero: ERANGE with a zero result
    }
    return value; // NaN for "nan", which Redis rejects too
  }

  /**
   * zslParseRange's reading of a bound: C strtod over the range read as a C string (up to its first
   * NUL), which must be consumed whole; leading white space is skipped, overflow gives an infinity,
   * underflow zero, and an empty string converts nothing and reads as 0. NaN when Redis rejects.
   */
  static double parseRangeBound(byte[] s, int off, int len) {
    int end = cStringEnd(s, off, off + len);
    if (end == off) {
      return 0; // strtod converted nothing and its end pointer is on the terminating NUL
    }
    int i = skipSpace(s, off, end);
    if (numberEnd(s, i, end) != end) {
      return Double
          .NaN; // nothing converted (the end pointer stays on the first byte) or bytes over
    }
    return value(s, i, end);
  }

  /**
   * C strtod's value of the longest number at the start of the range read as a C string, ignoring
   * what follows it; 0 when it converts nothing. May be NaN ({@code "nan"}).
   */
  static double strtodPrefix(byte[] s, int off, int len) {
    int end = cStringEnd(s, off, off + len);
    int i = skipSpace(s, off, end);
    int e = numberEnd(s, i, end);
    return e < 0 ? 0 : value(s, i, e);
  }

  private static int cStringEnd(byte[] s, int off, int end) {
    for (int i = off; i < end; i++) {
      if (s[i] == 0) {
        return i;
      }
    }
    return end;
  }

  /** Skips C isspace in the C locale: space, \t, \n, \v, \f, \r. */
  private static int skipSpace(byte[] s, int i, int end) {
    while (i < end && (s[i] == ' ' || (s[i] >= '\t' && s[i] <= '\r'))) {
      i++;
    }
    return i;
  }

  /**
   * The end of the longest number strtod reads from {@code i} (no white space skipped), or -1 when
   * it converts nothing. One pass, no backtracking: a hexadecimal prefix without digits reads as
   * the number 0 that precedes its {@code x}; an exponent without digits is left unread.
   */
  static int numberEnd(byte[] s, int i, int end) {
    if (i < end && (s[i] == '+' || s[i] == '-')) {
      i++;
    }
    if (startsWithIgnoreCase(s, i, end, "inf")) {
      return startsWithIgnoreCase(s, i, end, "infinity") ? i + 8 : i + 3;
    }
    if (startsWithIgnoreCase(s, i, end, "nan")) {
      return nanEnd(s, i + 3, end);
    }
    boolean hex = end - i >= 2 && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X');
    if (hex) {
      int m = skipMantissa(s, i + 2, end, true);
      return m < 0 ? i + 1 : skipExponent(s, m, end, 'p');
    }
    int m = skipMantissa(s, i, end, false);
    return m < 0 ? -1 : skipExponent(s, m, end, 'e');
  }

  /** After "nan": an optional "(" [alphanumerics and _] ")" is read only when it is closed. */
  private static int nanEnd(byte[] s, int i, int end) {
    if (i == end || s[i] != '(') {
      return i;
    }
    for (int j = i + 1; j < end; j++) {
      byte c = s[j];
      if (c == ')') {
        return j + 1;
      }
      boolean word = (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c == '_';
      if (!word) {
        return i;
      }
    }
    return i;
  }

  /**
   * strtod's value of a whole number {@code [off, end)} that {@link #numberEnd} read: overflow
   * gives an infinity (HUGE_VAL) and underflow a zero, both signed; results at or below MIN_NORMAL
   * are rounded as glibc rounds them. NaN for "nan".
   */
  private static double value(byte[] s, int off, int end) {
    double simple = simpleDecimal(s, off, end);
    return Double.isNaN(simple) ? generalValue(s, off, end) : simple;
  }

  /** {@link #value} past Clinger's fast path (which parse has already tried). */
  private static double generalValue(byte[] s, int off, int end) {
    boolean negative = s[off] == '-';
    int i = negative || s[off] == '+' ? off + 1 : off;
    if ((s[i] | 0x20) == 'i') {
      return negative ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
    }
    if ((s[i] | 0x20) == 'n') {
      return Double.NaN;
    }
    boolean hex = end - i >= 2 && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X');
    int mantissaStart = hex ? i + 2 : i;
    int afterMantissa = skipMantissa(s, mantissaStart, end, hex);
    String text = new String(s, off, end - off, StandardCharsets.US_ASCII);
    double value = Double.parseDouble(hex && afterMantissa == end ? text + "p0" : text);
    if (Math.abs(value) <= Double.MIN_NORMAL && hasNonZeroDigit(s, mantissaStart, afterMantissa)) {
      double tiny = tiny(s, mantissaStart, afterMantissa, end, hex);
      if (!Double.isNaN(tiny)) {
        value = negative ? -tiny : tiny;
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

  private static boolean startsWithIgnoreCase(byte[] s, int i, int end, String word) {
    if (end - i < word.length()) {
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

  private static boolean mantissaHasNonZeroDigit(byte[] s, int i, int end) {
    boolean hex = end - i >= 2 && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X');
    int from = hex ? i + 2 : i;
    return hasNonZeroDigit(s, from, skipMantissa(s, from, end, hex));
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
