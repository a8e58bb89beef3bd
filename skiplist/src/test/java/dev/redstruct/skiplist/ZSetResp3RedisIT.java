package dev.redstruct.skiplist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.Bytes;
import dev.redstruct.testkit.RedisTest;
import dev.redstruct.testkit.RespClient;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Differential test of {@link ZSetCommands} in RESP3 against redis-server 7.0.15 after {@code HELLO
 * 3}: the random command stream of {@link ZSetRedisIT} (without ZRANDMEMBER, whose picks differ)
 * plus {@code ZSCAN ... MATCH ... COUNT} of compact keys, each reply compared byte for byte ({@code
 * ,} doubles, {@code _} nulls, [member, score] pairs). Seed: {@code -Dzset.it.seed=N}; length:
 * {@code -Dzset.resp3.commands=N}.
 */
@RedisTest
class ZSetResp3RedisIT {
  private static final long SEED = Long.getLong("zset.it.seed", 20260522L);
  private static final int COMMANDS = Integer.getInteger("zset.resp3.commands", 10_000);

  @Test
  void resp3RepliesMatchRedisByteForByte(RespClient redis) {
    redis.callRaw(b("HELLO"), b("3"));
    ZSetHarness ours = new ZSetHarness(128, 64, 3);
    ZSetStreamGenerator gen = new ZSetStreamGenerator(new SplittableRandom(SEED));
    SplittableRandom rnd = new SplittableRandom(SEED + 1);
    Map<Character, Integer> kinds = new TreeMap<>();
    Map<String, Integer> mix = new TreeMap<>();
    int done = 0;
    while (done < COMMANDS) {
      byte[][] c = gen.next();
      String name = new String(c[0], StandardCharsets.US_ASCII).toUpperCase(Locale.ROOT);
      if (name.equals("ZRANDMEMBER")) {
        continue;
      }
      if (rnd.nextInt(20) == 0 && "listpack".equals(ours.encoding(ZSetHarness.key(c[1])))) {
        c = new byte[][] {b("ZSCAN"), c[1], b("0"), b("MATCH"), b("*" + rnd.nextInt(10) + "*")};
        name = "ZSCAN";
      }
      byte[] theirs = redis.callRaw(c);
      byte[] mine = ours.execBytes(c);
      assertEquals(text(theirs), text(mine), "seed " + SEED + " command #" + done + ": " + show(c));
      kinds.merge((char) theirs[0], 1, Integer::sum);
      mix.merge(name, 1, Integer::sum);
      done++;
    }
    System.out.printf(
        "ZSetResp3RedisIT: %d commands in RESP3, 0 mismatches, seed %d; reply types %s; mix %s%n",
        done, SEED, kinds, mix);
    assertTrue(kinds.getOrDefault(',', 0) > 100, "double replies must be compared");
    assertTrue(kinds.getOrDefault('_', 0) > 100, "null replies must be compared");
    assertTrue(mix.getOrDefault("ZSCAN", 0) > 100, "ZSCAN must be compared");
  }

  private static String show(byte[][] c) {
    StringBuilder sb = new StringBuilder();
    for (byte[] a : c) {
      sb.append(text(a)).append(' ');
    }
    return sb.toString();
  }

  /** The bytes as Latin-1 text with CR and LF visible, for a readable failure. */
  static String text(byte[] b) {
    return new String(b, StandardCharsets.ISO_8859_1).replace("\r", "\\r").replace("\n", "\\n");
  }

  private static byte[] b(String s) {
    return Bytes.utf8(s);
  }
}
