package dev.redstruct.skiplist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.core.RedisNumbers;
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
 * Mutated sorted-set payloads against Redis 7.0.15's {@code RESTORE} with {@code
 * sanitize-dump-payload yes}: valid payloads of types 17 (with and without LZF), 5, 12 and 3 get
 * bit flips, byte writes, truncations, insertions, splices and a changed zset type byte (3, 5, 12
 * or 17), and most get a recomputed CRC-64 so that the value itself is judged. Our verdict ({@link
 * ZSet#fromRdbPayload} loads or throws {@link CorruptEncodingException}) must equal Redis's on
 * every payload, nothing else may escape, and every payload we load must hold its invariants and
 * survive a DUMP/load round trip. Payloads whose declared count does not fit in their bytes never
 * go to the server ({@link PayloadBounds}: Redis can spend minutes freeing the table it sized for
 * them); they are counted and must be refused by us. Seed printed; replay with {@code
 * -Dzset.corrupt.seed=N}.
 */
@RedisTest
class ZSetPayloadCorruptionRedisIT {
  private static final int PAYLOADS = Integer.getInteger("zset.corrupt.payloads", 100_000);
  private static final int BATCH = 2_000;
  private static final int[] ZSET_TYPES = {3, 5, 12, 17};
  private static final byte[] INTERESTING = {
    0x00,
    (byte) 0xFF,
    0x7F,
    (byte) 0x80,
    (byte) 0xC0,
    (byte) 0xC3,
    (byte) 0xF0,
    (byte) 0xFE,
    0x01,
    0x40,
    '-',
    '.',
    'n',
    'i'
  };

  @Test
  void mutatedPayloadsGetRedisVerdict(RespClient redis) {
    long seed = Long.getLong("zset.corrupt.seed", System.nanoTime());
    System.out.println("ZSetPayloadCorruptionRedisIT seed " + seed);
    redis.call("CONFIG", "SET", "sanitize-dump-payload", "yes");
    SplittableRandom r = new SplittableRandom(seed);
    int agree = 0;
    int accepted = 0;
    int[] byType = new int[256];
    List<String> disagreements = new ArrayList<>();
    int keptAway = 0;
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
          commands.add(new byte[][] {b("RESTORE"), b("z"), b("0"), payloads[i], b("REPLACE")});
        }
      }
      List<RespReply> replies = redis.pipeline(commands);
      int sent = 0;
      for (int i = 0; i < BATCH; i++) {
        boolean ours = ourVerdict(payloads[i]);
        byType[payloads[i][0] & 0xFF]++;
        if (!PayloadBounds.countFitsBytes(payloads[i])) {
          // Never sent: Redis would size a table for the lying count (see PayloadBounds).
          keptAway++;
          String hex = Bytes.hex(payloads[i]);
          assertFalse(ours, () -> "seed " + seed + ": we load a count that cannot fit: " + hex);
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
        "ZSetPayloadCorruptionRedisIT: %d payloads (type 3: %d, 5: %d, 12: %d, 17: %d), verdicts"
            + " equal to RESTORE on %d (%d with a count that cannot fit, kept from the server and"
            + " refused by us), accepted by both %d; seed %d%n",
        PAYLOADS, byType[3], byType[5], byType[12], byType[17], agree, keptAway, accepted, seed);
    assertTrue(disagreements.isEmpty(), "seed " + seed + ":\n" + String.join("\n", disagreements));
    assertEquals(PAYLOADS, agree);
    assertTrue(accepted > PAYLOADS / 20, "enough payloads load: " + accepted);
  }

  /** Loads or refuses; anything but CorruptEncodingException fails the test. */
  private static boolean ourVerdict(byte[] payload) {
    ZSet z;
    try {
      z = ZSet.fromRdbPayload(payload);
    } catch (CorruptEncodingException e) {
      return false;
    }
    z.checkInvariants();
    ZSet again = ZSet.fromRdbPayload(z.toRdbPayload(false));
    assertEquals(z.size(), again.size());
    return true;
  }

  /** A valid payload of a small random set, as one of the four zset types. */
  private static byte[] validPayload(SplittableRandom r) {
    int n = r.nextInt(10) == 0 ? 120 + r.nextInt(20) : 1 + r.nextInt(12);
    ZSet z = ZSet.create(256, 64);
    for (int i = 0; i < n; i++) {
      byte[] m =
          switch (r.nextInt(4)) {
            case 0 -> b(Integer.toString(r.nextInt(-300, 300)));
            case 1 -> b("member-" + r.nextInt(500) + "-".repeat(r.nextInt(20)));
            default -> b("m" + r.nextInt(1000));
          };
      double s =
          switch (r.nextInt(4)) {
            case 0 -> r.nextInt(100) - 50;
            case 1 -> r.nextInt(1000) / 8.0;
            case 2 -> r.nextBoolean() ? Double.POSITIVE_INFINITY : -0.0;
            default -> r.nextLong();
          };
      z.add(m, s);
    }
    return switch (r.nextInt(5)) {
      case 0 -> z.toRdbPayload(true);
      case 1 -> z.toRdbPayload(false);
      case 2 -> type5(z, r.nextBoolean());
      case 3 -> type12(z);
      default -> type3(z);
    };
  }

  private static byte[] type5(ZSet z, boolean compress) {
    RdbWriter w = RdbWriter.create(compress).type(RdbPayload.TYPE_ZSET_2).length(z.size());
    for (ScoredMember e : z.rangeByRank(0, -1, true)) {
      w.string(e.member()).binaryDouble(e.score());
    }
    return w.toDumpPayload();
  }

  /** A 6.2 ziplist body: member, then the score as an integer or as its text. */
  private static byte[] type12(ZSet z) {
    ZipList zl = ZipList.create();
    for (ScoredMember e : z.rangeByRank(0, -1, false)) {
      zl.pushTail(e.member());
      double s = e.score();
      if (Math.abs(s) < 1e15 && (double) (long) s == s) {
        zl.pushTail((long) s);
      } else {
        zl.pushTail(RedisNumbers.formatDoubleBytes(s));
      }
    }
    return RdbWriter.create()
        .type(RdbPayload.TYPE_ZSET_ZIPLIST)
        .string(zl.toByteArray())
        .toDumpPayload();
  }

  /** The old type 3: scores as a length byte and %.17g text (253/254/255 for nan/inf/-inf). */
  private static byte[] type3(ZSet z) {
    RdbWriter w = RdbWriter.create().type(RdbPayload.TYPE_ZSET).length(z.size());
    for (ScoredMember e : z.rangeByRank(0, -1, false)) {
      w.string(e.member());
      double s = e.score();
      if (s == Double.POSITIVE_INFINITY) {
        w.raw((byte) 254);
      } else if (s == Double.NEGATIVE_INFINITY) {
        w.raw((byte) 255);
      } else {
        byte[] t = RedisNumbers.formatDoubleBytes(s);
        w.raw((byte) t.length).raw(t);
      }
    }
    return w.toDumpPayload();
  }

  /** One or two mutations of the value; usually a recomputed CRC so that the value is judged. */
  static byte[] mutate(SplittableRandom r, byte[] payload) {
    int bodyEnd = payload.length - RdbPayload.FOOTER;
    byte[] v = Arrays.copyOf(payload, bodyEnd); // type byte and body
    int rounds = 1 + (r.nextInt(4) == 0 ? 1 : 0);
    for (int k = 0; k < rounds; k++) {
      v = mutateOnce(r, v);
    }
    byte[] out = Arrays.copyOf(v, v.length + RdbPayload.FOOTER);
    System.arraycopy(payload, bodyEnd, out, v.length, 2); // the version
    if (r.nextInt(100) == 0) {
      out[v.length] = (byte) (10 + r.nextInt(2)); // version 10 or 11
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
    int at = 1 + r.nextInt(Math.max(1, n - 1)); // never the type byte here
    switch (r.nextInt(8)) {
      case 0, 1 -> {
        if (at < n) {
          v[at] ^= (byte) (1 << r.nextInt(8));
        }
        return v;
      }
      case 2 -> {
        if (at < n) {
          v[at] = INTERESTING[r.nextInt(INTERESTING.length)];
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
        v[0] = (byte) ZSET_TYPES[r.nextInt(ZSET_TYPES.length)];
        return v;
      }
      default -> {
        if (at < n) {
          v[at] = (byte) (v[at] + (r.nextBoolean() ? 1 : -1)); // lengths and counts off by one
        }
        return v;
      }
    }
  }

  private static byte[] b(String s) {
    return Bytes.utf8(s);
  }
}
