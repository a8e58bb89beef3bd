package dev.redstruct.bench.hll;

import com.clearspring.analytics.stream.cardinality.HyperLogLogPlus;
import dev.redstruct.bench.QuickParams;
import dev.redstruct.bench.ResultsMayDiffer;
import dev.redstruct.hll.HyperLogLog;
import java.io.IOException;
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
 * Serializing a sketch to bytes and loading it back (with validation where the library does it):
 * redstruct {@code toByteArray} / {@code copyOf} (the Redis string value, checked like Redis),
 * DataSketches HLL_6 {@code toCompactByteArray} / {@code heapify}, stream-lib {@code getBytes} /
 * {@code Builder.build}. A HashSet has no comparable byte form, so the JDK reference is a copy of
 * the redstruct bytes ({@code byte[].clone}), the floor for any serializer. Score: operations per
 * microsecond. {@code n} = distinct elements (1000: redstruct sparse; 1000000: dense).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@QuickParams("n=1000000")
@ResultsMayDiffer("each library has its own byte format")
public class HyperLogLogSerializeBenchmark {
  /** DataSketches HLL_6. */
  public static final String BASELINE = "dataSketchesHll6";

  /** Distinct elements in the sketch. */
  @Param({"1000", "1000000"})
  public int n;

  private HyperLogLog redstruct;
  private HllSketch hll6;
  private HyperLogLogPlus streamLib;
  private byte[] redstructBytes;
  private byte[] hll6Bytes;
  private byte[] streamLibBytes;

  /**
   * Builds the sketches and their serialized forms (fixed seed).
   *
   * @throws IOException never
   */
  @Setup(Level.Trial)
  public void setUp() throws IOException {
    redstruct = HllInputs.redstruct(9, n);
    hll6 = HllInputs.dataSketches(9, n, TgtHllType.HLL_6);
    streamLib = HllInputs.streamLib(9, n);
    redstructBytes = redstruct.toByteArray();
    hll6Bytes = hll6.toCompactByteArray();
    streamLibBytes = streamLib.getBytes();
  }

  /**
   * redstruct: the Redis string value.
   *
   * @return the bytes
   */
  @Benchmark
  public byte[] serialize_redstruct() {
    return redstruct.toByteArray();
  }

  /**
   * DataSketches compact form.
   *
   * @return the bytes
   */
  @Benchmark
  public byte[] serialize_dataSketchesHll6() {
    return hll6.toCompactByteArray();
  }

  /**
   * stream-lib.
   *
   * @return the bytes
   * @throws IOException never
   */
  @Benchmark
  public byte[] serialize_streamLib() throws IOException {
    return streamLib.getBytes();
  }

  /**
   * JDK floor: clone an array of the same length as redstruct's.
   *
   * @return the copy
   */
  @Benchmark
  public byte[] serialize_jdkClone() {
    return redstructBytes.clone();
  }

  /**
   * redstruct: copy and validate (isHLLObjectOrReply plus the sparse walk).
   *
   * @return the sketch
   */
  @Benchmark
  public Object deserialize_redstruct() {
    return HyperLogLog.copyOf(redstructBytes);
  }

  /**
   * DataSketches heapify.
   *
   * @return the sketch
   */
  @Benchmark
  public Object deserialize_dataSketchesHll6() {
    return HllSketch.heapify(hll6Bytes);
  }

  /**
   * stream-lib Builder.build.
   *
   * @return the sketch
   * @throws IOException never
   */
  @Benchmark
  public Object deserialize_streamLib() throws IOException {
    return HyperLogLogPlus.Builder.build(streamLibBytes);
  }

  /**
   * JDK floor: clone the redstruct bytes.
   *
   * @return the copy
   */
  @Benchmark
  public byte[] deserialize_jdkClone() {
    return redstructBytes.clone();
  }
}
