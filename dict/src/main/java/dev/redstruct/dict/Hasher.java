package dev.redstruct.dict;

import java.util.Arrays;

/**
 * How a {@link Dict} hashes and compares its keys: a 64-bit hash and an equivalence that agree
 * (equivalent keys have equal hashes). Redis's {@code dictType} plays this role with its {@code
 * hashFunction} and {@code keyCompare}.
 *
 * <p>The built-in hashers:
 *
 * <ul>
 *   <li>{@link #sipHashUtf8()} and {@link #sipHashBytes()}: SipHash-1-2 over the key's bytes (a
 *       String's UTF-8 encoding) keyed with a fresh random 128-bit key per hasher, as Redis hashes
 *       every key of its keyspace, sets, hashes and sorted sets. An attacker who does not know the
 *       key cannot choose keys that share a bucket. {@code sipHashBytes} compares arrays by
 *       content.
 *   <li>{@link #mixedHashCode()}: {@code key.hashCode()} spread over 64 bits. Fast, but keys with
 *       equal {@code hashCode} (Strings are easy to make so) all land in one bucket. A dict using
 *       this hasher keeps such a chain sorted and indexed when its keys are {@link Comparable}
 *       ({@code HashMap} makes a tree of it), so they cost O(log n), not O(n).
 * </ul>
 *
 * <p>Implementations must be stateless or immutable, and must not throw for non-null keys of the
 * dict's key type; a dict calls them with non-null keys only.
 *
 * <p><b>Thread safety.</b> The built-in hashers are immutable and thread-safe; a custom one must be
 * too if several dicts share it across threads.
 *
 * @param <K> the key type
 */
public interface Hasher<K> {
  /**
   * Returns the 64-bit hash of a key; the dict uses its low bits to pick a bucket, so the low bits
   * must be well mixed.
   *
   * @param key a non-null key
   * @return the hash
   */
  long hash(K key);

  /**
   * Tells whether two keys are the same key; must agree with {@link #hash}. The default is {@link
   * Object#equals}.
   *
   * @param a a non-null key
   * @param b a non-null key
   * @return whether {@code a} and {@code b} are the same key
   */
  default boolean equivalent(K a, K b) {
    return a.equals(b);
  }

  /**
   * Returns the hasher that spreads {@code Object.hashCode()} over 64 bits and compares with {@code
   * equals}. Keys with equal {@code hashCode}s share a bucket; a {@link Dict} indexes a long one
   * when its keys are {@link Comparable}, so only colliding keys that are not cost O(n).
   *
   * @param <K> the key type
   * @return the shared instance
   */
  @SuppressWarnings("unchecked")
  static <K> Hasher<K> mixedHashCode() {
    return (Hasher<K>) Hashers.MIXED_HASH_CODE;
  }

  /**
   * Returns a new SipHash-1-2 hasher for Strings, over their UTF-8 bytes, with a fresh random
   * 128-bit key. No allocation per call.
   *
   * @return a new hasher
   */
  static Hasher<String> sipHashUtf8() {
    long[] k = Hashers.newKey();
    return new Hashers.SipUtf8(k[0], k[1]);
  }

  /**
   * Returns a new SipHash-1-2 hasher for byte arrays, with a fresh random 128-bit key, comparing
   * arrays by content ({@link Arrays#equals(byte[], byte[])}). Keys must not be mutated while in a
   * dict.
   *
   * @return a new hasher
   */
  static Hasher<byte[]> sipHashBytes() {
    long[] k = Hashers.newKey();
    return new Hashers.SipBytes(k[0], k[1]);
  }
}
