package dev.redstruct.hash;

import java.util.SplittableRandom;

/**
 * HINCRBYFLOAT increments of every shape string2ld meets: small and huge magnitudes, negative,
 * exponent forms, many decimals, hex floats, integers, and texts it refuses (spaces, nan, inf,
 * overflow, trailing garbage).
 */
final class FloatGen {
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
    "1e5000",
    "1e-5000",
    "+.5",
    "-.5e-3",
    "5.",
    "0x1p-2",
    "0x1.8p+3",
    "0XAP0",
    "1E+2",
    "-0.0",
    "00012.5000",
    "Infinity",
    "1e4000",
    "1.7976931348623157e308",
    "0x1.fffffffffffffffep+16383",
    "3.6e-4951",
    "1e-4940"
  };

  private FloatGen() {}

  static String increment(SplittableRandom r) {
    int k = r.nextInt(20);
    switch (k) {
      case 0:
        return ODD[r.nextInt(ODD.length)];
      case 1:
        return Double.toString(r.nextDouble() * Math.pow(10, r.nextInt(-30, 30)));
      case 2:
        return (r.nextBoolean() ? "-" : "") + r.nextInt(1, 10) + "e" + r.nextInt(-40, 40);
      case 3:
        return digits(r, r.nextInt(1, 25)) + "." + digits(r, r.nextInt(1, 40));
      case 4:
        return "-" + digits(r, r.nextInt(1, 5)) + "." + digits(r, r.nextInt(1, 25));
      case 5:
        return Long.toString(r.nextLong());
      case 6:
        return r.nextInt(1, 9) + "e" + r.nextInt(100, 400);
      case 7:
        return "0x"
            + Long.toHexString(r.nextLong() >>> r.nextInt(0, 60))
            + "p"
            + r.nextInt(-80, 80);
      case 8:
        return "1e-" + r.nextInt(15, 25);
      default:
        return (r.nextBoolean() ? "" : "-") + r.nextInt(0, 1000) + "." + digits(r, r.nextInt(1, 4));
    }
  }

  private static String digits(SplittableRandom r, int n) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < n; i++) {
      sb.append((char) ('0' + r.nextInt(10)));
    }
    return sb.toString();
  }
}
