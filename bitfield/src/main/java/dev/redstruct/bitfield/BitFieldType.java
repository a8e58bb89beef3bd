package dev.redstruct.bitfield;

import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * A BITFIELD integer type: {@code i1}..{@code i64} (signed, two's complement) or {@code u1}..{@code
 * u63} (unsigned). Fields are read and written most significant bit first from their bit offset, so
 * a byte-aligned field is big-endian.
 *
 * <p>There is no {@code u64}: Redis replies with signed 64-bit integers, so the largest {@code u64}
 * values could not be returned; Redis refuses the type and so does this class.
 *
 * <p>Instances are interned, immutable and thread-safe; compare them with {@code ==} or {@code
 * equals}.
 */
public final class BitFieldType {
  /** Redis's error text for a bad type argument. */
  public static final String ERR_TYPE =
      "ERR Invalid bitfield type. Use something like i16 u8. Note that u64 is not supported but"
          + " i64 is.";

  private static final BitFieldType[] SIGNED = new BitFieldType[65];
  private static final BitFieldType[] UNSIGNED = new BitFieldType[64];

  static {
    for (int b = 1; b <= 64; b++) {
      SIGNED[b] = new BitFieldType(true, b);
    }
    for (int b = 1; b <= 63; b++) {
      UNSIGNED[b] = new BitFieldType(false, b);
    }
  }

  private final boolean signed;
  private final int bits;
  private final long min;
  private final long max;

  private BitFieldType(boolean signed, int bits) {
    this.signed = signed;
    this.bits = bits;
    this.max = signed ? (bits == 64 ? Long.MAX_VALUE : (1L << (bits - 1)) - 1) : (1L << bits) - 1;
    this.min = signed ? -max - 1 : 0;
  }

  /**
   * Returns {@code i<bits>}.
   *
   * @param bits 1 to 64
   * @return the type
   * @throws IllegalArgumentException with {@link #ERR_TYPE} for other widths
   */
  public static BitFieldType signed(int bits) {
    if (bits < 1 || bits > 64) {
      throw new IllegalArgumentException(ERR_TYPE);
    }
    return SIGNED[bits];
  }

  /**
   * Returns {@code u<bits>}.
   *
   * @param bits 1 to 63
   * @return the type
   * @throws IllegalArgumentException with {@link #ERR_TYPE} for other widths (including 64)
   */
  public static BitFieldType unsigned(int bits) {
    if (bits < 1 || bits > 63) {
      throw new IllegalArgumentException(ERR_TYPE);
    }
    return UNSIGNED[bits];
  }

  /**
   * Parses a type as Redis does: a lowercase {@code i} or {@code u}, then a canonical decimal width
   * ({@code u08} and {@code U8} are refused).
   *
   * <p>Redis: {@code getBitfieldTypeFromArgument}, {@code src/bitops.c}.
   *
   * @param text for example {@code "i16"}
   * @return the type
   * @throws IllegalArgumentException with {@link #ERR_TYPE} if the text is not a type
   */
  public static BitFieldType parse(String text) {
    Objects.requireNonNull(text, "text");
    BitFieldType t = parseOrNull(text.getBytes(StandardCharsets.UTF_8));
    if (t == null) {
      throw new IllegalArgumentException(ERR_TYPE);
    }
    return t;
  }

  /** The type named by a command argument, or null. Like C's strlen, the name stops at a NUL. */
  static BitFieldType parseOrNull(byte[] arg) {
    if (arg.length == 0 || (arg[0] != 'i' && arg[0] != 'u')) {
      return null;
    }
    int end = 1;
    while (end < arg.length && arg[end] != 0) {
      end++;
    }
    Long width = Args.parseLong(arg, 1, end - 1);
    if (width == null || width < 1 || width > (arg[0] == 'i' ? 64 : 63)) {
      return null;
    }
    return arg[0] == 'i' ? SIGNED[width.intValue()] : UNSIGNED[width.intValue()];
  }

  /**
   * Returns whether the type is signed.
   *
   * @return true for {@code i} types
   */
  public boolean isSigned() {
    return signed;
  }

  /**
   * Returns the width in bits.
   *
   * @return 1 to 64
   */
  public int bits() {
    return bits;
  }

  /**
   * Returns the smallest value a field holds.
   *
   * @return {@code -2^(bits-1)} or 0
   */
  public long min() {
    return min;
  }

  /**
   * Returns the largest value a field holds.
   *
   * @return {@code 2^(bits-1) - 1} or {@code 2^bits - 1}
   */
  public long max() {
    return max;
  }

  /** Returns the type's name, e.g. {@code i16}. */
  @Override
  public String toString() {
    return (signed ? "i" : "u") + bits;
  }
}
