package dev.redstruct.bitfield;

import dev.redstruct.core.RedisNumbers;

/** Argument parsing shared by the command face: Redis's strict integer and word rules. */
final class Args {
  private Args() {}

  /** The canonical int64 in the range, or null (Redis: string2ll). Boxing is off the hot path. */
  static Long parseLong(byte[] s, int off, int len) {
    return RedisNumbers.isCanonicalLong(s, off, len)
        ? RedisNumbers.parseCanonicalLong(s, off, len)
        : null;
  }

  static Long parseLong(byte[] s) {
    return parseLong(s, 0, s.length);
  }

  /**
   * ASCII case-insensitive comparison with a lowercase word. Like C's strcasecmp, which Redis uses,
   * the argument ends at its first NUL byte.
   */
  static boolean is(byte[] arg, String lowerWord) {
    int n = 0;
    while (n < arg.length && arg[n] != 0) {
      n++;
    }
    if (n != lowerWord.length()) {
      return false;
    }
    for (int i = 0; i < n; i++) {
      int c = arg[i];
      if (c >= 'A' && c <= 'Z') {
        c += 'a' - 'A';
      }
      if (c != lowerWord.charAt(i)) {
        return false;
      }
    }
    return true;
  }
}
