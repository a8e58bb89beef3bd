package dev.redstruct.listpack;

import dev.redstruct.testkit.RedisGenerators;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.random.RandomGenerator;

/** Redis-flavoured test values, with the listpack's own encoding boundaries drawn often. */
final class ListPackTestValues {
  private ListPackTestValues() {}

  /** Integers on each side of every listpack integer encoding boundary (fact sheet §2.2). */
  static final long[] INT_BOUNDARIES = {
    0,
    1,
    126,
    127,
    128,
    -1,
    -2,
    4094,
    4095,
    4096,
    -4095,
    -4096,
    -4097,
    32766,
    32767,
    32768,
    -32767,
    -32768,
    -32769,
    8388606,
    8388607,
    8388608,
    -8388607,
    -8388608,
    -8388609,
    Integer.MAX_VALUE - 1L,
    Integer.MAX_VALUE,
    Integer.MAX_VALUE + 1L,
    Integer.MIN_VALUE + 1L,
    Integer.MIN_VALUE,
    Integer.MIN_VALUE - 1L,
    Long.MAX_VALUE,
    Long.MIN_VALUE,
    Long.MAX_VALUE - 1,
    Long.MIN_VALUE + 1
  };

  /** String lengths on each side of the 6/12/32-bit string and the 1/2/3-byte backlen limits. */
  static final int[] STRING_BOUNDARIES = {
    0, 1, 62, 63, 64, 65, 124, 125, 126, 127, 4094, 4095, 4096
  };

  static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  /** A random value: testkit's mixed kinds, or a listpack boundary integer or string. */
  static byte[] value(RandomGenerator r) {
    switch (r.nextInt(8)) {
      case 0:
        return ascii(Long.toString(INT_BOUNDARIES[r.nextInt(INT_BOUNDARIES.length)]));
      case 1:
        byte[] s = new byte[STRING_BOUNDARIES[r.nextInt(STRING_BOUNDARIES.length)]];
        Arrays.fill(s, (byte) ('a' + r.nextInt(26)));
        return s;
      case 2:
        return ascii(Long.toString(r.nextInt(300) - 150));
      default:
        return RedisGenerators.mixed(r);
    }
  }

  /** A short value (at most {@code max} bytes) for blobs that must stay small. */
  static byte[] shortValue(RandomGenerator r, int max) {
    byte[] v = value(r);
    return v.length > max ? Arrays.copyOf(v, r.nextInt(max + 1)) : v;
  }
}
