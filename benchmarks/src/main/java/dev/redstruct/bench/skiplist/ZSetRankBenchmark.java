package dev.redstruct.bench.skiplist;

import dev.redstruct.bench.Goal;
import dev.redstruct.bench.ResultsMayDiffer;
import dev.redstruct.skiplist.ZSet;
import java.util.TreeSet;
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
 * ZRANK with spans versus the cost of one TreeSet lookup: the composite has no rank short of an
 * O(n) walk ({@code headSet(x).size()}), so the target compares redstruct's O(log n) rank with the
 * composite's O(log n) {@code contains}. Score: operations per microsecond (1024 per invocation).
 *
 * <p>Each structure lives in a state of its own ({@link SetState}, {@link CompositeState}) built in
 * trial setup, so a fork builds only the structure it measures, and the setup then runs the
 * measured loop {@code WARM_CALLS} times, so that the warmup iterations warm a compiled path.
 * (Until the rank work of issue 5 the structures were built lazily by the first call, which made
 * the quick report's single warmup iteration all build: both sides were then JIT-compiled inside
 * the measured iterations, a cost unrelated to either structure.)
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Goal(operation = "rank", variant = "redstruct", atLeast = 1.0, params = "size=1000000")
@Goal(operation = "rankRotating", variant = "redstruct", atLeast = 1.0, params = "size=1000000")
public class ZSetRankBenchmark {
  /** The cost reference: a TreeSet lookup. */
  public static final String BASELINE = "treeSetLookup";

  private static final int OPS = 1024;

  /**
   * Calls of the measured loop made by each state's setup, so that the quick report's single 200 ms
   * warmup iteration does not end before C2 has compiled the measured path: on the shared 2-core
   * machine that took up to a second for the rank path, and the quick report then timed the
   * interpreter. Both sides get the same number of calls.
   */
  private static final int WARM_CALLS = 300;

  /** Fixed-seed members and probes, shared by both structures' states. */
  @State(Scope.Benchmark)
  public static class Inputs {
    /** Members in the set. */
    @Param({"1000", "1000000"})
    public int size;

    ZSetInputs in;
    byte[][] probes;
    ZSetInputs.Scored[] probeKeys;
    // Rotating probes: every member in a fixed-seed shuffle, the first OPS repeated at the end.
    byte[][] rotation;
    ZSetInputs.Scored[] rotationKeys;

    /** Draws the members and fixed-seed probes of present members. */
    @Setup(Level.Trial)
    public void setUp() {
      in = new ZSetInputs(size, 0x2A5E7L);
      probes = new byte[OPS][];
      probeKeys = new ZSetInputs.Scored[OPS];
      java.util.SplittableRandom rnd = new java.util.SplittableRandom(11);
      for (int i = 0; i < OPS; i++) {
        int k = rnd.nextInt(size);
        probes[i] = in.bytes[k];
        probeKeys[i] = new ZSetInputs.Scored(in.names[k], in.scores[k]);
      }
      int[] shuffle = ZSetInputs.shuffle(size, 29);
      rotation = new byte[size + OPS][];
      rotationKeys = new ZSetInputs.Scored[size + OPS];
      for (int i = 0; i < size + OPS; i++) {
        int k = shuffle[i % size];
        rotation[i] = in.bytes[k];
        rotationKeys[i] =
            i < size ? new ZSetInputs.Scored(in.names[k], in.scores[k]) : rotationKeys[i - size];
      }
    }

    /** Advances a rotating cursor by one call's probes. */
    int next(int at) {
      return (at + OPS) % size;
    }
  }

  /** The sorted set. */
  @State(Scope.Benchmark)
  public static class SetState {
    Inputs inputs;
    ZSet zset;
    int at; // next rotating probe
    long warmed; // keeps the warmup calls' results alive

    /**
     * Adds every member.
     *
     * @param i the inputs
     */
    @Setup(Level.Trial)
    public void build(Inputs i) {
      inputs = i;
      zset = i.in.zset(i.size);
      long sink = 0;
      for (int k = 0; k < WARM_CALLS; k++) {
        sink += ranks(zset, i.probes);
      }
      warmed = sink;
    }
  }

  /** The sorted set ordered by the zskiplist instead of the default B+ tree (issue 29). */
  @State(Scope.Benchmark)
  public static class ZSkipListState {
    Inputs inputs;
    ZSet zset;
    int at; // next rotating probe
    long warmed; // keeps the warmup calls' results alive

    /**
     * Adds every member.
     *
     * @param i the inputs
     */
    @Setup(Level.Trial)
    public void build(Inputs i) {
      inputs = i;
      zset = i.in.zset(i.size, false);
      long sink = 0;
      for (int k = 0; k < WARM_CALLS; k++) {
        sink += ranks(zset, i.probes);
      }
      warmed = sink;
    }
  }

  /** The composite (TreeSet + HashMap). */
  @State(Scope.Benchmark)
  public static class CompositeState {
    Inputs inputs;
    ZSetInputs.Composite composite;
    int at; // next rotating probe
    long warmed; // keeps the warmup calls' results alive

    /**
     * Adds every member.
     *
     * @param i the inputs
     */
    @Setup(Level.Trial)
    public void build(Inputs i) {
      inputs = i;
      composite = i.in.composite(i.size);
      long sink = 0;
      for (int k = 0; k < WARM_CALLS; k++) {
        sink += lookups(composite.tree, i.probeKeys);
      }
      warmed = sink;
    }
  }

  /**
   * redstruct ZRANK: dict lookup, then a span-summing skiplist walk. Calls the allocation-free face
   * ({@code rankOrNegative}, as the query benchmark calls {@code scoreOrNaN}): whether the JIT
   * removes {@code rank}'s {@code OptionalLong} depends on inlining budgets, not on the structure.
   *
   * @param s the sorted set and its probes
   * @return the sum of ranks
   */
  @Benchmark
  @OperationsPerInvocation(OPS)
  @ResultsMayDiffer("the baseline is a lookup (the cost reference), not a rank")
  public long rank_redstruct(SetState s) {
    return ranks(s.zset, s.inputs.probes);
  }

  private static long ranks(ZSet zset, byte[][] probes) {
    long sum = 0;
    for (byte[] p : probes) {
      sum += zset.rankOrNegative(p, false);
    }
    return sum;
  }

  /**
   * redstruct ZRANK of the next 1024 members of the shuffle: each probe's node, chain and descent
   * come from memory, as in a workload that does not repeat 1024 members.
   *
   * @param s the sorted set and its probes
   * @return the sum of ranks
   */
  @Benchmark
  @OperationsPerInvocation(OPS)
  @ResultsMayDiffer("the baseline is a lookup (the cost reference), not a rank")
  public long rankRotating_redstruct(SetState s) {
    long sum = 0;
    byte[][] rotation = s.inputs.rotation;
    for (int i = s.at, end = i + OPS; i < end; i++) {
      sum += s.zset.rankOrNegative(rotation[i], false);
    }
    s.at = s.inputs.next(s.at);
    return sum;
  }

  /**
   * ZRANK on the zskiplist-ordered set.
   *
   * @param s the sorted set and its probes
   * @return the sum of ranks
   */
  @Benchmark
  @OperationsPerInvocation(OPS)
  @ResultsMayDiffer("the baseline is a lookup (the cost reference), not a rank")
  public long rank_zskiplist(ZSkipListState s) {
    return ranks(s.zset, s.inputs.probes);
  }

  /**
   * ZRANK of the next 1024 members of the shuffle on the zskiplist-ordered set.
   *
   * @param s the sorted set and its probes
   * @return the sum of ranks
   */
  @Benchmark
  @OperationsPerInvocation(OPS)
  @ResultsMayDiffer("the baseline is a lookup (the cost reference), not a rank")
  public long rankRotating_zskiplist(ZSkipListState s) {
    long sum = 0;
    byte[][] rotation = s.inputs.rotation;
    for (int i = s.at, end = i + OPS; i < end; i++) {
      sum += s.zset.rankOrNegative(rotation[i], false);
    }
    s.at = s.inputs.next(s.at);
    return sum;
  }

  /**
   * One TreeSet lookup of each of the next 1024 (score, member) pairs of the shuffle.
   *
   * @param c the composite and its probes
   * @return how many were found
   */
  @Benchmark
  @OperationsPerInvocation(OPS)
  @ResultsMayDiffer("a lookup, the cost reference for rank")
  public long rankRotating_treeSetLookup(CompositeState c) {
    long found = 0;
    ZSetInputs.Scored[] keys = c.inputs.rotationKeys;
    for (int i = c.at, end = i + OPS; i < end; i++) {
      found += c.composite.tree.contains(keys[i]) ? 1 : 0;
    }
    c.at = c.inputs.next(c.at);
    return found;
  }

  /**
   * One TreeSet lookup of the same (score, member) pair.
   *
   * @param c the composite and its probes
   * @return how many were found
   */
  @Benchmark
  @OperationsPerInvocation(OPS)
  @ResultsMayDiffer("a lookup, the cost reference for rank")
  public long rank_treeSetLookup(CompositeState c) {
    return lookups(c.composite.tree, c.inputs.probeKeys);
  }

  private static long lookups(TreeSet<ZSetInputs.Scored> tree, ZSetInputs.Scored[] keys) {
    long found = 0;
    for (ZSetInputs.Scored k : keys) {
      found += tree.contains(k) ? 1 : 0;
    }
    return found;
  }
}
