package dev.redstruct.ziplist;

import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * Mutations of valid ziplist blobs, shared by the corruption test and the Redis differential: bit
 * flips, byte overwrites, truncations, insertions, deletions, and overwrites of the header fields
 * and of entry prevlen/encoding bytes with values chosen to be almost right.
 */
final class ZipListMutations {
  private ZipListMutations() {}

  /** A random valid blob of up to {@code maxEntries} Redis-flavoured entries. */
  static byte[] validBlob(RandomGenerator r, int maxEntries) {
    ZipList z = ZipList.create();
    for (int n = r.nextInt(maxEntries + 1); n > 0; n--) {
      byte[] v = ZipListTestValues.value(r);
      if (v.length > 1000) {
        v = Arrays.copyOf(v, 1 + r.nextInt(300));
      }
      if (r.nextBoolean()) {
        z.pushTail(v);
      } else {
        z.insert(r.nextInt(z.size() + 1), v);
      }
    }
    return z.toByteArray();
  }

  /** Returns a mutated copy of {@code blob}; it may happen to still be valid. */
  static byte[] mutate(RandomGenerator r, byte[] blob) {
    byte[] b = blob.clone();
    int n = b.length;
    switch (r.nextInt(9)) {
      case 0:
        b[r.nextInt(n)] ^= (byte) (1 << r.nextInt(8));
        return b;
      case 1:
        b[r.nextInt(n)] = (byte) r.nextInt(256);
        return b;
      case 2:
        return Arrays.copyOf(b, r.nextInt(n));
      case 3:
        return insert(r, b);
      case 4:
        return delete(r, b);
      case 5:
        return header(r, b);
      case 6:
        return entryByte(r, b);
      case 7:
        b[r.nextInt(n)] = (byte) 0xFF;
        return b;
      default:
        b[r.nextInt(n)] ^= (byte) (1 << r.nextInt(8));
        b[r.nextInt(n)] ^= (byte) (1 << r.nextInt(8));
        return b;
    }
  }

  private static byte[] insert(RandomGenerator r, byte[] b) {
    int at = r.nextInt(b.length + 1);
    int k = 1 + r.nextInt(5);
    byte[] out = new byte[b.length + k];
    System.arraycopy(b, 0, out, 0, at);
    for (int i = 0; i < k; i++) {
      out[at + i] = (byte) r.nextInt(256);
    }
    System.arraycopy(b, at, out, at + k, b.length - at);
    if (r.nextBoolean()) {
      ZipListFormat.setZlbytes(out, out.length); // keep the header plausible
    }
    return out;
  }

  private static byte[] delete(RandomGenerator r, byte[] b) {
    int at = r.nextInt(b.length);
    int k = Math.min(b.length - at, 1 + r.nextInt(5));
    byte[] out = new byte[b.length - k];
    System.arraycopy(b, 0, out, 0, at);
    System.arraycopy(b, at + k, out, at, b.length - at - k);
    if (r.nextBoolean() && out.length >= 4) {
      ZipListFormat.setZlbytes(out, out.length);
    }
    return out;
  }

  private static byte[] header(RandomGenerator r, byte[] b) {
    int delta = r.nextInt(9) - 4;
    switch (r.nextInt(3)) {
      case 0:
        ZipListFormat.setZlbytes(b, (int) ZipListFormat.zlbytes(b) + delta);
        break;
      case 1:
        ZipListFormat.setZltail(
            b, r.nextInt(4) == 0 ? r.nextInt() : (int) ZipListFormat.zltail(b) + delta);
        break;
      default:
        ZipListFormat.setZllen(
            b, r.nextInt(4) == 0 ? 0xFFFF : (ZipListFormat.zllen(b) + delta) & 0xFFFF);
    }
    return b;
  }

  /** Overwrites a prevlen or encoding byte of a real entry with a nearby or special value. */
  private static byte[] entryByte(RandomGenerator r, byte[] b) {
    ZipListFormat.Entry e = new ZipListFormat.Entry();
    int p = ZipListFormat.HEADER_SIZE;
    int target = r.nextInt(8);
    while ((b[p] & 0xFF) != 0xFF && target-- > 0 && e.decodeSafe(b, b.length, p, false) == 0) {
      int next = p + e.rawLength();
      if ((b[next] & 0xFF) == 0xFF) {
        break;
      }
      p = next;
    }
    if (p >= b.length - 1) {
      return b;
    }
    int[] specials = {
      0x00, 0x3F, 0x40, 0x80, 0x86, 0xBF, 0xC0, 0xC1, 0xD0, 0xE0, 0xF0, 0xF1, 0xFD, 0xFE, 0xFF
    };
    int at = r.nextBoolean() ? p : Math.min(b.length - 1, p + ZipListFormat.prevlenFieldSize(b[p]));
    b[at] =
        (byte) (r.nextBoolean() ? specials[r.nextInt(specials.length)] : b[at] + r.nextInt(5) - 2);
    return b;
  }
}
