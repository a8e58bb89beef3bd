package dev.redstruct.core.rdb;

import dev.redstruct.core.RedisNumbers;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * Builds RDB-encoded bytes as Redis 7.0.15 writes them (src/rdb.c): object types, lengths and
 * strings, and the DUMP footer ({@link #toDumpPayload()}).
 *
 * <p><b>Lengths</b> ({@code rdbSaveLen}), the shortest of four forms, chosen by the top two bits of
 * the first byte:
 *
 * <pre>
 *   00LLLLLL                          0..63
 *   01LLLLLL LLLLLLLL                 64..16383, big-endian
 *   10000000 + 4 bytes big-endian     up to 2^32-1
 *   10000001 + 8 bytes big-endian     any unsigned 64-bit value
 * </pre>
 *
 * <p><b>Strings</b> ({@code rdbSaveRawString}): a canonical decimal integer of at most 11 bytes
 * that fits 32 bits is written as {@code c0 b} (int8), {@code c1 b0 b1} (int16 little-endian) or
 * {@code c2 b0..b3} (int32 little-endian); otherwise, with compression on (Redis's {@code
 * rdbcompression yes}, the default) a string longer than 20 bytes is LZF-compressed as {@code c3
 * clen len <data>} when {@link Lzf} fits it in {@code len - 4} bytes; otherwise it is written
 * verbatim as {@code <len> <bytes>}. Worked examples from Redis 7.0.15 ({@code SET k v}, {@code
 * DUMP k}): {@code "12345"} is {@code c1 39 30}; 30 times {@code 'a'} is {@code c3 09 1e 01 61 61
 * e0 11 00 01 61 61} (checked by {@code RdbPayloadTest}).
 *
 * <p>Not thread-safe. The buffer grows as needed; {@link #toByteArray()} returns a copy. A writer
 * that compresses owns an {@link Lzf} (256 KiB), created at the first compression.
 */
public final class RdbWriter {
  /** The top two bits of a special string encoding. */
  static final int ENCVAL = 0xc0;

  /** Special encoding: 8-bit signed integer. */
  static final int ENC_INT8 = 0;

  /** Special encoding: 16-bit signed integer, little-endian. */
  static final int ENC_INT16 = 1;

  /** Special encoding: 32-bit signed integer, little-endian. */
  static final int ENC_INT32 = 2;

  /** Special encoding: LZF-compressed string. */
  static final int ENC_LZF = 3;

  /** Strings up to this length are never compressed ({@code len > 20} in rdbSaveRawString). */
  public static final int LZF_MIN_EXCLUSIVE = 20;

  /** Strings up to this length may be integer-encoded ({@code len <= 11} in rdbSaveRawString). */
  static final int INT_MAX_CHARS = 11;

  /** Room left before the compressed bytes for the 0xc3 byte and two 9-byte lengths. */
  private static final int LZF_HEADER_MAX = 1 + 9 + 9;

  private final boolean compression;
  private Lzf lzf;
  private byte[] buf = new byte[64];
  private int size;

  private RdbWriter(boolean compression) {
    this.compression = compression;
  }

  /**
   * Creates an empty writer that compresses as Redis's default {@code rdbcompression yes} does.
   *
   * @return a new writer
   */
  public static RdbWriter create() {
    return new RdbWriter(true);
  }

  /**
   * Creates an empty writer.
   *
   * @param compression Redis's {@code rdbcompression}: whether strings longer than 20 bytes are
   *     LZF-compressed when that saves at least 4 bytes
   * @return a new writer
   */
  public static RdbWriter create(boolean compression) {
    return new RdbWriter(compression);
  }

  /**
   * Whether this writer compresses strings longer than 20 bytes (Redis's {@code rdbcompression}).
   *
   * @return the setting it was created with
   */
  public boolean compresses() {
    return compression;
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
   * Appends a length in its shortest form (Redis: {@code rdbSaveLen}).
   *
   * @param len the length, taken as unsigned 64-bit
   * @return this writer
   */
  public RdbWriter length(long len) {
    ensure(9);
    if (len >= 0 && len < (1 << 6)) {
      buf[size++] = (byte) len;
    } else if (len >= 0 && len < (1 << 14)) {
      buf[size++] = (byte) (0x40 | (len >>> 8));
      buf[size++] = (byte) len;
    } else if (len >= 0 && len <= 0xffffffffL) {
      buf[size++] = (byte) 0x80;
      bigEndian(len, 4);
    } else {
      buf[size++] = (byte) 0x81;
      bigEndian(len, 8);
    }
    return this;
  }

  /**
   * Appends a string as Redis writes one (Redis: {@code rdbSaveRawString}): integer-encoded,
   * LZF-compressed or verbatim, see the class description.
   *
   * @param s the string
   * @return this writer
   */
  public RdbWriter string(byte[] s) {
    return string(s, 0, s.length);
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
   * Appends {@code s[off, off+len)} as Redis writes a string, see {@link #string(byte[])}.
   *
   * @param s the array
   * @param off first byte
   * @param len length
   * @return this writer
   * @throws IndexOutOfBoundsException if the range is outside {@code s}
   */
  public RdbWriter string(byte[] s, int off, int len) {
    Objects.checkFromIndexSize(off, len, s.length);
    if (len <= INT_MAX_CHARS && RedisNumbers.isCanonicalLong(s, off, len)) {
      long v = RedisNumbers.parseCanonicalLong(s, off, len);
      if (v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE) {
        return integerString(v);
      }
    }
    if (compression && len > LZF_MIN_EXCLUSIVE && lzfString(s, off, len)) {
      return this;
    }
    return rawString(s, off, len);
  }

  /**
   * Appends a string verbatim, a length then the bytes: never integer-encoded or compressed.
   *
   * @param s the string
   * @return this writer
   */
  public RdbWriter rawString(byte[] s) {
    return rawString(s, 0, s.length);
  }

  /**
   * Appends {@code s[off, off+len)} verbatim, see {@link #rawString(byte[])}.
   *
   * @param s the array
   * @param off first byte
   * @param len length
   * @return this writer
   * @throws IndexOutOfBoundsException if the range is outside {@code s}
   */
  public RdbWriter rawString(byte[] s, int off, int len) {
    Objects.checkFromIndexSize(off, len, s.length);
    length(len);
    return raw(s, off, len);
  }

  /**
   * Appends an integer in its shortest integer form, or as decimal text if it does not fit 32 bits
   * (Redis: {@code rdbSaveLongLongAsStringObject}).
   *
   * @param v the value
   * @return this writer
   */
  public RdbWriter integerString(long v) {
    ensure(5);
    if (v >= Byte.MIN_VALUE && v <= Byte.MAX_VALUE) {
      buf[size++] = (byte) (ENCVAL | ENC_INT8);
      littleEndian(v, 1);
    } else if (v >= Short.MIN_VALUE && v <= Short.MAX_VALUE) {
      buf[size++] = (byte) (ENCVAL | ENC_INT16);
      littleEndian(v, 2);
    } else if (v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE) {
      buf[size++] = (byte) (ENCVAL | ENC_INT32);
      littleEndian(v, 4);
    } else {
      rawString(RedisNumbers.ll2string(v));
    }
    return this;
  }

  /**
   * Appends already-compressed data as an LZF string, {@code c3 <clen> <originalLength> <data>}
   * (Redis: {@code rdbSaveLzfBlob}, used for quicklist nodes that are compressed in memory).
   *
   * @param compressed the array holding the LZF stream
   * @param off first compressed byte
   * @param clen compressed length
   * @param originalLength the length the stream decompresses to
   * @return this writer
   * @throws IndexOutOfBoundsException if the range is outside {@code compressed}
   */
  public RdbWriter lzfBlob(byte[] compressed, int off, int clen, long originalLength) {
    Objects.checkFromIndexSize(off, clen, compressed.length);
    raw((byte) (ENCVAL | ENC_LZF));
    length(clen);
    length(originalLength);
    return raw(compressed, off, clen);
  }

  /**
   * Appends a double as 8 bytes little-endian IEEE 754 (Redis: {@code rdbSaveBinaryDoubleValue}).
   *
   * @param d the value
   * @return this writer
   */
  public RdbWriter binaryDouble(double d) {
    ensure(8);
    littleEndian(Double.doubleToRawLongBits(d), 8);
    return this;
  }

  /**
   * Appends bytes as they are.
   *
   * @param bytes the bytes
   * @return this writer
   */
  public RdbWriter raw(byte... bytes) {
    return raw(bytes, 0, bytes.length);
  }

  /**
   * Appends {@code bytes[off, off+len)} as they are.
   *
   * @param bytes the array
   * @param off first byte
   * @param len length
   * @return this writer
   * @throws IndexOutOfBoundsException if the range is outside {@code bytes}
   */
  public RdbWriter raw(byte[] bytes, int off, int len) {
    Objects.checkFromIndexSize(off, len, bytes.length);
    ensure(len);
    System.arraycopy(bytes, off, buf, size, len);
    size += len;
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
   * Empties the writer, keeping its buffer and its compressor, so one writer can encode value after
   * value without allocating (the RDB file writer and the payload builders of {@code
   * dev.redstruct.rdb} reuse one per stream).
   *
   * @return this writer
   */
  public RdbWriter reset() {
    size = 0;
    return this;
  }

  /**
   * Returns a copy of the bytes written so far.
   *
   * @return the bytes
   */
  public byte[] toByteArray() {
    return Arrays.copyOf(buf, size);
  }

  /**
   * Returns the bytes written so far followed by the DUMP footer, RDB version 10 and the CRC-64:
   * the payload {@code DUMP} would return when this writer holds a type byte and a value (Redis:
   * {@code createDumpPayload}, src/cluster.c). The writer is unchanged.
   *
   * @return a new payload array
   */
  public byte[] toDumpPayload() {
    return RdbPayload.withFooter(buf, size, RdbPayload.RDB_VERSION);
  }

  /**
   * Redis: rdbSaveLzfStringObject. Compresses in place past a reserved header; false if no gain.
   */
  private boolean lzfString(byte[] s, int off, int len) {
    int capacity = len - 4;
    ensure(LZF_HEADER_MAX + capacity);
    if (lzf == null) {
      lzf = Lzf.create();
    }
    int dataAt = size + LZF_HEADER_MAX;
    int clen = lzf.compress(s, off, len, buf, dataAt, capacity);
    if (clen == 0) {
      return false;
    }
    buf[size++] = (byte) (ENCVAL | ENC_LZF);
    length(clen);
    length(len);
    System.arraycopy(buf, dataAt, buf, size, clen);
    size += clen;
    return true;
  }

  private void bigEndian(long v, int n) {
    for (int i = n - 1; i >= 0; i--) {
      buf[size++] = (byte) (v >>> (8 * i));
    }
  }

  private void littleEndian(long v, int n) {
    for (int i = 0; i < n; i++) {
      buf[size++] = (byte) (v >>> (8 * i));
    }
  }

  private void ensure(int extra) {
    if (extra > buf.length - size) {
      long want = Math.max((long) buf.length * 2, (long) size + extra);
      if (want > Integer.MAX_VALUE - 8) {
        want = (long) size + extra;
        if (want > Integer.MAX_VALUE - 8) {
          throw new OutOfMemoryError("RDB writer would exceed the maximum array size");
        }
      }
      buf = Arrays.copyOf(buf, (int) want);
    }
  }
}
