package dev.redstruct.quicklist;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Examples from Redis 7.0.15's tests/unit/type/list.tcl, with their expected values (the {@code
 * debug quicklist-packed-threshold} of the tcl tests is {@link QuickList#setPackedThreshold}).
 */
class QuickListTclExamplesTest {

  private static byte[] b(String s) {
    return s.getBytes(US_ASCII);
  }

  private static String s(byte[] v) {
    return new String(v, US_ASCII);
  }

  private static List<String> all(QuickList ql) {
    return ql.range(0, -1).stream().map(QuickListTclExamplesTest::s).toList();
  }

  @Test
  void regNodeCheckCompressionWithInsertAndPop() {
    QuickList ql = QuickList.create(1, 2);
    for (String c : List.of("a", "b", "c", "d")) {
      ql.pushHead(b(c.repeat(500)));
    }
    for (String c : List.of("e", "f", "g", "j")) {
      ql.insert(b("d".repeat(500)), b(c.repeat(500)), true);
      ql.checkInvariants();
    }
    for (String c : List.of("d", "j", "g", "f", "e", "c", "b", "a")) {
      assertEquals(c.repeat(500), s(ql.popHead()));
      ql.checkInvariants();
    }
  }

  @Test
  void regNodeCheckCompressionCombinedWithTrim() {
    QuickList ql = QuickList.create(1, 2);
    ql.pushHead(b("a".repeat(500)));
    ql.insert(b("a".repeat(500)), b("b".repeat(500)), true);
    ql.pushTail(b("c".repeat(500)));
    assertEquals("b".repeat(500), s(ql.get(1)));
    ql.trim(1, -1);
    assertEquals(2, ql.size());
    ql.checkInvariants();
  }

  @Test
  void lsetWithPackedPlainCombinations() {
    QuickList ql = QuickList.create(1, 2); // the tcl file's server: size 1, depth 2
    ql.setPackedThreshold(5);
    ql.pushTail(b("aa"));
    ql.pushTail(b("bb"));
    ql.set(0, b("d".repeat(50001)));
    assertEquals("d".repeat(50001), s(ql.popHead()));
    ql.pushTail(b("f".repeat(50001)));
    ql.set(0, b("e".repeat(50001)));
    assertEquals("e".repeat(50001), s(ql.popHead()));
    ql.pushTail(b("m".repeat(50001)));
    ql.set(0, b("bb"));
    assertEquals("bb", s(ql.popHead()));
    ql.pushTail(b("bb"));
    ql.set(0, b("cc"));
    assertEquals("cc", s(ql.popHead()));
    ql.checkInvariants();
  }

  @Test
  void lsetWithPackedSplitInTheMiddle() {
    QuickList ql = QuickList.create(1, 2); // the tcl file's server: size 1, depth 2
    ql.setPackedThreshold(5);
    for (String v : List.of("aa", "bb", "cc", "dd", "ee")) {
      ql.pushTail(b(v));
    }
    ql.set(2, b("e".repeat(10)));
    ql.checkInvariants();
    assertEquals(List.of("aa", "bb", "e".repeat(10), "dd", "ee"), all(ql));
  }

  @Test
  void deleteEntryFromACompressedNode() {
    QuickList ql = QuickList.create(1, 1);
    ql.setPackedThreshold(100);
    String small = "x".repeat(32);
    String large = "x".repeat(100);
    ql.pushTail(b(large));
    ql.pushTail(b(small));
    ql.pushTail(b(small));
    ql.set(-1, b(large));
    assertEquals(List.of(large, small, large), all(ql));
    ql.checkInvariants();
  }

  @Test
  void splitQuicklistNodeWithANegativeIndex() {
    QuickList ql = QuickList.create(1, 2); // the tcl file's server: size 1, depth 2
    ql.setPackedThreshold(10);
    ql.pushHead(b("aa"));
    ql.pushHead(b("bb"));
    ql.set(-2, b("x".repeat(10)));
    ql.popTail();
    assertEquals(List.of("x".repeat(10)), all(ql));
    ql.checkInvariants();
  }

  @Test
  void lpos() {
    QuickList ql = QuickList.create();
    for (String v : List.of("a", "b", "c", "1", "2", "3", "c", "c")) {
      ql.pushTail(b(v));
    }
    assertArrayEquals(new long[] {0}, ql.positions(b("a"), 1, 1, 0));
    assertArrayEquals(new long[] {2}, ql.positions(b("c"), 1, 1, 0));
    assertArrayEquals(new long[] {6}, ql.positions(b("c"), 2, 1, 0));
    assertArrayEquals(new long[] {}, ql.positions(b("c"), 4, 1, 0));
    assertArrayEquals(new long[] {7}, ql.positions(b("c"), -1, 1, 0));
    assertArrayEquals(new long[] {6}, ql.positions(b("c"), -2, 1, 0));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ql.positions(b("c"), 0, 1, 0));
    assertEquals(
        true, e.getMessage().startsWith("RANK can't be zero: use 1 to start from the first"));
    assertArrayEquals(new long[] {2, 6, 7}, ql.positions(b("c"), 1, 0, 0));
    assertArrayEquals(new long[] {2, 6}, ql.positions(b("c"), 1, 2, 0));
    assertArrayEquals(new long[] {2, 6, 7}, ql.positions(b("c"), 1, 100, 0));
    assertArrayEquals(new long[] {6, 7}, ql.positions(b("c"), 2, 0, 0));
    assertArrayEquals(new long[] {7, 6}, ql.positions(b("c"), -1, 2, 0));
    assertArrayEquals(new long[] {}, ql.positions(b("x"), -1, 2, 0));
    assertArrayEquals(new long[] {0}, ql.positions(b("a"), 1, 0, 1));
    assertArrayEquals(new long[] {}, ql.positions(b("c"), 1, 0, 1));
    assertArrayEquals(new long[] {2}, ql.positions(b("c"), 1, 0, 3));
  }
}
