package dev.redstruct.bench.hll;

import com.clearspring.analytics.stream.cardinality.HyperLogLogPlus;
import dev.redstruct.bench.Goal;
import dev.redstruct.bench.QuickParams;
import dev.redstruct.bench.ResultsMayDiffer;
import dev.redstruct.hll.HyperLogLog;
import java.nio.ByteBuffer;
import java.util.HashSet;
import java.util.concurrent.TimeUnit;
import org.apache.datasketches.hll.HllSketch;
import org.apache.datasketches.hll.TgtHllType;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Adding raw byte elements (hashing included) to a sketch already in its dense / HLL mode (100,000
 * distinct elements in): redstruct ({@code PFADD}'s work), DataSketches {@code HllSketch} lgK=14 as
 * HLL_6 and HLL_8, stream-lib {@code HyperLogLogPlus(14)}, and an exact {@code HashSet} of wrapped
 * byte arrays as the JDK reference; {@code redstructBulk} passes the whole batch to the bulk {@code
 * add(byte[]...)} (one {@code PFADD} of many elements). Score: elements per microsecond. The
 * baseline is DataSketches HLL_6, the peer closest to Redis's 6-bit dense layout.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Goal(operation = "add", variant = "redstruct", atLeast = 1.4)
@Goal(operation = "add", variant = "redstructBulk", atLeast = 2.0)
@QuickParams("elementBytes=16")
@ResultsMayDiffer("each variant returns its own sketch; the structures are not comparable")
public class HyperLogLogAddBenchmark {
  /** DataSketches HLL_6, the variant the goal compares with. */
  public static final String BASELINE = "dataSketchesHll6";

  /** Element length in bytes: a short id and a longer key. */
  @Param({"16", "64"})
  public int elementBytes;

  private byte[][] elements;
  private HyperLogLog redstruct;
  private HyperLogLog redstructBulk;
  private HllSketch hll6;
  private HllSketch hll8;
  private HyperLogLogPlus streamLib;
  private HashSet<ByteBuffer> hashSet;

  /** Builds dense sketches and the element batch (fixed seeds). */
  @Setup(Level.Trial)
  public void setUp() {
    elements = HllInputs.elements(42, HllInputs.BATCH, elementBytes);
    redstruct = HllInputs.redstruct(1, 100_000);
    redstructBulk = HllInputs.redstruct(1, 100_000);
    hll6 = HllInputs.dataSketches(1, 100_000, TgtHllType.HLL_6);
    hll8 = HllInputs.dataSketches(1, 100_000, TgtHllType.HLL_8);
    streamLib = HllInputs.streamLib(1, 100_000);
    hashSet = new HashSet<>();
  }

  /**
   * redstruct, dense: MurmurHash64A plus a 6-bit register read (and write if larger).
   *
   * @return the sketch
   */
  @Benchmark
  @OperationsPerInvocation(HllInputs.BATCH)
  public Object add_redstruct() {
    HyperLogLog h = redstruct;
    for (byte[] e : elements) {
      h.add(e);
    }
    return h;
  }

  /**
   * redstruct, dense, the bulk form: the batch in one {@code add(byte[]...)} call, hashed four
   * elements at a time before their registers are read.
   *
   * @return the sketch
   */
  @Benchmark
  @OperationsPerInvocation(HllInputs.BATCH)
  public Object add_redstructBulk() {
    HyperLogLog h = redstructBulk;
    h.add(elements);
    return h;
  }

  /**
   * DataSketches HllSketch, HLL_6.
   *
   * @return the sketch
   */
  @Benchmark
  @OperationsPerInvocation(HllInputs.BATCH)
  public Object add_dataSketchesHll6() {
    HllSketch h = hll6;
    for (byte[] e : elements) {
      h.update(e);
    }
    return h;
  }

  /**
   * DataSketches HllSketch, HLL_8.
   *
   * @return the sketch
   */
  @Benchmark
  @OperationsPerInvocation(HllInputs.BATCH)
  public Object add_dataSketchesHll8() {
    HllSketch h = hll8;
    for (byte[] e : elements) {
      h.update(e);
    }
    return h;
  }

  /**
   * stream-lib HyperLogLogPlus(14), normal (dense) mode.
   *
   * @return the sketch
   */
  @Benchmark
  @OperationsPerInvocation(HllInputs.BATCH)
  public Object add_streamLib() {
    HyperLogLogPlus h = streamLib;
    for (byte[] e : elements) {
      h.offer(e);
    }
    return h;
  }

  /**
   * Exact reference: a HashSet of ByteBuffer views (after the first call, all duplicates).
   *
   * @return the set
   */
  @Benchmark
  @OperationsPerInvocation(HllInputs.BATCH)
  public Object add_hashSet() {
    HashSet<ByteBuffer> s = hashSet;
    for (byte[] e : elements) {
      s.add(ByteBuffer.wrap(e));
    }
    return s;
  }
}
