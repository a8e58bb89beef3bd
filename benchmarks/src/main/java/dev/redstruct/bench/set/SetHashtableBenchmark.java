package dev.redstruct.bench.set;

import dev.redstruct.bench.Goal;
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

/**
 * A hashtable set of {@code n} strings: SISMEMBER of present members ({@code ismember}) and SADD of
 * OPS new members into the set, then SREM of them so that the size stays n ({@code add}). redstruct
 * is {@code RedisSet} given UTF-8 bytes (keyed SipHash, as Redis); the baseline is {@code
 * HashSet<String>} given String instances other than the stored ones (so equals runs; their hash
 * codes are cached after the first invocation, as a Java caller's usually are, while the byte
 * members are hashed on every call). Score: operations per µs.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Goal(operation = "ismember", variant = "redstruct", atLeast = 0.9)
@Goal(operation = "add", variant = "redstruct", atLeast = 0.9)
public class SetHashtableBenchmark {
  /** The JDK variant every other variant is compared with. */
  public static final String BASELINE = "hashSet";

  /** Members in the set. */
  @Param({"100000"})
  public int n;

  private byte[][] presentBytes;
  private String[] presentStrings;
  private byte[][] newBytes;
  private String[] newStrings;
  private RedisSet redisSet;
  private HashSet<String> hashSet;

  /** Builds both sets from the same strings. */
  @Setup(Level.Trial)
  public void setUp() {
    String[] members = SetInputs.strings(n + SetInputs.OPS, 0x5E75L);
    String[] base = java.util.Arrays.copyOf(members, n);
    redisSet = SetInputs.redisSet(base);
    hashSet = new HashSet<>(java.util.Arrays.asList(base));
    int[] picks = SetInputs.picks(n, 0x5E76L);
    presentBytes = new byte[SetInputs.OPS][];
    presentStrings = new String[SetInputs.OPS];
    newBytes = new byte[SetInputs.OPS][];
    newStrings = new String[SetInputs.OPS];
    for (int i = 0; i < SetInputs.OPS; i++) {
      presentBytes[i] = SetInputs.utf8(members[picks[i]]);
      presentStrings[i] = new String(members[picks[i]].toCharArray());
      newBytes[i] = SetInputs.utf8(members[n + i]);
      newStrings[i] = new String(members[n + i].toCharArray());
    }
  }

  /**
   * SISMEMBER on the set type.
   *
   * @return members found
   */
  @Benchmark
  @OperationsPerInvocation(SetInputs.OPS)
  public int ismember_redstruct() {
    int found = 0;
    for (byte[] p : presentBytes) {
      found += redisSet.contains(p) ? 1 : 0;
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
  public int ismember_hashSet() {
    int found = 0;
    for (String p : presentStrings) {
      found += hashSet.contains(p) ? 1 : 0;
    }
    return found;
  }

  /**
   * SADD of OPS new members, then SREM of them (half the work is removal on both sides).
   *
   * @return members added
   */
  @Benchmark
  @OperationsPerInvocation(SetInputs.OPS)
  public int add_redstruct() {
    int added = 0;
    for (byte[] m : newBytes) {
      added += redisSet.add(m) ? 1 : 0;
    }
    for (byte[] m : newBytes) {
      redisSet.remove(m);
    }
    return added;
  }

  /**
   * JDK baseline.
   *
   * @return members added
   */
  @Benchmark
  @OperationsPerInvocation(SetInputs.OPS)
  public int add_hashSet() {
    int added = 0;
    for (String m : newStrings) {
      added += hashSet.add(m) ? 1 : 0;
    }
    for (String m : newStrings) {
      hashSet.remove(m);
    }
    return added;
  }
}
