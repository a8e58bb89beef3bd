package dev.redstruct.core.rdb;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.CorruptEncodingException;
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
 *   the CRC-64 ({@link Crc64}) covers type, body and version.
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
 * static methods build payloads. Arrays passed in and returned are copied.
 *
 * @param type the RDB object type, one of the {@code TYPE_*} constants
 * @param body the encoded value that follows the type byte
 * @param rdbVersion the RDB version from the footer
 */
public record RdbPayload(int type, byte[] body, int rdbVersion) {

  /** The RDB version Redis 7.0 writes ({@code RDB_VERSION} in src/rdb.h). */
  public static final int RDB_VERSION = 10;

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

  /** Footer size: 2 version bytes and 8 CRC bytes. */
  public static final int FOOTER = 10;

  private static final String FORMAT = "DUMP payload";

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
    return dump(type, body, RDB_VERSION);
  }

  /**
   * Builds a payload with the given RDB version in the footer.
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
   * Builds a payload whose body is one RDB string holding {@code blob} verbatim (length + bytes,
   * never compressed): the shape of every single-blob encoding ({@link #TYPE_HASH_ZIPLIST}, {@link
   * #TYPE_SET_INTSET}, {@link #TYPE_HASH_LISTPACK}, ...). Redis accepts it; Redis itself would
   * LZF-compress a blob that compresses (use {@link RdbWriter#string(byte[])} for that).
   *
   * @param type the RDB object type
   * @param blob the serialized structure (e.g. a ziplist)
   * @return the payload, ready for {@code RESTORE}
   */
  public static byte[] ofBlob(int type, byte[] blob) {
    return RdbWriter.create(false).type(type).rawString(blob).toDumpPayload();
  }

  /**
   * Returns whether Redis 7.0.15 loads data of this RDB version (a payload's footer, or an RDB
   * file's header, which must also be at least 1): the one version rule, at most {@value
   * #RDB_VERSION}.
   *
   * @param rdbVersion the version read
   * @return true if Redis 7.0.15 loads it
   */
  public static boolean loadsVersion(int rdbVersion) {
    return rdbVersion <= RDB_VERSION;
  }

  /**
   * Returns whether Redis 7.0.15's {@code RESTORE} accepts the footer of {@code payload} (Redis:
   * {@code verifyDumpPayload}, src/cluster.c): at least 10 bytes, an RDB version of at most {@value
   * #RDB_VERSION}, and a CRC-64 that matches. The one place the footer is checked: {@link #verify}
   * and every loader build on it.
   *
   * @param payload the bytes from {@code DUMP} (untrusted)
   * @return true if the footer is accepted
   */
  public static boolean isValidDump(byte[] payload) {
    int n = payload.length;
    if (n < FOOTER) {
      return false;
    }
    if (!loadsVersion(Bytes.getShortLE(payload, n - FOOTER) & 0xffff)) {
      return false;
    }
    return Crc64.update(0, payload, 0, n - 8) == Bytes.getLongLE(payload, n - 8);
  }

  /**
   * Checks a payload's footer as {@code RESTORE} does ({@link #isValidDump}) and returns its RDB
   * object type; the body is then read from {@code payload[1, length - }{@value #FOOTER}{@code )}
   * (as Redis reads it, a reader may run on into the footer).
   *
   * @param payload the bytes from {@code DUMP} (untrusted)
   * @return the type byte, 0..255
   * @throws CorruptEncodingException if the payload is shorter than 11 bytes, its RDB version is
   *     above {@value #RDB_VERSION} or its checksum does not match
   */
  public static int verify(byte[] payload) {
    int n = payload.length;
    if (n < FOOTER + 1) {
      throw new CorruptEncodingException(FORMAT, n, "too short: " + n + " bytes", payload);
    }
    if (!isValidDump(payload)) {
      int version = Bytes.getShortLE(payload, n - FOOTER) & 0xffff;
      if (!loadsVersion(version)) {
        throw new CorruptEncodingException(
            FORMAT, n - FOOTER, "RDB version " + version + " > " + RDB_VERSION, payload);
      }
      throw new CorruptEncodingException(
          FORMAT,
          n - 8,
          String.format(
              "CRC-64 mismatch: stored %016x, computed %016x",
              Bytes.getLongLE(payload, n - 8), Crc64.update(0, payload, 0, n - 8)),
          payload);
    }
    return payload[0] & 0xff;
  }

  /**
   * Parses and verifies a payload (Redis: {@code verifyDumpPayload}): at least 11 bytes and a
   * matching CRC-64. The RDB version is reported, not checked (Redis 7.0 rejects versions above
   * {@value #RDB_VERSION}).
   *
   * @param payload the bytes from {@code DUMP} (untrusted)
   * @return the parts
   * @throws CorruptEncodingException if the payload is too short or its checksum does not match
   */
  public static RdbPayload parse(byte[] payload) {
    int n = payload.length;
    if (n < FOOTER + 1) {
      throw new CorruptEncodingException(FORMAT, n, "too short: " + n + " bytes", payload);
    }
    long expected = Crc64.update(0, payload, 0, n - 8);
    long actual = Bytes.getLongLE(payload, n - 8);
    if (expected != actual) {
      throw new CorruptEncodingException(
          FORMAT,
          n - 8,
          String.format("CRC-64 mismatch: stored %016x, computed %016x", actual, expected),
          payload);
    }
    int version = Bytes.getShortLE(payload, n - FOOTER) & 0xffff;
    return new RdbPayload(payload[0] & 0xff, Arrays.copyOfRange(payload, 1, n - FOOTER), version);
  }

  /**
   * Returns the body as one decoded RDB string (decompressing LZF, expanding integer forms): the
   * value of a {@link #TYPE_STRING}, or the blob of a single-blob type such as {@link
   * #TYPE_HASH_LISTPACK}.
   *
   * @return the string's bytes
   * @throws CorruptEncodingException if the body is not exactly one well-formed RDB string
   */
  public byte[] blob() {
    RdbReader r = RdbReader.of(body);
    byte[] s = r.string();
    if (!r.atEnd()) {
      throw new CorruptEncodingException(
          "RDB", r.position(), r.remaining() + " bytes left after the first string", body);
    }
    return s;
  }

  /**
   * Returns a reader over a copy of the body, for values of several parts.
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
    byte[] head = new byte[1 + body.length];
    head[0] = (byte) type;
    System.arraycopy(body, 0, head, 1, body.length);
    return withFooter(head, head.length, rdbVersion);
  }

  /** Copies {@code bytes[0, len)} and appends the version and the CRC-64 of all before it. */
  static byte[] withFooter(byte[] bytes, int len, int rdbVersion) {
    byte[] out = Arrays.copyOf(bytes, len + FOOTER);
    Bytes.putShortLE(out, len, rdbVersion);
    Bytes.putLongLE(out, len + 2, Crc64.update(0, out, 0, len + 2));
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
        + Bytes.hex(body)
        + "]";
  }
}
