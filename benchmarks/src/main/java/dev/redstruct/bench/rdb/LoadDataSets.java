package dev.redstruct.bench.rdb;

import dev.redstruct.hll.HyperLogLog;
import dev.redstruct.quicklist.QuickList;
import dev.redstruct.rdb.PayloadWriter;
import dev.redstruct.skiplist.ScoredMember;
import dev.redstruct.skiplist.ZSet;
import dev.redstruct.testkit.RespReply;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The data sets {@link RdbLoadSection} loads: each built once in the JVM, then written two ways, as
 * {@code RESTORE key 0 payload} commands ({@link PayloadWriter}, rdbcompression yes; the build is
 * timed, the best of a few passes) and as the Redis commands that make the same keys ({@code
 * PFADD}, {@code RPUSH}, {@code ZADD}, one command per key). Each also carries probes: read
 * commands on a few sample keys with the reply the JVM copy predicts, run after every load.
 */
final class LoadDataSets {
  /** How many keys, spread evenly over a data set, the probes read. */
  static final int SAMPLE_KEYS = 8;

  /** How many times every payload is built; the fastest pass is the build time. */
  static final int BUILD_PASSES = 3;

  private LoadDataSets() {}

  /**
   * One data set.
   *
   * @param type the row label
   * @param keys the number of keys
   * @param buildNanos the time to build every payload from the values, one thread
   * @param restores one {@code RESTORE} per key
   * @param commands the commands that build the same keys
   * @param probes read commands on sample keys with their expected replies
   * @param goal whether the 5x goal applies (the issue sets it for HLLs and sorted sets)
   */
  record DataSet(
      String type,
      int keys,
      long buildNanos,
      List<byte[][]> restores,
      List<byte[][]> commands,
      List<Probe> probes,
      boolean goal) {}

  /**
   * A read command and the test its reply must pass.
   *
   * @param command the command
   * @param expected what the JVM copy says about the reply
   */
  record Probe(byte[][] command, Predicate<RespReply> expected) {}

  /** HLLs of 1,000 random elements each ({@code PFADD}); probes: PFCOUNT and DUMP. */
  static DataSet hlls(int keys, int elements) {
    SplittableRandom rnd = new SplittableRandom(21);
    List<HyperLogLog> values = new ArrayList<>(keys);
    List<byte[][]> commands = new ArrayList<>(keys);
    for (int k = 0; k < keys; k++) {
      HyperLogLog h = HyperLogLog.create();
      byte[][] cmd = command("PFADD", "hll:" + k, elements);
      for (int i = 0; i < elements; i++) {
        cmd[2 + i] = utf8("user:" + rnd.nextInt(10_000_000));
        h.add(cmd[2 + i]);
      }
      values.add(h);
      commands.add(cmd);
    }
    PayloadWriter w = PayloadWriter.create(true);
    return finish(
        "HLL of " + elements,
        values,
        commands,
        w::dump,
        (key, h) -> probe(key, "PFCOUNT", r -> r.asLong() == h.count()),
        true);
  }

  /** Lists of mixed integer and text elements ({@code RPUSH}); probes: LRANGE and DUMP. */
  static DataSet lists(int keys, int elements) {
    SplittableRandom rnd = new SplittableRandom(22);
    List<QuickList> values = new ArrayList<>(keys);
    List<byte[][]> commands = new ArrayList<>(keys);
    for (int k = 0; k < keys; k++) {
      QuickList q = QuickList.create();
      byte[][] cmd = command("RPUSH", "list:" + k, elements);
      for (int i = 0; i < elements; i++) {
        cmd[2 + i] =
            utf8(
                rnd.nextBoolean()
                    ? Integer.toString(rnd.nextInt(1000))
                    : "user:" + rnd.nextInt(100_000));
        q.pushTail(cmd[2 + i]);
      }
      values.add(q);
      commands.add(cmd);
    }
    PayloadWriter w = PayloadWriter.create(true);
    return finish(
        "list of " + elements,
        values,
        commands,
        w::dump,
        (key, q) -> probe(key, "LRANGE", r -> sameElements(r, q), "0", "-1"),
        false);
  }

  /**
   * Sorted sets of distinct members ({@code ZADD score member ...}, one command per key), scores
   * half integers and half fractions; 100 members stay in the listpack encoding (type 17) under
   * Redis's defaults, as in ours. Probes: {@code ZRANGE 0 -1 WITHSCORES} and DUMP.
   */
  static DataSet zsets(int keys, int members) {
    SplittableRandom rnd = new SplittableRandom(23);
    List<ZSet> values = new ArrayList<>(keys);
    List<byte[][]> commands = new ArrayList<>(keys);
    Set<String> seen = new HashSet<>();
    for (int k = 0; k < keys; k++) {
      ZSet z = ZSet.create();
      byte[][] cmd = command("ZADD", "zset:" + k, 2 * members);
      seen.clear();
      for (int i = 0; i < members; i++) {
        String member = "player:" + rnd.nextInt(1_000_000);
        if (!seen.add(member)) {
          i--;
          continue;
        }
        double score = rnd.nextBoolean() ? rnd.nextInt(1_000_000) : rnd.nextDouble() * 1_000;
        cmd[2 + 2 * i] = utf8(scoreText(score));
        cmd[3 + 2 * i] = utf8(member);
        z.add(cmd[3 + 2 * i], score);
      }
      values.add(z);
      commands.add(cmd);
    }
    PayloadWriter w = PayloadWriter.create(true);
    return finish(
        "zset of " + members,
        values,
        commands,
        w::dump,
        (key, z) -> probe(key, "ZRANGE", r -> sameEntries(r, z), "0", "-1", "WITHSCORES"),
        true);
  }

  /** A builder of one probe for a sample key from its JVM value. */
  private interface Prober<T> {
    Probe probe(byte[] key, T value);
  }

  /**
   * Times building every payload (the best of {@value #BUILD_PASSES} passes: a single cold pass
   * mostly timed the JIT compiling the writer), then makes the {@code RESTORE}s and the probes: the
   * type's own read, and {@code DUMP}, which must give our payload byte for byte.
   */
  private static <T> DataSet finish(
      String type,
      List<T> values,
      List<byte[][]> commands,
      Function<T, byte[]> dump,
      Prober<T> prober,
      boolean goal) {
    int keys = values.size();
    byte[][] payloads = new byte[keys][];
    long build = Long.MAX_VALUE;
    for (int pass = 0; pass < BUILD_PASSES; pass++) {
      long t0 = System.nanoTime();
      for (int k = 0; k < keys; k++) {
        payloads[k] = dump.apply(values.get(k));
      }
      build = Math.min(build, System.nanoTime() - t0);
    }
    List<byte[][]> restores = new ArrayList<>(keys);
    for (int k = 0; k < keys; k++) {
      restores.add(new byte[][] {utf8("RESTORE"), commands.get(k)[1], utf8("0"), payloads[k]});
    }
    List<Probe> probes = new ArrayList<>();
    int samples = Math.min(SAMPLE_KEYS, keys);
    for (int i = 0; i < samples; i++) {
      int k = (int) ((long) i * keys / samples);
      byte[] key = commands.get(k)[1];
      byte[] payload = restores.get(k)[3];
      // DUMP first: PFCOUNT writes its cached cardinality into the HLL's header.
      probes.add(probe(key, "DUMP", r -> Arrays.equals(r.asBytes(), payload)));
      probes.add(prober.probe(key, values.get(k)));
    }
    return new DataSet(type, keys, build, restores, commands, probes, goal);
  }

  private static Probe probe(byte[] key, String name, Predicate<RespReply> test, String... rest) {
    byte[][] cmd = new byte[2 + rest.length][];
    cmd[0] = utf8(name);
    cmd[1] = key;
    for (int i = 0; i < rest.length; i++) {
      cmd[2 + i] = utf8(rest[i]);
    }
    return new Probe(cmd, test);
  }

  private static boolean sameElements(RespReply reply, QuickList q) {
    List<RespReply> got = reply.asList();
    if (got.size() != q.size()) {
      return false;
    }
    for (int i = 0; i < got.size(); i++) {
      if (!Arrays.equals(got.get(i).asBytes(), q.get(i))) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether a {@code ZRANGE ... WITHSCORES} reply lists the set's members in order with their
   * scores; Redis prints scores with {@code %.17g}, which reads back to the same double.
   */
  private static boolean sameEntries(RespReply reply, ZSet z) {
    List<RespReply> got = reply.asList();
    if (got.size() != 2 * z.size()) {
      return false;
    }
    int i = 0;
    for (ScoredMember e : z) {
      if (!Arrays.equals(got.get(i).asBytes(), e.member())
          || Double.parseDouble(got.get(i + 1).asString()) != e.score()) {
        return false;
      }
      i += 2;
    }
    return true;
  }

  /** An integral score as an integer, else Java's shortest text that reads back exactly. */
  private static String scoreText(double score) {
    return score == Math.rint(score) ? Long.toString((long) score) : Double.toString(score);
  }

  private static byte[][] command(String name, String key, int args) {
    byte[][] cmd = new byte[2 + args][];
    cmd[0] = utf8(name);
    cmd[1] = utf8(key);
    return cmd;
  }

  static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
