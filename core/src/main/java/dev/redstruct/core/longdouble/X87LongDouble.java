package dev.redstruct.core.longdouble;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;

/**
 * C's {@code long double} as Redis 7.0.15 on x86-64 Linux computes with it (the x87 80-bit extended
 * format: a 64-bit significand with an explicit leading bit, 15-bit exponent), for {@code
 * HINCRBYFLOAT}: {@link #parse} is util.c's {@code string2ld} (glibc {@code strtold}, correctly
 * rounded to 64 bits), {@link #add} one x87 addition rounded to nearest-even at 64 bits, {@link
 * #toHumanBytes} util.c's {@code ld2string(LD_STR_HUMAN)} ({@code %.17Lf}, trailing zeros and a
 * trailing point removed, {@code -0} shown as {@code 0}).
 *
 * <p>A finite value is {@code (-1)^neg * mag * 2^exp}, exact; every operation rounds the exact
 * result once, so each is the correctly rounded one the hardware gives. Immutable and thread-safe.
 * The one emulation behind {@code INCRBYFLOAT} (keyspace) and {@code HINCRBYFLOAT} (hash); exported
 * only to those modules, not public API.
 */
public final class X87LongDouble {
  /* Implementation notes. x87 extended: normal values m * 2^e with m in [2^63, 2^64) and the
   * leading bit's weight at most 2^16383; the smallest unit, for normals and subnormals alike, is
   * 2^-16445 (min normal 2^-16382 = 2^63 * 2^-16445). So rounding is: keep at most 64 significant
   * bits and no bit below 2^-16445, ties to even; a result of 2^16384 or more is infinite. */

  static final int MIN_UNIT_EXP = -16445;
  static final int MAX_BITS_EXP = 16384; // a value < 2^16384 is finite

  /** util.c: MAX_LONG_DOUBLE_CHARS; string2ld refuses texts of this length or longer. */
  static final int MAX_CHARS = 5 * 1024;

  private static final X87LongDouble ZERO = new X87LongDouble(false, BigInteger.ZERO, 0, false);
  private static final BigInteger TEN = BigInteger.TEN;
  private static final BigInteger TEN_17 = TEN.pow(17);

  final boolean neg;
  final BigInteger mag;
  final int exp;
  private final boolean inf;

  private X87LongDouble(boolean neg, BigInteger mag, int exp, boolean inf) {
    this.neg = neg;
    this.mag = mag;
    this.exp = exp;
    this.inf = inf;
  }

  /**
   * An integer, exactly (a 64-bit significand holds every long).
   *
   * @param v the integer
   * @return its long double
   */
  public static X87LongDouble of(long v) {
    return new X87LongDouble(v < 0, BigInteger.valueOf(v).abs(), 0, false);
  }

  /**
   * Whether this is an infinity.
   *
   * @return true for +inf or -inf
   */
  public boolean isInfinite() {
    return inf;
  }

  /**
   * The value of {@code s} as Redis's {@code string2ld} reads it, or null where it refuses: empty
   * or {@value #MAX_CHARS} bytes or longer, a leading space, anything strtold does not consume (a
   * NUL too), NaN, an overflow to infinity or an underflow to zero (ERANGE). {@code inf}/{@code
   * infinity} are accepted (infinite), as are hex floats.
   *
   * @param s the text
   * @return the value, or null where string2ld fails
   */
  public static X87LongDouble parse(byte[] s) {
    if (s.length == 0 || s.length >= MAX_CHARS || isSpace(s[0])) {
      return null;
    }
    int i = 0;
    boolean neg = false;
    if (s[0] == '+' || s[0] == '-') {
      neg = s[0] == '-';
      i++;
    }
    if (matchesWord(s, i, "infinity") || matchesWord(s, i, "inf")) {
      return new X87LongDouble(neg, BigInteger.ZERO, 0, true);
    }
    if (s.length - i > 2 && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X')) {
      return parseHex(s, i + 2, neg);
    }
    return parseDecimal(s, i, neg);
  }

  private static boolean matchesWord(byte[] s, int i, String w) {
    if (s.length - i != w.length()) {
      return false;
    }
    for (int k = 0; k < w.length(); k++) {
      if (Character.toLowerCase((char) (s[i + k] & 0xFF)) != w.charAt(k)) {
        return false;
      }
    }
    return true;
  }

  private static boolean isSpace(byte b) {
    return b == ' ' || (b >= '\t' && b <= '\r');
  }

  /** digits [. digits] [e|E [sign] digits]: the whole text must be consumed. */
  private static X87LongDouble parseDecimal(byte[] s, int i, boolean neg) {
    StringBuilder digits = new StringBuilder();
    int nDigits = 0;
    long exp10 = 0;
    for (; i < s.length && isDigit(s[i]); i++, nDigits++) {
      digits.append((char) s[i]);
    }
    if (i < s.length && s[i] == '.') {
      for (i++; i < s.length && isDigit(s[i]); i++, nDigits++) {
        digits.append((char) s[i]);
        exp10--;
      }
    }
    if (nDigits == 0) {
      return null; // no conversion: strtold leaves eptr at the start
    }
    if (i < s.length && (s[i] == 'e' || s[i] == 'E')) {
      long[] e = exponent(s, i + 1);
      if (e == null) {
        return null; // "1e" / "1e+": strtold stops before the 'e', which is left over
      }
      exp10 += e[0];
      i = s.length;
    }
    if (i != s.length) {
      return null;
    }
    BigInteger d = decimal(digits, 0, digits.length());
    if (d.signum() == 0) {
      return new X87LongDouble(neg, BigInteger.ZERO, 0, false);
    }
    int sig = digits.length(); // significant digits: the leading zeros do not count
    for (int z = 0; z < digits.length() && digits.charAt(z) == '0'; z++) {
      sig--;
    }
    if (sig + exp10 > 4940) {
      return null; // overflow (ERANGE, HUGE_VALL)
    }
    if (sig + exp10 < -4960) {
      return null; // underflow to zero (ERANGE)
    }
    BigInteger p = d;
    BigInteger q = BigInteger.ONE;
    if (exp10 >= 0) {
      p = d.multiply(TEN.pow((int) exp10));
    } else {
      q = TEN.pow((int) -exp10);
    }
    X87LongDouble v = exp10 >= 0 ? round(neg, p, 0) : roundRational(neg, p, q);
    return v.inf || v.mag.signum() == 0 ? null : v; // ERANGE with HUGE_VALL or zero
  }

  /**
   * The value of the decimal digits [from, to): halves joined as hi * 10^|lo| + lo, so a text of
   * thousands of digits (INCRBYFLOAT's reply for a value near 1e4000) converts in a fraction of
   * what BigInteger's digit-by-digit constructor takes (10 ms for 4,000 digits on JDK 17).
   */
  static BigInteger decimal(CharSequence digits, int from, int to) {
    if (to - from <= 18) {
      return to == from
          ? BigInteger.ZERO
          : BigInteger.valueOf(Long.parseLong(digits, from, to, 10));
    }
    int mid = (from + to) >>> 1;
    return decimal(digits, from, mid).multiply(TEN.pow(to - mid)).add(decimal(digits, mid, to));
  }

  /** hexdigits [. hexdigits] [p|P [sign] digits]. */
  private static X87LongDouble parseHex(byte[] s, int i, boolean neg) {
    BigInteger m = BigInteger.ZERO;
    int nDigits = 0;
    long exp2 = 0;
    for (; i < s.length && Character.digit(s[i], 16) >= 0; i++, nDigits++) {
      m = m.shiftLeft(4).add(BigInteger.valueOf(Character.digit(s[i], 16)));
    }
    if (i < s.length && s[i] == '.') {
      for (i++; i < s.length && Character.digit(s[i], 16) >= 0; i++, nDigits++) {
        m = m.shiftLeft(4).add(BigInteger.valueOf(Character.digit(s[i], 16)));
        exp2 -= 4;
      }
    }
    if (nDigits == 0) {
      return null; // "0x" alone: strtold reads the 0 and leaves "x"
    }
    if (i < s.length && (s[i] == 'p' || s[i] == 'P')) {
      long[] e = exponent(s, i + 1);
      if (e == null) {
        return null;
      }
      exp2 += e[0];
      i = s.length;
    }
    if (i != s.length) {
      return null;
    }
    if (m.signum() == 0) {
      return new X87LongDouble(neg, BigInteger.ZERO, 0, false);
    }
    long top = m.bitLength() + exp2;
    if (top > MAX_BITS_EXP + 1) {
      return null;
    }
    if (top < MIN_UNIT_EXP - 2) {
      return null;
    }
    X87LongDouble v = round(neg, m, (int) exp2);
    return v.inf || v.mag.signum() == 0 ? null : v;
  }

  /** [sign] digits to the end of s, clamped to +-10^12; null if malformed. */
  private static long[] exponent(byte[] s, int i) {
    boolean neg = false;
    if (i < s.length && (s[i] == '+' || s[i] == '-')) {
      neg = s[i++] == '-';
    }
    if (i >= s.length) {
      return null;
    }
    long e = 0;
    for (; i < s.length; i++) {
      if (!isDigit(s[i])) {
        return null;
      }
      e = Math.min(e * 10 + (s[i] - '0'), 1_000_000_000_000L);
    }
    return new long[] {neg ? -e : e};
  }

  private static boolean isDigit(byte b) {
    return b >= '0' && b <= '9';
  }

  /** p/q (both positive) rounded to the x87 format. */
  private static X87LongDouble roundRational(boolean neg, BigInteger p, BigInteger q) {
    // enough quotient bits for 64 significant bits and two below, however the bit lengths round
    int s = 67 - (p.bitLength() - q.bitLength());
    BigInteger[] qr = s >= 0 ? p.shiftLeft(s).divideAndRemainder(q) : p.divideAndRemainder(q);
    BigInteger m = qr[0].shiftLeft(1);
    if (qr[1].signum() != 0) {
      m = m.setBit(0); // sticky: below every rounding position
    }
    return round(neg, m, (s >= 0 ? -s : 0) - 1);
  }

  /**
   * mag * 2^exp (exact) rounded to at most 64 significant bits with no bit below 2^-16445, ties to
   * even; infinite from 2^16384 up.
   */
  private static X87LongDouble round(boolean neg, BigInteger mag, int exp) {
    if (mag.signum() == 0) {
      return new X87LongDouble(neg, BigInteger.ZERO, 0, false);
    }
    long shift = Math.max((long) mag.bitLength() - 64, (long) MIN_UNIT_EXP - exp);
    if (shift > 0) {
      if (shift > mag.bitLength() + 1L) {
        return new X87LongDouble(neg, BigInteger.ZERO, 0, false);
      }
      int sh = (int) shift;
      BigInteger kept = mag.shiftRight(sh);
      boolean half = mag.testBit(sh - 1);
      boolean below = mag.getLowestSetBit() < sh - 1;
      if (half && (below || kept.testBit(0))) {
        kept = kept.add(BigInteger.ONE);
      }
      mag = kept;
      exp += sh;
      if (mag.bitLength() > 64) {
        mag = mag.shiftRight(1);
        exp++;
      }
    }
    if (mag.signum() != 0 && (long) mag.bitLength() + exp > MAX_BITS_EXP) {
      return new X87LongDouble(neg, BigInteger.ZERO, 0, true);
    }
    return new X87LongDouble(neg, mag, exp, false);
  }

  /**
   * this + other, rounded once as the x87 adds (to nearest, 64-bit precision); null for NaN
   * (infinities of opposite signs).
   *
   * @param other the addend
   * @return the rounded sum, or null for NaN
   */
  public X87LongDouble add(X87LongDouble other) {
    if (inf || other.inf) {
      if (inf && other.inf && neg != other.neg) {
        return null;
      }
      return inf ? this : other;
    }
    if (mag.signum() == 0 && other.mag.signum() == 0) {
      return neg && other.neg ? this : ZERO;
    }
    int e = Math.min(exp, other.exp);
    BigInteger a = signed().shiftLeft(exp - e);
    BigInteger b = other.signed().shiftLeft(other.exp - e);
    BigInteger sum = a.add(b);
    if (sum.signum() == 0) {
      return ZERO; // x + (-x) is +0 when rounding to nearest
    }
    return round(sum.signum() < 0, sum.abs(), e);
  }

  /**
   * {@code (long long) ceill(this * 1000.0)} as x86-64 computes it: the product rounded once as the
   * x87 multiplies, its ceiling, converted to a 64-bit integer; a result that does not fit (an
   * infinity too) converts to {@code Long.MIN_VALUE}, the x87's "integer indefinite". Redis:
   * getTimeoutFromObjectOrReply (src/timeout.c) for seconds.
   *
   * @return the milliseconds, or {@code Long.MIN_VALUE}
   */
  public long ceilTimes1000() {
    if (inf) {
      return Long.MIN_VALUE;
    }
    if (mag.signum() == 0) {
      return 0;
    }
    X87LongDouble p = round(neg, mag.multiply(BigInteger.valueOf(1000)), exp);
    if (p.inf) {
      return Long.MIN_VALUE;
    }
    BigInteger v = p.exp >= 0 ? p.mag.shiftLeft(p.exp) : p.mag.shiftRight(-p.exp);
    boolean fraction = p.exp < 0 && p.mag.getLowestSetBit() < -p.exp;
    if (p.neg) {
      v = v.negate(); // truncation toward zero is the ceiling of a negative number
    } else if (fraction) {
      v = v.add(BigInteger.ONE);
    }
    return v.bitLength() < 64 ? v.longValue() : Long.MIN_VALUE;
  }

  private BigInteger signed() {
    return neg ? mag.negate() : mag;
  }

  /**
   * util.c: ld2string(LD_STR_HUMAN): "%.17Lf", trailing zeros and point removed, "-0" as "0".
   *
   * @return the text Redis replies and stores
   */
  public byte[] toHumanBytes() {
    if (inf) {
      return (neg ? "-inf" : "inf").getBytes(StandardCharsets.US_ASCII);
    }
    String t = exp >= 0 ? mag.shiftLeft(exp).toString() : fixed17(mag, -exp);
    if (neg && !t.equals("0")) {
      t = "-" + t;
    }
    return t.getBytes(StandardCharsets.US_ASCII);
  }

  /**
   * mag / 2^shift with 17 decimals, rounded half to even as glibc's printf rounds the exact binary
   * value, trailing zeros and a trailing point removed: the integer q = round(mag * 10^17 /
   * 2^shift) is the digits, the last 17 of them the fraction. Costs one small product and a shift,
   * where an exact BigDecimal of mag * 5^shift would take thousands of digits for tiny values.
   */
  private static String fixed17(BigInteger mag, int shift) {
    BigInteger num = mag.multiply(TEN_17);
    BigInteger q = num.shiftRight(shift);
    boolean half = num.testBit(shift - 1);
    boolean below = num.getLowestSetBit() < shift - 1;
    if (half && (below || q.testBit(0))) {
      q = q.add(BigInteger.ONE);
    }
    String d = q.toString();
    if (d.length() <= 17) {
      d = "0".repeat(18 - d.length()) + d;
    }
    int point = d.length() - 17;
    int end = d.length();
    while (end > point && d.charAt(end - 1) == '0') {
      end--;
    }
    return end == point
        ? d.substring(0, point)
        : d.substring(0, point) + "." + d.substring(point, end);
  }

  @Override
  public String toString() {
    return new String(toHumanBytes(), StandardCharsets.US_ASCII);
  }
}
