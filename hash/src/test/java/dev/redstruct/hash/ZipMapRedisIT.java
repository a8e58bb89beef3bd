package dev.redstruct.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.core.rdb.RdbPayload;
import dev.redstruct.core.rdb.RdbWriter;
import dev.redstruct.testkit.RedisTest;
import dev.redstruct.testkit.RespClient;
import dev.redstruct.testkit.RespReply;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * RDB type 9 (Redis 2.4's zipmap) against Redis 7.0.15's {@code RESTORE} with {@code
 * sanitize-dump-payload yes}: Redis's own test asset (tests/assets/hash-zipmap.rdb, whose value is
 * f1=v1, f2=v2), then 20,000 random zipmaps (short and 5-byte lengths, free bytes, counts of 254,
 * limits crossed) half of them mutated: the verdict, the encoding and the contents must equal
 * Redis's. Seed printed; replay with {@code -Dhash.zipmap.seed=N}.
 */
@RedisTest
class ZipMapRedisIT {
  /** The value of key "hash" in tests/assets/hash-zipmap.rdb (Redis 7.0.15), an RDB string. */
  private static final String ASSET = "10020266310200763102663202007632ff";

  @Test
  void zipmapsLoadAsRedisLoadsThem(RespClient redis) {
    long seed = Long.getLong("hash.zipmap.seed", System.nanoTime());
    System.out.println("ZipMapRedisIT seed " + seed);
    SplittableRandom r = new SplittableRandom(seed);
    redis.call("CONFIG", "SET", "sanitize-dump-payload", "yes");
    byte[] asset = RdbPayload.dump(RdbPayload.TYPE_HASH_ZIPMAP, Bytes.fromHex(ASSET));
    assertEquals(Map.of("f1", "v1", "f2", "v2"), RedisHash.fromRdbPayload(asset).asStrings());
    List<byte[]> payloads = new ArrayList<>();
    for (int i = 0; i < 20_000; i++) {
      byte[] zm = zipmap(r);
      if (r.nextBoolean()) {
        zm[r.nextInt(zm.length)] ^= (byte) (1 << r.nextInt(8));
      }
      payloads.add(
          RdbWriter.create(false).type(RdbPayload.TYPE_HASH_ZIPMAP).string(zm).toDumpPayload());
    }
    payloads.add(asset);
    List<byte[][]> cmds = new ArrayList<>();
    for (byte[] p : payloads) {
      cmds.add(new byte[][] {b("RESTORE"), b("k"), b("0"), p, b("REPLACE")});
      cmds.add(new byte[][] {b("OBJECT"), b("ENCODING"), b("k")});
      cmds.add(new byte[][] {b("HGETALL"), b("k")});
    }
    List<RespReply> replies = redis.pipeline(cmds);
    int accepted = 0;
    for (int i = 0; i < payloads.size(); i++) {
      byte[] p = payloads.get(i);
      RedisHash ours;
      try {
        ours = RedisHash.fromRdbPayload(p);
        ours.checkInvariants();
      } catch (CorruptEncodingException e) {
        ours = null;
      }
      boolean theirs = replies.get(3 * i) instanceof RespReply.Simple;
      String where = "seed " + seed + ": " + Bytes.hex(p);
      assertEquals(theirs, ours != null, where + " " + replies.get(3 * i));
      if (theirs) {
        accepted++;
        assertEquals(replies.get(3 * i + 1).asString(), ours.encoding().redisName(), where);
        Map<String, String> back = new HashMap<>();
        List<RespReply> all = replies.get(3 * i + 2).asList();
        for (int j = 0; j < all.size(); j += 2) {
          back.put(Bytes.hex(all.get(j).asBytes()), Bytes.hex(all.get(j + 1).asBytes()));
        }
        Map<String, String> mine = new HashMap<>();
        ours.forEach((f, v) -> mine.put(Bytes.hex(f), Bytes.hex(v)));
        assertEquals(back, mine, where);
      }
    }
    redis.call("CONFIG", "SET", "sanitize-dump-payload", "no");
    System.out.printf(
        "ZipMapRedisIT: %d type-9 payloads, verdicts equal, %d accepted by both with encodings and"
            + " contents equal; seed %d%n",
        payloads.size(), accepted, seed);
    assertTrue(accepted > payloads.size() / 4, "enough load: " + accepted);
  }

  /** A random zipmap as Redis 2.4 wrote them (plus counts of 254 and free bytes). */
  private static byte[] zipmap(SplittableRandom r) {
    int n = r.nextInt(12) == 0 ? 0 : 1 + r.nextInt(r.nextInt(20) == 0 ? 600 : 10);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(n < 254 && r.nextInt(8) > 0 ? n : 254);
    for (int i = 0; i < n; i++) {
      String f = r.nextInt(30) == 0 ? "f" + r.nextInt(3) : "f" + i + "x".repeat(r.nextInt(4));
      String v = r.nextInt(10) == 0 ? "v".repeat(r.nextInt(60, 300)) : Integer.toString(i);
      length(out, f.length());
      out.writeBytes(b(f));
      length(out, v.length());
      int free = r.nextInt(8) == 0 ? r.nextInt(5) : 0;
      out.write(free);
      out.writeBytes(b(v));
      for (int k = 0; k < free; k++) {
        out.write(r.nextInt(256));
      }
    }
    out.write(255);
    return out.toByteArray();
  }

  private static void length(ByteArrayOutputStream out, int len) {
    if (len < 254) {
      out.write(len);
    } else {
      out.write(254);
      for (int k = 0; k < 4; k++) {
        out.write(len >>> (8 * k));
      }
    }
  }

  private static byte[] b(String s) {
    return Bytes.utf8(s);
  }
}
