package dev.redstruct.bench.quicklist;

import dev.redstruct.bench.Goal;
import dev.redstruct.bench.QuickParams;
import dev.redstruct.quicklist.QuickList;
import java.util.Arrays;
import java.util.LinkedList;
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
 * {@code get(size/2)} ({@code LINDEX}) on a list of {@code n} short strings and integers: the
 * QuickList skips whole nodes by their counts, then seeks inside one listpack; {@code LinkedList}
 * walks half the list. Score: lookups per microsecond. Goal: at least 10 times LinkedList at 10^5
 * and 10^6 (at 10^3 one node holds the list).
 */
@State(Scope.Benchmark)
@QuickParams("n=1000")
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Goal(operation = "getMiddle", variant = "redstruct", atLeast = 10, params = "n=100000")
@Goal(operation = "getMiddle", variant = "redstruct", atLeast = 10, params = "n=1000000")
public class QuickListGetBenchmark {
  /** The JDK variant every other variant is compared with. */
  public static final String BASELINE = "linkedList";

  /** Elements in the list. */
  @Param({"1000", "100000", "1000000"})
  public int n;

  private QuickList ql;
  private LinkedList<String> linked;

  /** Builds both lists from the same fixed-seed values. */
  @Setup(Level.Trial)
  public void setUp() {
    String[] strings = QuickListInputs.shortStrings(n);
    ql = QuickListInputs.quickList(QuickListInputs.bytes(strings), 0);
    linked = new LinkedList<>(Arrays.asList(strings));
  }

  /**
   * The middle element of the QuickList.
   *
   * @return its length
   */
  @Benchmark
  public int getMiddle_redstruct() {
    return ql.get(n / 2).length;
  }

  /**
   * The middle element of the LinkedList.
   *
   * @return its length
   */
  @Benchmark
  public int getMiddle_linkedList() {
    return linked.get(n / 2).length();
  }
}
