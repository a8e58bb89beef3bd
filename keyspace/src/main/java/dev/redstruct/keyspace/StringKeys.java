package dev.redstruct.keyspace;

import dev.redstruct.core.resp.ReplyError;

/**
 * What the string commands ({@link StringCommands}, and through it the bit and {@code PF*}
 * commands) need from the owner of the keys: one database's keys of every type, their expire times
 * and a clock. The keyspace implements it; a test can implement it over a map. Each method mirrors
 * the Redis function named in its comment (src/db.c, src/expire.c), and the commands call them
 * where and in the order Redis calls those, so errors, expiry and {@code WATCH} come out as in
 * Redis.
 *
 * <p>Why not {@code KeyLookup<RedisString>}: that contract fills values in place and deletes a key
 * whose value is empty, while an empty string is a value ({@code SET k ""}), a missing key must
 * read as missing ({@code GET} replies nil, not {@code ""}), and most string commands replace the
 * value object rather than fill it ({@code int} and {@code embstr} values are immutable).
 *
 * <p>Expiry: a key whose time has passed must look missing to every method here, as Redis's {@code
 * lookupKey} expires it on access ({@code expireIfNeeded}); {@link #now()} is the clock the
 * commands read for {@code EX}/{@code PX} and for {@code GETEX ... EXAT} in the past.
 */
public interface StringKeys {
  /**
   * The string under {@code key}, or null when the key does not exist. Redis: lookupKeyRead /
   * lookupKeyWrite, then checkType.
   *
   * @param key the key
   * @return the value or null
   * @throws ReplyError {@link ReplyError#WRONGTYPE} when the key holds another type
   */
  RedisString get(byte[] key);

  /**
   * {@link #get}, for a write command that reads the key first ({@code SET ... GET}): Redis's
   * lookupKeyRead, whose miss raises a {@code keymiss} event in a keyspace.
   *
   * @param key the key
   * @return the value or null
   * @throws ReplyError {@link ReplyError#WRONGTYPE} when the key holds another type
   */
  default RedisString getForRead(byte[] key) {
    return get(key);
  }

  /**
   * Whether the key exists, whatever its type ({@code SET NX/XX}, {@code MSETNX}). Redis:
   * lookupKeyWrite(...) != NULL.
   *
   * @param key the key
   * @return true if it exists
   */
  boolean exists(byte[] key);

  /**
   * Stores a string under the key, replacing a value of any type, and removes the key's expire time
   * unless {@code keepTtl}; then signals the modification (as {@link #modified}). Redis: setKey
   * (dbAdd or dbOverwrite, removeExpire, signalModifiedKey).
   *
   * @param key the key (the owner copies it if it keeps it)
   * @param value the new value
   * @param keepTtl whether to keep the expire time ({@code SET ... KEEPTTL})
   */
  void set(byte[] key, RedisString value, boolean keepTtl);

  /**
   * As {@link #set}, for a caller that has just looked the key up ({@link #exists}): the owner need
   * not look it up again, so the key's access clock is not touched twice. Redis: setKey with
   * SETKEY_ALREADY_EXIST or SETKEY_DOESNT_EXIST (setGenericCommand).
   *
   * @param key the key (the owner copies it if it keeps it)
   * @param value the new value
   * @param keepTtl whether to keep the expire time ({@code SET ... KEEPTTL})
   */
  default void setLookedUp(byte[] key, RedisString value, boolean keepTtl) {
    set(key, value, keepTtl);
  }

  /**
   * Stores a string under a key that holds a string or nothing, keeping any expire time and
   * signalling nothing: a command that turns a value into another encoding or replaces it with its
   * result ({@code INCR}, {@code INCRBYFLOAT}, {@code APPEND}, the unsharing before an in-place
   * edit) and calls {@link #modified} itself. Redis: dbAdd or dbOverwrite.
   *
   * @param key the key (the owner copies it if it keeps it)
   * @param value the new value
   */
  void replace(byte[] key, RedisString value);

  /**
   * Deletes the key with its expire time. Redis: dbDelete (dbSyncDelete or dbAsyncDelete).
   *
   * @param key the key
   * @return whether it existed
   */
  boolean delete(byte[] key);

  /**
   * Sets the key's absolute expire time; the key exists. Redis: setExpire.
   *
   * @param key the key
   * @param whenMillis Unix time in milliseconds (may lie in the past: the key then expires on its
   *     next access)
   */
  void setExpire(byte[] key, long whenMillis);

  /**
   * Removes the key's expire time. Redis: removeExpire.
   *
   * @param key the key
   * @return whether it had one
   */
  boolean persist(byte[] key);

  /**
   * The current Unix time in milliseconds, from the owner's (injectable) clock. Redis: mstime.
   *
   * @return milliseconds since the epoch
   */
  long now();

  /**
   * Tells the owner that the command changed the key (for {@code WATCH}). Redis: signalModifiedKey.
   *
   * @param key the key
   */
  void modified(byte[] key);

  /**
   * Tells the owner that the command propagates to replicas as {@code argv} instead of its own
   * arguments ({@code SET ... EX} as {@code SET ... PXAT}, {@code GETDEL} as {@code DEL}). Redis:
   * rewriteClientCommandVector. Does nothing by default.
   *
   * @param argv the command to propagate
   */
  default void propagateAs(byte[]... argv) {}
}
