package dev.redstruct.set.internal;

import dev.redstruct.core.rdb.RdbReader;
import dev.redstruct.core.rdb.RdbWriter;
import dev.redstruct.set.RedisSet;
import java.lang.reflect.Constructor;
import java.util.Objects;

/**
 * What {@code dev.redstruct.rdb} needs of a {@link RedisSet} beyond its public API: its RDB object
 * body, written into the caller's writer and read from the caller's reader (the footer is rdb's
 * business: one writer, one LZF table and one footer check serve every payload and RDB file). Never
 * public API.
 */
public final class RedisSetBodies {
  /*
   * Implementation notes. The house's one bridge mechanism (as QuickListBodies and ZSetWalks): one
   * instance of RedisSetInternalAccess (in dev.redstruct.set), created once by reflection inside the
   * module and held in a static final field; stateless.
   */

  private static final Access ACCESS = load();

  private RedisSetBodies() {}

  /**
   * What {@code dev.redstruct.set} implements for this class. Not for callers: use the static
   * methods.
   */
  public interface Access {
    /**
     * See {@link RedisSetBodies#writeRdb}.
     *
     * @param value the set
     * @param out the writer
     */
    void writeRdb(RedisSet value, RdbWriter out);

    /**
     * See {@link RedisSetBodies#readRdb}.
     *
     * @param type the RDB type
     * @param body the reader
     * @param shown the input shown in errors, or null
     * @param maxIntsetEntries {@code set-max-intset-entries}
     * @return the set
     */
    RedisSet readRdb(int type, RdbReader body, byte[] shown, long maxIntsetEntries);
  }

  private static Access load() {
    try {
      Constructor<?> c =
          Class.forName("dev.redstruct.set.RedisSetInternalAccess").getDeclaredConstructor();
      c.setAccessible(true); // same module: always permitted
      return (Access) c.newInstance();
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /**
   * Appends the set's RDB type byte (11 or 2) and object body to {@code out}, as Redis 7.0.15's
   * rdbSaveObjectType and rdbSaveObject write them: the bytes {@link
   * RedisSet#toRdbPayload(boolean)} holds before its footer, with {@code out}'s compression.
   *
   * @param value the set, not empty
   * @param out the writer
   * @throws IllegalStateException if the set is empty (Redis has no empty keys)
   */
  public static void writeRdb(RedisSet value, RdbWriter out) {
    Objects.requireNonNull(value, "value");
    Objects.requireNonNull(out, "out");
    ACCESS.writeRdb(value, out);
  }

  /**
   * Loads the object body of RDB type {@code type} from {@code body} with Redis's default limits,
   * as {@link RedisSet#fromRdbPayload(byte[])} loads it after the footer check.
   *
   * @param type the RDB type byte
   * @param body a reader at the start of the body (untrusted)
   * @param shown the input shown in error messages, or null
   * @return the set
   * @throws dev.redstruct.core.CorruptEncodingException if Redis would refuse the body
   */
  public static RedisSet readRdb(int type, RdbReader body, byte[] shown) {
    return readRdb(type, body, shown, RedisSet.DEFAULT_MAX_INTSET_ENTRIES);
  }

  /**
   * Loads the object body of RDB type {@code type} from {@code body} with the given limit, which
   * decides the encoding as Redis's loader decides it from {@code set-max-intset-entries}, as
   * {@link RedisSet#fromRdbPayload(byte[], long)} loads it after the footer check.
   *
   * @param type the RDB type byte
   * @param body a reader at the start of the body (untrusted)
   * @param shown the input shown in error messages, or null
   * @param maxIntsetEntries {@code set-max-intset-entries}
   * @return the set
   * @throws dev.redstruct.core.CorruptEncodingException if Redis would refuse the body
   */
  public static RedisSet readRdb(int type, RdbReader body, byte[] shown, long maxIntsetEntries) {
    Objects.requireNonNull(body, "body");
    return ACCESS.readRdb(type, body, shown, maxIntsetEntries);
  }
}
