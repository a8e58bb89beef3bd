package dev.redstruct.rdb;

import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Redis Cluster's hash slot of a key: {@code CRC16(key) mod 16384}, where only the hash tag is
 * hashed when the key has one (Redis: {@code keyHashSlot}, src/cluster.c, and {@code crc16},
 * src/crc16.c, 7.0.15).
 *
 * <p><b>Hash tags.</b> If the key holds a <code>&#123;</code>, and a <code>&#125;</code> follows it
 * with at least one byte between them, only the bytes between the <em>first</em> <code>&#123;
 * </code> and the first <code>&#125;</code> after it are hashed. Otherwise (no <code>&#123;</code>,
 * no <code>&#125;</code> after it, or an empty tag) the whole key is hashed. So <code>
 * &#123;user1000&#125;.following</code> and <code>&#123;user1000&#125;.followers</code> share a
 * slot, <code>foo&#123;&#125;&#123;bar&#125;</code> hashes the whole key and <code>
 * foo&#123;&#123;bar&#125;&#125;</code> hashes <code>&#123;bar</code> (the examples of the Redis
 * Cluster specification, checked by {@code KeySlotTest}).
 *
 * <p><b>CRC16</b> is the XMODEM variant (CCITT polynomial 0x1021, initial value 0, no reflection,
 * no final XOR): {@code crc16("123456789") == 0x31c3}, the check value in crc16.c's header, so
 * {@code "123456789"} lives in slot 12739.
 *
 * <p>Stateless and thread-safe; nothing is allocated.
 */
public final class KeySlot {
  /** The number of hash slots of a Redis Cluster ({@code CLUSTER_SLOTS}). */
  public static final int SLOTS = 16384;

  /* Implementation notes: the table is the 256 CRCs of one byte, built once from the polynomial
   * (final and never written after the class initializer, so not mutable state). */
  private static final char[] TABLE = table();

  private KeySlot() {}

  private static char[] table() {
    char[] t = new char[256];
    for (int b = 0; b < 256; b++) {
      int crc = b << 8;
      for (int i = 0; i < 8; i++) {
        crc = (crc & 0x8000) != 0 ? (crc << 1) ^ 0x1021 : crc << 1;
      }
      t[b] = (char) crc;
    }
    return t;
  }

  /**
   * Returns the CRC16 (XMODEM) of {@code bytes[off, off+len)} (Redis: {@code crc16}).
   *
   * @param bytes the data
   * @param off first byte
   * @param len number of bytes
   * @return the CRC, 0..65535
   * @throws IndexOutOfBoundsException if the range is outside {@code bytes}
   */
  public static int crc16(byte[] bytes, int off, int len) {
    Objects.requireNonNull(bytes, "bytes");
    Objects.checkFromIndexSize(off, len, bytes.length);
    int crc = 0;
    for (int i = off; i < off + len; i++) {
      crc = (crc << 8) ^ TABLE[((crc >>> 8) ^ bytes[i]) & 0xff];
    }
    return crc & 0xffff;
  }

  /**
   * Returns the hash slot of a key (Redis: {@code keyHashSlot}).
   *
   * @param key the key's bytes
   * @return the slot, 0..16383
   */
  public static int of(byte[] key) {
    Objects.requireNonNull(key, "key");
    int open = indexOf(key, (byte) '{', 0);
    if (open >= 0) {
      int close = indexOf(key, (byte) '}', open + 1);
      if (close > open + 1) {
        return crc16(key, open + 1, close - open - 1) & (SLOTS - 1);
      }
    }
    return crc16(key, 0, key.length) & (SLOTS - 1);
  }

  /**
   * Returns the hash slot of a key given as text, encoded as UTF-8 (as Redis clients send it).
   *
   * @param key the key
   * @return the slot, 0..16383
   */
  public static int of(String key) {
    Objects.requireNonNull(key, "key");
    return of(key.getBytes(StandardCharsets.UTF_8));
  }

  private static int indexOf(byte[] a, byte b, int from) {
    for (int i = from; i < a.length; i++) {
      if (a[i] == b) {
        return i;
      }
    }
    return -1;
  }
}
