package dev.redstruct.bench.set;

import dev.redstruct.bench.Goal;
import dev.redstruct.set.RedisSet;
import dev.redstruct.set.SetCommands;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashSet;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
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
 * SINTER of two hashtable sets of {@code n} strings sharing half their members: {@code SetCommands}
 * answering {@code SINTERCARD 2 a b} (redstruct: iterate the smaller, look up in the other, as
 * sinterGenericCommand) against {@code new HashSet<>(a).retainAll(b)} (the JDK idiom). Both return
 * the intersection's size. Score: intersections per ms.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Goal(operation = "inter", variant = "redstruct", atLeast = 1.0)
public class SetInterBenchmark {
  /** The JDK variant every other variant is compared with. */
  public static final String BASELINE = "hashSet";

  /** Members in each set. */
  @Param({"10000"})
  public int n;

  private RedisSet a;
  private RedisSet b;
  private HashSet<String> ha;
  private HashSet<String> hb;
  private final byte[][] argv = {
    "SINTERCARD".getBytes(StandardCharsets.US_ASCII),
    "2".getBytes(StandardCharsets.US_ASCII),
    "a".getBytes(StandardCharsets.US_ASCII),
    "b".getBytes(StandardCharsets.US_ASCII)
  };
  private final SplittableRandom rnd = new SplittableRandom(1);

  /** Two sets overlapping in n/2 members. */
  @Setup(Level.Trial)
  public void setUp() {
    String[] all = SetInputs.strings(n + n / 2, 0x1A7EL);
    String[] first = Arrays.copyOfRange(all, 0, n);
    String[] second = Arrays.copyOfRange(all, n / 2, n + n / 2);
    a = SetInputs.redisSet(first);
    b = SetInputs.redisSet(second);
    ha = new HashSet<>(Arrays.asList(first));
    hb = new HashSet<>(Arrays.asList(second));
  }

  /**
   * SINTERCARD through the Redis face.
   *
   * @return the intersection's size
   */
  @Benchmark
  public long inter_redstruct() {
    byte[] reply = SetCommands.execute(argv, k -> k[0] == 'a' ? a : b, rnd);
    long v = 0;
    for (int i = 1; reply[i] != '\r'; i++) {
      v = v * 10 + (reply[i] - '0');
    }
    return v;
  }

  /**
   * JDK baseline: copy, then retainAll.
   *
   * @return the intersection's size
   */
  @Benchmark
  public long inter_hashSet() {
    HashSet<String> copy = new HashSet<>(ha);
    copy.retainAll(hb);
    return copy.size();
  }
}
