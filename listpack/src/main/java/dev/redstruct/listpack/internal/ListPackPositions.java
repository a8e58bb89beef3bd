package dev.redstruct.listpack.internal;

import dev.redstruct.listpack.ListPack;
import java.lang.reflect.Constructor;

/**
 * Offset-based access to a {@link ListPack} for sibling modules (exported only to {@code
 * dev.redstruct.skiplist}, whose compact sorted set keeps byte offsets of its pairs): read the
 * element at an offset, insert a pair before an offset, delete from an offset. Never public API.
 *
 * <p>An offset is a byte index into {@link #array}: {@link #FIRST} is the first element (or the end
 * byte when empty), and {@link #read} gives the offset after each element. Offsets and the array
 * stay valid until the next edit of the listpack; an edit at offset {@code p} that adds {@code g}
 * bytes moves every element after {@code p} by exactly {@code g} (a listpack element never depends
 * on its neighbours, so nothing cascades). The caller passes offsets that are element boundaries
 * (or the end byte); they are not checked.
 */
public final class ListPackPositions {
  /*
   * Implementation notes. The listpack's state is package-private to dev.redstruct.listpack; this
   * class reaches it through one instance of ListPackPositionAccess (in that package), created once
   * by reflection inside the module when this class initialises and held in a static final field:
   * immutable, shared by every thread, with no state of its own. Each call is one monomorphic
   * interface call that the JIT inlines.
   */

  /** Offset of the first element: right after the 6-byte header. */
  public static final int FIRST = 6;

  private static final Access ACCESS = load();

  private ListPackPositions() {}

  /**
   * What {@code dev.redstruct.listpack} implements for this class. Not for callers: use the static
   * methods.
   */
  public interface Access {
    /**
     * See {@link ListPackPositions#array}.
     *
     * @param lp the listpack
     * @return its array
     */
    byte[] array(ListPack lp);

    /**
     * See {@link ListPackPositions#read}.
     *
     * @param b the array
     * @param p the offset
     * @param e the entry to fill
     * @return the next offset
     */
    int read(byte[] b, int p, ListPackEntry e);

    /**
     * See {@link ListPackPositions#insertPair}.
     *
     * @param lp the listpack
     * @param p the offset
     * @param first the first string
     * @param secondText the second string, or null
     * @param secondInt the second value when {@code secondText} is null
     */
    void insertPair(ListPack lp, int p, byte[] first, byte[] secondText, long secondInt);

    /**
     * See {@link ListPackPositions#reserve}.
     *
     * @param lp the listpack
     * @param capacity the array length wanted
     */
    void reserve(ListPack lp, int capacity);

    /**
     * See {@link ListPackPositions#delete}.
     *
     * @param lp the listpack
     * @param p the offset
     * @param count how many elements
     */
    void delete(ListPack lp, int p, int count);
  }

  private static Access load() {
    try {
      Constructor<?> c =
          Class.forName("dev.redstruct.listpack.ListPackPositionAccess").getDeclaredConstructor();
      c.setAccessible(true); // same module: always permitted
      return (Access) c.newInstance();
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /**
   * The listpack's backing array (not a copy): the listpack is {@code [0, sizeInBytes())}, the rest
   * is slack. Valid until the next edit; the caller must not write to it.
   *
   * @param lp the listpack
   * @return its array
   */
  public static byte[] array(ListPack lp) {
    return ACCESS.array(lp);
  }

  /**
   * Whether {@code p} is the end byte (0xFF) rather than an element.
   *
   * @param b the array from {@link #array}
   * @param p an element boundary
   * @return true at the end
   */
  public static boolean isEnd(byte[] b, int p) {
    return b[p] == (byte) 0xFF;
  }

  /**
   * Decodes the element at {@code p} into {@code e}. Redis: lpGetWithSize, lpSkip.
   *
   * @param b the array from {@link #array}
   * @param p an element's offset (not the end byte)
   * @param e receives the value
   * @return the offset of the next element (or of the end byte)
   */
  public static int read(byte[] b, int p, ListPackEntry e) {
    return ACCESS.read(b, p, e);
  }

  /**
   * Inserts two elements before the element (or end byte) at {@code p} with one move of the tail:
   * the same bytes as inserting the second and then the first before {@code p} (Redis:
   * zzlInsertAt's two lpInsert calls, member then score after it). Strings that are canonical
   * integers are stored as integers.
   *
   * @param lp the listpack
   * @param p an element boundary
   * @param first the first element (a zset member)
   * @param secondText the second element as a string, or null for {@code secondInt}
   * @param secondInt the second element as an integer, when {@code secondText} is null
   * @throws IllegalStateException if the listpack would pass 1 GiB; nothing changes
   */
  public static void insertPair(
      ListPack lp, int p, byte[] first, byte[] secondText, long secondInt) {
    ACCESS.insertPair(lp, p, first, secondText, secondInt);
  }

  /**
   * Makes the listpack's array at least {@code capacity} bytes long (the bytes are unchanged), so
   * that the caller chooses the slack: a listpack grows its array by half again when full, which a
   * set of many small listpacks may not want to keep.
   *
   * @param lp the listpack
   * @param capacity the array length wanted
   */
  public static void reserve(ListPack lp, int capacity) {
    ACCESS.reserve(lp, capacity);
  }

  /**
   * Deletes {@code count} elements from the element at {@code p} (stopping at the end). Redis:
   * lpDeleteRangeWithEntry.
   *
   * @param lp the listpack
   * @param p an element's offset
   * @param count how many elements, at least 1
   */
  public static void delete(ListPack lp, int p, int count) {
    ACCESS.delete(lp, p, count);
  }
}
