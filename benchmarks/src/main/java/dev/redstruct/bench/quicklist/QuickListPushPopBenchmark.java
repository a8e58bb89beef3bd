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
 * -2, no compression) against {@code ArrayDeque<byte[]>} holding the same arrays. {@code redstruct}
 * pops into a caller's buffer ({@code popTail(byte[], int)}, nothing allocated); {@code
 * redstructOwning} pops a new {@code byte[]} ({@code popTail()}). Score: push+pop pairs per
 * microsecond. Goal: {@code redstruct} at least 0.25 times ArrayDeque (issue #30).
 */
@State(Scope.Benchmark)
@QuickParams("n=1000")
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Goal(operation = "lpushRpop", variant = "redstruct", atLeast = 0.25)
@Goal(operation = "rpushLpop", variant = "redstruct", atLeast = 0.25)
public class QuickListPushPopBenchmark {
  /** The JDK variant every other variant is compared with. */
  public static final String BASELINE = "arrayDeque";

  /** Elements in the list. */
  @Param({"1000", "100000", "1000000"})
  public int n;

  private byte[][] bytes;
  private QuickList ql;
  private ArrayDeque<byte[]> deque;
  private final byte[] out = new byte[64];
  private int i;

  /** Builds both lists from the same fixed-seed values. */
  @Setup(Level.Trial)
  public void setUp() {
    bytes = QuickListInputs.bytes(QuickListInputs.shortStrings(n));
    ql = QuickListInputs.quickList(bytes, 0);
    deque = new ArrayDeque<>(Arrays.asList(bytes));
  }

  private int next() {
    i = i + 1 == n ? 0 : i + 1;
    return i;
  }

  /**
   * LPUSH + RPOP on the QuickList, popping into a reused buffer.
   *
   * @return the popped element's length
   */
  @Benchmark
  public int lpushRpop_redstruct() {
    ql.pushHead(bytes[next()]);
    return ql.popTail(out, 0);
  }

  /**
   * LPUSH + RPOP on the QuickList, the pop returning a new array.
   *
   * @return the popped element's length
   */
  @Benchmark
  public int lpushRpop_redstructOwning() {
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
    deque.addFirst(bytes[next()]);
    return deque.pollLast().length;
  }

  /**
   * RPUSH + LPOP on the QuickList, popping into a reused buffer.
   *
   * @return the popped element's length
   */
  @Benchmark
  public int rpushLpop_redstruct() {
    ql.pushTail(bytes[next()]);
    return ql.popHead(out, 0);
  }

  /**
   * RPUSH + LPOP on the QuickList, the pop returning a new array.
   *
   * @return the popped element's length
   */
  @Benchmark
  public int rpushLpop_redstructOwning() {
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
    deque.addLast(bytes[next()]);
    return deque.pollFirst().length;
  }
}
