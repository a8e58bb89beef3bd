package dev.redstruct.ziplist;

import static dev.redstruct.core.Bytes.fromHex;
import static dev.redstruct.core.Bytes.hex;
import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.Codec;
import dev.redstruct.core.RedisNumbers;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Known vectors and named regressions. Sources of expected bytes: the comment at the top of Redis
 * 6.2.16's src/ziplist.c (layout, the [2, 5] example, the "Hello World" entry, the encoding table),
 * and the fact sheet /work/shared/docs/redis-facts-lists.md sections 1.2 and 5.6, whose byte
 * strings were observed on a Redis 6.2.16 server (DUMP of RPUSH'd lists).
 */
class ZipListTest {

  private static byte[] ascii(String s) {
    return s.getBytes(US_ASCII);
  }

  private static ZipList of(String... values) {
    ZipList z = ZipList.create();
    for (String v : values) {
      z.pushTail(ascii(v));
      z.checkInvariants();
    }
    return z;
  }

  private static byte[] repeat(char c, int n) {
    byte[] b = new byte[n];
    Arrays.fill(b, (byte) c);
    return b;
  }

  @Test
  void emptyZiplistIsElevenBytes() {
    // ziplistNew: header 10 bytes, zltail 10 pointing at 0xFF (ziplist.c; facts 1.1).
    assertEquals("0b0000000a0000000000ff", hex(ZipList.create().toByteArray()));
  }

  @Test
  void redisDocumentedExample() {
    // ziplist.c header comment: [0f 00 00 00] [0c 00 00 00] [02 00] [00 f3] [02 f6] [ff]
    byte[] expected = fromHex("0f000000 0c000000 0200 00f3 02f6 ff");
    ZipList z = of("2", "5");
    assertArrayEquals(expected, z.toByteArray());
    ZipList parsed = ZipList.copyOf(expected);
    assertEquals(2, parsed.size());
    assertArrayEquals(ascii("5"), parsed.get(-1));
    assertEquals(2, parsed.getLong(0));
  }

  @Test
  void helloWorldStringEntry() {
    // ziplist.c header comment: "Hello World" after the [2, 5] list is [02] [0b] [48 65 ... 64].
    ZipList z = of("2", "5", "Hello World");
    byte[] blob = z.toByteArray();
    assertEquals("020b48656c6c6f20576f726c64ff", hex(Arrays.copyOfRange(blob, 14, blob.length)));
    assertEquals(14, ZipListFormat.zltail(blob));
  }

  @Test
  void sixTwoDumpOfRpushABC() {
    // facts 5.6: 6.2 RPUSH l a b c holds 14000000 10000000 0300 000161 030162 030163 ff.
    assertEquals("14000000100000000300000161030162030163ff", hex(of("a", "b", "c").toByteArray()));
  }

  @Test
  void sixTwoDumpOfRpushMixedIntegers() {
    // facts 5.6: 6.2 RPUSH l 1 -2 300 hello holds
    // 1b000000 13000000 0400 00f2 02fefe 03c02c01 040568656c6c6f ff.
    byte[] expected = fromHex("1b000000 13000000 0400 00f2 02fefe 03c02c01 040568656c6c6f ff");
    assertArrayEquals(expected, of("1", "-2", "300", "hello").toByteArray());
    ZipList viaLongs = ZipList.create();
    viaLongs.pushTail(1);
    viaLongs.pushTail(-2);
    viaLongs.pushTail(300);
    viaLongs.pushTail(ascii("hello"));
    assertArrayEquals(expected, viaLongs.toByteArray());
  }

  @Test
  void everyIntegerWidth() {
    // Encoding bytes from the ziplist.c table: f1..fd immediate 0..12, fe int8, c0 int16,
    // f0 int24, d0 int32, e0 int64, content little endian. Facts 1.2 (observed on 6.2):
    // 13 -> fe 0d, -1 -> fe ff, 128 -> c0 80 00.
    String[][] cases = {
      {"0", "f1"},
      {"12", "fd"},
      {"13", "fe0d"},
      {"-1", "feff"},
      {"127", "fe7f"},
      {"128", "c08000"},
      {"-32768", "c00080"},
      {"32767", "c0ff7f"},
      {"32768", "f0008000"},
      {"-8388608", "f0000080"},
      {"8388607", "f0ffff7f"},
      {"8388608", "d000008000"},
      {"2147483647", "d0ffffff7f"},
      {"-2147483649", "e0ffffff7fffffffff"},
      {"9223372036854775807", "e0ffffffffffffff7f"},
      {"-9223372036854775808", "e00000000000000080"},
    };
    for (String[] c : cases) {
      ZipList z = of(c[0]);
      byte[] blob = z.toByteArray();
      assertEquals("00" + c[1] + "ff", hex(Arrays.copyOfRange(blob, 10, blob.length)), c[0]);
      assertArrayEquals(ascii(c[0]), z.get(0), c[0]);
      assertEquals(Long.parseLong(c[0]), z.getLong(0));
      assertTrue(z.isInteger(0));
    }
  }

  @Test
  void nonCanonicalIntegersStayStrings() {
    // facts 1.3 (observed on 6.2): "01", "+1", "-0", " 1", "1 ", "" and 2^63 stay strings.
    for (String s : new String[] {"01", "+1", "-0", " 1", "1 ", "", "9223372036854775808"}) {
      ZipList z = of(s);
      assertFalse(z.isInteger(0), s);
      assertArrayEquals(ascii(s), z.get(0));
    }
  }

  @Test
  void stringLengthEncodings() {
    // 63 -> 00pppppp, 64 -> 01pppppp qqqqqqqq (big endian), 16384 -> 80 + 4 bytes big endian.
    ZipList z = ZipList.create();
    z.pushTail(repeat('x', 63));
    z.pushTail(repeat('y', 64));
    z.pushTail(repeat('z', 16384));
    z.checkInvariants();
    byte[] b = z.toByteArray();
    assertEquals(0x3F, b[11] & 0xFF);
    int second = 10 + 1 + 1 + 63;
    assertEquals("414040", hex(Arrays.copyOfRange(b, second, second + 3)));
    int third = second + 1 + 2 + 64;
    assertEquals("8000004000", hex(Arrays.copyOfRange(b, third + 1, third + 6)));
    assertArrayEquals(repeat('z', 16384), z.get(2));
  }

  @Test
  void neighbourOf254BytesGetsFiveBytePrevlen() {
    // prevlen >= 254 is stored as fe + u32 LE (ziplist.c layout comment). A 251-byte string is
    // 1 + 2 + 251 = 254 bytes with a 1-byte prevlen.
    ZipList z = ZipList.create();
    z.pushTail(repeat('a', 251));
    z.pushTail(ascii("b"));
    byte[] blob = z.toByteArray();
    int next = 10 + 254;
    assertEquals(next, ZipListFormat.zltail(blob));
    assertEquals("fefe000000", hex(Arrays.copyOfRange(blob, next, next + 5)));
    assertEquals("0162ff", hex(Arrays.copyOfRange(blob, next + 5, blob.length)));
    // 250 bytes of content make a 253-byte entry: the neighbour keeps a 1-byte prevlen.
    ZipList small = ZipList.create();
    small.pushTail(repeat('a', 250));
    small.pushTail(ascii("b"));
    assertEquals(0xFD, small.toByteArray()[10 + 253] & 0xFF);
  }

  /** Prevlen field size of each entry, from the head. */
  private static int[] prevlenSizes(ZipList z) {
    byte[] b = z.toByteArray();
    int n = z.size();
    int[] sizes = new int[n];
    ZipListFormat.Entry e = new ZipListFormat.Entry();
    int p = 10;
    for (int i = 0; i < n; i++) {
      assertEquals(ZipListFormat.OK, e.decodeSafe(b, b.length, p, true));
      sizes[i] = e.prevRawLenSize;
      p += e.rawLength();
    }
    return sizes;
  }

  @Test
  void cascadeAcrossRunOf253ByteEntries() {
    // facts 1.6 (observed on 6.2): four 253-byte entries, LPUSH of a 300-byte entry makes every
    // prevlen 5 bytes; LPOP of the head shrinks only the new head's prevlen.
    ZipList z = ZipList.create();
    for (int i = 0; i < 4; i++) {
      z.pushTail(repeat((char) ('a' + i), 250));
    }
    assertArrayEquals(new int[] {1, 1, 1, 1}, prevlenSizes(z));
    z.pushHead(repeat('X', 300));
    z.checkInvariants();
    assertArrayEquals(new int[] {1, 5, 5, 5, 5}, prevlenSizes(z));
    assertEquals(3, z.cascadeSteps(), "the follower's growth is the insert's; 3 cascade growths");
    z.delete(0);
    z.checkInvariants();
    assertArrayEquals(new int[] {1, 5, 5, 5}, prevlenSizes(z));
    assertEquals(4 * 253 + 3 * 4 + 11, z.blobLength());
  }

  @Test
  void redisCascadeEdgeCases() {
    // Port of "Edge cases of __ziplistCascadeUpdate" in ziplist.c's own tests (6.2.16).
    int s1 = 250;
    int s2 = 251;
    int small1 = s1 + 1 + 2;
    int large1 = s1 + 5 + 2;
    int small2 = s2 + 1 + 2;
    int large2 = s2 + 5 + 2;
    ZipList z = ZipList.create();
    z.pushHead(repeat('a', s1));
    z.pushHead(repeat('b', s1));
    assertPrevlens(z, new int[] {1, 1}, new long[] {0, small1});
    z.pushHead(repeat('c', s2)); // expands, tail included
    assertPrevlens(z, new int[] {1, 5, 5}, new long[] {0, small2, large1});
    z.pushHead(repeat('d', s2)); // expands only the previous head
    assertPrevlens(z, new int[] {1, 5, 5, 5}, new long[] {0, small2, large2, large1});
    z.delete(2);
    assertPrevlens(z, new int[] {1, 5, 5}, new long[] {0, small2, large2});
    assertArrayEquals(repeat('a', s1), z.get(2));
  }

  private static void assertPrevlens(ZipList z, int[] sizes, long[] values) {
    z.checkInvariants();
    byte[] b = z.toByteArray();
    ZipListFormat.Entry e = new ZipListFormat.Entry();
    int p = 10;
    for (int i = 0; i < sizes.length; i++) {
      e.decodeSafe(b, b.length, p, true);
      assertEquals(sizes[i], e.prevRawLenSize, "entry " + i);
      assertEquals(values[i], e.prevRawLen, "entry " + i);
      p += e.rawLength();
    }
  }

  @Test
  void forceLargeKeepsFiveByteFieldForTinyEntry() {
    // __ziplistInsert: a new entry under 4 bytes never shrinks its follower's 5-byte prevlen
    // (Redis issue #7170). Build a 5-byte field holding a small value first (cascade, no shrink).
    ZipList z = ZipList.create();
    z.pushTail(repeat('a', 250));
    z.pushTail(repeat('b', 250));
    z.pushTail(ascii("c"));
    z.pushHead(repeat('X', 300));
    z.delete(0);
    assertPrevlens(z, new int[] {1, 5, 5}, new long[] {0, 253, 257});
    z.insert(1, ascii("1")); // immediate: prevlen 1 + encoding 1 = 2 bytes
    assertPrevlens(z, new int[] {1, 1, 5, 5}, new long[] {0, 253, 2, 257});
    // A 4-byte entry does shrink it (nextdiff -4 applies); the cascade then stores 253 into the
    // next 5-byte field without shrinking it.
    z.insert(2, ascii("ab"));
    assertPrevlens(z, new int[] {1, 1, 1, 1, 5}, new long[] {0, 253, 2, 4, 253});
  }

  @Test
  void negativeIndexesAndFind() {
    ZipList z = of("f1", "v1", "f2", "2", "f3", "v3");
    assertArrayEquals(ascii("v3"), z.get(-1));
    assertArrayEquals(ascii("f1"), z.get(-6));
    assertThrows(IndexOutOfBoundsException.class, () -> z.get(-7));
    assertThrows(IndexOutOfBoundsException.class, () -> z.get(6));
    assertEquals(2, z.find(ascii("f2"), 0, 1));
    assertEquals(-1, z.find(ascii("v1"), 0, 1), "skip 1 looks at fields only");
    assertEquals(1, z.find(ascii("v1"), 1, 1));
    assertEquals(3, z.find(ascii("2"), 0, 0));
    assertEquals(-1, z.find(ascii("02"), 0, 0), "02 is not an integer, so never equals 2");
    assertTrue(z.compare(3, ascii("2")));
    assertFalse(z.compare(3, ascii("+2")));
  }

  @Test
  void replaceInPlaceAndBySize() {
    ZipList z = of("aa", "bb", "cc");
    byte[] before = z.toByteArray();
    z.replace(1, ascii("xy"));
    z.checkInvariants();
    byte[] after = z.toByteArray();
    before[16] = 'x';
    before[17] = 'y';
    assertArrayEquals(before, after, "same size: overwritten in place");
    z.replace(-1, 123456789L);
    z.replace(0, repeat('q', 300));
    z.checkInvariants();
    assertEquals(List.of("q".repeat(300), "xy", "123456789"), z.asList(Codec.utf8()).subList(0, 3));
  }

  @Test
  void deleteRangeLikeRedis() {
    ZipList z = of("0", "1", "2", "3", "4", "5");
    z.deleteRange(-2, 10);
    assertEquals(List.of("0", "1", "2", "3"), z.asList(Codec.utf8()));
    z.deleteRange(1, 2);
    assertEquals(List.of("0", "3"), z.asList(Codec.utf8()));
    z.deleteRange(7, 1);
    assertEquals(2, z.size());
    z.checkInvariants();
  }

  @Test
  void zllenSaturatesAt65535() {
    ZipList z = ZipList.create();
    for (int i = 0; i < 65536; i++) {
      z.pushTail(7);
    }
    assertEquals(0xFFFF, ZipListFormat.zllen(z.toByteArray()));
    assertEquals(65536, z.size());
    List<byte[]> walked = new ArrayList<>();
    z.forEachEntry(collector(walked)); // saturated zllen: the walk runs to the end byte
    assertEquals(65536, walked.size());
    z.deleteRange(0, 2);
    assertEquals(0xFFFF, ZipListFormat.zllen(z.toByteArray()), "stuck while saturated");
    assertEquals(65534, z.size());
    assertEquals(65534, ZipListFormat.zllen(z.toByteArray()), "ziplistLen stores it back");
    z.checkInvariants();
  }

  @Test
  void mergeFixesTheSeam() {
    ZipList a = ZipList.create();
    a.pushTail(repeat('a', 300));
    ZipList b = of("x", "y");
    ZipList m = ZipList.merge(a, b);
    m.checkInvariants();
    assertEquals(List.of("a".repeat(300), "x", "y"), m.asList(Codec.utf8()));
    assertArrayEquals(new int[] {1, 5, 1}, prevlenSizes(m));
    assertEquals(3, ZipList.merge(ZipList.create(), m).size());
    assertEquals(3, ZipList.merge(m, ZipList.create()).size());
    ZipList.merge(m, ZipList.create()).checkInvariants();
    assertThrows(IllegalArgumentException.class, () -> ZipList.merge(m, m));
  }

  @Test
  void safetyCapRejectsBeforeChanging() {
    ZipList z = ZipList.withMaxBytes(100);
    z.pushTail(repeat('a', 60));
    byte[] before = z.toByteArray();
    assertThrows(IllegalStateException.class, () -> z.pushTail(repeat('b', 40)));
    assertThrows(IllegalStateException.class, () -> z.insert(0, repeat('b', 40)));
    assertThrows(IllegalStateException.class, () -> z.replace(0, repeat('b', 90)));
    assertArrayEquals(before, z.toByteArray());
    z.checkInvariants();
    z.pushTail(repeat('c', 20));
    assertEquals(2, z.size());
  }

  @Test
  void toByteArrayIsTrimmedCopy() {
    ZipList z = of("a");
    byte[] b = z.toByteArray();
    b[10] = 9;
    assertEquals(z.blobLength(), b.length);
    assertArrayEquals(ascii("a"), z.get(0));
  }

  @Test
  void cursorWalksBothWays() {
    ZipList z = of("a", "12", "bcd");
    ZipListCursor c = z.cursor();
    byte[] buf = new byte[8];
    StringBuilder fwd = new StringBuilder();
    while (c.next()) {
      fwd.append(new String(buf, 0, c.copyTo(buf, 0), US_ASCII)).append(',');
    }
    assertEquals("a,12,bcd,", fwd.toString());
    StringBuilder back = new StringBuilder();
    while (c.previous()) {
      back.append(new String(c.toByteArray(), US_ASCII))
          .append(c.isInteger() ? "#" : "")
          .append(',');
    }
    assertEquals("bcd,12#,a,", back.toString());
    assertTrue(c.next());
    assertEquals("a", new String(c.toByteArray(), US_ASCII));
    z.pushTail(ascii("e"));
    assertThrows(java.util.ConcurrentModificationException.class, c::next);
  }

  /** Collects each entry's bytes (decimal for integers) into {@code out}. */
  static ZipListEntryConsumer collector(List<byte[]> out) {
    return new ZipListEntryConsumer() {
      @Override
      public void string(byte[] array, int offset, int length) {
        out.add(Arrays.copyOfRange(array, offset, offset + length));
      }

      @Override
      public void integer(long value) {
        out.add(Long.toString(value).getBytes(US_ASCII));
      }
    };
  }

  private static List<byte[]> cursorWalk(ZipList z) {
    List<byte[]> out = new ArrayList<>();
    ZipListCursor c = z.cursor();
    while (c.next()) {
      out.add(c.toByteArray());
      assertEquals(c.length(), out.get(out.size() - 1).length);
    }
    return out;
  }

  /**
   * forEachEntry and the cursor walk agree, on built (trusted) and wrapped (checked) lists holding
   * every encoding and both prevlen sizes (ZipListTestValues mixes integers at each encoding's
   * boundaries, strings at the 6/14/32-bit header boundaries, and entries around 254 bytes).
   */
  @Test
  void forEachEntryVisitsWhatTheCursorVisits() {
    long seed = Long.getLong("redstruct.seed", 0x5EEDF0EL);
    SplittableRandom r = new SplittableRandom(seed);
    for (int round = 0; round < 40; round++) {
      ZipList z = ZipList.create();
      List<byte[]> pushed = new ArrayList<>();
      for (int i = r.nextInt(60); i > 0; i--) {
        byte[] v = ZipListTestValues.value(r);
        z.pushTail(v);
        pushed.add(v);
      }
      for (ZipList list : List.of(z, ZipList.wrap(z.toByteArray()))) {
        List<byte[]> walked = new ArrayList<>();
        list.forEachEntry(collector(walked));
        String where = "seed " + seed + " round " + round;
        assertEquals(pushed.size(), walked.size(), where);
        for (int i = 0; i < walked.size(); i++) {
          assertArrayEquals(pushed.get(i), walked.get(i), where + " entry " + i);
        }
        List<byte[]> cursor = cursorWalk(list);
        for (int i = 0; i < walked.size(); i++) {
          assertArrayEquals(cursor.get(i), walked.get(i), where + " entry " + i);
        }
      }
    }
  }

  @Test
  void forEachEntryFailsFastWhenTheCallbackChangesTheList() {
    ZipList z = ZipList.create();
    z.pushTail(ascii("a"));
    z.pushTail(7);
    assertThrows(
        java.util.ConcurrentModificationException.class,
        () ->
            z.forEachEntry(
                new ZipListEntryConsumer() {
                  @Override
                  public void string(byte[] array, int offset, int length) {
                    z.pushTail(ascii("b"));
                  }

                  @Override
                  public void integer(long value) {}
                }));
    assertThrows(NullPointerException.class, () -> z.forEachEntry(null));
  }

  /** The walk's arithmetic shortcuts agree with the plain definitions for every input. */
  @Test
  void walkArithmeticMatchesThePlainDefinitions() {
    for (int b = ZipListFormat.INT_16B; b <= ZipListFormat.INT_8B; b++) {
      if (ZipListFormat.intContentSizeOrInvalid(b) >= 0) {
        assertEquals(
            ZipListFormat.intContentSize(b), ZipListFormat.intContentSizeOrInvalid(b), "" + b);
      }
    }
    List<Long> values = new ArrayList<>(List.of(0L, Long.MIN_VALUE, Long.MAX_VALUE, -1L));
    for (long p = 1; p > 0 && p <= Long.MAX_VALUE / 10; p *= 10) {
      values.addAll(List.of(p, p - 1, p * 10 - 1, -p, -p + 1, -(p * 10 - 1)));
    }
    SplittableRandom r = new SplittableRandom(1);
    for (int i = 0; i < 10_000; i++) {
      values.add(r.nextLong() >> r.nextInt(64));
    }
    for (long v : values) {
      assertEquals(Long.toString(v).length(), RedisNumbers.stringLength(v), "" + v);
    }
  }

  /**
   * Growth follows ArrayList's rule (the larger of what is needed, plus the walk's 3-byte read pad,
   * and 1.5 times the capacity) rounded up to the JVM's 8-byte granule, starting from the 11-byte
   * empty blob; trimToSize cuts to the blob and the pad. The granule rule: a byte[] of c bytes
   * takes 16 + c heap bytes rounded up to 8.
   */
  @Test
  void growthIsHalfAgainRoundedToTheGranule() {
    assertEquals(16, ZipListFormat.granuleCapacity(11), "27 heap bytes round up to 32");
    assertEquals(24, ZipListFormat.granuleCapacity(17), "33 round up to 40");
    ZipList z = ZipList.create();
    assertEquals(ZipListFormat.granuleCapacity(ZipListFormat.EMPTY_SIZE), z.array().length);
    SplittableRandom r = new SplittableRandom(7);
    for (int i = 0; i < 300; i++) {
      int before = z.array().length;
      int need = z.blobLength();
      z.pushTail(ZipListTestValues.value(r));
      need = z.blobLength();
      int after = z.array().length;
      if (after != before) {
        int expected =
            ZipListFormat.granuleCapacity(
                Math.max(need + ZipListFormat.READ_PAD, before + (before >> 1)));
        assertEquals(expected, after, "growth at push " + i);
      }
      assertTrue(need + ZipListFormat.READ_PAD <= after, "the walk's read pad at push " + i);
    }
    z.trimToSize();
    assertEquals(z.blobLength() + ZipListFormat.READ_PAD, z.array().length);
    z.checkInvariants();
  }

  /** Built, read, trimmed and copied lists carry no extras; wrap, views and cascades add them. */
  @Test
  void onlyWrappedViewedOrCascadedListsCarryExtras() {
    ZipList z = ZipList.create();
    z.pushTail("user:12345".getBytes(US_ASCII));
    z.pushHead(7);
    z.get(0);
    z.find("7".getBytes(US_ASCII), 0, 0);
    z.replace(1, "longer value".getBytes(US_ASCII));
    z.delete(0);
    z.trimToSize();
    assertFalse(z.hasExtras());
    assertFalse(ZipList.copyOf(z.toByteArray()).hasExtras());
    assertFalse(ZipList.wrap(z.toByteArray()).trusted());
    List<String> view = z.asList(Codec.utf8());
    assertTrue(z.hasExtras());
    view.add("x");
    assertEquals(1, z.modCount(), "the view counts structural changes from its creation");
    z.replace(0, "y".getBytes(US_ASCII));
    assertEquals(1, z.modCount(), "a replacement is not structural");
    ZipList c = ZipList.create();
    for (int i = 0; i < 3; i++) {
      c.pushTail(new byte[250]); // 253-byte entries: each next prevlen fits one byte
    }
    assertFalse(c.hasExtras());
    c.pushHead(new byte[300]); // the old head grows to 257 bytes, and the cascade runs on
    assertTrue(c.cascadeSteps() > 0);
    assertTrue(c.hasExtras());
  }

  /**
   * Issue 14 item 3: an empty ziplist whose zltail is not 10 passes Redis's validator, which checks
   * zltail only against a last entry (here 0b000000 08000000 0000 ff; zllen 65535 passes too).
   * Pushing at the tail then took the zllen bytes for an entry and wrote a corrupt prevlen. Loading
   * normalises the header (Redis 7.0 rebuilds a loaded ziplist as a listpack), so every entry point
   * leaves bytes that pass deep validation.
   */
  @Test
  void item3EmptyListWithAnOddZltailIsNormalisedOnLoad() {
    java.util.SplittableRandom r = new java.util.SplittableRandom(3);
    for (int tail = 0; tail <= 10; tail++) {
      for (String zllen : new String[] {"0000", "ffff"}) {
        byte[] blob = fromHex(String.format("0b000000 %02x000000 %s ff", tail, zllen));
        ZipList.validate(blob, true); // Redis's verdict: valid
        assertArrayEquals(fromHex("0b000000 0a000000 0000 ff"), ZipList.copyOf(blob).toByteArray());
        assertArrayEquals(
            fromHex("0b000000 0a000000 0000 ff"), ZipList.wrap(blob.clone()).toByteArray());
        for (int op = 0; op < ZipListEntryPoints.COUNT; op++) {
          ZipListEntryPoints.timed(blob, ZipList.copyOf(blob), op, r, true);
          ZipListEntryPoints.timed(blob, ZipList.wrap(blob.clone()), op, r, true);
        }
      }
    }
    ZipList z = ZipList.copyOf(fromHex("0b000000 08000000 0000 ff"));
    z.pushTail(ascii("a"));
    assertArrayEquals(fromHex("0e000000 0a000000 0100 000161 ff"), z.toByteArray());
  }

  /**
   * Issue 14 item 16: past 65,535 entries zllen is saturated and size() counts the entries; the
   * list view's iterator asked size() on every hasNext, so a full pass over 66,000 entries took
   * minutes (2,000 already took 0.9 s). It now reads the count once.
   */
  @Test
  void item16ListViewPassOverASaturatedCountIsLinear() {
    ZipList z = ZipList.create();
    for (int i = 0; i < 66_000; i++) {
      z.pushTail(i);
    }
    assertEquals(0xFFFF, ZipListFormat.zllen(z.toByteArray()));
    List<byte[]> view = z.asList(dev.redstruct.core.Codec.bytes());
    long[] seen = new long[2];
    org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
        java.time.Duration.ofSeconds(10),
        () -> {
          java.util.ListIterator<byte[]> it = view.listIterator();
          while (it.hasNext()) {
            assertEquals(seen[0]++, Long.parseLong(new String(it.next(), US_ASCII)));
          }
          while (it.hasPrevious()) {
            it.previous();
            seen[1]++;
          }
        });
    assertEquals(66_000, seen[0]);
    assertEquals(66_000, seen[1]);
    java.util.Iterator<byte[]> it = view.iterator();
    it.next();
    it.remove();
    int left = 0;
    while (it.hasNext()) {
      it.next();
      left++;
    }
    assertEquals(65_999, left);
    z.checkInvariants();
  }
}
