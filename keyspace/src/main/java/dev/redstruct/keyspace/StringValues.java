package dev.redstruct.keyspace;

/**
 * What the keyspace needs of a string value beyond {@link RedisString} itself: COPY's duplicate,
 * DUMP's bytes and RESTORE's value.
 */
final class StringValues {
  private StringValues() {}

  static String encoding(Object v) {
    return ((RedisString) v).encoding().redisName();
  }

  static boolean isShared(Object v) {
    return v instanceof RedisString s && s.isSharedInteger();
  }

  /**
   * A copy in the same encoding. Redis: dupStringObject (an {@code int} copy is not shared there,
   * so OBJECT REFCOUNT of a copied small integer says 1 in Redis and 2147483647 here).
   */
  static Object dup(Object v) {
    RedisString s = (RedisString) v;
    byte[] b = s.toByteArray();
    return switch (s.encoding()) {
      case INT -> RedisString.wrap(b);
      case EMBSTR -> RedisString.embstrOrRaw(b);
      case RAW -> RedisString.raw(b, b.length);
    };
  }

  static byte[] bytes(Object v) {
    return ((RedisString) v).toByteArray();
  }

  /** Redis: rdbLoadObject for a string, then tryObjectEncoding. */
  static Object fromRdb(byte[] b) {
    return RedisString.wrap(b);
  }
}
