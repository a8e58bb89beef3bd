package dev.redstruct.ziplist;

import static dev.redstruct.core.Bytes.fromHex;
import static dev.redstruct.ziplist.ZipListTestValues.ascii;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Examples and regressions for the forward walks ({@link ZipListReader}, {@code
 * ZipListPositions.visit}) and the cursor, aimed at the 6-bit string length prediction: an entry
 * whose length byte equals the previous 6-bit string's takes the predicted path, any other entry
 * the decoding path.
 */
class ZipListWalkTest {

  private static List<String> walked(ZipList z) {
    List<byte[]> out = new ArrayList<>();
    z.forEachEntry(ZipListTest.collector(out));
    List<String> s = new ArrayList<>();
    for (byte[] b : out) {
      s.add(new String(b, java.nio.charset.StandardCharsets.ISO_8859_1));
    }
    return s;
  }

  private static ZipList of(String... values) {
    ZipList z = ZipList.create();
    for (String v : values) {
      z.pushTail(ascii(v));
    }
    return z;
  }

  /**
   * A 5-byte prevlen holding a small value, as Redis's {@code __ziplistInsert} leaves one when it
   * keeps the large form ("forcelarge", src/ziplist.c) instead of shrinking the field: the second
   * entry "abd" (predicted: same length as "abc") starts with {@code fe 05000000}. The bytes are
   * laid out by hand from the ziplist.c header comment; {@code copyOf} deep-validates them, as
   * Redis's {@code ziplistValidateIntegrity} accepts a large-form prevlen with a small value.
   */
  @Test
  void predictedStringBehindALargeFormSmallPrevlen() {
    byte[] blob =
        fromHex("1e000000 18000000 0300 00 03 616263 fe 05000000 03 616264 09 03 78797a ff");
    for (ZipList z : List.of(ZipList.copyOf(blob), ZipList.wrap(blob.clone()))) {
      assertEquals(List.of("abc", "abd", "xyz"), walked(z));
      assertEquals(List.of("abc", "abd", "xyz"), z.asList(dev.redstruct.core.Codec.utf8()));
      ZipListCursor c = z.cursor().toEnd();
      List<String> back = new ArrayList<>();
      while (c.previous()) {
        back.add(new String(c.toByteArray(), java.nio.charset.StandardCharsets.US_ASCII));
      }
      assertEquals(List.of("xyz", "abd", "abc"), back);
    }
  }

  /** Length changes right after a predicted run, and ints and long strings in between. */
  @Test
  void predictionFollowsEveryLengthChange() {
    String big = "b".repeat(300); // a 14-bit string header and 5-byte prevlen after it
    List<String> values =
        List.of("aa", "bb", "cc", "d", "ee", "12", "ff", "", "", "x", big, "gg", "hh", "7", "ii");
    ZipList z = of(values.toArray(new String[0]));
    assertEquals(values, walked(z));
    assertEquals(values, walked(ZipList.wrap(z.toByteArray())));
  }

  /**
   * Lists ZipList builds, copies, trims or merges keep the walk's read pad (so forEachEntry takes
   * the padded loop), and walk to the same entries at every list size.
   */
  @Test
  void builtCopiedTrimmedAndMergedListsArePadded() {
    ZipList z = ZipList.create();
    assertTrue(ZipListFormat.padded(z.array()), "empty");
    List<String> values = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      String v = i % 3 == 0 ? Integer.toString(i * 37 - 500) : "k" + "x".repeat(i % 5);
      values.add(v);
      z.pushTail(ascii(v));
      assertTrue(ZipListFormat.padded(z.array()), "after push " + i);
      ZipList copy = ZipList.copyOf(z.toByteArray());
      assertTrue(ZipListFormat.padded(copy.array()), "copy after push " + i);
      ZipList trimmed = ZipList.copyOf(z.toByteArray());
      trimmed.trimToSize();
      assertEquals(z.blobLength() + ZipListFormat.READ_PAD, trimmed.array().length, "trimmed " + i);
      assertTrue(ZipListFormat.padded(ZipList.merge(z, copy).array()), "merged after push " + i);
      assertEquals(values, walked(z));
      assertEquals(values, walked(copy));
      assertEquals(values, walked(trimmed));
    }
  }

  @Test
  void smallSizes() {
    assertEquals(List.of(), walked(ZipList.create()));
    assertEquals(List.of("a"), walked(of("a")));
    assertEquals(List.of("a", "b"), walked(of("a", "b")));
    assertEquals(List.of("a", "b", "c"), walked(of("a", "b", "c")));
  }

  /** A change made from a predicted string's callback stops the walk before the next entry. */
  @Test
  void changeFromAPredictedCallbackFailsFast() {
    ZipList z = of("aa", "bb", "cc");
    List<String> seen = new ArrayList<>();
    assertThrows(
        ConcurrentModificationException.class,
        () ->
            z.forEachEntry(
                new ZipListEntryConsumer() {
                  @Override
                  public void string(byte[] array, int offset, int length) {
                    seen.add(
                        new String(
                            array, offset, length, java.nio.charset.StandardCharsets.US_ASCII));
                    if (seen.size() == 2) {
                      z.pushHead(ascii("zz")); // shifts every offset the walk holds
                    }
                  }

                  @Override
                  public void integer(long value) {}
                }));
    assertEquals(List.of("aa", "bb"), seen);
    ZipListCursor c = z.cursor();
    c.next();
    z.pushTail(ascii("yy"));
    assertThrows(ConcurrentModificationException.class, c::next);
  }

  /** zllen saturated at 65535 on a run of predicted strings: the walk stops at the 0xFF byte. */
  @Test
  void saturatedZllenWithPredictedStrings() {
    ZipList z = ZipList.create();
    for (int i = 0; i < 65537; i++) {
      z.pushTail(ascii(i % 3 == 0 ? "ab" : "cd"));
    }
    assertEquals(0xFFFF, ZipListFormat.zllen(z.toByteArray()));
    int[] count = new int[2];
    z.forEachEntry(
        new ZipListEntryConsumer() {
          @Override
          public void string(byte[] array, int offset, int length) {
            count[0]++;
            count[1] += array[offset] == 'a' ? 1 : 0;
          }

          @Override
          public void integer(long value) {
            count[0] = -1;
          }
        });
    assertEquals(65537, count[0]);
    assertEquals(21846, count[1]); // i % 3 == 0 for i in [0, 65537)
  }
}
