package dev.redstruct.core;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * Byte-string helpers shared by the redstruct modules: Redis's member order (unsigned, as {@code
 * memcmp}), UTF-8 conversions, little-endian field access as Redis's encodings lay fields out, and
 * hex for diagnostics and tests.
 *
 * <p>All methods are static and thread-safe. Array arguments must be non-null; offsets and lengths
 * are checked and a bad range throws {@link IndexOutOfBoundsException}.
 */
public final class Bytes {
  private static final VarHandle SHORT_LE =
      MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INT_LE =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LONG_LE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final char[] HEX_DIGITS = "0123456789abcdef".toCharArray();

  private Bytes() {}

  /**
   * Compares two byte ranges the way Redis orders members and fields: byte by byte as unsigned
   * values, and a proper prefix before the longer string ({@code memcmp} then length).
   *
   * @param a the first array
   * @param aOff start of the first range
   * @param aLen length of the first range
   * @param b the second array
   * @param bOff start of the second range
   * @param bLen length of the second range
   * @return a negative number, zero or a positive number as the first range sorts before, equal to
   *     or after the second
   */
  public static int compare(byte[] a, int aOff, int aLen, byte[] b, int bOff, int bLen) {
    return Arrays.compareUnsigned(a, aOff, aOff + aLen, b, bOff, bOff + bLen);
  }

  /**
   * Compares two byte strings in Redis's member order; see {@link #compare(byte[], int, int,
   * byte[], int, int)}.
   *
   * @param a the first string
   * @param b the second string
   * @return negative, zero or positive as {@code a} sorts before, equal to or after {@code b}
   */
  public static int compare(byte[] a, byte[] b) {
    return Arrays.compareUnsigned(a, b);
  }

  /**
   * Tells whether two byte ranges hold the same bytes.
   *
   * @param a the first array
   * @param aOff start of the first range
   * @param aLen length of the first range
   * @param b the second array
   * @param bOff start of the second range
   * @param bLen length of the second range
   * @return true when the ranges have equal length and content
   */
  public static boolean equals(byte[] a, int aOff, int aLen, byte[] b, int bOff, int bLen) {
    return Arrays.equals(a, aOff, aOff + aLen, b, bOff, bOff + bLen);
  }

  /**
   * Encodes a string as UTF-8.
   *
   * @param s the string
   * @return its UTF-8 bytes, a new array
   */
  public static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /**
   * Decodes a UTF-8 byte range; malformed input is replaced with U+FFFD, as {@link String} does.
   *
   * @param b the array
   * @param off start of the range
   * @param len length of the range
   * @return the decoded string
   */
  public static String utf8(byte[] b, int off, int len) {
    Objects.checkFromIndexSize(off, len, b.length);
    return new String(b, off, len, StandardCharsets.UTF_8);
  }

  /**
   * Reads a little-endian signed 16-bit value.
   *
   * @param b the array
   * @param off offset of the first byte
   * @return the value, sign-extended
   */
  public static short getShortLE(byte[] b, int off) {
    return (short) SHORT_LE.get(b, off);
  }

  /**
   * Reads a little-endian signed 24-bit value.
   *
   * @param b the array
   * @param off offset of the first byte
   * @return the value, sign-extended to an int
   */
  public static int getInt24LE(byte[] b, int off) {
    Objects.checkFromIndexSize(off, 3, b.length);
    return (b[off] & 0xff) | (b[off + 1] & 0xff) << 8 | b[off + 2] << 16;
  }

  /**
   * Reads a little-endian signed 32-bit value.
   *
   * @param b the array
   * @param off offset of the first byte
   * @return the value
   */
  public static int getIntLE(byte[] b, int off) {
    return (int) INT_LE.get(b, off);
  }

  /**
   * Reads a little-endian 64-bit value.
   *
   * @param b the array
   * @param off offset of the first byte
   * @return the value
   */
  public static long getLongLE(byte[] b, int off) {
    return (long) LONG_LE.get(b, off);
  }

  /**
   * Writes the low 16 bits of a value little-endian.
   *
   * @param b the array
   * @param off offset of the first byte
   * @param v the value
   */
  public static void putShortLE(byte[] b, int off, int v) {
    SHORT_LE.set(b, off, (short) v);
  }

  /**
   * Writes the low 24 bits of a value little-endian.
   *
   * @param b the array
   * @param off offset of the first byte
   * @param v the value
   */
  public static void putInt24LE(byte[] b, int off, int v) {
    Objects.checkFromIndexSize(off, 3, b.length);
    b[off] = (byte) v;
    b[off + 1] = (byte) (v >>> 8);
    b[off + 2] = (byte) (v >>> 16);
  }

  /**
   * Writes a 32-bit value little-endian.
   *
   * @param b the array
   * @param off offset of the first byte
   * @param v the value
   */
  public static void putIntLE(byte[] b, int off, int v) {
    INT_LE.set(b, off, v);
  }

  /**
   * Writes a 64-bit value little-endian.
   *
   * @param b the array
   * @param off offset of the first byte
   * @param v the value
   */
  public static void putLongLE(byte[] b, int off, long v) {
    LONG_LE.set(b, off, v);
  }

  /**
   * Formats bytes as lower-case hex without separators, e.g. {@code "0f00ff"}.
   *
   * @param b the bytes
   * @return the hex string
   */
  public static String hex(byte[] b) {
    char[] out = new char[b.length * 2];
    for (int i = 0; i < b.length; i++) {
      out[2 * i] = HEX_DIGITS[(b[i] >> 4) & 0xf];
      out[2 * i + 1] = HEX_DIGITS[b[i] & 0xf];
    }
    return new String(out);
  }

  /**
   * Renders a byte string for people: its text when the bytes are valid UTF-8, else {@code 0x}
   * followed by lower-case hex ({@code "apple"}, {@code "0xff00"}). Meant for {@code toString} of
   * values holding byte strings; not a round-trip format (the text {@code "0x00"} and the byte 0
   * read alike).
   *
   * @param b the bytes
   * @return the text or the prefixed hex
   */
  public static String readable(byte[] b) {
    Objects.requireNonNull(b, "b");
    CharsetDecoder decoder =
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    try {
      return decoder.decode(ByteBuffer.wrap(b)).toString();
    } catch (CharacterCodingException e) {
      return "0x" + hex(b);
    }
  }

  /**
   * Parses hex digits into bytes; white space between digits is ignored, so a layout can be written
   * field by field ({@code "0f000000 0c000000 0200 ..."}).
   *
   * @param hex pairs of hex digits, upper or lower case, with optional white space
   * @return the bytes
   * @throws IllegalArgumentException if a character is not a hex digit or the digit count is odd
   */
  public static byte[] fromHex(String hex) {
    byte[] out = new byte[hex.length() / 2];
    int n = 0;
    int high = -1;
    for (int i = 0; i < hex.length(); i++) {
      char c = hex.charAt(i);
      if (Character.isWhitespace(c)) {
        continue;
      }
      int digit = Character.digit(c, 16);
      if (digit < 0) {
        throw new IllegalArgumentException("not a hex digit at index " + i + ": " + c);
      }
      if (high < 0) {
        high = digit;
      } else {
        out[n++] = (byte) (high << 4 | digit);
        high = -1;
      }
    }
    if (high >= 0) {
      throw new IllegalArgumentException("odd number of hex digits");
    }
    return Arrays.copyOf(out, n);
  }
}
