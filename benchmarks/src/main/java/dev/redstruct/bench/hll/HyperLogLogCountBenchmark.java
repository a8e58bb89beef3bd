package dev.redstruct.bench.hll;

import com.clearspring.analytics.stream.cardinality.HyperLogLogPlus;
import dev.redstruct.bench.QuickParams;
import dev.redstruct.bench.ResultsMayDiffer;
import dev.redstruct.hll.HyperLogLog;
import java.util.HashSet;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.apache.datasketches.hll.HllSketch;
import org.apache.datasketches.hll.TgtHllType;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Estimating the cardinality with a stale cache ({@code PFCOUNT} right after a {@code PFADD} that
 * changed a register): redstruct recomputes Ertl's estimator over all 16384 registers; DataSketches
 * {@code getEstimate} reads its incrementally kept HIP estimate (O(1)) while {@code
 * getCompositeEstimate} scans the registers; stream-lib scans; a HashSet knows its size. Score:
 * estimates per microsecond. Parameter {@code n} = distinct elements in the sketch (1000 keeps
 * redstruct sparse, 100000 is dense).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@QuickParams("n=100000")
@ResultsMayDiffer("each sketch has its own estimate")
public class HyperLogLogCountBenchmark {
  /** DataSketches HLL_6 (scan-free estimate). */
  public static final String BASELINE = "dataSketchesHll6";

  /** Distinct elements added before counting. */
  @Param({"1000", "100000"})
  public int n;

  private byte[] state;
  private HyperLogLog redstruct;
  private HllSketch hll6;
  private HyperLogLogPlus streamLib;
  private HashSet<Long> hashSet;

  /** Builds the sketches (fixed seed). */
  @Setup(Level.Trial)
  public void setUp() {
    state = HllInputs.redstruct(7, n).toByteArray();
    // wrap keeps our array as the sketch's state (a fixed-size dense array never moves, and no
    // write grows a sparse one here), so setting the stale flag below forces a real recount.
    redstruct = HyperLogLog.wrap(state);
    hll6 = HllInputs.dataSketches(7, n, TgtHllType.HLL_6);
    streamLib = HllInputs.streamLib(7, n);
    hashSet = new HashSet<>();
    SplittableRandom rnd = new SplittableRandom(7);
    for (int i = 0; i < n; i++) {
      hashSet.add(rnd.nextLong());
    }
  }

  /**
   * redstruct {@code count()} with the cache marked stale (hllCount over the registers).
   *
   * @return the estimate
   */
  @Benchmark
  public long count_redstruct() {
    state[15] |= (byte) 0x80;
    return redstruct.count();
  }

  /**
   * DataSketches HLL_6 {@code getEstimate} (HIP, kept up to date by every update).
   *
   * @return the estimate
   */
  @Benchmark
  public double count_dataSketchesHll6() {
    return hll6.getEstimate();
  }

  /**
   * DataSketches HLL_6 {@code getCompositeEstimate} (scans the registers).
   *
   * @return the estimate
   */
  @Benchmark
  public double count_dataSketchesHll6Composite() {
    return hll6.getCompositeEstimate();
  }

  /**
   * stream-lib HyperLogLogPlus {@code cardinality}.
   *
   * @return the estimate
   */
  @Benchmark
  public long count_streamLib() {
    return streamLib.cardinality();
  }

  /**
   * Exact reference: {@code HashSet.size()}.
   *
   * @return the size
   */
  @Benchmark
  public int count_hashSet() {
    return hashSet.size();
  }
}
