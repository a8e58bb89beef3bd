package dev.redstruct.skiplist;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.rdb.RdbPayload;
import dev.redstruct.listpack.ListPack;
import dev.redstruct.testkit.PayloadBounds;
import dev.redstruct.testkit.RedisTest;
import dev.redstruct.testkit.RespClient;
import dev.redstruct.testkit.RespReply;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Issue 27 item 7: type-17 blobs that Redis 7.0.15 keeps as they are, pairs out of (score, member)
 * order and text scores that are not canonical numbers ({@code "abc"} reads as 0). Each blob is
 * {@code RESTORE}d into Redis and loaded by {@link ZSet#fromRdbPayload}; then every read command of
 * a fixed battery must give Redis's reply (its replies follow the blob), {@code DUMP} must give the
 * blob back, and after each write of a second battery the replies and {@code DUMP} must agree
 * again. The seed is printed; {@code -Dzset.foreign.seed=} replays it.
 */
@RedisTest
class ZSetForeignBlobRedisIT {
  private static final long SEED = Long.getLong("zset.foreign.seed", 0x27L);
  private static final int BLOBS = 150;

  /** The two payloads: a=5 before b=2; a single pair with the score text "abc". */
  static final String OUT_OF_ORDER = "111111000000040081610205018162020201ff0a005c3ad83b305656bd";

  static final String TEXT_SCORE = "110f0f00000002008161028361626304ff0a0044a3ef27cf86e7f3";

  private static final String[] TEXTS = {
    "abc", "5x", " 7", "1e2", "0x10", "-0", "+3", "2.50", "inf"
  };

  private static final String[][] WRITES = {
    {"ZADD", "z", "3", "c"},
    {"ZADD", "z", "1", "a"},
    {"ZADD", "z", "4", "m1"},
    {"ZINCRBY", "z", "1", "b"},
    {"ZREM", "z", "a"},
    {"ZPOPMIN", "z"},
    {"ZPOPMAX", "z"},
    {"ZREMRANGEBYSCORE", "z", "1", "3"},
    {"ZREMRANGEBYRANK", "z", "0", "0"},
    {"ZREMRANGEBYLEX", "z", "-", "[b"},
  };

  @Test
  void foreignBlobsAnswerAsRedisAnswers(RespClient redis) {
    System.out.println("ZSetForeignBlobRedisIT seed " + SEED);
    SplittableRandom rnd = new SplittableRandom(SEED);
    List<byte[]> payloads = new ArrayList<>();
    payloads.add(HexFormat.of().parseHex(OUT_OF_ORDER));
    payloads.add(HexFormat.of().parseHex(TEXT_SCORE));
    for (int i = 0; i < BLOBS; i++) {
      payloads.add(randomBlob(rnd));
    }
    int compared = 0;
    for (byte[] p : payloads) {
      if (!PayloadBounds.countFitsBytes(p)) {
        throw new AssertionError("generated payload with a lying count: " + Bytes.hex(p));
      }
      compared += compare(redis, p, null);
      for (String[] w : WRITES) {
        compared += compare(redis, p, w);
      }
    }
    System.out.printf(
        "ZSetForeignBlobRedisIT: %d blobs, %d replies and DUMPs equal to Redis's%n",
        payloads.size(), compared);
  }

  /** Restores p on both sides, applies the write if any, compares the battery and DUMP. */
  private static int compare(RespClient redis, byte[] p, String[] write) {
    String where =
        "payload " + Bytes.hex(p) + (write == null ? "" : " after " + String.join(" ", write));
    RespReply restored = redis.call(b("RESTORE"), b("z"), b("0"), p, b("REPLACE"));
    assertEquals(new RespReply.Simple("OK"), restored, where);
    ZSetHarness ours = new ZSetHarness(128, 64);
    ours.db.put("z", ZSet.fromRdbPayload(p));
    int n = 0;
    List<String[]> battery = new ArrayList<>();
    if (write != null) {
      battery.add(write);
    }
    battery.addAll(reads(redis));
    for (String[] cmd : battery) {
      byte[][] argv = new byte[cmd.length][];
      for (int i = 0; i < cmd.length; i++) {
        argv[i] = b(cmd[i]);
      }
      assertEquals(redis.call(argv), ours.exec(argv), where + ": " + String.join(" ", cmd));
      n++;
    }
    RespReply dump = redis.call("DUMP", "z");
    ZSet z = ours.db.get("z");
    if (dump.isNull()) {
      assertEquals(null, z, where + ": DUMP");
    } else {
      assertEquals(dump, new RespReply.Bulk(z.toRdbPayload(true)), where + ": DUMP");
    }
    return n + 1;
  }

  /** Every read command over the whole key, and per member. */
  private static List<String[]> reads(RespClient redis) {
    List<String[]> out = new ArrayList<>();
    out.add(new String[] {"ZRANGE", "z", "0", "-1", "WITHSCORES"});
    out.add(new String[] {"ZREVRANGE", "z", "0", "-1", "WITHSCORES"});
    out.add(new String[] {"ZRANGE", "z", "1", "2"});
    out.add(new String[] {"ZCARD", "z"});
    out.add(new String[] {"ZCOUNT", "z", "-inf", "+inf"});
    out.add(new String[] {"ZCOUNT", "z", "1", "5"});
    out.add(new String[] {"ZRANGEBYSCORE", "z", "-inf", "+inf", "WITHSCORES"});
    out.add(new String[] {"ZRANGEBYSCORE", "z", "(1", "5"});
    out.add(new String[] {"ZREVRANGEBYSCORE", "z", "+inf", "-inf", "WITHSCORES"});
    out.add(new String[] {"ZREVRANGEBYSCORE", "z", "5", "(1"});
    out.add(new String[] {"ZRANGEBYLEX", "z", "-", "+"});
    out.add(new String[] {"ZRANGEBYLEX", "z", "[b", "(m"});
    out.add(new String[] {"ZREVRANGEBYLEX", "z", "+", "-"});
    out.add(new String[] {"ZLEXCOUNT", "z", "-", "+"});
    out.add(new String[] {"ZLEXCOUNT", "z", "[b", "(m"});
    RespReply members = redis.call("ZRANGE", "z", "0", "-1");
    List<String> names = new ArrayList<>(List.of("a", "b", "zz"));
    if (members instanceof RespReply.Array a) {
      for (RespReply m : a.elements()) {
        names.add(new String(((RespReply.Bulk) m).value(), StandardCharsets.ISO_8859_1));
      }
    }
    for (String m : names) {
      out.add(new String[] {"ZSCORE", "z", m});
      out.add(new String[] {"ZRANK", "z", m});
      out.add(new String[] {"ZREVRANK", "z", m});
    }
    List<String> mscore = new ArrayList<>(List.of("ZMSCORE", "z"));
    mscore.addAll(names);
    out.add(mscore.toArray(new String[0]));
    return out;
  }

  /** 1 to 8 pairs, unsorted, members small texts or integers, scores integers or texts. */
  private static byte[] randomBlob(SplittableRandom rnd) {
    ListPack lp = ListPack.create();
    int n = 1 + rnd.nextInt(8);
    List<String> used = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      String m;
      do {
        m = rnd.nextBoolean() ? Character.toString('a' + rnd.nextInt(14)) : "" + rnd.nextInt(20);
      } while (used.contains(m));
      used.add(m);
      lp.append(b(m));
      int kind = rnd.nextInt(3);
      if (kind == 0) {
        lp.append((long) rnd.nextInt(-3, 8));
      } else if (kind == 1) {
        lp.append(b(TEXTS[rnd.nextInt(TEXTS.length)]));
      } else {
        lp.append(b(Double.toString(rnd.nextInt(-30, 80) / 10.0)));
      }
    }
    return RdbPayload.ofBlob(RdbPayload.TYPE_ZSET_LISTPACK, lp.toByteArray());
  }

  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }
}
