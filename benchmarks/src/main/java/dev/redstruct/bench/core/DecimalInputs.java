package dev.redstruct.bench.core;

import java.util.SplittableRandom;

/**
 * Fixed-seed decimal integers for the integer benchmarks: {@code "short"} draws 1 to 4 digits (what
 * list and hash fields usually hold), {@code "long"} 15 to 19 digits (ids, timestamps in
 * nanoseconds), a quarter of each negative, so strings are 1 to 20 bytes, the whole range Redis's
 * {@code string2ll} accepts.
 */
final class DecimalInputs {
  /** Values per invocation: enough to defeat branch-history learning, small enough for L1. */
  static final int COUNT = 256;

  private static final long SEED = 0x5EED_2026L;

  private DecimalInputs() {}

  static long[] values(String digits) {
    return values(digits, COUNT);
  }

  static long[] values(String digits, int count) {
    int min;
    int max;
    switch (digits) {
      case "short" -> {
        min = 1;
        max = 4;
      }
      case "long" -> {
        min = 15;
        max = 19;
      }
      default -> throw new IllegalArgumentException("digits must be short or long: " + digits);
    }
    SplittableRandom random = new SplittableRandom(SEED);
    long[] values = new long[count];
    for (int i = 0; i < count; i++) {
      int d = random.nextInt(min, max + 1);
      long lo = d == 1 ? 0 : pow10(d - 1);
      long hi = d == 19 ? Long.MAX_VALUE : pow10(d);
      long v = random.nextLong(lo, hi);
      values[i] = random.nextInt(4) == 0 ? -v : v;
    }
    return values;
  }

  private static long pow10(int n) {
    long p = 1;
    for (int i = 0; i < n; i++) {
      p *= 10;
    }
    return p;
  }
}
