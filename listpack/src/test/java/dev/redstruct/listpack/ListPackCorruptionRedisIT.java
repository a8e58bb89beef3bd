package dev.redstruct.listpack;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.core.rdb.RdbPayload;
import dev.redstruct.testkit.RedisTest;
import dev.redstruct.testkit.RespClient;
import dev.redstruct.testkit.RespReply;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Mutated listpacks against Redis 7.0.15's {@code RESTORE} with {@code sanitize-dump-payload yes}
 * (testkit's default): each blob is restored as a one-node list (type 18; Redis also refuses an
 * empty listpack there, as an empty key) and as a hash or sorted set (types 16/17, where the RDB
 * layer adds the even-count and duplicate-field checks and also refuses an empty value). Our
 * verdict ({@link ListPack#validate} / {@link ListPack#validatePairs} and a non-zero count) must
 * equal Redis's on every blob; only {@link CorruptEncodingException} may escape our side, and every
 * blob we accept must walk both ways and take an insert and a delete. Seed printed; replay with
 * {@code -Dredstruct.seed=<seed>}.
 */
@RedisTest
class ListPackCorruptionRedisIT {
  private static final int BLOBS = 100_000;
  private static final int BATCH = 2_000;

  @Test
  void mutatedBlobsGetRedisVerdict(RespClient redis) {
    long seed = Long.getLong("redstruct.seed", System.nanoTime());
    System.out.println("ListPackCorruptionRedisIT seed " + seed);
    SplittableRandom r = new SplittableRandom(seed);
    int restores = 0;
    int agree = 0;
    int accepted = 0;
    List<String> disagreements = new ArrayList<>();
    for (int done = 0; done < BLOBS; done += BATCH) {
      byte[][] blobs = new byte[BATCH][];
      int[] pairTypes = new int[BATCH];
      List<byte[][]> commands = new ArrayList<>();
      byte[] base = null;
      for (int i = 0; i < BATCH; i++) {
        if (i % 20 == 0) {
          base =
              r.nextBoolean()
                  ? ListPackMutations.validPairBlob(r, 8)
                  : ListPackMutations.validBlob(r, 12);
        }
        blobs[i] = i % 97 == 0 ? base : ListPackMutations.mutate(r, base);
        pairTypes[i] =
            r.nextBoolean() ? RdbPayload.TYPE_HASH_LISTPACK : RdbPayload.TYPE_ZSET_LISTPACK;
        commands.add(restore(RdbPayload.TYPE_LIST_QUICKLIST_2, blobs[i]));
        commands.add(restore(pairTypes[i], blobs[i]));
      }
      List<RespReply> replies = redis.pipeline(commands);
      for (int i = 0; i < BATCH; i++) {
        boolean[] ours = ourVerdicts(blobs[i]);
        boolean[] theirs = {
          replies.get(2 * i) instanceof RespReply.Simple,
          replies.get(2 * i + 1) instanceof RespReply.Simple
        };
        for (int k = 0; k < 2; k++) {
          restores++;
          if (ours[k] == theirs[k]) {
            agree++;
          } else if (disagreements.size() < 10) {
            disagreements.add(
                (k == 0 ? "type 18 " : "type " + pairTypes[i] + " ")
                    + Bytes.hex(blobs[i])
                    + " redis="
                    + replies.get(2 * i + k)
                    + " ours="
                    + ours[k]);
          }
        }
        if (ListPackCorruptionTest.survives(blobs[i], r)) {
          accepted++;
        }
      }
    }
    System.out.printf(
        "ListPackCorruptionRedisIT: %d mutated blobs, %d RESTOREs (type 18, and 16 or 17): %d agree"
            + " (%.3f%%); %d blobs valid listpacks, each walked both ways and edited; seed %d%n",
        BLOBS, restores, agree, 100.0 * agree / restores, accepted, seed);
    assertTrue(disagreements.isEmpty(), "seed " + seed + ":\n" + String.join("\n", disagreements));
    assertEquals(restores, agree);
  }

  private static byte[][] restore(int type, byte[] blob) {
    return new byte[][] {
      ListPackRedisIT.b("RESTORE"),
      ListPackRedisIT.b("m"),
      ListPackRedisIT.b("0"),
      ListPackRedisIT.payload(type, blob),
      ListPackRedisIT.b("REPLACE")
    };
  }

  /** Our verdicts as a list node and as a hash/zset: valid and not empty. */
  private static boolean[] ourVerdicts(byte[] blob) {
    boolean list;
    try {
      list = ListPack.validate(blob) > 0;
    } catch (CorruptEncodingException e) {
      list = false;
    }
    boolean pairs;
    try {
      pairs = ListPack.validatePairs(blob) > 0;
    } catch (CorruptEncodingException e) {
      pairs = false;
    }
    return new boolean[] {list, pairs};
  }
}
