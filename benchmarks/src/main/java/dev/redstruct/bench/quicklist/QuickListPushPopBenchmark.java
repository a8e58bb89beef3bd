package dev.redstruct.bench.quicklist;

import dev.redstruct.bench.Goal;
import dev.redstruct.bench.QuickParams;
import dev.redstruct.quicklist.QuickList;
import java.util.ArrayDeque;
import java.util.Arrays;
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
 * Push at one end and pop at the other on a list of {@code n} short strings and integers (a queue
 * in steady state, {@code LPUSH} + {@code RPOP} and {@code RPUSH} + {@code LPOP}), QuickList (fill
 * -2, no compression) against {@code ArrayDeque<String>}. Score: push+pop pairs per microsecond.
 * Goal: at least 0.5 times ArrayDeque.
 */
@State(Scope.Benchmark)
@QuickParams("n=1000")
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Goal(operation = "lpushRpop", variant = "redstruct", atLeast = 0.5)
@Goal(operation = "rpushLpop", variant = "redstruct", atLeast = 0.5)
public class QuickListPushPopBenchmark {
  /** The JDK variant every other variant is compared with. */
  public static final String BASELINE = "arrayDeque";

  /** Elements in the list. */
  @Param({"1000", "100000", "1000000"})
  public int n;

  private byte[][] bytes;
  private String[] strings;
  private QuickList ql;
  private ArrayDeque<String> deque;
  private int i;

  /** Builds both lists from the same fixed-seed values. */
  @Setup(Level.Trial)
  public void setUp() {
    strings = QuickListInputs.shortStrings(n);
    bytes = QuickListInputs.bytes(strings);
    ql = QuickListInputs.quickList(bytes, 0);
    deque = new ArrayDeque<>(Arrays.asList(strings));
  }

  private int next() {
    i = i + 1 == n ? 0 : i + 1;
    return i;
  }

  /**
   * LPUSH + RPOP on the QuickList.
   *
   * @return the popped element's length
   */
  @Benchmark
  public int lpushRpop_redstruct() {
    ql.pushHead(bytes[next()]);
    return ql.popTail().length;
  }

  /**
   * addFirst + pollLast on the ArrayDeque.
   *
   * @return the popped element's length
   */
  @Benchmark
  public int lpushRpop_arrayDeque() {
    deque.addFirst(strings[next()]);
    return deque.pollLast().length();
  }

  /**
   * RPUSH + LPOP on the QuickList.
   *
   * @return the popped element's length
   */
  @Benchmark
  public int rpushLpop_redstruct() {
    ql.pushTail(bytes[next()]);
    return ql.popHead().length;
  }

  /**
   * addLast + pollFirst on the ArrayDeque.
   *
   * @return the popped element's length
   */
  @Benchmark
  public int rpushLpop_arrayDeque() {
    deque.addLast(strings[next()]);
    return deque.pollFirst().length();
  }
}
