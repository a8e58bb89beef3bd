package dev.redstruct.core;

import java.math.BigInteger;

/**
 * Rounds score strings whose value lies at or below {@link Double#MIN_NORMAL} exactly as the
 * oracle's {@code strtod} does, which is not always the correctly rounded double.
 */
/*
 * Implementation notes.
 *
 * Redis parses scores with the C library's strtod; the oracle is Redis 7.0.15 on Debian's glibc
 * 2.36. glibc first computes the 53-bit significand of the exact value, the next bit r ("round
 * bit") and whether anything below r is non-zero ("sticky"). For a result too small to be normal it
 * then shifts the significand right to the sub-normal precision (round_and_return in
 * stdlib/strtod_l.c): the shifted-out bits become the new round bit and sticky bits, but the old r
 * is left out of the new sticky. So when the new round bit is 1, every shifted-out bit below it is
 * 0, r is 1 and nothing follows r, glibc sees an exact tie and rounds to even, where the exact
 * value is above the tie and must round up. Example (also a test, checked against the server):
 * 0x0.fd048bdb8a9d0cp-1022 reads as 0x0.fd048bdb8a9d0p-1022 (2.1991531305337045e-308), not
 * 0x0.fd048bdb8a9d1p-1022. Normal results are correctly rounded, as Java's parser rounds them.
 *
 * Decimal input has one more rule: glibc reads at most 1076 + X significant digits of a number
 * 0.ddd x 10^X below 1 (the digits that reach 1/4 ulp of the smallest sub-normal); any further
 * digit only sets the sticky flag. That truncation can hide r behind a run of 9s, so it is
 * reproduced before rounding.
 *
 * The arithmetic is exact, with BigInteger: value = n * 2^e2 plus "sticky" (something in
 * (0, 2^e2)). Only scores at or below MIN_NORMAL take this path, so its cost does not matter.
 *
 * Invariants: I1 the result is 0 or a non-negative double at most MIN_NORMAL (the caller applies
 * the sign); I2 for every input whose exact value rounds, under correct rounding, to a normal
 * double above MIN_NORMAL, this class is not consulted.
 */
final class TinyScores {
  /**
   * Binary digits kept after the binary point for decimal input: below 1076 + 53 (r of 2^-1075).
   */
  private static final int SCALE_BITS = 1140;

  /** glibc's cap on fractional decimal digits below 1: MANT_DIG - MIN_EXP + 2. */
  private static final int MAX_FRACTION_DIGITS = 1076;

  private TinyScores() {}

  /**
   * Rounds the magnitude of a decimal score.
   *
   * @param digits all mantissa digits, without point, sign or exponent
   * @param pointAt how many of the digits precede the decimal point
   * @param exponent the decimal exponent after {@code e}, saturated
   * @return the magnitude glibc's strtod returns, possibly 0
   */
  static double decimal(String digits, int pointAt, long exponent) {
    int first = 0;
    while (first < digits.length() && digits.charAt(first) == '0') {
      first++;
    }
    int last = digits.length();
    while (last > first && digits.charAt(last - 1) == '0') {
      last--;
    }
    if (first == last) {
      return 0;
    }
    // value = 0.S * 10^x where S = digits[first, last)
    long x = exponent + pointAt - first;
    if (x < -330) {
      return 0; // below 1e-330: far under half the smallest sub-normal (glibc: underflow_value)
    }
    if (x > -300) {
      return Double.NaN; // at least 1e-301: normal, correctly rounded
    }
    // glibc: bits down to 2^-((1 - x) * 10 / 3 + 1 + 53), never past 2^-1076, need as many digits.
    long fractionDigits = Math.min((1 - x) * 10 / 3 + 1 + 53, MAX_FRACTION_DIGITS);
    int kept = (int) Math.min(last - first, fractionDigits + x);
    boolean sticky = kept < last - first;
    BigInteger t = new BigInteger(digits.substring(first, first + kept));
    // value of the kept digits = t * 10^(x - kept); scale by 2^SCALE_BITS and split.
    BigInteger[] qr =
        t.shiftLeft(SCALE_BITS).divideAndRemainder(BigInteger.TEN.pow((int) (kept - x)));
    return round(qr[0], -SCALE_BITS, sticky || qr[1].signum() != 0);
  }

  /**
   * Rounds the magnitude of a hexadecimal score.
   *
   * @param hexDigits all mantissa hex digits, without point, sign, prefix or exponent
   * @param pointAt how many of the digits precede the point
   * @param binaryExponent the exponent after {@code p}, saturated
   * @return the magnitude glibc's strtod returns, possibly 0
   */
  static double hexadecimal(String hexDigits, int pointAt, long binaryExponent) {
    BigInteger n = new BigInteger(hexDigits, 16);
    return round(n, binaryExponent - 4L * (hexDigits.length() - pointAt), false);
  }

  /**
   * Rounds {@code n * 2^e2} (plus a non-zero amount below {@code 2^e2} when {@code sticky}) to a
   * sub-normal double the way glibc's round_and_return does.
   *
   * @return the magnitude (0 included), or NaN when the value is at least {@code MIN_NORMAL}: glibc
   *     rounds those correctly, so the caller's correctly rounded value stands
   */
  static double round(BigInteger n, long e2, boolean sticky) {
    if (n.signum() == 0) {
      return 0;
    }
    int length = n.bitLength();
    long top = e2 + length - 1; // exponent of the leading bit
    if (top < -1075) {
      return 0;
    }
    if (top >= -1022) {
      return Double.NaN;
    }
    // glibc's first pass: the leading 53 bits, the 54th (r), and whether anything follows r.
    long significand;
    boolean rest;
    if (length > 53) {
      significand = n.shiftRight(length - 53).longValueExact();
      rest = sticky || n.getLowestSetBit() < length - 54;
    } else {
      significand = n.longValueExact() << (53 - length);
      rest = sticky;
    }
    int shift = (int) (-1022 - top); // 1..53 bits move below the sub-normal precision
    boolean newRound = (significand >>> (shift - 1) & 1) != 0;
    // glibc's quirk: r itself does not join the new sticky bits, so it is never looked at here.
    boolean newRest = rest || (significand & ((1L << (shift - 1)) - 1)) != 0;
    long sub = significand >>> shift;
    if (newRound && (newRest || (sub & 1) != 0)) {
      sub++; // a carry to 1L << 52 is MIN_NORMAL, whose bits are exactly that
    }
    return Double.longBitsToDouble(sub); // sub-normal bits are the multiple of 2^-1074
  }
}
