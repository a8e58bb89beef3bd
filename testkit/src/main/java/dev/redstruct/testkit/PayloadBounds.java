package dev.redstruct.testkit;

import java.util.Objects;

/**
 * Keeps payloads that could stall the oracle away from it: a DUMP payload whose declared element
 * count cannot fit in its own bytes.
 *
 * <p>Why: Redis 7.0.15's {@code rdbLoadObject} (src/rdb.c) sizes a set's, hash's or sorted set's
 * hashtable from the count in the payload before it reads a single element ({@code dictTryExpand},
 * which succeeds in virtual memory for billions of buckets); when the truncated payload is then
 * refused, freeing that table walks every bucket, which takes minutes and gigabytes of page faults.
 * A differential test that mutates payloads must therefore check every payload with {@link
 * #countFitsBytes} before it sends it, keep those that fail on our side, count them, and assert
 * that our decoder refuses them (a count that cannot fit can never be a valid payload).
 *
 * <p>The rule is deliberately simple and conservative: every element of the collection types takes
 * at least a fixed number of bytes (one per RDB string, eight per binary double), so a count larger
 * than the bytes after it divided by that minimum can only be a lie. The 10-byte footer counts as
 * room: {@code RESTORE} reads the value from a buffer over the whole payload and never checks that
 * the value ended before the footer, so a value may end inside it and still load. Types without a
 * leading count (strings, ziplist/listpack/intset blobs, whose 16- or 32-bit header counts Redis
 * checks against the blob before it allocates anything) always pass.
 */
public final class PayloadBounds {
  /* Implementation notes.
   * RDB lengths (rdbLoadLenByRef): 00xxxxxx is 6 bits, 01xxxxxx plus a byte is 14 bits, 0x80 is a
   * 32-bit and 0x81 a 64-bit big-endian length, 11xxxxxx is a special encoding whose low 6 bits
   * Redis returns as the length when a count is read; other bytes are errors (Redis refuses them
   * before allocating, so they pass here).
   */

  private PayloadBounds() {}

  /**
   * Returns whether the payload's leading element count (for RDB types 1 list, 2 set, 3 and 5
   * sorted set, 4 hash, 14 and 18 quicklist) fits in the bytes that follow it (footer included);
   * always {@code true} for other types and for payloads too short to hold a count.
   *
   * @param payload a DUMP payload (type byte, value, version, CRC-64), possibly corrupt
   * @return {@code false} if the declared count is larger than the remaining bytes can hold
   */
  public static boolean countFitsBytes(byte[] payload) {
    Objects.requireNonNull(payload, "payload");
    long count = declaredCount(payload);
    if (count < 0) {
      return true;
    }
    int minBytes = minBytesPerElement(payload[0] & 0xFF);
    long room = payload.length - lengthEnd(payload);
    return count <= Math.max(0, room) / minBytes;
  }

  /**
   * Returns the leading element count of a collection payload, or -1 when the type has none or the
   * count cannot be read.
   *
   * @param payload a DUMP payload, possibly corrupt
   * @return the declared count (unsigned values above {@code Long.MAX_VALUE} as {@code
   *     Long.MAX_VALUE}), or -1
   */
  public static long declaredCount(byte[] payload) {
    Objects.requireNonNull(payload, "payload");
    if (payload.length < 2 || minBytesPerElement(payload[0] & 0xFF) == 0) {
      return -1;
    }
    int first = payload[1] & 0xFF;
    int kind = first >>> 6;
    if (kind == 0 || kind == 3) {
      return first & 0x3F;
    }
    if (kind == 1) {
      return payload.length < 3 ? -1 : ((first & 0x3F) << 8) | (payload[2] & 0xFF);
    }
    int width = first == 0x80 ? 4 : first == 0x81 ? 8 : -1;
    if (width < 0 || payload.length < 2 + width) {
      return -1;
    }
    long v = 0;
    for (int i = 0; i < width; i++) {
      v = (v << 8) | (payload[2 + i] & 0xFF);
    }
    return v < 0 ? Long.MAX_VALUE : v;
  }

  /** Where the count ends (the first element's offset); only for readable counts. */
  private static int lengthEnd(byte[] payload) {
    int first = payload[1] & 0xFF;
    int kind = first >>> 6;
    if (kind == 0 || kind == 3) {
      return 2;
    }
    if (kind == 1) {
      return 3;
    }
    return first == 0x80 ? 6 : 10;
  }

  /** The fewest bytes one element of the type can take, or 0 for types without a count. */
  private static int minBytesPerElement(int type) {
    return switch (type) {
      case 1, 2, 14 -> 1; // one RDB string (an empty string is one length byte)
      case 3, 4 -> 2; // member and score text (one byte for nan/inf), or field and value
      case 5 -> 9; // member and a binary double
      case 18 -> 2; // container byte and a string
      default -> 0;
    };
  }
}
