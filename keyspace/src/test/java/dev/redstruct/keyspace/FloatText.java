package dev.redstruct.keyspace;

import java.util.Random;

/**
 * INCRBYFLOAT/HINCRBYFLOAT increments of every shape Redis's string2ld meets: integers, decimals of
 * up to 40 digits, exponents from 1e-4000 (below double's range) to 1e4000 (above it), hex floats,
 * and texts it refuses.
 */
final class FloatText {
  private static final String[] ODD = {
    "inf",
    "-inf",
    "nan",
    " 1",
    "1 ",
    "1e",
    "0x",
    "abc",
    "",
    "+.5",
    "-.5e-3",
    "5.",
    "0x1p-2",
    "0x1.8p+3",
    "1E+2",
    "-0.0",
    "00012.5000",
    "Infinity",
    "1e4000",
    "-1e4000",
    "1e-4000",
    "1.7976931348623157e308",
    "1e5000",
    "1e-5000",
    "3.6e-4951"
  };

  private FloatText() {}

  static String next(Random r) {
    switch (r.nextInt(16)) {
      case 0:
        return ODD[r.nextInt(ODD.length)];
      case 1:
        return Double.toString(r.nextDouble() * Math.pow(10, r.nextInt(61) - 30));
      case 2:
        return (r.nextBoolean() ? "-" : "") + (1 + r.nextInt(9)) + "e" + (r.nextInt(81) - 40);
      case 3:
        return digits(r, 1 + r.nextInt(24)) + "." + digits(r, 1 + r.nextInt(39));
      case 4:
        return "-" + digits(r, 1 + r.nextInt(4)) + "." + digits(r, 1 + r.nextInt(24));
      case 5:
        return Long.toString(r.nextLong() >> r.nextInt(64));
      case 6: // beyond double's range one time in ten: slow to print (thousands of digits)
        return (1 + r.nextInt(8)) + "e" + (100 + r.nextInt(r.nextInt(10) == 0 ? 4000 : 250));
      case 7:
        return "0x"
            + Long.toHexString(r.nextLong() >>> r.nextInt(60))
            + "p"
            + (r.nextInt(161) - 80);
      case 8:
        return "1e-" + (15 + r.nextInt(r.nextInt(10) == 0 ? 4000 : 300));
      default:
        return (r.nextBoolean() ? "" : "-") + r.nextInt(1000) + "." + digits(r, 1 + r.nextInt(3));
    }
  }

  private static String digits(Random r, int n) {
    StringBuilder sb = new StringBuilder(n);
    for (int i = 0; i < n; i++) {
      sb.append((char) ('0' + r.nextInt(10)));
    }
    return sb.toString();
  }
}
