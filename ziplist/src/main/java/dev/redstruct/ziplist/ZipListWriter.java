package dev.redstruct.ziplist;

import static dev.redstruct.ziplist.ZipListFormat.BIG_PREVLEN;
import static dev.redstruct.ziplist.ZipListFormat.EMPTY_SIZE;
import static dev.redstruct.ziplist.ZipListFormat.END;
import static dev.redstruct.ziplist.ZipListFormat.HEADER_SIZE;
import static dev.redstruct.ziplist.ZipListFormat.UNKNOWN_LENGTH;

import dev.redstruct.core.RedisNumbers;
import dev.redstruct.ziplist.ZipListFormat.Entry;
import java.util.Arrays;

/**
 * Writing a ziplist: one edit of one blob. Insert ({@code __ziplistInsert}), delete ({@code
 * __ziplistDelete}), replace ({@code ziplistReplace}), the prevlen cascade ({@code
 * __ziplistCascadeUpdate}), two adjacent inserts in one move, and merge ({@code ziplistMerge}), all
 * of Redis 6.2.16's src/ziplist.c. A writer is made for one operation and holds the array (which
 * growth may replace), the scratch entry and what the caller must learn afterwards: whether the
 * bytes changed and how many prevlen fields a cascade grew.
 */
final class ZipListWriter {
  /*
   * Implementation notes.
   *
   * Offsets into zl replace Redis's pointers. Everything that can fail on sound bytes (the cap) is
   * checked before the first byte moves, so a rejected edit changes nothing; on wrapped bytes that
   * fail deep validation a decode may still throw CorruptEncodingException part way, as Redis
   * would assert or crash.
   *
   * Growth. The array grows like ArrayList's, to the larger of what is needed (plus the read pad)
   * and 1.5 times the old capacity, rounded up to the 8-byte granule the JVM allocates anyway.
   * Redis instead reallocates to the exact size on every change and relies on the allocator.
   *
   * The cascade. After an entry changes size, each following prevlen field must hold the new
   * size of its predecessor; a 1-byte field that must hold >= 254 grows to 5 bytes, which grows
   * its entry, which may push the next field over 254, and so on. Fields never shrink in the
   * cascade (Redis avoids flapping); only the entry right after an insert or delete point is
   * re-encoded to the minimal size, except that an insert never shrinks it when the new entry is
   * smaller than 4 bytes (Redis's "forcelarge", issue #7170).
   *
   * Two inserts at one point (insertTwo, behind the compact zset's member and score): when both
   * entries are below 254 bytes and the follower's prevlen field is 1 byte (or there is none), two
   * __ziplistInsert calls change no field size and run no cascade, so the result is [a][b]
   * spliced in at p with the follower's prevlen set to b's size; that is written with one move.
   * Every other case is left, before anything changes, to two ordinary inserts.
   */

  /** The array; growth replaces it, so callers take it back with {@link #bytes()}. */
  private byte[] zl;

  private final int maxBytes;
  private final boolean trusted;
  private final Entry e = new Entry();

  /** Whether any byte (or the array) changed. */
  boolean changed;

  /** Prevlen fields grown from 1 to 5 bytes by cascades during this edit. */
  int cascadeSteps;

  /**
   * A writer for one edit of {@code zl}.
   *
   * @param maxBytes the cap no edit may cross
   * @param trusted whether the bytes are known sound (built by ZipList or deep-validated)
   */
  ZipListWriter(byte[] zl, int maxBytes, boolean trusted) {
    this.zl = zl;
    this.maxBytes = maxBytes;
    this.trusted = trusted;
  }

  /** The array after the edit. */
  byte[] bytes() {
    return zl;
  }

  private int size() {
    return ZipListFormat.zlbytesInt(zl);
  }

  private Entry decode(int p, boolean validatePrevlen) {
    return ZipListFormat.decodeChecked(e, zl, size(), p, validatePrevlen);
  }

  // ---------------------------------------------------------------- insert

  /** {@link #putString} and {@link #putInteger}: insert before the entry at the offset. */
  static final int INSERT = 0;

  /** {@link #putString} and {@link #putInteger}: replace the entry at the offset. */
  static final int REPLACE = 1;

  /**
   * Inserts {@code s[off, off+len)} at {@code p} or replaces the entry there ({@code where}), as an
   * integer when it reads as one. Redis: {@code zipTryEncoding}, then the insert or replace.
   */
  void putString(int where, int p, byte[] s, int off, int len) {
    if (ZipListFormat.isIntegerCandidate(s, off, len)) {
      putInteger(where, p, RedisNumbers.parseCanonicalLong(s, off, len));
    } else if (where == INSERT) {
      insert(p, -1, 0, s, off, len);
    } else {
      replace(p, -1, 0, s, off, len);
    }
  }

  /** Inserts the integer {@code v} at {@code p} or replaces the entry there ({@code where}). */
  void putInteger(int where, int p, long v) {
    int enc = ZipListFormat.intEncodingFor(v);
    if (where == INSERT) {
      insert(p, enc, v, null, 0, 0);
    } else {
      replace(p, enc, v, null, 0, 0);
    }
  }

  /**
   * Inserts a value at offset {@code p} (an entry, or the 0xFF byte to append): the string {@code
   * s[off, off+len)} when {@code enc} is -1, else {@code v} under {@code enc}. Redis: {@code
   * __ziplistInsert}.
   */
  private void insert(int p, int enc, long v, byte[] s, int off, int len) {
    boolean atEnd = (zl[p] & 0xFF) == END;
    int prevlen = 0;
    boolean followerIsTail = false;
    if (!atEnd) {
      decode(p, true);
      prevlen = (int) e.prevRawLen;
      followerIsTail = (zl[e.next()] & 0xFF) == END;
    } else if (ZipListFormat.tailEntryOffset(zl) >= 0) {
      prevlen = decode((int) ZipListFormat.zltail(zl), false).rawLength();
    }
    int reqlen = ZipListFormat.encodedSize(enc, len) + ZipListFormat.prevlenSizeFor(prevlen);
    int nextdiff = 0;
    boolean forceLarge = false;
    if (!atEnd) {
      nextdiff = ZipListFormat.prevlenSizeFor(reqlen) - ZipListFormat.prevlenFieldSize(zl[p]);
      if (nextdiff == -4 && reqlen < 4) {
        nextdiff = 0; // keep the 5-byte field (Redis "forcelarge"): no shrink for tiny entries
        forceLarge = true;
      }
    }
    checkGrowth((long) reqlen + nextdiff);
    int oldSize = size();
    int oldTail = (int) ZipListFormat.zltail(zl);
    resize(oldSize + reqlen + nextdiff);
    if (!atEnd) {
      System.arraycopy(zl, p - nextdiff, zl, p + reqlen, oldSize - 1 - p + nextdiff);
      if (forceLarge) {
        ZipListFormat.writePrevlenLarge(zl, p + reqlen, reqlen);
      } else {
        ZipListFormat.writePrevlen(zl, p + reqlen, reqlen);
      }
      // The tail moves by reqlen, and by nextdiff too unless the follower itself is the tail.
      ZipListFormat.setZltail(zl, oldTail + reqlen + (followerIsTail ? 0 : nextdiff));
    } else {
      ZipListFormat.setZltail(zl, p);
    }
    if (nextdiff != 0) {
      cascadeUpdate(p + reqlen);
    }
    int q = p + ZipListFormat.writePrevlen(zl, p, prevlen);
    ZipListFormat.encodeInto(zl, q, enc, v, s, off, len);
    ZipListFormat.addToZllen(zl, 1);
  }

  /** Throws before anything changes if {@code add} more bytes would cross the cap. */
  private void checkGrowth(long add) {
    checkGrowth(size(), add, maxBytes);
  }

  private static void checkGrowth(long size, long add, int maxBytes) {
    if (size + add > maxBytes) {
      throw new IllegalStateException(
          "ziplist would grow to " + (size + add) + " bytes, over the cap of " + maxBytes);
    }
  }

  private void resize(int newSize) {
    zl = resized(zl, newSize);
    changed = true;
  }

  /**
   * Sets zlbytes (and the 0xFF byte) to {@code newSize}, growing the array if needed to the larger
   * of {@code newSize} plus the read pad and 1.5 times its length, rounded up to the granule.
   * Returns the array, which growth replaces.
   */
  private static byte[] resized(byte[] zl, int newSize) {
    if (newSize + ZipListFormat.READ_PAD > zl.length) {
      long grown = Math.max(newSize + ZipListFormat.READ_PAD, zl.length + (zl.length >> 1));
      int capacity = (int) Math.min(grown, Integer.MAX_VALUE - 32);
      zl = Arrays.copyOf(zl, ZipListFormat.granuleCapacity(capacity));
    }
    ZipListFormat.setZlbytes(zl, newSize);
    zl[newSize - 1] = (byte) END;
    return zl;
  }

  /**
   * Appends a value after the last entry of sound bytes with no writer and no scratch entry: the
   * tail entry's size is the distance from zltail to the end byte (0 when empty, zltail being the
   * end byte then: ZipList I5), and nothing follows, so no prevlen field changes. Redis: {@code
   * __ziplistInsert} at the end. Returns the array, which growth may replace. The push-tail hot
   * path allocates nothing this way (ZipListUpdateBenchmark pushTail: a writer and an Entry per
   * append cost 5-12%).
   */
  static byte[] appendTrusted(byte[] zl, int maxBytes, int enc, long v, byte[] s, int len) {
    int end = ZipListFormat.zlbytesInt(zl) - 1;
    int prevlen = end - (int) ZipListFormat.zltail(zl);
    int reqlen = ZipListFormat.prevlenSizeFor(prevlen) + ZipListFormat.encodedSize(enc, len);
    checkGrowth(end + 1, reqlen, maxBytes);
    zl = resized(zl, end + 1 + reqlen);
    ZipListFormat.setZltail(zl, end);
    int q = end + ZipListFormat.writePrevlen(zl, end, prevlen);
    ZipListFormat.encodeInto(zl, q, enc, v, s, 0, len);
    ZipListFormat.addToZllen(zl, 1);
    return zl;
  }

  // ---------------------------------------------------------------- delete and replace

  /**
   * Deletes up to {@code num} entries from offset {@code p}; returns how many. Redis: {@code
   * __ziplistDelete}. The first survivor's prevlen takes the first deleted entry's prevlen,
   * minimally encoded (so it may shrink 5 to 1); the room is always there because a deleted entry
   * carried a field as large.
   */
  int delete(int p, int num) {
    int start = p;
    int size = size();
    int firstPrevlen = (int) decode(p, true).prevRawLen;
    int deleted = 0;
    while ((zl[p] & 0xFF) != END && deleted < num) {
      p = decode(p, false).next();
      deleted++;
    }
    int totlen = p - start;
    if (totlen == 0) {
      return 0;
    }
    int nextdiff = 0;
    int newTail;
    if ((zl[p] & 0xFF) != END) {
      nextdiff = ZipListFormat.prevlenSizeFor(firstPrevlen) - ZipListFormat.prevlenFieldSize(zl[p]);
      boolean survivorIsTail = (zl[decode(p, false).next()] & 0xFF) == END;
      p -= nextdiff;
      ZipListFormat.writePrevlen(zl, p, firstPrevlen);
      newTail = (int) ZipListFormat.zltail(zl) - totlen + (survivorIsTail ? 0 : nextdiff);
      System.arraycopy(zl, p, zl, start, size - 1 - p);
    } else {
      newTail = start - firstPrevlen; // the whole tail went: the new tail is the entry before
    }
    resize(size - totlen + nextdiff); // never grows: nextdiff <= 4 <= totlen
    ZipListFormat.addToZllen(zl, -deleted);
    ZipListFormat.setZltail(zl, newTail);
    if (nextdiff != 0) {
      cascadeUpdate(start);
    }
    return deleted;
  }

  /**
   * Replaces the entry at {@code p}. Redis: {@code ziplistReplace}. In place when the encoding and
   * content keep their size; otherwise a delete then an insert, with the cap checked first for the
   * worst case of that fallback (the delete's survivor may grow by 4, the new entry's prevlen may
   * take 5 bytes and its follower grow by 4).
   */
  private void replace(int p, int enc, long v, byte[] s, int off, int len) {
    decode(p, true);
    int req = ZipListFormat.encodedSize(enc, len);
    if (req == e.lenSize + e.len) {
      ZipListFormat.encodeInto(zl, p + e.prevRawLenSize, enc, v, s, off, len);
      changed = true;
      return;
    }
    checkGrowth((long) req + 13 - e.rawLength());
    delete(p, 1);
    insert(p, enc, v, s, off, len);
  }

  // ---------------------------------------------------------------- two inserts at one point

  /**
   * Inserts {@code a} then {@code bStr} (or the integer {@code bInt} when {@code bStr} is null) at
   * offset {@code p}: the bytes of {@code ziplistInsert(p, a)} then {@code ziplistInsert(next, b)}
   * (Redis: {@code zzlInsertAt}, src/t_zset.c). Returns the offset of the entry after them.
   */
  int insertTwo(int p, byte[] a, byte[] bStr, long bInt) {
    boolean aIsInt = ZipListFormat.isIntegerCandidate(a, 0, a.length);
    long aInt = aIsInt ? RedisNumbers.parseCanonicalLong(a, 0, a.length) : 0;
    int aEnc = aIsInt ? ZipListFormat.intEncodingFor(aInt) : -1;
    boolean bIsInt = bStr == null || ZipListFormat.isIntegerCandidate(bStr, 0, bStr.length);
    long bValue =
        bStr == null || !bIsInt ? bInt : RedisNumbers.parseCanonicalLong(bStr, 0, bStr.length);
    int bEnc = bIsInt ? ZipListFormat.intEncodingFor(bValue) : -1;
    int bLen = bIsInt ? 0 : bStr.length;
    int after = insertTwoSimple(p, aEnc, aInt, a, bEnc, bValue, bStr, bLen);
    if (after >= 0) {
      return after;
    }
    insert(p, aEnc, aInt, a, 0, a.length);
    int next = decode(p, false).next();
    insert(next, bEnc, bValue, bStr, 0, bLen);
    return decode(next, false).next();
  }

  /**
   * The simple case (see the notes): writes both entries with one move and returns the offset after
   * them, or returns -1, having changed nothing, when a prevlen field would change size.
   */
  private int insertTwoSimple(
      int p, int aEnc, long aInt, byte[] a, int bEnc, long bInt, byte[] b, int bLen) {
    boolean atEnd = (zl[p] & 0xFF) == END;
    int prevlen = 0;
    if (!atEnd) {
      if ((zl[p] & 0xFF) >= BIG_PREVLEN) {
        return -1; // a 5-byte follower field: the general path
      }
      ZipListFormat.decode(e, zl, size(), p, trusted); // wrapped bytes: checked before any change
      prevlen = zl[p] & 0xFF; // a 1-byte field (tested above)
    } else if (ZipListFormat.tailEntryOffset(zl) >= 0) {
      int tail = (int) ZipListFormat.zltail(zl);
      prevlen = ZipListFormat.decode(e, zl, size(), tail, trusted).rawLength();
    }
    int reqA = ZipListFormat.prevlenSizeFor(prevlen) + ZipListFormat.encodedSize(aEnc, a.length);
    int reqB = 1 + ZipListFormat.encodedSize(bEnc, bLen); // its prevlen holds reqA < 254
    if (reqA >= BIG_PREVLEN || reqB >= BIG_PREVLEN) {
      return -1;
    }
    checkGrowth((long) reqA + reqB);
    int oldSize = size();
    int oldTail = (int) ZipListFormat.zltail(zl);
    resize(oldSize + reqA + reqB);
    int after = p + reqA + reqB;
    if (!atEnd) {
      System.arraycopy(zl, p, zl, after, oldSize - 1 - p);
      zl[after] = (byte) reqB; // the follower's 1-byte prevlen field
      ZipListFormat.setZltail(zl, oldTail + reqA + reqB);
    } else {
      ZipListFormat.setZltail(zl, p + reqA);
    }
    ZipListFormat.addToZllen(zl, 1); // twice, as two inserts do (zllen saturates at 65535)
    ZipListFormat.addToZllen(zl, 1);
    int q = p + ZipListFormat.writePrevlen(zl, p, prevlen);
    ZipListFormat.encodeInto(zl, q, aEnc, aInt, a, 0, a.length);
    zl[p + reqA] = (byte) reqA;
    ZipListFormat.encodeInto(zl, p + reqA + 1, bEnc, bInt, b, 0, bLen);
    return after;
  }

  // ---------------------------------------------------------------- the cascade

  /**
   * Redis: {@code __ziplistCascadeUpdate}. The entry at {@code p} has its final size; walk forward
   * while the next prevlen field is too small for the size before it, counting the 1-to-5 growths,
   * then open all the room with one move and rewrite the grown entries back to front. A field that
   * is large enough gets the new value (in 5-byte form if it is 5 bytes: no shrinking) and ends the
   * walk.
   */
  void cascadeUpdate(int p) {
    if ((zl[p] & 0xFF) == END) {
      return;
    }
    final int firstEntryLen = decode(p, false).rawLength();
    int prevlen = firstEntryLen;
    int prevOffset = p;
    int cnt = 0;
    p += prevlen;
    while ((zl[p] & 0xFF) != END) {
      decode(p, false);
      if (e.prevRawLen == prevlen) {
        break;
      }
      int need = ZipListFormat.prevlenSizeFor(prevlen);
      if (e.prevRawLenSize >= need) {
        if (e.prevRawLenSize == need) {
          ZipListFormat.writePrevlen(zl, p, prevlen);
        } else {
          ZipListFormat.writePrevlenLarge(zl, p, prevlen);
        }
        changed = true;
        break;
      }
      if (e.prevRawLen + 4 != prevlen && !(cnt == 0 && e.prevRawLen == 0)) {
        throw ZipListFormat.fail(zl, size(), p, "prevlen inconsistent during cascade");
      }
      prevlen = e.rawLength() + 4;
      prevOffset = p;
      p += e.rawLength();
      cnt++;
    }
    if (cnt > 0) {
      grow(p, prevOffset, cnt, firstEntryLen);
    }
  }

  /** Second half of the cascade: move the rest once, then re-lay the grown entries. */
  private void grow(int p, int prevOffset, int cnt, int firstEntryLen) {
    int extra = 4 * cnt;
    int tail = (int) ZipListFormat.zltail(zl);
    // The last grown entry's own growth moves the tail only if that entry is not the tail.
    ZipListFormat.setZltail(zl, tail + (tail == prevOffset ? extra - 4 : extra));
    int oldSize = size();
    resize(oldSize + extra);
    System.arraycopy(zl, p, zl, p + extra, oldSize - 1 - p);
    p += extra;
    for (int k = cnt; k > 0; k--) {
      decode(prevOffset, false);
      int raw = e.rawLength();
      int body = raw - e.prevRawLenSize;
      System.arraycopy(zl, prevOffset + e.prevRawLenSize, zl, p - body, body);
      p -= raw + 4;
      int value = e.prevRawLen == 0 ? firstEntryLen : (int) e.prevRawLen + 4;
      int written = ZipListFormat.writePrevlen(zl, p, value);
      assert written == 5 : "a grown prevlen holds at least 254";
      prevOffset -= (int) e.prevRawLen;
    }
    cascadeSteps += cnt;
  }

  // ---------------------------------------------------------------- merge

  /**
   * Redis: {@code ziplistMerge}. Concatenates the entry areas of {@code a} and {@code b} into a new
   * padded array: zlbytes is the sum less one header and end; zllen the sum of the two header
   * counts, saturated at 65535; zltail b's tail shifted by a's entries; then a cascade from a's
   * tail entry fixes the seam (b's head had prevlen 0). Returns the writer holding the result. An
   * empty {@code b} gives a copy of {@code a} (Redis would leave zltail on the 0xFF byte).
   */
  static ZipListWriter merge(byte[] a, byte[] b, boolean trusted) {
    int aBytes = ZipListFormat.zlbytesInt(a);
    if ((b[HEADER_SIZE] & 0xFF) == END) {
      byte[] copy = Arrays.copyOf(a, ZipListFormat.paddedLength(aBytes));
      ZipListWriter w = new ZipListWriter(copy, ZipListFormat.MAX_SAFETY_SIZE, trusted);
      w.cascadeUpdate(HEADER_SIZE);
      return w;
    }
    int bBytes = ZipListFormat.zlbytesInt(b);
    long total = (long) aBytes + bBytes - EMPTY_SIZE;
    if (total > ZipListFormat.MAX_SAFETY_SIZE) {
      throw new IllegalStateException("merged ziplist would be " + total + " bytes, over 1 GiB");
    }
    byte[] out = new byte[ZipListFormat.paddedLength(total)];
    System.arraycopy(a, 0, out, 0, aBytes - 1);
    System.arraycopy(b, HEADER_SIZE, out, aBytes - 1, bBytes - HEADER_SIZE);
    int count = ZipListFormat.zllen(a) + ZipListFormat.zllen(b);
    ZipListFormat.setZlbytes(out, (int) total);
    ZipListFormat.setZllen(out, Math.min(count, UNKNOWN_LENGTH));
    int bTail = (int) ZipListFormat.zltail(b);
    ZipListFormat.setZltail(out, aBytes - 1 + bTail - HEADER_SIZE);
    ZipListWriter w = new ZipListWriter(out, ZipListFormat.MAX_SAFETY_SIZE, trusted);
    w.cascadeUpdate((int) ZipListFormat.zltail(a));
    return w;
  }
}
