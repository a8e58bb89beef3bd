package dev.redstruct.testkit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.testkit.RedisGenerators.Kind;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class RedisGeneratorsTest {
  static final int N = 20_000;

  static String s(byte[] b) {
    return new String(b, StandardCharsets.UTF_8);
  }

  /** A generator whose every bounded draw is its origin: what full shrinking converges to. */
  static final RandomGenerator ALL_ZERO =
      new RandomGenerator() {
        @Override
        public long nextLong() {
          return 0;
        }

        @Override
        public int nextInt(int origin, int bound) {
          return origin;
        }

        @Override
        public long nextLong(long origin, long bound) {
          return origin;
        }

        @Override
        public int nextInt(int bound) {
          return 0;
        }

        @Override
        public long nextLong(long bound) {
          return 0;
        }
      };

  @Test
  void sameSeedSameStrings() {
    SplittableRandom a = new SplittableRandom(42);
    SplittableRandom b = new SplittableRandom(42);
    for (int i = 0; i < 1000; i++) {
      assertArrayEquals(RedisGenerators.mixed(a), RedisGenerators.mixed(b));
    }
  }

  @Test
  void simplestDrawsGiveSimplestValues() {
    assertEquals(0L, RedisGenerators.canonicalLong(ALL_ZERO));
    assertEquals("0", s(RedisGenerators.canonicalInteger(ALL_ZERO)));
    assertEquals("", s(RedisGenerators.nearCanonicalInteger(ALL_ZERO)));
    assertEquals("0", s(RedisGenerators.scoreString(ALL_ZERO)));
    assertEquals(0, RedisGenerators.binary(ALL_ZERO, 10).length);
    assertEquals(0, RedisGenerators.utf8(ALL_ZERO, 10).length);
    assertEquals(0, RedisGenerators.boundaryLengthString(ALL_ZERO).length);
    assertEquals("0", s(RedisGenerators.mixed(ALL_ZERO)));
  }

  @Test
  void canonicalIntegersAreCanonicalAndCoverTheRange() {
    SplittableRandom r = new SplittableRandom(1);
    boolean sawHuge = false;
    boolean sawNegative = false;
    for (int i = 0; i < N; i++) {
      byte[] b = RedisGenerators.canonicalInteger(r);
      assertTrue(CanonicalLong.isCanonicalLong(b), s(b));
      long v = Long.parseLong(s(b));
      sawHuge |= Math.abs(v) > (1L << 62) || v == Long.MIN_VALUE;
      sawNegative |= v < 0;
    }
    assertTrue(sawHuge && sawNegative);
  }

  @Test
  void nearCanonicalIntegersNeverAre() {
    SplittableRandom r = new SplittableRandom(2);
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < N; i++) {
      byte[] b = RedisGenerators.nearCanonicalInteger(r);
      assertFalse(CanonicalLong.isCanonicalLong(b), s(b));
      seen.add(s(b));
    }
    for (String must : List.of("-0", "9223372036854775808", "-9223372036854775809", "")) {
      assertTrue(seen.contains(must), must);
    }
    assertTrue(seen.stream().anyMatch(x -> x.startsWith("+")));
    assertTrue(seen.stream().anyMatch(x -> x.startsWith("0") && x.length() > 1));
    assertTrue(seen.stream().anyMatch(x -> x.endsWith(" ")));
    assertTrue(seen.stream().anyMatch(x -> x.length() > 20));
  }

  /** Limits of ziplist (src/ziplist.c), listpack (src/listpack.c) and RDB (src/rdb.c) integers. */
  @Test
  void intEncodingBoundariesIncludeEveryLimitAndNeighbour() {
    Set<Long> table =
        Arrays.stream(RedisGenerators.INT_ENCODING_BOUNDARIES).boxed().collect(Collectors.toSet());
    assertEquals(table.size(), RedisGenerators.INT_ENCODING_BOUNDARIES.length, "no duplicates");
    for (long v = -1; v <= 13; v++) {
      assertTrue(table.contains(v), "immediate " + v);
    }
    long[] limits = {
      127,
      128,
      -128,
      -129,
      4095,
      4096,
      -4096,
      -4097,
      32767,
      32768,
      -32768,
      -32769,
      8388607,
      8388608,
      -8388608,
      -8388609,
      2147483647,
      2147483648L,
      -2147483648,
      -2147483649L,
      4294967295L,
      4294967296L,
      Long.MAX_VALUE,
      Long.MAX_VALUE - 1,
      Long.MIN_VALUE,
      Long.MIN_VALUE + 1,
      999,
      1000
    };
    for (long v : limits) {
      assertTrue(table.contains(v), Long.toString(v));
    }
    SplittableRandom r = new SplittableRandom(3);
    Set<Long> drawn = new HashSet<>();
    for (int i = 0; i < N; i++) {
      drawn.add(RedisGenerators.intEncodingBoundary(r));
    }
    assertEquals(table, drawn);
  }

  @Test
  void boundaryLengthsAreAllDrawn() {
    SplittableRandom r = new SplittableRandom(4);
    Set<Integer> lengths = new HashSet<>();
    for (int i = 0; i < 2000; i++) {
      lengths.add(RedisGenerators.boundaryLengthString(r).length);
    }
    for (int len : new int[] {0, 1, 63, 64, 16383, 16384}) {
      assertTrue(lengths.contains(len), Integer.toString(len));
    }
    assertEquals(RedisGenerators.BOUNDARY_LENGTHS.length, lengths.size());
  }

  @Test
  void binaryAndUtf8RespectTheirBounds() throws CharacterCodingException {
    SplittableRandom r = new SplittableRandom(5);
    boolean sawCrLf = false;
    boolean sawFourByte = false;
    for (int i = 0; i < N / 4; i++) {
      byte[] b = RedisGenerators.binary(r, 40);
      assertTrue(b.length <= 40);
      sawCrLf |= s(b).contains("\r");
      byte[] u = RedisGenerators.utf8(r, 12);
      String text =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(u))
              .toString();
      assertTrue(text.codePointCount(0, text.length()) <= 12);
      sawFourByte |= text.codePoints().anyMatch(cp -> cp > 0xffff);
    }
    assertTrue(sawCrLf && sawFourByte);
    assertThrows(IllegalArgumentException.class, () -> RedisGenerators.binary(r, -1));
  }

  @Test
  void scoreStringsIncludeTheAwkwardOnes() {
    SplittableRandom r = new SplittableRandom(6);
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < N; i++) {
      seen.add(s(RedisGenerators.scoreString(r)));
    }
    for (String must :
        List.of(
            "inf",
            "-inf",
            "+inf",
            "INF",
            "nan",
            "0x1p3",
            " 1",
            "1 ",
            "",
            "1e400",
            "1e-400",
            "4.9e-324")) {
      assertTrue(seen.contains(must), must);
    }
    assertTrue(seen.stream().anyMatch(x -> x.matches("-?\\d+\\.\\d+")));
    assertTrue(seen.stream().anyMatch(x -> x.matches("\\d(\\.\\d+)?[eE]-?\\d+")));
  }

  @Test
  void mixedDrawsEveryKindAndRestrictsToTheGivenOnes() {
    SplittableRandom r = new SplittableRandom(7);
    int large = 0;
    for (int i = 0; i < 2000; i++) {
      if (RedisGenerators.mixed(r).length > 4000) {
        large++;
      }
    }
    assertTrue(large > 0, "boundary-length strings are drawn, rarely");
    for (int i = 0; i < 1000; i++) {
      byte[] b = RedisGenerators.mixed(r, Kind.CANONICAL_INTEGER, Kind.INT_ENCODING_BOUNDARY);
      assertTrue(CanonicalLong.isCanonicalLong(b), s(b));
    }
    assertThrows(IllegalArgumentException.class, () -> RedisGenerators.mixed(r, new Kind[0]));
  }
}
