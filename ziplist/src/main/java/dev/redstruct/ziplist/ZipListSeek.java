package dev.redstruct.ziplist;

import static dev.redstruct.ziplist.ZipListLayout.HEADER_SIZE;

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
   * CorruptEncodingException. The walk from an offset is ZipListVisit's loop started there: the
   * trusted loop for lists ZipList built or deep-validated, decodeAt for wrapped ones.
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
    return ZipListVisit.visitFrom(list, offset(list, position), v);
  }
}
