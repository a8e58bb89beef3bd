package dev.redstruct.core;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * Converts between a Java value and the byte string a Redis structure stores, so that a structure
 * of byte strings can be viewed as a {@code java.util} collection of {@code E}.
 *
 * <p>A codec must be a bijection on the values it accepts: {@code decode(encode(e))} equals {@code
 * e}. Implementations are stateless and thread-safe. The built-in codecs reject {@code null} with
 * {@link NullPointerException}.
 *
 * @param <E> the Java type
 */
public interface Codec<E> {
  /**
   * Encodes a value.
   *
   * @param value the value
   * @return its bytes, a new array the caller owns
   */
  byte[] encode(E value);

  /**
   * Decodes a value from a byte range; the codec does not keep a reference to {@code src}.
   *
   * @param src the array
   * @param off start of the range
   * @param len length of the range
   * @return the value
   * @throws IllegalArgumentException if the bytes are not a valid encoding of an {@code E}
   */
  E decode(byte[] src, int off, int len);

  /**
   * Decodes a value from a whole array.
   *
   * @param src the bytes
   * @return the value
   * @throws IllegalArgumentException if the bytes are not a valid encoding of an {@code E}
   */
  default E decode(byte[] src) {
    return decode(src, 0, src.length);
  }

  /**
   * Returns the codec of strings as UTF-8. Malformed UTF-8 decodes with U+FFFD replacements, so it
   * is a bijection only on well-formed input.
   *
   * @return the UTF-8 string codec
   */
  static Codec<String> utf8() {
    return BuiltInCodecs.UTF8;
  }

  /**
   * Returns the identity codec of byte arrays; both directions copy.
   *
   * @return the byte-array codec
   */
  static Codec<byte[]> bytes() {
    return BuiltInCodecs.BYTES;
  }

  /**
   * Returns the codec of {@code Long} as canonical decimal bytes, the form in which Redis stores
   * and returns integers ({@code LRANGE} of an integer-encoded entry gives these bytes back).
   *
   * @return the decimal long codec; its {@code decode} throws {@link NumberFormatException} for
   *     bytes that are not a canonical int64 decimal
   */
  static Codec<Long> longs() {
    return BuiltInCodecs.LONGS;
  }
}

/** The codecs behind {@link Codec}'s factories. */
final class BuiltInCodecs {
  static final Codec<String> UTF8 =
      new Codec<>() {
        @Override
        public byte[] encode(String value) {
          return value.getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public String decode(byte[] src, int off, int len) {
          return Bytes.utf8(src, off, len);
        }

        @Override
        public String toString() {
          return "Codec.utf8()";
        }
      };

  static final Codec<byte[]> BYTES =
      new Codec<>() {
        @Override
        public byte[] encode(byte[] value) {
          return value.clone();
        }

        @Override
        public byte[] decode(byte[] src, int off, int len) {
          Objects.checkFromIndexSize(off, len, src.length);
          return Arrays.copyOfRange(src, off, off + len);
        }

        @Override
        public String toString() {
          return "Codec.bytes()";
        }
      };

  // one anonymous class per constant, as UTF8 and BYTES: alike in shape only (encode, decode, name)
  static final Codec<Long> LONGS =
      new Codec<>() {
        @Override
        public byte[] encode(Long value) {
          return RedisNumbers.ll2string(value);
        }

        @Override
        public Long decode(byte[] src, int off, int len) {
          return RedisNumbers.parseCanonicalLong(src, off, len);
        }

        @Override
        public String toString() {
          return "Codec.longs()";
        }
      };

  private BuiltInCodecs() {}
}
