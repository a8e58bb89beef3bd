package dev.redstruct.core.rdb;

import dev.redstruct.core.Bytes;
import java.util.Objects;

/**
 * The CRC-64 Redis puts in DUMP payloads and RDB files ({@code crc64(0, p, len)}, src/crc64.c,
 * "CRC-64-Jones").
 *
 * <p>Parameters: polynomial {@code 0xad93d23594c935a9}, input and output reflected, initial value 0
 * (Redis always passes 0), no final xor. Check value: {@code of("123456789")} is {@code
 * 0xe9c6d914c4b8d9ca} (crc64.c's own test; checked by {@code Crc64Test}). Stateless and
 * thread-safe; allocates nothing.
 */
public final class Crc64 {
  /*
   * Implementation notes.
   * A reflected CRC shifts right, so it runs on the bit-reversed polynomial 0x95ac9329ac4bc9b5.
   * Eight bytes at a time ("slice by 8", as Redis's crcspeed does): T[0] is the one-byte table and
   * T[k][n] is the CRC of byte n followed by k zero bytes, so the eight lookups of a little-endian
   * word combine with xor. The tables are computed at class load from the polynomial and never
   * written again.
   */

  /** The polynomial in normal (most significant bit first) notation, as crc64.c writes it. */
  public static final long POLY = 0xad93d23594c935a9L;

  private static final long[][] T = tables(Long.reverse(POLY));

  private Crc64() {}

  private static long[][] tables(long reflected) {
    long[][] t = new long[8][256];
    for (int n = 0; n < 256; n++) {
      long c = n;
      for (int k = 0; k < 8; k++) {
        c = (c & 1) != 0 ? (c >>> 1) ^ reflected : c >>> 1;
      }
      t[0][n] = c;
    }
    for (int k = 1; k < 8; k++) {
      for (int n = 0; n < 256; n++) {
        long c = t[k - 1][n];
        t[k][n] = (c >>> 8) ^ t[0][(int) (c & 0xff)];
      }
    }
    return t;
  }

  /**
   * Returns the CRC-64 of all of {@code data}.
   *
   * @param data the bytes
   * @return {@code crc64(0, data, data.length)}
   */
  public static long of(byte[] data) {
    return update(0, data, 0, data.length);
  }

  /**
   * Continues a CRC over {@code data[off, off+len)}: {@code update(of(a), b, 0, b.length)} is the
   * CRC of {@code a} followed by {@code b}.
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
    long[] t0 = T[0];
    long[] t1 = T[1];
    long[] t2 = T[2];
    long[] t3 = T[3];
    long[] t4 = T[4];
    long[] t5 = T[5];
    long[] t6 = T[6];
    long[] t7 = T[7];
    long c = crc;
    int i = off;
    int end = off + len;
    for (; end - i >= 8; i += 8) {
      c ^= Bytes.getLongLE(data, i);
      c =
          t7[(int) c & 0xff]
              ^ t6[(int) (c >>> 8) & 0xff]
              ^ t5[(int) (c >>> 16) & 0xff]
              ^ t4[(int) (c >>> 24) & 0xff]
              ^ t3[(int) (c >>> 32) & 0xff]
              ^ t2[(int) (c >>> 40) & 0xff]
              ^ t1[(int) (c >>> 48) & 0xff]
              ^ t0[(int) (c >>> 56)];
    }
    for (; i < end; i++) {
      c = t0[(int) ((c ^ data[i]) & 0xff)] ^ (c >>> 8);
    }
    return c;
  }
}
