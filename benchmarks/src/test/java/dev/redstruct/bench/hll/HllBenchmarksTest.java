package dev.redstruct.bench.hll;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.clearspring.analytics.stream.cardinality.HyperLogLogPlus;
import dev.redstruct.hll.HyperLogLog;
import org.apache.datasketches.hll.HllSketch;
import org.junit.jupiter.api.Test;

/**
 * The hll benchmarks' results checked for meaning (the generic sanity test only runs them, since
 * different sketches legitimately give different estimates): every estimate of the same union is
 * within 3% of the exact HashSet answer.
 */
class HllBenchmarksTest {

  private static void near(double estimate, double exact, String what) {
    assertTrue(Math.abs(estimate - exact) / exact < 0.03, what + ": " + estimate + " vs " + exact);
  }

  @Test
  void mergeVariantsAgreeWithTheExactUnion() throws Exception {
    HyperLogLogMergeBenchmark b = new HyperLogLogMergeBenchmark();
    b.setUp();
    int exact = b.merge_hashSet();
    assertTrue(exact > 490_000);
    HyperLogLog r = (HyperLogLog) b.merge_redstruct();
    assertTrue(r.isDense());
    near(r.count(), exact, "redstruct");
    near(((HllSketch) b.merge_dataSketchesUnion()).getEstimate(), exact, "DataSketches");
    near(((HyperLogLogPlus) b.merge_streamLib()).cardinality(), exact, "stream-lib");
  }

  @Test
  void countVariantsAgreeWithTheExactSize() {
    HyperLogLogCountBenchmark b = new HyperLogLogCountBenchmark();
    b.n = 100_000;
    b.setUp();
    int exact = b.count_hashSet();
    assertEquals(100_000, exact);
    near(b.count_redstruct(), exact, "redstruct");
    near(b.count_dataSketchesHll6(), exact, "DataSketches");
    near(b.count_streamLib(), exact, "stream-lib");
  }

  @Test
  void serializedFormsRoundTrip() throws Exception {
    HyperLogLogSerializeBenchmark b = new HyperLogLogSerializeBenchmark();
    b.n = 1000;
    b.setUp();
    HyperLogLog back = (HyperLogLog) b.deserialize_redstruct();
    assertArrayEquals(b.serialize_redstruct(), back.toByteArray());
    assertArrayEquals(b.serialize_redstruct(), b.serialize_jdkClone());
  }

  @Test
  void accuracyCheckpointsAreDecadesAndThrees() {
    assertArrayEquals(
        new int[] {10, 30, 100, 300, 1000, 3000, 10_000, 30_000, 100_000},
        HllAccuracySection.checkpoints(100_000));
  }
}
