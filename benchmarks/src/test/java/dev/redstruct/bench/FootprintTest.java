package dev.redstruct.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class FootprintTest {

  @Test
  void marginalCostOfALongArrayIsEightBytes() {
    // JLS 4.2.1: a long is 64 bits; array elements are laid out contiguously, so only the header
    // (and its padding, which a multiple of 8 elements does not change) separates size(n) and
    // size(0).
    assertEquals(8.0, Footprint.marginalBytesPerElement(long[]::new, 1024));
  }

  @Test
  void bytesPerElementIncludesTheFixedCost() {
    double perElement = Footprint.bytesPerElement(() -> new long[16], 16);
    assertTrue(perElement > 8.0, "header spread over 16 elements: " + perElement);
    assertEquals(Footprint.totalBytes(new long[16]) / 16.0, perElement);
  }

  @Test
  void rejectsNonPositiveCounts() {
    assertThrows(IllegalArgumentException.class, () -> Footprint.bytesPerElement(Object::new, 0));
    assertThrows(
        IllegalArgumentException.class, () -> Footprint.marginalBytesPerElement(long[]::new, -1));
  }
}
