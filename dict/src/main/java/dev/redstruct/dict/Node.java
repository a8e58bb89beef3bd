package dev.redstruct.dict;

import dev.redstruct.core.Bytes;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;

/**
 * A dict entry (Redis: {@code dictEntry}, src/dict.h): key, value, the next entry of its bucket
 * chain and an int of metadata (Redis 7.0: dictEntry metadata). The low 32 bits of the hash are
 * kept so that rehashing never calls the hasher again (Redis recomputes it in {@code dictRehash}):
 * bucket indexes use no more (masks are ints); they also reject most non-matching chain entries
 * before the key comparison.
 */
final class Node<K, V> implements Map.Entry<K, V> {
  final int hash;
  final K key;
  V value;
  Node<K, V> next;

  /**
   * The caller's int of metadata ({@link Dict#entryMeta}); it fills the 4 bytes the int hash leaves
   * free in a 32-byte object (compressed oops), so it costs nothing.
   */
  int meta;

  Node(long hash, K key, V value, Node<K, V> next) {
    this.hash = (int) hash;
    this.key = key;
    this.value = value;
    this.next = next;
  }

  @Override
  public K getKey() {
    return key;
  }

  @Override
  public V getValue() {
    return value;
  }

  @Override
  public V setValue(V v) {
    V old = value;
    value = Objects.requireNonNull(v, "value");
    return old;
  }

  /** As {@code Map.Entry}'s contract, with byte arrays compared and hashed by content. */
  @Override
  public boolean equals(Object o) {
    return o instanceof Map.Entry<?, ?> e
        && contentEquals(key, e.getKey())
        && contentEquals(value, e.getValue());
  }

  /** {@code hash(key) ^ hash(value)}, where a byte array hashes as {@code Arrays.hashCode}. */
  @Override
  public int hashCode() {
    return contentHash(key) ^ contentHash(value);
  }

  @Override
  public String toString() {
    return readable(key) + "=" + readable(value);
  }

  /*
   * byte[] keys and values (Dict.forBytes, a set's or hash's byte strings) have identity equals and
   * hashCode; the Map/Set faces use these instead, so two equal dicts hash alike. Off the hot paths:
   * get/put/remove compare keys through the Hasher.
   */

  static int contentHash(Object o) {
    return o instanceof byte[] b ? Arrays.hashCode(b) : o.hashCode();
  }

  static boolean contentEquals(Object a, Object b) {
    if (a instanceof byte[] x) {
      return b instanceof byte[] y && Arrays.equals(x, y);
    }
    return a.equals(b);
  }

  static String readable(Object o) {
    return o instanceof byte[] b ? Bytes.readable(b) : String.valueOf(o);
  }
}
