package dev.redstruct.bench.set;

import dev.redstruct.bench.Goal;
import dev.redstruct.core.RedisNumbers;
import dev.redstruct.intset.IntSet;
import dev.redstruct.set.RedisSet;
import java.util.HashSet;
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
import org.roaringbitmap.RoaringBitmap;

/**
 * SISMEMBER on an integer set of {@code n} members, half the probes present: {@code RedisSet} given
 * the member's bytes as a client sends them (redstruct: string2ll, then the intset's binary
 * search), {@code IntSet.contains(long)} (intset), {@code HashSet<Long>.contains} of pre-boxed
 * Longs (the JDK baseline) and {@code RoaringBitmap.contains(int)} (roaring, reported). Score:
 * lookups per µs.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Goal(operation = "contains", variant = "redstruct", atLeast = 0.5)
public class IntSetContainsBenchmark {
  /** The JDK variant every other variant is compared with. */
  public static final String BASELINE = "hashSet";

  /** Members in the set (Redis's default intset limit is 512). */
  @Param({"16", "512"})
  public int n;

  private byte[][] probeBytes;
  private long[] probeLongs;
  private Long[] probeBoxed;
  private RedisSet redisSet;
  private IntSet intset;
  private HashSet<Long> hashSet;
  private RoaringBitmap roaring;

  /** Builds the four sets from the same integers; probes alternate members and non-members. */
  @Setup(Level.Trial)
  public void setUp() {
    long[] members = SetInputs.integers(2 * n, 0x5E7L);
    int[] picks = SetInputs.picks(2 * n, 0x5E8L);
    redisSet = RedisSet.create();
    intset = IntSet.create();
    hashSet = new HashSet<>();
    roaring = new RoaringBitmap();
    for (int i = 0; i < n; i++) {
      redisSet.add(RedisNumbers.ll2string(members[i]));
      intset.add(members[i]);
      hashSet.add(members[i]);
      roaring.add((int) members[i]);
    }
    probeBytes = new byte[SetInputs.OPS][];
    probeLongs = new long[SetInputs.OPS];
    probeBoxed = new Long[SetInputs.OPS];
    for (int i = 0; i < SetInputs.OPS; i++) {
      long v = members[i % 2 == 0 ? picks[i] % n : n + picks[i] % n];
      probeBytes[i] = RedisNumbers.ll2string(v);
      probeLongs[i] = v;
      probeBoxed[i] = v;
    }
  }

  /**
   * SISMEMBER through the set type.
   *
   * @return members found
   */
  @Benchmark
  @OperationsPerInvocation(SetInputs.OPS)
  public int contains_redstruct() {
    int found = 0;
    for (byte[] p : probeBytes) {
      found += redisSet.contains(p) ? 1 : 0;
    }
    return found;
  }

  /**
   * The intset alone, given longs.
   *
   * @return members found
   */
  @Benchmark
  @OperationsPerInvocation(SetInputs.OPS)
  public int contains_intset() {
    int found = 0;
    for (long p : probeLongs) {
      found += intset.contains(p) ? 1 : 0;
    }
    return found;
  }

  /**
   * JDK baseline.
   *
   * @return members found
   */
  @Benchmark
  @OperationsPerInvocation(SetInputs.OPS)
  public int contains_hashSet() {
    int found = 0;
    for (Long p : probeBoxed) {
      found += hashSet.contains(p) ? 1 : 0;
    }
    return found;
  }

  /**
   * RoaringBitmap (the values fit an int).
   *
   * @return members found
   */
  @Benchmark
  @OperationsPerInvocation(SetInputs.OPS)
  public int contains_roaring() {
    int found = 0;
    for (long p : probeLongs) {
      found += roaring.contains((int) p) ? 1 : 0;
    }
    return found;
  }
}
