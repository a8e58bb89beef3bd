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
}
