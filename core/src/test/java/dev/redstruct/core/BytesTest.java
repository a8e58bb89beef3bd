package dev.redstruct.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * Examples of {@link Bytes}. Member order follows the fact sheet redis-facts-dict-zset.md 3.3
 * (sdscmp: memcmp over the shorter length with bytes as unsigned, then the shorter string first).
 */
class BytesTest {
  private static int sign(int c) {
    return Integer.signum(c);
  }

  @Test
  void compareIsUnsignedThenShorterFirst() {
    assertEquals(-1, sign(Bytes.compare(new byte[] {0x7f}, new byte[] {(byte) 0x80})));
    assertEquals(1, sign(Bytes.compare(new byte[] {(byte) 0xff}, new byte[] {0x00})));
    assertEquals(-1, sign(Bytes.compare(Bytes.utf8("ab"), Bytes.utf8("abc"))));
    assertEquals(1, sign(Bytes.compare(Bytes.utf8("b"), Bytes.utf8("abc"))));
    assertEquals(0, Bytes.compare(new byte[0], new byte[0]));
    assertEquals(-1, sign(Bytes.compare(new byte[0], new byte[] {0})));
  }

  @Test
  void compareAndEqualsOnSlices() {
    byte[] a = Bytes.utf8("xxabcx");
    byte[] b = Bytes.utf8("abd");
    assertEquals(-1, sign(Bytes.compare(a, 2, 3, b, 0, 3)));
    assertEquals(0, Bytes.compare(a, 2, 2, b, 0, 2));
    assertTrue(Bytes.equals(a, 2, 2, b, 0, 2));
    assertFalse(Bytes.equals(a, 2, 3, b, 0, 3));
    assertThrows(IndexOutOfBoundsException.class, () -> Bytes.compare(a, 4, 3, b, 0, 1));
  }

  @Test
  void utf8RoundTripAndReplacement() {
    assertArrayEquals(new byte[] {(byte) 0xc3, (byte) 0xa9}, Bytes.utf8("\u00e9"));
    assertEquals("\u00e9", Bytes.utf8(new byte[] {'x', (byte) 0xc3, (byte) 0xa9}, 1, 2));
    assertEquals("\ufffd", Bytes.utf8(new byte[] {(byte) 0xff}, 0, 1));
    assertThrows(IndexOutOfBoundsException.class, () -> Bytes.utf8(new byte[2], 1, 2));
  }

  /**
   * Little-endian as ziplist/listpack lay out fields (redis-facts-lists.md: zlbytes 0f000000 = 15).
   */
  @Test
  void littleEndianFields() {
    byte[] b = Bytes.fromHex("0f000000 feff 563412 efcdab8967452301");
    assertEquals(15, Bytes.getIntLE(b, 0));
    assertEquals(-2, Bytes.getShortLE(b, 4));
    assertEquals(0x123456, Bytes.getInt24LE(b, 6));
    assertEquals(0x0123456789abcdefL, Bytes.getLongLE(b, 9));
    byte[] out = new byte[17];
    Bytes.putIntLE(out, 0, 15);
    Bytes.putShortLE(out, 4, -2);
    Bytes.putInt24LE(out, 6, 0x123456);
    Bytes.putLongLE(out, 9, 0x0123456789abcdefL);
    assertArrayEquals(b, out);
  }

  @Test
  void int24IsSignExtended() {
    assertEquals(-1, Bytes.getInt24LE(Bytes.fromHex("ffffff"), 0));
    assertEquals(-8388608, Bytes.getInt24LE(Bytes.fromHex("000080"), 0));
    assertEquals(8388607, Bytes.getInt24LE(Bytes.fromHex("ffff7f"), 0));
    byte[] out = new byte[3];
    Bytes.putInt24LE(out, 0, -8388608);
    assertEquals("000080", Bytes.hex(out));
    assertThrows(IndexOutOfBoundsException.class, () -> Bytes.getInt24LE(new byte[3], 1));
    assertThrows(IndexOutOfBoundsException.class, () -> Bytes.putInt24LE(new byte[3], 1, 0));
  }

  @Test
  void fieldAccessOutOfRangeThrows() {
    assertThrows(IndexOutOfBoundsException.class, () -> Bytes.getIntLE(new byte[4], 1));
    assertThrows(IndexOutOfBoundsException.class, () -> Bytes.getLongLE(new byte[7], 0));
    assertThrows(IndexOutOfBoundsException.class, () -> Bytes.putShortLE(new byte[2], 1, 0));
  }

  @Test
  void hexFormatsAndParses() {
    assertEquals("0f00ff", Bytes.hex(new byte[] {0x0f, 0, (byte) 0xff}));
    assertEquals("", Bytes.hex(new byte[0]));
    assertArrayEquals(new byte[] {0x0f, 0, (byte) 0xff}, Bytes.fromHex(" 0F 00\nfF "));
    assertArrayEquals(new byte[0], Bytes.fromHex("  "));
    assertThrows(IllegalArgumentException.class, () -> Bytes.fromHex("0g"));
    assertThrows(IllegalArgumentException.class, () -> Bytes.fromHex("abc"));
  }

  @Test
  void readableIsTextForUtf8ElseHex() {
    assertEquals("apple", Bytes.readable(Bytes.utf8("apple")));
    assertEquals("été", Bytes.readable(Bytes.utf8("été")));
    assertEquals("", Bytes.readable(new byte[0]));
    assertEquals("0xff00", Bytes.readable(new byte[] {(byte) 0xff, 0}));
    assertEquals("0xc3", Bytes.readable(new byte[] {(byte) 0xc3})); // truncated 2-byte sequence
    assertThrows(NullPointerException.class, () -> Bytes.readable(null));
  }
}
