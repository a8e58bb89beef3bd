package dev.redstruct.geohash;

/**
 * {@code sin}, {@code cos} and {@code asin} rounded correctly (to nearest) in all but a vanishing
 * share of cases, to reproduce the results of glibc's libm, which Redis calls. glibc's double
 * {@code sin}, {@code cos} and {@code asin} (sysdeps/ieee754/dbl-64, IBM's Accurate Mathematical
 * Library) err by at most about 0.55 ulp, so they return the correctly rounded value except when
 * the exact value lies within a few hundredths of an ulp of a rounding midpoint. Java's {@link
 * StrictMath} (fdlibm, up to 1 ulp) differs from it in about 2 % of distances, which shows in
 * STOREDIST scores; this class brings that down to the cases where glibc itself is not correctly
 * rounded.
 *
 * <p>Method: the value is computed as a double-double (about 100 bits) and rounded once. Arguments
 * are reduced by multiples of pi/2 with fdlibm's three-part constants (exact for |x| &lt; 2^20
 * pi/2); beyond that {@link StrictMath} is used (only absurd search sizes get there). {@code asin}
 * takes fdlibm's value and corrects it with one Newton step against the double-double sine.
 * Allocation-free; about 60 flops a call.
 */
final class Libm {
  private Libm() {}

  // fdlibm's pi/2 split: pio2_1 (33 bits), pio2_2 (33 bits), pio2_3 (33 bits), pio2_3t.
  private static final double PIO2_1 = Double.longBitsToDouble(0x3FF921FB54400000L);
  private static final double PIO2_2 = Double.longBitsToDouble(0x3DD0B4611A600000L);
  private static final double PIO2_3 = Double.longBitsToDouble(0x3BA3198A2E000000L);
  private static final double PIO2_3T = Double.longBitsToDouble(0x397B839A252049C1L);
  private static final double INV_PIO2 = 2 / Math.PI;
  private static final double PIO4 = Math.PI / 4;
  private static final double LIMIT = 1e6;

  // 1/3!, 1/5!, 1/7! and 1/2!, 1/4!, 1/6! as double-doubles (hi + lo); further terms in double.
  private static final double S3H = 1.0 / 6;
  private static final double S3L = lowPart(6);
  private static final double S5H = 1.0 / 120;
  private static final double S5L = lowPart(120);
  private static final double S7H = 1.0 / 5040;
  private static final double S7L = lowPart(5040);
  private static final double C4H = 1.0 / 24;
  private static final double C4L = lowPart(24);
  private static final double C6H = 1.0 / 720;
  private static final double C6L = lowPart(720);

  /** The low part of 1/n as a double-double: 1/n - fl(1/n), rounded. */
  private static double lowPart(double n) {
    double h = 1 / n;
    // 1 - n*h exactly (fma), divided by n: the residual of the quotient.
    return Math.fma(-n, h, 1.0) / n;
  }

  /** sin(x). */
  static double sin(double x) {
    return trig(x, 0.0, false);
  }

  /** cos(x). */
  static double cos(double x) {
    return trig(x, 0.0, true);
  }

  /** asin(y), |y| &lt;= 1: fdlibm's value and one Newton step (x0 + (y - sin x0) / cos x0). */
  static double asin(double y) {
    double x0 = StrictMath.asin(y);
    if (Double.isNaN(x0) || y == 0 || Math.abs(y) == 1) {
      return x0;
    }
    double residual = -trig(x0, y, false); // y - sin(x0), to about 100 bits before rounding
    return x0 + residual / StrictMath.cos(x0);
  }

  /** (cos or sin)(x) - c, rounded once; c is 0 or within a few ulps of the result. */
  private static double trig(double x, double c, boolean cosine) {
    if (Math.abs(x) <= PIO4) {
      return cosine ? cosMinus(x, 0.0, c) : sinMinus(x, 0.0, c);
    }
    if (!(Math.abs(x) < LIMIT)) {
      return (cosine ? StrictMath.cos(x) : StrictMath.sin(x)) - c;
    }
    double k = Math.rint(x * INV_PIO2);
    double r = x - k * PIO2_1; // exact: k * PIO2_1 fits 53 bits and is close to x
    double w = k * PIO2_2; // exact
    double rh = r - w;
    double rl = ((r - rh) - w) - (k * PIO2_3 + k * PIO2_3T);
    int quadrant = (int) ((long) k & 3) + (cosine ? 1 : 0);
    switch (quadrant & 3) {
      case 0:
        return sinMinus(rh, rl, c);
      case 1:
        return cosMinus(rh, rl, c);
      case 2:
        return -sinMinus(rh, rl, -c);
      default:
        return -cosMinus(rh, rl, -c);
    }
  }

  /**
   * sin(xh + xl) - c for |xh| &lt;= pi/4, |xl| &lt;= ulp(xh): xh + xh^3 P(xh^2) + xl cos(xh) in
   * double-double, P's first three coefficients double-double, the rest double.
   */
  private static double sinMinus(double xh, double xl, double c) {
    double zh = xh * xh;
    double zl = Math.fma(xh, xh, -zh);
    double q =
        1.0 / 362880
            + zh
                * (-1.0 / 39916800
                    + zh
                        * (1.0 / 6227020800.0
                            + zh
                                * (-1.0 / 1307674368000.0
                                    + zh
                                        * (1.0 / 355687428096000.0
                                            + zh * (-1.0 / 121645100408832000.0)))));
    // a = -S7 + z q
    double t = zh * q;
    double ah = -S7H + t;
    double al = (t - (ah + S7H)) - S7L;
    // b = S5 + z a
    double ph = zh * ah;
    double pl = Math.fma(zh, ah, -ph) + (zh * al + zl * ah);
    double bh = S5H + ph;
    double bl = (ph - (bh - S5H)) + pl + S5L;
    // d = -S3 + z b
    ph = zh * bh;
    pl = Math.fma(zh, bh, -ph) + (zh * bl + zl * bh);
    double dh = -S3H + ph;
    double dl = (ph - (dh + S3H)) + pl - S3L;
    // x^3 = xh z
    double x3h = xh * zh;
    double x3l = Math.fma(xh, zh, -x3h) + xh * zl;
    // e = x^3 d
    double eh = x3h * dh;
    double el = Math.fma(x3h, dh, -eh) + (x3h * dl + x3l * dh);
    // xh + e + xl cos(xh) - c
    double sh = xh + eh;
    double sl = (xh - sh) + eh + el + xl * (1 - 0.5 * zh * (1 - zh / 12 * (1 - zh / 30)));
    return (sh - c) + sl;
  }

  /**
   * cos(xh + xl) - c for |xh| &lt;= pi/4: 1 - z/2 + z^2 C(z) - xl sin(xh), C's first two
   * coefficients double-double.
   */
  private static double cosMinus(double xh, double xl, double c) {
    double zh = xh * xh;
    double zl = Math.fma(xh, xh, -zh);
    double q =
        1.0 / 40320
            + zh
                * (-1.0 / 3628800
                    + zh
                        * (1.0 / 479001600.0
                            + zh
                                * (-1.0 / 87178291200.0
                                    + zh
                                        * (1.0 / 20922789888000.0
                                            + zh * (-1.0 / 6402373705728000.0)))));
    // a = -C6 + z q
    double t = zh * q;
    double ah = -C6H + t;
    double al = (t - (ah + C6H)) - C6L;
    // b = C4 + z a
    double ph = zh * ah;
    double pl = Math.fma(zh, ah, -ph) + (zh * al + zl * ah);
    double bh = C4H + ph;
    double bl = (ph - (bh - C4H)) + pl + C4L;
    // z^2 as a double-double
    double z2h = zh * zh;
    double z2l = Math.fma(zh, zh, -z2h) + 2 * zh * zl;
    // e = z^2 b
    double eh = z2h * bh;
    double el = Math.fma(z2h, bh, -eh) + (z2h * bl + z2l * bh);
    // 1 - z/2 (exact halving), + e, - xl xh, - c
    double hh = 1 - 0.5 * zh;
    double hl = ((1 - hh) - 0.5 * zh) - 0.5 * zl;
    double sh = hh + eh;
    double sl = ((hh - sh) + eh) + hl + el - xl * xh * (1 - zh / 6 * (1 - zh / 20 * (1 - zh / 42)));
    return (sh - c) + sl;
  }
}
