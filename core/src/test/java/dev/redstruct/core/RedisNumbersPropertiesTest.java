package dev.redstruct.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;
import static org.quicktheories.generators.SourceDSL.longs;
import static org.quicktheories.generators.SourceDSL.strings;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;
import org.quicktheories.generators.Generate;

/** Properties of {@link RedisNumbers}, {@link Bytes} and {@link Codec}, with shrinking. */
class RedisNumbersPropertiesTest {
  private static final int EXAMPLES = 10_000;

  /** Canonical and near-canonical integer strings: digits weigh most, then signs, 0, junk. */
  private static Gen<String> integerish() {
    List<Character> alphabet =
        List.of(
            '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '9', '0', '1', '-', '-', '+', ' ',
            'a', '\0', '.');
    Gen<String> random =
        lists()
            .of(Generate.pick(alphabet))
            .ofSizeBetween(0, 22)
            .map(
                cs -> {
                  StringBuilder sb = new StringBuilder();
                  cs.forEach(sb::append);
                  return sb.toString();
                });
    Gen<String> canonical = longs().all().map(v -> Long.toString(v));
    Gen<String> oneDigitMore =
        longs().all().map(v -> Long.toString(v) + Math.floorMod(v, 10)); // overflow region
    Gen<String> leadingZero = longs().all().map(v -> v < 0 ? "-0" + (-v) : "0" + v);
    return random.mix(canonical, 30).mix(oneDigitMore, 15).mix(leadingZero, 10);
  }

  /** The JDK's view of "canonical int64 decimal", exception-safe. */
  private static boolean jdkCanonical(String s) {
    try {
      return Long.toString(Long.parseLong(s)).equals(s);
    } catch (NumberFormatException e) {
      return false;
    }
  }

  private static Gen<Double> finiteDoubles() {
    Gen<Double> bits = longs().all().map(Double::longBitsToDouble);
    Gen<Double> subnormal =
        longs().between(0, (1L << 52) - 1).map(b -> Double.longBitsToDouble(b) * -1.0);
    Gen<Double> integral =
        longs().between(-200_000_000_000_000_000L, 200_000_000_000_000_000L).map(v -> (double) v);
    return bits.mix(subnormal, 15)
        .mix(integral, 25)
        .assuming(d -> !Double.isNaN(d) && !Double.isInfinite(d));
  }

  @Test
  void ll2stringIsCanonicalAndParsesBack() {
    qt().withExamples(EXAMPLES)
        .forAll(longs().all())
        .checkAssert(
            v -> {
              byte[] s = RedisNumbers.ll2string(v);
              assertArrayEquals(Long.toString(v).getBytes(StandardCharsets.US_ASCII), s);
              assertTrue(RedisNumbers.isCanonicalLong(s, 0, s.length));
              assertEquals(v, RedisNumbers.parseCanonicalLong(s, 0, s.length));
              assertEquals(s.length, RedisNumbers.stringLength(v));
            });
  }

  @Test
  void isCanonicalLongAgreesWithTheJdk() {
    qt().withExamples(EXAMPLES)
        .forAll(integerish())
        .checkAssert(
            s -> {
              byte[] b = s.getBytes(StandardCharsets.UTF_8);
              assertEquals(jdkCanonical(s), RedisNumbers.isCanonicalLong(b, 0, b.length), s);
            });
  }

  @Test
  void formatThenParseIsIdentity() {
    qt().withExamples(EXAMPLES)
        .forAll(finiteDoubles())
        .checkAssert(
            d -> {
              byte[] s = RedisNumbers.formatDoubleBytes(d);
              double back = RedisNumbers.parseScore(s, 0, s.length);
              assertEquals(Double.doubleToRawLongBits(d), Double.doubleToRawLongBits(back));
            });
  }

  private static final Pattern FIXED = Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]*[1-9])?");
  private static final Pattern SCIENTIFIC =
      Pattern.compile("-?[1-9](\\.[0-9]*[1-9])?e[-+][0-9]{2,3}");

  /**
   * An independent check of C's {@code %.17g} (C11 7.21.6.1): the decimal printed is the exact
   * value rounded to 17 significant digits (ties to even), trailing zeros and a trailing point
   * removed, in exponent form exactly when that decimal's exponent is below -4 or at least 17.
   */
  @Test
  void formatDoubleIsNearestSeventeenDigitDecimal() {
    qt().withExamples(EXAMPLES)
        .forAll(finiteDoubles())
        .checkAssert(
            d -> {
              String s = RedisNumbers.formatDouble(d);
              if (d == 0) {
                assertEquals(1 / d > 0 ? "0" : "-0", s);
                return;
              }
              BigDecimal printed = new BigDecimal(s);
              int exponent = printed.precision() - printed.scale() - 1; // of the leading digit
              boolean scientific = exponent < -4 || exponent >= 17;
              assertTrue((scientific ? SCIENTIFIC : FIXED).matcher(s).matches(), s);
              assertTrue(printed.stripTrailingZeros().precision() <= 17, s);
              BigDecimal halfUnit =
                  BigDecimal.ONE.scaleByPowerOfTen(exponent - 16).divide(BigDecimal.valueOf(2));
              BigDecimal error = printed.subtract(new BigDecimal(d)).abs();
              int c = error.compareTo(halfUnit);
              if (c == 0) { // a tie: the 17th digit must be even
                BigDecimal unitsOf17th = printed.scaleByPowerOfTen(16 - exponent);
                assertEquals(0, unitsOf17th.toBigIntegerExact().intValue() & 1, s);
              }
              assertTrue(c <= 0, s);
            });
  }

  @Test
  void formatDoubleBytesIsFormatDoubleInAscii() {
    qt().withExamples(EXAMPLES)
        .forAll(finiteDoubles())
        .checkAssert(
            d ->
                assertArrayEquals(
                    RedisNumbers.formatDouble(d).getBytes(StandardCharsets.US_ASCII),
                    RedisNumbers.formatDoubleBytes(d)));
  }

  /**
   * Short decimals take an allocation-free fast path (m / 10^k); the JDK's correctly rounded parser
   * is the independent model, which glibc agrees with for normal results.
   */
  @Test
  void shortDecimalsParseAsTheJdk() {
    Gen<String> digits = longs().between(0, 999_999_999_999_999L).map(v -> Long.toString(v));
    Gen<String> decimals =
        digits.zip(
            integers().between(0, 16),
            integers().between(0, 2),
            (d, point, sign) -> {
              String body =
                  point > d.length() ? d : d.substring(0, point) + "." + d.substring(point);
              return (sign == 0 ? "-" : sign == 1 ? "+" : "") + body;
            });
    qt().withExamples(EXAMPLES)
        .forAll(decimals)
        .checkAssert(
            s -> {
              byte[] b = s.getBytes(StandardCharsets.US_ASCII);
              double expected =
                  s.equals(".") || s.endsWith("-.") || s.endsWith("+.")
                      ? Double.NaN
                      : Double.parseDouble(s);
              assertEquals(
                  Double.doubleToRawLongBits(expected),
                  Double.doubleToRawLongBits(RedisNumbers.parseScoreOrNaN(b, 0, b.length)),
                  s);
            });
  }

  /** For normal doubles, Redis's parser reads the JDK's shortest form back exactly. */
  @Test
  void parsesTheJdkShortestForm() {
    qt().withExamples(EXAMPLES)
        .forAll(finiteDoubles().assuming(d -> Math.abs(d) > Double.MIN_NORMAL))
        .checkAssert(
            d -> {
              byte[] s = Double.toString(d).getBytes(StandardCharsets.US_ASCII);
              assertEquals(d, RedisNumbers.parseScore(s, 0, s.length));
            });
  }

  private static Gen<byte[]> byteStrings() {
    List<Byte> alphabet = List.of((byte) 0, (byte) 1, (byte) 0x7f, (byte) 0x80, (byte) 0xff);
    return lists()
        .of(Generate.pick(alphabet))
        .ofSizeBetween(0, 6)
        .map(
            l -> {
              byte[] b = new byte[l.size()];
              for (int i = 0; i < b.length; i++) {
                b[i] = l.get(i);
              }
              return b;
            });
  }

  private static int unsignedModel(byte[] a, byte[] b) {
    for (int i = 0; i < Math.min(a.length, b.length); i++) {
      int c = Integer.compare(a[i] & 0xff, b[i] & 0xff);
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(a.length, b.length);
  }

  @Test
  void compareAgreesWithAnUnsignedModel() {
    qt().withExamples(EXAMPLES)
        .forAll(byteStrings(), byteStrings())
        .checkAssert(
            (a, b) -> {
              int expected = Integer.signum(unsignedModel(a, b));
              assertEquals(expected, Integer.signum(Bytes.compare(a, b)));
              assertEquals(expected, Integer.signum(Bytes.compare(a, 0, a.length, b, 0, b.length)));
              assertEquals(expected == 0, Bytes.equals(a, 0, a.length, b, 0, b.length));
            });
  }

  @Test
  void hexRoundTrips() {
    qt().withExamples(EXAMPLES)
        .forAll(lists().of(integers().between(0, 255)).ofSizeBetween(0, 40))
        .checkAssert(
            l -> {
              byte[] b = new byte[l.size()];
              for (int i = 0; i < b.length; i++) {
                b[i] = (byte) (int) l.get(i);
              }
              String hex = Bytes.hex(b);
              assertEquals(2 * b.length, hex.length());
              assertArrayEquals(b, Bytes.fromHex(hex));
              assertArrayEquals(b, Bytes.fromHex(hex.toUpperCase(java.util.Locale.ROOT)));
            });
  }

  @Test
  void codecsRoundTrip() {
    qt().withExamples(EXAMPLES)
        .forAll(longs().all())
        .checkAssert(v -> assertEquals(v, Codec.longs().decode(Codec.longs().encode(v))));
    qt().withExamples(EXAMPLES)
        .forAll(strings().betweenCodePoints(0, 0xD7FF).ofLengthBetween(0, 30))
        .checkAssert(s -> assertEquals(s, Codec.utf8().decode(Codec.utf8().encode(s))));
    qt().withExamples(EXAMPLES)
        .forAll(byteStrings())
        .checkAssert(b -> assertArrayEquals(b, Codec.bytes().decode(Codec.bytes().encode(b))));
  }

  @Test
  void formatDoubleBytesFastPathForBinaryFractionsIsPercent17g() {
    // Doubles with 0..12 binary fraction bits over a wide range of magnitudes, so that the
    // BigDecimal-free path and its refusals (rounding, exponent form) are both exercised; the
    // reference is formatDouble's general formatter.
    qt().withExamples(5000)
        .forAll(integers().all(), integers().between(0, 12), integers().between(0, 40))
        .checkAssert(
            (k, j, shift) -> {
              double d = Math.scalb((double) k * (1L << (shift % 24)), -j - shift / 24);
              String fast =
                  new String(RedisNumbers.formatDoubleBytes(d), StandardCharsets.US_ASCII);
              assertEquals(RedisNumbers.formatDouble(d), fast, () -> "for " + d);
            });
  }
}
