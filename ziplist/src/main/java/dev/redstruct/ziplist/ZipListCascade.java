package dev.redstruct.ziplist;

import static dev.redstruct.ziplist.ZipListLayout.END;

import dev.redstruct.core.RedisNumbers;
import java.util.Arrays;

/**
 * The two longer walks of {@link ZipList}, kept apart so that the container stays readable: the
 * prevlen cascade (Redis {@code __ziplistCascadeUpdate}) and the search with skip (Redis {@code
 * ziplistFind}). Both work on the list's own array and scratch entry and allocate nothing.
 */
final class ZipListCascade {
  private ZipListCascade() {}

  /**
   * Redis: {@code __ziplistCascadeUpdate}. The entry at {@code p} has its final size; walk forward
   * while the next prevlen field is too small for the size before it, counting the 1-to-5 growths,
   * then open all the room with one move and rewrite the grown entries back to front. A field that
   * is large enough gets the new value (in 5-byte form if it is 5 bytes: no shrinking) and ends the
   * walk.
   */
  static void update(ZipList z, int p, ZipListEntry scratch) {
    byte[] zl = z.array();
    if ((zl[p] & 0xFF) == END) {
      return;
    }
    ZipListEntry cur = z.decodeAt(scratch, p, false);
    final int firstEntryLen = cur.rawLength();
    int prevlen = firstEntryLen;
    int prevOffset = p;
    int cnt = 0;
    p += prevlen;
    while ((zl[p] & 0xFF) != END) {
      z.decodeAt(cur, p, false);
      if (cur.prevRawLen == prevlen) {
        break;
      }
      int need = ZipListLayout.prevlenSizeFor(prevlen);
      if (cur.prevRawLenSize >= need) {
        if (cur.prevRawLenSize == need) {
          ZipListLayout.writePrevlen(zl, p, prevlen);
        } else {
          ZipListLayout.writePrevlenLarge(zl, p, prevlen);
        }
        break;
      }
      if (cur.prevRawLen + 4 != prevlen && !(cnt == 0 && cur.prevRawLen == 0)) {
        throw ZipListValidator.fail(zl, z.blobLength(), p, "prevlen inconsistent during cascade");
      }
      prevlen = cur.rawLength() + 4;
      prevOffset = p;
      p += cur.rawLength();
      cnt++;
    }
    if (cnt == 0) {
      return;
    }
    grow(z, cur, p, prevOffset, cnt, firstEntryLen);
  }

  /** Second half of the cascade: move the rest once, then re-lay the grown entries. */
  private static void grow(
      ZipList z, ZipListEntry cur, int p, int prevOffset, int cnt, int firstEntryLen) {
    int extra = 4 * cnt;
    int tail = z.tailOffset();
    // The last grown entry's own growth moves the tail only if that entry is not the tail.
    ZipListLayout.setZltail(z.array(), tail + (tail == prevOffset ? extra - 4 : extra));
    int oldSize = z.blobLength();
    z.resize(oldSize + extra);
    byte[] zl = z.array(); // resize may have replaced the array
    System.arraycopy(zl, p, zl, p + extra, oldSize - 1 - p);
    p += extra;
    for (int k = cnt; k > 0; k--) {
      z.decodeAt(cur, prevOffset, false);
      int raw = cur.rawLength();
      int body = raw - cur.prevRawLenSize;
      System.arraycopy(zl, prevOffset + cur.prevRawLenSize, zl, p - body, body);
      p -= raw + 4;
      int value = cur.prevRawLen == 0 ? firstEntryLen : (int) cur.prevRawLen + 4;
      int written = ZipListLayout.writePrevlen(zl, p, value);
      assert written == 5 : "a grown prevlen holds at least 254";
      prevOffset -= (int) cur.prevRawLen;
    }
    z.addCascadeSteps(cnt);
    z.layoutVersion++;
  }

  /** Redis: {@code ziplistFind}; whether the needle is an integer is worked out once, lazily. */
  static int find(ZipList z, ZipListEntry scratch, int p, int index, byte[] v, int skip) {
    byte[] zl = z.array();
    int size = z.blobLength();
    int skipcnt = 0;
    int needleKind = 0; // 0 unknown, 1 integer, 2 not an integer
    long needle = 0;
    while ((zl[p] & 0xFF) != END) {
      ZipListEntry e = z.decodeAt(scratch, p, true, size);
      if (skipcnt == 0) {
        if (e.isString()) {
          if (e.len == v.length
              && Arrays.equals(
                  zl, e.contentOffset(), e.contentOffset() + v.length, v, 0, v.length)) {
            return index;
          }
        } else {
          if (needleKind == 0) {
            boolean isInt = ZipListLayout.isIntegerCandidate(v, 0, v.length);
            needleKind = isInt ? 1 : 2;
            needle = isInt ? RedisNumbers.parseCanonicalLong(v, 0, v.length) : 0;
          }
          if (needleKind == 1 && e.intValue(zl) == needle) {
            return index;
          }
        }
        skipcnt = skip;
      } else {
        skipcnt--;
      }
      p += e.rawLength();
      index++;
    }
    return -1;
  }
}
