package dev.redstruct.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class PayloadBoundsTest {
  private static byte[] hex(String s) {
    return HexFormat.of().parseHex(s);
  }

  /** Without a footer: the guard counts the footer's bytes as room (RESTORE reads into it). */
  private static byte[] payload(String valueHex) {
    return hex(valueHex);
  }

  /**
   * The payload that stalled Redis 7.0.15 for over a minute in CI (issue 27, seed 4014323025633,
   * payload #3313): type 5 with a 32-bit count 0xC0430000 = 3,225,616,384.
   */
  @Test
  void theStallingPayloadIsKeptAway() {
    byte[] p = payload("0580c0430000" + "00".repeat(203 - 6));
    assertEquals(203, p.length);
    assertEquals(3_225_616_384L, PayloadBounds.declaredCount(p));
    assertFalse(PayloadBounds.countFitsBytes(p));
  }

  /**
   * A value that ends inside the footer loads in Redis (RESTORE never checks where the value ends):
   * this payload from seed 4014323025633 reads its second score from the version and CRC, and both
   * Redis and redstruct accept it, so it must reach the server.
   */
  @Test
  void theFooterIsRoom() {
    byte[] p = hex("0502046d3635391587216e5327de43c0060a00fdf22839b8b3bd39");
    assertEquals(2, PayloadBounds.declaredCount(p));
    assertTrue(PayloadBounds.countFitsBytes(p));
  }

  /** Each length form (6, 14, 32, 64 bits) and each type's minimum element size, at the edge. */
  @Test
  void countsAtTheEdgeOfTheirBytes() {
    // type 2 (set): 3 members need at least 3 bytes
    assertTrue(PayloadBounds.countFitsBytes(payload("0203" + "000000")));
    assertFalse(PayloadBounds.countFitsBytes(payload("0204" + "000000")));
    // type 5 (zset2): 9 bytes per member
    assertTrue(PayloadBounds.countFitsBytes(payload("0502" + "00".repeat(18))));
    assertFalse(PayloadBounds.countFitsBytes(payload("0503" + "00".repeat(18))));
    // type 4 (hash) with a 14-bit count 0x0101 = 257 pairs in 513 bytes
    assertEquals(257, PayloadBounds.declaredCount(payload("044101")));
    assertFalse(PayloadBounds.countFitsBytes(payload("044101" + "00".repeat(513))));
    assertTrue(PayloadBounds.countFitsBytes(payload("044101" + "00".repeat(514))));
    // 64-bit count with the top bit set
    assertEquals(Long.MAX_VALUE, PayloadBounds.declaredCount(payload("0181ff00000000000000")));
    assertFalse(PayloadBounds.countFitsBytes(payload("0181ff00000000000000")));
    // 11xxxxxx: Redis reads the low 6 bits as the count
    assertEquals(5, PayloadBounds.declaredCount(payload("03c5")));
  }

  /** Types without a leading count, and counts that cannot be read, always pass. */
  @Test
  void otherTypesPass() {
    assertEquals(-1, PayloadBounds.declaredCount(payload("000568656c6c6f")));
    assertTrue(PayloadBounds.countFitsBytes(hex("00")));
    assertTrue(PayloadBounds.countFitsBytes(hex("")));
    assertTrue(PayloadBounds.countFitsBytes(payload("0b0000")));
    assertTrue(PayloadBounds.countFitsBytes(payload("0582")));
    assertTrue(PayloadBounds.countFitsBytes(hex("0580c043")));
  }
}
