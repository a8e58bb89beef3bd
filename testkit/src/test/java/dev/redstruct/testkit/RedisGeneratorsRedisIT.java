package dev.redstruct.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The generators' claims checked by the oracle (seeded; seed in each test). */
@RedisTest
class RedisGeneratorsRedisIT {

  static byte[] b(String s) {
    return s.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
  }

  /** INCRBY k 0 succeeds exactly for strings Redis's string2ll accepts (getLongLongFromObject). */
  static List<RespReply> incrByZero(RespClient redis, List<byte[]> values) {
    List<byte[][]> cmds = new ArrayList<>();
    for (byte[] v : values) {
      cmds.add(new byte[][] {b("SET"), b("k"), v});
      cmds.add(new byte[][] {b("INCRBY"), b("k"), b("0")});
    }
    List<RespReply> replies = redis.pipeline(cmds);
    List<RespReply> out = new ArrayList<>();
    for (int i = 1; i < replies.size(); i += 2) {
      out.add(replies.get(i));
    }
    return out;
  }

  @Test
  void redisAgreesWhichIntegersAreCanonical(RespClient redis) {
    SplittableRandom r = new SplittableRandom(11);
    List<byte[]> values = new ArrayList<>();
    for (int i = 0; i < 2000; i++) {
      values.add(RedisGenerators.canonicalInteger(r));
      values.add(RedisGenerators.nearCanonicalInteger(r));
    }
    List<RespReply> replies = incrByZero(redis, values);
    for (int i = 0; i < values.size(); i++) {
      byte[] v = values.get(i);
      RespReply reply = replies.get(i);
      if (CanonicalLong.isCanonicalLong(v)) {
        assertEquals(
            new RespReply.Int(
                Long.parseLong(new String(v, java.nio.charset.StandardCharsets.US_ASCII))),
            reply);
      } else {
        assertEquals(
            new RespReply.Error("ERR value is not an integer or out of range"),
            reply,
            Printable.bytes(v));
      }
    }
  }

  @Test
  void scoreStringsAreSometimesValidSometimesNot(RespClient redis) {
    SplittableRandom r = new SplittableRandom(12);
    List<byte[][]> cmds = new ArrayList<>();
    for (int i = 0; i < 1000; i++) {
      cmds.add(new byte[][] {b("ZADD"), b("z"), RedisGenerators.scoreString(r), b("m")});
    }
    int ok = 0;
    int rejected = 0;
    for (RespReply reply : redis.pipeline(cmds)) {
      if (reply instanceof RespReply.Int) {
        ok++;
      } else {
        assertEquals(new RespReply.Error("ERR value is not a valid float"), reply);
        rejected++;
      }
    }
    assertTrue(ok > 100 && rejected > 100, ok + " accepted, " + rejected + " rejected");
  }
}
