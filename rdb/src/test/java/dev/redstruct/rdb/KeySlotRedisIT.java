package dev.redstruct.rdb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.redstruct.testkit.RedisServer;
import dev.redstruct.testkit.RespClient;
import dev.redstruct.testkit.RespReply;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Our keyHashSlot against {@code CLUSTER KEYSLOT} of a cluster-enabled redis-server. */
class KeySlotRedisIT {
  private static final long SEED = Long.getLong("redstruct.seed", 0x5107L);

  @Test
  void tenThousandRandomKeysWithBracesMatchClusterKeyslot() {
    Oracle.requireRedis();
    System.out.println("KeySlotRedisIT seed " + SEED);
    SplittableRandom rnd = new SplittableRandom(SEED);
    List<byte[]> keys = new ArrayList<>();
    for (int i = 0; i < 10_000; i++) {
      keys.add(randomKey(rnd));
    }
    try (RedisServer server = RedisServer.start(List.of("--cluster-enabled", "yes"));
        RespClient c = server.newClient()) {
      List<byte[][]> cmds = new ArrayList<>();
      for (byte[] k : keys) {
        cmds.add(new byte[][] {RespClient.utf8("CLUSTER")[0], RespClient.utf8("KEYSLOT")[0], k});
      }
      List<RespReply> replies = c.pipeline(cmds);
      int mismatches = 0;
      for (int i = 0; i < keys.size(); i++) {
        if (replies.get(i).asLong() != KeySlot.of(keys.get(i))) {
          mismatches++;
        }
      }
      System.out.println("KeySlotRedisIT: " + keys.size() + " keys, " + mismatches + " mismatches");
      assertEquals(0, mismatches);
    }
  }

  /** Keys of 0..20 bytes over an alphabet rich in braces, plus arbitrary bytes. */
  static byte[] randomKey(SplittableRandom rnd) {
    byte[] alphabet = {'{', '}', 'a', 'b', '1', '{', '}', 'x', 0, (byte) 0xff};
    byte[] k = new byte[rnd.nextInt(21)];
    for (int i = 0; i < k.length; i++) {
      k[i] = rnd.nextInt(4) == 0 ? (byte) rnd.nextInt(256) : alphabet[rnd.nextInt(alphabet.length)];
    }
    return k;
  }
}
