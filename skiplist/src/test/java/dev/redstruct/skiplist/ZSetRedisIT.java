package dev.redstruct.skiplist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.rdb.RdbPayload;
import dev.redstruct.testkit.RedisTest;
import dev.redstruct.testkit.RespClient;
import dev.redstruct.testkit.RespReply;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Differential test against redis-server 7.0.15: random Z* command streams run on {@link
 * ZSetCommands} and on Redis must give identical RESP replies (errors included) and identical
 * {@code OBJECT ENCODING} after every command. Seed: {@code -Dzset.it.seed=N}; length: {@code
 * -Dzset.it.commands=N}.
 */
@RedisTest
class ZSetRedisIT {
  private static final long SEED = Long.getLong("zset.it.seed", 20260522L);
  private static final int COMMANDS = Integer.getInteger("zset.it.commands", 100_000);
  private static final int BATCH = 1000;

  @Test
  void randomCommandStreamsMatchRedis(RespClient redis) {
    ZSetCommands ours = new ZSetCommands(128, 64);
    ZSetStreamGenerator gen = new ZSetStreamGenerator(new SplittableRandom(SEED));
    int done = 0;
    int skiplistSeen = 0;
    int compactAfterSkiplist = 0;
    int errors = 0;
    int longArrays = 0;
    while (done < COMMANDS) {
      List<byte[][]> cmds = new ArrayList<>();
      List<byte[][]> piped = new ArrayList<>();
      for (int i = 0; i < BATCH; i++) {
        byte[][] c = gen.next();
        cmds.add(c);
        piped.add(c);
        piped.add(new byte[][] {b("OBJECT"), b("ENCODING"), c[1]});
      }
      List<RespReply> theirs = redis.pipeline(piped);
      for (int i = 0; i < cmds.size(); i++) {
        byte[][] c = cmds.get(i);
        RespReply mine = ours.exec(c);
        String where = "seed " + SEED + " command #" + (done + i) + ": " + show(c);
        assertEquals(theirs.get(2 * i), mine, where);
        if (mine instanceof RespReply.Error) {
          errors++;
        } else if (mine instanceof RespReply.Array arr && arr.elements().size() > 2) {
          longArrays++;
        }
        RespReply enc = theirs.get(2 * i + 1);
        String ourEnc = ours.encoding(ZSetCommands.key(c[1]));
        assertEquals(enc.isNull() ? null : text(enc), ourEnc, "encoding after " + where);
        if ("skiplist".equals(ourEnc)) {
          skiplistSeen++;
        } else if ("listpack".equals(ourEnc) && gen.wasSkiplist(c[1])) {
          compactAfterSkiplist++;
        }
        gen.noteEncoding(c[1], ourEnc);
      }
      done += cmds.size();
    }
    for (ZSet z : ours.db.values()) {
      z.checkInvariants();
    }
    System.out.printf(
        "ZSetRedisIT: %d commands (+%d OBJECT ENCODING), 0 mismatches, seed %d;"
            + " skiplist-encoded replies %d, compact after skiplist %d, error replies %d,"
            + " arrays longer than 2: %d%n",
        done, done, SEED, skiplistSeen, compactAfterSkiplist, errors, longArrays);
    assertTrue(skiplistSeen > 1000, "the stream must cross the 128/64 thresholds");
    assertTrue(compactAfterSkiplist > 100, "keys must come back to the compact encoding");
  }

  @Test
  void compactBlobRestoresAsRdbType12(RespClient redis) {
    ZSet z = ZSet.create();
    String[] members = {"a", "b", "123", "-7", "long-member-name", "x"};
    double[] scores = {1.5, -0.0, 3, 1e17, Double.POSITIVE_INFINITY, 0.1};
    for (int i = 0; i < members.length; i++) {
      z.add(scores[i], b(members[i]));
    }
    byte[] payload = RdbPayload.ofBlob(RdbPayload.TYPE_ZSET_ZIPLIST, z.toCompactBytes());
    assertEquals(new RespReply.Simple("OK"), redis.call(b("RESTORE"), b("k"), b("0"), payload));
    assertEquals("listpack", text(redis.call("OBJECT", "ENCODING", "k")));
    RespReply theirs = redis.call("ZRANGE", "k", "0", "-1", "WITHSCORES");
    List<RespReply> expected = new ArrayList<>();
    for (ZSet.Entry e : z.rangeByRank(0, -1, false)) {
      expected.add(new RespReply.Bulk(e.member()));
      expected.add(
          new RespReply.Bulk(dev.redstruct.core.RedisNumbers.formatDoubleBytes(e.score())));
    }
    assertEquals(new RespReply.Array(expected), theirs);
    // And back: Redis's own ZADDs give the same ordered content as our compact encoding.
    ZSet mirror = ZSet.fromCompact(z.toCompactBytes());
    mirror.checkInvariants();
    assertEquals(z.toString(), mirror.toString());
  }

  private static String text(RespReply r) {
    if (r instanceof RespReply.Bulk bulk) {
      return new String(bulk.value(), StandardCharsets.ISO_8859_1);
    }
    if (r instanceof RespReply.Simple s) {
      return s.value();
    }
    return r.toString();
  }

  private static byte[] b(String s) {
    return Bytes.utf8(s);
  }

  private static String show(byte[][] c) {
    StringBuilder sb = new StringBuilder();
    for (byte[] a : c) {
      sb.append(new String(a, StandardCharsets.ISO_8859_1)).append(' ');
    }
    return sb.toString();
  }
}
