package dev.redstruct.dict;

import java.util.Map;
import java.util.Objects;

/**
 * A dict entry (Redis: {@code dictEntry}, src/dict.h): key, value and the next entry of its bucket
 * chain. The full 64-bit hash is kept so that rehashing never calls the hasher again (Redis
 * recomputes it in {@code dictRehash}); it also rejects most non-matching chain entries before the
 * key comparison.
 */
final class Node<K, V> implements Map.Entry<K, V> {
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

  @Override
  public boolean equals(Object o) {
    return o instanceof Map.Entry<?, ?> e && key.equals(e.getKey()) && value.equals(e.getValue());
  }

  @Override
  public int hashCode() {
    return key.hashCode() ^ value.hashCode();
  }

  @Override
  public String toString() {
    return key + "=" + value;
  }
}
