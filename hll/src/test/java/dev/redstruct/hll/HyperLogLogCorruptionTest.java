package dev.redstruct.hll;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.CorruptEncodingException;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Untrusted bytes: every blob either loads into a sketch that keeps its invariants through further
 * writes, or is rejected with CorruptEncodingException carrying Redis's verdict. Redis's own
 * verdicts on the same kinds of blobs are compared in HyperLogLogRedisIT.
 */
class HyperLogLogCorruptionTest {
  private static final long SEED = Long.getLong("hll.seed", System.nanoTime());

  private static CorruptEncodingException reject(String hex) {
    return assertThrows(
        CorruptEncodingException.class, () -> HyperLogLog.copyOf(Bytes.fromHex(hex)));
  }

  @Test
  void notAHyperLogLog() {
    // isHLLObjectOrReply: short, bad magic, encoding > 1, dense of the wrong length -> WRONGTYPE.
    for (String hex :
        new String[] {
          "",
          "48594c4c 01 000000 00000000000000",
          "48594c4d 01 000000 0000000000000000 7fff",
          "48594c4c 02 000000 0000000000000000 7fff",
          "48594c4c ff 000000 0000000000000000 7fff",
          "48594c4c 00 000000 0000000000000000 7fff"
        }) {
      CorruptEncodingException e = reject(hex);
      assertTrue(HyperLogLog.isNotHyperLogLog(e), hex);
      assertEquals(
          "WRONGTYPE Key is not a valid HyperLogLog string value.", HyperLogLog.redisError(e));
      assertEquals("hyperloglog", e.format());
    }
  }

  @Test
  void corruptedSparseBodies() {
    for (String hex :
        new String[] {
          "48594c4c 01 000000 0000000000000080", // no opcode at all
          "48594c4c 01 000000 0000000000000080 7ffe", // 16383 registers
          "48594c4c 01 000000 0000000000000080 7fff 00", // 16385 registers
          "48594c4c 01 000000 0000000000000080 40fe 7f", // XZERO cut off (Redis reads a NUL)
          "48594c4c 01 000000 0000000000000080 7fff 7fff 7fff", // runs far past the end
        }) {
      CorruptEncodingException e = reject(hex);
      assertFalse(HyperLogLog.isNotHyperLogLog(e), hex);
      assertEquals("INVALIDOBJ Corrupted HLL object detected", HyperLogLog.redisError(e));
    }
  }

  @Test
  void counterOverflowChainIsRejectedEarly() {
    // CVE-2025-32023 class: 2^18 + 1 XZERO:16384 opcodes; an int counter would wrap to 16384.
    int ops = (1 << 18) + 1;
    byte[] blob = new byte[16 + 2 * ops];
    System.arraycopy(HyperLogLog.create().toByteArray(), 0, blob, 0, 16);
    for (int i = 0; i < ops; i++) {
      blob[16 + 2 * i] = 0x7F;
      blob[17 + 2 * i] = (byte) 0xFF;
    }
    CorruptEncodingException e =
        assertThrows(CorruptEncodingException.class, () -> HyperLogLog.wrap(blob));
    assertEquals(18, e.offset(), "stops at the second opcode");
  }

  @Test
  void wrapSharesCopyOfCopies() {
    HyperLogLog counted = HyperLogLog.create();
    counted.count(); // a valid cache, so that the flag written below is the only stale one
    byte[] s = counted.toByteArray();
    HyperLogLog copied = HyperLogLog.copyOf(s);
    HyperLogLog wrapped = HyperLogLog.wrap(s);
    s[15] = (byte) 0x80; // make the cache stale through the shared array
    assertEquals(0, copied.count());
    wrapped.count();
    assertArrayEquals(copied.toByteArray(), wrapped.toByteArray());
  }

  @Test
  void mutatedBlobsLoadCleanlyOrThrowOnlyCorruptEncoding() {
    SplittableRandom rnd = new SplittableRandom(SEED);
    byte[][] valid = new byte[8][];
    for (int i = 0; i < valid.length; i++) {
      HyperLogLog h = HyperLogLog.create();
      int n = i == 7 ? 5000 : 1 + rnd.nextInt(300);
      for (int j = 0; j < n; j++) {
        h.add(HyperLogLogRedisIT.le(rnd.nextLong()));
      }
      valid[i] = h.toByteArray();
    }
    int accepted = 0;
    int rejected = 0;
    for (int i = 0; i < 20_000; i++) {
      byte[] blob = HllMutations.mutate(rnd, valid[rnd.nextInt(valid.length)]);
      long t0 = System.nanoTime();
      HyperLogLog h;
      try {
        h = rnd.nextBoolean() ? HyperLogLog.copyOf(blob) : HyperLogLog.wrap(blob.clone());
      } catch (CorruptEncodingException e) {
        rejected++;
        continue;
      } catch (RuntimeException e) {
        throw new AssertionError("seed " + SEED + " blob " + HllMutations.hex(blob), e);
      }
      accepted++;
      try {
        everyEntryPoint(h, rnd);
      } catch (RuntimeException | AssertionError e) {
        throw new AssertionError("seed " + SEED + " blob " + HllMutations.hex(blob), e);
      }
      long took = System.nanoTime() - t0;
      if (took > INPUT_LIMIT_NANOS) {
        throw new AssertionError(
            "seed " + SEED + ": " + took / 1_000_000 + " ms on " + HllMutations.hex(blob));
      }
    }
    System.out.printf("corruption seed=%d accepted=%d rejected=%d%n", SEED, accepted, rejected);
    assertTrue(accepted > 0 && rejected > 0);
  }

  /** Per-input time limit of the fuzz loop: one input costs microseconds; this catches hangs. */
  private static final long INPUT_LIMIT_NANOS =
      Long.getLong("redstruct.fuzz.inputMillis", 2_000) * 1_000_000L;

  /** Every public method of an accepted sketch; none may throw, and the invariants must hold. */
  private static void everyEntryPoint(HyperLogLog h, SplittableRandom rnd) {
    h.checkInvariants();
    long reply = h.redisCount();
    long count = h.count();
    assertEquals(reply == Long.MIN_VALUE ? Long.MAX_VALUE : reply, count);
    assertTrue(count >= 0);
    HyperLogLog other = HyperLogLog.create();
    other.add("x");
    assertTrue(HyperLogLog.count(h, other) >= 0);
    HyperLogLog.redisCount(h, other);
    h.register(rnd.nextInt(16384));
    h.serializedSize();
    h.sparseMaxBytes();
    h.toString();
    HyperLogLog.copyOf(h.toByteArray()).checkInvariants();
    switch (rnd.nextInt(5)) {
      case 0 -> h.add(HyperLogLogRedisIT.le(rnd.nextLong()));
      case 1 -> h.add(new byte[] {1, 2, 3}, 1, 2);
      case 2 -> h.merge(HyperLogLog.create(), other);
      case 3 -> h.toDense();
      default -> {
        h.setSparseMaxBytes(rnd.nextInt(4000));
        h.add("a", "b", "c");
      }
    }
    h.isDense();
    h.checkInvariants();
    HyperLogLog.copyOf(h.toByteArray()).checkInvariants();
  }

  @Test
  void randomValidSparseBodiesAreAcceptedAndStayValid() {
    SplittableRandom rnd = new SplittableRandom(SEED ^ 1);
    for (int i = 0; i < 500; i++) {
      HyperLogLog h = HyperLogLog.copyOf(HllMutations.randomValidSparse(rnd));
      for (int j = 0; j < 50; j++) {
        h.add(HyperLogLogRedisIT.le(rnd.nextLong()));
      }
      h.checkInvariants();
    }
  }
}
