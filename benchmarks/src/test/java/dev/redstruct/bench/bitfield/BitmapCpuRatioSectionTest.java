package dev.redstruct.bench.bitfield;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.bench.SectionResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The section's goals are the JMH classes' own, and its table reads the child's lines. The child
 * itself is not run here: it measures for seconds and takes JMH's lock; the report runs it.
 */
class BitmapCpuRatioSectionTest {
  @Test
  void goalsComeFromTheJmhClasses() {
    assertEquals(1.0, BitmapCpuRatioSection.goal("bitCount"));
    assertEquals(1.0, BitmapCpuRatioSection.goal("and"));
    assertEquals(0.8, BitmapCpuRatioSection.goal("getBit"));
    assertEquals(0.8, BitmapCpuRatioSection.goal("setBit"));
    assertTrue(Double.isNaN(BitmapCpuRatioSection.goal("or")));
  }

  @Test
  void tableHasOneRowPerRatioLineWithAVerdict() {
    String child =
        "ratio bitCount 41705.820 28811.713 1.450 1.393 1.470\n"
            + "noise\n"
            + "ratio and 27040.920 27207.827 0.990 0.979 1.024\n";
    SectionResult r = BitmapCpuRatioSection.table(child, 41);
    assertEquals(2, r.rows().size());
    assertEquals(
        List.of("bitCount", "41706", "28812", "1.45", "1.393..1.470", "PASS >= 1"),
        r.rows().get(0));
    assertEquals("MISS >= 1", r.rows().get(1).get(5));
    assertEquals(2, r.checks().size());
    assertEquals("operation=and", r.checks().get(1).name());
    assertEquals("ratio", r.checks().get(1).measure());
  }
}
