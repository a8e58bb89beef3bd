package dev.redstruct.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
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

  @Test
  void listFootprintComparesEachLayoutWithTheBaselineInTheSameState() {
    // marginal cost: 1 byte per byte[] element, 8 per long[] element (JLS 4.2.1), so the byte[]
    // layouts' marginal ratio to long[] is exactly 1/8
    SectionResult r =
        ListFootprint.against("long[]")
            .layout("bytes (appended)", false, byte[]::new)
            .layout("bytes (trimmed)", true, byte[]::new)
            .layout("longs (appended)", false, long[]::new)
            .layout("longs (trimmed)", true, long[]::new)
            .baselines("longs (appended)", "longs (trimmed)")
            .goal("bytes (trimmed)", "bytes (appended)", n -> 0.25)
            .withMarginal()
            .measure(64)
            .build();
    assertEquals(
        List.of("n", "layout", "bytes/element", "x long[]", "target", "marginal", "x"),
        r.columns());
    assertEquals(4, r.rows().size());
    assertEquals(List.of("64", "bytes (appended)"), r.rows().get(0).subList(0, 2));
    assertEquals("(pass)", r.rows().get(0).get(4));
    assertEquals("0.125", r.rows().get(1).get(6));
    assertEquals("1.00", r.rows().get(3).get(3));
    assertEquals(1, r.checks().size());
    SectionResult.Check c = r.checks().get(0);
    assertTrue(c.verdict().pass(), c.toString());
    assertEquals("n=64 layout=bytes (trimmed)", c.name());
    assertEquals("x long[]", c.measure());
    assertThrows(IllegalStateException.class, () -> ListFootprint.against("x").measure(1));
  }
}
