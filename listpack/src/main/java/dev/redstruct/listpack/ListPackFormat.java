package dev.redstruct.listpack;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.RedisNumbers;

/**
 * The byte layout of a listpack: constants, the two header fields, the backlen, the one element
 * decoder every reader uses, and the element encoder every writer uses.
 *
 * <pre>
 *   offset 0            4              6
 *         +------------+--------------+-----------+-----------+-----+------+
 *         | total-bytes| num-elements | element 0 | element 1 | ... | 0xFF |
 *         | u32 LE     | u16 LE,      |           |           |     | EOF  |
 *         |            | 65535=unknown|           |           |     |      |
 *         +------------+--------------+-----------+-----------+-----+------+
 *
 *   element = encoding+data (L bytes) | backlen (1..5 bytes, encodes L)
 *
 *   first byte    encoding             encoding+data size L
 *   0xxxxxxx      7-bit uint 0..127    1
 *   10llllll      string, len 0..63    1 + len
 *   110xxxxx y    13-bit int           2   (((x &lt;&lt; 8) | y), minus 8192 when &gt;= 4096)
 *   1110llll l    string, len &lt; 4096  2 + len   (12-bit length, high bits first)
 *   0xF0 + u32LE  string, 32-bit len   5 + len
 *   0xF1 + 2      int16 LE             3
 *   0xF2 + 3      int24 LE             4
 *   0xF3 + 4      int32 LE             5
 *   0xF4 + 8      int64 LE             9
 *   0xF5..0xFE    invalid
 *   0xFF          EOF (only at the end)
 *
 *   backlen(L): L &lt;= 127: [L]; L &lt; 16383: [L&gt;&gt;7][L&amp;127|128];
 *               L &lt; 2097151: 3 bytes; L &lt; 268435455: 4 bytes; else 5 bytes.
 *               Most significant 7-bit group first with bit 7 clear, later groups with bit 7 set;
 *               it is decoded from its last byte backwards, so lpPrev can step over an element.
 * </pre>
 *
 * <p>Worked example, Redis 7.0.15 {@code RPUSH l 1 -2 300 hello} then {@code DUMP l} (fact sheet
 * §5.6; checked by {@code ListPackTest#formatPictureExample}):
 *
 * <pre>
 *   16000000    total-bytes 22
 *   0400        num-elements 4
 *   01 01       7-bit uint 1, backlen 1
 *   df fe 02    13-bit: 0x1ffe = 8190 &gt;= 4096, so 8190 - 8192 = -2; backlen 2
 *   c1 2c 02    13-bit: 0x12c = 300; backlen 2
 *   85 68656c6c6f 06   6-bit string of 5 bytes "hello"; backlen 6
 *   ff          EOF
 * </pre>
 */
final class ListPackFormat {
  /* Implementation notes.
   * Mirrors the macros and static helpers at the top of src/listpack.c (Redis 7.0.15):
   * lpGetTotalBytes/lpSetTotalBytes, lpGetNumElements/lpSetNumElements, lpEncodeBacklen,
   * lpDecodeBacklen, lpCurrentEncodedSizeBytes, lpCurrentEncodedSizeUnsafe, lpGetWithSize,
   * lpEncodeIntegerGetType, lpEncodeGetType and lpEncodeString. decode() is the only place that
   * interprets an encoding byte for reading, except ListPackWalks.forward and backward, which
   * copy its first three branches (the 7-bit int, 6-bit string and 13-bit int) into their loops
   * for speed (measured there) and call decode() for the rest; validation uses headerBytes() and
   * encodedSize(), which decode() uses too.
   */

  private ListPackFormat() {}

  static final String FORMAT = "listpack";
  static final int HEADER_SIZE = 6;
  static final int EMPTY_SIZE = HEADER_SIZE + 1;
  static final int EOF = 0xFF;
  static final int NUMELE_UNKNOWN = 0xFFFF;

  /** Redis: LISTPACK_MAX_SAFETY_SIZE (lpSafeToAdd). */
  static final int MAX_SAFETY_SIZE = 1 << 30;

  /** The largest encoding+data of an integer (int64) and the largest backlen. */
  static final int MAX_INT_ENCODING = 9;

  static final int MAX_BACKLEN = 5;

  static final int ENC_16BIT_INT = 0xF1;
  static final int ENC_24BIT_INT = 0xF2;
  static final int ENC_32BIT_INT = 0xF3;
  static final int ENC_64BIT_INT = 0xF4;
  static final int ENC_32BIT_STR = 0xF0;
  static final int ENC_6BIT_STR = 0x80;
  static final int ENC_12BIT_STR = 0xE0;
  static final int ENC_13BIT_INT = 0xC0;

  // ---------------------------------------------------------------- header

  // A listpack may sit anywhere in its array (ListPack keeps head room before it): the header
  // helpers take the offset of its first byte, base; the one-argument forms read base 0.

  static long totalBytes(byte[] b) {
    return totalBytes(b, 0);
  }

  static long totalBytes(byte[] b, int base) {
    return Bytes.getIntLE(b, base) & 0xFFFFFFFFL;
  }

  static void setTotalBytes(byte[] b, int v) {
    setTotalBytes(b, 0, v);
  }

  static void setTotalBytes(byte[] b, int base, int v) {
    Bytes.putIntLE(b, base, v);
  }

  static int numElements(byte[] b) {
    return numElements(b, 0);
  }

  static int numElements(byte[] b, int base) {
    return Bytes.getShortLE(b, base + 4) & 0xFFFF;
  }

  static void setNumElements(byte[] b, int v) {
    setNumElements(b, 0, v);
  }

  static void setNumElements(byte[] b, int base, int v) {
    Bytes.putShortLE(b, base + 4, v);
  }

  /** Writes an empty listpack (7 bytes) at the start of {@code b}. Redis: lpNew. */
  static void writeEmpty(byte[] b) {
    setTotalBytes(b, EMPTY_SIZE);
    setNumElements(b, 0);
    b[HEADER_SIZE] = (byte) EOF;
  }

  // ---------------------------------------------------------------- backlen

  /** How many bytes the backlen of an element with encoding+data size {@code l} takes. */
  static int backlenSize(long l) {
    if (l <= 127) {
      return 1;
    } else if (l < 16383) {
      return 2;
    } else if (l < 2097151) {
      return 3;
    } else if (l < 268435455) {
      return 4;
    }
    return 5;
  }

  /** Writes the backlen of {@code l} at {@code off}; returns its size. Redis: lpEncodeBacklen. */
  static int writeBacklen(byte[] b, int off, int l) {
    int n = backlenSize(l);
    b[off] = (byte) (l >>> (7 * (n - 1)));
    for (int i = 1; i < n; i++) {
      b[off + i] = (byte) (((l >>> (7 * (n - 1 - i))) & 127) | 128);
    }
    return n;
  }

  /**
   * Decodes a backlen from its last byte at {@code last}, reading backwards; returns -1 when more
   * than 5 bytes would be needed (Redis returns UINT64_MAX) or the read would pass {@code floor}.
   * Redis: lpDecodeBacklen.
   */
  static long readBacklen(byte[] b, int last, int floor) {
    long val = 0;
    int shift = 0;
    int p = last;
    while (true) {
      if (p < floor) {
        return -1;
      }
      int c = b[p] & 0xFF;
      val |= (long) (c & 127) << shift;
      if ((c & 128) == 0) {
        return val;
      }
      shift += 7;
      p--;
      if (shift > 28) {
        return -1;
      }
    }
  }

  // ---------------------------------------------------------------- decoding

  /**
   * How many bytes of encoding header an element starting with {@code first} has (1, 2 or 5), 0 for
   * an invalid first byte; the EOF byte counts 1. Redis: lpCurrentEncodedSizeBytes.
   */
  static int headerBytes(int first) {
    if (first < 0xE0) {
      return 1; // 7-bit uint, 6-bit string, 13-bit int
    } else if (first < ENC_32BIT_STR) {
      return 2; // 12-bit string
    } else if (first == ENC_32BIT_STR) {
      return 5;
    } else if (first <= ENC_64BIT_INT || first == EOF) {
      return 1;
    }
    return 0;
  }

  /**
   * The encoding+data size L of the element at {@code p} (its header must be readable), or -1 for
   * an invalid first byte. As a long: a 32-bit string length plus 5 may exceed an int. Redis:
   * lpCurrentEncodedSizeUnsafe (which wraps in 32 bits where this does not; a wrapped size can
   * never pass validation either, since its backlen would have to be a length byte of 0xFF).
   */
  static long encodedSize(byte[] b, int p) {
    int c = b[p] & 0xFF;
    if (c < 0x80) {
      return 1;
    } else if (c < 0xC0) {
      return 1 + (c & 0x3F);
    } else if (c < 0xE0) {
      return 2;
    } else if (c < 0xF0) {
      return 2 + (((c & 0x0F) << 8) | (b[p + 1] & 0xFF));
    }
    switch (c) {
      case ENC_32BIT_STR:
        return 5 + (Bytes.getIntLE(b, p + 1) & 0xFFFFFFFFL);
      case ENC_16BIT_INT:
        return 3;
      case ENC_24BIT_INT:
        return 4;
      case ENC_32BIT_INT:
        return 5;
      case ENC_64BIT_INT:
        return 9;
      case EOF:
        return 1;
      default:
        return -1;
    }
  }

  /** One decoded element: where it is, how big, and its value. Filled by {@link #decode}. */
  static final class Element {
    /** Offset of the encoding byte. */
    int start;

    /** Bytes of encoding+data (L, what the backlen holds). */
    int encodedSize;

    /** Bytes of the whole element: L plus the backlen. */
    int size;

    /** Whether the element holds an integer ({@link #value}) rather than a string. */
    boolean isInteger;

    /** The integer, when {@link #isInteger}. */
    long value;

    /** Offset and length of the string bytes, when not {@link #isInteger}. */
    int dataOffset;

    int dataLength;

    /** Offset of the element after this one (possibly the EOF byte). */
    int end() {
      return start + size;
    }

    /** The element's bytes as Redis returns them: the string, or the integer's decimal. */
    byte[] toByteArray(byte[] b) {
      if (isInteger) {
        return RedisNumbers.ll2string(value);
      }
      byte[] out = new byte[dataLength];
      System.arraycopy(b, dataOffset, out, 0, dataLength);
      return out;
    }

    /** Length of {@link #toByteArray}. */
    int length() {
      return isInteger ? RedisNumbers.stringLength(value) : dataLength;
    }

    /** Compares the element's bytes with a range. Redis: lpCompare. */
    boolean contentEquals(byte[] b, byte[] s, int off, int len) {
      if (!isInteger) {
        return Bytes.equals(b, dataOffset, dataLength, s, off, len);
      }
      return RedisNumbers.isCanonicalLong(s, off, len)
          && RedisNumbers.parseCanonicalLong(s, off, len) == value;
    }
  }

  /**
   * Decodes the element at {@code p} of a valid listpack into {@code e}. The one element decoder:
   * every read of an element goes through it. Redis: lpGetWithSize (with entry_size).
   */
  static Element decode(byte[] b, int p, Element e) {
    // The three one- and two-byte encodings return from their own branch with constant sizes (or
    // c - 0x7E for a short string), so that a predicted branch, not arithmetic on the loaded byte,
    // gives the walk its next offset; measured in benchmarks/NOTES.md (## listpack).
    int c = b[p] & 0xFF;
    e.start = p;
    if (c < 0x80) { // 7-bit uint: 1 byte, backlen 1
      e.isInteger = true;
      e.value = c;
      e.encodedSize = 1;
      e.size = 2;
      return e;
    }
    if (c < 0xC0) { // 6-bit string: 1 + len <= 64 bytes, backlen 1
      e.isInteger = false;
      e.dataOffset = p + 1;
      e.dataLength = c & 0x3F;
      e.encodedSize = c - 0x7F;
      e.size = c - 0x7E;
      return e;
    }
    if (c < 0xE0) { // 13-bit int, two's complement
      e.isInteger = true;
      int u = ((c & 0x1F) << 8) | (b[p + 1] & 0xFF);
      e.value = u >= 4096 ? u - 8192 : u;
      e.encodedSize = 2;
      e.size = 3;
      return e;
    }
    int l;
    if (c < 0xF0) {
      e.isInteger = false;
      e.dataOffset = p + 2;
      e.dataLength = ((c & 0x0F) << 8) | (b[p + 1] & 0xFF);
      l = 2 + e.dataLength;
    } else if (c == ENC_32BIT_STR) {
      e.isInteger = false;
      e.dataOffset = p + 5;
      e.dataLength = Bytes.getIntLE(b, p + 1);
      l = 5 + e.dataLength;
    } else {
      e.isInteger = true;
      e.value = wideInt(b, p, c);
      l = c == ENC_64BIT_INT ? 9 : c - 0xEE; // 0xF1..0xF3: 3, 4, 5 bytes
    }
    e.encodedSize = l;
    e.size = l + backlenSize(l);
    return e;
  }

  /**
   * The value of a 0xF1..0xF4 integer. Kept out of {@link #decode}, and given no Element, so that
   * decode stays small enough to inline and its Element can live in registers (escape analysis).
   */
  private static long wideInt(byte[] b, int p, int c) {
    switch (c) {
      case ENC_16BIT_INT:
        return Bytes.getShortLE(b, p + 1);
      case ENC_24BIT_INT:
        return Bytes.getInt24LE(b, p + 1);
      case ENC_32BIT_INT:
        return Bytes.getIntLE(b, p + 1);
      case ENC_64BIT_INT:
        return Bytes.getLongLE(b, p + 1);
      default:
        throw new AssertionError("not an element: 0x" + Integer.toHexString(c) + " at " + p);
    }
  }

  // ---------------------------------------------------------------- encoding

  /**
   * The encoding+data size of an integer element. Redis: lpEncodeIntegerGetType's enclen.
   *
   * @param v the value
   * @return 1, 2, 3, 4, 5 or 9
   */
  static int intEncodedSize(long v) {
    if (v >= 0 && v <= 127) {
      return 1;
    } else if (v >= -4096 && v <= 4095) {
      return 2;
    } else if (v >= Short.MIN_VALUE && v <= Short.MAX_VALUE) {
      return 3;
    } else if (v >= -8388608 && v <= 8388607) {
      return 4;
    } else if (v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE) {
      return 5;
    }
    return 9;
  }

  /** Writes an integer's encoding+data at {@code off}; returns its size. */
  static int writeInt(byte[] b, int off, long v) {
    int n = intEncodedSize(v);
    switch (n) {
      case 1:
        b[off] = (byte) v;
        break;
      case 2:
        long u = v < 0 ? v + 8192 : v;
        b[off] = (byte) ((u >>> 8) | ENC_13BIT_INT);
        b[off + 1] = (byte) u;
        break;
      case 3:
        b[off] = (byte) ENC_16BIT_INT;
        Bytes.putShortLE(b, off + 1, (int) v);
        break;
      case 4:
        b[off] = (byte) ENC_24BIT_INT;
        Bytes.putInt24LE(b, off + 1, (int) v);
        break;
      case 5:
        b[off] = (byte) ENC_32BIT_INT;
        Bytes.putIntLE(b, off + 1, (int) v);
        break;
      default:
        b[off] = (byte) ENC_64BIT_INT;
        Bytes.putLongLE(b, off + 1, v);
    }
    return n;
  }

  /** The encoding+data size of a string stored as a string. Redis: lpEncodeGetType. */
  static long stringEncodedSize(int len) {
    if (len < 64) {
      return 1 + len;
    } else if (len < 4096) {
      return 2 + len;
    }
    return 5L + len;
  }

  /** Writes a string's encoding+data at {@code off}; returns its size. Redis: lpEncodeString. */
  static int writeString(byte[] b, int off, byte[] s, int sOff, int len) {
    int h;
    if (len < 64) {
      b[off] = (byte) (len | ENC_6BIT_STR);
      h = 1;
    } else if (len < 4096) {
      b[off] = (byte) ((len >>> 8) | ENC_12BIT_STR);
      b[off + 1] = (byte) len;
      h = 2;
    } else {
      b[off] = (byte) ENC_32BIT_STR;
      Bytes.putIntLE(b, off + 1, len);
      h = 5;
    }
    System.arraycopy(s, sOff, b, off + h, len);
    return h + len;
  }

  /**
   * Whether a string is stored as an integer: exactly Redis's lpStringToInt64 (length 1..20, "0"
   * alone, optional '-', first digit 1-9, digits only, within int64), which has string2ll's rules.
   */
  static boolean isIntegerString(byte[] s, int off, int len) {
    return RedisNumbers.isCanonicalLong(s, off, len);
  }
}
