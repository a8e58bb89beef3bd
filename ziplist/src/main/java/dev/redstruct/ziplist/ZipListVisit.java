package dev.redstruct.ziplist;

import static dev.redstruct.ziplist.ZipListLayout.BIG_PREVLEN;
import static dev.redstruct.ziplist.ZipListLayout.END;
import static dev.redstruct.ziplist.ZipListLayout.HEADER_SIZE;
import static dev.redstruct.ziplist.ZipListLayout.STR_14B;
import static dev.redstruct.ziplist.ZipListLayout.STR_32B;
import static dev.redstruct.ziplist.ZipListLayout.STR_MASK;

import java.util.ConcurrentModificationException;

/**
 * The walk behind {@link ZipList#visit}: {@link ZipListWalk}'s forward loop, reporting each entry's
 * position token and stopping when the visitor asks.
 */
final class ZipListVisit {
  /*
   * Implementation notes.
   *
   * A position token is ((long) layoutVersion << 32) | entryOffset. The version half makes a
   * token from an older layout detectable in O(1) (ZipList.offsetOfPosition); the offset half is
   * an entry start (or the 0xFF byte for the end position) of the layout it was issued for. The
   * trusted loop is ZipListWalk's, kept separate so that each stays one tight loop; wrapped lists
   * decode through ZipList.decodeAt, so corrupt bytes only raise CorruptEncodingException.
   */

  private ZipListVisit() {}

  static long token(int version, int offset) {
    return ((long) version << 32) | offset;
  }

  /** Returns false if the visitor ended the walk. Redis: the ziplistNext loop. */
  static boolean visit(ZipList list, ZipListVisitor v) {
    return visitFrom(list, HEADER_SIZE, v);
  }

  /**
   * As {@link #visit} from the entry that starts at offset {@code p} (or the end byte). Redis: the
   * ziplistNext loop from an entry pointer.
   */
  static boolean visitFrom(ZipList list, int p, ZipListVisitor v) {
    return list.trusted() ? visitTrusted(list, p, v) : visitChecked(list, p, v);
  }

  private static boolean visitTrusted(ZipList list, int start, ZipListVisitor v) {
    byte[] zl = list.array();
    int version = list.layoutVersion;
    long tag = token(version, 0);
    int p = start;
    boolean more = true;
    int last = -1; // the last 6-bit string's length, predicted as in ZipListWalk
    while (more) {
      int h = p + 1;
      int b0 = zl[p] & 0xFF;
      if (b0 >= BIG_PREVLEN) { // rare, and kept a branch: see ZipListWalk
        if (b0 == END) {
          return true;
        }
        h = p + 5;
      }
      int b = zl[h] & 0xFF;
      long pos = tag | p;
      if (b == last) {
        p = h + 1 + last;
        more = v.string(pos, zl, h + 1, last);
      } else if (b < STR_14B) {
        p = h + 1 + b;
        last = b;
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

  private static boolean visitChecked(ZipList list, int start, ZipListVisitor v) {
    byte[] zl = list.array();
    int version = list.layoutVersion;
    ZipListEntry e = new ZipListEntry(); // wrapped lists only; small and short-lived
    int p = start;
    boolean more = true;
    while (more && (zl[p] & 0xFF) != END) {
      list.decodeAt(e, p, true);
      long pos = token(version, p);
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
