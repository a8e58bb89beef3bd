package dev.redstruct.rdb;

import dev.redstruct.bitfield.Bitmap;
import dev.redstruct.core.rdb.RdbWriter;
import dev.redstruct.hash.RedisHash;
import dev.redstruct.hll.HyperLogLog;
import dev.redstruct.quicklist.QuickList;
import dev.redstruct.set.RedisSet;
import dev.redstruct.skiplist.ZSet;
import java.util.Objects;

/**
 * Builds {@code DUMP} payloads one after another with one reusable buffer and LZF compressor: the
 * bulk form of {@link RedisPayloads#dump(HyperLogLog, boolean)} and its overloads, with the same
 * bytes. A compressor's table is 256 KiB; {@link RedisPayloads}'s static methods make a fresh one
 * for every value that compresses, a writer makes it once.
 *
 * <p>Not thread-safe: use one writer per thread (it holds the buffer and the table, nothing
 * static). Each returned payload is a fresh array.
 */
public final class PayloadWriter {
  private final boolean compression;
  private final RdbWriter w;

  private PayloadWriter(boolean compression) {
    this.compression = compression;
    this.w = RdbWriter.create(compression);
  }

  /**
   * Creates a writer.
   *
   * @param compression Redis's {@code rdbcompression}
   * @return a new writer
   */
  public static PayloadWriter create(boolean compression) {
    return new PayloadWriter(compression);
  }

  /**
   * Returns the payload of a string value (type 0).
   *
   * @param value the string's bytes
   * @return the payload
   */
  public byte[] dump(byte[] value) {
    Objects.requireNonNull(value, "value");
    return build(value);
  }

  /**
   * Returns the payload of a HyperLogLog (type 0, its Redis string value).
   *
   * @param value the sketch
   * @return the payload
   */
  public byte[] dump(HyperLogLog value) {
    Objects.requireNonNull(value, "value");
    return build(value);
  }

  /**
   * Returns the payload of a bitmap (type 0, its Redis string value).
   *
   * @param value the bitmap
   * @return the payload
   */
  public byte[] dump(Bitmap value) {
    Objects.requireNonNull(value, "value");
    return build(value);
  }

  /**
   * Returns the payload of a list (type 18).
   *
   * @param value the list
   * @return the payload
   */
  public byte[] dump(QuickList value) {
    Objects.requireNonNull(value, "value");
    return build(value);
  }

  /**
   * Returns the payload of a sorted set (type 17 or 5).
   *
   * @param value the set
   * @return the payload
   */
  public byte[] dump(ZSet value) {
    Objects.requireNonNull(value, "value");
    return build(value);
  }

  /**
   * Returns the payload of a set (type 11 or 2).
   *
   * @param value the set, not empty
   * @return the payload
   * @throws IllegalStateException if the set is empty
   */
  public byte[] dump(RedisSet value) {
    Objects.requireNonNull(value, "value");
    return build(value);
  }

  /**
   * Returns the payload of a hash (type 16 or 4).
   *
   * @param value the hash, not empty
   * @return the payload
   * @throws IllegalStateException if the hash is empty
   */
  public byte[] dump(RedisHash value) {
    Objects.requireNonNull(value, "value");
    return build(value);
  }

  private byte[] build(Object value) {
    RedisPayloads.write(value, w.reset());
    return w.toDumpPayload();
  }
}
