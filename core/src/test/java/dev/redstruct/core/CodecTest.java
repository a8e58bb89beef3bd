package dev.redstruct.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** Examples of the built-in {@link Codec}s. */
class CodecTest {
  @Test
  void utf8() {
    Codec<String> c = Codec.utf8();
    assertArrayEquals(Bytes.utf8("h\u00e9"), c.encode("h\u00e9"));
    assertEquals("h\u00e9", c.decode(Bytes.utf8("h\u00e9")));
    assertEquals("\u00e9", c.decode(Bytes.utf8("xh\u00e9"), 2, 2));
    assertThrows(NullPointerException.class, () -> c.encode(null));
    assertEquals("Codec.utf8()", c.toString());
  }

  @Test
  void bytesCopiesBothWays() {
    Codec<byte[]> c = Codec.bytes();
    byte[] v = {1, 2, 3};
    byte[] enc = c.encode(v);
    assertArrayEquals(v, enc);
    assertNotSame(v, enc);
    byte[] dec = c.decode(v, 1, 2);
    assertArrayEquals(new byte[] {2, 3}, dec);
    assertThrows(IndexOutOfBoundsException.class, () -> c.decode(v, 2, 2));
    assertThrows(NullPointerException.class, () -> c.encode(null));
  }

  /** Longs as Redis stores integers: canonical decimal (src/util.c ll2string / string2ll). */
  @Test
  void longs() {
    Codec<Long> c = Codec.longs();
    assertArrayEquals(Bytes.utf8("-9223372036854775808"), c.encode(Long.MIN_VALUE));
    assertArrayEquals(Bytes.utf8("0"), c.encode(0L));
    assertEquals(Long.MAX_VALUE, c.decode(Bytes.utf8("9223372036854775807")));
    assertEquals(-12, c.decode(Bytes.utf8("a-12b"), 1, 3));
    assertThrows(NumberFormatException.class, () -> c.decode(Bytes.utf8("+1")));
    assertThrows(NumberFormatException.class, () -> c.decode(Bytes.utf8("01")));
    assertThrows(NumberFormatException.class, () -> c.decode(Bytes.utf8("-0")));
    assertThrows(NullPointerException.class, () -> c.encode(null));
  }
}
