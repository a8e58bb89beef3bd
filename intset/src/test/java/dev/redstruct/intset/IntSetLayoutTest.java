package dev.redstruct.intset;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.redstruct.core.Bytes;
import org.junit.jupiter.api.Test;

/** The worked example of {@link IntSetLayout}'s Javadoc, field by field. */
class IntSetLayoutTest {
  /** Redis 7.0.15: {@code SADD s 1 2 -3}, {@code DUMP s}: the type-11 body's blob. */
  private static final String WORKED = "02000000" + "03000000" + "fdff" + "0100" + "0200";

  @Test
  void workedExampleFieldByField() {
    byte[] b = Bytes.fromHex(WORKED);
    assertEquals(2, IntSetLayout.encoding(b));
    assertEquals(3, IntSetLayout.length(b));
    assertEquals(-3, IntSetLayout.get(b, 2, 0));
    assertEquals(1, IntSetLayout.get(b, 2, 1));
    assertEquals(2, IntSetLayout.get(b, 2, 2));
    assertEquals(3, IntSetLayout.checkHeader(b, b.length));
  }

  @Test
  void workedExampleIsWhatSaddBuilds() {
    IntSet s = IntSet.create();
    s.add(1);
    s.add(2);
    s.add(-3);
    assertArrayEquals(Bytes.fromHex(WORKED), s.toByteArray());
  }

  @Test
  void valueEncodingBoundaries() {
    assertEquals(2, IntSetLayout.valueEncoding(Short.MIN_VALUE));
    assertEquals(2, IntSetLayout.valueEncoding(Short.MAX_VALUE));
    assertEquals(4, IntSetLayout.valueEncoding(Short.MIN_VALUE - 1));
    assertEquals(4, IntSetLayout.valueEncoding(Short.MAX_VALUE + 1));
    assertEquals(4, IntSetLayout.valueEncoding(Integer.MIN_VALUE));
    assertEquals(4, IntSetLayout.valueEncoding(Integer.MAX_VALUE));
    assertEquals(8, IntSetLayout.valueEncoding(Integer.MIN_VALUE - 1L));
    assertEquals(8, IntSetLayout.valueEncoding(Integer.MAX_VALUE + 1L));
    assertEquals(8, IntSetLayout.valueEncoding(Long.MIN_VALUE));
  }

  @Test
  void lengthIsUnsigned() {
    byte[] b = Bytes.fromHex("02000000ffffffff");
    assertEquals(0xffffffffL, IntSetLayout.length(b));
  }
}
