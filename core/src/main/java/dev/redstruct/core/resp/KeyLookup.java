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
   * Tells the owner that the command changed the data set by {@code n} without a key being
   * signalled (a consumer group created or acknowledged): Redis's {@code server.dirty += n}, which
   * makes the command propagate and counts towards {@code rdb_changes_since_last_save}. Does
   * nothing by default.
   *
   * @param n the number of changes
   */
  default void dirty(long n) {}

  /** Keyspace event classes as Redis's bits (src/server.h NOTIFY_*), for {@link #notify}. */
  int NOTIFY_GENERIC = 1 << 2;

  /** The list class ({@code l}). */
  int NOTIFY_LIST = 1 << 4;

  /** The set class ({@code s}). */
  int NOTIFY_SET = 1 << 5;

  /** The hash class ({@code h}). */
  int NOTIFY_HASH = 1 << 6;

  /** The sorted set class ({@code z}). */
  int NOTIFY_ZSET = 1 << 7;

  /** The stream class ({@code t}): for the stream commands' events. */
  int NOTIFY_STREAM = 1 << 10;

  /**
   * Raises a keyspace event for a key of the command's database, where Redis's command calls
   * notifyKeyspaceEvent (e.g. {@code NOTIFY_LIST, "lpush"}; {@code NOTIFY_GENERIC, "del"} when the
   * command emptied the key). Does nothing by default.
   *
   * @param type the class, one of the {@code NOTIFY_*} bits
   * @param event the event name
   * @param key the key
   */
  default void notify(int type, String event, byte[] key) {}

  /**
   * The command propagates to replicas as {@code argv} instead of its own arguments (ZMPOP as
   * ZPOPMIN with the count popped). Redis: rewriteClientCommandVector. Does nothing by default.
   *
   * @param argv the command to propagate
   */
  default void propagateAs(byte[]... argv) {}

  /**
   * Propagates one more command, ahead of the command's own (SPOP's SREMs). Redis: alsoPropagate.
   * Does nothing by default.
   *
   * @param argv the command to propagate
   */
  default void alsoPropagate(byte[]... argv) {}

  /**
   * The command itself does not propagate (its {@link #alsoPropagate} commands do). Redis:
   * preventCommandPropagation. Does nothing by default.
   */
  default void preventPropagation() {}

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
