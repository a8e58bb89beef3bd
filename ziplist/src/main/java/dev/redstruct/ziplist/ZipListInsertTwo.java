package dev.redstruct.ziplist;

import static dev.redstruct.ziplist.ZipListLayout.BIG_PREVLEN;
import static dev.redstruct.ziplist.ZipListLayout.END;

import dev.redstruct.core.RedisNumbers;

/**
 * Two inserts at one point in one move: the bytes that {@code ziplistInsert(p, a)} followed by
 * {@code ziplistInsert(next, b)} produce (Redis: {@code zzlInsertAt}'s member then score, src/
 * t_zset.c), with the tail of the blob moved once instead of twice. Behind {@link
 * ZipList#insertTwoAtPosition}.
 */
final class ZipListInsertTwo {
  /*
   * Implementation notes.
   *
   * Two sequential __ziplistInsert calls at p: the first writes a's entry (its prevlen field
   * holding the previous entry's size) and sets the follower's prevlen to a's size reqA; the
   * second writes b's entry (prevlen reqA) and sets the follower's prevlen to reqB. When reqA and
   * reqB are both below 254 and the follower's prevlen field is already 1 byte (or there is no
   * follower), neither insert changes the follower's field size (nextdiff 0), so no cascade runs,
   * and the result is simply [a][b] spliced in at p with the follower's prevlen set to reqB:
   * that is what this class writes. Every other case (a field of 5 bytes, entries of 254+ bytes,
   * Redis's forcelarge rule) is left, before anything changes, to two ordinary inserts. Counters (zllen, layout version, list-view modCount) advance
   * as they do for two inserts. The growth check covers both entries, so a rejected pair changes
   * nothing, where two inserts could leave the first in place.
   *
   * Lists whose bytes are known sound (built here or deep-validated: ZipList I3) take a path that
   * reads what it needs straight from the bytes, with no per-thread work area (its ThreadLocal
   * lookup and field traffic were about a tenth of a compact zset add): the follower's prevlen is
   * its first byte when below 254, and at the end the previous entry's size is the distance from
   * zltail to the end byte. Wrapped lists keep the decodeAt path, which turns damage into
   * CorruptEncodingException.
   */

  private ZipListInsertTwo() {}

  /** Redis: ziplistInsert(p, a) then ziplistInsert(next, b) for a long b. */
  static long insert(ZipList z, long position, byte[] a, long b) {
    return insert(z, position, a, null, b);
  }

  /** Redis: ziplistInsert(p, a) then ziplistInsert(next, b). */
  static long insert(ZipList z, long position, byte[] a, byte[] b) {
    return insert(z, position, a, b, 0);
  }

  /** The second value is {@code bStr}, or the integer {@code bInt} when {@code bStr} is null. */
  private static long insert(ZipList z, long position, byte[] a, byte[] bStr, long bInt) {
    int p = z.positionOffset(position);
    if (z.trusted()) {
      int after = insertTrusted(z, p, a, bStr, bInt);
      if (after >= 0) {
        return ZipListVisit.token(z.layoutVersion, after);
      }
    }
    ZipListWork w = ZipListWork.get();
    int after;
    try {
      w.prepare(a);
      int sizeA = w.preparedSize();
      int aEnc = w.vEnc; // kept to write a after b without parsing it again
      long aInt = w.vInt;
      int aLen = w.vStr == null ? -1 : a.length;
      if (bStr == null) {
        w.prepare(bInt);
      } else {
        w.prepare(bStr);
      }
      after = insertPrepared(z, w, p, a, sizeA, aEnc, aInt, aLen);
    } finally {
      w.vStr = null; // the work area never keeps a caller's array
    }
    if (after >= 0) {
      return ZipListVisit.token(z.layoutVersion, after);
    }
    long next = z.insertAtPosition(position, a);
    return bStr == null ? z.insertAtPosition(next, bInt) : z.insertAtPosition(next, bStr);
  }

  /**
   * The simple case on sound bytes (see the notes): inserts a then b at offset p and returns the
   * offset of the entry after them, or -1, having changed nothing, when the case is not simple.
   */
  private static int insertTrusted(ZipList z, int p, byte[] a, byte[] bStr, long bInt) {
    byte[] zl = z.array();
    boolean atEnd = (zl[p] & 0xFF) == END;
    int prevlen = atEnd ? p - z.tailOffset() : zl[p] & 0xFF; // 0 when empty: zltail is p
    if (prevlen >= BIG_PREVLEN) {
      return -1; // a 5-byte field (or an entry of 254+ bytes before the end): the general path
    }
    boolean aIsInt = ZipListLayout.isIntegerCandidate(a, 0, a.length);
    boolean bIsInt = bStr == null || ZipListLayout.isIntegerCandidate(bStr, 0, bStr.length);
    long aInt = aIsInt ? RedisNumbers.parseCanonicalLong(a, 0, a.length) : 0;
    long bValue =
        bStr == null || !bIsInt ? bInt : RedisNumbers.parseCanonicalLong(bStr, 0, bStr.length);
    int aEnc = aIsInt ? ZipListLayout.intEncodingFor(aInt) : -1;
    int bEnc = bIsInt ? ZipListLayout.intEncodingFor(bValue) : -1;
    int reqA = 1 + entrySize(aEnc, a);
    int reqB = 1 + entrySize(bEnc, bStr);
    if (reqA >= BIG_PREVLEN || reqB >= BIG_PREVLEN) {
      return -1;
    }
    int after = splice(z, p, atEnd, reqA, reqB);
    zl = z.array();
    zl[p] = (byte) prevlen;
    write(zl, p + 1, aEnc, aInt, a);
    zl[p + reqA] = (byte) reqA;
    write(zl, p + reqA + 1, bEnc, bValue, bStr);
    return after;
  }

  /** Encoding header plus content: integer encoding {@code enc}, or the string s when enc is -1. */
  private static int entrySize(int enc, byte[] s) {
    return enc >= 0
        ? 1 + ZipListLayout.intContentSize(enc)
        : ZipListLayout.stringHeaderSizeFor(s.length) + s.length;
  }

  /** Writes the encoding and content at q: the integer v under enc, or the string s (enc -1). */
  private static void write(byte[] zl, int q, int enc, long v, byte[] s) {
    if (enc >= 0) {
      zl[q] = (byte) enc;
      ZipListLayout.writeInt(zl, q + 1, enc, v);
    } else {
      q += ZipListLayout.writeStringHeader(zl, q, s.length);
      System.arraycopy(s, 0, zl, q, s.length);
    }
  }

  /**
   * Opens reqA + reqB bytes at p (both entries take 1-byte prevlen fields and the follower's field
   * stays 1 byte), sets the follower's prevlen to reqB, zltail, zllen and the counters; returns the
   * offset after the gap. Checks the cap first, so a rejected pair changes nothing.
   */
  private static int splice(ZipList z, int p, boolean atEnd, int reqA, int reqB) {
    int oldSize = z.blobLength();
    long newSize = (long) oldSize + reqA + reqB;
    if (newSize > z.maxBytes()) {
      throw new IllegalStateException(
          "ziplist would grow to " + newSize + " bytes, over the cap of " + z.maxBytes());
    }
    int oldTail = z.tailOffset();
    z.resize((int) newSize);
    byte[] zl = z.array();
    int after = p + reqA + reqB;
    if (!atEnd) {
      System.arraycopy(zl, p, zl, after, oldSize - 1 - p);
      zl[after] = (byte) reqB; // the follower's 1-byte prevlen field
      ZipListLayout.setZltail(zl, oldTail + reqA + reqB);
    } else {
      ZipListLayout.setZltail(zl, p + reqA);
    }
    ZipListLayout.addToZllen(zl, 1); // twice, as two inserts do (zllen saturates at 65535)
    ZipListLayout.addToZllen(zl, 1);
    z.structuralChange();
    z.structuralChange();
    return after;
  }

  /**
   * Inserts a (of prepared size sizeA) then the value prepared in w at offset p; returns the offset
   * of the entry after them, or -1, having changed nothing, when the case is not simple.
   */
  private static int insertPrepared(
      ZipList z, ZipListWork w, int p, byte[] a, int sizeA, int aEnc, long aInt, int aLen) {
    byte[] zl = z.array();
    boolean atEnd = (zl[p] & 0xFF) == END;
    int prevlen = 0;
    if (!atEnd) {
      ZipListEntry f = z.decodeAt(w.entry, p, true);
      if (f.prevRawLenSize != 1) {
        return -1;
      }
      prevlen = (int) f.prevRawLen;
    } else if (z.tailEntryOffset() >= 0) {
      prevlen = z.decodeAt(w.entry, z.tailOffset(), false).rawLength();
    }
    int reqA = ZipListLayout.prevlenSizeFor(prevlen) + sizeA;
    int reqB = 1 + w.preparedSize(); // b's prevlen field holds reqA < 254: one byte
    if (reqA >= BIG_PREVLEN || reqB >= BIG_PREVLEN) {
      return -1;
    }
    int after = splice(z, p, atEnd, reqA, reqB);
    zl = z.array();
    zl[p + reqA] = (byte) reqA;
    w.writeTo(zl, p + reqA + 1);
    w.restore(aEnc, aInt, aLen < 0 ? null : a, aLen);
    w.writeTo(zl, p + ZipListLayout.writePrevlen(zl, p, prevlen));
    return after;
  }
}
