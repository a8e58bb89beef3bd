package dev.redstruct.ziplist;

import static dev.redstruct.ziplist.ZipListLayout.EMPTY_SIZE;
import static dev.redstruct.ziplist.ZipListLayout.END;
import static dev.redstruct.ziplist.ZipListLayout.FORMAT;
import static dev.redstruct.ziplist.ZipListLayout.HEADER_SIZE;
import static dev.redstruct.ziplist.ZipListLayout.UNKNOWN_LENGTH;

import dev.redstruct.core.CorruptEncodingException;

/**
 * The shallow (header) and deep (every entry) checks of untrusted ziplist bytes. Mirrors {@code
 * ziplistValidateIntegrity} (Redis 7.0.15 and 6.2: src/ziplist.c, identical in both), check for
 * check and in the same order, so that a blob passes here exactly when it passes there. Every
 * failure is a {@link CorruptEncodingException}; the walk touches each byte at most a constant
 * number of times and allocates nothing on success.
 */
final class ZipListValidator {
  private ZipListValidator() {}

  /**
   * Validates {@code zl[0, size)}.
   *
   * @return the number of entries found by a deep walk, or -1 for a shallow check
   */
  static int validate(byte[] zl, int size, boolean deep) {
    if (size < EMPTY_SIZE) {
      throw fail(zl, size, 0, "shorter than the 11-byte empty ziplist");
    }
    if (ZipListLayout.zlbytes(zl) != size) {
      throw fail(zl, size, 0, "zlbytes " + ZipListLayout.zlbytes(zl) + " != blob size " + size);
    }
    if ((zl[size - 1] & 0xFF) != END) {
      throw fail(zl, size, size - 1, "last byte is not 0xFF");
    }
    long tail = ZipListLayout.zltail(zl);
    if (tail > size - 1) {
      throw fail(zl, size, 4, "zltail " + tail + " is past the last byte");
    }
    if (!deep) {
      return -1;
    }
    return walk(zl, size, (int) tail);
  }

  private static int walk(byte[] zl, int size, int tail) {
    ZipListEntry e = new ZipListEntry();
    int count = 0;
    int p = HEADER_SIZE;
    int prev = -1;
    long prevRawSize = 0;
    while ((zl[p] & 0xFF) != END) {
      int code = e.decodeSafe(zl, size, p, true);
      if (code != ZipListEntry.OK) {
        throw fail(zl, size, p, ZipListEntry.reason(code));
      }
      if (e.prevRawLen != prevRawSize) {
        throw fail(
            zl, size, p, "prevlen " + e.prevRawLen + " != previous entry size " + prevRawSize);
      }
      prevRawSize = e.rawLength();
      prev = p;
      p += e.rawLength();
      count++;
    }
    if (p != size - 1) {
      throw fail(zl, size, p, "0xFF before the last byte");
    }
    if (prev != -1 && prev != tail) {
      throw fail(zl, size, 4, "zltail " + tail + " != last entry offset " + prev);
    }
    int header = ZipListLayout.zllen(zl);
    if (header != UNKNOWN_LENGTH && header != count) {
      throw fail(zl, size, 8, "zllen " + header + " != " + count + " entries");
    }
    return count;
  }

  static CorruptEncodingException fail(byte[] zl, int size, long offset, String reason) {
    byte[] shown = zl;
    if (zl.length != size) {
      shown = java.util.Arrays.copyOf(zl, Math.min(zl.length, size));
    }
    return new CorruptEncodingException(FORMAT, offset, reason, shown);
  }
}
