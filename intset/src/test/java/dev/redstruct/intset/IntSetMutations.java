package dev.redstruct.intset;

import dev.redstruct.core.Bytes;
import java.util.Arrays;
import java.util.SplittableRandom;

/** Valid intset blobs of every encoding and the mutations the corruption tests apply to them. */
final class IntSetMutations {
  private IntSetMutations() {}

  /** A valid non-empty blob: 1..40 members (sometimes 500..530), of a random widest encoding. */
  static byte[] validBlob(SplittableRandom r) {
    int n = r.nextInt(12) == 0 ? 500 + r.nextInt(31) : 1 + r.nextInt(40);
    long bound =
        switch (r.nextInt(3)) {
          case 0 -> 1L << 15;
          case 1 -> 1L << 31;
          default -> Long.MAX_VALUE;
        };
    IntSet s = IntSet.create();
    while (s.size() < n) {
      long v = r.nextInt(4) == 0 ? r.nextInt(-50, 50) : r.nextLong(-bound, bound);
      s.add(v);
    }
    return s.toByteArray();
  }

  /** One to three mutations of a blob: bit flips, header edits, truncation, splices, swaps. */
  static byte[] mutate(SplittableRandom r, byte[] blob) {
    byte[] v = blob.clone();
    int rounds = 1 + r.nextInt(3) / 2;
    for (int k = 0; k < rounds; k++) {
      v = mutateOnce(r, v);
    }
    return v;
  }

  private static byte[] mutateOnce(SplittableRandom r, byte[] v) {
    int n = v.length;
    int at = r.nextInt(Math.max(1, n));
    switch (r.nextInt(9)) {
      case 0 -> {
        if (n > 0) {
          v[at] ^= (byte) (1 << r.nextInt(8));
        }
        return v;
      }
      case 1 -> {
        if (n >= 4) {
          int[] encs = {2, 4, 8, 0, 1, 3, 16, 0x10002};
          Bytes.putIntLE(v, 0, encs[r.nextInt(encs.length)]);
        }
        return v;
      }
      case 2 -> {
        if (n >= 8) {
          long len = Integer.toUnsignedLong(Bytes.getIntLE(v, 4));
          long[] lens = {len + 1, len - 1, 0, 0xffffffffL, len * 2, len / 2, 0x80000001L};
          Bytes.putIntLE(v, 4, (int) lens[r.nextInt(lens.length)]);
        }
        return v;
      }
      case 3 -> {
        return Arrays.copyOf(v, Math.max(0, n - 1 - r.nextInt(Math.min(Math.max(n, 1), 12))));
      }
      case 4 -> {
        byte[] ins = new byte[1 + r.nextInt(8)];
        r.nextBytes(ins);
        byte[] out = new byte[n + ins.length];
        System.arraycopy(v, 0, out, 0, at);
        System.arraycopy(ins, 0, out, at, ins.length);
        System.arraycopy(v, at, out, at + ins.length, n - at);
        return out;
      }
      case 5 -> { // swap two elements of the widest width, or copy one over another
        if (n > 12) {
          int w = 1 << (1 + r.nextInt(3));
          int slots = (n - 8) / w;
          if (slots >= 2) {
            int a = 8 + r.nextInt(slots) * w;
            int b = 8 + r.nextInt(slots) * w;
            byte[] tmp = Arrays.copyOfRange(v, a, a + w);
            if (r.nextBoolean()) {
              System.arraycopy(v, b, v, a, w);
            }
            System.arraycopy(tmp, 0, v, b, w);
          }
        }
        return v;
      }
      case 6 -> {
        if (n > 8) {
          v[8 + r.nextInt(n - 8)] = (byte) (r.nextBoolean() ? 0x7f : 0x80);
        }
        return v;
      }
      case 7 -> {
        if (n > 0) {
          v[at] = (byte) (v[at] + (r.nextBoolean() ? 1 : -1));
        }
        return v;
      }
      default -> {
        return r.nextInt(20) == 0 ? new byte[r.nextInt(12)] : v;
      }
    }
  }
}
