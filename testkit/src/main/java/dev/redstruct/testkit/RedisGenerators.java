package dev.redstruct.testkit;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * Random Redis-flavoured byte strings for tests, independent of any test framework: every method
 * takes a {@link RandomGenerator} (seed it to replay) and returns a fresh value.
 *
 * <p>The strings aim where Redis's encodings change their mind: decimal integers that are or almost
 * are canonical ({@code string2ll}), string lengths at the edges of length fields, integers at the
 * edges of ziplist/listpack/intset/RDB integer encodings, and text that {@code ZADD} may or may not
 * accept as a score. {@link #mixed(RandomGenerator)} draws from all of them.
 *
 * <p>Simplicity order: each generator draws its first choices with {@code nextInt(bound)} and maps
 * smaller draws to simpler values (index 0 is the simplest case), so a property-testing library
 * that shrinks the underlying draws toward 0 (see {@link RedisGens}) shrinks the values too.
 *
 * <p>Stateless and thread-safe (as thread-safe as the generator passed in).
 */
public final class RedisGenerators {
  /*
   * Implementation notes.
   * Boundary tables are built from the formats, not from measurements: ziplist (src/ziplist.c) 4-bit
   * immediates 0..12 and int8/16/24/32/64 entries; listpack (src/listpack.c) 7-bit unsigned 0..127
   * and 13-bit signed -4096..4095; intset (src/intset.c) int16/32/64; RDB (src/rdb.c) int8/16/32
   * string encodings; decimal digit counts (10^k - 1, 10^k) because ll2string/string2ll change
   * length there. String lengths: 6-bit (63), 14-bit (16383) length fields in ziplist and RDB,
   * listpack 6-bit (63) and 12-bit (4095) string lengths, 127/128/254/255 byte lengths that move
   * ziplist prevlen fields (254 = ZIP_BIG_PREVLEN).
   */

  /** The kinds of strings {@link #mixed(RandomGenerator, Kind...)} can draw from. */
  public enum Kind {
    /** {@link #canonicalInteger(RandomGenerator)}. */
    CANONICAL_INTEGER,
    /** {@link #intEncodingBoundary(RandomGenerator)} as decimal text. */
    INT_ENCODING_BOUNDARY,
    /** {@link #nearCanonicalInteger(RandomGenerator)}. */
    NEAR_CANONICAL_INTEGER,
    /** {@link #binary(RandomGenerator, int)} up to 64 bytes. */
    BINARY,
    /** {@link #utf8(RandomGenerator, int)} up to 32 code points. */
    UTF8,
    /** {@link #scoreString(RandomGenerator)}. */
    SCORE,
    /**
     * {@link #boundaryLengthString(RandomGenerator)}: up to 16386 bytes, so drawn rarely by mix.
     */
    BOUNDARY_LENGTH;

    /**
     * Draws one string of this kind.
     *
     * @param r the randomness
     * @return a fresh byte string
     */
    public byte[] next(RandomGenerator r) {
      switch (this) {
        case CANONICAL_INTEGER:
          return canonicalInteger(r);
        case INT_ENCODING_BOUNDARY:
          return ascii(Long.toString(intEncodingBoundary(r)));
        case NEAR_CANONICAL_INTEGER:
          return nearCanonicalInteger(r);
        case BINARY:
          return binary(r, 64);
        case UTF8:
          return utf8(r, 32);
        case SCORE:
          return scoreString(r);
        default:
          return boundaryLengthString(r);
      }
    }
  }

  /** Integers at the edges of Redis's integer encodings (sorted by magnitude, roughly). */
  static final long[] INT_ENCODING_BOUNDARIES = intBoundaries();

  /** String lengths at the edges of length fields (see implementation notes). */
  static final int[] BOUNDARY_LENGTHS = {
    0, 1, 2, 11, 12, 20, 21, 31, 32, 33, 62, 63, 64, 65, 126, 127, 128, 129, 252, 253, 254, 255,
    256, 4094, 4095, 4096, 4097, 16382, 16383, 16384, 16385, 16386
  };

  /** Mixed-kind weights: boundary lengths are large, so they are drawn least often. */
  private static final int[] MIX_WEIGHTS = {6, 4, 4, 4, 3, 3, 1};

  private static final String[] NEAR_CANONICAL_FIXED = {
    "",
    "-",
    "+",
    "-0",
    "+0",
    "00",
    "-00",
    "01",
    "--1",
    "1-",
    " 1",
    "1 ",
    " ",
    "1.0",
    "1e3",
    "0x10",
    "1\0",
    "\t1",
    "1\n",
    "9223372036854775808",
    "-9223372036854775809",
    "18446744073709551616",
    "99999999999999999999",
    "000000000000000000001",
    "-000000000000000000001",
    "12a",
    "a12",
    "١"
  };

  private static final String[] SCORE_FIXED = {
    "0",
    "1",
    "-1",
    "1.5",
    "-0",
    "+0",
    "0.0",
    "-0.0",
    ".5",
    "5.",
    "+1.5",
    "1e10",
    "1E10",
    "1e+10",
    "1e-10",
    "inf",
    "-inf",
    "+inf",
    "INF",
    "-Inf",
    "+iNf",
    "infinity",
    "-Infinity",
    "nan",
    "NaN",
    "-nan",
    "0x1p3",
    "0X1P-3",
    "0x10",
    " 1",
    "1 ",
    "",
    " ",
    "\t1",
    "1e400",
    "-1e400",
    "1e-400",
    "4.9e-324",
    "5e-324",
    "2.2250738585072014e-308",
    "2.225073858507201e-308",
    "1.7976931348623157e308",
    "1.7976931348623159e308",
    "0.1",
    "0.30000000000000004",
    "9007199254740993",
    "123456789012345678901234567890",
    "1_0",
    "1,5",
    "abc",
    "1.5abc",
    "1e",
    "e1",
    "--1",
    "1.2.3"
  };

  private static final byte[] SPECIAL_BYTES = {0, (byte) 0xff, '\r', '\n', ' ', (byte) 0x80, 0x7f};

  private RedisGenerators() {}

  /**
   * A signed 64-bit integer biased toward boundaries: half the time an {@link
   * #intEncodingBoundary(RandomGenerator) encoding boundary}, otherwise a value of random bit width
   * (small values are common), occasionally any {@code long}.
   *
   * @param r the randomness
   * @return the value
   */
  public static long canonicalLong(RandomGenerator r) {
    switch (r.nextInt(3)) {
      case 0:
        return intEncodingBoundary(r);
      case 1:
        long v = r.nextLong(1L << r.nextInt(1, 63));
        return r.nextBoolean() ? -v : v;
      default:
        return r.nextLong();
    }
  }

  /**
   * The decimal text of {@link #canonicalLong(RandomGenerator)}: what Redis's {@code string2ll}
   * accepts and {@code ll2string} produces.
   *
   * @param r the randomness
   * @return ASCII digits, with {@code -} if negative
   */
  public static byte[] canonicalInteger(RandomGenerator r) {
    return ascii(Long.toString(canonicalLong(r)));
  }

  /**
   * An integer at (or one past) a limit of an integer encoding: ziplist immediates 0..12, listpack
   * 7-bit and 13-bit, int8/16/24/32/64 minimum and maximum plus and minus one, and powers of ten.
   *
   * @param r the randomness
   * @return the value
   */
  public static long intEncodingBoundary(RandomGenerator r) {
    return INT_ENCODING_BOUNDARIES[r.nextInt(INT_ENCODING_BOUNDARIES.length)];
  }

  /**
   * Text that looks like an integer but is not canonical for {@code string2ll}: leading zeros,
   * {@code +}, {@code -0}, spaces, 20 or more digits, int64 overflow by one, and other near misses.
   *
   * @param r the randomness
   * @return the text's bytes; never canonical
   */
  public static byte[] nearCanonicalInteger(RandomGenerator r) {
    long v = Math.abs(canonicalLong(r) % 1_000_000_000L);
    switch (r.nextInt(6)) {
      case 0:
        return ascii(NEAR_CANONICAL_FIXED[r.nextInt(NEAR_CANONICAL_FIXED.length)]);
      case 1:
        return ascii("0".repeat(r.nextInt(1, 4)) + v);
      case 2:
        return ascii("+" + v);
      case 3:
        return ascii(r.nextBoolean() ? " " + v : v + " ");
      case 4:
        return ascii((r.nextBoolean() ? "-" : "") + "1" + digits(r, r.nextInt(19, 26)));
      default:
        return ascii(r.nextBoolean() ? "-0" + v : "-0");
    }
  }

  /**
   * A string whose length is at or next to a length-field boundary (0, 1, 63, 64, 16383, 16384 and
   * neighbours, see the table in the source), filled with one repeated letter (compressible) or
   * with random bytes.
   *
   * @param r the randomness
   * @return the string
   */
  public static byte[] boundaryLengthString(RandomGenerator r) {
    int len = BOUNDARY_LENGTHS[r.nextInt(BOUNDARY_LENGTHS.length)];
    byte[] s = new byte[len];
    if (r.nextBoolean()) {
      r.nextBytes(s);
    } else {
      Arrays.fill(s, (byte) ('a' + r.nextInt(26)));
    }
    return s;
  }

  /**
   * Arbitrary bytes, length uniform in {@code [0, maxLen]}, with CR, LF, NUL, 0xff and 0x80 more
   * frequent than chance.
   *
   * @param r the randomness
   * @param maxLen the longest length
   * @return the string
   * @throws IllegalArgumentException if {@code maxLen} is negative
   */
  public static byte[] binary(RandomGenerator r, int maxLen) {
    checkMax(maxLen);
    byte[] s = new byte[r.nextInt(maxLen + 1)];
    for (int i = 0; i < s.length; i++) {
      s[i] =
          r.nextInt(4) == 0
              ? SPECIAL_BYTES[r.nextInt(SPECIAL_BYTES.length)]
              : (byte) r.nextInt(256);
    }
    return s;
  }

  /**
   * Well-formed UTF-8 of up to {@code maxCodePoints} code points, mixing 1-, 2-, 3- and 4-byte
   * sequences (no surrogates).
   *
   * @param r the randomness
   * @param maxCodePoints the most code points
   * @return the UTF-8 bytes
   * @throws IllegalArgumentException if {@code maxCodePoints} is negative
   */
  public static byte[] utf8(RandomGenerator r, int maxCodePoints) {
    checkMax(maxCodePoints);
    int n = r.nextInt(maxCodePoints + 1);
    StringBuilder sb = new StringBuilder(n * 2);
    for (int i = 0; i < n; i++) {
      switch (r.nextInt(4)) {
        case 0:
          sb.appendCodePoint(r.nextInt(0x20, 0x7f));
          break;
        case 1:
          sb.appendCodePoint(r.nextInt(0x80, 0x800));
          break;
        case 2:
          int cp = r.nextInt(0x800, 0x10000 - 0x800);
          sb.appendCodePoint(cp >= 0xd800 ? cp + 0x800 : cp); // skip the surrogate block
          break;
        default:
          sb.appendCodePoint(r.nextInt(0x10000, 0x110000));
      }
    }
    return sb.toString().getBytes(StandardCharsets.UTF_8);
  }

  /**
   * Text aimed at {@code ZADD}/{@code ZINCRBY}/{@code INCRBYFLOAT} score parsing: plain decimals,
   * exponents, {@code inf}/{@code -inf}/{@code +inf} in mixed case, {@code nan}, hex floats ({@code
   * 0x1p3}), leading/trailing spaces, empty, overflow ({@code 1e400}), underflow ({@code 1e-400}),
   * denormals, and random doubles in Java's and C's {@code %.17g} notation. Some are valid scores,
   * some are not: the oracle decides.
   *
   * @param r the randomness
   * @return the text's bytes
   */
  public static byte[] scoreString(RandomGenerator r) {
    switch (r.nextInt(5)) {
      case 0:
        return ascii(SCORE_FIXED[r.nextInt(SCORE_FIXED.length)]);
      case 1:
        return ascii(Long.toString(canonicalLong(r)));
      case 2:
        return ascii(
            (r.nextBoolean() ? "-" : "")
                + digits(r, r.nextInt(1, 6))
                + "."
                + digits(r, r.nextInt(1, 8)));
      case 3:
        double d = Double.longBitsToDouble(r.nextLong());
        return ascii(r.nextBoolean() ? Double.toString(d) : String.format(Locale.ROOT, "%.17g", d));
      default:
        String mantissa = r.nextInt(10) + (r.nextBoolean() ? "." + digits(r, r.nextInt(1, 5)) : "");
        String exp =
            (r.nextBoolean() ? "e" : "E") + (r.nextBoolean() ? "-" : "") + r.nextInt(0, 400);
        return ascii(mantissa + exp);
    }
  }

  /**
   * One string from any {@link Kind}, weighted so that the large {@link Kind#BOUNDARY_LENGTH}
   * strings are rare (about 1 in 25).
   *
   * @param r the randomness
   * @return the string
   */
  public static byte[] mixed(RandomGenerator r) {
    int total = 0;
    for (int w : MIX_WEIGHTS) {
      total += w;
    }
    int x = r.nextInt(total);
    Kind[] kinds = Kind.values();
    for (int i = 0; i < kinds.length; i++) {
      x -= MIX_WEIGHTS[i];
      if (x < 0) {
        return kinds[i].next(r);
      }
    }
    throw new AssertionError("weights do not cover " + total);
  }

  /**
   * One string from one of the given kinds, each equally likely.
   *
   * @param r the randomness
   * @param kinds the kinds to choose from (at least one)
   * @return the string
   * @throws IllegalArgumentException if {@code kinds} is empty
   */
  public static byte[] mixed(RandomGenerator r, Kind... kinds) {
    if (kinds.length == 0) {
      throw new IllegalArgumentException("no kinds given");
    }
    return Objects.requireNonNull(kinds[r.nextInt(kinds.length)], "kind").next(r);
  }

  private static String digits(RandomGenerator r, int n) {
    StringBuilder sb = new StringBuilder(n);
    for (int i = 0; i < n; i++) {
      sb.append((char) ('0' + r.nextInt(10)));
    }
    return sb.toString();
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static void checkMax(int max) {
    if (max < 0 || max == Integer.MAX_VALUE) {
      throw new IllegalArgumentException("bad maximum length: " + max);
    }
  }

  private static long[] intBoundaries() {
    // max of int8 (and listpack 7-bit unsigned), listpack 13-bit, int16, int24, int32, int64
    long[] signedMax = {
      127, 4095, Short.MAX_VALUE, (1 << 23) - 1, Integer.MAX_VALUE, Long.MAX_VALUE
    };
    long[] out = new long[15 + signedMax.length * 6 + 2 + 18 * 4];
    int n = 0;
    for (long v = -1; v <= 13; v++) {
      out[n++] = v; // ziplist 4-bit immediates 0..12 and their neighbours
    }
    for (long max : signedMax) {
      long min = -max - 1;
      out[n++] = max - 1;
      out[n++] = max;
      out[n++] = max == Long.MAX_VALUE ? max - 2 : max + 1;
      out[n++] = min + 1;
      out[n++] = min;
      out[n++] = min == Long.MIN_VALUE ? min + 2 : min - 1;
    }
    out[n++] = 0xffffffffL; // unsigned 32-bit limit
    out[n++] = 0x100000000L;
    long p = 10;
    for (int k = 1; k <= 18; k++, p *= 10) {
      out[n++] = p - 1; // decimal length changes
      out[n++] = p;
      out[n++] = -(p - 1);
      out[n++] = -p;
    }
    // simplest first: by magnitude, so a generator that shrinks its index shrinks the value
    return Arrays.stream(out, 0, n)
        .boxed()
        .distinct()
        .sorted(
            (a, b) ->
                Long.compareUnsigned(Math.abs(a), Math.abs(b)) != 0
                    ? Long.compareUnsigned(Math.abs(a), Math.abs(b))
                    : Long.compare(b, a))
        .mapToLong(Long::longValue)
        .toArray();
  }
}
