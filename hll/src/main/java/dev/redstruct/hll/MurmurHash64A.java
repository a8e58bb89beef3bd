package dev.redstruct.hll;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * MurmurHash2, 64-bit variant "64A", as Redis uses it for HyperLogLog: 8-byte blocks are read
 * little-endian on every platform, so the hash is the same everywhere.
 *
 * <p>Worked values (Redis 7.0.15, seed {@code 0xadc83b19}, from the fact sheet
 * redis-facts-hll-geo-bits.md section 1.4): {@code "a"} hashes to {@code 0x53d2470a9b43b1a7},
 * {@code "b"} to {@code 0xf10cdf96c004fda4}, {@code ""} to {@code 0xd8dfea6585bc9732}; checked by
 * {@code HyperLogLogTest}.
 */
final class MurmurHash64A {
  /* Implementation notes.
   * Redis: MurmurHash64A and hllPatLen, src/hyperloglog.c (7.0.15). The seed is an unsigned 32-bit
   * value in C, hence the long literal. Blocks are read with a little-endian VarHandle view, which
   * the JIT turns into one unaligned load and which allocates nothing.
   */

  private MurmurHash64A() {}

  /** The seed hllPatLen passes. */
  static final long SEED = 0xadc83b19L;

  private static final long M = 0xc6a4a7935bd1e995L;
  private static final int R = 47;
  private static final VarHandle LONG_LE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  static long hash(byte[] data, int off, int len, long seed) {
    long h = seed ^ (len * M);
    int end = off + (len & ~7);
    int i = off;
    for (; i < end; i += 8) {
      long k = (long) LONG_LE.get(data, i);
      k *= M;
      k ^= k >>> R;
      k *= M;
      h ^= k;
      h *= M;
    }
    int tail = len & 7;
    if (tail != 0) {
      for (int j = tail - 1; j >= 0; j--) {
        h ^= (data[i + j] & 0xFFL) << (8 * j);
      }
      h *= M;
    }
    h ^= h >>> R;
    h *= M;
    h ^= h >>> R;
    return h;
  }

  /**
   * The hash of the ASCII decimal text of {@code v} ({@code "42"}, {@code "-7"}), the bytes a
   * client sends for the number, without building a byte array: the text (at most 20 characters) is
   * assembled little-endian in three longs, each new digit pushed in at the front, and hashed as
   * {@link #hash} would hash those bytes.
   */
  static long hashDecimal(long v, long seed) {
    long w0 = 0;
    long w1 = 0;
    long w2 = 0;
    int len = 0;
    long rest = v;
    do {
      long digit = '0' + Math.abs(rest % 10); // abs of a remainder: Long.MIN_VALUE is safe
      w2 = (w2 << 8) | (w1 >>> 56);
      w1 = (w1 << 8) | (w0 >>> 56);
      w0 = (w0 << 8) | digit;
      len++;
      rest /= 10;
    } while (rest != 0);
    if (v < 0) {
      w2 = (w2 << 8) | (w1 >>> 56);
      w1 = (w1 << 8) | (w0 >>> 56);
      w0 = (w0 << 8) | '-';
      len++;
    }
    return hashWords(w0, w1, w2, len, seed);
  }

  /** {@link #hash} of the {@code len} (at most 24) little-endian bytes held in w0, w1, w2. */
  private static long hashWords(long w0, long w1, long w2, int len, long seed) {
    long h = seed ^ (len * M);
    int blocks = len >>> 3;
    if (blocks > 0) {
      h = mixBlock(h, w0);
    }
    if (blocks > 1) {
      h = mixBlock(h, w1);
    }
    if (blocks > 2) {
      h = mixBlock(h, w2);
    }
    int tail = len & 7;
    if (tail != 0) {
      long last = blocks == 0 ? w0 : blocks == 1 ? w1 : w2;
      h ^= last & (-1L >>> (64 - 8 * tail));
      h *= M;
    }
    h ^= h >>> R;
    h *= M;
    h ^= h >>> R;
    return h;
  }

  private static long mixBlock(long h, long block) {
    long k = block * M;
    k ^= k >>> R;
    k *= M;
    return (h ^ k) * M;
  }

  /** The register an element's hash selects: its low P bits. Redis: hllPatLen. */
  static int index(long hash) {
    return (int) (hash & HllLayout.P_MASK);
  }

  /**
   * The length of the "000..1" pattern in the bits above the index, counting the 1; a guard bit at
   * position Q caps it at Q + 1 = 51. Redis: hllPatLen.
   */
  static int runLength(long hash) {
    long w = (hash >>> HllLayout.P) | (1L << HllLayout.Q);
    return Long.numberOfTrailingZeros(w) + 1;
  }
}
