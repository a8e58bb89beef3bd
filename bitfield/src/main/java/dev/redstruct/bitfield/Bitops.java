package dev.redstruct.bitfield;

import java.util.Arrays;

/**
 * Word loops behind {@link Bitmap#bitOp}. Redis: the byte and word loops of {@code bitopCommand},
 * {@code src/bitops.c}. Here every loop is a plain {@code long[]} loop (the JIT unrolls and
 * vectorises it); past a source's length its words are zero (Bitmap's I2), which is exactly the
 * zero padding BITOP applies to shorter inputs.
 */
final class Bitops {
  private Bitops() {}

  /** out[0, n) = the first source's words, zero-padded; a no-op when out is its array. */
  static void copyHead(Bitmap src, long[] out, int n) {
    long[] a = src.words();
    int len = (src.length() + 7) >>> 3;
    if (a != out) {
      System.arraycopy(a, 0, out, 0, len);
      Arrays.fill(out, len, n, 0L);
    }
  }

  /** out[0, n) = out op (src zero-padded); srcWords &lt;= n. Only AND, OR and XOR reach here. */
  static void fold(Bitmap.Op op, long[] out, int n, long[] src, int srcWords) {
    switch (op) {
      case AND -> {
        for (int i = 0; i < srcWords; i++) {
          out[i] &= src[i];
        }
        Arrays.fill(out, srcWords, n, 0L);
      }
      case OR -> {
        for (int i = 0; i < srcWords; i++) {
          out[i] |= src[i];
        }
      }
      case XOR -> {
        for (int i = 0; i < srcWords; i++) {
          out[i] ^= src[i];
        }
      }
      default -> throw new AssertionError(op);
    }
  }

  /** Complements the first {@code lengthBytes} bytes, leaving the bytes after them zero (I2). */
  static void not(long[] out, int lengthBytes) {
    int n = (lengthBytes + 7) >>> 3;
    for (int i = 0; i < n; i++) {
      out[i] = ~out[i];
    }
    int rest = lengthBytes & 7;
    if (rest != 0) {
      out[n - 1] &= -1L << (64 - 8 * rest);
    }
  }
}
