package dev.redstruct.dict;

import dev.redstruct.core.Bytes;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;

/**
 * A dict entry (Redis: {@code dictEntry}, src/dict.h): key, value and the next entry of its bucket
 * chain. The full 64-bit hash is kept so that rehashing never calls the hasher again (Redis
 * recomputes it in {@code dictRehash}); it also rejects most non-matching chain entries before the
 * key comparison.
 */
class Node<K, V> implements Map.Entry<K, V> {
  final long hash;
  final K key;
  V value;
  Node<K, V> next;

  Node(long hash, K key, V value, Node<K, V> next) {
    this.hash = hash;
    this.key = key;
    this.value = value;
    this.next = next;
  }

  /**
   * A new entry, with room for an int of metadata when {@code meta} (see {@link
   * Dict#withEntryMeta}).
   */
  static <K, V> Node<K, V> of(boolean meta, long hash, K key, V value, Node<K, V> next) {
    return meta ? new WithMeta<>(hash, key, value, next) : new Node<>(hash, key, value, next);
  }

  /** An entry of a dict made by {@link Dict#withEntryMeta}. Redis: dictEntry's metadata. */
  static final class WithMeta<K, V> extends Node<K, V> {
    int meta;

    WithMeta(long hash, K key, V value, Node<K, V> next) {
      super(hash, key, value, next);
    }
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
