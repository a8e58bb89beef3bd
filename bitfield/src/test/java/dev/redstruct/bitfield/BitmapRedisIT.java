package dev.redstruct.bitfield;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.testkit.RedisTest;
import dev.redstruct.testkit.RespClient;
import dev.redstruct.testkit.RespReply;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Differential test against redis-server 7.0.15: random streams of SETBIT, GETBIT, BITCOUNT,
 * BITPOS, BITOP, BITFIELD, BITFIELD_RO, SET, STRLEN and DEL with good and bad arguments run on
 * {@link BitmapKeyspace} and on the server; every reply (error texts included) must be equal, and
 * after every write {@code GET} (or {@code STRLEN} for long values, with a full {@code GET} of
 * every key at the end of each batch) must equal our bytes. Replay with {@code
 * -Dbitfield.seed=<seed>}; {@code -Dbitfield.commands=<n>} changes the count.
 */
@RedisTest
class BitmapRedisIT {
  private static final int BATCH = 2000;

  @Test
  void randomCommandStreamsGiveIdenticalRepliesAndBytes(RespClient redis) {
    long seed = Long.getLong("bitfield.seed", System.nanoTime());
    int total = Integer.getInteger("bitfield.commands", 120_000);
    CommandGenerator gen = new CommandGenerator(seed);
    BitmapKeyspace ours = BitmapKeyspace.create();
    long errors = 0;
    long checks = 0;
    int done = 0;
    long redisNanos = 0;
    long failNils = 0;
    while (done < total) {
      List<byte[][]> batch = new ArrayList<>();
      List<Integer> origin = new ArrayList<>();
      for (int i = 0; i < BATCH && done < total; i++, done++) {
        byte[][] c = gen.next();
        batch.add(c);
        origin.add(done);
        String name = new String(c[0], StandardCharsets.ISO_8859_1).toUpperCase();
        if (isWrite(name) && c.length > 2) {
          byte[] key = name.equals("BITOP") ? c[2] : c[1];
          Bitmap bm = ours.get(key);
          // the check command's reply depends on the state after c; decide by the state before
          boolean small = bm == null || bm.byteLength() < 16 * 1024;
          batch.add(new byte[][] {CommandGenerator.b(small ? "GET" : "STRLEN"), key});
          origin.add(-1 - done);
        }
      }
      for (String k : CommandGenerator.KEYS) {
        batch.add(CommandGenerator.cmd("GET", k));
        origin.add(Integer.MIN_VALUE);
      }
      long t0 = System.nanoTime();
      List<RespReply> theirs = redis.pipeline(batch);
      redisNanos += System.nanoTime() - t0;
      for (int i = 0; i < batch.size(); i++) {
        RespReply mine = RespReply.parse(ours.execute(batch.get(i)));
        RespReply expected = theirs.get(i);
        if (!expected.equals(mine)) {
          throw new AssertionError(
              "seed "
                  + seed
                  + ", command #"
                  + origin.get(i)
                  + " "
                  + show(batch.get(i))
                  + ": redis "
                  + abbreviate(expected)
                  + ", ours "
                  + abbreviate(mine));
        }
        if (expected instanceof RespReply.Error) {
          errors++;
        }
        if (expected instanceof RespReply.Array a) {
          failNils += a.elements().stream().filter(e -> e == RespReply.Null.INSTANCE).count();
        }
        if (origin.get(i) < 0) {
          checks++;
        }
      }
      for (String k : CommandGenerator.KEYS) {
        Bitmap bm = ours.get(CommandGenerator.b(k));
        if (bm != null) {
          bm.checkInvariants();
        }
      }
    }
    System.out.printf(
        "BitmapRedisIT: seed %d, %d commands (%d error replies), %d GET/STRLEN checks,"
            + " %d BITFIELD FAIL nils, 0 mismatches; %d ms waiting for redis%n",
        seed, total, errors, checks, failNils, redisNanos / 1_000_000);
    assertTrue(errors > 0 && errors < total / 2, "error replies " + errors);
    assertTrue(failNils > 0, "no BITFIELD FAIL exercised");
    assertEquals(total, done);
  }

  private static boolean isWrite(String name) {
    return switch (name) {
      case "SETBIT", "BITOP", "BITFIELD", "SET", "DEL" -> true;
      default -> false;
    };
  }

  private static String show(byte[][] c) {
    StringBuilder sb = new StringBuilder();
    for (byte[] a : c) {
      String s = new String(a, StandardCharsets.ISO_8859_1);
      sb.append(s.length() > 40 ? s.substring(0, 40) + "..." : s).append(' ');
    }
    return sb.toString();
  }

  private static String abbreviate(RespReply r) {
    String s = r.toString();
    return s.length() > 300 ? s.substring(0, 300) + "..." : s;
  }
}
