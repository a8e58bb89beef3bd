package dev.redstruct.intset;

import dev.redstruct.core.CorruptEncodingException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The byte layout of Redis's intset (src/intset.h, src/intset.c, Redis 7.0.15): the header fields,
 * the element slots, and the shallow and deep checks of {@code intsetValidateIntegrity}.
 *
 * <pre>
 *   offset  0                4                8
 *          +----------------+----------------+------------+------------+-- ... --+
 *          | encoding       | length         | element 0  | element 1  |         |
 *          | uint32 LE:     | uint32 LE:     | encoding   | encoding   |         |
 *          | 2, 4 or 8      | element count  | bytes, LE  | bytes, LE  |         |
 *          +----------------+----------------+------------+------------+-- ... --+
 *   blob size = 8 + length * encoding; elements strictly ascending, signed two's complement
 * </pre>
 *
 * <p>The encoding is the width of every element: 2 ({@code int16_t}) while all values lie in
 * [-32768, 32767], 4 ({@code int32_t}) while they lie in [-2<sup>31</sup>, 2<sup>31</sup>-1], else
 * 8 ({@code int64_t}). It only ever widens: a removal never narrows it.
 *
 * <p>Worked example (Redis 7.0.15: {@code SADD s 1 2 -3}, then {@code DUMP s}, whose type-11 body
 * is this blob as one RDB string):
 *
 * <pre>
 *   02 00 00 00   encoding 2: int16 elements
 *   03 00 00 00   length 3
 *   fd ff         -3
 *   01 00          1
 *   02 00          2
 * </pre>
 *
 * This is checked by {@code IntSetLayoutTest}.
 */
final class IntSetLayout {
  /* Implementation notes.
   * Redis keeps the header in host order and swaps on big-endian hosts (intrev32ifbe, memrev*ifbe),
   * so the blob in memory, in RDB files and in DUMP payloads is little-endian everywhere; we read
   * and write it with little-endian VarHandles. A length is a uint32: a blob whose length field has
   * the top bit set is read as a long and fails the size check, never as a negative count.
   */

  static final String FORMAT = "intset";
  static final int HEADER = 8;
  static final int ENC_INT16 = 2;
  static final int ENC_INT32 = 4;
  static final int ENC_INT64 = 8;
  static final int ENCODING_OFFSET = 0;
  static final int LENGTH_OFFSET = 4;

  private static final VarHandle SHORT =
      MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INT =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private IntSetLayout() {}

  /** The header's encoding field (not checked). */
  static long encoding(byte[] b) {
    return Integer.toUnsignedLong((int) INT.get(b, ENCODING_OFFSET));
  }

  /** The header's length field, unsigned. */
  static long length(byte[] b) {
    return Integer.toUnsignedLong((int) INT.get(b, LENGTH_OFFSET));
  }

  static void putEncoding(byte[] b, int enc) {
    INT.set(b, ENCODING_OFFSET, enc);
  }

  static void putLength(byte[] b, int len) {
    INT.set(b, LENGTH_OFFSET, len);
  }

  /** The element at {@code pos}. Redis: _intsetGetEncoded. */
  static long get(byte[] b, int enc, int pos) {
    int off = HEADER + pos * enc;
    return switch (enc) {
      case ENC_INT16 -> (short) SHORT.get(b, off);
      case ENC_INT32 -> (int) INT.get(b, off);
      default -> (long) LONG.get(b, off);
    };
  }

  /** Writes the element at {@code pos}, which must fit {@code enc}. Redis: _intsetSet. */
  static void set(byte[] b, int enc, int pos, long v) {
    int off = HEADER + pos * enc;
    switch (enc) {
      case ENC_INT16 -> SHORT.set(b, off, (short) v);
      case ENC_INT32 -> INT.set(b, off, (int) v);
      default -> LONG.set(b, off, v);
    }
  }

  /** Binary search over the elements: the index, or -(insertion point) - 1. Redis: intsetSearch. */
  static int search(byte[] b, int enc, int len, long value) {
    int min = 0;
    int max = len - 1;
    while (max >= min) {
      int mid = (min + max) >>> 1;
      long cur = get(b, enc, mid);
      if (value > cur) {
        min = mid + 1;
      } else if (value < cur) {
        max = mid - 1;
      } else {
        return mid;
      }
    }
    return -min - 1;
  }

  /** The narrowest encoding that holds {@code v}. Redis: _intsetValueEncoding. */
  static int valueEncoding(long v) {
    if (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE) {
      return ENC_INT64;
    } else if (v < Short.MIN_VALUE || v > Short.MAX_VALUE) {
      return ENC_INT32;
    }
    return ENC_INT16;
  }

  /** The blob size of {@code len} elements of {@code enc} bytes, as a long (no overflow). */
  static long blobLength(int enc, long len) {
    return HEADER + len * enc;
  }

  /**
   * The shallow half of Redis's intsetValidateIntegrity: a readable header, an encoding of 2, 4 or
   * 8, and a blob of exactly {@code 8 + length * encoding} bytes. Emptiness is not checked here (an
   * empty intset is a valid value in memory; only the RDB loader refuses it).
   *
   * @return the element count
   */
  static int checkHeader(byte[] b, int size) {
    if (size < HEADER) {
      throw corrupt(b, 0, "blob of " + size + " bytes is shorter than the 8-byte header");
    }
    long enc = encoding(b);
    if (enc != ENC_INT16 && enc != ENC_INT32 && enc != ENC_INT64) {
      throw corrupt(b, ENCODING_OFFSET, "encoding " + enc + " is not 2, 4 or 8");
    }
    long len = length(b);
    if (blobLength((int) enc, len) != size) {
      throw corrupt(
          b,
          LENGTH_OFFSET,
          "length "
              + len
              + " of "
              + enc
              + "-byte elements needs "
              + blobLength((int) enc, len)
              + " bytes, the blob has "
              + size);
    }
    return (int) len;
  }

  /** The deep half of intsetValidateIntegrity: elements strictly ascending (no duplicates). */
  static void checkOrder(byte[] b, int enc, int len) {
    if (len == 0) {
      return;
    }
    long prev = get(b, enc, 0);
    for (int i = 1; i < len; i++) {
      long cur = get(b, enc, i);
      if (cur <= prev) {
        throw corrupt(
            b,
            HEADER + (long) i * enc,
            "element "
                + i
                + " ("
                + cur
                + ") is not greater than element "
                + (i - 1)
                + " ("
                + prev
                + ")");
      }
      prev = cur;
    }
  }

  static CorruptEncodingException corrupt(byte[] b, long offset, String reason) {
    return new CorruptEncodingException(FORMAT, offset, reason, b);
  }
}
