package dev.redstruct.bench.core;

import dev.redstruct.bench.Goal;
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
 * Parsing decimal byte strings to {@code long}: redstruct's {@code RedisNumbers.parseCanonicalLong}
 * (Redis {@code string2ll}, which also rejects non-canonical forms) against the JDK's {@code
 * Long.parseLong(new String(bytes, US_ASCII))}, the usual way to read an integer out of bytes.
 * Score: parses per microsecond.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Goal(operation = "parse", variant = "redstruct", atLeast = 1.0)
public class IntegerParseBenchmark {
  /** The JDK variant every other variant is compared with. */
  public static final String BASELINE = "jdk";

  /** Digit counts: {@code short} 1 to 4, {@code long} 15 to 19 (plus a sign for a quarter). */
  @Param({"short", "long"})
  public String digits;

  private byte[][] strings;

  /** Formats the fixed-seed values into separate byte arrays, as they would arrive off a wire. */
  @Setup(Level.Trial)
  public void setUp() {
    long[] values = DecimalInputs.values(digits);
    strings = new byte[values.length][];
    for (int i = 0; i < values.length; i++) {
      strings[i] = Long.toString(values[i]).getBytes(StandardCharsets.US_ASCII);
    }
  }

  /**
   * redstruct: validate canonical form and accumulate, no allocation.
   *
   * @return the sum of the parsed values
   */
  @Benchmark
  @OperationsPerInvocation(DecimalInputs.COUNT)
  public long parse_redstruct() {
    long sum = 0;
    for (byte[] s : strings) {
      sum += RedisNumbers.parseCanonicalLong(s, 0, s.length);
    }
    return sum;
  }

  /**
   * JDK baseline: decode to a {@code String}, then {@code Long.parseLong}.
   *
   * @return the sum of the parsed values
   */
  @Benchmark
  @OperationsPerInvocation(DecimalInputs.COUNT)
  public long parse_jdk() {
    long sum = 0;
    for (byte[] s : strings) {
      sum += Long.parseLong(new String(s, StandardCharsets.US_ASCII));
    }
    return sum;
  }
}
