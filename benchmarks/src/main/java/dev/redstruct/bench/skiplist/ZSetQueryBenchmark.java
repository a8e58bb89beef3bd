package dev.redstruct.bench.skiplist;

import dev.redstruct.skiplist.ScoreRange;
import dev.redstruct.skiplist.ScoredMember;
import dev.redstruct.skiplist.ZSet;
import java.util.Iterator;
import java.util.List;
import java.util.SplittableRandom;
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
 * Reads and removals on a populated sorted set: ZSCORE ({@code score}), the first 10 members from a
 * random score ({@code rangeByScore}, ZRANGE BYSCORE LIMIT 0 10), 10 members from a random rank
 * ({@code rangeByRank}; the composite walks from the first element, the concurrent peer has no such
 * operation), ZREM followed by re-adding the member ({@code remove}, so the size stays fixed), and
 * a walk of the whole set ({@code iterate}: one set per invocation, not per member). Score:
 * operations per microsecond. Other sizes: {@code --param size=1000,100000,1000000}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class ZSetQueryBenchmark {
  /** The composite a Java user would build instead. */
  public static final String BASELINE = "treeSetHashMap";

  private static final int OPS = 256;

  /** Members in the set. */
  @Param({"1000"})
  public int size;

  private ZSetInputs in;
  private ZSet zset;
  private ZSetInputs.Composite composite;
  private ZSetInputs.Concurrent concurrent;
  private int[] picks;
  private double[] from;
  private int[] ranks;

  /** Builds the three structures and fixed-seed probes. */
  @Setup(Level.Trial)
  public void setUp() {
    in = new ZSetInputs(size, 0x2A5E7L);
    zset = in.zset(size);
    composite = in.composite(size);
    concurrent = in.concurrent(size);
    SplittableRandom rnd = new SplittableRandom(17);
    picks = new int[OPS];
    from = new double[OPS];
    ranks = new int[OPS];
    for (int i = 0; i < OPS; i++) {
      picks[i] = rnd.nextInt(size);
      from[i] = rnd.nextInt(1_000_000) / 4.0;
      ranks[i] = rnd.nextInt(size);
    }
  }

  /**
   * redstruct ZSCORE.
   *
   * @return the sum of scores
   */
  @Benchmark
  @OperationsPerInvocation(OPS)
  public double score_redstruct() {
    double sum = 0;
    for (int k : picks) {
      sum += zset.scoreOrNaN(in.bytes[k]);
    }
    return sum;
  }

  /**
   * Composite: HashMap lookup.
   *
   * @return the sum of scores
   */
  @Benchmark
  @OperationsPerInvocation(OPS)
  public double score_treeSetHashMap() {
    double sum = 0;
    for (int k : picks) {
      sum += composite.map.get(in.names[k]);
    }
    return sum;
  }

  /**
   * Concurrent peer: ConcurrentHashMap lookup.
   *
   * @return the sum of scores
   */
  @Benchmark
  @OperationsPerInvocation(OPS)
  public double score_concurrentSkipListMap() {
    double sum = 0;
    for (int k : picks) {
      sum += concurrent.map.get(in.names[k]);
    }
    return sum;
  }

  /**
   * redstruct ZRANGE min +inf BYSCORE LIMIT 0 10.
   *
   * @return the sum of returned scores
   */
  @Benchmark
  @OperationsPerInvocation(OPS)
  public double rangeByScore_redstruct() {
    double sum = 0;
    for (double s : from) {
      List<ScoredMember> page =
          zset.rangeByScore(
              new ScoreRange(s, false, Double.POSITIVE_INFINITY, false), false, 0, 10);
      for (ScoredMember e : page) {
        sum += e.score();
      }
    }
    return sum;
  }

  /**
   * Composite: tailSet from (score, "") and take 10.
   *
   * @return the sum of returned scores
   */
  @Benchmark
  @OperationsPerInvocation(OPS)
  public double rangeByScore_treeSetHashMap() {
    double sum = 0;
    for (double s : from) {
      Iterator<ZSetInputs.Scored> it =
          composite.tree.tailSet(new ZSetInputs.Scored("", s), true).iterator();
      for (int i = 0; i < 10 && it.hasNext(); i++) {
        sum += it.next().score();
      }
    }
    return sum;
  }

  /**
   * Concurrent peer: tailMap from (score, "") and take 10.
   *
   * @return the sum of returned scores
   */
  @Benchmark
  @OperationsPerInvocation(OPS)
  public double rangeByScore_concurrentSkipListMap() {
    double sum = 0;
    for (double s : from) {
      Iterator<ZSetInputs.Scored> it =
          concurrent.tree.tailMap(new ZSetInputs.Scored("", s), true).keySet().iterator();
      for (int i = 0; i < 10 && it.hasNext(); i++) {
        sum += it.next().score();
      }
    }
    return sum;
  }

  /**
   * redstruct ZRANGE r r+9.
   *
   * @return the sum of returned scores
   */
  @Benchmark
  @OperationsPerInvocation(OPS)
  public double rangeByRank_redstruct() {
    double sum = 0;
    for (int r : ranks) {
      for (ScoredMember e : zset.rangeByRank(r, r + 9L, false)) {
        sum += e.score();
      }
    }
    return sum;
  }

  /**
   * Composite: walk r elements from the first, then take 10 (O(r): no ranks in a TreeSet).
   *
   * @return the sum of returned scores
   */
  @Benchmark
  @OperationsPerInvocation(OPS)
  public double rangeByRank_treeSetHashMap() {
    double sum = 0;
    for (int r : ranks) {
      Iterator<ZSetInputs.Scored> it = composite.tree.iterator();
      for (int i = 0; i < r; i++) {
        it.next();
      }
      for (int i = 0; i < 10 && it.hasNext(); i++) {
        sum += it.next().score();
      }
    }
    return sum;
  }

  /**
   * redstruct: the whole set through its {@code Iterable} face (ascending, read in chunks of
   * ranks). Score: members visited per microsecond (size per invocation).
   *
   * @return the sum of scores
   */
  @Benchmark
  public double iterate_redstruct() {
    double sum = 0;
    for (ScoredMember e : zset) {
      sum += e.score();
    }
    return sum;
  }

  /**
   * Composite: the whole tree, ascending.
   *
   * @return the sum of scores
   */
  @Benchmark
  public double iterate_treeSetHashMap() {
    double sum = 0;
    for (ZSetInputs.Scored e : composite.tree) {
      sum += e.score();
    }
    return sum;
  }

  /**
   * redstruct ZREM, then ZADD back.
   *
   * @return members removed
   */
  @Benchmark
  @OperationsPerInvocation(OPS)
  public int remove_redstruct() {
    int n = 0;
    for (int k : picks) {
      n += zset.remove(in.bytes[k]) ? 1 : 0;
      zset.add(in.bytes[k], in.scores[k]);
    }
    return n;
  }

  /**
   * Composite remove, then add back.
   *
   * @return members removed
   */
  @Benchmark
  @OperationsPerInvocation(OPS)
  public int remove_treeSetHashMap() {
    int n = 0;
    for (int k : picks) {
      n += composite.remove(in.names[k]) ? 1 : 0;
      composite.add(in.names[k], in.scores[k]);
    }
    return n;
  }

  /**
   * Concurrent peer remove, then add back.
   *
   * @return members removed
   */
  @Benchmark
  @OperationsPerInvocation(OPS)
  public int remove_concurrentSkipListMap() {
    int n = 0;
    for (int k : picks) {
      n += concurrent.remove(in.names[k]) ? 1 : 0;
      concurrent.add(in.names[k], in.scores[k]);
    }
    return n;
  }
}
