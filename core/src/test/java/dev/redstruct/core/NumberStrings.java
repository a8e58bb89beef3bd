package dev.redstruct.core;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.random.RandomGenerator;

/**
 * Generators of byte strings that are, or almost are, Redis integers and Redis scores: the inputs
 * on which a parser is most likely to disagree with {@code string2ll} and {@code string2d}.
 *
 * <p>Framework-neutral (driven by any {@link RandomGenerator}) so the same strings feed the
 * differential tests against the server and the properties. A local stand-in until testkit's {@code
 * RedisGenerators} covers number strings.
 */
final class NumberStrings {
  /** Bytes a mutation may insert or substitute: digits weigh most, then the grammar's letters. */
  private static final byte[] ALPHABET =
      "0123456789012345678900000-+.eExXpPaAfFiInNtTyY \t\n\u0000_,dDsl"
          .getBytes(StandardCharsets.ISO_8859_1);

  private static final long[] LONG_BOUNDARIES = {
    0,
    1,
    -1,
    9,
    10,
    99,
    100,
    Long.MAX_VALUE,
    Long.MAX_VALUE - 1,
    Long.MIN_VALUE,
    Long.MIN_VALUE + 1,
    Integer.MAX_VALUE,
    Integer.MIN_VALUE,
    (long) Integer.MAX_VALUE + 1,
    (long) Integer.MIN_VALUE - 1,
    9999,
    10000,
    999_999_999_999_999_999L,
    1_000_000_000_000_000_000L,
    -999_999_999_999_999_999L,
    -1_000_000_000_000_000_000L
  };

  /** 2^-1134 = 5^1134 * 10^-1134: the exact decimal of a multiple of 2^-1134. */
  private static final BigInteger FIVE_POW_1134 = BigInteger.valueOf(5).pow(1134);

  private NumberStrings() {}

  /** Canonical int64 decimals of values chosen across all magnitudes and at the boundaries. */
  static String canonicalLong(RandomGenerator r) {
    return Long.toString(interestingLong(r));
  }

  static long interestingLong(RandomGenerator r) {
    switch (r.nextInt(4)) {
      case 0:
        return LONG_BOUNDARIES[r.nextInt(LONG_BOUNDARIES.length)] + r.nextInt(-2, 3);
      case 1:
        return r.nextLong();
      default:
        // Uniform number of digits rather than uniform value, so short numbers are common.
        long magnitude = r.nextLong() >>> r.nextInt(64);
        return r.nextBoolean() ? magnitude : -magnitude;
    }
  }

  /**
   * Strings biased to near-canonical integers: canonical forms, their mutations (leading zeros,
   * signs, spaces, a changed digit, one digit more or less), values just past int64, and random
   * digit strings of 0 to 22 bytes.
   */
  static byte[] integerLike(RandomGenerator r) {
    String s;
    switch (r.nextInt(8)) {
      case 0:
        s = "9223372036854775807".substring(0, r.nextInt(1, 20)) + digits(r, r.nextInt(0, 4));
        s = r.nextBoolean() ? s : "-" + s;
        break;
      case 1:
        s = (r.nextBoolean() ? "" : "-") + digits(r, r.nextInt(0, 23));
        break;
      case 2:
        s = (r.nextBoolean() ? "9223372036854775808" : "-9223372036854775809");
        s = mutate(r, s, r.nextInt(0, 2));
        break;
      case 3:
      case 4:
        return mutate(r, canonicalLong(r).getBytes(StandardCharsets.US_ASCII), r.nextInt(1, 3));
      default:
        s = canonicalLong(r);
        break;
    }
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  /** The integer edge cases every run includes. */
  static List<String> integerEdgeCases() {
    List<String> out = new ArrayList<>();
    for (long v : LONG_BOUNDARIES) {
      for (long d = -1; d <= 1; d++) {
        out.add(Long.toString(v + d));
      }
    }
    String[] fixed = {
      "",
      "-",
      "+",
      "0",
      "-0",
      "+0",
      "00",
      "01",
      "-01",
      "+1",
      " 1",
      "1 ",
      "1\u0000",
      "\u00001",
      "9223372036854775808",
      "-9223372036854775809",
      "18446744073709551616",
      "99999999999999999999",
      "-9999999999999999999",
      "-99999999999999999999",
      "09223372036854775807",
      "-09223372036854775808",
      "12345678901234567890",
      "1e3",
      "0x10",
      "1.0",
      "٣",
      "\t7",
      "--1",
      "-+1",
      "1-",
    };
    out.addAll(List.of(fixed));
    return out;
  }

  /**
   * Score-like strings: formatted doubles (C-like, Java, scientific, hexadecimal), decimals and
   * hexadecimals with random digit and exponent lengths, infinity and NaN spellings, values around
   * the overflow and sub-normal underflow boundaries, long digit strings, and mutations of all of
   * these (inserted, deleted or replaced bytes, white space, NUL, garbage).
   */
  static byte[] scoreLike(RandomGenerator r) {
    String s;
    switch (r.nextInt(13)) {
      case 0 -> s = RedisNumbers.formatDouble(randomDouble(r));
      case 1 -> s = Double.toString(randomDouble(r));
      case 2 -> s = Double.toHexString(randomDouble(r));
      case 3 -> s = String.format(Locale.ROOT, "%." + r.nextInt(0, 25) + "e", randomDouble(r));
      case 4 -> s = decimal(r);
      case 5 -> s = hexadecimal(r);
      case 6 -> s = infinityOrNan(r);
      case 7 -> s = boundary(r);
      case 8 -> s = sign(r) + digits(r, r.nextInt(20, 400)) + exponent(r);
      case 9 -> s = canonicalLong(r);
      case 10 -> s = sign(r) + subnormalNearTie(r);
      default -> {
        byte[] base = scoreLike(r);
        return mutate(r, base, r.nextInt(1, 3));
      }
    }
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  /** The score edge cases every run includes. */
  static List<String> scoreEdgeCases() {
    String[] fixed = {
      "",
      " ",
      "0",
      "-0",
      "+0",
      "0.0",
      "-0.0",
      ".0",
      "0.",
      ".",
      "-.",
      "+.",
      "5.",
      ".5",
      "-.5",
      "+.5",
      "1",
      "+1",
      "-1",
      " 1",
      "1 ",
      "\t1",
      "\n1",
      "1\t",
      "\u00001",
      "1\u0000",
      "1\u00002",
      "1e",
      "1e+",
      "1e-",
      "e1",
      "E1",
      ".e1",
      "1e1.5",
      "1.2.3",
      "1..2",
      "1_000",
      "1,5",
      "1d",
      "1f",
      "1D",
      "1F",
      "1L",
      "0x1p3d",
      "++1",
      "--1",
      "+-1",
      "-+1",
      "1e+-1",
      "0x",
      "0X",
      "-0x",
      "0x1",
      "0X1P3",
      "0x1p",
      "0x1p+",
      "0x1p-",
      "0x.8",
      "0x1.",
      "0x.p1",
      "0x.",
      "0xg",
      "0x1g",
      "0x1e3",
      "0x1E3",
      "0x1p1e",
      "0x10",
      "+0x1P-2",
      "0x1.8",
      "0x1p-1074",
      "0x1p-1075",
      "0x1p-1076",
      "0x1.8p-1075",
      "0x0.fd048bdb8a9d0cp-1022",
      "0x0.69067697ff4e0ap-1022",
      "0x1.0000000000001p-1075",
      "0x0.0000000000001p-1022",
      "0x1p1023",
      "0x1p1024",
      "0x1.fffffffffffffp1023",
      "0x1.fffffffffffff7p1023",
      "0x1.fffffffffffff8p1023",
      "0x1p99999999999999999999",
      "0x1p-99999999999999999999",
      "0x0p99999999999999999999",
      "1e308",
      "1e309",
      "-1e309",
      "1.7976931348623157e308",
      "1.7976931348623158e308",
      "1.7976931348623159e308",
      "1.797693134862315807937289714053e308",
      "1.797693134862315807937289714054e308",
      "2.2250738585072014e-308",
      "2.2250738585072011e-308",
      "4.9e-324",
      "-4.9e-324",
      "5e-324",
      "1e-324",
      "2e-324",
      "2.4703282292062327e-324",
      "2.4703282292062328e-324",
      "3e-324",
      "1e-320",
      "1e-400",
      "-1e-400",
      "0e-400",
      "0e400",
      "0.0e999999",
      "0.000e-99999999999999999999",
      "1e99999999999999999999",
      "1e-99999999999999999999",
      "0.1",
      "1e20",
      "1e-5",
      "1e-4",
      "1e16",
      "1e17",
      "123456789012345678",
      "0.30000000000000004",
      "nan",
      "NaN",
      "NAN",
      "-nan",
      "+nan",
      "nan(123)",
      "nan()",
      "nanx",
      "inf",
      "INF",
      "Inf",
      "+inf",
      "-inf",
      "-Inf",
      "+INF",
      "infinity",
      "INFINITY",
      "-Infinity",
      "+InFiNiTy",
      "infinit",
      "infinityx",
      "infx",
      "in",
      "i",
      "-i",
      "inf ",
      " inf",
      "Infinity\u0000",
      "0.000000000000000000000000000000000001",
      "1" + "0".repeat(308),
      "1" + "0".repeat(309),
      "0." + "0".repeat(323) + "5",
      "0." + "0".repeat(324) + "1",
      "9".repeat(400),
      "0".repeat(400) + "1",
      "1." + "9".repeat(400)
    };
    return List.of(fixed);
  }

  /**
   * A sub-normal value just above a rounding tie, with the bit that glibc's strtod leaves out of
   * its sticky bits set (see TinyScores): {@code sub * 2^-1074 + 2^-1075 + 2^(top - 53)}, written
   * exactly in hexadecimal or decimal (about 1100 digits), sometimes with a few more low bits.
   */
  static String subnormalNearTie(RandomGenerator r) {
    long sub = r.nextLong(1, 1L << 52) & ~1L;
    if (sub == 0) {
      sub = 2;
    }
    int length = 64 - Long.numberOfLeadingZeros(sub);
    BigInteger n =
        BigInteger.valueOf(sub)
            .shiftLeft(60)
            .setBit(59)
            .setBit(length + 6)
            .add(BigInteger.valueOf(r.nextInt(4) == 0 ? r.nextInt(4) : 0));
    if (r.nextBoolean()) {
      return "0x" + n.toString(16) + "p-1134";
    }
    return new BigDecimal(n.multiply(FIVE_POW_1134), 1134).toPlainString();
  }

  static double randomDouble(RandomGenerator r) {
    switch (r.nextInt(5)) {
      case 0:
        return Double.longBitsToDouble(r.nextLong()); // any bit pattern, NaN included
      case 1:
        return r.nextDouble(-1e6, 1e6);
      case 2:
        return Double.longBitsToDouble(r.nextLong(0, 1L << 52)) * (r.nextBoolean() ? 1 : -1);
      case 3:
        return (double) interestingLong(r);
      default:
        return Math.scalb(r.nextDouble(), r.nextInt(-1080, 1030));
    }
  }

  private static String decimal(RandomGenerator r) {
    String intPart = digits(r, r.nextInt(0, 25));
    String fracPart = r.nextInt(3) == 0 ? "" : "." + digits(r, r.nextInt(0, 25));
    return sign(r) + intPart + fracPart + exponent(r);
  }

  private static String hexadecimal(RandomGenerator r) {
    StringBuilder sb = new StringBuilder(sign(r)).append(r.nextBoolean() ? "0x" : "0X");
    sb.append(hexDigits(r, r.nextInt(0, 20)));
    if (r.nextBoolean()) {
      sb.append('.').append(hexDigits(r, r.nextInt(0, 20)));
    }
    if (r.nextInt(4) != 0) {
      sb.append(r.nextBoolean() ? 'p' : 'P').append(sign(r));
      sb.append(r.nextInt(8) == 0 ? digits(r, r.nextInt(0, 25)) : r.nextInt(0, 1200));
    }
    return sb.toString();
  }

  private static String infinityOrNan(RandomGenerator r) {
    String[] words = {"inf", "infinity", "nan", "infin", "infinityy", "nan(1)", "in"};
    String w = words[r.nextInt(words.length)];
    StringBuilder sb = new StringBuilder(sign(r));
    for (int i = 0; i < w.length(); i++) {
      char c = w.charAt(i);
      sb.append(r.nextBoolean() ? Character.toUpperCase(c) : c);
    }
    return sb.toString();
  }

  /** Decimal values around the largest double and the smallest sub-normal. */
  private static String boundary(RandomGenerator r) {
    switch (r.nextInt(4)) {
      case 0:
        return sign(r) + "1.7976931348623" + digits(r, r.nextInt(0, 20)) + "e308";
      case 1:
        return sign(r) + r.nextInt(1, 10) + "." + digits(r, r.nextInt(0, 20)) + "e-324";
      case 2:
        return sign(r) + "2.47032822920623" + digits(r, r.nextInt(0, 30)) + "e-324";
      default:
        return sign(r) + r.nextInt(1, 100) + "e" + r.nextInt(-330, -300);
    }
  }

  private static String sign(RandomGenerator r) {
    int k = r.nextInt(4);
    return k == 0 ? "-" : k == 1 ? "+" : "";
  }

  private static String exponent(RandomGenerator r) {
    switch (r.nextInt(4)) {
      case 0:
        return "";
      case 1:
        return (r.nextBoolean() ? "e" : "E") + sign(r) + r.nextInt(0, 400);
      case 2:
        return "e" + sign(r) + digits(r, r.nextInt(0, 25));
      default:
        return "e" + sign(r) + r.nextInt(0, 25);
    }
  }

  static String digits(RandomGenerator r, int n) {
    StringBuilder sb = new StringBuilder(n);
    for (int i = 0; i < n; i++) {
      sb.append((char) ('0' + r.nextInt(10)));
    }
    return sb.toString();
  }

  private static String hexDigits(RandomGenerator r, int n) {
    StringBuilder sb = new StringBuilder(n);
    for (int i = 0; i < n; i++) {
      sb.append("0123456789abcdefABCDEF".charAt(r.nextInt(22)));
    }
    return sb.toString();
  }

  private static String mutate(RandomGenerator r, String s, int times) {
    return new String(
        mutate(r, s.getBytes(StandardCharsets.ISO_8859_1), times), StandardCharsets.ISO_8859_1);
  }

  /** Inserts, deletes or replaces a byte {@code times} times, or adds a sign or white space. */
  static byte[] mutate(RandomGenerator r, byte[] s, int times) {
    byte[] cur = s;
    for (int t = 0; t < times; t++) {
      int op = r.nextInt(6);
      int at = r.nextInt(cur.length + 1);
      byte b = r.nextInt(20) == 0 ? (byte) r.nextInt(256) : ALPHABET[r.nextInt(ALPHABET.length)];
      if (op == 0 || cur.length == 0) {
        cur = splice(cur, at, 0, new byte[] {b});
      } else if (op == 1) {
        cur = splice(cur, Math.min(at, cur.length - 1), 1, new byte[0]);
      } else if (op == 2) {
        cur = splice(cur, Math.min(at, cur.length - 1), 1, new byte[] {b});
      } else if (op == 3) {
        cur = splice(cur, 0, 0, new byte[] {r.nextBoolean() ? (byte) '+' : (byte) '0'});
      } else if (op == 4) {
        byte[] space = {r.nextBoolean() ? (byte) ' ' : (byte) 0};
        cur = r.nextBoolean() ? splice(cur, 0, 0, space) : splice(cur, cur.length, 0, space);
      } else {
        cur = splice(cur, Math.min(at, cur.length - 1), 0, new byte[] {'0'});
      }
    }
    return cur;
  }

  private static byte[] splice(byte[] s, int at, int remove, byte[] insert) {
    byte[] out = new byte[s.length - remove + insert.length];
    System.arraycopy(s, 0, out, 0, at);
    System.arraycopy(insert, 0, out, at, insert.length);
    System.arraycopy(s, at + remove, out, at + insert.length, s.length - at - remove);
    return out;
  }
}
