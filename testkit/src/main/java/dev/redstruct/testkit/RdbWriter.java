package dev.redstruct.testkit;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * Builds RDB-encoded bytes: object types, lengths and strings as Redis 7.0.15 writes them in {@code
 * src/rdb.c}. Use it to build the body of a DUMP payload, then {@link RdbPayload#dump(int,
 * byte[])}.
 *
 * <p><b>Length encoding</b> (Redis: {@code rdbSaveLen}), the two top bits of the first byte select:
 *
 * <pre>
 *   00LLLLLL                       6-bit length 0..63                e.g. 0x05
 *   01LLLLLL LLLLLLLL              14-bit length, big-endian         e.g. 64 = 0x40 0x40
 *   10000000 [4 bytes big-endian]  32-bit length                     e.g. 16384 = 0x80 00 00 40 00
 *   10000001 [8 bytes big-endian]  64-bit length
 *   11EEEEEE                       special string encoding E follows (see below)
 * </pre>
 *
 * <p><b>String encoding</b> (Redis: {@code rdbSaveRawString}): a length then the bytes, or one of
 * the special forms {@code 0xc0 b} (int8), {@code 0xc1 b0 b1} (int16 little-endian), {@code 0xc2
 * b0..b3} (int32 little-endian) for canonical decimal integers, or {@code 0xc3 clen len data} for
 * LZF-compressed strings. Example from a real {@code DUMP} of the string {@code "12345"}: {@code c1
 * 39 30}. This writer never compresses (Redis only compresses strings longer than 20 bytes, and
 * {@code RESTORE} accepts both forms).
 *
 * <p>Not thread-safe. Grows as needed; {@link #toByteArray()} returns a copy.
 */
public final class RdbWriter {
  /** The first byte of a special string encoding: {@code 11} in the top two bits. */
  static final int ENCVAL = 0xc0;

  /** Special encoding: 8-bit signed integer. */
  static final int ENC_INT8 = 0;

  /** Special encoding: 16-bit signed integer, little-endian. */
  static final int ENC_INT16 = 1;

  /** Special encoding: 32-bit signed integer, little-endian. */
  static final int ENC_INT32 = 2;

  /** Special encoding: LZF-compressed string. */
  static final int ENC_LZF = 3;

  private byte[] buf = new byte[64];
  private int size;

  private RdbWriter() {}

  /**
   * Creates an empty writer.
   *
   * @return a new writer
   */
  public static RdbWriter create() {
    return new RdbWriter();
  }

  /**
   * Appends one byte holding an RDB object type (Redis: {@code rdbSaveType}).
   *
   * @param type 0..255, e.g. {@link RdbPayload#TYPE_STRING}
   * @return this writer
   * @throws IllegalArgumentException if {@code type} does not fit in a byte
   */
  public RdbWriter type(int type) {
    if (type < 0 || type > 255) {
      throw new IllegalArgumentException("RDB type out of range: " + type);
    }
    return raw((byte) type);
  }

  /**
   * Appends a length in the shortest form (Redis: {@code rdbSaveLen}).
   *
   * @param len the length, taken as unsigned 64-bit
   * @return this writer
   */
  public RdbWriter length(long len) {
    if (len >= 0 && len < (1 << 6)) {
      return raw((byte) len);
    }
    if (len >= 0 && len < (1 << 14)) {
      return raw((byte) (0x40 | (len >>> 8)), (byte) len);
    }
    if (len >= 0 && len <= 0xffffffffL) {
      raw((byte) 0x80);
      return bigEndian(len, 4);
    }
    raw((byte) 0x81);
    return bigEndian(len, 8);
  }

  /**
   * Appends a string as Redis does without compression: integer-encoded if it is a canonical
   * decimal integer of at most 11 bytes that fits in 32 bits, else a length and the bytes.
   *
   * @param s the string
   * @return this writer
   */
  public RdbWriter string(byte[] s) {
    if (s.length <= 11 && isCanonicalLong(s)) {
      long v = Long.parseLong(new String(s, StandardCharsets.US_ASCII));
      if (v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE) {
        return integerString(v);
      }
    }
    return rawString(s);
  }

  /**
   * Appends a string as UTF-8, see {@link #string(byte[])}.
   *
   * @param s the string
   * @return this writer
   */
  public RdbWriter string(String s) {
    return string(s.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * Appends a string verbatim, a length then the bytes, never integer-encoded.
   *
   * @param s the string
   * @return this writer
   */
  public RdbWriter rawString(byte[] s) {
    length(s.length);
    return raw(s);
  }

  /**
   * Appends an integer in its shortest integer string encoding, or as decimal text if it does not
   * fit 32 bits (Redis: {@code rdbSaveLongLongAsStringObject}).
   *
   * @param v the value
   * @return this writer
   */
  public RdbWriter integerString(long v) {
    if (v >= Byte.MIN_VALUE && v <= Byte.MAX_VALUE) {
      return raw((byte) (ENCVAL | ENC_INT8), (byte) v);
    }
    if (v >= Short.MIN_VALUE && v <= Short.MAX_VALUE) {
      return raw((byte) (ENCVAL | ENC_INT16), (byte) v, (byte) (v >> 8));
    }
    if (v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE) {
      return raw(
          (byte) (ENCVAL | ENC_INT32),
          (byte) v,
          (byte) (v >> 8),
          (byte) (v >> 16),
          (byte) (v >> 24));
    }
    return rawString(Long.toString(v).getBytes(StandardCharsets.US_ASCII));
  }

  /**
   * Appends a double as 8 bytes little-endian IEEE 754 (Redis: {@code rdbSaveBinaryDoubleValue},
   * used by {@link RdbPayload#TYPE_ZSET_2}).
   *
   * @param d the value
   * @return this writer
   */
  public RdbWriter binaryDouble(double d) {
    long bits = Double.doubleToRawLongBits(d);
    for (int i = 0; i < 8; i++) {
      raw((byte) (bits >>> (8 * i)));
    }
    return this;
  }

  /**
   * Appends bytes as they are.
   *
   * @param bytes the bytes
   * @return this writer
   */
  public RdbWriter raw(byte... bytes) {
    Objects.requireNonNull(bytes, "bytes");
    ensure(bytes.length);
    System.arraycopy(bytes, 0, buf, size, bytes.length);
    size += bytes.length;
    return this;
  }

  /**
   * Returns the number of bytes written so far.
   *
   * @return the size
   */
  public int size() {
    return size;
  }

  /**
   * Returns a copy of the bytes written so far.
   *
   * @return the bytes
   */
  public byte[] toByteArray() {
    return Arrays.copyOf(buf, size);
  }

  private RdbWriter bigEndian(long v, int n) {
    for (int i = n - 1; i >= 0; i--) {
      raw((byte) (v >>> (8 * i)));
    }
    return this;
  }

  private void ensure(int extra) {
    if (size + extra > buf.length) {
      buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + extra));
    }
  }

  /**
   * Whether {@code s} is a decimal integer exactly as Redis's {@code string2ll} accepts it:
   * optional {@code -}, no leading zeros (except "0" itself), no {@code +}, no spaces, not "-0",
   * within int64.
   */
  static boolean isCanonicalLong(byte[] s) {
    int n = s.length;
    if (n == 0 || n > 20) {
      return false;
    }
    if (n == 1 && s[0] == '0') {
      return true;
    }
    int i = s[0] == '-' ? 1 : 0;
    if (i == n || s[i] < '1' || s[i] > '9') {
      return false;
    }
    for (int j = i + 1; j < n; j++) {
      if (s[j] < '0' || s[j] > '9') {
        return false;
      }
    }
    try {
      Long.parseLong(new String(s, StandardCharsets.US_ASCII));
      return true;
    } catch (NumberFormatException overflow) {
      return false;
    }
  }
}
