package dev.redstruct.core.rdb;

import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.core.RedisNumbers;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * Reads RDB-encoded bytes (types, lengths, strings) as Redis 7.0.15 loads them (src/rdb.c); the
 * forms are drawn in {@link RdbWriter}.
 *
 * <p>Input is untrusted: a malformed, truncated or lying field throws {@link
 * CorruptEncodingException} (format {@code "RDB"} or {@code "LZF"}, with the offset in the input
 * array) and nothing else. No length is allocated before it is checked against the bytes that
 * remain: a verbatim string cannot be longer than the rest of the input, and an LZF string cannot
 * claim more than {@value Lzf#MAX_EXPANSION} times its compressed size. Lengths are unsigned
 * 64-bit, as in Redis; one that no Java array can hold is rejected as corrupt.
 *
 * <p>Verdicts follow Redis's where Redis is lenient, each checked against the server by {@code
 * RdbRedisIT}: a length field of the form {@code 11xxxxxx} reads as the length {@code xxxxxx} where
 * a plain length is expected ({@code rdbLoadLen} with no encoding flag), and an LZF string that
 * claims 0 bytes is the empty string whatever its compressed bytes are ({@code lzf_decompress}
 * returns 0, which equals the claimed length). Unlike Redis's {@code RESTORE}, which reads on into
 * the 10-byte footer, a reader never reads past the range it was given.
 *
 * <p>Reading does not copy the input array: do not change it while reading. Returned strings are
 * fresh arrays. Not thread-safe.
 */
public final class RdbReader {
  /** Java's largest safe array length. */
  private static final int MAX_ARRAY = Integer.MAX_VALUE - 8;

  private static final String FORMAT = "RDB";

  private final byte[] in;
  private final int end;
  private int pos;

  /** {@link #form}: a verbatim string (the other forms are the RdbWriter.ENC_* values). */
  private static final int VERBATIM = -1;

  // set by lengthOrEncoding(): the field was 11EEEEEE and its value is the encoding E
  private boolean encoded;

  // set by stringExtent(): the string's form, and for ENC_LZF its uncompressed length
  private int form;
  private long lzfLength;

  private RdbReader(byte[] in, int off, int end) {
    this.in = in;
    this.pos = off;
    this.end = end;
  }

  /**
   * Reads from all of {@code bytes}. The array is not copied.
   *
   * @param bytes the input
   * @return a reader positioned at 0
   */
  public static RdbReader of(byte[] bytes) {
    return new RdbReader(Objects.requireNonNull(bytes, "bytes"), 0, bytes.length);
  }

  /**
   * Reads from {@code bytes[off, off+len)}. The array is not copied.
   *
   * @param bytes the input
   * @param off first byte
   * @param len number of bytes
   * @return a reader positioned at {@code off}
   * @throws IndexOutOfBoundsException if the range is outside {@code bytes}
   */
  public static RdbReader of(byte[] bytes, int off, int len) {
    Objects.checkFromIndexSize(off, len, bytes.length);
    return new RdbReader(bytes, off, off + len);
  }

  /**
   * Returns the index in the input array of the next byte to read.
   *
   * @return the position
   */
  public int position() {
    return pos;
  }

  /**
   * Returns how many bytes are left.
   *
   * @return the remaining byte count
   */
  public int remaining() {
    return end - pos;
  }

  /**
   * Returns whether all input was read.
   *
   * @return {@code true} at the end
   */
  public boolean atEnd() {
    return pos == end;
  }

  /**
   * Reads one unsigned byte, e.g. an object type (Redis: {@code rdbLoadType}).
   *
   * @return 0..255
   * @throws CorruptEncodingException at the end of the input
   */
  public int type() {
    need(1, "type");
    return in[pos++] & 0xff;
  }

  /**
   * Reads a plain length (Redis: {@code rdbLoadLen(rdb, NULL)}). As in Redis, a byte {@code
   * 11xxxxxx} (a string encoding marker) reads as the length {@code xxxxxx}.
   *
   * @return the length, unsigned 64-bit
   * @throws CorruptEncodingException if truncated or of an unknown form ({@code 0x82..0xbf})
   */
  public long length() {
    return lengthOrEncoding();
  }

  /**
   * Reads a length that must fit a Java array index, for counts the caller will allocate or loop
   * over.
   *
   * @return the length, 0..{@code Integer.MAX_VALUE - 8}
   * @throws CorruptEncodingException if truncated, of an unknown form, or larger
   */
  public int intLength() {
    int at = pos;
    long len = lengthOrEncoding();
    if (Long.compareUnsigned(len, MAX_ARRAY) > 0) {
      throw corrupt(at, "length " + Long.toUnsignedString(len) + " exceeds a Java array");
    }
    return (int) len;
  }

  /** Redis: rdbLoadLenByRef. For 11EEEEEE sets {@code encoded} and returns E. */
  private long lengthOrEncoding() {
    int at = pos;
    need(1, "length");
    encoded = false;
    int first = in[pos++] & 0xff;
    switch (first >>> 6) {
      case 0:
        return first;
      case 1:
        need(1, "14-bit length");
        return ((first & 0x3f) << 8) | (in[pos++] & 0xff);
      case 3:
        encoded = true;
        return first & 0x3f;
      default:
        if (first == 0x80) {
          return bigEndian(4);
        }
        if (first == 0x81) {
          return bigEndian(8);
        }
        throw corrupt(at, String.format("unknown length encoding 0x%02x", first));
    }
  }

  /**
   * Reads a string in any of its forms: verbatim, int8/16/32 (returned as decimal text, as Redis
   * loads them) or LZF-compressed (Redis: {@code rdbGenericLoadStringObject}).
   *
   * @return the string's bytes
   * @throws CorruptEncodingException if the field is malformed, truncated or lies about a length
   */
  public byte[] string() {
    int at = pos;
    long n = stringExtent();
    switch (form) {
      case VERBATIM:
        return bytes(n, at);
      case RdbWriter.ENC_INT8:
        need(1, "int8 string");
        return RedisNumbers.ll2string(in[pos++]);
      case RdbWriter.ENC_INT16:
        need(2, "int16 string");
        return RedisNumbers.ll2string((short) littleEndian(2));
      case RdbWriter.ENC_INT32:
        need(4, "int32 string");
        return RedisNumbers.ll2string((int) littleEndian(4));
      default:
        return lzfString(at, n);
    }
  }

  /**
   * Reads the head of a string (its length field; for an LZF string also the compressed and the
   * uncompressed length) and returns how many bytes of content follow it, without reading them: the
   * one decoding of a string's form, for {@link #string()} and for walkers that skip strings in a
   * stream (Redis: the start of {@code rdbGenericLoadStringObject}). The count is not checked
   * against the bytes that remain.
   *
   * @return the content's byte count, unsigned 64-bit (1, 2 or 4 for the integer forms)
   * @throws CorruptEncodingException if the head is truncated or of an unknown form
   */
  public long stringExtent() {
    int at = pos;
    long len = lengthOrEncoding();
    if (!encoded) {
      form = VERBATIM;
      return len;
    }
    form = (int) len;
    switch (form) {
      case RdbWriter.ENC_INT8:
        return 1;
      case RdbWriter.ENC_INT16:
        return 2;
      case RdbWriter.ENC_INT32:
        return 4;
      case RdbWriter.ENC_LZF:
        long clen = length();
        lzfLength = length();
        return clen;
      default:
        throw corrupt(at, "unknown string encoding " + len);
    }
  }

  /**
   * Reads a string and decodes it as UTF-8 (malformed input decodes with U+FFFD).
   *
   * @return the string
   * @throws CorruptEncodingException if the field is malformed
   */
  public String utf8String() {
    return new String(string(), StandardCharsets.UTF_8);
  }

  /**
   * Reads 8 bytes little-endian as an IEEE 754 double (Redis: {@code rdbLoadBinaryDoubleValue}).
   *
   * @return the value
   * @throws CorruptEncodingException if fewer than 8 bytes remain
   */
  public double binaryDouble() {
    need(8, "binary double");
    return Double.longBitsToDouble(littleEndian(8));
  }

  /**
   * Reads {@code n} bytes as they are.
   *
   * @param n how many
   * @return a copy of the bytes
   * @throws CorruptEncodingException if fewer than {@code n} bytes remain
   * @throws IllegalArgumentException if {@code n} is negative
   */
  public byte[] raw(int n) {
    if (n < 0) {
      throw new IllegalArgumentException("negative byte count: " + n);
    }
    return bytes(n, pos);
  }

  /** Redis: rdbLoadLzfStringObject. Both lengths are checked before anything is allocated. */
  private byte[] lzfString(int at, long clen) {
    long len = lzfLength;
    checkRemaining(clen, at, "LZF compressed length ");
    int start = pos;
    pos += (int) clen;
    if (len == 0) {
      return new byte[0]; // Redis: lzf_decompress returns 0 == len whatever the data
    }
    if (Long.compareUnsigned(len, clen * Lzf.MAX_EXPANSION) > 0
        || Long.compareUnsigned(len, MAX_ARRAY) > 0) {
      throw corrupt(
          at,
          "LZF length "
              + Long.toUnsignedString(len)
              + " cannot come from "
              + clen
              + " compressed bytes");
    }
    byte[] out = new byte[(int) len];
    int n = Lzf.decompress(in, start, (int) clen, out, 0, out.length);
    if (n != out.length) {
      throw corrupt(start, "LZF data gives " + n + " bytes, " + len + " claimed");
    }
    return out;
  }

  /** Throws unless {@code n} (an unsigned length read at {@code at}) bytes are left. */
  private void checkRemaining(long n, int at, String what) {
    if (Long.compareUnsigned(n, remaining()) > 0) {
      throw corrupt(
          at, what + Long.toUnsignedString(n) + " exceeds the " + remaining() + " bytes left");
    }
  }

  private byte[] bytes(long n, int at) {
    checkRemaining(n, at, "string length ");
    byte[] b = Arrays.copyOfRange(in, pos, pos + (int) n);
    pos += (int) n;
    return b;
  }

  private long bigEndian(int n) {
    need(n, n * 8 + "-bit length");
    long v = 0;
    for (int i = 0; i < n; i++) {
      v = (v << 8) | (in[pos++] & 0xff);
    }
    return v;
  }

  private long littleEndian(int n) {
    long v = 0;
    for (int i = 0; i < n; i++) {
      v |= (long) (in[pos++] & 0xff) << (8 * i);
    }
    return v;
  }

  private void need(int n, String what) {
    if (remaining() < n) {
      throw corrupt(pos, "truncated " + what + ": need " + n + " bytes, " + remaining() + " left");
    }
  }

  private CorruptEncodingException corrupt(int at, String reason) {
    return new CorruptEncodingException(FORMAT, at, reason, in);
  }
}
