package dev.redstruct.ziplist;

import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.core.RedisNumbers;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The ziplist format: the byte layout with one read/write helper per field, the one entry decoder
 * ({@link Entry}, Redis's {@code zlentry}), the value encoder ({@link #encodeInto}) and the shallow
 * and deep validation of untrusted bytes. The field helpers check no bounds; callers hold offsets
 * that a validated layout or {@link Entry#decodeSafe} vouched for.
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
final class ZipListFormat {
  /*
   * Implementation notes.
   *
   * Mirrors the macros and helpers at the top of Redis 6.2.16's src/ziplist.c (zipStorePrevEntryLength,
   * ZIP_DECODE_PREVLEN, zipStoreEntryEncoding, ZIP_DECODE_LENGTH, zipSaveInteger, zipLoadInteger,
   * zipTryEncoding, zipEntrySafe, ziplistValidateIntegrity; 7.0.15 keeps the reader and validator
   * unchanged). Everything is static and stateless; the Entry objects that decodes fill are made by
   * each operation (one per call, on the stack when the JIT can scalar-replace it), so no two lists
   * and no two threads ever share one.
   *
   * Read pad. Every array ZipList allocates keeps READ_PAD (3) bytes after zlbytes (paddedLength),
   * so that the forward walk may read an entry's first 4 bytes with one int load even at the 0xFF
   * byte; only a blob within 3 bytes of the JVM's largest array goes without (and is walked byte by
   * byte).
   */

  private ZipListFormat() {}

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
    Arrays.fill(INT_CONTENT, (byte) -1);
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

  // ---- arrays and the read pad

  /**
   * Bytes a trusted array keeps after zlbytes so that the padded walk may read 4 bytes at any entry
   * start, the 0xFF byte included (see the notes).
   */
  static final int READ_PAD = 3;

  private static final VarHandle INT_LE =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

  /** The 4 bytes at {@code p}, little endian; for padded arrays (see {@link #padded}). */
  static int intAt(byte[] zl, int p) {
    return (int) INT_LE.get(zl, p);
  }

  /** Whether an array has {@link #READ_PAD} bytes after zlbytes. */
  static boolean padded(byte[] zl) {
    return zl.length - zlbytesInt(zl) >= READ_PAD;
  }

  /**
   * Length of an array for a blob of {@code blobLength} bytes and nothing more: the blob plus the
   * read pad. Never less than {@code blobLength}: copyOf, trimToSize and merge may meet a blob
   * longer than the 1 GiB cap, which must keep every byte (and then goes without the pad when it is
   * within 3 bytes of the largest array).
   */
  static int paddedLength(long blobLength) {
    return (int) Math.max(blobLength, Math.min(blobLength + READ_PAD, Integer.MAX_VALUE - 32));
  }

  // ---- writing values

  /**
   * The encoding Redis's {@code zipTryEncoding} gives {@code s[off, off+len)} as an integer, or -1
   * when it stays a string; the integer itself is {@link RedisNumbers#parseCanonicalLong}.
   */
  static int stringEncoding(byte[] s, int off, int len) {
    return isIntegerCandidate(s, off, len)
        ? intEncodingFor(RedisNumbers.parseCanonicalLong(s, off, len))
        : -1;
  }

  /**
   * Encoding header plus content size of a value: the string {@code len} bytes long when {@code
   * enc} is -1, else an integer under encoding {@code enc}.
   */
  static int encodedSize(int enc, int len) {
    return enc < 0 ? stringHeaderSizeFor(len) + len : 1 + intContentSize(enc);
  }

  /**
   * Writes a value's encoding and content at {@code q}: the string {@code s[off, off+len)} when
   * {@code enc} is -1, else {@code v} under encoding {@code enc}. Redis: {@code
   * zipStoreEntryEncoding} then the memcpy or {@code zipSaveInteger} of {@code __ziplistInsert}.
   */
  static void encodeInto(byte[] zl, int q, int enc, long v, byte[] s, int off, int len) {
    if (enc < 0) {
      q += writeStringHeader(zl, q, len);
      System.arraycopy(s, off, zl, q, len);
    } else {
      zl[q] = (byte) enc;
      writeInt(zl, q + 1, enc, v);
    }
  }

  // ---- the entry decoder

  /**
   * One decoded entry header (Redis's {@code zlentry}): every reader and writer decodes through
   * {@link #decodeSafe} (bounds-checked, for any bytes) or {@link #decodeTrusted} (for bytes known
   * sound: built by ZipList or deep-validated). Made per operation, never shared.
   */
  static final class Entry {
    /** Offset of the entry (its prevlen field). */
    int p;

    int prevRawLenSize;

    /**
     * Size of the previous entry as stored; fits an int whenever decodeSafe returned OK. {@link
     * #UNREAD} after {@link #decodeTrusted}, which forward walks call and which would spend a load
     * and a branch per entry on it (ZipListIterateBenchmark's cursor walk: 6-13%).
     */
    long prevRawLen;

    int lenSize;

    /** Content length: string bytes or integer width. */
    long len;

    int headerSize;

    /** {@code ZIP_ENTRY_ENCODING} of the encoding byte. */
    int encoding;

    /**
     * Offset of the next entry, kept rather than summed from three fields on each step: the
     * cursor's next() waits on it (ZipListIterateBenchmark's cursor walk).
     */
    private int end;

    /**
     * The length of the last 6-bit string {@link #decodeTrusted} met, or -1: a walk over strings of
     * like size (keys, ids) then takes the branch whose next offset adds this register instead of
     * the byte just loaded, which keeps a load off the walk's dependency chain (see ZipListReader).
     */
    private int guess = -1;

    /** {@link #prevRawLen} after a trusted decode: not read. */
    static final long UNREAD = -1;

    /**
     * Decodes the entry at {@code p}. Mirrors {@code zipEntrySafe} (Redis: src/ziplist.c): the
     * start lies in {@code [10, zlbytes-1]}, each header piece and then the whole entry end at or
     * before the last byte, the encoding is known, and (if asked) {@code p - prevlen} is not before
     * the first entry. Long arithmetic keeps a lying 32-bit length from wrapping.
     *
     * @return {@link #OK} or the code of the first failed check
     */
    int decodeSafe(byte[] zl, int zlbytes, int p, boolean validatePrevlen) {
      int last = zlbytes - 1;
      if (p < HEADER_SIZE || p > last) {
        return BAD_START;
      }
      int prevSize = prevlenFieldSize(zl[p]);
      if (p + prevSize > last) {
        return PREVLEN_OUT_OF_RANGE;
      }
      int b = zl[p + prevSize] & 0xFF;
      int encSize = b < STR_MASK ? stringHeaderSize(b) : 1;
      if (b >= STR_MASK && intContentSizeOrInvalid(b) < 0) {
        return BAD_ENCODING;
      }
      if (p + prevSize + encSize > last) {
        return HEADER_OUT_OF_RANGE;
      }
      this.p = p;
      prevRawLenSize = prevSize;
      prevRawLen = readPrevlen(zl, p);
      encoding = encodingOf((byte) b);
      lenSize = encSize;
      headerSize = prevSize + encSize;
      len = b < STR_MASK ? readStringLength(zl, p + prevSize, encoding) : intContentSize(b);
      if ((long) p + headerSize + len > last) {
        return CONTENT_OUT_OF_RANGE;
      }
      end = p + headerSize + (int) len;
      if (validatePrevlen && p - prevRawLen < HEADER_SIZE) {
        return PREVLEN_BEFORE_FIRST;
      }
      return OK;
    }

    /**
     * Decodes the entry at {@code p} of bytes known to be sound: the same fields as {@link
     * #decodeSafe} (but {@link #prevRawLen}) without its bounds checks. Redis: {@code zipEntry}.
     */
    void decodeTrusted(byte[] zl, int p) {
      int h = p + 1;
      if ((zl[p] & 0xFF) >= BIG_PREVLEN) { // rare, and kept a branch: see ZipListReader
        h = p + 5;
      }
      decodeTrusted(zl, p, h, zl[h] & 0xFF);
    }

    /**
     * {@link #decodeTrusted(byte[], int)} for a caller that has read the encoding byte {@code b} at
     * {@code h} already (the cursor's padded step). The one place where the 6-bit string length is
     * predicted (see {@link #guess}); integer sizes come from a switch of constants, which once
     * predicted keeps the encoding byte off the next offset's chain too.
     */
    void decodeTrusted(byte[] zl, int p, int h, int b) {
      this.p = p;
      prevRawLenSize = h - p;
      prevRawLen = UNREAD; // walks forward do not need it; readPrevlen(zl, p) when they do
      if (b == guess) {
        encoding = STR_06B;
        lenSize = 1;
        len = guess;
      } else if (b < STR_14B) {
        encoding = STR_06B;
        lenSize = 1;
        len = b;
        guess = b;
      } else if (b >= STR_MASK) {
        encoding = b;
        lenSize = 1;
        len = intContentSize(b);
      } else {
        encoding = b & STR_MASK;
        lenSize = stringHeaderSize(b);
        len = readStringLength(zl, h, encoding);
      }
      headerSize = prevRawLenSize + lenSize;
      end = p + headerSize + (int) len;
    }

    /** Total bytes of the entry; valid after a successful decode. */
    int rawLength() {
      return headerSize + (int) len;
    }

    int contentOffset() {
      return p + headerSize;
    }

    /** Offset of the entry after this one (or of the 0xFF byte). */
    int next() {
      return end;
    }

    boolean isString() {
      return encoding < STR_MASK;
    }

    long intValue(byte[] zl) {
      return readInt(zl, p + headerSize, encoding);
    }

    /**
     * Whether this entry equals {@code s[off, off+len)}: bytewise for strings, numerically for
     * integers when {@code s} would itself be stored as one. Redis: {@code ziplistCompare}.
     */
    boolean contentEquals(byte[] zl, byte[] s, int off, int n) {
      if (isString()) {
        int c = contentOffset();
        return len == n && Arrays.equals(zl, c, c + n, s, off, off + n);
      }
      return isIntegerCandidate(s, off, n)
          && RedisNumbers.parseCanonicalLong(s, off, n) == intValue(zl);
    }
  }

  /** {@link Entry#decodeSafe} result: the entry is sound. */
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

  static String reason(int code) {
    return REASONS[code];
  }

  /** Header size of a string whose encoding byte is {@code b} (below 0xC0): 1, 2 or 5. */
  static int stringHeaderSize(int b) {
    return b < STR_14B ? 1 : b < STR_32B ? 2 : 5;
  }

  /**
   * Decodes the entry at {@code p} of {@code zl[0, size)}, trusted or bounds-checked; any failed
   * check of the latter becomes a {@link CorruptEncodingException}.
   */
  static Entry decode(Entry e, byte[] zl, int size, int p, boolean trusted) {
    if (trusted) {
      e.decodeTrusted(zl, p);
      return e;
    }
    return decodeChecked(e, zl, size, p, true);
  }

  /** {@link Entry#decodeSafe}, throwing {@link CorruptEncodingException} on a failed check. */
  static Entry decodeChecked(Entry e, byte[] zl, int size, int p, boolean validatePrevlen) {
    int code = e.decodeSafe(zl, size, p, validatePrevlen);
    if (code != OK) {
      throw fail(zl, size, p, reason(code));
    }
    return e;
  }

  /**
   * The last entry's offset, or -1 when empty. A zltail on a 0xFF byte must mean an empty list, the
   * 0xFF being both the first entry position and the last byte; anything else is corrupt (a wrapped
   * list whose header shallow validation could not check against the entries).
   */
  static int tailEntryOffset(byte[] zl) {
    int size = zlbytesInt(zl);
    long p = zltail(zl);
    if (p < HEADER_SIZE || p > size - 1) {
      throw fail(zl, size, 4, "zltail " + p + " outside the entry area");
    }
    if ((zl[(int) p] & 0xFF) != END) {
      return (int) p;
    }
    if (p != HEADER_SIZE || size != EMPTY_SIZE) {
      throw fail(zl, size, 4, "zltail points at a 0xFF that is not the end");
    }
    return -1;
  }

  // ---- validation

  /**
   * Validates {@code zl[0, size)}: the shallow (header) check and, if {@code deep}, the walk over
   * every entry. Mirrors {@code ziplistValidateIntegrity} (Redis 7.0.15 and 6.2: src/ziplist.c,
   * identical in both) check for check and in the same order, so that a blob passes here exactly
   * when it passes there. Touches each byte a constant number of times.
   *
   * @return the number of entries found by a deep walk, or -1 for a shallow check
   */
  static int validate(byte[] zl, int size, boolean deep) {
    if (size < EMPTY_SIZE) {
      throw fail(zl, size, 0, "shorter than the 11-byte empty ziplist");
    }
    if (zlbytes(zl) != size) {
      throw fail(zl, size, 0, "zlbytes " + zlbytes(zl) + " != blob size " + size);
    }
    if ((zl[size - 1] & 0xFF) != END) {
      throw fail(zl, size, size - 1, "last byte is not 0xFF");
    }
    long tail = zltail(zl);
    if (tail > size - 1) {
      throw fail(zl, size, 4, "zltail " + tail + " is past the last byte");
    }
    return deep ? validateEntries(zl, size, (int) tail) : -1;
  }

  /** The deep half of {@link #validate}: entries, prevlens, zltail and zllen. */
  private static int validateEntries(byte[] zl, int size, int tail) {
    Entry e = new Entry();
    int count = 0;
    int p = HEADER_SIZE;
    int prev = -1;
    long prevRawSize = 0;
    while ((zl[p] & 0xFF) != END) {
      decodeChecked(e, zl, size, p, true);
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
    int header = zllen(zl);
    if (header != UNKNOWN_LENGTH && header != count) {
      throw fail(zl, size, 8, "zllen " + header + " != " + count + " entries");
    }
    return count;
  }

  /**
   * The error for corrupt bytes: format, offset, reason and a hex window of {@code zl[0, size)}.
   */
  static CorruptEncodingException fail(byte[] zl, int size, long offset, String reason) {
    byte[] shown = zl.length == size ? zl : Arrays.copyOf(zl, Math.min(zl.length, size));
    return new CorruptEncodingException(FORMAT, offset, reason, shown);
  }
}
