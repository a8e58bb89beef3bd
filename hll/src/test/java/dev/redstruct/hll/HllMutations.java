package dev.redstruct.hll;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Blob generators for corruption tests: mutations of valid values and random valid sparse bodies.
 */
final class HllMutations {
  private HllMutations() {}

  /** One random damage: bit flip, truncation, opcode splice, append, encoding change, etc. */
  static byte[] mutate(SplittableRandom rnd, byte[] valid) {
    byte[] b = valid.clone();
    int body = b.length - HllLayout.HDR_SIZE;
    switch (rnd.nextInt(9)) {
      case 0:
        {
          int pos = rnd.nextInt(4) == 0 ? rnd.nextInt(16) : 16 + rnd.nextInt(body);
          b[pos] ^= (byte) (1 << rnd.nextInt(8));
          return b;
        }
      case 1:
        return Arrays.copyOf(b, rnd.nextInt(b.length));
      case 2:
        {
          int from = 16 + rnd.nextInt(body);
          int to = Math.min(b.length, from + rnd.nextInt(1, 6));
          byte[] mid = randomOps(rnd, rnd.nextInt(0, 6));
          return splice(b, from, to, mid);
        }
      case 3:
        return splice(b, b.length, b.length, randomOps(rnd, rnd.nextInt(1, 4)));
      case 4:
        b[4] = (byte) rnd.nextInt(4);
        return b;
      case 5:
        {
          int pos = 16 + rnd.nextInt(body);
          return splice(b, pos, pos + 1, new byte[0]);
        }
      case 6:
        {
          int pos = 16 + rnd.nextInt(body + 1);
          return splice(b, pos, pos, randomOps(rnd, 1));
        }
      case 7:
        {
          int pos = 16 + rnd.nextInt(body);
          b[pos] = (byte) rnd.nextInt(256);
          return b;
        }
      default:
        {
          // Byte swap of two body bytes: keeps the sum when both are one-byte opcodes.
          int i = 16 + rnd.nextInt(body);
          int j = 16 + rnd.nextInt(body);
          byte t = b[i];
          b[i] = b[j];
          b[j] = t;
          return b;
        }
    }
  }

  static byte[] splice(byte[] b, int from, int to, byte[] mid) {
    byte[] out = new byte[b.length - (to - from) + mid.length];
    System.arraycopy(b, 0, out, 0, from);
    System.arraycopy(mid, 0, out, from, mid.length);
    System.arraycopy(b, to, out, from + mid.length, b.length - to);
    return out;
  }

  static byte[] randomOps(SplittableRandom rnd, int n) {
    byte[] out = new byte[2 * n];
    int len = 0;
    for (int i = 0; i < n; i++) {
      int kind = rnd.nextInt(3);
      if (kind == 0) {
        out[len++] = (byte) rnd.nextInt(64);
      } else if (kind == 1) {
        out[len++] = (byte) (0x40 | rnd.nextInt(64));
        out[len++] = (byte) rnd.nextInt(256);
      } else {
        out[len++] = (byte) (0x80 | rnd.nextInt(128));
      }
    }
    return Arrays.copyOf(out, len);
  }

  /** A random, valid, usually non-canonical sparse value (runs sum to 16384). */
  static byte[] randomValidSparse(SplittableRandom rnd) {
    byte[] out = new byte[40000];
    out[0] = 'H';
    out[1] = 'Y';
    out[2] = 'L';
    out[3] = 'L';
    out[4] = 1;
    for (int i = 5; i < 16; i++) {
      out[i] = (byte) rnd.nextInt(256);
    }
    if (rnd.nextInt(3) != 0) {
      out[15] |= (byte) 0x80;
    } else {
      out[15] &= 0x0F; // a crafted but "valid" cache, trusted by both sides
    }
    int p = 16;
    int left = HllLayout.REGISTERS;
    int zeroBias = rnd.nextInt(1, 400);
    while (left > 0) {
      int kind = rnd.nextInt(10);
      if (kind < 3) {
        int run = Math.min(left, rnd.nextInt(1, 65));
        out[p++] = (byte) (run - 1);
        left -= run;
      } else if (kind < 6) {
        int run = Math.min(left, rnd.nextInt(1, zeroBias + 1));
        out[p++] = (byte) (0x40 | ((run - 1) >>> 8));
        out[p++] = (byte) (run - 1);
        left -= run;
      } else {
        int run = Math.min(left, rnd.nextInt(1, 5));
        out[p++] = HllSparse.val(rnd.nextInt(1, 33), run);
        left -= run;
      }
    }
    return Arrays.copyOf(out, p);
  }

  static String hex(byte[] b) {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < Math.min(b.length, 48); i++) {
      sb.append(String.format("%02x", b[i] & 0xff));
    }
    return sb.append(b.length > 48 ? "... (" + b.length + " B)" : "").toString();
  }
}
