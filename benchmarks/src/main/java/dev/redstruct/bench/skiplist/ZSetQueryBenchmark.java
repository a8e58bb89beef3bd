package dev.redstruct.bench.skiplist;

import dev.redstruct.bench.Goal;
import dev.redstruct.bench.QuickParams;
import dev.redstruct.skiplist.ScoreRange;
import dev.redstruct.skiplist.ScoredMember;
import dev.redstruct.skiplist.ZSet;
import dev.redstruct.skiplist.ZSetCursor;
import java.util.Iterator;
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
 * Reads and removals on a populated sorted set (redstruct's default order, the B+ tree, and {@code
 * _zskiplist}: the same set ordered by the zskiplist, issue 29): ZSCORE ({@code score}), the first
 * 10 members from a random score ({@code rangeByScore}, ZRANGE BYSCORE LIMIT 0 10), 10 members from
 * a random rank ({@code rangeByRank}; the composite walks from the first element, the concurrent
 * peer has no such operation), ZREM followed by re-adding the member ({@code remove}, so the size
 * stays fixed), and a walk of the whole set ({@code iterate}: one set per invocation, not per
 * member). Score: operations per microsecond. redstruct's ranges and walks read through {@code
 * ZSetCursor} (no object per member: these rows are about the index); {@code iterateOwned} walks
 * the {@code Iterable} face, a {@code ScoredMember} and a member copy per member. The composite's
 * probes are the very {@code String}s it stored (cached hash, {@code ==} before {@code equals}),
 * which favours it on {@code score} (benchmarks/NOTES.md, issue 29 second part).
 *
 * <p>Two kinds of probes. The plain operations probe 256 fixed members (or start scores), so at
 * 10^6 every probe is in cache for both sides after the first call: what they time is the work of
 * the operation. The {@code ...Rotating} operations walk a fixed-seed shuffle of all members (and
 * as many start scores), 256 further per call, so each probe reaches memory as a real workload's
 * would: they time the misses too. Quick mode runs 10^3; {@code --full} adds 10^6.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@QuickParams({"size=1000"})
@Goal(operation = "score", variant = "redstruct", atLeast = 0.6)
@Goal(operation = "scoreRotating", variant = "redstruct", atLeast = 0.6)
@Goal(operation = "remove", variant = "redstruct", atLeast = 1.0)
@Goal(operation = "removeRotating", variant = "redstruct", atLeast = 1.0)
@Goal(operation = "rangeByScore", variant = "redstruct", atLeast = 1.0)
@Goal(operation = "rangeByScoreRotating", variant = "redstruct", atLeast = 1.0)
@Goal(operation = "iterate", variant = "redstruct", atLeast = 1.0)
public class ZSetQueryBenchmark {
  /** The composite a Java user would build instead. */
  public static final String BASELINE = "treeSetHashMap";

  private static final int OPS = 256;

  /** Members in the set. */
  @Param({"1000", "1000000"})
  public int size;

  private ZSetInputs in;
  private ZSet zset;
  private ZSet zsl; // the same members, ordered by the zskiplist (issue 29)
  private ZSetInputs.Composite composite;
  private ZSetInputs.Concurrent concurrent;
  private int[] picks;
  private double[] from;
  private int[] ranks;
  // Rotating probes: a shuffle of every member, and as many start scores; `at` is the next one.
  private int[] rotation;
  private double[] rotationFrom;
  private int at;

  /** Builds the three structures and fixed-seed probes. */
  @Setup(Level.Trial)
  public void setUp() {
    in = new ZSetInputs(size, 0x2A5E7L);
    zset = in.zset(size);
    zsl = in.zset(size, false);
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
    // The first OPS entries repeat at the end, so a call's 256 probes never wrap.
    int[] shuffle = ZSetInputs.shuffle(size, 23);
    rotation = new int[size + OPS];
    rotationFrom = new double[size + OPS];
    for (int i = 0; i < size + OPS; i++) {
      rotation[i] = shuffle[i % size];
      rotationFrom[i] = i < size ? rnd.nextInt(1_000_000) / 4.0 : rotationFrom[i - size];
    }
  }

  /** First index of the next 256 rotating probes; every variant walks the same sequence. */
  private int nextProbes() {
    int start = at;
    at = (start + OPS) % size;
    return start;
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
   * zskiplist-ordered ZSCORE.
   *
   * @return the sum of scores
   */
  @Benchmark
  @OperationsPerInvocation(OPS)
  public double score_zskiplist() {
    double sum = 0;
    for (int k : picks) {
      sum += zsl.scoreOrNaN(in.bytes[k]);
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
      ZSetCursor c =
          zset.cursorByScore(
              new ScoreRange(s, false, Double.POSITIVE_INFINITY, false), false, 0, 10);
      while (c.next()) {
        sum += c.score();
      }
    }
    return sum;
  }

  /**
   * zskiplist-ordered ZRANGE min +inf BYSCORE LIMIT 0 10.
   *
   * @return the sum of returned scores
   */
  @Benchmark
  @OperationsPerInvocation(OPS)
  public double rangeByScore_zskiplist() {
    double sum = 0;
    for (double s : from) {
      ZSetCursor c =
          zsl.cursorByScore(
              new ScoreRange(s, false, Double.POSITIVE_INFINITY, false), false, 0, 10);
      while (c.next()) {
        sum += c.score();
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
      for (ZSetCursor c = zset.cursorByRank(r, r + 9L, false); c.next(); ) {
        sum += c.score();
      }
    }
    return sum;
  }

  /**
   * zskiplist-ordered ZRANGE r r+9.
   *
   * @return the sum of returned scores
   */
  @Benchmark
  @OperationsPerInvocation(OPS)
  public double rangeByRank_zskiplist() {
    double sum = 0;
    for (int r : ranks) {
      for (ZSetCursor c = zsl.cursorByRank(r, r + 9L, false); c.next(); ) {
        sum += c.score();
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
   * redstruct: the whole set through its cursor (ascending; no object per member: the member is
   * read in place). Score: whole walks per second.
   *
   * @return the sum of scores and member lengths
   */
  @Benchmark
  public double iterate_redstruct() {
    double sum = 0;
    for (ZSetCursor c = zset.cursor(); c.next(); ) {
      sum += c.score() + c.length();
    }
    return sum;
  }

  /**
   * zskiplist-ordered: the whole set through its cursor, as {@link #iterate_redstruct}.
   *
   * @return the sum of scores and member lengths
   */
  @Benchmark
  public double iterate_zskiplist() {
    double sum = 0;
    for (ZSetCursor c = zsl.cursor(); c.next(); ) {
      sum += c.score() + c.length();
    }
    return sum;
  }

  /**
   * redstruct: the whole set through its {@code Iterable} face (owned {@code ScoredMember}s, read
   * in chunks of ranks): what the cursor saves.
   *
   * @return the sum of scores
   */
  @Benchmark
  public double iterateOwned_redstruct() {
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
      sum += e.score() + e.member().length();
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
   * zskiplist-ordered ZREM, then ZADD back.
   *
   * @return members removed
   */
  @Benchmark
  @OperationsPerInvocation(OPS)
  public int remove_zskiplist() {
    int n = 0;
    for (int k : picks) {
      n += zsl.remove(in.bytes[k]) ? 1 : 0;
      zsl.add(in.bytes[k], in.scores[k]);
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

  /**
   * redstruct ZSCORE of the next 256 members of the shuffle.
   *
   * @return the sum of scores
   */
  @Benchmark
  @OperationsPerInvocation(OPS)
  public double scoreRotating_redstruct() {
    double sum = 0;
    for (int i = nextProbes(), end = i + OPS; i < end; i++) {
      sum += zset.scoreOrNaN(in.bytes[rotation[i]]);
    }
    return sum;
  }

  /**
   * zskiplist-ordered ZSCORE of the next 256 members of the shuffle.
   *
   * @return the sum of scores
   */
  @Benchmark
  @OperationsPerInvocation(OPS)
  public double scoreRotating_zskiplist() {
    double sum = 0;
    for (int i = nextProbes(), end = i + OPS; i < end; i++) {
      sum += zsl.scoreOrNaN(in.bytes[rotation[i]]);
    }
    return sum;
  }

  /**
   * Composite: HashMap lookup of the next 256 members of the shuffle.
   *
   * @return the sum of scores
   */
  @Benchmark
  @OperationsPerInvocation(OPS)
  public double scoreRotating_treeSetHashMap() {
    double sum = 0;
    for (int i = nextProbes(), end = i + OPS; i < end; i++) {
      sum += composite.map.get(in.names[rotation[i]]);
    }
    return sum;
  }

  /**
   * redstruct ZRANGE BYSCORE LIMIT 0 10 from the next 256 start scores.
   *
   * @return the sum of returned scores
   */
  @Benchmark
  @OperationsPerInvocation(OPS)
  public double rangeByScoreRotating_redstruct() {
    double sum = 0;
    for (int i = nextProbes(), end = i + OPS; i < end; i++) {
      ScoreRange r = new ScoreRange(rotationFrom[i], false, Double.POSITIVE_INFINITY, false);
      for (ZSetCursor c = zset.cursorByScore(r, false, 0, 10); c.next(); ) {
        sum += c.score();
      }
    }
    return sum;
  }

  /**
   * zskiplist-ordered ZRANGE BYSCORE LIMIT 0 10 from the next 256 start scores.
   *
   * @return the sum of returned scores
   */
  @Benchmark
  @OperationsPerInvocation(OPS)
  public double rangeByScoreRotating_zskiplist() {
    double sum = 0;
    for (int i = nextProbes(), end = i + OPS; i < end; i++) {
      ScoreRange r = new ScoreRange(rotationFrom[i], false, Double.POSITIVE_INFINITY, false);
      for (ZSetCursor c = zsl.cursorByScore(r, false, 0, 10); c.next(); ) {
        sum += c.score();
      }
    }
    return sum;
  }

  /**
   * Composite: tailSet from the next 256 start scores, 10 each.
   *
   * @return the sum of returned scores
   */
  @Benchmark
  @OperationsPerInvocation(OPS)
  public double rangeByScoreRotating_treeSetHashMap() {
    double sum = 0;
    for (int i = nextProbes(), end = i + OPS; i < end; i++) {
      Iterator<ZSetInputs.Scored> it =
          composite.tree.tailSet(new ZSetInputs.Scored("", rotationFrom[i]), true).iterator();
      for (int k = 0; k < 10 && it.hasNext(); k++) {
        sum += it.next().score();
      }
    }
    return sum;
  }

  /**
   * redstruct ZREM and re-add of the next 256 members of the shuffle.
   *
   * @return members removed
   */
  @Benchmark
  @OperationsPerInvocation(OPS)
  public int removeRotating_redstruct() {
    int n = 0;
    for (int i = nextProbes(), end = i + OPS; i < end; i++) {
      int k = rotation[i];
      n += zset.remove(in.bytes[k]) ? 1 : 0;
      zset.add(in.bytes[k], in.scores[k]);
    }
    return n;
  }

  /**
   * zskiplist-ordered ZREM and re-add of the next 256 members of the shuffle.
   *
   * @return members removed
   */
  @Benchmark
  @OperationsPerInvocation(OPS)
  public int removeRotating_zskiplist() {
    int n = 0;
    for (int i = nextProbes(), end = i + OPS; i < end; i++) {
      int k = rotation[i];
      n += zsl.remove(in.bytes[k]) ? 1 : 0;
      zsl.add(in.bytes[k], in.scores[k]);
    }
    return n;
  }

  /**
   * Composite remove and re-add of the next 256 members of the shuffle.
   *
   * @return members removed
   */
  @Benchmark
  @OperationsPerInvocation(OPS)
  public int removeRotating_treeSetHashMap() {
    int n = 0;
    for (int i = nextProbes(), end = i + OPS; i < end; i++) {
      int k = rotation[i];
      n += composite.remove(in.names[k]) ? 1 : 0;
      composite.add(in.names[k], in.scores[k]);
    }
    return n;
  }
}
