package dev.redstruct.bench.hll;

import com.clearspring.analytics.stream.cardinality.HyperLogLogPlus;
import dev.redstruct.bench.Goal;
import dev.redstruct.bench.ResultsMayDiffer;
import dev.redstruct.hll.HyperLogLog;
import java.util.HashSet;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.apache.datasketches.hll.HllSketch;
import org.apache.datasketches.hll.TgtHllType;
import org.apache.datasketches.hll.Union;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Merging 100 dense sketches (5000 distinct elements each) into a new one and producing the result
 * sketch: redstruct {@code merge} ({@code PFMERGE dest s1..s100} on a new key), DataSketches {@code
 * Union} (lgMaxK 14) fed HLL_6 sketches with {@code getResult(HLL_8)}, stream-lib {@code addAll},
 * and the exact reference, a HashSet union of the 100 element sets. Score: merges (of all 100) per
 * millisecond.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Goal(operation = "merge", variant = "redstruct", atLeast = 4.0)
@ResultsMayDiffer("each variant returns its own estimate of the union")
public class HyperLogLogMergeBenchmark {
  /** DataSketches Union, the variant the goal compares with. */
  public static final String BASELINE = "dataSketchesUnion";

  static final int SKETCHES = 100;
  static final int PER_SKETCH = 5000;

  private HyperLogLog[] redstruct;
  private HllSketch[] hll6;
  private HyperLogLogPlus[] streamLib;
  private HashSet<Long>[] sets;

  /** Builds the 100 inputs of each kind (fixed seeds). */
  @Setup(Level.Trial)
  @SuppressWarnings("unchecked")
  public void setUp() {
    redstruct = new HyperLogLog[SKETCHES];
    hll6 = new HllSketch[SKETCHES];
    streamLib = new HyperLogLogPlus[SKETCHES];
    sets = new HashSet[SKETCHES];
    for (int i = 0; i < SKETCHES; i++) {
      redstruct[i] = HllInputs.redstruct(100 + i, PER_SKETCH);
      redstruct[i].toDense();
      hll6[i] = HllInputs.dataSketches(100 + i, PER_SKETCH, TgtHllType.HLL_6);
      streamLib[i] = HllInputs.streamLib(100 + i, PER_SKETCH);
      sets[i] = new HashSet<>();
      SplittableRandom rnd = new SplittableRandom(100 + i);
      for (int j = 0; j < PER_SKETCH; j++) {
        sets[i].add(rnd.nextLong());
      }
    }
  }

  /**
   * redstruct: one PFMERGE into a new sketch.
   *
   * @return the merged sketch
   */
  @Benchmark
  public Object merge_redstruct() {
    HyperLogLog dest = HyperLogLog.create();
    dest.merge(redstruct);
    return dest;
  }

  /**
   * DataSketches: Union of the 100, then the result sketch.
   *
   * @return the result sketch
   */
  @Benchmark
  public Object merge_dataSketchesUnion() {
    Union u = new Union(HllInputs.LG_K);
    for (HllSketch s : hll6) {
      u.update(s);
    }
    return u.getResult(TgtHllType.HLL_8);
  }

  /**
   * stream-lib: addAll into a new HyperLogLogPlus.
   *
   * @return the merged sketch
   * @throws Exception never for equal precisions
   */
  @Benchmark
  public Object merge_streamLib() throws Exception {
    HyperLogLogPlus dest = new HyperLogLogPlus(HllInputs.LG_K);
    for (HyperLogLogPlus s : streamLib) {
      dest.addAll(s);
    }
    return dest;
  }

  /**
   * Exact reference: the union of the 100 sets.
   *
   * @return the union's size
   */
  @Benchmark
  public int merge_hashSet() {
    HashSet<Long> u = new HashSet<>();
    for (HashSet<Long> s : sets) {
      u.addAll(s);
    }
    return u.size();
  }
}
