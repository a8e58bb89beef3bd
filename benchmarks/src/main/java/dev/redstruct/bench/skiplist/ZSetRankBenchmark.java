package dev.redstruct.bench.skiplist;

import dev.redstruct.bench.Goal;
import dev.redstruct.bench.ResultsMayDiffer;
import dev.redstruct.skiplist.ScoredMember;
import dev.redstruct.skiplist.ZSet;
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
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Goal(operation = "rank", variant = "redstruct", atLeast = 0.5, params = "size=1000000")
public class ZSetRankBenchmark {
  /** The cost reference: a TreeSet lookup. */
  public static final String BASELINE = "treeSetLookup";

  private static final int OPS = 1024;

  /** Members in the set. */
  @Param({"1000", "1000000"})
  public int size;

  private ZSetInputs in;
  // Built lazily by the first call, so each forked run builds only the structure it measures
  // (two 10^6-member builds per fork would dominate the quick report); warmup absorbs the build.
  private ZSet zset;
  private ZSetInputs.Composite composite;
  private byte[][] probes;
  private ScoredMember[] probeKeys;

  /** Builds both structures and fixed-seed probes of present members. */
  @Setup(Level.Trial)
  public void setUp() {
    in = new ZSetInputs(size, 0x2A5E7L);
    probes = new byte[OPS][];
    probeKeys = new ScoredMember[OPS];
    java.util.SplittableRandom rnd = new java.util.SplittableRandom(11);
    for (int i = 0; i < OPS; i++) {
      int k = rnd.nextInt(size);
      probes[i] = in.bytes[k];
      probeKeys[i] = new ScoredMember(in.names[k], in.scores[k]);
    }
  }

  /**
   * redstruct ZRANK: dict lookup, then a span-summing skiplist walk.
   *
   * @return the sum of ranks
   */
  @Benchmark
  @OperationsPerInvocation(OPS)
  @ResultsMayDiffer("the baseline is a lookup (the cost reference), not a rank")
  public long rank_redstruct() {
    if (zset == null) {
      zset = in.zset(size);
    }
    long sum = 0;
    for (byte[] p : probes) {
      sum += zset.rank(p, false).getAsLong();
    }
    return sum;
  }

  /**
   * One TreeSet lookup of the same (score, member) pair.
   *
   * @return how many were found
   */
  @Benchmark
  @OperationsPerInvocation(OPS)
  @ResultsMayDiffer("a lookup, the cost reference for rank")
  public long rank_treeSetLookup() {
    if (composite == null) {
      composite = in.composite(size);
    }
    long found = 0;
    for (ScoredMember k : probeKeys) {
      found += composite.tree.contains(k) ? 1 : 0;
    }
    return found;
  }
}
