package dev.redstruct.ziplist;

import static dev.redstruct.ziplist.ZipListLayout.HEADER_SIZE;

/**
 * One decoded entry header, reused across calls so that walking a ziplist allocates nothing (the
 * Java counterpart of Redis's {@code zlentry}). Filled by {@link #decodeSafe}, which never reads
 * outside {@code [0, zlbytes)} however the bytes lie.
 */
final class ZipListEntry {
  /** decodeSafe result: the entry is sound. */
  static final int OK = 0;

  static final int BAD_START = 1;
  static final int PREVLEN_OUT_OF_RANGE = 2;
  static final int BAD_ENCODING = 3;
  static final int HEADER_OUT_OF_RANGE = 4;
  static final int CONTENT_OUT_OF_RANGE = 5;
  static final int PREVLEN_BEFORE_FIRST = 6;

  private static final String[] REASONS = {
    "ok",
    "entry starts outside the entry area",
    "prevlen field runs past the last byte",
    "invalid encoding byte",
    "encoding header runs past the last byte",
    "entry runs past the last byte",
    "prevlen points before the first entry",
  };

  /** Offset of the entry (its prevlen field). */
  int p;

  int prevRawLenSize;

  /** Size of the previous entry as stored; fits an int whenever decodeSafe returned OK. */
  long prevRawLen;

  int lenSize;

  /** Content length: string bytes or integer width. */
  long len;

  int headerSize;

  /** {@code ZIP_ENTRY_ENCODING} of the encoding byte. */
  int encoding;

  static String reason(int code) {
    return REASONS[code];
  }

  /**
   * Decodes the entry at {@code p}. Mirrors {@code zipEntrySafe} (Redis: src/ziplist.c): the start
   * lies in {@code [10, zlbytes-1]}, each header piece and then the whole entry end at or before
   * the last byte, the encoding is known, and (if asked) {@code p - prevlen} is not before the
   * first entry. Long arithmetic keeps a lying 32-bit length from wrapping.
   *
   * @return {@link #OK} or the code of the first failed check
   */
  int decodeSafe(byte[] zl, int zlbytes, int p, boolean validatePrevlen) {
    int last = zlbytes - 1;
    if (p < HEADER_SIZE || p > last) {
      return BAD_START;
    }
    int prevSize = ZipListLayout.prevlenFieldSize(zl[p]);
    if (p + prevSize > last) {
      return PREVLEN_OUT_OF_RANGE;
    }
    int enc = ZipListLayout.encodingOf(zl[p + prevSize]);
    int encSize = ZipListLayout.encodingHeaderSize(enc);
    if (encSize < 0) {
      return BAD_ENCODING;
    }
    if (p + prevSize + encSize > last) {
      return HEADER_OUT_OF_RANGE;
    }
    this.p = p;
    this.prevRawLenSize = prevSize;
    this.prevRawLen = ZipListLayout.readPrevlen(zl, p);
    this.encoding = enc;
    this.lenSize = encSize;
    this.headerSize = prevSize + encSize;
    this.len =
        ZipListLayout.isString(enc)
            ? ZipListLayout.readStringLength(zl, p + prevSize, enc)
            : ZipListLayout.intContentSize(enc);
    if ((long) p + headerSize + len > last) {
      return CONTENT_OUT_OF_RANGE;
    }
    if (validatePrevlen && p - prevRawLen < HEADER_SIZE) {
      return PREVLEN_BEFORE_FIRST;
    }
    return OK;
  }

  /** Total bytes of the entry; valid after a successful decode. */
  int rawLength() {
    return headerSize + (int) len;
  }

  int contentOffset() {
    return p + headerSize;
  }

  boolean isString() {
    return ZipListLayout.isString(encoding);
  }

  long intValue(byte[] zl) {
    return ZipListLayout.readInt(zl, p + headerSize, encoding);
  }
}
