package dev.redstruct.testkit;

import java.util.Objects;

/**
 * The CRC-64 Redis uses for DUMP payloads and RDB files ({@code crc64(0, p, len)} in Redis's {@code
 * src/crc64.c}, "CRC-64-Jones").
 *
 * <p>Parameters: polynomial {@code 0xad93d23594c935a9}, input and output reflected, initial value 0
 * (Redis always passes 0), no final xor. Check value: {@code of("123456789".getBytes())} is {@code
 * 0xe9c6d914c4b8d9caL}. Stateless and thread-safe.
 */
public final class Crc64 {
  /*
   * Implementation notes.
   * A reflected CRC shifts right, so the table-driven form uses the bit-reversed polynomial
   * (0x95ac9329ac4bc9b5) and one 256-entry table: crc = T[(crc ^ b) & 0xff] ^ (crc >>> 8).
   * Redis's crcspeed uses 8 tables to go faster; the result is the same and tests do not need speed.
   * The table is computed at class load from the polynomial, not pasted.
   */

  /** The polynomial in normal (MSB-first) notation, as written in Redis's crc64.c. */
  public static final long POLY = 0xad93d23594c935a9L;

  private static final long REFLECTED_POLY = Long.reverse(POLY);
  private static final long[] TABLE = new long[256];

  static {
    for (int n = 0; n < 256; n++) {
      long crc = n;
      for (int k = 0; k < 8; k++) {
        crc = (crc & 1) != 0 ? (crc >>> 1) ^ REFLECTED_POLY : crc >>> 1;
      }
      TABLE[n] = crc;
    }
  }

  private Crc64() {}

  /**
   * Returns the CRC-64 of all of {@code data}.
   *
   * @param data the bytes
   * @return the CRC, as Redis computes {@code crc64(0, data, data.length)}
   */
  public static long of(byte[] data) {
    return update(0, data, 0, data.length);
  }

  /**
   * Continues a CRC over {@code data[off, off+len)}: {@code update(update(0, a), b) == of(a + b)}.
   *
   * @param crc the CRC of the bytes before (0 to start)
   * @param data the bytes
   * @param off first byte
   * @param len number of bytes
   * @return the updated CRC
   * @throws IndexOutOfBoundsException if the range is outside {@code data}
   */
  public static long update(long crc, byte[] data, int off, int len) {
    Objects.checkFromIndexSize(off, len, data.length);
    long c = crc;
    for (int i = off; i < off + len; i++) {
      c = TABLE[(int) ((c ^ data[i]) & 0xff)] ^ (c >>> 8);
    }
    return c;
  }
}
