package dev.redstruct.bench;

/**
 * Whether a measured value meets its goal. {@link Report} counts the {@code PASS} and {@code MISS}
 * cells of every table, JMH and sections alike, in its summary, so sections should put a verdict
 * column next to any number that has a target.
 */
public enum Verdict {
  /** The value meets its goal. */
  PASS,
  /** The value misses its goal. */
  MISS;

  /**
   * Verdict for a higher-is-better value (throughput, accuracy).
   *
   * @param value the measured value
   * @param target the smallest acceptable value
   * @return {@link #PASS} when {@code value >= target}
   */
  public static Verdict atLeast(double value, double target) {
    return value >= target ? PASS : MISS;
  }

  /**
   * Verdict for a lower-is-better value (bytes per element, time per operation, error).
   *
   * @param value the measured value
   * @param target the largest acceptable value
   * @return {@link #PASS} when {@code value <= target}
   */
  public static Verdict atMost(double value, double target) {
    return value <= target ? PASS : MISS;
  }

  /**
   * Verdict against optional bounds; {@code NaN} means no bound on that side.
   *
   * @param value the measured value
   * @param atLeast the lower bound or {@code NaN}
   * @param atMost the upper bound or {@code NaN}
   * @return {@link #MISS} when either bound is violated or {@code value} is {@code NaN}
   */
  public static Verdict within(double value, double atLeast, double atMost) {
    if (Double.isNaN(value)) {
      return MISS;
    }
    boolean low = Double.isNaN(atLeast) || value >= atLeast;
    boolean high = Double.isNaN(atMost) || value <= atMost;
    return low && high ? PASS : MISS;
  }
}
