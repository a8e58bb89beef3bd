package dev.redstruct.skiplist;

import dev.redstruct.core.Bytes;
import java.util.Objects;

/**
 * A member interval for {@code ZRANGEBYLEX}-style queries: Redis's {@code zlexrangespec}. Each end
 * is a string bound (inclusive or exclusive) or an infinity ({@code -} below every string, {@code
 * +} above every string). Immutable (bounds are copied in and out), so thread-safe.
 */
public final class LexRange {
  // Infinity sentinels compared by identity, as Redis's shared.minstring / shared.maxstring.
  static final byte[] MINUS_INF = new byte[0];
  static final byte[] PLUS_INF = new byte[0];

  private final byte[] min;
  private final boolean minExclusive;
  private final byte[] max;
  private final boolean maxExclusive;

  private LexRange(byte[] min, boolean minExclusive, byte[] max, boolean maxExclusive) {
    this.min = min;
    this.minExclusive = minExclusive;
    this.max = max;
    this.maxExclusive = maxExclusive;
  }

  /**
   * Every member ({@code - +}).
   *
   * @return the range
   */
  public static LexRange all() {
    return new LexRange(MINUS_INF, true, PLUS_INF, true);
  }

  /**
   * Parses the two bounds as Redis does: {@code [x} inclusive, {@code (x} exclusive (x may be empty
   * or hold NUL bytes), {@code -} and {@code +} infinite. Redis reads {@code -}/{@code +} from a C
   * string and checks only that the second byte is NUL, so {@code "+\0x"} is the infinity too;
   * {@code "+x"} and the empty string are errors. Redis: zslParseLexRange / zslParseLexRangeItem,
   * src/t_zset.c.
   *
   * @param min the min argument
   * @param max the max argument
   * @return the range
   * @throws ZSetException with {@code ERR min or max not valid string range item}
   */
  public static LexRange parse(byte[] min, byte[] max) {
    Objects.requireNonNull(min, "min");
    Objects.requireNonNull(max, "max");
    byte[] lo = item(min);
    byte[] hi = item(max);
    return new LexRange(lo, min[0] != '[', hi, max[0] != '[');
  }

  private static byte[] item(byte[] s) {
    if (s.length == 0) {
      throw new ZSetException(ZSetException.LEX_NOT_STRING);
    }
    switch (s[0]) {
      case '+':
        if (s.length == 1 || s[1] == 0) {
          return PLUS_INF;
        }
        break;
      case '-':
        if (s.length == 1 || s[1] == 0) {
          return MINUS_INF;
        }
        break;
      case '(':
      case '[':
        return java.util.Arrays.copyOfRange(s, 1, s.length);
      default:
        break;
    }
    throw new ZSetException(ZSetException.LEX_NOT_STRING);
  }

  /** Redis: sdscmplex — sentinels first, then unsigned byte order. */
  static int compare(byte[] a, byte[] b) {
    if (a == b) {
      return 0;
    }
    if (a == MINUS_INF || b == PLUS_INF) {
      return -1;
    }
    if (a == PLUS_INF || b == MINUS_INF) {
      return 1;
    }
    return Bytes.compare(a, b);
  }

  /**
   * True if no member can satisfy the range.
   *
   * @return whether the range is empty
   */
  public boolean isEmpty() {
    int c = compare(min, max);
    return c > 0 || (c == 0 && (minExclusive || maxExclusive));
  }

  /** Redis: zslLexValueGteMin. */
  boolean gteMin(byte[] value) {
    return minExclusive ? compare(value, min) > 0 : compare(value, min) >= 0;
  }

  /** Redis: zslLexValueLteMax. */
  boolean lteMax(byte[] value) {
    return maxExclusive ? compare(value, max) < 0 : compare(value, max) <= 0;
  }

  /** Redis: zslLexValueGteMin over {@code a[off, off + len)}, a member (never a sentinel). */
  boolean gteMin(byte[] a, int off, int len) {
    int c = compareMember(a, off, len, min);
    return minExclusive ? c > 0 : c >= 0;
  }

  /** Redis: zslLexValueLteMax over {@code a[off, off + len)}, a member (never a sentinel). */
  boolean lteMax(byte[] a, int off, int len) {
    int c = compareMember(a, off, len, max);
    return maxExclusive ? c < 0 : c <= 0;
  }

  /** Redis: sdscmplex with a member on the left and a bound (perhaps a sentinel) on the right. */
  private static int compareMember(byte[] a, int off, int len, byte[] bound) {
    if (bound == MINUS_INF) {
      return 1;
    }
    if (bound == PLUS_INF) {
      return -1;
    }
    return Bytes.compare(a, off, len, bound, 0, bound.length);
  }

  /**
   * True if the member lies in the range.
   *
   * @param member the member bytes
   * @return whether it is inside
   */
  public boolean contains(byte[] member) {
    Objects.requireNonNull(member, "member");
    return gteMin(member) && lteMax(member);
  }
}
