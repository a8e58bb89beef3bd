package dev.redstruct.keyspace;

/**
 * The type of a key's value, as {@code TYPE} names it (Redis: getObjectTypeByName and the {@code
 * OBJ_*} types of src/server.h).
 */
public enum RedisType {
  /** A string: plain bytes, an integer, a bitmap or a HyperLogLog. */
  STRING("string"),
  /** A list (quicklist). */
  LIST("list"),
  /** A set (intset or hashtable). */
  SET("set"),
  /** A sorted set (listpack or skiplist), GEO included. */
  ZSET("zset"),
  /** A hash (listpack or hashtable). */
  HASH("hash"),
  /** A stream (listpack nodes in a radix tree). */
  STREAM("stream");

  private final String typeName;

  RedisType(String typeName) {
    this.typeName = typeName;
  }

  /**
   * The name {@code TYPE} replies with.
   *
   * @return e.g. {@code "zset"}
   */
  public String typeName() {
    return typeName;
  }
}
