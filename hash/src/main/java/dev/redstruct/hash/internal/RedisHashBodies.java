package dev.redstruct.hash.internal;

import dev.redstruct.core.rdb.RdbReader;
import dev.redstruct.core.rdb.RdbWriter;
import dev.redstruct.hash.RedisHash;
import java.lang.reflect.Constructor;
import java.util.Objects;

/**
 * What {@code dev.redstruct.rdb} needs of a {@link RedisHash} beyond its public API: its RDB object
 * body, written into the caller's writer and read from the caller's reader (the footer is rdb's
 * business: one writer, one LZF table and one footer check serve every payload and RDB file). Never
 * public API.
 */
public final class RedisHashBodies {
  /*
   * Implementation notes. The house's one bridge mechanism (as QuickListBodies and ZSetWalks): one
   * instance of RedisHashInternalAccess (in dev.redstruct.hash), created once by reflection inside the
   * module and held in a static final field; stateless.
   */

  private static final Access ACCESS = load();

  private RedisHashBodies() {}

  /**
   * What {@code dev.redstruct.hash} implements for this class. Not for callers: use the static
   * methods.
   */
  public interface Access {
    /**
     * See {@link RedisHashBodies#writeRdb}.
     *
     * @param value the hash
     * @param out the writer
     */
    void writeRdb(RedisHash value, RdbWriter out);

    /**
     * See {@link RedisHashBodies#readRdb}.
     *
     * @param type the RDB type
     * @param body the reader
     * @param shown the input shown in errors, or null
     * @param maxListpackEntries {@code hash-max-listpack-entries}
     * @param maxListpackValue {@code hash-max-listpack-value}
     * @return the hash
     */
    RedisHash readRdb(
        int type, RdbReader body, byte[] shown, long maxListpackEntries, long maxListpackValue);
  }

  private static Access load() {
    try {
      Constructor<?> c =
          Class.forName("dev.redstruct.hash.RedisHashInternalAccess").getDeclaredConstructor();
      c.setAccessible(true); // same module: always permitted
      return (Access) c.newInstance();
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /**
   * Appends the hash's RDB type byte (16 or 4) and object body to {@code out}, as Redis 7.0.15's
   * rdbSaveObjectType and rdbSaveObject write them: the bytes {@link
   * RedisHash#toRdbPayload(boolean)} holds before its footer, with {@code out}'s compression.
   *
   * @param value the hash, not empty
   * @param out the writer
   * @throws IllegalStateException if the hash is empty (Redis has no empty keys)
   */
  public static void writeRdb(RedisHash value, RdbWriter out) {
    Objects.requireNonNull(value, "value");
    Objects.requireNonNull(out, "out");
    ACCESS.writeRdb(value, out);
  }

  /**
   * Loads the object body of RDB type {@code type} from {@code body} with Redis's default limits,
   * as {@link RedisHash#fromRdbPayload(byte[])} loads it after the footer check.
   *
   * @param type the RDB type byte
   * @param body a reader at the start of the body (untrusted)
   * @param shown the input shown in error messages, or null
   * @return the hash
   * @throws dev.redstruct.core.CorruptEncodingException if Redis would refuse the body
   */
  public static RedisHash readRdb(int type, RdbReader body, byte[] shown) {
    return readRdb(
        type,
        body,
        shown,
        RedisHash.DEFAULT_MAX_LISTPACK_ENTRIES,
        RedisHash.DEFAULT_MAX_LISTPACK_VALUE);
  }

  /**
   * Loads the object body of RDB type {@code type} from {@code body} with the given limits, which
   * decide the encoding as Redis's loader decides it from {@code hash-max-listpack-*}, as {@link
   * RedisHash#fromRdbPayload(byte[], long, long)} loads it after the footer check.
   *
   * @param type the RDB type byte
   * @param body a reader at the start of the body (untrusted)
   * @param shown the input shown in error messages, or null
   * @param maxListpackEntries {@code hash-max-listpack-entries}
   * @param maxListpackValue {@code hash-max-listpack-value}
   * @return the hash
   * @throws dev.redstruct.core.CorruptEncodingException if Redis would refuse the body
   */
  public static RedisHash readRdb(
      int type, RdbReader body, byte[] shown, long maxListpackEntries, long maxListpackValue) {
    Objects.requireNonNull(body, "body");
    return ACCESS.readRdb(type, body, shown, maxListpackEntries, maxListpackValue);
  }
}
