package dev.redstruct.listpack;

import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * Mutations of valid listpack blobs, shared by the corruption test and the Redis differential: bit
 * flips, byte overwrites, truncations, splices, the header's total-bytes and count made wrong
 * (including 65535), length fields inflated, and backlens off by one.
 */
final class ListPackMutations {
  private ListPackMutations() {}

  /** A random valid blob of up to {@code maxElements} short Redis-flavoured elements. */
  static byte[] validBlob(RandomGenerator r, int maxElements) {
    ListPack lp = ListPack.create();
    for (int n = r.nextInt(maxElements + 1); n > 0; n--) {
      byte[] v = ListPackTestValues.shortValue(r, r.nextInt(8) == 0 ? 300 : 40);
      if (r.nextBoolean()) {
        lp.append(v);
      } else {
        lp.insert(r.nextInt(lp.size() + 1), v);
      }
    }
    return lp.toByteArray();
  }

  /** A random valid hash-like blob: up to {@code maxPairs} pairs with distinct fields. */
  static byte[] validPairBlob(RandomGenerator r, int maxPairs) {
    ListPack lp = ListPack.create();
    java.util.Set<String> fields = new java.util.HashSet<>();
    for (int n = r.nextInt(maxPairs + 1); n > 0; n--) {
      byte[] field = ListPackTestValues.shortValue(r, 30);
      if (fields.add(new String(field, java.nio.charset.StandardCharsets.ISO_8859_1))) {
        lp.append(field);
        lp.append(ListPackTestValues.shortValue(r, 30));
      }
    }
    return lp.toByteArray();
  }

  /** Returns a mutated copy of {@code blob}; it may happen to still be valid. */
  static byte[] mutate(RandomGenerator r, byte[] blob) {
    byte[] b = blob.clone();
    int n = b.length;
    switch (r.nextInt(11)) {
      case 0:
        b[r.nextInt(n)] ^= (byte) (1 << r.nextInt(8));
        return b;
      case 1:
        b[r.nextInt(n)] = (byte) r.nextInt(256);
        return b;
      case 2:
        return fixTotal(r, Arrays.copyOf(b, r.nextInt(n)));
      case 3:
        return fixTotal(r, splice(r, b, randomBytes(r, 1 + r.nextInt(5))));
      case 4:
        return fixTotal(r, cut(r, b));
      case 5:
        return header(r, b);
      case 6:
        return elementField(r, b);
      case 7:
        b[r.nextInt(n)] = (byte) 0xFF;
        return b;
      case 8:
        return fixTotal(r, splice(r, b, Arrays.copyOfRange(b, 6, Math.max(6, n - 1))));
      case 9:
        b[6 + r.nextInt(Math.max(1, n - 7))] = (byte) (0xF0 + r.nextInt(16));
        return b;
      default:
        b[r.nextInt(n)] ^= (byte) (1 << r.nextInt(8));
        b[r.nextInt(n)] ^= (byte) (1 << r.nextInt(8));
        return b;
    }
  }

  private static byte[] randomBytes(RandomGenerator r, int k) {
    byte[] out = new byte[k];
    for (int i = 0; i < k; i++) {
      out[i] = (byte) r.nextInt(256);
    }
    return out;
  }

  /** Inserts {@code piece} at a random offset. */
  private static byte[] splice(RandomGenerator r, byte[] b, byte[] piece) {
    int at = r.nextInt(b.length + 1);
    byte[] out = new byte[b.length + piece.length];
    System.arraycopy(b, 0, out, 0, at);
    System.arraycopy(piece, 0, out, at, piece.length);
    System.arraycopy(b, at, out, at + piece.length, b.length - at);
    return out;
  }

  private static byte[] cut(RandomGenerator r, byte[] b) {
    int at = r.nextInt(b.length);
    int k = Math.min(b.length - at, 1 + r.nextInt(5));
    byte[] out = new byte[b.length - k];
    System.arraycopy(b, 0, out, 0, at);
    System.arraycopy(b, at + k, out, at, b.length - at - k);
    return out;
  }

  /** Half the time, makes total-bytes agree with the new length (and the last byte EOF). */
  private static byte[] fixTotal(RandomGenerator r, byte[] b) {
    if (b.length >= 7 && r.nextBoolean()) {
      ListPackFormat.setTotalBytes(b, b.length);
      if (r.nextBoolean()) {
        b[b.length - 1] = (byte) 0xFF;
      }
    }
    return b;
  }

  private static byte[] header(RandomGenerator r, byte[] b) {
    int delta = r.nextInt(9) - 4;
    if (r.nextBoolean()) {
      ListPackFormat.setTotalBytes(b, (int) ListPackFormat.totalBytes(b) + delta);
    } else {
      int count = ListPackFormat.numElements(b);
      ListPackFormat.setNumElements(b, r.nextInt(4) == 0 ? 0xFFFF : (count + delta) & 0xFFFF);
    }
    return b;
  }

  /** Changes the encoding byte, a length field or the backlen of a real element. */
  private static byte[] elementField(RandomGenerator r, byte[] b) {
    ListPackFormat.Element e = new ListPackFormat.Element();
    int p = ListPackFormat.HEADER_SIZE;
    if ((b[p] & 0xFF) == 0xFF) {
      return b;
    }
    for (int target = r.nextInt(8); target > 0; target--) {
      int next = ListPackFormat.decode(b, p, e).end();
      if ((b[next] & 0xFF) == 0xFF) {
        break;
      }
      p = next;
    }
    ListPackFormat.decode(b, p, e);
    int last = e.end() - 1;
    switch (r.nextInt(4)) {
      case 0: // backlen off by one
        b[last] = (byte) (b[last] + (r.nextBoolean() ? 1 : -1));
        break;
      case 1: // length field inflated
        int c = b[p] & 0xFF;
        if (c == ListPackFormat.ENC_32BIT_STR) {
          b[p + 1 + r.nextInt(4)] = (byte) 0xFF;
        } else if (c >= 0xE0 && c < 0xF0) {
          b[p] = (byte) (0xE0 | r.nextInt(16));
        } else if (c >= 0x80 && c < 0xC0) {
          b[p] = (byte) (0x80 | r.nextInt(64));
        } else {
          b[p] = (byte) (r.nextBoolean() ? 0xF0 : 0xE0 + r.nextInt(16));
        }
        break;
      case 2:
        int[] specials = {0x00, 0x7F, 0x80, 0xBF, 0xC0, 0xDF, 0xE0, 0xEF, 0xF0, 0xF4, 0xF5, 0xFE};
        b[p] = (byte) specials[r.nextInt(specials.length)];
        break;
      default:
        b[p] = (byte) (b[p] + r.nextInt(5) - 2);
    }
    return b;
  }
}
