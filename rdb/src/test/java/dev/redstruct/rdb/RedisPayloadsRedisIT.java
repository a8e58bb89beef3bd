package dev.redstruct.rdb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.redstruct.bitfield.Bitmap;
import dev.redstruct.core.Bytes;
import dev.redstruct.hash.RedisHash;
import dev.redstruct.hll.HyperLogLog;
import dev.redstruct.quicklist.QuickList;
import dev.redstruct.set.RedisSet;
import dev.redstruct.skiplist.ZSet;
import dev.redstruct.testkit.RedisTest;
import dev.redstruct.testkit.RespClient;
import dev.redstruct.testkit.RespReply;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * DUMP identity: for random strings, HLLs, bitmaps and lists built by commands in Redis and by the
 * JVM, our payload equals Redis's {@code DUMP} byte for byte under {@code rdbcompression} yes and
 * no; Redis {@code RESTORE}s ours (testkit starts it with {@code sanitize-dump-payload yes}) and
 * dumps it back identically; and we load Redis's payload into an equal value.
 */
@RedisTest
class RedisPayloadsRedisIT {
  private static final long SEED = Long.getLong("redstruct.seed", 0xd0d0L);
  private static final int KEYS = 10_000;
  private static final int BATCH = 500;

  @ParameterizedTest(name = "rdbcompression {0}")
  @ValueSource(booleans = {true, false})
  void randomKeysDumpByteForByte(boolean compression, RespClient redis) {
    long seed = SEED + (compression ? 1 : 0);
    System.out.println("RedisPayloadsRedisIT seed " + seed + " rdbcompression " + compression);
    redis.call("CONFIG", "SET", "rdbcompression", compression ? "yes" : "no").assertOk();
    SplittableRandom rnd = new SplittableRandom(seed);
    int mismatches = 0;
    int[] perKind = new int[7];
    for (int done = 0; done < KEYS; done += BATCH) {
      List<Samples.Sample> batch = new ArrayList<>();
      for (int i = 0; i < BATCH; i++) {
        Samples.Sample s = Samples.random(rnd, "k" + (done + i));
        batch.add(s);
        perKind[kind(s.value())]++;
      }
      mismatches += checkBatch(redis, batch, compression);
      redis.call("FLUSHALL").assertOk();
    }
    System.out.printf(
        "RedisPayloadsRedisIT: %d keys (strings %d, HLLs %d, bitmaps %d, lists %d, zsets %d, sets"
            + " %d, hashes %d), rdbcompression %s, %d mismatches%n",
        KEYS,
        perKind[0],
        perKind[1],
        perKind[2],
        perKind[3],
        perKind[4],
        perKind[5],
        perKind[6],
        compression,
        mismatches);
    assertEquals(0, mismatches);
  }

  @ParameterizedTest(name = "rdbcompression {0}")
  @ValueSource(booleans = {true, false})
  void compressedQuicklistNodesDumpByteForByte(boolean compression, RespClient redis) {
    // interior nodes LZF-compressed by list-compress-depth 1, small nodes (fill 4): the node blobs
    // are written as they are held (rdbSaveObject: quicklistGetLzf), not re-encoded
    long seed = SEED + 7 + (compression ? 1 : 0);
    System.out.println("RedisPayloadsRedisIT compressed lists seed " + seed);
    redis.call("CONFIG", "SET", "rdbcompression", compression ? "yes" : "no").assertOk();
    redis.call("CONFIG", "SET", "list-compress-depth", "1").assertOk();
    redis.call("CONFIG", "SET", "list-max-listpack-size", "4").assertOk();
    try {
      SplittableRandom rnd = new SplittableRandom(seed);
      List<Samples.Sample> batch = new ArrayList<>();
      for (int i = 0; i < 1_000; i++) {
        Samples.Sample s = Samples.list(rnd, "c" + i, 1 + rnd.nextInt(40));
        QuickList ql = QuickList.create(4, 1);
        ((QuickList) s.value()).toList().forEach(ql::pushTail);
        batch.add(new Samples.Sample(s.key(), ql, s.commands()));
      }
      int mismatches = checkBatch(redis, batch, compression);
      System.out.printf(
          "RedisPayloadsRedisIT: 1000 lists, fill 4, compress depth 1, rdbcompression %s, %d"
              + " mismatches%n",
          compression, mismatches);
      assertEquals(0, mismatches);
    } finally {
      redis.call("CONFIG", "SET", "list-compress-depth", "0").assertOk();
      redis.call("CONFIG", "SET", "list-max-listpack-size", "-2").assertOk();
    }
  }

  private static int kind(Object v) {
    return v instanceof byte[]
        ? 0
        : v instanceof HyperLogLog
            ? 1
            : v instanceof Bitmap
                ? 2
                : v instanceof ZSet
                    ? 4
                    : v instanceof RedisSet ? 5 : v instanceof RedisHash ? 6 : 3;
  }

  /**
   * A hashtable set's or hash's payload lists its members in table order, and Redis's table order
   * follows a random per-process hash seed: such payloads can only be compared by what they hold.
   */
  private static boolean orderFollowsHashSeed(Object v) {
    return v instanceof RedisSet s && s.encoding() == RedisSet.Encoding.HASHTABLE
        || v instanceof RedisHash h && h.encoding() == RedisHash.Encoding.HASHTABLE;
  }

  private int checkBatch(RespClient redis, List<Samples.Sample> batch, boolean compression) {
    List<byte[][]> build = new ArrayList<>();
    List<byte[][]> dumps = new ArrayList<>();
    for (Samples.Sample s : batch) {
      build.addAll(s.commands());
      dumps.add(new byte[][] {Samples.utf8("DUMP"), s.key()});
    }
    for (RespReply r : redis.pipeline(build)) {
      assertEquals(false, r.isError(), r.toString());
    }
    List<RespReply> theirs = redis.pipeline(dumps);
    List<byte[][]> restores = new ArrayList<>();
    List<byte[][]> redumps = new ArrayList<>();
    List<byte[]> ours = new ArrayList<>();
    int mismatches = 0;
    for (int i = 0; i < batch.size(); i++) {
      Samples.Sample s = batch.get(i);
      byte[] mine = s.payload(compression);
      ours.add(mine);
      byte[] redisPayload = theirs.get(i).asBytes();
      boolean same =
          orderFollowsHashSeed(s.value())
              ? RedisPayloads.load(mine).equals(RedisPayloads.load(redisPayload))
              : java.util.Arrays.equals(mine, redisPayload);
      if (!same) {
        mismatches++;
        if (mismatches < 5) {
          System.out.println(
              "MISMATCH "
                  + new String(s.key())
                  + "\n ours "
                  + Bytes.hex(mine)
                  + "\n redis "
                  + Bytes.hex(redisPayload));
        }
      }
      assertSameValue(s.value(), RedisPayloads.load(redisPayload));
      byte[] copy = Samples.utf8("r" + new String(s.key()));
      restores.add(new byte[][] {Samples.utf8("RESTORE"), copy, Samples.utf8("0"), mine});
      redumps.add(new byte[][] {Samples.utf8("DUMP"), copy});
    }
    for (RespReply r : redis.pipeline(restores)) {
      r.assertOk();
    }
    List<RespReply> back = redis.pipeline(redumps);
    for (int i = 0; i < batch.size(); i++) {
      if (orderFollowsHashSeed(batch.get(i).value())) {
        assertSameValue(batch.get(i).value(), RedisPayloads.load(back.get(i).asBytes()));
      } else {
        assertArrayEquals(ours.get(i), back.get(i).asBytes(), "DUMP after RESTORE of ours");
      }
    }
    return mismatches;
  }

  static void assertSameValue(Object expected, RedisValue loaded) {
    if (expected instanceof RedisHash hash) {
      // Contents only: a hashtable whose long values were overwritten by short ones loads back as a
      // listpack (rdbLoadObject re-decides the encoding of a type-4 value; commands never do)
      assertEquals(hash, ((RedisValue.HashValue) loaded).hash());
      return;
    }
    if (expected instanceof RedisSet set) {
      RedisSet got = ((RedisValue.SetValue) loaded).set();
      assertEquals(set, got);
      assertEquals(set.encoding(), got.encoding());
      return;
    }
    if (expected instanceof ZSet z) {
      ZSet got = ((RedisValue.ZSetValue) loaded).zset();
      assertEquals(z.rangeByRank(0, -1, false), got.rangeByRank(0, -1, false));
      return;
    }
    if (expected instanceof QuickList ql) {
      QuickList got = ((RedisValue.ListValue) loaded).list();
      List<byte[]> a = ql.toList();
      List<byte[]> b = got.toList();
      assertEquals(a.size(), b.size());
      for (int i = 0; i < a.size(); i++) {
        assertArrayEquals(a.get(i), b.get(i));
      }
      return;
    }
    byte[] bytes = ((RedisValue.StringValue) loaded).bytes();
    if (expected instanceof HyperLogLog h) {
      assertArrayEquals(h.toByteArray(), bytes);
    } else if (expected instanceof Bitmap bm) {
      assertArrayEquals(bm.toByteArray(), bytes);
    } else {
      assertArrayEquals((byte[]) expected, bytes);
    }
  }
}
