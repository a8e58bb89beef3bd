package dev.redstruct.hll;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.Bytes;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Examples and known vectors. Unless stated otherwise the expected bytes come from Redis 7.0.15
 * (the oracle) through the commands quoted next to them, as recorded in
 * /work/shared/docs/redis-facts-hll-geo-bits.md section 1; HyperLogLogRedisIT re-checks the same
 * commands against a live server.
 */
class HyperLogLogTest {

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static long hash(String s) {
    byte[] b = utf8(s);
    return MurmurHash64A.hash(b, 0, b.length, MurmurHash64A.SEED);
  }

  @Test
  void murmurHashVectors() {
    assertEquals(0x53d2470a9b43b1a7L, hash("a"));
    assertEquals(0xf10cdf96c004fda4L, hash("b"));
    assertEquals(0x7585a45533f260f4L, hash("c"));
    assertEquals(0xd8dfea6585bc9732L, hash(""));
  }

  @Test
  void indexAndRunLengthVectors() {
    assertEquals(12711, MurmurHash64A.index(hash("a")));
    assertEquals(2, MurmurHash64A.runLength(hash("a")));
    assertEquals(15780, MurmurHash64A.index(hash("b")));
    assertEquals(1, MurmurHash64A.runLength(hash("b")));
    assertEquals(8436, MurmurHash64A.index(hash("c")));
    assertEquals(5938, MurmurHash64A.index(hash("")));
    assertEquals(2, MurmurHash64A.runLength(hash("")));
    assertEquals(7348, MurmurHash64A.index(hash("foo")));
    assertEquals(5, MurmurHash64A.runLength(hash("foo")));
    assertEquals(9216, MurmurHash64A.index(hash("hello")));
    assertEquals(1, MurmurHash64A.runLength(hash("hello")));
  }

  @Test
  void runLengthIsCappedByTheGuardBit() {
    // All 50 bits above the index zero: the guard bit at Q stops the run at Q + 1 (hllPatLen).
    assertEquals(51, MurmurHash64A.runLength(0x3FFFL));
    assertEquals(1, MurmurHash64A.runLength(1L << 14));
  }

  /**
   * Issue 14 item 12. {@code PFADD k} with no element on a missing key; {@code GET k} gives
   * createHLLObject's bytes ("HYLL", encoding 1, XZERO:16384) with the cache flagged stale, and
   * {@code PFCOUNT k} answers 0 and clears the flag (fact sheet §1.5, verified; re-checked by
   * HyperLogLogRedisIT#item12PfaddWithoutElementsCreatesTheSameBytes).
   */
  @Test
  void item12EmptySketchIsWhatPfaddStoresForANewKey() {
    HyperLogLog h = HyperLogLog.create();
    assertArrayEquals(Bytes.fromHex("48594c4c 01 000000 0000000000000080 7fff"), h.toByteArray());
    assertFalse(h.add(new byte[0][])); // PFADD replies 1 for the new key, but no register changed
    assertArrayEquals(Bytes.fromHex("48594c4c 01 000000 0000000000000080 7fff"), h.toByteArray());
    assertEquals(0, h.count());
    assertArrayEquals(Bytes.fromHex("48594c4c 01 000000 0000000000000000 7fff"), h.toByteArray());
    h.checkInvariants();
  }

  /** A dense HLL string with a stale cache: the first n registers hold a, the rest b. */
  static byte[] denseRegisters(int n, int a, int b) {
    byte[] s = new byte[12304];
    System.arraycopy(Bytes.fromHex("48594c4c 00 000000 0000000000000080"), 0, s, 0, 16);
    for (int i = 0; i < 16384; i++) {
      int v = i < n ? a : b;
      int bit = i * 6;
      int x = v << (bit & 7);
      s[16 + bit / 8] |= (byte) x;
      if (16 + bit / 8 + 1 < s.length) {
        s[16 + bit / 8 + 1] |= (byte) (x >>> 8);
      }
    }
    return s;
  }

  /**
   * Issue 14 item 11. Redis 7.0.15 (x86-64): {@code SET h <dense, every register 50>; PFCOUNT h}
   * replies -9223372036854775808 (llroundl out of range) and {@code GETRANGE h 0 15} is {@code
   * 48594c4c 00000000 00000000000000 80}: the cache stays stale. The same for every register 51 or
   * 63, and for multi-key PFCOUNT. Every register 49 gives 6653256548922161152 (cache {@code 00 f8
   * 0b ae 94 1d 55 5c}); 16000 registers at 50 and 384 at 30 give 541421889873454.
   */
  @Test
  void item11EstimatesOf2To63OrMoreOverflowAsInRedis() {
    for (int reg : new int[] {50, 51, 63}) {
      HyperLogLog h = HyperLogLog.copyOf(denseRegisters(16384, reg, reg));
      assertEquals(Long.MAX_VALUE, h.count(), "Java face saturates");
      assertArrayEquals(
          Bytes.fromHex("48594c4c 00 000000 0000000000000080"),
          java.util.Arrays.copyOf(h.toByteArray(), 16));
      assertEquals(Long.MIN_VALUE, h.redisCount(), "still stale: estimated again");
      assertEquals(Long.MAX_VALUE, HyperLogLog.countUnion(h, HyperLogLog.create()));
      assertEquals(Long.MIN_VALUE, HyperLogLog.redisCountUnion(h, HyperLogLog.create()));
      h.checkInvariants();
    }
    HyperLogLog h49 = HyperLogLog.copyOf(denseRegisters(16384, 49, 49));
    assertEquals(6653256548922161152L, h49.redisCount());
    assertArrayEquals(
        Bytes.fromHex("48594c4c 00 000000 00f80bae941d555c"),
        java.util.Arrays.copyOf(h49.toByteArray(), 16));
    assertEquals(6653256548922161152L, h49.count());
    assertEquals(541421889873454L, HyperLogLog.copyOf(denseRegisters(16000, 50, 30)).count());
  }

  @Test
  void pfaddABC() {
    // PFADD k a b c ; GET k
    HyperLogLog h = HyperLogLog.create();
    assertTrue(h.add("a", "b", "c"));
    assertArrayEquals(
        Bytes.fromHex("48594c4c 01 000000 0000000000000080 60F38050B1844BFB80425A"),
        h.toByteArray());
    // PFCOUNT k -> 3 ; GET k shows the cache written back.
    assertEquals(3, h.count());
    assertArrayEquals(
        Bytes.fromHex("48594c4c 01 000000 0300000000000000 60F38050B1844BFB80425A"),
        h.toByteArray());
    assertFalse(h.add("a"));
    assertEquals(3, h.count());
    h.checkInvariants();
  }

  @Test
  void pfaddSingleA() {
    // PFADD k a ; GET k -> body 71 A6 84 4E 57 (Z:12711 v:2,1 Z:3672)
    HyperLogLog h = HyperLogLog.create();
    h.add(utf8("a"));
    assertArrayEquals(
        Bytes.fromHex("48594c4c 01 000000 0000000000000080 71A6844E57"), h.toByteArray());
    assertEquals(2, h.register(12711));
    assertEquals(0, h.register(12710));
  }

  @Test
  void denseLayoutExample() {
    // PFADD k a b c ; PFDEBUG TODENSE k ; GET k: body bytes 6327=01, 9533=08, 11835=01.
    HyperLogLog h = HyperLogLog.create();
    h.add("a", "b", "c");
    assertTrue(h.toDense());
    assertFalse(h.toDense());
    byte[] s = h.toByteArray();
    assertEquals(12304, s.length);
    byte[] expected = new byte[12304];
    System.arraycopy(Bytes.fromHex("48594c4c 00 000000 0000000000000080"), 0, expected, 0, 16);
    expected[16 + 6327] = 0x01;
    expected[16 + 9533] = 0x08;
    expected[16 + 11835] = 0x01;
    assertArrayEquals(expected, s);
    assertEquals(1, h.register(8436));
    assertEquals(2, h.register(12711));
    assertEquals(1, h.register(15780));
    assertEquals(3, h.count());
    h.checkInvariants();
  }

  @Test
  void denseRegisterRoundTripEveryIndexAndValue() {
    byte[] s = new byte[HllLayout.DENSE_SIZE];
    for (int i = 0; i < HllLayout.REGISTERS; i++) {
      HllLayout.denseSet(s, 16, i, (i * 7 + 3) & 63);
    }
    for (int i = 0; i < HllLayout.REGISTERS; i++) {
      assertEquals((i * 7 + 3) & 63, HllLayout.denseGet(s, 16, i), "register " + i);
    }
  }

  @Test
  void wordWiseDenseMaxEqualsRegisterWiseMax() {
    java.util.SplittableRandom rnd = new java.util.SplittableRandom(5);
    for (int round = 0; round < 20; round++) {
      byte[] s = new byte[HllLayout.DENSE_SIZE];
      byte[] max = new byte[HllLayout.REGISTERS];
      byte[] expected = new byte[HllLayout.REGISTERS];
      for (int i = 0; i < HllLayout.REGISTERS; i++) {
        int v = rnd.nextInt(64);
        HllLayout.denseSet(s, 16, i, v);
        max[i] = (byte) rnd.nextInt(64);
        expected[i] = (byte) Math.max(v, max[i]);
      }
      HllLayout.denseMaxInto(s, max);
      assertArrayEquals(expected, max);
      int[] histo = new int[128];
      HllLayout.denseHisto(s, histo);
      int[] scalar = new int[64];
      for (int i = 0; i < HllLayout.REGISTERS; i++) {
        scalar[HllLayout.denseGet(s, 16, i)]++;
      }
      assertArrayEquals(scalar, java.util.Arrays.copyOf(histo, 64));
    }
  }

  @Test
  void packedDenseMaxEqualsRegisterWiseMax() {
    // every pair of 6-bit values meets in some lane: 64 x 64 pairs over 16384 registers
    java.util.SplittableRandom rnd = new java.util.SplittableRandom(11);
    for (int round = 0; round < 8; round++) {
      byte[][] src = new byte[4][HllLayout.DENSE_SIZE];
      byte[] d = new byte[HllLayout.DENSE_SIZE];
      int[] expected = new int[HllLayout.REGISTERS];
      for (int i = 0; i < HllLayout.REGISTERS; i++) {
        int v = round == 0 ? i & 63 : rnd.nextInt(64);
        HllLayout.denseSet(d, 16, i, v);
        expected[i] = v;
        for (byte[] s : src) {
          int w = round == 0 ? (i >>> 6) & 63 : rnd.nextInt(64);
          HllLayout.denseSet(s, 16, i, w);
          expected[i] = Math.max(expected[i], w);
        }
      }
      HllLayout.denseMaxPacked(d, src[0], src[1], src[2], src[3]);
      for (int i = 0; i < HllLayout.REGISTERS; i++) {
        assertEquals(expected[i], HllLayout.denseGet(d, 16, i), "register " + i);
        assertEquals(expected[i], HllLayout.denseGetBranchless(d, 16, i), "register " + i);
      }
    }
  }

  @Test
  void decimalHashIsTheHashOfTheText() {
    long[] values = {
      0,
      1,
      -1,
      9,
      10,
      -10,
      99_999_999,
      1_234_567_890_123L,
      Long.MAX_VALUE,
      Long.MIN_VALUE,
      Long.MIN_VALUE + 1,
      -1_000_000_000_000_000_000L
    };
    java.util.SplittableRandom rnd = new java.util.SplittableRandom(3);
    for (int i = 0; i < 10_000; i++) {
      long v = i < values.length ? values[i] : rnd.nextLong() >> rnd.nextInt(64);
      byte[] text = Long.toString(v).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
      assertEquals(
          MurmurHash64A.hash(text, 0, text.length, MurmurHash64A.SEED),
          MurmurHash64A.hashDecimal(v, MurmurHash64A.SEED),
          Long.toString(v));
    }
  }

  @Test
  void largeCountsMatchRedisValues() {
    // PFADD k e0 ... e(N-1) ; PFCOUNT k -> 1008, 2000, 9973, 100853 for N = 1000, 2000, 10^4, 10^5.
    long[] n = {1000, 2000, 10_000, 100_000};
    long[] expected = {1008, 2000, 9973, 100853};
    HyperLogLog h = HyperLogLog.create();
    int added = 0;
    for (int i = 0; i < n.length; i++) {
      while (added < n[i]) {
        h.add("e" + added++);
      }
      assertEquals(expected[i], h.count(), "n=" + n[i]);
      h.checkInvariants();
    }
    assertTrue(h.isDense());
  }

  @Test
  void valueAbove32PromotesToDense() {
    // hllSparseSet: a count > 32 cannot be a VAL opcode, so the sketch turns dense first.
    HyperLogLog h = HyperLogLog.create();
    h.add("a");
    assertTrue(h.addHash((1L << (14 + 33)) | 5)); // zero run of 33 above the index -> 34
    assertTrue(h.isDense());
    assertEquals(34, h.register(5));
    assertEquals(2, h.register(12711));
    byte[] run33 = HyperLogLogRedisIT.RUN33; // Redis agrees on this one: HyperLogLogRedisIT
    long hash = MurmurHash64A.hash(run33, 0, 8, MurmurHash64A.SEED);
    assertEquals(3655, MurmurHash64A.index(hash));
    assertEquals(33, MurmurHash64A.runLength(hash));
    h.checkInvariants();
  }

  @Test
  void sizeLimitPromotesToDense() {
    // With hll-sparse-max-bytes 20 the split of the first add (18 + 3 bytes) already promotes.
    HyperLogLog h = HyperLogLog.create(20);
    h.add("a");
    assertTrue(h.isDense());
    HyperLogLog roomy = HyperLogLog.create(21);
    roomy.add("a");
    assertFalse(roomy.isDense());
    assertEquals(21, roomy.serializedSize());
  }

  @Test
  void registerIndexChecked() {
    HyperLogLog h = HyperLogLog.create();
    assertThrows(IndexOutOfBoundsException.class, () -> h.register(16384));
    assertThrows(IndexOutOfBoundsException.class, () -> h.register(-1));
    assertThrows(IllegalArgumentException.class, () -> HyperLogLog.create(-1));
  }

  /**
   * add(long) hashes the decimal text a client sends. Redis 7.0.15: {@code PFADD n 42 -7
   * -9223372036854775808; GET n} gives {@code HYLL 01 000000 0000000000000080} then {@code 4d 00 90
   * 2f 80 58 5c 80 5a 6e}.
   */
  @Test
  void addLongIsPfaddOfTheDecimalText() {
    HyperLogLog h = HyperLogLog.create();
    assertTrue(h.add(42L));
    assertTrue(h.add(-7));
    assertTrue(h.add(Long.MIN_VALUE));
    assertArrayEquals(
        Bytes.fromHex("48594c4c 01 000000 0000000000000080 4d00902f80585c805a6e"), h.toByteArray());
    for (long v : new long[] {0, 1, -1, 9, 10, -10, 123456789, Long.MAX_VALUE, Long.MIN_VALUE}) {
      HyperLogLog a = HyperLogLog.create();
      HyperLogLog b = HyperLogLog.create();
      a.add(v);
      b.add(utf8(Long.toString(v)));
      assertArrayEquals(b.toByteArray(), a.toByteArray(), "add(" + v + ")");
    }
  }

  /**
   * add(CharSequence) hashes UTF-8. Redis 7.0.15: {@code PFADD t 日本 é; GET t} gives the header then
   * {@code 67 f5 84 4c 31 80 4b d5}.
   */
  @Test
  void addCharSequenceIsPfaddOfTheUtf8Bytes() {
    HyperLogLog h = HyperLogLog.create();
    assertTrue(h.add(new StringBuilder("日本"), "é"));
    assertArrayEquals(
        Bytes.fromHex("48594c4c 01 000000 0000000000000080 67f5844c31804bd5"), h.toByteArray());
    assertFalse(h.add(new StringBuilder().append('é')), "same element as the String");
  }

  @Test
  void countUnionIsStaticAndReadsOnlyItsArguments() {
    HyperLogLog a = HyperLogLog.create();
    HyperLogLog b = HyperLogLog.create();
    a.add("x", "y");
    b.add("y", "z");
    assertEquals(3, HyperLogLog.countUnion(a, b));
    assertEquals(3, HyperLogLog.redisCountUnion(a, b));
    assertEquals(0, HyperLogLog.countUnion());
  }

  @Test
  void nullArgumentsNameTheParameterAndChangeNothing() {
    HyperLogLog h = HyperLogLog.create();
    h.add("kept");
    byte[] before = h.toByteArray();
    assertNpe("value", () -> HyperLogLog.copyOf(null));
    assertNpe("value", () -> HyperLogLog.wrap(null));
    assertNpe("element", () -> h.add((byte[]) null));
    assertNpe("element", () -> h.add((byte[]) null, 0, 0));
    assertNpe("elements", () -> h.add((byte[][]) null));
    assertNpe("elements[i]", () -> h.add(utf8("new"), null));
    assertNpe("element", () -> h.add((CharSequence) null));
    assertNpe("elements", () -> h.add((CharSequence[]) null));
    assertNpe("elements[i]", () -> h.add("new", null));
    assertNpe("sources", () -> h.merge((HyperLogLog[]) null));
    assertNpe("sources[i]", () -> h.merge(HyperLogLog.create(), null));
    assertNpe("sketches", () -> HyperLogLog.countUnion((HyperLogLog[]) null));
    assertNpe("sketches[i]", () -> HyperLogLog.countUnion(h, null));
    assertNpe("sketches[i]", () -> HyperLogLog.redisCountUnion(null, h));
    assertNpe("e", () -> HyperLogLog.isNotHyperLogLog(null));
    assertNpe("e", () -> HyperLogLog.redisError(null));
    assertArrayEquals(before, h.toByteArray(), "a rejected call changes nothing");
  }

  @Test
  void cachedCountReadsTheHeaderOnlyWhenTheCacheIsValid() {
    HyperLogLog h = HyperLogLog.create();
    for (int i = 0; i < 1000; i++) {
      h.add(("m" + i).getBytes(StandardCharsets.US_ASCII));
    }
    byte[] stale = h.toByteArray();
    assertFalse(HyperLogLog.cachedCount(stale).isPresent(), "adds leave the cache stale");
    long count = h.count();
    byte[] valid = h.toByteArray();
    assertEquals(count, HyperLogLog.cachedCount(valid).getAsLong());
    // the body is not read: a header alone answers the same
    byte[] headerOnly = java.util.Arrays.copyOf(valid, 16);
    assertEquals(count, HyperLogLog.cachedCount(headerOnly).getAsLong());
    assertThrows(
        IllegalArgumentException.class,
        () -> HyperLogLog.cachedCount(java.util.Arrays.copyOf(valid, 15)));
  }

  private static void assertNpe(String name, org.junit.jupiter.api.function.Executable call) {
    NullPointerException e = assertThrows(NullPointerException.class, call);
    assertEquals(name, e.getMessage());
  }
}
