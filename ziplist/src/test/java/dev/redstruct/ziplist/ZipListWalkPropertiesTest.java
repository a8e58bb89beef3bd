package dev.redstruct.ziplist;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;
import static org.quicktheories.generators.SourceDSL.longs;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

/**
 * {@link ZipListWalk} against the cursor walk (QuickTheories, with shrinking): the same entries in
 * the same order, for lists built to hit the walk's shortcuts and their edges.
 */
class ZipListWalkPropertiesTest {

  /**
   * Entry values that exercise the walk: runs of 6-bit strings of one length (the predicted path),
   * a length change right after a run, the 63/64-byte header boundary, entries of 250..258 bytes
   * (the next entry gets a 5-byte prevlen), integers of every encoding, and ZipListTestValues' mix.
   */
  static Gen<byte[]> walkValues() {
    return longs()
        .all()
        .map(
            seed -> {
              SplittableRandom r = new SplittableRandom(seed);
              switch (r.nextInt(6)) {
                case 0:
                case 1:
                  return ZipListTestValues.fill(r, new int[] {0, 1, 10, 63}[r.nextInt(4)]);
                case 2:
                  return ZipListTestValues.fill(r, 60 + r.nextInt(8));
                case 3:
                  return ZipListTestValues.fill(r, 246 + r.nextInt(12));
                case 4:
                  return ZipListTestValues.ascii(Long.toString(r.nextLong() >> r.nextInt(64)));
                default:
                  return ZipListTestValues.value(r);
              }
            });
  }

  static List<byte[]> walk(ZipList z) {
    List<byte[]> out = new ArrayList<>();
    z.forEachEntry(ZipListTest.collector(out));
    return out;
  }

  static List<byte[]> cursorWalk(ZipList z) {
    List<byte[]> out = new ArrayList<>();
    ZipListCursor c = z.cursor();
    while (c.next()) {
      out.add(c.toByteArray());
    }
    return out;
  }

  static void assertSameEntries(List<byte[]> expected, List<byte[]> actual, String where) {
    assertEquals(expected.size(), actual.size(), where + ": entry count");
    for (int i = 0; i < expected.size(); i++) {
      assertArrayEquals(expected.get(i), actual.get(i), where + ": entry " + i);
    }
  }

  @Test
  void forEachEntryVisitsWhatTheCursorVisits() {
    qt().forAll(lists().of(walkValues()).ofSizeBetween(0, 300), integers().between(0, 2))
        .checkAssert(
            (values, how) -> {
              ZipList z = ZipList.create();
              for (byte[] v : values) {
                z.pushTail(v);
              }
              ZipList list =
                  how == 0
                      ? z
                      : how == 1 ? ZipList.copyOf(z.toByteArray()) : ZipList.wrap(z.toByteArray());
              List<byte[]> expected = cursorWalk(list);
              assertSameEntries(expected, walk(list), "how " + how);
              assertEquals(values.size(), expected.size());
            });
  }
}
