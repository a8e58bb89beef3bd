package dev.redstruct.ziplist;

import static java.nio.charset.StandardCharsets.US_ASCII;

import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * Redis-flavoured random entry values for ziplist tests: integers at every encoding boundary,
 * near-integers that must stay strings, and strings whose lengths straddle the 63/64-byte header
 * boundary and the 250..254-byte entry sizes that decide 1- or 5-byte prevlens.
 */
final class ZipListTestValues {
  private ZipListTestValues() {}

  private static final long[] BOUNDARIES = {
    0,
    12,
    13,
    -1,
    127,
    128,
    -128,
    -129,
    32767,
    32768,
    -32768,
    -32769,
    8388607,
    8388608,
    -8388608,
    -8388609,
    Integer.MAX_VALUE,
    Integer.MAX_VALUE + 1L,
    Integer.MIN_VALUE,
    Integer.MIN_VALUE - 1L,
    Long.MAX_VALUE,
    Long.MIN_VALUE
  };

  private static final String[] NEAR_INTEGERS = {
    "",
    "01",
    "-0",
    "+1",
    " 1",
    "1 ",
    "00",
    "-",
    "9223372036854775808",
    "-9223372036854775809",
    "1.5",
    "0x10",
    "١٢"
  };

  static byte[] value(RandomGenerator r) {
    switch (r.nextInt(10)) {
      case 0:
        return ascii(Long.toString(BOUNDARIES[r.nextInt(BOUNDARIES.length)]));
      case 1:
        return ascii(Long.toString(r.nextLong() >> r.nextInt(64)));
      case 2:
        return NEAR_INTEGERS[r.nextInt(NEAR_INTEGERS.length)].getBytes(
            java.nio.charset.StandardCharsets.UTF_8);
      case 3:
        return fill(r, 248 + r.nextInt(10)); // entry sizes around 254
      case 4:
        return fill(r, 60 + r.nextInt(8)); // the 6-bit/14-bit header boundary
      case 5:
        return fill(r, r.nextInt(2) == 0 ? 300 : 16380 + r.nextInt(8));
      case 6:
        return Long.toString(r.nextInt(13)).getBytes(US_ASCII);
      default:
        return fill(r, r.nextInt(12));
    }
  }

  static byte[] fill(RandomGenerator r, int n) {
    byte[] b = new byte[n];
    if (r.nextBoolean()) {
      Arrays.fill(b, (byte) ('a' + r.nextInt(26)));
    } else {
      r.nextBytes(b);
    }
    return b;
  }

  static byte[] ascii(String s) {
    return s.getBytes(US_ASCII);
  }
}
