package dev.redstruct.quicklist.internal;

import dev.redstruct.core.rdb.RdbReader;
import dev.redstruct.core.rdb.RdbWriter;
import dev.redstruct.quicklist.QuickList;
import java.lang.reflect.Constructor;
import java.util.Objects;

/**
 * What {@code dev.redstruct.rdb} needs of a {@link QuickList} beyond its public API: the RDB object
 * body, written into the caller's writer and read from the caller's reader (so that one writer, one
 * LZF table and one footer check serve every payload and RDB file). Never public API.
 */
public final class QuickListBodies {
  /*
   * Implementation notes. The house's one bridge mechanism (as ListPackPositions and ZSetWalks):
   * one instance of QuickListInternalAccess (in dev.redstruct.quicklist), created once by
   * reflection inside the module and held in a static final field; stateless.
   */

  private static final Access ACCESS = load();

  private QuickListBodies() {}

  /**
   * What {@code dev.redstruct.quicklist} implements for this class. Not for callers: use the static
   * methods.
   */
  public interface Access {
    /**
     * See {@link QuickListBodies#writeRdb}.
     *
     * @param list the list
     * @param out the writer
     */
    void writeRdb(QuickList list, RdbWriter out);

    /**
     * See {@link QuickListBodies#readRdb}.
     *
     * @param type the RDB type
     * @param body the reader
     * @param fill {@code list-max-listpack-size}
     * @param compressDepth {@code list-compress-depth}
     * @return the list
     */
    QuickList readRdb(int type, RdbReader body, int fill, int compressDepth);
  }

  private static Access load() {
    try {
      Constructor<?> c =
          Class.forName("dev.redstruct.quicklist.QuickListInternalAccess").getDeclaredConstructor();
      c.setAccessible(true); // same module: always permitted
      return (Access) c.newInstance();
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /**
   * Appends the list's RDB type byte (18) and object body to {@code out}, as Redis 7.0.15's
   * rdbSaveObjectType and rdbSaveObject write them: the bytes {@link
   * QuickList#toRdbPayload(boolean)} holds before its footer, with {@code out}'s compression.
   *
   * @param list the list
   * @param out the writer
   */
  public static void writeRdb(QuickList list, RdbWriter out) {
    Objects.requireNonNull(list, "list");
    Objects.requireNonNull(out, "out");
    ACCESS.writeRdb(list, out);
  }

  /**
   * Loads the object body of RDB type {@code type} from {@code body} into a list with Redis's
   * defaults (fill -2, compress depth 0), as {@link QuickList#fromRdbPayload(byte[], int, int)}
   * loads it after the footer check.
   *
   * @param type the RDB type byte
   * @param body a reader at the start of the body (untrusted)
   * @return the list
   * @throws dev.redstruct.core.CorruptEncodingException if the body is malformed or holds no
   *     element
   */
  public static QuickList readRdb(int type, RdbReader body) {
    return readRdb(type, body, QuickList.DEFAULT_FILL, 0);
  }

  /**
   * Loads the object body of RDB type {@code type} from {@code body} into a list with the given
   * options, as Redis's loader gives the list {@code list-max-listpack-size} and {@code
   * list-compress-depth}, and as {@link QuickList#fromRdbPayload(byte[], int, int)} loads it after
   * the footer check.
   *
   * @param type the RDB type byte
   * @param body a reader at the start of the body (untrusted)
   * @param fill {@code list-max-listpack-size}
   * @param compressDepth {@code list-compress-depth}
   * @return the list
   * @throws dev.redstruct.core.CorruptEncodingException if the body is malformed or holds no
   *     element
   */
  public static QuickList readRdb(int type, RdbReader body, int fill, int compressDepth) {
    Objects.requireNonNull(body, "body");
    return ACCESS.readRdb(type, body, fill, compressDepth);
  }
}
