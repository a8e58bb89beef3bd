package dev.redstruct.intset;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.core.rdb.Crc64;
import dev.redstruct.core.rdb.RdbPayload;
import dev.redstruct.core.rdb.RdbReader;
import dev.redstruct.core.rdb.RdbWriter;
import dev.redstruct.testkit.PayloadBounds;
import dev.redstruct.testkit.RedisTest;
import dev.redstruct.testkit.RespClient;
import dev.redstruct.testkit.RespReply;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The intset against Redis 7.0.15: blobs byte-identical to {@code DUMP} of {@code SADD}'s sets, and
 * {@code RESTORE}'s verdict ({@code sanitize-dump-payload yes}) on mutated type-11 payloads equal
 * to ours. Seed printed; replay with {@code -Dintset.it.seed=N}.
 */
@RedisTest
class IntSetRedisIT {
  private static final int PAYLOADS = Integer.getInteger("intset.it.payloads", 100_000);
  private static final int BATCH = 5_000;

  @Test
  void saddBuildsOurBlobs(RespClient redis) {
    long seed = Long.getLong("intset.it.seed", System.nanoTime());
    System.out.println("IntSetRedisIT.saddBuildsOurBlobs seed " + seed);
    SplittableRandom r = new SplittableRandom(seed);
    for (int round = 0; round < 200; round++) {
      IntSet ours = IntSet.create();
      List<byte[][]> cmds = new ArrayList<>();
      int adds = 1 + r.nextInt(round % 10 == 0 ? 500 : 30);
      for (int i = 0; i < adds; i++) {
        long v = r.nextInt(8) == 0 ? r.nextLong() : r.nextInt(-70000, 70000);
        ours.add(v);
        cmds.add(RespClient.utf8("SADD", "s", Long.toString(v)));
      }
      if (r.nextBoolean() && ours.size() > 1) {
        long gone = ours.get(r.nextInt(ours.size()));
        ours.remove(gone);
        cmds.add(RespClient.utf8("SREM", "s", Long.toString(gone)));
      }
      cmds.add(RespClient.utf8("DUMP", "s"));
      cmds.add(RespClient.utf8("DEL", "s"));
      List<RespReply> replies = redis.pipeline(cmds);
      byte[] dump = replies.get(replies.size() - 2).asBytes();
      byte[] expected = RdbWriter.create(true).type(11).string(ours.toByteArray()).toDumpPayload();
      assertArrayEquals(expected, dump, () -> "seed " + seed + ": " + ours);
      assertEquals(ours, IntSet.copyOf(RdbPayload.parse(dump).blob()));
    }
  }

  @Test
  void restoreVerdictsEqualOurs(RespClient redis) {
    long seed = Long.getLong("intset.it.seed", System.nanoTime());
    System.out.println("IntSetRedisIT.restoreVerdictsEqualOurs seed " + seed);
    redis.call("CONFIG", "SET", "sanitize-dump-payload", "yes");
    SplittableRandom r = new SplittableRandom(seed);
    int agree = 0;
    int accepted = 0;
    int keptAway = 0;
    List<String> disagreements = new ArrayList<>();
    for (int done = 0; done < PAYLOADS; done += BATCH) {
      byte[][] payloads = new byte[BATCH][];
      List<byte[][]> commands = new ArrayList<>();
      byte[] base = null;
      for (int i = 0; i < BATCH; i++) {
        if (i % 20 == 0) {
          base = IntSetMutations.validBlob(r);
        }
        payloads[i] = payload(r, base);
        if (PayloadBounds.countFitsBytes(payloads[i])) {
          commands.add(new byte[][] {b("RESTORE"), b("k"), b("0"), payloads[i], b("REPLACE")});
        }
      }
      List<RespReply> replies = redis.pipeline(commands);
      int sent = 0;
      for (int i = 0; i < BATCH; i++) {
        boolean ours = ourVerdict(payloads[i]);
        if (!PayloadBounds.countFitsBytes(payloads[i])) {
          keptAway++; // never sent (none expected: type 11 has no leading count)
          assertTrue(!ours);
          agree++;
          continue;
        }
        RespReply reply = replies.get(sent++);
        boolean theirs = reply instanceof RespReply.Simple;
        if (ours == theirs) {
          agree++;
          accepted += ours ? 1 : 0;
        } else if (disagreements.size() < 10) {
          disagreements.add(Bytes.hex(payloads[i]) + " redis=" + reply + " ours=" + ours);
        }
      }
    }
    redis.call("CONFIG", "SET", "sanitize-dump-payload", "no");
    System.out.printf(
        "IntSetRedisIT: %d type-11 payloads, verdicts equal to RESTORE on %d (%d kept from the"
            + " server), accepted by both %d; seed %d%n",
        PAYLOADS, agree, keptAway, accepted, seed);
    assertTrue(disagreements.isEmpty(), "seed " + seed + ":\n" + String.join("\n", disagreements));
    assertEquals(PAYLOADS, agree);
    assertTrue(accepted > PAYLOADS / 50, "enough payloads load: " + accepted);
  }

  /** RESTORE's path for type 11: footer, one RDB string (footer bytes readable), the intset. */
  static boolean ourVerdict(byte[] payload) {
    try {
      RdbPayload p = RdbPayload.parse(payload);
      if (p.rdbVersion() > RdbPayload.RDB_VERSION || p.type() != RdbPayload.TYPE_SET_INTSET) {
        return false;
      }
      byte[] blob = RdbReader.of(payload, 1, payload.length - 1).string();
      IntSet s = IntSet.copyOf(blob);
      s.checkInvariants();
      return s.size() > 0;
    } catch (CorruptEncodingException e) {
      return false;
    }
  }

  /** Mostly a mutated blob in a good envelope; sometimes the envelope itself is mutated. */
  private static byte[] payload(SplittableRandom r, byte[] base) {
    boolean compress = r.nextBoolean();
    if (r.nextInt(50) == 0) {
      return RdbWriter.create(compress).type(11).string(base).toDumpPayload();
    }
    if (r.nextInt(5) > 0) {
      byte[] blob = IntSetMutations.mutate(r, base);
      return RdbWriter.create(compress).type(11).string(blob).toDumpPayload();
    }
    byte[] p = RdbWriter.create(compress).type(11).string(base).toDumpPayload();
    int bodyEnd = p.length - RdbPayload.FOOTER;
    byte[] v = Arrays.copyOf(p, bodyEnd);
    int at = 1 + r.nextInt(Math.max(1, bodyEnd - 1));
    switch (r.nextInt(3)) {
      case 0 -> v[at] ^= (byte) (1 << r.nextInt(8));
      case 1 -> v = Arrays.copyOf(v, Math.max(1, bodyEnd - 1 - r.nextInt(4)));
      default -> v[at] = (byte) (v[at] + (r.nextBoolean() ? 1 : -1));
    }
    byte[] out = Arrays.copyOf(v, v.length + RdbPayload.FOOTER);
    out[v.length] = (byte) (r.nextInt(100) == 0 ? 11 : 10);
    long crc = Crc64.update(0, out, 0, v.length + 2);
    if (r.nextInt(50) == 0) {
      crc ^= 1;
    }
    Bytes.putLongLE(out, v.length + 2, crc);
    return out;
  }

  private static byte[] b(String s) {
    return Bytes.utf8(s);
  }
}
