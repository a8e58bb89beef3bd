package dev.redstruct.testkit;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * Reads RDB-encoded bytes (types, lengths, strings) as Redis 7.0.15 loads them in {@code
 * src/rdb.c}; the formats are drawn in {@link RdbWriter}.
 *
 * <p>Input is untrusted: every malformed, truncated or lying field throws {@link
 * IllegalArgumentException} naming the offset, and no length is allocated before it is checked
 * against the bytes that remain (LZF output is capped at what the compressed size can produce).
 * Reading does not copy the input array (see {@link #of(byte[])}); returned strings are fresh
 * arrays. Not thread-safe.
 */
public final class RdbReader {
  /*
   * Implementation notes.
   * The LZF bound: the densest LZF item is a 3-byte long back reference producing 264 bytes, so a
   * compressed length clen cannot produce more than 88 * clen bytes; a larger claimed length is a
   * lie and is rejected before allocating.
   */

  private static final int LZF_MAX_RATIO = 88;

  private final byte[] in;
  private final int end;
  private int pos;
  // set by lengthOrEncoding(): the field was 11EEEEEE and its value is the encoding E
  private boolean encoded;

  private RdbReader(byte[] in, int off, int end) {
    this.in = in;
    this.pos = off;
    this.end = end;
  }

  /**
   * Reads from all of {@code bytes}. The array is not copied: do not change it while reading.
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
   * Returns the position of the next byte to read in the input array.
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
   * @throws IllegalArgumentException at the end of the input
   */
  public int type() {
    need(1, "type");
    return in[pos++] & 0xff;
  }

  /**
   * Reads a plain length (Redis: {@code rdbLoadLen}).
   *
   * @return the length, as unsigned 64-bit
   * @throws IllegalArgumentException if truncated, or if the field is a special string encoding
   */
  public long length() {
    int at = pos;
    long len = lengthOrEncoding();
    if (encoded) {
      throw corrupt(at, "special string encoding " + len + " where a length was expected");
    }
    return len;
  }

  /** Reads a length field; for 11EEEEEE sets {@code encoded} and returns E. */
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
   * Reads a string in any of its encodings: verbatim, int8/16/32 (returned as decimal text, as
   * Redis loads them) or LZF-compressed (Redis: {@code rdbGenericLoadStringObject}).
   *
   * @return the string's bytes
   * @throws IllegalArgumentException if the field is malformed or truncated
   */
  public byte[] string() {
    int at = pos;
    long len = lengthOrEncoding();
    if (!encoded) {
      return bytes(len, at);
    }
    int enc = (int) len;
    switch (enc) {
      case RdbWriter.ENC_INT8:
        need(1, "int8 string");
        return decimal(in[pos++]);
      case RdbWriter.ENC_INT16:
        need(2, "int16 string");
        return decimal((short) littleEndian(2));
      case RdbWriter.ENC_INT32:
        need(4, "int32 string");
        return decimal((int) littleEndian(4));
      case RdbWriter.ENC_LZF:
        return lzfString(at);
      default:
        throw corrupt(at, "unknown string encoding " + enc);
    }
  }

  /**
   * Reads a string and decodes it as UTF-8.
   *
   * @return the string
   * @throws IllegalArgumentException if the field is malformed or truncated
   */
  public String utf8String() {
    return new String(string(), StandardCharsets.UTF_8);
  }

  /**
   * Reads 8 bytes little-endian as an IEEE 754 double (Redis: {@code rdbLoadBinaryDoubleValue}).
   *
   * @return the value
   * @throws IllegalArgumentException if fewer than 8 bytes remain
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
   * @throws IllegalArgumentException if fewer than {@code n} bytes remain
   */
  public byte[] raw(int n) {
    return bytes(n, pos);
  }

  private byte[] lzfString(int at) {
    long clen = length();
    long len = length();
    if (clen > remaining()) {
      throw corrupt(
          at, "LZF compressed length " + clen + " exceeds the " + remaining() + " bytes left");
    }
    if (len < 0 || len > clen * LZF_MAX_RATIO) {
      throw corrupt(
          at,
          "LZF length "
              + Long.toUnsignedString(len)
              + " cannot come from "
              + clen
              + " compressed bytes");
    }
    int start = pos;
    pos += (int) clen;
    try {
      return Lzf.decompress(in, start, (int) clen, (int) len);
    } catch (IllegalArgumentException e) {
      throw corrupt(start, e.getMessage());
    }
  }

  private byte[] bytes(long n, int at) {
    if (n < 0 || n > remaining()) {
      throw corrupt(
          at,
          "string length "
              + Long.toUnsignedString(n)
              + " exceeds the "
              + remaining()
              + " bytes left");
    }
    byte[] b = Arrays.copyOfRange(in, pos, pos + (int) n);
    pos += (int) n;
    return b;
  }

  private static byte[] decimal(long v) {
    return Long.toString(v).getBytes(StandardCharsets.US_ASCII);
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

  private IllegalArgumentException corrupt(int at, String reason) {
    int from = Math.max(0, at - 8);
    int to = Math.min(in.length, at + 8);
    return new IllegalArgumentException(
        "corrupt RDB at offset "
            + at
            + ": "
            + reason
            + " [bytes "
            + from
            + ".."
            + to
            + ": "
            + Printable.hex(in, from, to - from)
            + "]");
  }
}
