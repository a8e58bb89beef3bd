package dev.redstruct.ziplist;

import dev.redstruct.core.RedisNumbers;

/**
 * The ziplist byte layout: constants, and one read/write helper per field. Nothing here checks
 * bounds; callers hold offsets that a validated layout or {@link ZipListEntry#decodeSafe} vouched
 * for.
 *
 * <pre>
 *  offset 0        4        8     10                                  zlbytes-1
 *        +--------+--------+-----+-------+-------+-----+-------+------+
 *        |zlbytes |zltail  |zllen| entry | entry | ... | entry | 0xFF |
 *        |u32 LE  |u32 LE  |u16LE|       |       |     |       | zlend|
 *        +--------+--------+-----+-------+-------+-----+-------+------+
 *                           zltail points here ----------^ (or at 0xFF when empty)
 *
 *  entry = prevlen | encoding | content
 *    prevlen : 1 byte  0x00..0xFD = size of the previous entry (0 for the first)
 *              5 bytes 0xFE, then u32 LE size (first byte 0xFF is never a prevlen: it is zlend)
 *    encoding: 00pppppp                      string, length 0..63          (1 byte)
 *              01pppppp qqqqqqqq             string, 14-bit length, BIG endian (2 bytes)
 *              10xxxxxx + 4 bytes            string, 32-bit length, BIG endian (5 bytes)
 *              0xC0 int16 | 0xD0 int32 | 0xE0 int64 | 0xF0 int24 | 0xFE int8  (LE content)
 *              0xF1..0xFD immediate 0..12 (value = low nibble - 1, no content)
 * </pre>
 *
 * <p>Worked example (the comment at the top of Redis 6.2's {@code src/ziplist.c}): the list {@code
 * ["2", "5"]} is the 15 bytes {@code 0f000000 0c000000 0200 00f3 02f6 ff}: 15 bytes in all, the
 * tail entry at offset 12, 2 entries; {@code 00 f3} is the immediate 2 with prevlen 0, {@code 02
 * f6} the immediate 5 after a 2-byte entry. {@code ZipListTest#redisDocumentedExample} checks it.
 */
final class ZipListLayout {
  private ZipListLayout() {}

  static final String FORMAT = "ziplist";

  static final int ZLBYTES_OFFSET = 0;
  static final int ZLTAIL_OFFSET = 4;
  static final int ZLLEN_OFFSET = 8;
  static final int HEADER_SIZE = 10;
  static final int END_SIZE = 1;
  static final int EMPTY_SIZE = HEADER_SIZE + END_SIZE;
  static final int END = 0xFF;

  /** zllen value meaning "too many to count here, scan" ({@code UINT16_MAX}). */
  static final int UNKNOWN_LENGTH = 0xFFFF;

  /** Prevlen values from this one up need the 5-byte form ({@code ZIP_BIG_PREVLEN}). */
  static final int BIG_PREVLEN = 254;

  /** Redis's {@code ZIPLIST_MAX_SAFETY_SIZE}: no ziplist grows past 1 GiB. */
  static final int MAX_SAFETY_SIZE = 1 << 30;

  static final int STR_06B = 0x00;
  static final int STR_14B = 0x40;
  static final int STR_32B = 0x80;
  static final int STR_MASK = 0xC0;
  static final int INT_16B = 0xC0;
  static final int INT_32B = 0xD0;
  static final int INT_64B = 0xE0;
  static final int INT_24B = 0xF0;
  static final int INT_8B = 0xFE;
  static final int IMM_MIN = 0xF1;
  static final int IMM_MAX = 0xFD;

  /**
   * The longest string tried as an integer; Redis: {@code zipTryEncoding} skips 32 bytes and up.
   */
  static final int MAX_INT_CANDIDATE_LENGTH = 31;

  /**
   * Whether {@code s[off, off+len)} is stored as an integer: a canonical int64 decimal of 1 to 31
   * bytes. Redis: {@code zipTryEncoding}'s test (src/ziplist.c), which every insert, compare and
   * find applies to a value before choosing or matching its encoding.
   */
  static boolean isIntegerCandidate(byte[] s, int off, int len) {
    return len >= 1 && len <= MAX_INT_CANDIDATE_LENGTH && RedisNumbers.isCanonicalLong(s, off, len);
  }

  /**
   * The largest capacity whose array occupies the same heap bytes as one of {@code min} bytes: the
   * JVM rounds a {@code byte[]} (16-byte header with compressed class pointers) up to 8 bytes.
   */
  static int granuleCapacity(int min) {
    return ((min + 16 + 7) & ~7) - 16;
  }

  // ---- header fields

  static long zlbytes(byte[] zl) {
    return u32(zl, ZLBYTES_OFFSET);
  }

  /**
   * zlbytes as an {@code int}: for arrays whose zlbytes was validated or written by us (it never
   * exceeds the array length, so it fits).
   */
  static int zlbytesInt(byte[] zl) {
    return (int) u32(zl, ZLBYTES_OFFSET);
  }

  static long zltail(byte[] zl) {
    return u32(zl, ZLTAIL_OFFSET);
  }

  static int zllen(byte[] zl) {
    return (zl[ZLLEN_OFFSET] & 0xFF) | (zl[ZLLEN_OFFSET + 1] & 0xFF) << 8;
  }

  static void setZlbytes(byte[] zl, int v) {
    putU32(zl, ZLBYTES_OFFSET, v);
  }

  static void setZltail(byte[] zl, int v) {
    putU32(zl, ZLTAIL_OFFSET, v);
  }

  static void setZllen(byte[] zl, int v) {
    zl[ZLLEN_OFFSET] = (byte) v;
    zl[ZLLEN_OFFSET + 1] = (byte) (v >>> 8);
  }

  /** {@code ZIPLIST_INCR_LENGTH}: adjusts zllen unless it is stuck at 65535. */
  static void addToZllen(byte[] zl, int delta) {
    int n = zllen(zl);
    if (n < UNKNOWN_LENGTH) {
      setZllen(zl, (n + delta) & 0xFFFF);
    }
  }

  static long u32(byte[] b, int off) {
    return (b[off] & 0xFFL)
        | (b[off + 1] & 0xFFL) << 8
        | (b[off + 2] & 0xFFL) << 16
        | (b[off + 3] & 0xFFL) << 24;
  }

  static void putU32(byte[] b, int off, int v) {
    b[off] = (byte) v;
    b[off + 1] = (byte) (v >>> 8);
    b[off + 2] = (byte) (v >>> 16);
    b[off + 3] = (byte) (v >>> 24);
  }

  // ---- prevlen

  /** Size of the prevlen field whose first byte is {@code b}. */
  static int prevlenFieldSize(byte b) {
    return (b & 0xFF) < BIG_PREVLEN ? 1 : 5;
  }

  /** Minimal size of a prevlen field holding {@code len}. */
  static int prevlenSizeFor(int len) {
    return len < BIG_PREVLEN ? 1 : 5;
  }

  /** Reads the prevlen value at {@code p} (an unsigned 32-bit value in the 5-byte form). */
  static long readPrevlen(byte[] zl, int p) {
    return (zl[p] & 0xFF) < BIG_PREVLEN ? zl[p] & 0xFF : u32(zl, p + 1);
  }

  /** {@code zipStorePrevEntryLength}: minimal form; returns the bytes written. */
  static int writePrevlen(byte[] zl, int p, int len) {
    if (len < BIG_PREVLEN) {
      zl[p] = (byte) len;
      return 1;
    }
    return writePrevlenLarge(zl, p, len);
  }

  /** {@code zipStorePrevEntryLengthLarge}: always the 5-byte form. */
  static int writePrevlenLarge(byte[] zl, int p, int len) {
    zl[p] = (byte) BIG_PREVLEN;
    putU32(zl, p + 1, len);
    return 5;
  }

  // ---- encodings

  /** {@code ZIP_ENTRY_ENCODING}: string kinds keep only their top two bits. */
  static int encodingOf(byte b) {
    int v = b & 0xFF;
    return v < STR_MASK ? v & STR_MASK : v;
  }

  static boolean isString(int encoding) {
    return encoding < STR_MASK;
  }

  /**
   * Content bytes of each encoding byte 0xC0..0xFF, indexed by {@code b - 0xC0}; -1 marks bytes
   * that are not encodings. One lookup replaces {@code zipEncodingLenSize}'s chain of comparisons
   * on the decode hot path.
   */
  private static final byte[] INT_CONTENT = new byte[64];

  static {
    java.util.Arrays.fill(INT_CONTENT, (byte) -1);
    INT_CONTENT[INT_16B - 0xC0] = 2;
    INT_CONTENT[INT_32B - 0xC0] = 4;
    INT_CONTENT[INT_64B - 0xC0] = 8;
    INT_CONTENT[INT_24B - 0xC0] = 3;
    INT_CONTENT[INT_8B - 0xC0] = 1;
    for (int b = IMM_MIN; b <= IMM_MAX; b++) {
      INT_CONTENT[b - 0xC0] = 0;
    }
  }

  /** Content size of an integer encoding byte (0xC0..0xFF), or -1 if it is not one. */
  static int intContentSizeOrInvalid(int encoding) {
    return INT_CONTENT[encoding - 0xC0];
  }

  /** {@code zipEncodingLenSize}: encoding header size, or -1 for an invalid encoding. */
  static int encodingHeaderSize(int encoding) {
    switch (encoding) {
      case STR_06B:
      case INT_16B:
      case INT_32B:
      case INT_64B:
      case INT_24B:
      case INT_8B:
        return 1;
      case STR_14B:
        return 2;
      case STR_32B:
        return 5;
      default:
        return encoding >= IMM_MIN && encoding <= IMM_MAX ? 1 : -1;
    }
  }

  /** {@code zipIntSize}: content bytes of an integer encoding. */
  static int intContentSize(int encoding) {
    switch (encoding) {
      case INT_8B:
        return 1;
      case INT_16B:
        return 2;
      case INT_24B:
        return 3;
      case INT_32B:
        return 4;
      case INT_64B:
        return 8;
      default:
        return 0;
    }
  }

  /** String header size the writer picks for a string of {@code len} bytes. */
  static int stringHeaderSizeFor(int len) {
    return len <= 0x3F ? 1 : len <= 0x3FFF ? 2 : 5;
  }

  /** {@code zipStoreEntryEncoding} for strings; returns the bytes written. */
  static int writeStringHeader(byte[] zl, int p, int len) {
    if (len <= 0x3F) {
      zl[p] = (byte) len;
      return 1;
    }
    if (len <= 0x3FFF) {
      zl[p] = (byte) (STR_14B | (len >>> 8));
      zl[p + 1] = (byte) len;
      return 2;
    }
    zl[p] = (byte) STR_32B;
    zl[p + 1] = (byte) (len >>> 24);
    zl[p + 2] = (byte) (len >>> 16);
    zl[p + 3] = (byte) (len >>> 8);
    zl[p + 4] = (byte) len;
    return 5;
  }

  /** Reads the string length of a string header at {@code p} (unsigned 32-bit for 10xxxxxx). */
  static long readStringLength(byte[] zl, int p, int encoding) {
    if (encoding == STR_06B) {
      return zl[p] & 0x3F;
    }
    if (encoding == STR_14B) {
      return (zl[p] & 0x3F) << 8 | (zl[p + 1] & 0xFF);
    }
    return (zl[p + 1] & 0xFFL) << 24
        | (zl[p + 2] & 0xFFL) << 16
        | (zl[p + 3] & 0xFFL) << 8
        | (zl[p + 4] & 0xFFL);
  }

  /** The integer encoding {@code zipTryEncoding} picks for {@code v}: the first range that fits. */
  static int intEncodingFor(long v) {
    if (v >= 0 && v <= 12) {
      return IMM_MIN + (int) v;
    } else if (v >= Byte.MIN_VALUE && v <= Byte.MAX_VALUE) {
      return INT_8B;
    } else if (v >= Short.MIN_VALUE && v <= Short.MAX_VALUE) {
      return INT_16B;
    } else if (v >= -(1 << 23) && v < (1 << 23)) {
      return INT_24B;
    } else if (v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE) {
      return INT_32B;
    }
    return INT_64B;
  }

  /** {@code zipSaveInteger}. */
  static void writeInt(byte[] zl, int p, int encoding, long v) {
    int n = intContentSize(encoding);
    for (int i = 0; i < n; i++) {
      zl[p + i] = (byte) (v >>> (8 * i));
    }
  }

  /**
   * Content size of an integer encoding byte known to be valid (trusted bytes), by register
   * arithmetic: 0xC0, 0xD0, 0xE0 hold 2, 4, 8 bytes ({@code 2 << (b >> 4 & 3)}); in the 0xF0 row a
   * 64-bit constant holds one 4-bit size per low nibble (0xF0: 3, 0xFE: 1, immediates 0). Same
   * result as {@link #intContentSize} without a lookup load on the walk's dependency chain.
   */
  static int trustedIntContentSize(int b) {
    return b >= INT_24B
        ? (int) (INT_F_ROW_SIZES >>> ((b & 0x0F) << 2)) & 0x0F
        : 2 << ((b >>> 4) & 3);
  }

  /** Nibble i (bits 4i..4i+3) = content size of encoding 0xF0 + i: 3 for 0xF0, 1 for 0xFE. */
  private static final long INT_F_ROW_SIZES = 0x0100_0000_0000_0003L;

  /** {@code zipLoadInteger}: little endian, sign-extended from the content width. */
  static long readInt(byte[] zl, int p, int encoding) {
    switch (encoding) {
      case INT_8B:
        return zl[p];
      case INT_16B:
        return (short) ((zl[p] & 0xFF) | zl[p + 1] << 8);
      case INT_24B:
        return (zl[p] & 0xFF) | (zl[p + 1] & 0xFF) << 8 | zl[p + 2] << 16;
      case INT_32B:
        return (int) u32(zl, p);
      case INT_64B:
        return u32(zl, p) | u32(zl, p + 4) << 32;
      default:
        return (encoding & 0x0F) - 1;
    }
  }
}
