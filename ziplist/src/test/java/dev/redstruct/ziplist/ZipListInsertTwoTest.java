package dev.redstruct.ziplist;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link ZipListPositions#insertTwoAtPosition} at every position of small lists built to straddle
 * its decisions, with values at the edges of zipTryEncoding and of the 1-byte prevlen field: the
 * bytes and the returned position must equal two {@link ZipListPositions#insertAtPosition} calls
 * (themselves equal to index inserts, checked against Redis in ZipListRedisIT), on built (trusted)
 * and wrapped lists. ZipListSeekTest draws such cases at random; this one enumerates them.
 */
class ZipListInsertTwoTest {
  private static byte[] fill(int n) {
    byte[] b = new byte[n];
    Arrays.fill(b, (byte) 'x');
    return b;
  }

  /**
   * Each integer-encoding boundary, the int64 limits and the 20-byte strings just past them,
   * non-canonical forms, the 31/32-byte zipTryEncoding length limit, and strings whose entry is
   * 253/254 bytes with a 1-byte prevlen (string lengths 250/251) or crosses the 6-bit/14-bit string
   * header.
   */
  private static List<byte[]> values() {
    List<byte[]> out = new ArrayList<>();
    String[] texts = {
      "",
      "0",
      "12",
      "13",
      "-1",
      "127",
      "128",
      "-128",
      "-129",
      "32767",
      "32768",
      "-32769",
      "8388607",
      "8388608",
      "-8388608",
      "-8388609",
      "2147483647",
      "2147483648",
      "-2147483649",
      "999999999999999999",
      "1000000000000000000",
      "-999999999999999999",
      "9223372036854775807",
      "-9223372036854775808",
      "-9223372036854775807",
      "-9223372036854775809",
      "9223372036854775808",
      "-9999999999999999999",
      "-aaaaaaaaaaaaaaaaaaa",
      "-0",
      "01",
      "+1",
      " 1",
      "-",
      "1111111111111111111111111111111",
      "11111111111111111111111111111111"
    };
    for (String t : texts) {
      out.add(t.getBytes(US_ASCII));
    }
    for (int n : new int[] {63, 64, 249, 250, 251, 252}) {
      out.add(fill(n));
    }
    return out;
  }

  private static final long[] LONGS = {
    Long.MIN_VALUE,
    Long.MIN_VALUE + 1,
    Long.MAX_VALUE,
    0,
    12,
    13,
    -1,
    127,
    128,
    -129,
    32768,
    8388608,
    -8388609,
    2147483648L,
    Integer.MIN_VALUE
  };

  /**
   * Empty; one entry of 248..253 bytes (the end's prevlen 1 byte) or 254+ (5 bytes); and such an
   * entry with followers, so that a follower's prevlen field is 1 or 5 bytes.
   */
  private static List<byte[]> lists() {
    List<byte[]> out = new ArrayList<>();
    out.add(ZipList.create().toByteArray());
    for (int n : new int[] {5, 246, 247, 248, 249, 250, 300}) {
      ZipList one = ZipList.create();
      one.pushTail(fill(n));
      out.add(one.toByteArray());
      ZipList three = ZipList.create();
      three.pushTail(fill(n));
      three.pushTail("q".getBytes(US_ASCII));
      three.pushTail(7);
      out.add(three.toByteArray());
    }
    return out;
  }

  private static List<Long> positions(ZipList z) {
    List<Long> out = ZipListVisitTest.positions(z);
    out.add(ZipListPositions.endPosition(z));
    return out;
  }

  @Test
  void edgeValuesAtEveryPositionMatchTwoInserts() {
    List<byte[]> values = values();
    for (byte[] blob : lists()) {
      int positions = positions(ZipList.copyOf(blob)).size();
      for (int i = 0; i < positions; i++) {
        for (byte[] a : values) {
          for (byte[] b : values) {
            check(blob, i, a, b, 0);
          }
          for (long b : LONGS) {
            check(blob, i, a, null, b);
          }
        }
      }
    }
  }

  /** Inserts a then b (or the long bLong when b is null) before entry i of blob, both ways. */
  private static void check(byte[] blob, int i, byte[] a, byte[] b, long bLong) {
    ZipList expected = ZipList.copyOf(blob);
    long first = ZipListPositions.insertAtPosition(expected, positions(expected).get(i), a);
    long next =
        b == null
            ? ZipListPositions.insertAtPosition(expected, first, bLong)
            : ZipListPositions.insertAtPosition(expected, first, b);
    for (ZipList z : new ZipList[] {ZipList.copyOf(blob), ZipList.wrap(blob.clone())}) {
      long p = positions(z).get(i);
      long after =
          b == null
              ? ZipListPositions.insertTwoAtPosition(z, p, a, bLong)
              : ZipListPositions.insertTwoAtPosition(z, p, a, b);
      String at =
          "list of "
              + blob.length
              + " bytes, entry "
              + i
              + ", a "
              + new String(a, US_ASCII)
              + ", b "
              + (b == null ? Long.toString(bLong) : new String(b, US_ASCII));
      z.checkInvariants();
      assertArrayEquals(expected.toByteArray(), z.toByteArray(), at);
      assertEquals(
          ZipListPositions.positionOffset(expected, next),
          ZipListPositions.positionOffset(z, after),
          at);
    }
  }
}
