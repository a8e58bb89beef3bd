package dev.redstruct.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class CorruptEncodingExceptionTest {
  @Test
  void messageNamesFormatOffsetReasonAndWindow() {
    byte[] input = {
      0x0f, 0, 0, 0, 0x0c, 0, 0, 0, 2, 0, 0, (byte) 0xf3, 2, (byte) 0xf6, (byte) 0xff
    };
    CorruptEncodingException e = new CorruptEncodingException("ziplist", 11, "bad encoding", input);
    assertEquals(
        "corrupt ziplist at offset 11: bad encoding [.. 00 0c 00 00 00 02 00 00 <f3> 02 f6 ff]",
        e.getMessage());
    assertEquals(11, e.offset());
  }
}
