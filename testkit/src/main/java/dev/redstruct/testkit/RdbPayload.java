package dev.redstruct.testkit;

import java.util.Arrays;

/**
 * A {@code DUMP}/{@code RESTORE} payload: one RDB object type byte, the RDB-encoded value (the
 * <em>body</em>), then a footer (Redis: {@code createDumpPayload} and {@code verifyDumpPayload},
 * src/cluster.c, 7.0.15).
 *
 * <pre>
 *   +------+------------------+----------------------+--------------------------+
 *   | type | body ...         | RDB version (2, LE)  | CRC-64 (8, LE)           |
 *   +------+------------------+----------------------+--------------------------+
 *   CRC-64 ({@link Crc64}) covers type, body and version.
 * </pre>
 *
 * Worked example, {@code SET k 12345} then {@code DUMP k} on Redis 7.0.15:
 *
 * <pre>
 *   00                        type 0 = STRING
 *   c1 39 30                  body: int16-encoded string, 0x3039 = 12345
 *   0a 00                     RDB version 10
 *   9d 94 ea 27 93 fc 08 b9   CRC-64 little-endian
 * </pre>
 *
 * <p>Instances are immutable values (equality over content) returned by {@link #parse(byte[])}; the
 * static methods build payloads. Byte arrays passed in and returned are copied.
 *
 * @param type the RDB object type, one of the {@code TYPE_*} constants
 * @param body the encoded value that follows the type byte
 * @param rdbVersion the RDB version from the footer
 */
public record RdbPayload(int type, byte[] body, int rdbVersion) {

  /** The RDB version Redis 7.0 writes ({@code RDB_VERSION} in src/rdb.h). */
  public static final int RDB_VERSION_7_0 = 10;

  /** String: one RDB string. */
  public static final int TYPE_STRING = 0;

  /** List of RDB strings (Redis before 3.2). */
  public static final int TYPE_LIST = 1;

  /** Set as a length and RDB strings. */
  public static final int TYPE_SET = 2;

  /** Sorted set with scores as text (Redis before 3.0). */
  public static final int TYPE_ZSET = 3;

  /** Hash as a length and field/value strings. */
  public static final int TYPE_HASH = 4;

  /** Sorted set with binary double scores (skiplist encoding). */
  public static final int TYPE_ZSET_2 = 5;

  /** Module value (4.0 release candidates). */
  public static final int TYPE_MODULE = 6;

  /** Module value with annotations. */
  public static final int TYPE_MODULE_2 = 7;

  /** Hash as a zipmap blob (Redis before 2.6). */
  public static final int TYPE_HASH_ZIPMAP = 9;

  /** List as a ziplist blob (Redis before 3.2). */
  public static final int TYPE_LIST_ZIPLIST = 10;

  /** Set as an intset blob. */
  public static final int TYPE_SET_INTSET = 11;

  /** Sorted set as a ziplist blob (Redis before 7.0). */
  public static final int TYPE_ZSET_ZIPLIST = 12;

  /** Hash as a ziplist blob (Redis before 7.0). */
  public static final int TYPE_HASH_ZIPLIST = 13;

  /** List as a quicklist of ziplist blobs (Redis 3.2 to 6.2). */
  public static final int TYPE_LIST_QUICKLIST = 14;

  /** Stream as listpacks (Redis 5.0 to 6.2). */
  public static final int TYPE_STREAM_LISTPACKS = 15;

  /** Hash as a listpack blob (Redis 7.0). */
  public static final int TYPE_HASH_LISTPACK = 16;

  /** Sorted set as a listpack blob (Redis 7.0). */
  public static final int TYPE_ZSET_LISTPACK = 17;

  /** List as a quicklist of listpack (or plain) nodes (Redis 7.0). */
  public static final int TYPE_LIST_QUICKLIST_2 = 18;

  /** Stream as listpacks, 7.0 metadata. */
  public static final int TYPE_STREAM_LISTPACKS_2 = 19;

  /** Set as a listpack blob: Redis 7.2 and later only; Redis 7.0.15 rejects it. */
  public static final int TYPE_SET_LISTPACK = 20;

  /** Stream as listpacks, 7.2 metadata: Redis 7.2 and later only; Redis 7.0.15 rejects it. */
  public static final int TYPE_STREAM_LISTPACKS_3 = 21;

  private static final int FOOTER = 10;

  /**
   * Validates and copies the components.
   *
   * @throws IllegalArgumentException if {@code type} or {@code rdbVersion} is out of range
   */
  public RdbPayload {
    if (type < 0 || type > 255) {
      throw new IllegalArgumentException("RDB type out of range: " + type);
    }
    if (rdbVersion < 0 || rdbVersion > 0xffff) {
      throw new IllegalArgumentException("RDB version out of range: " + rdbVersion);
    }
    body = body.clone();
  }

  /**
   * Builds a payload with RDB version 10, as Redis 7.0 writes it.
   *
   * @param type the RDB object type (0..255)
   * @param body the already-encoded value
   * @return the payload, ready for {@code RESTORE}
   */
  public static byte[] dump(int type, byte[] body) {
    return dump(type, body, RDB_VERSION_7_0);
  }

  /**
   * Builds a payload with the given RDB version in the footer (Redis: {@code createDumpPayload}).
   *
   * @param type the RDB object type (0..255)
   * @param body the already-encoded value
   * @param rdbVersion the version (Redis 7.0.15 rejects versions above 10)
   * @return the payload
   */
  public static byte[] dump(int type, byte[] body, int rdbVersion) {
    return new RdbPayload(type, body, rdbVersion).toBytes();
  }

  /**
   * Builds a payload whose body is one RDB string holding {@code blob}, the shape of every
   * single-blob encoding ({@link #TYPE_HASH_ZIPLIST}, {@link #TYPE_SET_INTSET}, {@link
   * #TYPE_HASH_LISTPACK}, ...). The blob is written verbatim (length + bytes), never compressed.
   *
   * @param type the RDB object type
   * @param blob the serialized structure (e.g. a ziplist)
   * @return the payload, ready for {@code RESTORE}
   */
  public static byte[] ofBlob(int type, byte[] blob) {
    return dump(type, RdbWriter.create().rawString(blob).toByteArray());
  }

  /**
   * Parses and verifies a payload (Redis: {@code verifyDumpPayload}): at least 11 bytes, and the
   * CRC-64 matches. The RDB version is reported, not checked.
   *
   * @param payload the bytes from {@code DUMP}
   * @return the parts
   * @throws IllegalArgumentException if the payload is too short or its checksum does not match
   */
  public static RdbPayload parse(byte[] payload) {
    int n = payload.length;
    if (n < FOOTER + 1) {
      throw new IllegalArgumentException("DUMP payload too short: " + n + " bytes");
    }
    long expected = Crc64.update(0, payload, 0, n - 8);
    long actual = 0;
    for (int i = 0; i < 8; i++) {
      actual |= (long) (payload[n - 8 + i] & 0xff) << (8 * i);
    }
    if (expected != actual) {
      throw new IllegalArgumentException(
          String.format(
              "DUMP payload CRC-64 mismatch: stored %016x, computed %016x", actual, expected));
    }
    int version = (payload[n - FOOTER] & 0xff) | (payload[n - FOOTER + 1] & 0xff) << 8;
    return new RdbPayload(payload[0] & 0xff, Arrays.copyOfRange(payload, 1, n - FOOTER), version);
  }

  /**
   * Returns the body as one decoded RDB string (decompressing LZF and expanding integer encodings):
   * the value of a {@link #TYPE_STRING}, or the blob of a single-blob type such as {@link
   * #TYPE_HASH_LISTPACK}.
   *
   * @return the string's bytes
   * @throws IllegalArgumentException if the body is not exactly one well-formed RDB string
   */
  public byte[] blob() {
    RdbReader r = RdbReader.of(body);
    byte[] s = r.string();
    if (!r.atEnd()) {
      throw new IllegalArgumentException(
          "body holds more than one RDB string: " + r.remaining() + " bytes left after the first");
    }
    return s;
  }

  /**
   * Returns a reader over the body, for multi-part values (quicklists, sets, streams...).
   *
   * @return a reader positioned at the start of the body
   */
  public RdbReader bodyReader() {
    return RdbReader.of(body.clone());
  }

  /**
   * Returns a copy of the body.
   *
   * @return the encoded value
   */
  @Override
  public byte[] body() {
    return body.clone();
  }

  /**
   * Serializes this payload: type, body, version footer and CRC-64.
   *
   * @return the payload bytes
   */
  public byte[] toBytes() {
    byte[] out = new byte[1 + body.length + FOOTER];
    out[0] = (byte) type;
    System.arraycopy(body, 0, out, 1, body.length);
    int v = 1 + body.length;
    out[v] = (byte) rdbVersion;
    out[v + 1] = (byte) (rdbVersion >>> 8);
    long crc = Crc64.update(0, out, 0, v + 2);
    for (int i = 0; i < 8; i++) {
      out[v + 2 + i] = (byte) (crc >>> (8 * i));
    }
    return out;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RdbPayload p
        && type == p.type
        && rdbVersion == p.rdbVersion
        && Arrays.equals(body, p.body);
  }

  @Override
  public int hashCode() {
    return (type * 31 + rdbVersion) * 31 + Arrays.hashCode(body);
  }

  @Override
  public String toString() {
    return "RdbPayload[type="
        + type
        + ", rdbVersion="
        + rdbVersion
        + ", body="
        + Printable.bytes(body)
        + "]";
  }
}
