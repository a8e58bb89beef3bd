package dev.redstruct.rdb;

import dev.redstruct.core.rdb.RdbReader;
import dev.redstruct.core.rdb.RdbWriter;

/**
 * The seam where one Redis type plugs into {@link RedisPayloads} and the RDB file writer and
 * reader: how a Java value is written after its type byte, and how a verified payload of the types
 * it claims is turned back into a {@link RedisValue}.
 *
 * <p>Adding a type is one small adapter, one line in {@link RedisPayloads}'s adapter list, a typed
 * {@code dump} overload and a {@link RedisValue} case ({@link ZSetAdapter} is a short example).
 *
 * @param <T> the Java type written
 */
interface PayloadAdapter<T> {
  /**
   * Returns the class of the values this adapter writes.
   *
   * @return the class
   */
  Class<T> javaType();

  /**
   * Appends the type byte and the encoded value, exactly as Redis 7.0's {@code rdbSaveObjectType}
   * and {@code rdbSaveObject} write them; the writer's {@code rdbcompression} applies. The footer
   * (version and CRC-64) is the caller's.
   *
   * @param value the value
   * @param out the writer
   */
  void write(T value, RdbWriter out);

  /**
   * Returns whether {@link #read} accepts this RDB type.
   *
   * @param rdbType the type byte
   * @return true if this adapter loads it
   */
  boolean reads(int rdbType);

  /**
   * Loads the object body of a type this adapter {@link #reads}, once: the footer of a payload was
   * checked by the caller, and an RDB file's checksum is the file reader's.
   *
   * @param rdbType the type byte
   * @param body a reader at the start of the body (untrusted; for a payload it runs on into the
   *     footer, as Redis's {@code RESTORE} reads it)
   * @param shown the input shown in error messages, or null
   * @return the value
   * @throws dev.redstruct.core.CorruptEncodingException if the body is malformed
   */
  RedisValue read(int rdbType, RdbReader body, byte[] shown);
}
