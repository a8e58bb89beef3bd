package dev.redstruct.core.rdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.CorruptEncodingException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Mutated LZF streams and RDB strings: each either decodes or throws {@link
 * CorruptEncodingException}; nothing else escapes and nothing is written outside the output range.
 * The seed is printed; replay with {@code -Dredstruct.seed=<seed>}.
 */
class LzfCorruptionTest {
  static final int LZF_INPUTS = 100_000;
  static final int RDB_INPUTS = 50_000;
  private static final byte SENTINEL = 0x5a;
  private static final int GUARD = 16;

  static long seed() {
    return Long.getLong("redstruct.seed", new SplittableRandom().nextLong());
  }

  /** Valid streams to mutate: compressed corpus inputs of up to 4 KiB. */
  static List<byte[][]> seeds(SplittableRandom r, int n) {
    Lzf lzf = Lzf.create();
    List<byte[][]> out = new ArrayList<>();
    for (int i = 0; out.size() < n; i++) {
      byte[] in = LzfCorpus.input(r, i);
      if (in.length > 4096) {
        in = Arrays.copyOf(in, 21 + r.nextInt(4096));
      }
      byte[] c = lzf.compressForRdb(in);
      if (c != null) {
        out.add(new byte[][] {in, c});
      }
    }
    return out;
  }

  /** One mutation: flips, overwrites, cuts, inserts, deletes or splices. */
  static byte[] mutate(SplittableRandom r, byte[] b, byte[] other) {
    byte[] m = b.clone();
    int kinds = 1 + r.nextInt(3);
    for (int k = 0; k < kinds && m.length > 0; k++) {
      int at = r.nextInt(m.length);
      switch (r.nextInt(7)) {
        case 0 -> m[at] ^= (byte) (1 << r.nextInt(8));
        case 1 -> m[at] = (byte) r.nextInt(256);
        case 2 -> m = Arrays.copyOf(m, at);
        case 3 -> m = splice(m, at, new byte[] {(byte) r.nextInt(256)}, 0);
        case 4 -> m = splice(m, at, new byte[0], 1 + r.nextInt(Math.min(8, m.length - at)));
        case 5 -> m = splice(m, at, Arrays.copyOf(other, Math.min(other.length, 40)), 0);
        default -> m[at] = (byte) (r.nextBoolean() ? 0xe0 | r.nextInt(32) : r.nextInt(32));
      }
    }
    return m;
  }

  static byte[] splice(byte[] m, int at, byte[] insert, int delete) {
    byte[] out = new byte[m.length - delete + insert.length];
    System.arraycopy(m, 0, out, 0, at);
    System.arraycopy(insert, 0, out, at, insert.length);
    System.arraycopy(m, at + delete, out, at + insert.length, m.length - at - delete);
    return out;
  }

  @Test
  void mutatedStreamsDecodeOrThrowCorruptEncodingOnly() {
    long seed = seed();
    SplittableRandom r = new SplittableRandom(seed);
    List<byte[][]> seeds = seeds(r, 200);
    int decoded = 0;
    int rejected = 0;
    for (int i = 0; i < LZF_INPUTS; i++) {
      byte[][] s = seeds.get(r.nextInt(seeds.size()));
      byte[] m = mutate(r, s[1], seeds.get(r.nextInt(seeds.size()))[1]);
      int capacity =
          switch (r.nextInt(3)) {
            case 0 -> s[0].length;
            case 1 -> r.nextInt(s[0].length + 1);
            default -> s[0].length + r.nextInt(600);
          };
      byte[] out = new byte[capacity + 2 * GUARD];
      Arrays.fill(out, SENTINEL);
      try {
        int n = Lzf.decompress(m, 0, m.length, out, GUARD, capacity);
        assertTrue(n >= 0 && n <= capacity, "seed " + seed + " input " + i);
        decoded++;
      } catch (CorruptEncodingException e) {
        assertEquals("LZF", e.format());
        rejected++;
      } catch (RuntimeException e) {
        throw new AssertionError(
            "seed " + seed + " input " + i + ": " + Bytes.hex(m) + " capacity " + capacity, e);
      }
      for (int g = 0; g < GUARD; g++) {
        assertEquals(SENTINEL, out[g], "wrote before the range, seed " + seed);
        assertEquals(SENTINEL, out[GUARD + capacity + g], "wrote past the range, seed " + seed);
      }
    }
    System.out.printf(
        "LzfCorruptionTest seed=%d: %d mutated streams, %d decoded, %d rejected%n",
        seed, LZF_INPUTS, decoded, rejected);
    assertTrue(decoded > 0 && rejected > 0);
  }

  /** RDB strings of every form (verbatim, int8/16/32, LZF) with mutated bodies and lengths. */
  @Test
  void mutatedRdbStringsDecodeOrThrowCorruptEncodingOnly() {
    long seed = seed();
    SplittableRandom r = new SplittableRandom(seed);
    List<byte[]> encoded = new ArrayList<>();
    for (byte[][] s : seeds(r, 100)) {
      encoded.add(RdbWriter.create().string(s[0]).toByteArray());
      encoded.add(RdbWriter.create(false).string(s[0], 0, Math.min(s[0].length, 70)).toByteArray());
    }
    for (long v : new long[] {0, -1, 127, -128, 300, -40_000, Integer.MAX_VALUE, 1L << 40}) {
      encoded.add(RdbWriter.create().integerString(v).toByteArray());
    }
    for (long len : new long[] {63, 64, 16383, 16384, 0xffffffffL, 1L << 40, -1}) {
      encoded.add(RdbWriter.create().length(len).raw((byte) 0x61, (byte) 0x62).toByteArray());
    }
    int decoded = 0;
    for (int i = 0; i < RDB_INPUTS; i++) {
      byte[] m =
          mutate(r, encoded.get(r.nextInt(encoded.size())), encoded.get(r.nextInt(encoded.size())));
      RdbReader reader = RdbReader.of(m);
      try {
        reader.string();
        decoded++;
        assertTrue(reader.position() <= m.length);
      } catch (CorruptEncodingException expected) {
        // the only acceptable failure
      } catch (RuntimeException e) {
        throw new AssertionError("seed " + seed + " input " + i + ": " + Bytes.hex(m), e);
      }
    }
    System.out.printf(
        "LzfCorruptionTest seed=%d: %d mutated RDB strings, %d decoded%n",
        seed, RDB_INPUTS, decoded);
    assertTrue(decoded > 0);
  }
}
