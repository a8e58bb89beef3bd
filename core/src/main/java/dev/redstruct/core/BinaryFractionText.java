package dev.redstruct.core;

/**
 * An exact, BigDecimal-free {@code %.17g} for doubles with few binary fraction bits (quarters,
 * eighths, ... 1/1024), the scores applications most often store after integers.
 */
/*
 * Implementation notes.
 *
 * Such a value is m / 2^j, which equals (m * 5^j) / 10^j exactly: a finite decimal with j fraction
 * digits. When it has at most 17 significant digits nothing is rounded, and when its decimal
 * exponent lies in [-4, 17) %g chooses fixed notation. %g then strips trailing zeros, and there are
 * none: for the least j, m is odd, so m * 5^j is odd and does not end in 0. Everything else (0.1,
 * which is not a short binary fraction; huge or tiny magnitudes; integers, which RedisNumbers
 * handles itself) returns null and goes to the general formatter.
 */
final class BinaryFractionText {
  /** The most fraction bits tried. */
  private static final int MAX_FRACTION_BITS = 10;

  /** 5^0 .. 5^MAX_FRACTION_BITS. */
  private static final long[] POWERS_OF_FIVE = new long[MAX_FRACTION_BITS + 1];

  /**
   * {@code Long.MAX_VALUE / 5^j}: the largest m whose m * 5^j does not overflow. A table, because a
   * 64-bit division by a value loaded at run time costs more than the rest of the formatting.
   */
  private static final long[] MAX_MANTISSA = new long[MAX_FRACTION_BITS + 1];

  static {
    POWERS_OF_FIVE[0] = 1;
    for (int i = 1; i < POWERS_OF_FIVE.length; i++) {
      POWERS_OF_FIVE[i] = POWERS_OF_FIVE[i - 1] * 5;
    }
    for (int i = 0; i < POWERS_OF_FIVE.length; i++) {
      MAX_MANTISSA[i] = Long.MAX_VALUE / POWERS_OF_FIVE[i];
    }
  }

  private BinaryFractionText() {}

  /** Returns the {@code %.17g} text of {@code d}, or null when the fast path does not apply. */
  static byte[] format(double d) {
    double a = Math.abs(d);
    if (!(a >= 1e-3 && a < 1e15)) {
      return null;
    }
    for (int j = 1; j <= MAX_FRACTION_BITS; j++) {
      double scaled = a * (1 << j); // exact: a power-of-two scaling well inside the range
      long m = (long) scaled;
      if (m == scaled) {
        return fixed(d < 0, m, j);
      }
    }
    return null;
  }

  /** Fixed-notation text of (m * 5^j) / 10^j, or null when {@code %.17g} would print otherwise. */
  private static byte[] fixed(boolean negative, long m, int j) {
    if (m > MAX_MANTISSA[j]) {
      return null;
    }
    long n = m * POWERS_OF_FIVE[j];
    int digits = RedisNumbers.stringLength(n);
    if (digits > 17 || j - digits > 3) {
      return null; // more than 17 digits would round; an exponent below -4 means %e notation
    }
    int sign = negative ? 1 : 0;
    byte[] out = new byte[sign + Math.max(digits - j, 1) + 1 + j];
    int i = out.length;
    for (int k = 0; k < j; k++) { // the fraction digits, leading zeros included
      long q = n / 10;
      out[--i] = (byte) ('0' + (n - q * 10));
      n = q;
    }
    out[--i] = '.';
    do { // the integer digits: at least one, "0" for a value below 1
      long q = n / 10;
      out[--i] = (byte) ('0' + (n - q * 10));
      n = q;
    } while (i > sign);
    if (negative) {
      out[0] = '-';
    }
    return out;
  }
}
