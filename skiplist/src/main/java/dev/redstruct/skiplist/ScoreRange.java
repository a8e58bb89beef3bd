package dev.redstruct.skiplist;

import dev.redstruct.core.RedisNumbers;
import java.util.Objects;

/**
 * A score interval with inclusive or exclusive ends, possibly infinite: Redis's {@code zrangespec}.
 * Immutable, so thread-safe.
 *
 * @param min lower bound, may be {@code -inf}
 * @param minExclusive true if {@code min} itself is excluded
 * @param max upper bound, may be {@code +inf}
 * @param maxExclusive true if {@code max} itself is excluded
 */
public record ScoreRange(double min, boolean minExclusive, double max, boolean maxExclusive) {
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
   * Parses {@code ZRANGEBYSCORE}-style bounds exactly as Redis 7.0 does: a leading {@code (} makes
   * a bound exclusive and the rest is read by C {@code strtod} up to the first NUL byte, which must
   * consume all of it. So leading white space is allowed ({@code " 1"}, {@code "(\t0"}), a NUL ends
   * the bound ({@code "1\0zz"} is 1, {@code "\0"} and {@code ""} are 0), {@code inf}, {@code
   * infinity} and hexadecimal floats are read, and out-of-range literals become infinite or zero
   * ({@code "0x1p5000"}, {@code "1e-400"}). This is looser than ZADD's score check, which rejects
   * all of those but the infinities and hexadecimal. Linear in the length of the bounds. Redis:
   * zslParseRange, src/t_zset.c.
   *
   * @param min the min argument
   * @param max the max argument
   * @return the range
   * @throws ZSetException with {@code ERR min or max is not a float} (NaN, or bytes strtod leaves)
   */
  public static ScoreRange parse(byte[] min, byte[] max) {
    Objects.requireNonNull(min, "min");
    Objects.requireNonNull(max, "max");
    boolean minEx = min.length > 0 && min[0] == '(';
    boolean maxEx = max.length > 0 && max[0] == '(';
    double lo = parseBound(min, minEx ? 1 : 0);
    double hi = parseBound(max, maxEx ? 1 : 0);
    return new ScoreRange(lo, minEx, hi, maxEx);
  }

  private static double parseBound(byte[] s, int off) {
    double d = RedisNumbers.parseRangeBoundOrNaN(s, off, s.length - off);
    if (Double.isNaN(d)) {
      throw new ZSetException(ZSetException.RANGE_NOT_FLOAT);
    }
    return d;
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
