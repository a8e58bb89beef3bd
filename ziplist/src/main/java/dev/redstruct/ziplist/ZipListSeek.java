package dev.redstruct.ziplist;

import static dev.redstruct.ziplist.ZipListLayout.BIG_PREVLEN;
import static dev.redstruct.ziplist.ZipListLayout.END;
import static dev.redstruct.ziplist.ZipListLayout.HEADER_SIZE;
import static dev.redstruct.ziplist.ZipListLayout.STR_14B;
import static dev.redstruct.ziplist.ZipListLayout.STR_32B;
import static dev.redstruct.ziplist.ZipListLayout.STR_MASK;

import java.util.ConcurrentModificationException;

/**
 * Random access by byte offset, for callers that keep their own index of entry offsets (the compact
 * sorted set keeps one per pair): {@link ZipList#positionOffset}, {@link ZipList#positionAt} and
 * {@link ZipList#visitFrom}. Redis hands out entry pointers ({@code unsigned char *p}) for the same
 * purpose; an offset is {@code p - zl}.
 */
final class ZipListSeek {
  /*
   * Implementation notes.
   *
   * A position token is ((long) layoutVersion << 32) | offset (see ZipListVisit). positionAt
   * cannot prove in O(1) that an offset is an entry start; it checks the bounds and leaves the
   * rest to the caller's contract, as insertAtPosition does for the tokens it is given. (Decoding
   * the entry there as a check cost 15% of a compact zset add and still proved nothing.) Wrapped
   * lists decode every entry through decodeAt, so a wrong offset there can only raise
   * CorruptEncodingException. The walk from an offset is ZipListVisit's loop with another start:
   * the trusted loop for lists ZipList built or deep-validated, decodeAt for wrapped ones.
   */

  private ZipListSeek() {}

  /** Redis: {@code p - zl} for a current position. */
  static int offset(ZipList list, long position) {
    int p = (int) position;
    if ((int) (position >>> 32) != list.layoutVersion
        || p < HEADER_SIZE
        || p > list.blobLength() - 1) {
      throw new IllegalArgumentException("stale or foreign ziplist position " + position);
    }
    return p;
  }

  /** The current token for an entry start (or the end) at {@code offset}. */
  static long position(ZipList list, int offset) {
    int end = list.blobLength() - 1;
    if (offset < HEADER_SIZE || offset > end) {
      throw new IllegalArgumentException("offset " + offset + " outside the entry area");
    }
    return ZipListVisit.token(list.layoutVersion, offset);
  }

  /** Returns false if the visitor ended the walk. Redis: the ziplistNext loop from p. */
  static boolean visitFrom(ZipList list, long position, ZipListVisitor v) {
    int p = offset(list, position);
    return list.trusted() ? fromTrusted(list, p, v) : fromChecked(list, p, v);
  }

  private static boolean fromTrusted(ZipList list, int p, ZipListVisitor v) {
    byte[] zl = list.array();
    int version = list.layoutVersion;
    long tag = ZipListVisit.token(version, 0);
    boolean more = true;
    while (more) {
      int h = p + 1;
      int b0 = zl[p] & 0xFF;
      if (b0 >= BIG_PREVLEN) {
        if (b0 == END) {
          return true;
        }
        h = p + 5;
      }
      int b = zl[h] & 0xFF;
      long pos = tag | p;
      if (b < STR_14B) {
        p = h + 1 + b;
        more = v.string(pos, zl, h + 1, b);
      } else if (b >= STR_MASK) {
        p = h + 1 + ZipListLayout.trustedIntContentSize(b);
        more = v.integer(pos, ZipListLayout.readInt(zl, h + 1, b));
      } else {
        int len = (int) ZipListLayout.readStringLength(zl, h, b & STR_MASK);
        int off = h + (b < STR_32B ? 2 : 5);
        p = off + len;
        more = v.string(pos, zl, off, len);
      }
      checkVersion(list, version);
    }
    return false;
  }

  private static boolean fromChecked(ZipList list, int p, ZipListVisitor v) {
    byte[] zl = list.array();
    int version = list.layoutVersion;
    ZipListEntry e = new ZipListEntry(); // wrapped lists only; small and short-lived
    boolean more = true;
    while (more && (zl[p] & 0xFF) != END) {
      list.decodeAt(e, p, true);
      long pos = ZipListVisit.token(version, p);
      p += e.rawLength();
      if (e.isString()) {
        more = v.string(pos, zl, e.contentOffset(), (int) e.len);
      } else {
        more = v.integer(pos, e.intValue(zl));
      }
      checkVersion(list, version);
    }
    return more;
  }

  private static void checkVersion(ZipList list, int version) {
    if (list.layoutVersion != version) {
      throw new ConcurrentModificationException("ziplist changed during visit");
    }
  }
}
