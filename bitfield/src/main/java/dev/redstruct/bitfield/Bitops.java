package dev.redstruct.bitfield;

import static dev.redstruct.bitfield.Bitmap.LONG_NATIVE;

import java.util.Arrays;

/**
 * Word loops behind {@link Bitmap#bitOp}. Redis: the byte and word loops of {@code bitopCommand},
 * {@code src/bitops.c}; here every loop runs on 64-bit words first and finishes byte by byte.
 */
final class Bitops {
  private Bitops() {}

  /** out[0, max) = the first source zero-padded to max bytes; a no-op when out is its array. */
  static void copyHead(Bitmap src, byte[] out, int max) {
    byte[] a = src.array();
    int len = src.length();
    if (a != out) {
      System.arraycopy(a, 0, out, 0, len);
      Arrays.fill(out, len, max, (byte) 0);
    }
  }

  /** out[0, max) = out op (src zero-padded to max). Only AND, OR and XOR reach here. */
  static void fold(Bitmap.Op op, byte[] out, int max, byte[] src, int srcLen) {
    switch (op) {
      case AND -> {
        and(out, src, srcLen);
        Arrays.fill(out, srcLen, max, (byte) 0);
      }
      case OR -> or(out, src, srcLen);
      case XOR -> xor(out, src, srcLen);
      default -> throw new AssertionError(op);
    }
  }

  private static void and(byte[] out, byte[] src, int n) {
    int i = 0;
    for (; i + 8 <= n; i += 8) {
      LONG_NATIVE.set(out, i, (long) LONG_NATIVE.get(out, i) & (long) LONG_NATIVE.get(src, i));
    }
    for (; i < n; i++) {
      out[i] &= src[i];
    }
  }

  private static void or(byte[] out, byte[] src, int n) {
    int i = 0;
    for (; i + 8 <= n; i += 8) {
      LONG_NATIVE.set(out, i, (long) LONG_NATIVE.get(out, i) | (long) LONG_NATIVE.get(src, i));
    }
    for (; i < n; i++) {
      out[i] |= src[i];
    }
  }

  private static void xor(byte[] out, byte[] src, int n) {
    int i = 0;
    for (; i + 8 <= n; i += 8) {
      LONG_NATIVE.set(out, i, (long) LONG_NATIVE.get(out, i) ^ (long) LONG_NATIVE.get(src, i));
    }
    for (; i < n; i++) {
      out[i] ^= src[i];
    }
  }

  static void not(byte[] out, int n) {
    int i = 0;
    for (; i + 8 <= n; i += 8) {
      LONG_NATIVE.set(out, i, ~(long) LONG_NATIVE.get(out, i));
    }
    for (; i < n; i++) {
      out[i] = (byte) ~out[i];
    }
  }
}
