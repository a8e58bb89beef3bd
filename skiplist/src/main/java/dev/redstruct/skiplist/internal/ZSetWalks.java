package dev.redstruct.skiplist.internal;

import dev.redstruct.core.rdb.RdbReader;
import dev.redstruct.core.rdb.RdbWriter;
import dev.redstruct.skiplist.ScoreRange;
import dev.redstruct.skiplist.ZSet;
import java.lang.reflect.Constructor;
import java.util.Objects;

/**
 * What sibling modules need of a {@link ZSet} beyond its public API: the allocation-free walk over
 * a score range ({@code dev.redstruct.geohash}: GEOSEARCH reads each area's candidates through
 * {@link #forEachByScore}, copying only the members it returns) and the RDB object body ({@code
 * dev.redstruct.rdb}: payloads and RDB files written with the caller's writer and read with its
 * reader). Never public API.
 */
public final class ZSetWalks {
  /*
   * Implementation notes. The house's one bridge mechanism (as ListPackPositions): ZSet's state is
   * package-private to dev.redstruct.skiplist; this class reaches it through one instance of
   * ZSetInternalAccess (in that package), created once by reflection inside the module when this
   * class initialises and held in a static final field: immutable, shared by every thread, with no
   * state of its own. Each call is one monomorphic interface call that the JIT inlines.
   */

  private static final Access ACCESS = load();

  private ZSetWalks() {}

  /**
   * What {@code dev.redstruct.skiplist} implements for this class. Not for callers: use the static
   * methods.
   */
  public interface Access {
    /**
     * See {@link ZSetWalks#forEachByScore}.
     *
     * @param z the set
     * @param range the range
     * @param visitor the visitor
     */
    void forEachByScore(ZSet z, ScoreRange range, ScoredBytesVisitor visitor);

    /**
     * See {@link ZSetWalks#writeRdb}.
     *
     * @param z the set
     * @param out the writer
     */
    void writeRdb(ZSet z, RdbWriter out);

    /**
     * See {@link ZSetWalks#toSkipList}.
     *
     * @param z the set
     */
    void toSkipList(ZSet z);

    /**
     * See {@link ZSetWalks#readRdb}.
     *
     * @param type the RDB type
     * @param body the reader
     * @param shown the input shown in errors, or null
     * @param maxCompactEntries {@code zset-max-listpack-entries}
     * @param maxCompactValue {@code zset-max-listpack-value}
     * @return the set
     */
    ZSet readRdb(
        int type, RdbReader body, byte[] shown, int maxCompactEntries, int maxCompactValue);

    /**
     * See {@link ZSetWalks#create}.
     *
     * @param maxCompactEntries the entries threshold
     * @param maxCompactValue the value threshold
     * @param tree whether the skiplist form orders by the counted B+ tree
     * @return a new set
     */
    ZSet create(int maxCompactEntries, int maxCompactValue, boolean tree);
  }

  private static Access load() {
    try {
      Constructor<?> c =
          Class.forName("dev.redstruct.skiplist.ZSetInternalAccess").getDeclaredConstructor();
      c.setAccessible(true); // same module: always permitted
      return (Access) c.newInstance();
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /**
   * Visits the members whose score lies in {@code range}, in ascending order (by score, then member
   * bytes), until the visitor returns false. Allocates nothing but, on the compact encoding, one
   * scratch array when a member is stored as an integer. Redis: the walk of geoGetPointsInRange
   * (zslFirstInRange, then forward while zslValueLteMax; zzlFirstInRange and zzlNext while
   * compact), src/geo.c.
   *
   * @param z the set; must not be modified during the walk
   * @param range the score range
   * @param visitor receives each member, in the set's own array (or a scratch array)
   */
  public static void forEachByScore(ZSet z, ScoreRange range, ScoredBytesVisitor visitor) {
    Objects.requireNonNull(z, "z");
    Objects.requireNonNull(range, "range");
    Objects.requireNonNull(visitor, "visitor");
    ACCESS.forEachByScore(z, range, visitor);
  }

  /**
   * An empty set whose skiplist form orders its members by the given index: the zskiplist ({@code
   * tree == false}) or the counted B+ tree. Replies and DUMP bytes are the same either way; the
   * benchmarks compare the two (benchmarks/NOTES.md, "Issue 29").
   *
   * @param maxCompactEntries most members kept compact, {@code >= 0}
   * @param maxCompactValue longest member kept compact, in bytes, {@code >= 0}
   * @param tree true for the counted B+ tree, false for the zskiplist
   * @return a new set
   */
  public static ZSet create(int maxCompactEntries, int maxCompactValue, boolean tree) {
    return ACCESS.create(maxCompactEntries, maxCompactValue, tree);
  }

  /**
   * Appends the set's RDB type byte and object body to {@code out}, as Redis 7.0.15's
   * rdbSaveObjectType and rdbSaveObject write them (type 17 while compact, else 5): the bytes
   * {@link ZSet#toRdbPayload(boolean)} holds before its footer, with {@code out}'s compression.
   *
   * @param z the set
   * @param out the writer
   */
  public static void writeRdb(ZSet z, RdbWriter out) {
    Objects.requireNonNull(z, "z");
    Objects.requireNonNull(out, "out");
    ACCESS.writeRdb(z, out);
  }

  /**
   * Converts a compact set to the skiplist encoding for good (a no-op when it is one), as SORT does
   * to the set it sorts. Redis: zsetConvert(zobj, OBJ_ENCODING_SKIPLIST) in sortCommandGeneric,
   * src/sort.c.
   *
   * @param z the set
   */
  public static void toSkipList(ZSet z) {
    ACCESS.toSkipList(Objects.requireNonNull(z, "z"));
  }

  /**
   * Loads the object body of RDB type {@code type} from {@code body} with Redis's default
   * thresholds, as {@link ZSet#fromRdbPayload(byte[])} loads it after the footer check.
   *
   * @param type the RDB type byte
   * @param body a reader at the start of the body (untrusted)
   * @param shown the input shown in error messages, or null
   * @return the set
   * @throws dev.redstruct.core.CorruptEncodingException if Redis would refuse the body
   */
  public static ZSet readRdb(int type, RdbReader body, byte[] shown) {
    return readRdb(
        type, body, shown, ZSet.DEFAULT_MAX_COMPACT_ENTRIES, ZSet.DEFAULT_MAX_COMPACT_VALUE);
  }

  /**
   * Loads the object body of RDB type {@code type} from {@code body} with the given thresholds,
   * which decide the encoding as Redis's loader decides it from {@code zset-max-listpack-*}, as
   * {@link ZSet#fromRdbPayload(byte[], int, int)} loads it after the footer check.
   *
   * @param type the RDB type byte
   * @param body a reader at the start of the body (untrusted)
   * @param shown the input shown in error messages, or null
   * @param maxCompactEntries {@code zset-max-listpack-entries}
   * @param maxCompactValue {@code zset-max-listpack-value}
   * @return the set
   * @throws dev.redstruct.core.CorruptEncodingException if Redis would refuse the body
   */
  public static ZSet readRdb(
      int type, RdbReader body, byte[] shown, int maxCompactEntries, int maxCompactValue) {
    Objects.requireNonNull(body, "body");
    return ACCESS.readRdb(type, body, shown, maxCompactEntries, maxCompactValue);
  }
}
