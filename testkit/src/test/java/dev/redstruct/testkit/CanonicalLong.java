package dev.redstruct.testkit;

import java.nio.charset.StandardCharsets;

/**
 * The reference for "is this a Redis integer" in testkit's own tests: a decimal integer exactly as
 * Redis's {@code string2ll} accepts it (optional {@code -}, no leading zeros except "0", no {@code
 * +}, no spaces, not "-0", within int64). testkit depends on no redstruct module, so it cannot use
 * core's {@code RedisNumbers.isCanonicalLong}; {@code RedisGeneratorsRedisIT} checks this one
 * against the server.
 */
final class CanonicalLong {
  private CanonicalLong() {}

  static boolean isCanonicalLong(byte[] s) {
    int n = s.length;
    if (n == 0 || n > 20) {
      return false;
    }
    if (n == 1 && s[0] == '0') {
      return true;
    }
    int i = s[0] == '-' ? 1 : 0;
    if (i == n || s[i] < '1' || s[i] > '9') {
      return false;
    }
    for (int j = i + 1; j < n; j++) {
      if (s[j] < '0' || s[j] > '9') {
        return false;
      }
    }
    try {
      Long.parseLong(new String(s, StandardCharsets.US_ASCII));
      return true;
    } catch (NumberFormatException overflow) {
      return false;
    }
  }
}
