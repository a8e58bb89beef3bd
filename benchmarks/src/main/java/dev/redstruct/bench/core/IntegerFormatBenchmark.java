package dev.redstruct.bench.core;

import dev.redstruct.bench.QuickParams;
import dev.redstruct.core.RedisNumbers;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
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
 * Formatting {@code long} to decimal bytes: redstruct's {@code RedisNumbers.ll2string} (Redis
 * {@code ll2string}) into a reused buffer and into a fresh array, against the JDK's {@code
 * Long.toString(v).getBytes(US_ASCII)}. Each variant returns a checksum of length, first and last
 * byte of every string, so all variants must agree. Score: formats per microsecond.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@QuickParams("digits=long") // the digit loop dominates there; --full adds short
public class IntegerFormatBenchmark {
  /** The JDK variant every other variant is compared with. */
  public static final String BASELINE = "jdk";

  /** Digit counts: {@code short} 1 to 4, {@code long} 15 to 19 (plus a sign for a quarter). */
  @Param({"short", "long"})
  public String digits;

  private long[] values;
  private final byte[] buffer = new byte[RedisNumbers.MAX_LONG_CHARS];

  /** Draws the fixed-seed values. */
  @Setup(Level.Trial)
  public void setUp() {
    values = DecimalInputs.values(digits);
  }

  /**
   * redstruct into a reused buffer: no allocation.
   *
   * @return checksum over the formatted strings
   */
  @Benchmark
  @OperationsPerInvocation(DecimalInputs.COUNT)
  public long format_redstruct() {
    long sum = 0;
    for (long v : values) {
      int n = RedisNumbers.ll2string(v, buffer, 0);
      sum += checksum(buffer, n);
    }
    return sum;
  }

  /**
   * redstruct into a new exact-size array, like the JDK variant allocates.
   *
   * @return checksum over the formatted strings
   */
  @Benchmark
  @OperationsPerInvocation(DecimalInputs.COUNT)
  public long format_redstructArray() {
    long sum = 0;
    for (long v : values) {
      byte[] s = RedisNumbers.ll2string(v);
      sum += checksum(s, s.length);
    }
    return sum;
  }

  /**
   * JDK baseline: {@code Long.toString} then ASCII-encode.
   *
   * @return checksum over the formatted strings
   */
  @Benchmark
  @OperationsPerInvocation(DecimalInputs.COUNT)
  public long format_jdk() {
    long sum = 0;
    for (long v : values) {
      byte[] s = Long.toString(v).getBytes(StandardCharsets.US_ASCII);
      sum += checksum(s, s.length);
    }
    return sum;
  }

  private static long checksum(byte[] s, int n) {
    return n * 31L * 31L + s[0] * 31L + s[n - 1];
  }
}
