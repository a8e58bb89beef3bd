package dev.redstruct.ziplist;

import static dev.redstruct.ziplist.ZipListLayout.END;

/**
 * The three workers that change a {@link ZipList}'s entries, kept apart so that the container stays
 * readable: insert (Redis {@code __ziplistInsert}), delete (Redis {@code __ziplistDelete}) and
 * replace (Redis {@code ziplistReplace}). They take the value to write from a {@link ZipListWork},
 * decode into its scratch entry, and allocate nothing except when the array grows. Everything that
 * can fail is checked before the first byte moves; {@link ZipList#resize} may replace the array, so
 * each worker reads it again after resizing.
 */
final class ZipListEdit {
  private ZipListEdit() {}

  /**
   * Inserts the prepared value at offset {@code p} (an entry, or the 0xFF byte to append). Redis:
   * {@code __ziplistInsert}.
   */
  static void insert(ZipList z, ZipListWork w, int p) {
    ZipListEntry e1 = w.entry;
    byte[] zl = z.array();
    boolean atEnd = (zl[p] & 0xFF) == END;
    int prevlen = 0;
    boolean followerIsTail = false;
    if (!atEnd) {
      ZipListEntry f = z.decodeAt(e1, p, true);
      prevlen = (int) f.prevRawLen;
      followerIsTail = (zl[p + f.rawLength()] & 0xFF) == END;
    } else if (z.tailEntryOffset() >= 0) {
      prevlen = z.decodeAt(e1, z.tailOffset(), false).rawLength();
    }
    int reqlen = w.preparedSize() + ZipListLayout.prevlenSizeFor(prevlen);
    int nextdiff = 0;
    boolean forceLarge = false;
    if (!atEnd) {
      nextdiff = ZipListLayout.prevlenSizeFor(reqlen) - ZipListLayout.prevlenFieldSize(zl[p]);
      if (nextdiff == -4 && reqlen < 4) {
        nextdiff = 0; // keep the 5-byte field (Redis "forcelarge"): no shrink for tiny entries
        forceLarge = true;
      }
    }
    checkGrowth(z, w, (long) reqlen + nextdiff);
    int oldSize = z.blobLength();
    int oldTail = z.tailOffset();
    z.resize(oldSize + reqlen + nextdiff);
    zl = z.array();
    if (!atEnd) {
      System.arraycopy(zl, p - nextdiff, zl, p + reqlen, oldSize - 1 - p + nextdiff);
      if (forceLarge) {
        ZipListLayout.writePrevlenLarge(zl, p + reqlen, reqlen);
      } else {
        ZipListLayout.writePrevlen(zl, p + reqlen, reqlen);
      }
      // The tail moves by reqlen, and by nextdiff too unless the follower itself is the tail.
      ZipListLayout.setZltail(zl, oldTail + reqlen + (followerIsTail ? 0 : nextdiff));
    } else {
      ZipListLayout.setZltail(zl, p);
    }
    if (nextdiff != 0) {
      z.cascadeUpdate(e1, p + reqlen);
      zl = z.array();
    }
    w.writeTo(zl, p + ZipListLayout.writePrevlen(zl, p, prevlen));
    ZipListLayout.addToZllen(zl, 1);
    z.structuralChange();
  }

  /**
   * Deletes up to {@code num} entries from offset {@code p}. Redis: {@code __ziplistDelete}. The
   * first survivor's prevlen takes the first deleted entry's prevlen, minimally encoded (so it may
   * shrink 5 to 1); the room is always there because a deleted entry carried a field as large.
   */
  static void delete(ZipList z, ZipListEntry e1, int p, int num) {
    byte[] zl = z.array();
    int start = p;
    int size = z.blobLength();
    int firstPrevlen = (int) z.decodeAt(e1, p, true, size).prevRawLen;
    int deleted = 0;
    while ((zl[p] & 0xFF) != END && deleted < num) {
      p += z.decodeAt(e1, p, false, size).rawLength();
      deleted++;
    }
    int totlen = p - start;
    if (totlen == 0) {
      return;
    }
    int nextdiff = 0;
    int newTail;
    if ((zl[p] & 0xFF) != END) {
      nextdiff = ZipListLayout.prevlenSizeFor(firstPrevlen) - ZipListLayout.prevlenFieldSize(zl[p]);
      boolean survivorIsTail = (zl[p + z.decodeAt(e1, p, false).rawLength()] & 0xFF) == END;
      p -= nextdiff;
      ZipListLayout.writePrevlen(zl, p, firstPrevlen);
      newTail = z.tailOffset() - totlen + (survivorIsTail ? 0 : nextdiff);
      System.arraycopy(zl, p, zl, start, size - 1 - p);
    } else {
      newTail = start - firstPrevlen; // the whole tail went: the new tail is the entry before
    }
    z.resize(size - totlen + nextdiff); // never grows: nextdiff <= 4 <= totlen
    zl = z.array();
    ZipListLayout.addToZllen(zl, -deleted);
    ZipListLayout.setZltail(zl, newTail);
    z.structuralChange();
    if (nextdiff != 0) {
      z.cascadeUpdate(e1, start);
    }
  }

  /**
   * Replaces the entry at {@code p} with the prepared value. Redis: {@code ziplistReplace}. In
   * place when the encoding and content keep their size; otherwise a delete then an insert, with
   * the cap checked first for the worst case of that fallback (the delete's survivor may grow by 4,
   * the new entry's prevlen may take 5 bytes and its follower grow by 4).
   */
  static void replace(ZipList z, ZipListWork w, int p) {
    ZipListEntry e = z.decodeAt(w.entry, p, true);
    int req = w.preparedSize();
    if (req == e.lenSize + e.len) {
      w.writeTo(z.array(), p + e.prevRawLenSize);
      z.layoutVersion++;
      return;
    }
    checkGrowth(z, w, (long) req + 13 - e.rawLength());
    int mod = z.modCount();
    delete(z, w.entry, p, 1); // leaves the prepared value alone
    insert(z, w, p);
    z.restoreModCount(mod); // a replacement is not a structural change for list views
  }

  /** Throws before anything changes if {@code add} more bytes would cross the list's cap. */
  private static void checkGrowth(ZipList z, ZipListWork w, long add) {
    int size = z.blobLength();
    if (size + add > z.maxBytes()) {
      w.vStr = null; // not retained
      throw new IllegalStateException(
          "ziplist would grow to " + (size + add) + " bytes, over the cap of " + z.maxBytes());
    }
  }
}
