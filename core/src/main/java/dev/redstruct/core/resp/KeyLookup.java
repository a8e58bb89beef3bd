package dev.redstruct.core.resp;

import java.util.Objects;
import java.util.function.Function;

/**
 * How a command face reaches the values of its key arguments, as Redis's {@code
 * lookupKeyRead}/{@code lookupKeyWrite} plus {@code checkType} and {@code setKey} do (src/db.c).
 * The owner of the keys (a keyspace, or a test's map) implements it; a face calls it in the order
 * Redis looks keys up, so errors come in Redis's order.
 *
 * <p>The contract: {@link #get} gives the value stored under a key, or a new empty value when there
 * is none, and the same instance for the same key within one command; it throws {@link ReplyError}
 * with {@link ReplyError#WRONGTYPE} when the key holds another type. {@link #overwrite} is for a
 * destination that a command replaces whatever it held ({@code SINTERSTORE}, {@code ZUNIONSTORE},
 * {@code GEOSEARCHSTORE}, ...): the face calls it only once the command can no longer fail, and
 * fills the returned value with the result. After the command the owner keeps the values that are
 * not empty and deletes the keys whose value is empty, as Redis deletes an emptied key. {@link
 * #modified} is Redis's {@code signalModifiedKey}: a face calls it where Redis does, so a {@code
 * WATCH} sees exactly Redis's writes.
 *
 * @param <T> the value type of the face (a set, a hash, a list, a sorted set)
 */
public interface KeyLookup<T> {
  /**
   * The value under {@code key}, or a new empty value when there is none.
   *
   * @param key the key
   * @return the value, never null
   * @throws ReplyError {@link ReplyError#WRONGTYPE} when the key holds another type
   */
  T get(byte[] key);

  /**
   * The value a command writes its result into, replacing whatever {@code key} held, of any type.
   * The face replaces the returned value's contents with its result.
   *
   * @param key the destination key
   * @return a value to fill, never null
   */
  T overwrite(byte[] key);

  /**
   * Tells the owner that the command changed {@code key}. Redis: signalModifiedKey.
   *
   * @param key the key
   */
  default void modified(byte[] key) {}

  /**
   * A lookup over a function that maps every key to its value (creating an empty one for a new key)
   * where only one type exists: {@link #overwrite} gives the same value as {@link #get}, whose
   * contents the face replaces, and {@link #modified} does nothing.
   *
   * @param values the value of each key
   * @param <T> the value type
   * @return the lookup
   */
  static <T> KeyLookup<T> of(Function<byte[], T> values) {
    Objects.requireNonNull(values, "values");
    return new KeyLookup<>() {
      @Override
      public T get(byte[] key) {
        return Objects.requireNonNull(values.apply(key), "the value of a key");
      }

      @Override
      public T overwrite(byte[] key) {
        return get(key);
      }
    };
  }
}
