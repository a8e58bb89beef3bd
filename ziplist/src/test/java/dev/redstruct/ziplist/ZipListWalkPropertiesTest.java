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
 * {@link ZipListReader} against the cursor walk (QuickTheories, with shrinking): the same entries
 * in the same order, for lists built to hit the walk's shortcuts and their edges.
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

  /** The byte-wise trusted loop, which forEachEntry takes only for an unpadded array. */
  static List<byte[]> bytewiseWalk(ZipList z) {
    List<byte[]> out = new ArrayList<>();
    ZipListReader.forEachDecoded(z.array(), true, ZipListTest.collector(out));
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

  /**
   * Re-lays {@code blob} with the prevlen of every entry whose bit is set in {@code wide} in the
   * 5-byte form even when the value is small (Redis's "forcelarge" case, src/ziplist.c), fixing the
   * later prevlens, zlbytes and zltail; the result is still a valid ziplist of the same entries.
   */
  static byte[] widenPrevlens(byte[] blob, long wide) {
    byte[] out = new byte[blob.length * 5 + 16];
    System.arraycopy(blob, 0, out, 0, ZipListFormat.HEADER_SIZE);
    int p = ZipListFormat.HEADER_SIZE;
    int q = p;
    int prevSize = 0;
    int tail = q;
    for (int i = 0; (blob[p] & 0xFF) != ZipListFormat.END; i++) {
      int h = p + ZipListFormat.prevlenFieldSize(blob[p]);
      int enc = ZipListFormat.encodingOf(blob[h]);
      int body = ZipListFormat.encodingHeaderSize(enc);
      body +=
          ZipListFormat.isString(enc)
              ? (int) ZipListFormat.readStringLength(blob, h, enc)
              : ZipListFormat.intContentSize(enc);
      tail = q;
      int pl =
          ((wide >>> (i & 63)) & 1) != 0 || prevSize >= ZipListFormat.BIG_PREVLEN
              ? ZipListFormat.writePrevlenLarge(out, q, prevSize)
              : ZipListFormat.writePrevlen(out, q, prevSize);
      System.arraycopy(blob, h, out, q + pl, body);
      prevSize = pl + body;
      q += prevSize;
      p = h + body;
    }
    out[q++] = (byte) ZipListFormat.END;
    ZipListFormat.setZlbytes(out, q);
    ZipListFormat.setZltail(out, tail);
    return java.util.Arrays.copyOf(out, q);
  }

  static List<byte[]> visitWalk(ZipList z) {
    List<byte[]> out = new ArrayList<>();
    ZipListPositions.visit(
        z,
        new ZipListVisitor() {
          @Override
          public boolean string(long position, byte[] array, int offset, int length) {
            out.add(java.util.Arrays.copyOfRange(array, offset, offset + length));
            return true;
          }

          @Override
          public boolean integer(long position, long value) {
            out.add(ZipListTestValues.ascii(Long.toString(value)));
            return true;
          }
        });
    return out;
  }

  static List<byte[]> cursorWalkBack(ZipList z) {
    List<byte[]> out = new ArrayList<>();
    ZipListCursor c = z.cursor().toEnd();
    while (c.previous()) {
      out.add(0, c.toByteArray());
    }
    return out;
  }

  /**
   * Every walk (forEachEntry, visit, the cursor both ways) of built, deep-validated (padded or
   * trimmed, so the padded and the decoded loop of ZipListReader) and wrapped lists, with some
   * prevlens re-laid in the 5-byte form, yields the pushed values in order.
   */
  @Test
  void everyWalkYieldsThePushedValues() {
    qt().forAll(
            lists().of(walkValues()).ofSizeBetween(0, 200), longs().all(), integers().between(0, 3))
        .checkAssert(
            (values, wide, how) -> {
              ZipList z = ZipList.create();
              for (byte[] v : values) {
                z.pushTail(v);
              }
              byte[] blob = widenPrevlens(z.toByteArray(), wide);
              ZipList list = how == 0 ? z : how == 2 ? ZipList.wrap(blob) : ZipList.copyOf(blob);
              if (how == 3) {
                list.trimToSize();
              }
              String where = "how " + how + " wide " + Long.toHexString(wide);
              assertSameEntries(values, walk(list), where + " forEachEntry");
              if (how != 2) { // trusted lists: the byte-wise loop as well
                assertSameEntries(values, bytewiseWalk(list), where + " byte-wise");
              }
              assertSameEntries(values, visitWalk(list), where + " visit");
              assertSameEntries(values, cursorWalk(list), where + " cursor");
              assertSameEntries(values, cursorWalkBack(list), where + " cursor backward");
            });
  }

  @Test
  void forEachEntryVisitsWhatTheCursorVisits() {
    qt().forAll(lists().of(walkValues()).ofSizeBetween(0, 300), integers().between(0, 3))
        .checkAssert(
            (values, how) -> {
              ZipList z = ZipList.create();
              for (byte[] v : values) {
                z.pushTail(v);
              }
              ZipList list =
                  how == 0
                      ? z
                      : how == 2 ? ZipList.wrap(z.toByteArray()) : ZipList.copyOf(z.toByteArray());
              if (how == 3) {
                list.trimToSize();
              }
              List<byte[]> expected = cursorWalk(list);
              assertSameEntries(expected, walk(list), "how " + how);
              if (how != 2) {
                assertSameEntries(expected, bytewiseWalk(list), "byte-wise, how " + how);
              }
              assertEquals(values.size(), expected.size());
            });
  }
}
