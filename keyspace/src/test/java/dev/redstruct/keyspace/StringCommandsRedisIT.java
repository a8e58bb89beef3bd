package dev.redstruct.keyspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.resp.RespWriter;
import dev.redstruct.hash.HashCommands;
import dev.redstruct.hash.RedisHash;
import dev.redstruct.testkit.RedisTest;
import dev.redstruct.testkit.RespClient;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Differential test against redis-server 7.0.15: seeded random streams of string, bit and PF*
 * commands (StringCommandGen) run on {@link StringCommands} over a {@link MapStringKeys} and on the
 * server, in RESP2 and in RESP3, every reply compared byte for byte; after every write {@code GET}
 * (the bytes of strings, bitmaps and HyperLogLogs) and {@code OBJECT ENCODING} of the key are
 * compared too. Then 10,000+ INCRBYFLOAT and 10,000+ HINCRBYFLOAT increments, every reply
 * identical. Replay with {@code -Dredstruct.seed=<seed>}; {@code -Dredstruct.commands=<n>} sets the
 * RESP2 stream's length.
 */
@RedisTest
class StringCommandsRedisIT {
  private static final int BATCH = 1000;

  private static final java.util.Set<String> WRITES =
      java.util.Set.of(
          "set",
          "setnx",
          "setex",
          "psetex",
          "getdel",
          "getex",
          "getset",
          "mset",
          "msetnx",
          "append",
          "setrange",
          "incr",
          "decr",
          "incrby",
          "decrby",
          "incrbyfloat",
          "setbit",
          "bitop",
          "bitfield",
          "pfadd",
          "pfcount",
          "pfmerge",
          "sadd",
          "del");

  private static long seed() {
    return Long.getLong("redstruct.seed", System.nanoTime());
  }

  @Test
  void randomStreamsGiveIdenticalRepliesInBothProtocols(RespClient redis) {
    long seed = seed();
    int total = Integer.getInteger("redstruct.commands", 60_000);
    MapStringKeys ours = new MapStringKeys();
    StringCommandGen gen = new StringCommandGen(seed, ours);
    long[] counts = new long[4];
    try (RawResp r2 = new RawResp(redis.port());
        RawResp r3 = new RawResp(redis.port())) {
      r3.call(StringCommandGen.cmd("HELLO", "3"));
      stream(seed, gen, ours, r2, 2, total, counts);
      stream(seed, gen, ours, r3, 3, total / 5, counts);
    }
    System.out.printf(
        "StringCommandsRedisIT: seed %d, %d commands (RESP2 %d + RESP3 %d), %d error replies,"
            + " %d GET/OBJECT ENCODING checks, %d WATCH checks, 0 mismatches%n",
        seed, total + total / 5, total, total / 5, counts[1], counts[2], counts[3]);
    assertTrue(counts[0] >= 50_000, "commands run: " + counts[0]);
  }

  /**
   * PFCOUNT of one key replies a valid header cache without reading the body, whatever the body:
   * found by seed 43022547199815 (a SETRANGE left "HYLL", sparse, a valid cache and an XZERO that
   * covers 11,008 registers; Redis answered the cache, we INVALIDOBJ). Each blob is sent with its
   * cache valid and stale, to PFCOUNT of the key alone (which unshares the value first: embstr
   * becomes raw) and with a missing key (which merges, so reads the body).
   */
  @Test
  void pfcountOfOneKeyTrustsAValidCache(RespClient redis) {
    byte[] header = {'H', 'Y', 'L', 'L', 1, 0, 0, 0, 0, 0, 0, 'c', 'd', 'r', 'x', 'c'};
    byte[][] bodies = {
      {0x6a, (byte) 0xff}, // the seed's: XZERO of 11,008 registers
      {(byte) 0xff}, // VAL:32 x 4
      {}, // no body at all
      {0x7f, (byte) 0xff, 0x00}, // XZERO:16384 then one register too many
    };
    MapStringKeys ours = new MapStringKeys();
    List<byte[][]> batch = new ArrayList<>();
    List<byte[]> mine = new ArrayList<>();
    List<String> labels = new ArrayList<>();
    for (byte[] body : bodies) {
      for (boolean stale : new boolean[] {false, true}) {
        byte[] blob = Arrays.copyOf(header, header.length + body.length);
        System.arraycopy(body, 0, blob, header.length, body.length);
        blob[15] |= (byte) (stale ? 0x80 : 0);
        String label = StringCommandsRedisIT.show(blob) + (stale ? " (stale)" : " (valid)");
        add(batch, mine, labels, StringCommandGen.cmd("SET", "h", blob), ours, 2, label);
        add(batch, mine, labels, StringCommandGen.cmd("PFCOUNT", "h"), ours, 2, label);
        add(batch, mine, labels, StringCommandGen.cmd("OBJECT", "ENCODING", "h"), ours, 2, label);
        add(batch, mine, labels, StringCommandGen.cmd("PFCOUNT", "h", "nx"), ours, 2, label);
        add(batch, mine, labels, StringCommandGen.cmd("GET", "h"), ours, 2, label);
      }
    }
    List<byte[]> theirs;
    try (RawResp conn = new RawResp(redis.port())) {
      theirs = conn.pipeline(batch);
    }
    int errors = 0;
    for (int i = 0; i < batch.size(); i++) {
      assertEquals(
          show(theirs.get(i)), show(mine.get(i)), labels.get(i) + ": " + show(batch.get(i)));
      errors += theirs.get(i)[0] == '-' ? 1 : 0;
    }
    // every body is corrupt: the merging PFCOUNT and the stale single-key PFCOUNT refuse it
    assertEquals(bodies.length * 3, errors);
  }

  /** counts: [commands, error replies, GET/OBJECT checks, WATCH checks]. */
  private static void stream(
      long seed,
      StringCommandGen gen,
      MapStringKeys ours,
      RawResp conn,
      int protocol,
      int total,
      long[] counts) {
    int done = 0;
    while (done < total) {
      List<byte[][]> batch = new ArrayList<>();
      List<byte[]> mine = new ArrayList<>();
      List<String> labels = new ArrayList<>();
      for (int i = 0; i < BATCH && done < total; i++, done++) {
        byte[][] c = gen.next();
        String name = new String(c[0], StandardCharsets.ISO_8859_1).toLowerCase(Locale.ROOT);
        if (name.equals("sadd") && c.length > 1) {
          add(batch, mine, labels, StringCommandGen.cmd("DEL", c[1]), ours, protocol, "#" + done);
        }
        byte[] watched = watchable(name, c, ours) && done % 16 == 0 ? writtenKey(name, c) : null;
        if (watched != null) { // does the command signal its key as modified exactly as Redis?
          add(batch, mine, labels, StringCommandGen.cmd("WATCH", watched), ours, protocol, "watch");
          ours.modified.clear();
        }
        add(batch, mine, labels, c, ours, protocol, "#" + done);
        counts[0]++;
        if (watched != null) {
          boolean touched =
              ours.modified.contains(new String(watched, StandardCharsets.ISO_8859_1));
          add(batch, mine, labels, StringCommandGen.cmd("MULTI"), ours, protocol, "watch");
          add(batch, mine, labels, StringCommandGen.cmd("PING"), ours, protocol, "watch");
          batch.add(StringCommandGen.cmd("EXEC"));
          RespWriter exec = new RespWriter(protocol);
          mine.add(
              touched
                  ? exec.nullArrayReply().toByteArray()
                  : exec.arrayHeader(1).simple("PONG").toByteArray());
          labels.add("watch: EXEC after WATCH " + show(watched) + " and " + show(c));
          counts[3]++;
        }
        if (WRITES.contains(name) && c.length > 1 && !name.equals("sadd") && !name.equals("del")) {
          byte[] key = name.equals("bitop") && c.length > 2 ? c[2] : c[1];
          add(batch, mine, labels, StringCommandGen.cmd("GET", key), ours, protocol, "check");
          add(
              batch,
              mine,
              labels,
              StringCommandGen.cmd("OBJECT", "ENCODING", key),
              ours,
              protocol,
              "check");
          counts[2] += 2;
        }
      }
      List<byte[]> theirs = conn.pipeline(batch);
      for (int i = 0; i < batch.size(); i++) {
        if (!Arrays.equals(theirs.get(i), mine.get(i))) {
          throw new AssertionError(
              "seed "
                  + seed
                  + ", RESP"
                  + protocol
                  + " command "
                  + labels.get(i)
                  + " "
                  + show(batch.get(i))
                  + ": redis "
                  + show(theirs.get(i))
                  + ", ours "
                  + show(mine.get(i))
                  + "; the commands before it, with our replies:"
                  + history(batch, mine, i));
        }
        if (theirs.get(i).length > 0 && theirs.get(i)[0] == '-') {
          counts[1]++;
        }
      }
    }
  }

  /**
   * Whether a WATCH around the command tests only its own signalModifiedKey: a write with a key,
   * whose key carries no expire time that may pass (Redis signals an expired key's deletion too).
   */
  private static boolean watchable(String name, byte[][] c, MapStringKeys ours) {
    if (!WRITES.contains(name) || name.equals("sadd") || name.equals("del")) {
      return false;
    }
    byte[] key = writtenKey(name, c);
    if (key == null) {
      return false;
    }
    Long when = ours.expires.get(ByteBuffer.wrap(key));
    return when == null || when > ours.clock + 86_400_000L;
  }

  private static byte[] writtenKey(String name, byte[][] c) {
    int i = name.equals("bitop") ? 2 : 1;
    return c.length > i ? c[i] : null;
  }

  private static String history(List<byte[][]> batch, List<byte[]> mine, int i) {
    StringBuilder sb = new StringBuilder();
    for (int j = Math.max(0, i - 40); j < i; j++) {
      sb.append("\n  ").append(show(batch.get(j))).append(" -> ").append(show(mine.get(j)));
    }
    return sb.toString();
  }

  private static void add(
      List<byte[][]> batch,
      List<byte[]> mine,
      List<String> labels,
      byte[][] c,
      MapStringKeys ours,
      int protocol,
      String label) {
    ours.clock = System.currentTimeMillis();
    batch.add(c);
    mine.add(runOurs(c, ours, protocol));
    labels.add(label);
  }

  /** Our reply: the string face, or the harness's DEL, SADD and OBJECT ENCODING. */
  static byte[] runOurs(byte[][] c, MapStringKeys ours, int protocol) {
    String name = new String(c[0], StandardCharsets.ISO_8859_1).toLowerCase(Locale.ROOT);
    RespWriter out = new RespWriter(protocol);
    switch (name) {
      case "del" -> out.integer(ours.delete(c[1]) ? 1 : 0);
      case "watch", "multi" -> out.simple("OK");
      case "ping" -> out.simple("QUEUED");
      case "sadd" -> {
        ours.putOther(c[1]);
        out.integer(1);
      }
      case "object" -> {
        if (ours.isOther(c[2])) {
          out.bulk(StringCommandGen.b("intset"));
        } else {
          RedisString v = ours.string(c[2]);
          if (v == null) {
            out.nullReply();
          } else {
            out.bulk(StringCommandGen.b(v.encoding().redisName()));
          }
        }
      }
      default -> {
        return StringCommands.execute(c, ours, protocol);
      }
    }
    return out.toByteArray();
  }

  static String show(byte[][] c) {
    StringBuilder sb = new StringBuilder();
    for (byte[] a : c) {
      sb.append(sb.length() == 0 ? "" : " ").append(show(a));
    }
    return sb.toString();
  }

  static String show(byte[] a) {
    String s = dev.redstruct.core.Bytes.readable(a);
    return s.length() > 300 ? s.substring(0, 300) + "..." : s;
  }

  /**
   * PFDEBUG GETREG, DECODE, ENCODING and TODENSE (and its errors) on the same PFADDs, byte for byte
   * through a Keyspace: sparse bodies decoded, the dense conversion, the registers; PFSELFTEST.
   */
  @Test
  void pfdebugRepliesAreIdentical(RespClient redis) {
    Keyspace ks = Keyspace.create();
    List<String[]> steps = new ArrayList<>();
    steps.add(new String[] {"DEL", "h", "s", "nothll"});
    steps.add(new String[] {"PFADD", "h", "a", "b", "c", "d", "e"});
    steps.add(new String[] {"SET", "s", "x"});
    for (String sub : new String[] {"ENCODING", "DECODE", "TODENSE", "ENCODING", "DECODE"}) {
      steps.add(new String[] {"PFDEBUG", sub, "h"});
    }
    steps.add(new String[] {"PFADD", "h2", "x", "y"});
    steps.add(new String[] {"PFDEBUG", "GETREG", "h2"});
    steps.add(new String[] {"PFDEBUG", "ENCODING", "h2"});
    steps.add(new String[] {"PFDEBUG", "TODENSE", "h2"});
    steps.add(new String[] {"PFDEBUG", "GETREG", "nothll"});
    steps.add(new String[] {"PFDEBUG", "GETREG", "s"});
    steps.add(new String[] {"PFDEBUG", "NOSUCH", "h"});
    steps.add(new String[] {"PFDEBUG", "GETREG"});
    steps.add(new String[] {"PFCOUNT", "h", "h2"});
    steps.add(new String[] {"GET", "h2"});
    steps.add(new String[] {"PFSELFTEST"}); // Redis's register and estimate checks, on our code
    steps.add(new String[] {"PFSELFTEST", "h"});
    for (String[] step : steps) {
      byte[][] argv = new byte[step.length][];
      for (int i = 0; i < step.length; i++) {
        argv[i] = step[i].getBytes(StandardCharsets.ISO_8859_1);
      }
      assertEquals(
          new String(redis.callRaw(argv), StandardCharsets.ISO_8859_1),
          new String(ks.execute(argv), StandardCharsets.ISO_8859_1),
          String.join(" ", step));
    }
  }

  @Test
  void incrbyfloatRepliesAreIdentical(RespClient redis) {
    long seed = seed();
    MapStringKeys ours = new MapStringKeys();
    int[] r =
        floatIncrements(
            seed,
            redis,
            (k, v) -> StringCommandGen.cmd("SET", "f" + k, v),
            (k, v) -> StringCommandGen.cmd("INCRBYFLOAT", "f" + k, v),
            c -> StringCommands.execute(c, ours, 2));
    System.out.printf(
        "INCRBYFLOAT: seed %d, %d increments (%d error replies), 0 mismatches%n", seed, r[0], r[1]);
  }

  @Test
  void hincrbyfloatRepliesAreIdentical(RespClient redis) {
    long seed = seed() ^ 0x5DEECE66DL;
    Map<ByteBuffer, RedisHash> hashes = new HashMap<>();
    SplittableRandom unused = new SplittableRandom(seed);
    int[] r =
        floatIncrements(
            seed,
            redis,
            (k, v) -> StringCommandGen.cmd("HSET", "h", "f" + k, v),
            (k, v) -> StringCommandGen.cmd("HINCRBYFLOAT", "h", "f" + k, v),
            c ->
                HashCommands.execute(
                    c,
                    key ->
                        hashes.computeIfAbsent(
                            ByteBuffer.wrap(key.clone()), x -> RedisHash.create()),
                    unused));
    System.out.printf(
        "HINCRBYFLOAT: seed %d, %d increments (%d error replies), 0 mismatches%n",
        seed, r[0], r[1]);
  }

  /**
   * 12,000 increments of random shape on four values, each reply compared byte for byte; a value is
   * reset now and then, and always once its text passes 300 bytes (values near 1e4000 print
   * thousands of digits, which are slow to print and to read back, and say nothing new after a
   * few). Returns {increments, error replies}.
   */
  private static int[] floatIncrements(
      long seed,
      RespClient redis,
      java.util.function.BiFunction<Integer, String, byte[][]> set,
      java.util.function.BiFunction<Integer, String, byte[][]> incr,
      java.util.function.Function<byte[][], byte[]> ours) {
    Random rnd = new Random(seed);
    int increments = 0;
    int errors = 0;
    boolean[] reset = new boolean[4];
    try (RawResp conn = new RawResp(redis.port())) {
      while (increments < 12_000) {
        List<byte[][]> batch = new ArrayList<>();
        List<byte[]> mine = new ArrayList<>();
        while (batch.size() < BATCH && increments < 12_000) {
          int k = rnd.nextInt(4);
          byte[][] c;
          if (reset[k] || rnd.nextInt(25) == 0) {
            c = set.apply(k, rnd.nextBoolean() ? FloatText.next(rnd) : "0");
            reset[k] = false;
          } else {
            c = incr.apply(k, FloatText.next(rnd));
            increments++;
          }
          byte[] reply = ours.apply(c);
          reset[k] = reply.length > 300;
          batch.add(c);
          mine.add(reply);
        }
        List<byte[]> theirs = conn.pipeline(batch);
        for (int i = 0; i < batch.size(); i++) {
          if (!Arrays.equals(theirs.get(i), mine.get(i))) {
            throw new AssertionError(
                "seed "
                    + seed
                    + ", "
                    + show(batch.get(i))
                    + ": redis "
                    + show(theirs.get(i))
                    + ", ours "
                    + show(mine.get(i))
                    + "; before it:"
                    + history(batch, mine, i));
          }
          errors += mine.get(i)[0] == '-' ? 1 : 0;
        }
      }
    }
    return new int[] {increments, errors};
  }
}
