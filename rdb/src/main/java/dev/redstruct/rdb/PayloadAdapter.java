package dev.redstruct.rdb;

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
   * and {@code rdbSaveObject} write them; the writer's {@code rdbcompression} applies.
   *
   * @param value the value
   * @param compression Redis's {@code rdbcompression}; {@code out} was created with the same
   * @param out the writer
   */
  void write(T value, boolean compression, RdbWriter out);

  /**
   * Returns whether {@link #read} accepts this RDB type.
   *
   * @param rdbType the type byte
   * @return true if this adapter loads it
   */
  boolean reads(int rdbType);

  /**
   * Loads a payload whose CRC-64 and version were checked and whose type this adapter {@link
   * #reads}.
   *
   * @param payload the whole payload, footer included (untrusted body)
   * @param rdbType its first byte
   * @return the value
   * @throws dev.redstruct.core.CorruptEncodingException if the body is malformed
   */
  RedisValue read(byte[] payload, int rdbType);
}
