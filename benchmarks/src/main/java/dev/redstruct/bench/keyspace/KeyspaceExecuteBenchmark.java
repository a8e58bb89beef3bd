package dev.redstruct.bench.keyspace;

import dev.redstruct.bench.Goal;
import dev.redstruct.core.resp.RespWriter;
import dev.redstruct.dict.Dict;
import dev.redstruct.hash.RedisHash;
import dev.redstruct.keyspace.Keyspace;
import dev.redstruct.skiplist.ZSet;
import java.nio.charset.StandardCharsets;
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
 * The price of the keyspace's command path (table lookup, arity, lazy expiry check, type check, the
 * face's argument parsing, reconciling emptied keys) per command, at {@code n} keys of each type:
 * {@code Keyspace.execute(argv)} against the same work done directly on the structures (one {@code
 * Dict} holding the same 3n values as the keyspace's database, the structure's own method, the same
 * RESP2 reply written). One dict of the same size on both sides, so that the cache misses of a
 * lookup among 3n keys count on both. Goal (issue 28): execute at most 1.3x the direct call's time,
 * i.e. at least 0.77x its throughput, for GET, ZADD and HSET at n = 10^5. Score: operations per µs;
 * each variant returns the total reply bytes.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Goal(operation = "get", variant = "keyspace", atLeast = 0.77)
@Goal(operation = "zadd", variant = "keyspace", atLeast = 0.77)
@Goal(operation = "hset", variant = "keyspace", atLeast = 0.77)
public class KeyspaceExecuteBenchmark {
  /** The variant every other variant is compared with. */
  public static final String BASELINE = "direct";

  /** Commands per invocation. */
  static final int OPS = 1024;

  /** Keys of each type. */
  @Param({"100000"})
  public int n;

  private Keyspace keyspace;
  private Dict<byte[], Object> values;
  private byte[][][] gets;
  private byte[][][] zadds;
  private double[] scores;
  private byte[][][] hsets;

  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /** Builds the keyspace and the direct structures from the same keys and values. */
  @Setup(Level.Trial)
  public void setUp() {
    keyspace = Keyspace.create();
    values = Dict.forBytes();
    for (int i = 0; i < n; i++) {
      keyspace.execute("SET", "key:" + i, "value:" + i);
      values.put(b("key:" + i), b("value:" + i));
      keyspace.execute("ZADD", "z:" + i, "1", "m0");
      ZSet z = ZSet.create();
      z.add(b("m0"), 1);
      values.put(b("z:" + i), z);
      keyspace.execute("HSET", "h:" + i, "f0", "v");
      RedisHash h = RedisHash.create();
      h.put(b("f0"), b("v"));
      values.put(b("h:" + i), h);
    }
    SplittableRandom r = new SplittableRandom(0x28L);
    gets = new byte[OPS][][];
    zadds = new byte[OPS][][];
    scores = new double[OPS];
    hsets = new byte[OPS][][];
    for (int i = 0; i < OPS; i++) {
      int k = r.nextInt(n);
      gets[i] = new byte[][] {b("GET"), b("key:" + k)};
      scores[i] = r.nextInt(100);
      zadds[i] =
          new byte[][] {
            b("ZADD"), b("z:" + k), b(Integer.toString((int) scores[i])), b("m" + r.nextInt(8))
          };
      hsets[i] = new byte[][] {b("HSET"), b("h:" + k), b("f" + r.nextInt(8)), b("value")};
    }
  }

  /**
   * GET through the keyspace.
   *
   * @return total reply bytes
   */
  @Benchmark
  @OperationsPerInvocation(OPS)
  public long get_keyspace() {
    long total = 0;
    for (byte[][] c : gets) {
      total += keyspace.execute(c).length;
    }
    return total;
  }

  /**
   * GET as a dict lookup and the bulk reply.
   *
   * @return total reply bytes
   */
  @Benchmark
  @OperationsPerInvocation(OPS)
  public long get_direct() {
    long total = 0;
    for (byte[][] c : gets) {
      total += new RespWriter().bulk((byte[]) values.get(c[1])).toByteArray().length;
    }
    return total;
  }

  /**
   * ZADD through the keyspace.
   *
   * @return total reply bytes
   */
  @Benchmark
  @OperationsPerInvocation(OPS)
  public long zadd_keyspace() {
    long total = 0;
    for (byte[][] c : zadds) {
      total += keyspace.execute(c).length;
    }
    return total;
  }

  /**
   * ZADD as a dict lookup, {@code ZSet.add} and the integer reply.
   *
   * @return total reply bytes
   */
  @Benchmark
  @OperationsPerInvocation(OPS)
  public long zadd_direct() {
    long total = 0;
    for (int i = 0; i < OPS; i++) {
      boolean added = ((ZSet) values.get(zadds[i][1])).add(zadds[i][3], scores[i]);
      total += new RespWriter().integer(added ? 1 : 0).toByteArray().length;
    }
    return total;
  }

  /**
   * HSET through the keyspace.
   *
   * @return total reply bytes
   */
  @Benchmark
  @OperationsPerInvocation(OPS)
  public long hset_keyspace() {
    long total = 0;
    for (byte[][] c : hsets) {
      total += keyspace.execute(c).length;
    }
    return total;
  }

  /**
   * HSET as a dict lookup, {@code RedisHash.put} and the integer reply.
   *
   * @return total reply bytes
   */
  @Benchmark
  @OperationsPerInvocation(OPS)
  public long hset_direct() {
    long total = 0;
    for (byte[][] c : hsets) {
      byte[] old = ((RedisHash) values.get(c[1])).put(c[2], c[3]);
      total += new RespWriter().integer(old == null ? 1 : 0).toByteArray().length;
    }
    return total;
  }
}
