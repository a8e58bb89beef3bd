package dev.redstruct.bench;

import java.math.BigDecimal;

/**
 * A measured value judged against its goal: the value, the bound(s) and whether it meets them. A
 * section puts one in a table cell next to the number it judges ({@code Verdict.atMost(ratio,
 * 0.25)}); the cell reads {@code PASS <= 0.25}, and the report lists every verdict, JMH and
 * sections alike, in its summary with the section id, the row and the threshold.
 *
 * @param value the measured value
 * @param atLeast the smallest acceptable value, or {@code NaN} for no lower bound
 * @param atMost the largest acceptable value, or {@code NaN} for no upper bound
 */
public record Verdict(double value, double atLeast, double atMost) {

  /**
   * Verdict for a higher-is-better value (throughput, accuracy).
   *
   * @param value the measured value
   * @param target the smallest acceptable value
   * @return a verdict that passes when {@code value >= target}
   */
  public static Verdict atLeast(double value, double target) {
    return new Verdict(value, target, Double.NaN);
  }

  /**
   * Verdict for a lower-is-better value (bytes per element, time per operation, error).
   *
   * @param value the measured value
   * @param target the largest acceptable value
   * @return a verdict that passes when {@code value <= target}
   */
  public static Verdict atMost(double value, double target) {
    return new Verdict(value, Double.NaN, target);
  }

  /**
   * Verdict against optional bounds; {@code NaN} means no bound on that side.
   *
   * @param value the measured value
   * @param atLeast the lower bound or {@code NaN}
   * @param atMost the upper bound or {@code NaN}
   * @return the verdict
   */
  public static Verdict within(double value, double atLeast, double atMost) {
    return new Verdict(value, atLeast, atMost);
  }

  /**
   * Whether the value meets every bound; a {@code NaN} value never does.
   *
   * @return {@code true} for PASS
   */
  public boolean pass() {
    if (Double.isNaN(value)) {
      return false;
    }
    boolean low = Double.isNaN(atLeast) || value >= atLeast;
    boolean high = Double.isNaN(atMost) || value <= atMost;
    return low && high;
  }

  /**
   * {@code "PASS"} or {@code "MISS"}.
   *
   * @return the outcome in words
   */
  public String outcome() {
    return pass() ? "PASS" : "MISS";
  }

  /**
   * The goal in words, e.g. {@code ">= 0.7"}, {@code "<= 0.05"} or {@code ">= 0.5, <= 2"}; bounds
   * are printed as written, without rounding.
   *
   * @return the threshold text
   */
  public String threshold() {
    String low = Double.isNaN(atLeast) ? "" : ">= " + exact(atLeast);
    String high = Double.isNaN(atMost) ? "" : "<= " + exact(atMost);
    return low.isEmpty() || high.isEmpty() ? low + high : low + ", " + high;
  }

  /** The cell text: outcome and threshold, e.g. {@code "PASS <= 0.25"}. */
  @Override
  public String toString() {
    return outcome() + " " + threshold();
  }

  /**
   * A bound as written in the source ({@code 0.05}, {@code 16}), with no float noise.
   *
   * @param v the bound
   * @return its shortest decimal text
   */
  public static String exact(double v) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      return String.valueOf(v);
    }
    return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
  }
}
