package dev.redstruct.ziplist;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * {@link ZipListPositions#visit} and the position-based inserts: an insert at a visited position
 * gives the same bytes as {@link ZipList#insert(int, byte[])} at that entry's index (the reference,
 * itself checked against Redis in ZipListRedisIT), on built and on wrapped lists, including values
 * that make prevlen fields grow (253-byte entries, Redis's cascade case).
 */
class ZipListVisitTest {

  /** Collects the position of every entry (a mutable list). */
  static List<Long> positions(ZipList z) {
    List<Long> out = new ArrayList<>();
    assertTrue(
        ZipListPositions.visit(
            z,
            new ZipListVisitor() {
              @Override
              public boolean string(long position, byte[] array, int offset, int length) {
                out.add(position);
                return true;
              }

              @Override
              public boolean integer(long position, long value) {
                out.add(position);
                return true;
              }
            }));
    return out;
  }

  private static byte[] value(SplittableRandom rnd) {
    return switch (rnd.nextInt(4)) {
      case 0 -> Long.toString(rnd.nextLong()).getBytes(US_ASCII);
      case 1 -> new byte[253];
      case 2 -> new byte[rnd.nextInt(3)];
      default -> ("v" + rnd.nextInt(1000)).getBytes(US_ASCII);
    };
  }

  private static ZipList random(SplittableRandom rnd, boolean wrapped) {
    return randomList(rnd, wrapped, ZipListVisitTest::value);
  }

  /** Up to 11 values drawn by {@code value}, built by pushes, or wrapped from their bytes. */
  static ZipList randomList(
      SplittableRandom rnd, boolean wrapped, Function<SplittableRandom, byte[]> value) {
    ZipList z = ZipList.create();
    int n = rnd.nextInt(12);
    for (int i = 0; i < n; i++) {
      z.pushTail(value.apply(rnd));
    }
    return wrapped ? ZipList.wrap(z.toByteArray()) : z;
  }

  @Test
  void insertAtVisitedPositionMatchesInsertAtIndex() {
    SplittableRandom rnd = new SplittableRandom(0x715175L);
    for (int round = 0; round < 400; round++) {
      boolean wrapped = round % 2 == 1;
      ZipList z = random(rnd, wrapped);
      List<Long> pos = positions(z);
      assertEquals(z.size(), pos.size());
      int at = rnd.nextInt(pos.size() + 1);
      long p = at == pos.size() ? ZipListPositions.endPosition(z) : pos.get(at);
      byte[] first = value(rnd);
      byte[] second = value(rnd);
      ZipList expected = ZipList.copyOf(z.toByteArray());
      expected.insert(at, first);
      expected.insert(at + 1, second);
      long next = ZipListPositions.insertAtPosition(z, p, first);
      ZipListPositions.insertAtPosition(z, next, second);
      z.checkInvariants();
      assertArrayEquals(expected.toByteArray(), z.toByteArray(), "round " + round);
    }
  }

  @Test
  void integerAndSliceInsertsEncodeAsTheIndexInsertsDo() {
    ZipList z = ZipList.create();
    z.pushTail("a".getBytes(US_ASCII));
    long next = ZipListPositions.insertAtPosition(z, positions(z).get(0), 12345L);
    byte[] buf = "xx-77yy".getBytes(US_ASCII);
    ZipListPositions.insertAtPosition(
        z, next, buf, 2, 3); // "-77": an integer entry, as insert(int, byte[]) does
    ZipList expected = ZipList.create();
    expected.pushTail("a".getBytes(US_ASCII));
    expected.insert(0, 12345L);
    expected.insert(1, "-77".getBytes(US_ASCII));
    assertArrayEquals(expected.toByteArray(), z.toByteArray());
    assertTrue(z.isInteger(1));
    assertThrows(
        IndexOutOfBoundsException.class,
        () -> ZipListPositions.insertAtPosition(z, ZipListPositions.endPosition(z), buf, 5, 3));
  }

  @Test
  void stalePositionIsRejectedAndChangesNothing() {
    ZipList z = ZipList.create();
    z.pushTail("a".getBytes(US_ASCII));
    long p = positions(z).get(0);
    long end = ZipListPositions.endPosition(z);
    z.pushTail("b".getBytes(US_ASCII));
    byte[] before = z.toByteArray();
    assertThrows(IllegalArgumentException.class, () -> ZipListPositions.insertAtPosition(z, p, 1L));
    assertThrows(
        IllegalArgumentException.class,
        () -> ZipListPositions.insertAtPosition(z, end, new byte[1]));
    assertThrows(
        IllegalArgumentException.class, () -> ZipListPositions.insertAtPosition(z, -1L, 1L));
    assertArrayEquals(before, z.toByteArray());
  }

  @Test
  void visitorCanEndTheWalkAndMustNotChangeTheList() {
    ZipList z = ZipList.create();
    for (int i = 0; i < 5; i++) {
      z.pushTail(i);
    }
    int[] seen = {0};
    assertFalse(
        ZipListPositions.visit(
            z,
            new ZipListVisitor() {
              @Override
              public boolean string(long position, byte[] array, int offset, int length) {
                throw new AssertionError("only integers here");
              }

              @Override
              public boolean integer(long position, long value) {
                seen[0]++;
                return value < 2;
              }
            }));
    assertEquals(3, seen[0]);
    assertThrows(
        ConcurrentModificationException.class,
        () ->
            ZipListPositions.visit(
                z,
                new ZipListVisitor() {
                  @Override
                  public boolean string(long position, byte[] array, int offset, int length) {
                    return true;
                  }

                  @Override
                  public boolean integer(long position, long value) {
                    z.pushTail(9);
                    return true;
                  }
                }));
    assertThrows(NullPointerException.class, () -> ZipListPositions.visit(z, null));
  }
}
