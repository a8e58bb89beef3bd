package dev.redstruct.keyspace;

/**
 * What the keyspace needs of a string value (encoding, refcount, copy, bytes, RDB load). The string
 * type itself arrives with the string commands; until then a string is its bytes.
 */
final class StringValues {
  private StringValues() {}

  static String encoding(Object v) {
    return "raw";
  }

  static boolean isShared(Object v) {
    return false;
  }

  static Object dup(Object v) {
    return ((byte[]) v).clone();
  }

  static byte[] bytes(Object v) {
    return (byte[]) v;
  }

  static Object fromRdb(byte[] b) {
    return b;
  }
}
