package dev.redstruct.ziplist;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Random access by offset ({@link ZipListPositions#positionOffset}, {@link
 * ZipListPositions#positionAt}, {@link ZipListPositions#visitFrom}) and {@link
 * ZipListPositions#insertTwoAtPosition}, whose bytes must equal two {@link
 * ZipListPositions#insertAtPosition} calls (themselves equal to index inserts, checked against
 * Redis in ZipListRedisIT), on built and wrapped lists, with the values that make prevlen fields
 * grow or keep Redis's forcelarge form (253-byte entries, empty strings, small integers). Replay:
 * {@code -Dziplist.seek.seed=N}.
 */
class ZipListSeekTest {
  private static final long SEED = Long.getLong("ziplist.seek.seed", 0x5EEC_0FF5L);

  /** Every entry's position, in order. */
  private static List<long[]> positions(ZipList z) {
    List<long[]> out = new ArrayList<>();
    ZipListPositions.visit(z, collector(out, null));
    return out;
  }

  private static ZipListVisitor collector(List<long[]> positions, List<String> values) {
    return new ZipListVisitor() {
      @Override
      public boolean string(long position, byte[] array, int offset, int length) {
        add(position, new String(array, offset, length, US_ASCII));
        return true;
      }

      @Override
      public boolean integer(long position, long value) {
        add(position, Long.toString(value));
        return true;
      }

      private void add(long position, String value) {
        if (positions != null) {
          positions.add(new long[] {position});
        }
        if (values != null) {
          values.add(value);
        }
      }
    };
  }

  private static final String[] EDGES = {
    "-9223372036854775808", "9223372036854775807", "-9223372036854775809", "-9999999999999999999"
  };

  private static byte[] value(SplittableRandom rnd) {
    return switch (rnd.nextInt(7)) {
      case 0 -> Long.toString(rnd.nextLong()).getBytes(US_ASCII);
      // The int64 edges, and 20-byte negatives just past them (strings): insertTwo's sentinel.
      case 5 -> EDGES[rnd.nextInt(EDGES.length)].getBytes(US_ASCII);
      case 1 -> new byte[249 + rnd.nextInt(6)]; // entries around the 254-byte prevlen limit
      case 2 -> new byte[rnd.nextInt(3)];
      case 3 -> Integer.toString(rnd.nextInt(14)).getBytes(US_ASCII); // 4-bit immediates
      default -> ("v" + rnd.nextInt(1000)).getBytes(US_ASCII);
    };
  }

  private static ZipList random(SplittableRandom rnd, boolean wrapped) {
    return ZipListVisitTest.randomList(rnd, wrapped, ZipListSeekTest::value);
  }

  @Test
  void insertTwoMatchesTwoInsertsAndTheOffsetShiftRuleHolds() {
    SplittableRandom rnd = new SplittableRandom(SEED);
    for (int round = 0; round < 3000; round++) {
      String at = "seed " + SEED + " round " + round;
      boolean wrapped = round % 2 == 1;
      ZipList z = random(rnd, wrapped);
      List<long[]> pos = positions(z);
      int i = rnd.nextInt(pos.size() + 1);
      long p = i == pos.size() ? ZipListPositions.endPosition(z) : pos.get(i)[0];
      byte[] first = value(rnd);
      boolean longSecond = rnd.nextBoolean();
      long secondLong = rnd.nextInt(3) == 0 ? rnd.nextInt(13) : rnd.nextLong();
      byte[] second = value(rnd);
      ZipList expected = ZipList.copyOf(z.toByteArray());
      long pe =
          i == pos.size() ? ZipListPositions.endPosition(expected) : positions(expected).get(i)[0];
      long nextExpected =
          longSecond
              ? ZipListPositions.insertAtPosition(
                  expected, ZipListPositions.insertAtPosition(expected, pe, first), secondLong)
              : ZipListPositions.insertAtPosition(
                  expected, ZipListPositions.insertAtPosition(expected, pe, first), second);
      int o = ZipListPositions.positionOffset(z, p);
      int before = z.blobLength();
      long next =
          longSecond
              ? ZipListPositions.insertTwoAtPosition(z, p, first, secondLong)
              : ZipListPositions.insertTwoAtPosition(z, p, first, second);
      z.checkInvariants();
      assertArrayEquals(expected.toByteArray(), z.toByteArray(), at);
      assertEquals(
          ZipListPositions.positionOffset(expected, nextExpected),
          ZipListPositions.positionOffset(z, next),
          at);
      assertEquals(z.size(), expected.size(), at);
      // The documented rule: entries after o all moved by the growth iff growth == o2 - o.
      int growth = z.blobLength() - before;
      List<long[]> now = positions(z);
      boolean uniform = true;
      for (int k = i; k < pos.size(); k++) {
        uniform &=
            ZipListPositions.positionOffset(z, now.get(k + 2)[0]) == (int) pos.get(k)[0] + growth;
      }
      assertEquals(uniform, growth == ZipListPositions.positionOffset(z, next) - o, at);
    }
  }

  @Test
  void offsetsRoundTripAndVisitFromWalksTheSuffix() {
    SplittableRandom rnd = new SplittableRandom(SEED + 1);
    for (int round = 0; round < 400; round++) {
      ZipList z = random(rnd, round % 2 == 1);
      List<long[]> pos = positions(z);
      List<String> all = new ArrayList<>();
      ZipListPositions.visit(z, collector(null, all));
      for (int i = 0; i < pos.size(); i++) {
        long p = pos.get(i)[0];
        assertEquals(p, ZipListPositions.positionAt(z, ZipListPositions.positionOffset(z, p)));
        List<String> suffix = new ArrayList<>();
        assertTrue(ZipListPositions.visitFrom(z, p, collector(null, suffix)));
        assertEquals(all.subList(i, all.size()), suffix);
      }
      assertEquals(
          z.blobLength() - 1, ZipListPositions.positionOffset(z, ZipListPositions.endPosition(z)));
      assertEquals(
          ZipListPositions.endPosition(z), ZipListPositions.positionAt(z, z.blobLength() - 1));
      assertTrue(
          ZipListPositions.visitFrom(
              z, ZipListPositions.endPosition(z), collector(null, new ArrayList<>())));
    }
  }

  @Test
  void badPositionsAndOffsetsAreRejected() {
    ZipList z = ZipList.create();
    z.pushTail("a".getBytes(US_ASCII));
    long p =
        ZipListPositions.positionAt(z, 10); // the first entry starts right after the 10-byte header
    z.pushTail("b".getBytes(US_ASCII));
    byte[] before = z.toByteArray();
    assertThrows(IllegalArgumentException.class, () -> ZipListPositions.positionOffset(z, p));
    assertThrows(
        IllegalArgumentException.class,
        () -> ZipListPositions.visitFrom(z, p, collector(null, null)));
    assertThrows(
        IllegalArgumentException.class,
        () -> ZipListPositions.insertTwoAtPosition(z, p, new byte[1], 1L));
    assertThrows(IllegalArgumentException.class, () -> ZipListPositions.positionAt(z, 9));
    assertThrows(
        IllegalArgumentException.class, () -> ZipListPositions.positionAt(z, z.blobLength()));
    assertThrows(
        NullPointerException.class,
        () -> ZipListPositions.visitFrom(z, ZipListPositions.endPosition(z), null));
    assertArrayEquals(before, z.toByteArray());
  }

  @Test
  void insertTwoOverTheCapChangesNothing() {
    ZipList z = ZipList.withMaxBytes(40);
    z.pushTail("abcdefghij".getBytes(US_ASCII)); // 11 + 12 bytes
    byte[] before = z.toByteArray();
    long end = ZipListPositions.endPosition(z);
    assertThrows(
        IllegalStateException.class,
        () ->
            ZipListPositions.insertTwoAtPosition(
                z, end, "01234567890123456789".getBytes(US_ASCII), 7L));
    assertArrayEquals(before, z.toByteArray());
    assertEquals(end, ZipListPositions.endPosition(z));
  }
}
