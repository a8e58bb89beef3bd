package dev.redstruct.skiplist;

import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * A score interval with inclusive or exclusive ends, possibly infinite: Redis's {@code zrangespec}.
 *
 * @param min lower bound, may be {@code -inf}
 * @param minExclusive true if {@code min} itself is excluded
 * @param max upper bound, may be {@code +inf}
 * @param maxExclusive true if {@code max} itself is excluded
 */
public record ScoreRange(double min, boolean minExclusive, double max, boolean maxExclusive) {
  private static final Pattern DECIMAL =
      Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");

  /**
   * Validates the bounds.
   *
   * @throws IllegalArgumentException if a bound is NaN
   */
  public ScoreRange {
    if (Double.isNaN(min) || Double.isNaN(max)) {
      throw new IllegalArgumentException("NaN bound");
    }
  }

  /**
   * The closed interval {@code [min, max]}.
   *
   * @param min lower bound
   * @param max upper bound
   * @return the range
   */
  public static ScoreRange closed(double min, double max) {
    return new ScoreRange(min, false, max, false);
  }

  /**
   * Every score, {@code -inf} to {@code +inf}.
   *
   * @return the range
   */
  public static ScoreRange all() {
    return closed(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);
  }

  /**
   * Parses {@code ZRANGEBYSCORE}-style bounds: a leading {@code (} makes a bound exclusive, the
   * rest is read like C {@code strtod} (so {@code inf}, {@code -inf} are allowed, out-of-range
   * literals become infinite, and an empty rest reads as 0). Redis: zslParseRange, src/t_zset.c.
   *
   * @param min the min argument
   * @param max the max argument
   * @return the range
   * @throws ZSetException with {@code ERR min or max is not a float}
   */
  public static ScoreRange parse(byte[] min, byte[] max) {
    boolean minEx = min.length > 0 && min[0] == '(';
    boolean maxEx = max.length > 0 && max[0] == '(';
    double lo = parseBound(min, minEx ? 1 : 0);
    double hi = parseBound(max, maxEx ? 1 : 0);
    return new ScoreRange(lo, minEx, hi, maxEx);
  }

  private static double parseBound(byte[] s, int off) {
    int len = s.length - off;
    if (len == 0) {
      return 0; // strtod consumed nothing and nothing remains: Redis accepts it as 0
    }
    double d = dev.redstruct.core.RedisNumbers.parseScoreOrNaN(s, off, len);
    if (!Double.isNaN(d)) {
      return d;
    }
    // parseScore rejects overflow/underflow that strtod (without errno checks) lets through.
    String text = new String(s, off, len, StandardCharsets.ISO_8859_1);
    if (DECIMAL.matcher(text).matches()) {
      return Double.parseDouble(text);
    }
    throw new ZSetException(ZSetException.RANGE_NOT_FLOAT);
  }

  /**
   * True if no score can satisfy the range.
   *
   * @return whether the range is empty
   */
  public boolean isEmpty() {
    return min > max || (min == max && (minExclusive || maxExclusive));
  }

  /** Redis: zslValueGteMin. */
  boolean gteMin(double value) {
    return minExclusive ? value > min : value >= min;
  }

  /** Redis: zslValueLteMax. */
  boolean lteMax(double value) {
    return maxExclusive ? value < max : value <= max;
  }

  /**
   * True if the score lies in the range.
   *
   * @param score the score
   * @return whether it is inside
   */
  public boolean contains(double score) {
    return gteMin(score) && lteMax(score);
  }
}
