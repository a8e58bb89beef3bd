package dev.redstruct.hll;

/**
 * The cardinality estimate from a register histogram: Otmar Ertl's improved raw estimator ("New
 * cardinality estimation algorithms for HyperLogLog sketches", arXiv:1702.01284), as Redis 7.0
 * evaluates it.
 */
final class HllEstimator {
  /* Implementation notes.
   * Redis: hllCount, hllSigma, hllTau, src/hyperloglog.c (7.0.15). The operations are done in the
   * same order and in double precision, so the rounded result is the same: (1-x)^2 is written as a
   * product, which is exact where C's pow(1-x, 2) is correctly rounded too; llroundl rounds half
   * away from zero, like Math.round for the positive values that occur here. The histogram has 64
   * slots so any 6-bit register value indexes it.
   *
   * Overflow: an estimate of 2^63 or more (every register >= 50 gives about 0.72 * 2^64; every
   * register 51, the most PFADD can write, gives z = 0 and an infinite quotient) is out of
   * llroundl's range; C leaves the result unspecified, and on x86-64 glibc (the redis-server
   * 7.0.15 build this project tests against) it is LLONG_MIN (other platforms may differ, e.g. a
   * saturating conversion would give LLONG_MAX; we follow x86-64). PFCOUNT replies -9223372036854775808 and stores those 8 bytes as the cache, whose
   * top bit is the stale flag, so the cache stays stale (checked against redis-server 7.0.15:
   * HyperLogLogTest#item11..., HyperLogLogRedisIT#item11...). estimate() returns exactly that;
   * HyperLogLog.count() is the Java face that saturates it.
   */

  private HllEstimator() {}

  /** 1 / (2 ln 2): Redis's HLL_ALPHA_INF. */
  static final double ALPHA_INF = 0.721347520444481703680;

  /** llroundl's result for a value outside the long range, Redis's overflowed estimate. */
  static final long OVERFLOW = Long.MIN_VALUE;

  /**
   * Redis: hllCount (the part after the histogram). Returns {@link #OVERFLOW} for an estimate of
   * 2^63 or more, as llroundl does.
   */
  static long estimate(int[] histo) {
    double m = HllLayout.REGISTERS;
    double z = m * tau((m - histo[HllLayout.Q + 1]) / m);
    for (int j = HllLayout.Q; j >= 1; --j) {
      z += histo[j];
      z *= 0.5;
    }
    z += m * sigma(histo[0] / m);
    return llroundl(ALPHA_INF * m * m / z);
  }

  /** C's llroundl for a non-negative double (NaN included): out of range gives LLONG_MIN. */
  static long llroundl(double e) {
    return e < 0x1p63 ? Math.round(e) : OVERFLOW;
  }

  /** Redis: hllSigma. Infinite for x = 1, which makes an empty sketch count 0. */
  static double sigma(double x) {
    if (x == 1.0) {
      return Double.POSITIVE_INFINITY;
    }
    double zPrime;
    double y = 1;
    double z = x;
    do {
      x *= x;
      zPrime = z;
      z += x * y;
      y += y;
    } while (zPrime != z);
    return z;
  }

  /** Redis: hllTau. */
  static double tau(double x) {
    if (x == 0.0 || x == 1.0) {
      return 0.0;
    }
    double zPrime;
    double y = 1.0;
    double z = 1 - x;
    do {
      x = Math.sqrt(x);
      zPrime = z;
      y *= 0.5;
      double d = 1 - x;
      z -= d * d * y;
    } while (zPrime != z);
    return z / 3;
  }
}
