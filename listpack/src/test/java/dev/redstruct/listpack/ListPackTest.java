package dev.redstruct.listpack;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.Codec;
import dev.redstruct.core.CorruptEncodingException;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Examples and known vectors. Unless noted, expected bytes were captured from Redis 7.0.15 (Debian
 * package) started with {@code --rdbcompression no}: {@code RPUSH k <value>}, then {@code DUMP k},
 * taking the listpack out of the one-node type-18 payload; the rest come from the fact sheet
 * (redis-facts-lists.md §2) as noted.
 */
class ListPackTest {

  private static byte[] b(String s) {
    return s.getBytes(US_ASCII);
  }

  private static String hex(ListPack lp) {
    return Bytes.hex(lp.toByteArray());
  }

  private static ListPack of(String... values) {
    ListPack lp = ListPack.create();
    for (String v : values) {
      lp.append(b(v));
    }
    lp.checkInvariants();
    return lp;
  }

  @Test
  void formatPictureExample() {
    // ListPack and ListPackFormat Javadoc; fact sheet §5.6 (RPUSH l 1 -2 300 hello, DUMP).
    ListPack lp = of("1", "-2", "300", "hello");
    assertEquals(
        "16000000" + "0400" + "0101" + "dffe02" + "c12c02" + "8568656c6c6f06" + "ff", hex(lp));
    assertEquals(List.of("1", "-2", "300", "hello"), lp.asList(Codec.utf8()));
    assertEquals(-2, lp.getLong(1));
    assertTrue(lp.isInteger(2));
    assertFalse(lp.isInteger(3));
  }

  @Test
  void emptyListPackAndRpushABC() {
    assertEquals("070000000000ff", hex(ListPack.create()));
    assertEquals("100000000300816102816202816302ff", hex(of("a", "b", "c")));
  }

  /** value -> listpack bytes of a one-element list (RPUSH k value; DUMP k). */
  private static final String[][] ONE_ELEMENT = {
    {"0", "0900000001000001ff"},
    {"1", "0900000001000101ff"},
    {"12", "0900000001000c01ff"},
    {"127", "0900000001007f01ff"},
    {"128", "0a0000000100c08002ff"},
    {"-1", "0a0000000100dfff02ff"},
    {"-4096", "0a0000000100d00002ff"},
    {"-4097", "0b0000000100f1ffef03ff"},
    {"4095", "0a0000000100cfff02ff"},
    {"4096", "0b0000000100f1001003ff"},
    {"32767", "0b0000000100f1ff7f03ff"},
    {"32768", "0c0000000100f200800004ff"},
    {"-32768", "0b0000000100f1008003ff"},
    {"-32769", "0c0000000100f2ff7fff04ff"},
    {"8388607", "0c0000000100f2ffff7f04ff"},
    {"8388608", "0d0000000100f30000800005ff"},
    {"-8388608", "0c0000000100f200008004ff"},
    {"-8388609", "0d0000000100f3ffff7fff05ff"},
    {"2147483647", "0d0000000100f3ffffff7f05ff"},
    {"2147483648", "110000000100f4000000800000000009ff"},
    {"-2147483648", "0d0000000100f30000008005ff"},
    {"-2147483649", "110000000100f4ffffff7fffffffff09ff"},
    {"9223372036854775807", "110000000100f4ffffffffffffff7f09ff"},
    {"-9223372036854775808", "110000000100f4000000000000008009ff"},
    {"9223372036854775808", "1c0000000100933932323333373230333638353437373538303814ff"},
    {"-9223372036854775809", "1d0000000100942d3932323333373230333638353437373538303915ff"},
    {"", "0900000001008001ff"},
    {"01", "0b000000010082303103ff"},
    {"-0", "0b0000000100822d3003ff"},
    {"+1", "0b0000000100822b3103ff"},
    {" 1", "0b000000010082203103ff"},
    {"1 ", "0b000000010082312003ff"},
    {"00", "0b000000010082303003ff"},
    {"-", "0a0000000100812d02ff"},
    {"12345678901234567890", "1d000000010094313233343536373839303132333435363738393015ff"},
    {"123456789012345678901", "1e00000001009531323334353637383930313233343536373839303116ff"},
  };

  @Test
  void everyIntegerAndShortStringBoundaryMatchesRedis() {
    for (String[] v : ONE_ELEMENT) {
      ListPack lp = of(v[0]);
      assertEquals(v[1], hex(lp), "RPUSH k \"" + v[0] + "\"");
      assertArrayEquals(b(v[0]), lp.get(0), v[0]);
      assertEquals(v[1], hex(ListPack.copyOf(Bytes.fromHex(v[1]))));
      if (lp.isInteger(0)) {
        ListPack direct = ListPack.create();
        direct.append(Long.parseLong(v[0]));
        assertEquals(v[1], hex(direct), "append(long) " + v[0]);
      }
    }
  }

  /** length of "x"*n -> listpack size, first 12 bytes, last 6 bytes (RPUSH k xxx..; DUMP k). */
  private static final Object[][] LONG_STRINGS = {
    {63, 72, "480000000100bf7878787878", "7878787840ff"},
    {64, 74, "4a0000000100e04078787878", "7878787842ff"},
    {125, 135, "870000000100e07d78787878", "787878787fff"},
    {126, 137, "890000000100e07e78787878", "7878780180ff"},
    {127, 138, "8a0000000100e07f78787878", "7878780181ff"},
    {4095, 4106, "0a1000000100efff78787878", "7878782081ff"},
    {4096, 4110, "0e1000000100f00010000078", "7878782085ff"},
    {16377, 16391, "074000000100f0f93f000078", "7878787ffeff"},
    {16378, 16393, "094000000100f0fa3f000078", "787800ffffff"},
    {2097146, 2097162, "0a0020000100f0faff1f0078", "7800ffffffff"},
    {2097147, 2097163, "0b0020000100f0fbff1f0078", "7801808080ff"},
  };

  @Test
  void stringLengthAndBacklenBoundariesMatchRedis() {
    for (Object[] v : LONG_STRINGS) {
      int n = (Integer) v[0];
      byte[] value = new byte[n];
      Arrays.fill(value, (byte) 'x');
      ListPack lp = ListPack.create();
      lp.append(value);
      byte[] blob = lp.toByteArray();
      assertEquals(v[1], blob.length, "x*" + n);
      assertEquals(v[2], Bytes.hex(Arrays.copyOf(blob, 12)), "x*" + n);
      assertEquals(v[3], Bytes.hex(Arrays.copyOfRange(blob, blob.length - 6, blob.length)));
      ListPack back = ListPack.wrap(blob);
      assertArrayEquals(value, back.get(-1));
      ListPackCursor c = back.cursor().toEnd();
      assertTrue(c.previous());
      assertEquals(n, c.length());
      assertFalse(c.previous());
    }
  }

  @Test
  void backlenWidthsOneToFive() {
    // Fact sheet §2.3: L <= 127 -> 1 byte; L < 16383 -> 2; L < 2097151 -> 3; L < 268435455 -> 4;
    // else 5; most significant group first, later bytes with bit 7 set.
    long[][] cases = {
      {127, 1},
      {128, 2},
      {16382, 2},
      {16383, 3},
      {2097150, 3},
      {2097151, 4},
      {268435454, 4},
      {268435455, 5},
      {Integer.MAX_VALUE, 5}
    };
    for (long[] c : cases) {
      assertEquals(c[1], ListPackFormat.backlenSize(c[0]), "L=" + c[0]);
      byte[] buf = new byte[8];
      int n = ListPackFormat.writeBacklen(buf, 1, (int) c[0]);
      assertEquals(c[1], n);
      assertEquals(0, buf[1] & 0x80, "first byte has bit 7 clear");
      for (int i = 2; i <= n; i++) {
        assertEquals(0x80, buf[i] & 0x80, "later bytes have bit 7 set");
      }
      assertEquals(c[0], ListPackFormat.readBacklen(buf, n, 0));
    }
    assertEquals("00ffff", backlenHex(16383)); // fact sheet: 16378-byte string, L = 16383
    assertEquals("0180", backlenHex(128));
    assertEquals(-1, ListPackFormat.readBacklen(Bytes.fromHex("ffffffffff"), 4, 0), "> 5 bytes");
  }

  private static String backlenHex(int l) {
    byte[] buf = new byte[5];
    return Bytes.hex(Arrays.copyOf(buf, ListPackFormat.writeBacklen(buf, 0, l)));
  }

  @Test
  void lpStringToInt64Rules() {
    // Fact sheet §2.4 (string2ll's rules, length 1..20).
    for (String s : new String[] {"0", "-1", "9223372036854775807", "-9223372036854775808"}) {
      assertTrue(ListPackFormat.isIntegerString(b(s), 0, s.length()), s);
    }
    for (String s :
        new String[] {
          "",
          "-",
          "-0",
          "00",
          "01",
          "+1",
          " 1",
          "1 ",
          "1.0",
          "9223372036854775808",
          "-9223372036854775809",
          "000000000000000000001"
        }) {
      assertFalse(ListPackFormat.isIntegerString(b(s), 0, s.length()), s);
    }
  }

  @Test
  void insertReplaceDeleteAtEveryPosition() {
    ListPack lp = of("a", "b", "c");
    lp.insert(0, b("x"));
    lp.insert(4, b("y"));
    lp.insert(2, 300);
    assertEquals(List.of("x", "a", "300", "b", "c", "y"), lp.asList(Codec.utf8()));
    lp.replace(-1, b("z"));
    lp.replace(0, b("long enough to move the tail"));
    lp.replace(2, 7);
    assertEquals(
        List.of("long enough to move the tail", "a", "7", "b", "c", "z"), lp.asList(Codec.utf8()));
    lp.delete(1);
    lp.delete(-1);
    assertEquals(List.of("long enough to move the tail", "7", "b", "c"), lp.asList(Codec.utf8()));
    lp.checkInvariants();
    assertEquals(hex(of("long enough to move the tail", "7", "b", "c")), hex(lp));
    assertThrows(IndexOutOfBoundsException.class, () -> lp.get(4));
    assertThrows(IndexOutOfBoundsException.class, () -> lp.delete(-5));
    assertThrows(IndexOutOfBoundsException.class, () -> lp.insert(5, b("q")));
  }

  @Test
  void replaceOfTheSameSizeIsInPlace() {
    ListPack lp = of("aaa", "bbb", "ccc");
    byte[] before = lp.buf;
    lp.replace(1, b("xyz"));
    assertSame(before, lp.buf);
    assertEquals(hex(of("aaa", "xyz", "ccc")), hex(lp));
  }

  @Test
  void deleteRangeIncludingRedisShortcutToTheEnd() {
    ListPack lp = of("a", "b", "c", "d", "e");
    lp.deleteRange(1, 2);
    assertEquals(hex(of("a", "d", "e")), hex(lp));
    lp.deleteRange(-2, 10); // reaches the end: EOF moved, count = index
    assertEquals(hex(of("a")), hex(lp));
    lp.deleteRange(5, 1); // out of range: nothing
    lp.deleteRange(0, 0);
    assertEquals(hex(of("a")), hex(lp));
    lp.checkInvariants();
  }

  @Test
  void unknownCountSticksUntilSizeIsAsked() {
    // Fact sheet §2.1: 65535 means unknown; inserts and deletes leave it; lpLength writes back a
    // count below 65535.
    ListPack lp = ListPack.create();
    for (int i = 0; i < 65535; i++) {
      lp.append(i & 127);
    }
    assertEquals(0xFFFF, ListPackFormat.numElements(lp.buf, lp.base));
    lp.delete(0);
    assertEquals(0xFFFF, ListPackFormat.numElements(lp.buf, lp.base), "delete leaves unknown");
    lp.checkInvariants();
    assertEquals(65534, lp.size());
    assertEquals(
        65534, ListPackFormat.numElements(lp.buf, lp.base), "lpLength writes the count back");
    lp.append(1);
    lp.append(2);
    assertEquals(65536, lp.size());
    assertEquals(0xFFFF, ListPackFormat.numElements(lp.buf, lp.base));
    assertEquals(65536, ListPack.validate(lp.toByteArray()));
    assertEquals(2, lp.getLong(-1));
  }

  @Test
  void findWithSkipComparesKeysOnly() {
    ListPack hash = of("f1", "v1", "12", "f1", "f3", "-5");
    assertEquals(0, hash.find(b("f1"), 0, 1));
    assertEquals(-1, hash.find(b("v1"), 0, 1), "values are skipped");
    assertEquals(2, hash.find(b("12"), 0, 1), "integer key found by its decimal");
    assertEquals(-1, hash.find(b("012"), 0, 1));
    assertEquals(3, hash.find(b("f1"), 1, 0));
    assertEquals(5, hash.find(b("-5"), 0, 0));
    assertEquals(-1, hash.find(b("-5"), 0, 1));
  }

  @Test
  void mergeIsFirstThenSecond() {
    ListPack merged = ListPack.merge(of("a", "1"), of("b", "300", "c"));
    assertEquals(hex(of("a", "1", "b", "300", "c")), hex(merged));
    merged.checkInvariants();
    assertEquals(hex(of("a")), hex(ListPack.merge(of("a"), ListPack.create())));
    ListPack same = of("x");
    assertThrows(IllegalArgumentException.class, () -> ListPack.merge(same, same));
  }

  @Test
  void mergedCountIsCappedAtUnknown() {
    // Fact sheet §2.5: lpMerge's count is min(lpLength(a) + lpLength(b), 65535).
    ListPack a = ListPack.create();
    ListPack b = ListPack.create();
    for (int i = 0; i < 40_000; i++) {
      a.append(i & 127);
      b.append(b("x"));
    }
    ListPack m = ListPack.merge(a, b);
    assertEquals(0xFFFF, ListPackFormat.numElements(m.buf));
    assertEquals(80_000, m.size());
    assertEquals(a.sizeInBytes() + b.sizeInBytes() - 7, m.sizeInBytes());
    assertArrayEquals(b("x"), m.get(-1));
    assertEquals(39_999 & 127, m.getLong(39_999));
    m.checkInvariants();
  }

  @Test
  void randomPairPicksAreKeysOfPairs() {
    ListPack lp = of("k1", "v1", "k2", "v2", "k3", "v3");
    SplittableRandom r = new SplittableRandom(7);
    for (int i = 0; i < 50; i++) {
      int k = lp.randomPair(r);
      assertTrue(k % 2 == 0 && k < 6);
    }
    assertEquals(10, lp.randomPairs(10, r).length);
    int[] unique = lp.randomPairsUnique(5, r);
    assertArrayEquals(new int[] {0, 2, 4}, unique, "all three, in order");
    int[] two = lp.randomPairsUnique(2, r);
    assertEquals(2, two.length);
    assertTrue(two[0] < two[1]);
  }

  @Test
  void oneGibLimitRefusedWithNothingChanged() {
    // lpSafeToAdd: len + add > 1 GiB refused.
    ListPackWriter.checkSafeToAdd(1 << 29, 1 << 29);
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> ListPackWriter.checkSafeToAdd(1 << 29, (1 << 29) + 1));
    assertTrue(e.getMessage().contains("1 GiB"), e.getMessage());
    ListPackWriter.checkSafeToAdd(1L << 31, -5); // shrinking is always allowed
  }

  @Test
  void cursorWalksBothWaysAndEdits() {
    ListPack lp = of("a", "12", "c");
    ListPackCursor c = lp.cursor();
    StringBuilder forward = new StringBuilder();
    while (c.next()) {
      forward.append(new String(c.toByteArray(), US_ASCII)).append(',');
    }
    assertEquals("a,12,c,", forward.toString());
    StringBuilder backward = new StringBuilder();
    while (c.previous()) {
      backward.append(new String(c.toByteArray(), US_ASCII)).append(',');
    }
    assertEquals("c,12,a,", backward.toString());
    assertTrue(c.seek(1));
    assertEquals(12, c.longValue());
    assertTrue(c.contentEquals(b("12")));
    c.insertAfter(b("d"));
    assertTrue(c.contentEquals(b("d")));
    c.insertBefore(b("e"));
    c.replace(b("E"));
    c.remove();
    assertTrue(c.contentEquals(b("d")));
    assertTrue(c.find(b("c"), 0));
    c.remove();
    assertFalse(c.next());
    assertEquals(List.of("a", "12", "d"), lp.asList(Codec.utf8()));
    lp.checkInvariants();
    lp.append(b("z"));
    assertThrows(java.util.ConcurrentModificationException.class, c::previous);
  }

  @Test
  void forEachHandsStringsInPlaceAndIntegersAsValues() {
    ListPack lp = of("a", "12", "hello", "-4097");
    StringBuilder seen = new StringBuilder();
    lp.forEach(
        new ListPack.ElementConsumer() {
          @Override
          public void string(byte[] array, int offset, int length) {
            seen.append('s').append(new String(array, offset, length, US_ASCII)).append(',');
          }

          @Override
          public void integer(long value) {
            seen.append('i').append(value).append(',');
          }
        });
    assertEquals("sa,i12,shello,i-4097,", seen.toString());
    assertThrows(
        java.util.ConcurrentModificationException.class,
        () ->
            lp.forEach(
                new ListPack.ElementConsumer() {
                  @Override
                  public void string(byte[] array, int offset, int length) {
                    lp.append(1);
                  }

                  @Override
                  public void integer(long value) {}
                }));
  }

  @Test
  void validationAcceptsWhatRedisAccepts() {
    // Fact sheet §2.3/§2.6: a backlen byte with bit 7 set passes when the byte before it is 0x00
    // and the value matches; non-minimal encodings and a 65535 count are not checked.
    assertEquals(1, ListPack.validate(Bytes.fromHex("0b000000010082000083ff")));
    assertEquals(1, ListPack.validate(Bytes.fromHex("0b0000000100f1050003ff")));
    assertEquals(5, ListPack.copyOf(Bytes.fromHex("0b0000000100f1050003ff")).getLong(0));
    assertEquals(3, ListPack.validate(Bytes.fromHex("10000000ffff816102816202816302ff")));
  }

  @Test
  void backlenReadOnIntoTheHeaderStillWalksBackwards() {
    // Regression (ListPackCorruptionTest): the empty string 80 with backlen 81 validates, because
    // lpDecodeBacklen reads on through 0x80 and the header's 0x00 (low 7 bits 0) to the value 1;
    // lpPrev reads it the same way, so the backward walk must too.
    ListPack lp = ListPack.copyOf(Bytes.fromHex("0b0000000200" + "8081" + "0101" + "ff"));
    ListPackCursor c = lp.cursor().toEnd();
    assertTrue(c.previous());
    assertEquals(1, c.longValue());
    assertTrue(c.previous());
    assertEquals(0, c.length());
    assertFalse(c.previous());
    assertArrayEquals(new byte[0], lp.get(-2));
  }

  @Test
  void anEditNextToABacklenThatReadsIntoEarlierBytesKeepsTheListPackValid() {
    // Regression (ListPackCorruptionRedisIT): 80 81 validates only because its backlen decoding
    // reads on into the header's 00. Redis's lpInsert would leave 817802 8081 (now read as
    // 1 + 2<<14: invalid); we rewrite that backlen canonically (81 -> 01) before the edit.
    ListPack lp = ListPack.copyOf(Bytes.fromHex("0b0000000200" + "8081" + "0101" + "ff"));
    assertEquals("0b0000000200" + "8081" + "0101" + "ff", hex(lp), "kept as loaded");
    lp.prepend(b("x"));
    lp.checkInvariants();
    assertEquals("0e0000000300" + "817802" + "8001" + "0101" + "ff", hex(lp));
    ListPack merged =
        ListPack.merge(of("a"), ListPack.copyOf(Bytes.fromHex("0b0000000200" + "8081" + "0101ff")));
    merged.checkInvariants();
    assertEquals(List.of("a", "", "1"), merged.asList(Codec.utf8()));
  }

  @Test
  void validationRejectsWithOffsetAndReason() {
    String[][] bad = {
      {"0600000000ff", "shorter"},
      {"080000000000ff", "total-bytes"},
      {"070000000000fe", "terminator"},
      {"090000000100f501ff", "invalid encoding"}, // fact sheet: 0xF5 rejected
      {"100000000200816102816202816302ff", "num-elements"},
      {"0b0000000100816102ffff", "EOF byte before the end"}, // "listpack entry start with EOF"
      {"0d0000000100f0ffffffff01ff", "runs past the end"},
      {"0a0000000100816103ff", "backlen"},
      {"0b000000010082616283ff", "backlen"},
    };
    for (String[] c : bad) {
      CorruptEncodingException e =
          assertThrows(
              CorruptEncodingException.class, () -> ListPack.validate(Bytes.fromHex(c[0])), c[0]);
      assertTrue(e.getMessage().contains(c[1]), c[0] + ": " + e.getMessage());
      assertEquals("listpack", e.format());
    }
  }

  @Test
  void pairValidationAddsEvenCountAndNoDuplicateField() {
    assertEquals(4, ListPack.validatePairs(of("f", "1", "g", "1").toByteArray()));
    assertThrows(
        CorruptEncodingException.class,
        () -> ListPack.validatePairs(of("f", "1", "g").toByteArray()));
    assertThrows(
        CorruptEncodingException.class,
        () -> ListPack.validatePairs(of("f", "1", "f", "2").toByteArray()));
    // String "12" (crafted; a writer would store an integer) and integer 12 are the same field.
    byte[] crafted = Bytes.fromHex("11000000040082313203" + "0101" + "0c01" + "0101" + "ff");
    assertEquals(4, ListPack.validate(crafted));
    assertThrows(CorruptEncodingException.class, () -> ListPack.validatePairs(crafted));
  }
}
