package dev.redstruct.rdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class KeySlotTest {
  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void crc16CheckValueFromRedisCrc16Header() {
    // src/crc16.c (7.0.15) header: "Output for "123456789" : 31C3"; also the XMODEM check value
    assertEquals(0x31c3, KeySlot.crc16(b("123456789"), 0, 9));
    assertEquals(0x31c3 & 16383, KeySlot.of("123456789"));
  }

  @Test
  void hashTagsFollowTheClusterSpecificationExamples() {
    // Redis Cluster specification, "Hash tags": the four example keys and what is hashed
    assertEquals(KeySlot.of("user1000"), KeySlot.of("{user1000}.following"));
    assertEquals(KeySlot.of("user1000"), KeySlot.of("{user1000}.followers"));
    assertEquals(KeySlot.of("bar"), KeySlot.of("foo{bar}{zap}"));
    assertEquals(KeySlot.crc16(b("foo{}{bar}"), 0, 10) & 16383, KeySlot.of("foo{}{bar}"));
    assertEquals(KeySlot.of("{bar"), KeySlot.of("foo{{bar}}zap"));
    assertEquals(KeySlot.crc16(b("foo{bar"), 0, 7) & 16383, KeySlot.of("foo{bar"));
    assertEquals(KeySlot.crc16(b("foo}bar{"), 0, 8) & 16383, KeySlot.of("foo}bar{"));
  }

  @Test
  void emptyKeyIsSlotZeroAndNullIsNamed() {
    assertEquals(0, KeySlot.of(new byte[0]));
    NullPointerException e =
        assertThrows(NullPointerException.class, () -> KeySlot.of((byte[]) null));
    assertEquals("key", e.getMessage());
  }
}
