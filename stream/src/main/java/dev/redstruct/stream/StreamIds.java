package dev.redstruct.stream;

/** Parsing of stream IDs as the commands see them. Redis: streamGenericParseIDOrReply. */
final class StreamIds {
  private StreamIds() {}

  /**
   * Parses {@code -}, {@code +} (unless strict), {@code <ms>} (seq = missingSeq) or {@code
   * <ms>-<seq>}; null when invalid. Redis: streamGenericParseIDOrReply with string2ull.
   */
  static StreamId parse(byte[] a, long missingSeq, boolean strict) {
    if (a.length > 127) {
      return null;
    }
    if (a.length == 1 && (a[0] == '-' || a[0] == '+')) {
      if (strict) {
        return null;
      }
      return a[0] == '-' ? StreamId.MIN : StreamId.MAX;
    }
    int dash = indexOf(a, (byte) '-');
    int msEnd = dash < 0 ? a.length : dash;
    long[] ms = new long[1];
    if (!string2ull(a, 0, msEnd, ms)) {
      return null;
    }
    if (dash < 0) {
      return new StreamId(ms[0], missingSeq);
    }
    long[] seq = new long[1];
    if (!string2ull(a, dash + 1, a.length, seq)) {
      return null;
    }
    return new StreamId(ms[0], seq[0]);
  }

  /** Whether the argument is {@code <ms>-*} (XADD's auto sequence); then ms is parsed. */
  static boolean isAutoSeq(byte[] a) {
    int dash = indexOf(a, (byte) '-');
    return dash >= 0 && dash == a.length - 2 && a[a.length - 1] == '*';
  }

  static int indexOf(byte[] a, byte b) {
    for (int i = 0; i < a.length; i++) {
      if (a[i] == b) {
        return i;
      }
    }
    return -1;
  }

  /**
   * Redis: string2ull (src/util.c): a canonical signed integer (string2ll) must not be negative;
   * anything else goes through strtoull (leading blanks, a sign, no overflow, nothing after).
   */
  static boolean string2ull(byte[] a, int from, int to, long[] out) {
    if (to == from) {
      return false;
    }
    Long canonical = canonicalLong(a, from, to);
    if (canonical != null) {
      if (canonical < 0) {
        return false;
      }
      out[0] = canonical;
      return true;
    }
    int i = from;
    while (i < to && isSpace(a[i])) {
      i++;
    }
    boolean negative = false;
    if (i < to && (a[i] == '+' || a[i] == '-')) {
      negative = a[i] == '-';
      i++;
    }
    if (i >= to) {
      return false;
    }
    long v = 0;
    for (; i < to; i++) {
      int d = a[i] - '0';
      if (d < 0 || d > 9) {
        return false;
      }
      if (Long.compareUnsigned(v, Long.divideUnsigned(-1L, 10)) > 0) {
        return false;
      }
      long nv = v * 10 + d;
      if (Long.compareUnsigned(nv, v * 10) < 0) {
        return false;
      }
      v = nv;
    }
    out[0] = negative ? -v : v;
    return true;
  }

  /** Redis: string2ll's canonical form (no blanks, no '+', no leading zero), or null. */
  private static Long canonicalLong(byte[] a, int from, int to) {
    int i = from;
    boolean neg = a[i] == '-';
    if (neg) {
      i++;
    }
    if (i >= to || a[i] < '0' || a[i] > '9' || (a[i] == '0' && (to - i > 1 || neg))) {
      return null;
    }
    long v = 0;
    for (; i < to; i++) {
      int d = a[i] - '0';
      if (d < 0 || d > 9) {
        return null;
      }
      if (v < Long.MIN_VALUE / 10 || v * 10 < Long.MIN_VALUE + d) {
        return null;
      }
      v = v * 10 - d;
    }
    if (!neg && v == Long.MIN_VALUE) {
      return null;
    }
    return neg ? v : -v;
  }

  private static boolean isSpace(byte b) {
    return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == 0x0b || b == '\f';
  }
}
