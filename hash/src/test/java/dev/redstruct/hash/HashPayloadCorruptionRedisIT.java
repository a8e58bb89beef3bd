package dev.redstruct.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.core.rdb.Crc64;
import dev.redstruct.core.rdb.RdbPayload;
import dev.redstruct.core.rdb.RdbWriter;
import dev.redstruct.testkit.PayloadBounds;
import dev.redstruct.testkit.RedisTest;
import dev.redstruct.testkit.RespClient;
import dev.redstruct.testkit.RespReply;
import dev.redstruct.ziplist.ZipList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Mutated hash payloads against Redis 7.0.15's {@code RESTORE} with {@code sanitize-dump-payload
 * yes}: valid type-16, type-4 and type-13 payloads (with and without LZF; type 4 also for small
 * hashes, which load as listpacks; type 13 is a Redis 6.2 ziplist of the pairs) get bit flips, byte
 * writes, truncations, insertions, splices (which make duplicate fields), off-by-one counts and a
 * swapped hash type byte (4, 13 or 16), most with a recomputed CRC-64. Our verdict ({@link
 * RedisHash#fromRdbPayload} loads or throws {@link CorruptEncodingException}) must equal Redis's,
 * and what we load must hold its invariants and have Redis's encoding. Payloads whose count cannot
 * fit their bytes never reach the server ({@link PayloadBounds}); they are counted and must be
 * refused by us. Seed printed; replay with {@code -Dhash.corrupt.seed=N}.
 */
@RedisTest
class HashPayloadCorruptionRedisIT {
  private static final int PAYLOADS = Integer.getInteger("hash.corrupt.payloads", 100_000);
  private static final int BATCH = 2_500;

  @Test
  void mutatedPayloadsGetRedisVerdict(RespClient redis) {
    long seed = Long.getLong("hash.corrupt.seed", System.nanoTime());
    System.out.println("HashPayloadCorruptionRedisIT seed " + seed);
    redis.call("CONFIG", "SET", "sanitize-dump-payload", "yes");
    SplittableRandom r = new SplittableRandom(seed);
    int agree = 0;
    int accepted = 0;
    int keptAway = 0;
    int encodingChecks = 0;
    int[] byType = new int[256];
    List<String> disagreements = new ArrayList<>();
    for (int done = 0; done < PAYLOADS; done += BATCH) {
      byte[][] payloads = new byte[BATCH][];
      List<byte[][]> commands = new ArrayList<>();
      byte[] base = null;
      for (int i = 0; i < BATCH; i++) {
        if (i % 25 == 0) {
          base = validPayload(r);
        }
        payloads[i] = i % 50 == 0 ? base : mutate(r, base);
        if (PayloadBounds.countFitsBytes(payloads[i])) {
          commands.add(new byte[][] {b("RESTORE"), b("k"), b("0"), payloads[i], b("REPLACE")});
          commands.add(new byte[][] {b("OBJECT"), b("ENCODING"), b("k")});
        }
      }
      List<RespReply> replies = redis.pipeline(commands);
      int sent = 0;
      for (int i = 0; i < BATCH; i++) {
        RedisHash ours = ourVerdict(payloads[i]);
        byType[payloads[i][0] & 0xFF]++;
        if (!PayloadBounds.countFitsBytes(payloads[i])) {
          keptAway++;
          String hex = Bytes.hex(payloads[i]);
          assertFalse(
              ours != null, () -> "seed " + seed + ": we load a count that cannot fit: " + hex);
          agree++;
          continue;
        }
        RespReply reply = replies.get(sent++);
        RespReply encoding = replies.get(sent++);
        boolean theirs = reply instanceof RespReply.Simple;
        if ((ours != null) == theirs) {
          agree++;
          if (theirs) {
            accepted++;
            assertEquals(encoding.asString(), ours.encoding().redisName(), Bytes.hex(payloads[i]));
            encodingChecks++;
          }
        } else if (disagreements.size() < 10) {
          disagreements.add(Bytes.hex(payloads[i]) + " redis=" + reply + " ours=" + ours);
        }
      }
    }
    redis.call("CONFIG", "SET", "sanitize-dump-payload", "no");
    System.out.printf(
        "HashPayloadCorruptionRedisIT: %d payloads (type 4: %d, 13: %d, 16: %d), verdicts equal to"
            + " RESTORE"
            + " on %d (%d with a count that cannot fit, kept from the server and refused by us),"
            + " accepted by both %d (encodings equal on %d); seed %d%n",
        PAYLOADS,
        byType[4],
        byType[13],
        byType[16],
        agree,
        keptAway,
        accepted,
        encodingChecks,
        seed);
    assertTrue(disagreements.isEmpty(), "seed " + seed + ":\n" + String.join("\n", disagreements));
    assertEquals(PAYLOADS, agree);
    assertTrue(accepted > PAYLOADS / 20, "enough payloads load: " + accepted);
  }

  /** The loaded set, or null when refused; anything but CorruptEncodingException fails. */
  private static RedisHash ourVerdict(byte[] payload) {
    RedisHash h;
    try {
      h = RedisHash.fromRdbPayload(payload);
    } catch (CorruptEncodingException e) {
      return null;
    }
    h.checkInvariants();
    assertEquals(h, RedisHash.fromRdbPayload(h.toRdbPayload(false)));
    return h;
  }

  /**
   * A valid payload: our DUMP of a random hash (16 or 4), a type-4 listing of a small hash, or a
   * type-13 ziplist of its pairs.
   */
  private static byte[] validPayload(SplittableRandom r) {
    RedisHash h = RedisHash.create();
    int n = r.nextInt(10) == 0 ? 500 + r.nextInt(30) : 1 + r.nextInt(12);
    while (h.size() < n) {
      String f = n > 12 ? "g" + r.nextInt(1000) : HashCommandGen.field(r);
      h.put(b(f), b(HashCommandGen.value(r)));
    }
    int form = r.nextInt(4);
    if (form == 0) {
      RdbWriter w = RdbWriter.create(r.nextBoolean()).type(RdbPayload.TYPE_HASH).length(h.size());
      h.forEach((f, v) -> w.string(f).string(v));
      return w.toDumpPayload();
    }
    if (form == 1) {
      ZipList z = ZipList.create();
      h.forEach(
          (f, v) -> {
            z.pushTail(f);
            z.pushTail(v);
          });
      return RdbWriter.create(r.nextBoolean())
          .type(RdbPayload.TYPE_HASH_ZIPLIST)
          .string(z.toByteArray())
          .toDumpPayload();
    }
    return h.toRdbPayload(r.nextBoolean());
  }

  /** One or two mutations of the value; usually a recomputed CRC so that the value is judged. */
  private static byte[] mutate(SplittableRandom r, byte[] payload) {
    int bodyEnd = payload.length - RdbPayload.FOOTER;
    byte[] v = Arrays.copyOf(payload, bodyEnd);
    int rounds = 1 + (r.nextInt(4) == 0 ? 1 : 0);
    for (int k = 0; k < rounds; k++) {
      v = mutateOnce(r, v);
    }
    byte[] out = Arrays.copyOf(v, v.length + RdbPayload.FOOTER);
    System.arraycopy(payload, bodyEnd, out, v.length, 2);
    if (r.nextInt(100) == 0) {
      out[v.length] = (byte) (10 + r.nextInt(2));
    }
    long crc = Crc64.update(0, out, 0, v.length + 2);
    if (r.nextInt(50) == 0) {
      crc ^= 1L << r.nextInt(64);
    }
    Bytes.putLongLE(out, v.length + 2, crc);
    return out;
  }

  private static byte[] mutateOnce(SplittableRandom r, byte[] v) {
    int n = v.length;
    int at = 1 + r.nextInt(Math.max(1, n - 1));
    switch (r.nextInt(8)) {
      case 0, 1 -> {
        if (at < n) {
          v[at] ^= (byte) (1 << r.nextInt(8));
        }
        return v;
      }
      case 2 -> {
        byte[] interesting = {
          0, (byte) 0xff, 0x7f, (byte) 0x80, (byte) 0xc0, (byte) 0xc3, 1, '1', 'm'
        };
        if (at < n) {
          v[at] = interesting[r.nextInt(interesting.length)];
        }
        return v;
      }
      case 3 -> {
        return Arrays.copyOf(v, Math.max(1, n - 1 - r.nextInt(Math.min(n, 12))));
      }
      case 4 -> {
        byte[] ins = new byte[1 + r.nextInt(4)];
        r.nextBytes(ins);
        byte[] out = new byte[n + ins.length];
        int p = Math.min(at, n);
        System.arraycopy(v, 0, out, 0, p);
        System.arraycopy(ins, 0, out, p, ins.length);
        System.arraycopy(v, p, out, p + ins.length, n - p);
        return out;
      }
      case 5 -> {
        if (n > 3) {
          int len = 1 + r.nextInt(Math.min(16, n - 2));
          int from = 1 + r.nextInt(n - len);
          int to = 1 + r.nextInt(n - len);
          System.arraycopy(v.clone(), from, v, to, len);
        }
        return v;
      }
      case 6 -> {
        int[] types = {
          RdbPayload.TYPE_HASH, RdbPayload.TYPE_HASH_ZIPLIST, RdbPayload.TYPE_HASH_LISTPACK
        };
        v[0] = (byte) types[r.nextInt(types.length)];
        return v;
      }
      default -> {
        if (at < n) {
          v[at] = (byte) (v[at] + (r.nextBoolean() ? 1 : -1));
        }
        return v;
      }
    }
  }

  private static byte[] b(String s) {
    return Bytes.utf8(s);
  }
}
