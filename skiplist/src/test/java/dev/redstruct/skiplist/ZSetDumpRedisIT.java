package dev.redstruct.skiplist;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.RedisNumbers;
import dev.redstruct.testkit.RedisTest;
import dev.redstruct.testkit.RespClient;
import dev.redstruct.testkit.RespReply;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * DUMP identity against redis-server 7.0.15: random keys built by the same ZADD/ZREM/ZINCRBY
 * commands on a {@link ZSet} and on Redis, across both encodings and at the thresholds (127, 128
 * and 129 members; members of 64 and 65 bytes; integer, fractional, huge and tiny scores, +-inf,
 * -0), with {@code rdbcompression} yes and no in turn. For every key: {@link ZSet#toRdbPayload}
 * equals Redis's {@code DUMP} byte for byte, Redis {@code RESTORE}s our payload (and its {@code
 * DUMP} of it equals our DUMP of our load of it, converted as Redis converts), and {@link
 * ZSet#fromRdbPayload} of Redis's payload equals our set. Seed: {@code -Dzset.dump.seed=N}; keys:
 * {@code -Dzset.dump.keys=N}.
 */
@RedisTest
class ZSetDumpRedisIT {
  private static final long SEED = Long.getLong("zset.dump.seed", 20261128L);
  private static final int KEYS = Integer.getInteger("zset.dump.keys", 10_000);
  private static final int BATCH = 250;

  private static final double[] EDGE_SCORES = {
    0.0,
    -0.0,
    Double.POSITIVE_INFINITY,
    Double.NEGATIVE_INFINITY,
    1e17,
    -1e17,
    (double) (Long.MAX_VALUE / 2),
    Math.nextUp((double) (Long.MAX_VALUE / 2)),
    4.9e-324,
    0.1,
    1.5e300,
    -2.5,
  };

  /** Keys built with the other order index: fewer, to keep the IT in its time budget. */
  private static final int OTHER_INDEX_KEYS = Integer.getInteger("zset.dump.other.keys", 3_000);

  @Test
  void dumpsAreByteIdenticalAndRestoreBothWays(RespClient redis) {
    dumps(redis, ZOrder.Kind.DEFAULT, KEYS);
  }

  @Test
  void dumpsAreByteIdenticalOnTheOtherIndex(RespClient redis) {
    ZOrder.Kind other =
        ZOrder.Kind.DEFAULT == ZOrder.Kind.TREE ? ZOrder.Kind.SKIPLIST : ZOrder.Kind.TREE;
    dumps(redis, other, OTHER_INDEX_KEYS);
  }

  private static void dumps(RespClient redis, ZOrder.Kind index, int keys) {
    SplittableRandom rnd = new SplittableRandom(SEED);
    System.out.println("ZSetDumpRedisIT seed " + SEED + ", " + index + " index");
    int[] byEncoding = new int[2];
    int lzfPayloads = 0;
    for (int done = 0; done < keys; done += BATCH) {
      boolean compress = (done / BATCH) % 2 == 0;
      redis.call("CONFIG", "SET", "rdbcompression", compress ? "yes" : "no");
      List<byte[][]> cmds = new ArrayList<>();
      ZSet[] ours = new ZSet[BATCH];
      for (int k = 0; k < BATCH; k++) {
        ours[k] = build(rnd, key(k), cmds, index);
      }
      for (int k = 0; k < BATCH; k++) {
        cmds.add(new byte[][] {b("DUMP"), key(k)});
      }
      List<RespReply> replies = redis.pipeline(cmds);
      List<byte[][]> back = new ArrayList<>();
      byte[][] theirs = new byte[BATCH][];
      byte[][] reloaded = new byte[BATCH][];
      for (int k = 0; k < BATCH; k++) {
        String where = "seed " + SEED + " key " + (done + k) + " compress " + compress;
        theirs[k] = ((RespReply.Bulk) replies.get(replies.size() - BATCH + k)).value();
        byte[] mine = ours[k].toRdbPayload(compress);
        assertArrayEquals(theirs[k], mine, where + " " + ours[k]);
        byEncoding[ours[k].encoding() == ZSet.Encoding.COMPACT ? 0 : 1]++;
        lzfPayloads += compress && mine.length != ours[k].toRdbPayload(false).length ? 1 : 0;
        ZSet loaded = ZSet.fromRdbPayload(theirs[k]);
        loaded.checkInvariants();
        assertEquals(expectedLoadEncoding(ours[k]), loaded.encoding(), where);
        assertEquals(content(ours[k], loaded), content(loaded, loaded), where);
        // What a load of our payload becomes (Redis converts a small type-5 set to a listpack).
        reloaded[k] = ZSet.fromRdbPayload(mine).toRdbPayload(compress);
        back.add(new byte[][] {b("RESTORE"), b("r" + k), b("0"), mine, b("REPLACE")});
        back.add(new byte[][] {b("DUMP"), b("r" + k)});
      }
      List<RespReply> restored = redis.pipeline(back);
      for (int k = 0; k < BATCH; k++) {
        String where = "seed " + SEED + " key " + (done + k);
        assertEquals(new RespReply.Simple("OK"), restored.get(2 * k), where);
        assertArrayEquals(
            reloaded[k], ((RespReply.Bulk) restored.get(2 * k + 1)).value(), where + " re-DUMP");
      }
    }
    redis.call("CONFIG", "SET", "rdbcompression", "yes");
    System.out.printf(
        "ZSetDumpRedisIT: %d keys (%d listpack, %d skiplist; %d payloads with LZF strings),"
            + " DUMP byte-identical, RESTOREd both ways: 0 mismatches, seed %d%n",
        keys, byEncoding[0], byEncoding[1], lzfPayloads, SEED);
    assertTrue(byEncoding[0] > keys / 4 && byEncoding[1] > keys / 10, "both encodings");
    assertTrue(lzfPayloads > keys / 100, "LZF forms reached: " + lzfPayloads);
  }

  /**
   * Redis's load rule (rdbLoadObject): a type-17 set stays a listpack up to 128 pairs; a type-5 set
   * is built as a skiplist and converted when it has at most 128 members of at most 64 bytes.
   */
  private static ZSet.Encoding expectedLoadEncoding(ZSet z) {
    if (z.encoding() == ZSet.Encoding.COMPACT || z.size() > ZSet.DEFAULT_MAX_COMPACT_ENTRIES) {
      return z.encoding();
    }
    for (ScoredMember e : z.rangeByRank(0, -1, false)) {
      if (e.member().length > ZSet.DEFAULT_MAX_COMPACT_VALUE) {
        return ZSet.Encoding.SKIPLIST;
      }
    }
    return ZSet.Encoding.COMPACT;
  }

  /**
   * Members and scores in order; -0 as 0 when {@code as} is compact (its storage drops the sign).
   */
  private static String content(ZSet z, ZSet as) {
    StringBuilder sb = new StringBuilder();
    for (ScoredMember e : z.rangeByRank(0, -1, false)) {
      double s = as.encoding() == ZSet.Encoding.COMPACT && e.score() == 0 ? 0.0 : e.score();
      sb.append(Bytes.hex(e.member())).append('=').append(s).append(' ');
    }
    return sb.toString();
  }

  private static byte[] key(int k) {
    return b("k" + k);
  }

  /** Random commands for one key, run on our set and queued for Redis. */
  private static ZSet build(
      SplittableRandom rnd, byte[] key, List<byte[][]> cmds, ZOrder.Kind index) {
    cmds.add(new byte[][] {b("DEL"), key});
    ZSet z =
        ZSet.create(
            ZSet.DEFAULT_MAX_COMPACT_ENTRIES,
            ZSet.DEFAULT_MAX_COMPACT_VALUE,
            ZSet.DEFAULT_SEED,
            index);
    int target = size(rnd);
    int memberKind = rnd.nextInt(5);
    List<byte[]> members = new ArrayList<>();
    while (members.size() < target) {
      int n = Math.min(target - members.size(), 1 + rnd.nextInt(40));
      double[] scores = new double[n];
      byte[][] ms = new byte[n][];
      byte[][] cmd = new byte[2 + 2 * n][];
      cmd[0] = b("ZADD");
      cmd[1] = key;
      for (int i = 0; i < n; i++) {
        scores[i] = score(rnd);
        ms[i] = member(rnd, memberKind, members.size() + i);
        cmd[2 + 2 * i] = RedisNumbers.formatDoubleBytes(scores[i]);
        cmd[3 + 2 * i] = ms[i];
      }
      z.add(0, scores, ms);
      cmds.add(cmd);
      for (byte[] m : ms) {
        members.add(m);
      }
    }
    int edits = rnd.nextInt(4) == 0 ? rnd.nextInt(20) : 0;
    for (int e = 0; e < edits && !members.isEmpty(); e++) {
      byte[] m = members.get(rnd.nextInt(members.size()));
      if (rnd.nextBoolean()) {
        z.remove(m);
        cmds.add(new byte[][] {b("ZREM"), key, m});
      } else {
        double by = rnd.nextInt(7) - 3 + (rnd.nextBoolean() ? 0.5 : 0);
        try {
          z.incrementBy(m, by);
          cmds.add(new byte[][] {b("ZINCRBY"), key, RedisNumbers.formatDoubleBytes(by), m});
        } catch (ZSetException nan) {
          // inf + -inf: both sides refuse and change nothing; not sent
        }
      }
    }
    if (z.size() == 0) { // a key must exist to be dumped
      z.add(b("last"), 1);
      cmds.add(new byte[][] {b("ZADD"), key, b("1"), b("last")});
    }
    return z;
  }

  private static int size(SplittableRandom rnd) {
    return switch (rnd.nextInt(8)) {
      case 0 -> 127 + rnd.nextInt(3); // 127, 128, 129
      case 1 -> 130 + rnd.nextInt(200);
      case 2 -> 1;
      default -> 1 + rnd.nextInt(60);
    };
  }

  private static byte[] member(SplittableRandom rnd, int kind, int i) {
    return switch (kind == 4 ? rnd.nextInt(4) : kind) {
      case 0 -> b(Long.toString(rnd.nextLong(-100_000, 100_000))); // integer elements
      case 1 -> b("m" + rnd.nextInt(400));
      case 2 -> // 64 and 65 bytes: the value threshold; repetitive, so LZF shrinks them
          b(("member-" + rnd.nextInt(300) + "-").repeat(10).substring(0, 64 + rnd.nextInt(2)));
      default -> b(rnd.nextInt(3) == 0 ? "p" + i + "-".repeat(rnd.nextInt(30)) : "u" + i);
    };
  }

  private static double score(SplittableRandom rnd) {
    return switch (rnd.nextInt(5)) {
      case 0 -> EDGE_SCORES[rnd.nextInt(EDGE_SCORES.length)];
      case 1 -> rnd.nextInt(2000) - 1000; // integers
      case 2 -> rnd.nextLong(); // large integers, most beyond 2^62
      default -> (rnd.nextInt(200_000) - 100_000) / 7.0; // fractions
    };
  }

  private static byte[] b(String s) {
    return Bytes.utf8(s);
  }
}
