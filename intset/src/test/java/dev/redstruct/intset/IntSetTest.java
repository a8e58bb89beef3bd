package dev.redstruct.intset;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.core.rdb.RdbPayload;
import java.util.NoSuchElementException;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Examples and vectors. The payloads are Redis 7.0.15 {@code DUMP} replies for the commands named
 * (captured with {@code redis-cli --raw DUMP k | xxd -p}); the type-11 body is the intset blob as
 * one RDB string.
 */
class IntSetTest {
  /** {@code SADD s 1 2 -3}. */
  static final String DUMP_INT16 = "0b0e0200000003000000fdff010002000a00d1b78ed9bc07c27f";

  /** {@code SADD s2 100000}, {@code SADD s2 5 -7}: upgraded to int32 by the first member. */
  static final String DUMP_INT32 =
      "0b140400000003000000f9ffffff05000000a08601000a00e27745471b5b16ab";

  /** {@code SADD s3 1 5000000000 -2}: upgraded to int64 by the second member. */
  static final String DUMP_INT64 =
      "0b200800000003000000feffffffffffffff010000000000000000f2052a010000000a0059ea0fd8a4867d2f";

  private static byte[] blobOf(String dumpHex) {
    return RdbPayload.parse(Bytes.fromHex(dumpHex)).blob();
  }

  @Test
  void redisVectorsRoundTrip() {
    assertVector(DUMP_INT16, 2, new long[] {-3, 1, 2}, IntSet.of(1, 2, -3));
    assertVector(DUMP_INT32, 4, new long[] {-7, 5, 100000}, IntSet.of(100000, 5, -7));
    assertVector(DUMP_INT64, 8, new long[] {-2, 1, 5000000000L}, IntSet.of(1, 5000000000L, -2));
  }

  private static void assertVector(String dump, int enc, long[] values, IntSet built) {
    byte[] blob = blobOf(dump);
    IntSet loaded = IntSet.copyOf(blob);
    assertEquals(enc, loaded.encoding());
    assertArrayEquals(values, loaded.toLongArray());
    assertArrayEquals(blob, built.toByteArray());
    assertTrue(IntSet.validateIntegrity(blob, true));
    assertEquals(built, loaded);
  }

  @Test
  void upgradePutsNegativeFirstAndPositiveLast() {
    IntSet s = IntSet.of(1, 2, 3);
    s.add(-100_000);
    assertEquals(4, s.encoding());
    assertArrayEquals(new long[] {-100_000, 1, 2, 3}, s.toLongArray());
    s.add(Long.MAX_VALUE);
    assertEquals(8, s.encoding());
    assertArrayEquals(new long[] {-100_000, 1, 2, 3, Long.MAX_VALUE}, s.toLongArray());
    s.checkInvariants();
  }

  @Test
  void removeNeverDowngrades() {
    IntSet s = IntSet.of(1, 5000000000L);
    assertTrue(s.remove(5000000000L));
    assertEquals(8, s.encoding());
    assertEquals(8 + 8, s.toByteArray().length);
    assertFalse(s.remove(5000000000L));
    assertFalse(s.remove(7));
    s.checkInvariants();
  }

  @Test
  void searchAnswersLikeArraysBinarySearch() {
    IntSet s = IntSet.of(10, 20, 30);
    assertEquals(1, s.indexOf(20));
    assertEquals(-1, s.indexOf(5));
    assertEquals(-3, s.indexOf(25));
    assertEquals(-4, s.indexOf(35));
    assertEquals(-4, s.indexOf(Long.MAX_VALUE)); // wider than the encoding
    assertEquals(-1, s.indexOf(Long.MIN_VALUE));
    assertFalse(s.contains(1L << 40));
    assertEquals(-1, IntSet.create().indexOf(3));
  }

  @Test
  void addReportsDuplicates() {
    IntSet s = IntSet.create();
    assertTrue(s.add(7));
    assertFalse(s.add(7));
    assertEquals(1, s.size());
  }

  @Test
  void emptyIsValidInMemoryButNotForRdb() {
    byte[] empty = IntSet.create().toByteArray();
    assertArrayEquals(Bytes.fromHex("0200000000000000"), empty);
    assertEquals(0, IntSet.copyOf(empty).size());
    assertFalse(IntSet.validateIntegrity(empty, false));
    assertThrows(NoSuchElementException.class, () -> IntSet.create().min());
    assertThrows(
        NoSuchElementException.class, () -> IntSet.create().random(new SplittableRandom()));
  }

  @Test
  void headerAndOrderChecks() {
    assertCorrupt("0200000001", "shorter than the 8-byte header");
    assertCorrupt("03000000010000000100", "encoding 3");
    assertCorrupt("02000000020000000100", "needs 12 bytes");
    assertCorrupt("020000000200000002000100", "not greater");
    assertCorrupt("020000000200000001000100", "not greater");
    // wrap checks the header only; validate() the order
    IntSet w = IntSet.wrap(Bytes.fromHex("020000000200000002000100"));
    assertThrows(CorruptEncodingException.class, w::validate);
    assertFalse(IntSet.validateIntegrity(Bytes.fromHex("020000000200000002000100"), true));
    assertTrue(IntSet.validateIntegrity(Bytes.fromHex("020000000200000002000100"), false));
  }

  private static void assertCorrupt(String hex, String reason) {
    CorruptEncodingException e =
        assertThrows(CorruptEncodingException.class, () -> IntSet.copyOf(Bytes.fromHex(hex)));
    assertTrue(e.getMessage().contains(reason), e.getMessage());
  }

  @Test
  void wideEncodingOfSmallValuesIsValid() {
    byte[] blob = Bytes.fromHex("08000000" + "01000000" + "0100000000000000");
    IntSet s = IntSet.copyOf(blob);
    assertEquals(8, s.encoding());
    assertTrue(s.contains(1));
    assertEquals(IntSet.of(1), s); // equality by value, not encoding
    assertNotEquals(IntSet.of(1).toByteArray().length, s.toByteArray().length);
  }

  @Test
  void toStringIsBounded() {
    IntSet s = IntSet.create();
    for (int i = 0; i < 100; i++) {
      s.add(i);
    }
    assertEquals("[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, ... (90 more)]", s.toString());
    assertEquals("[]", IntSet.create().toString());
  }

  @Test
  void toByteArrayIsAFreshCopy() {
    IntSet s = IntSet.of(1);
    byte[] a = s.toByteArray();
    a[8] = 9;
    assertEquals(1, s.get(0));
    assertThrows(IndexOutOfBoundsException.class, () -> s.get(1));
  }
}
