package dev.redstruct.skiplist.internal;

import dev.redstruct.skiplist.ScoreRange;
import dev.redstruct.skiplist.ZSet;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Objects;

/**
 * Allocation-free walks over a {@link ZSet} for sibling modules: GEOSEARCH reads each area's
 * candidates through {@link #forEachByScore}, copying only the members it returns.
 */
public final class ZSetWalks {
  /*
   * The walk itself needs ZSet's package-private encodings, so it lives in dev.redstruct.skiplist
   * (ZSetRangeWalk); this public class of a package exported only to geohash reaches it through a
   * method handle resolved once with this module's full-privilege lookup (same module: no opens
   * needed). A static final handle is immutable, and invokeExact on it compiles to a direct call.
   */
  private static final MethodHandle BY_SCORE = resolve();

  private ZSetWalks() {}

  private static MethodHandle resolve() {
    try {
      Class<?> walk = Class.forName("dev.redstruct.skiplist.ZSetRangeWalk");
      MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(walk, MethodHandles.lookup());
      MethodType type =
          MethodType.methodType(void.class, ZSet.class, ScoreRange.class, ScoredBytesVisitor.class);
      return lookup.findStatic(walk, "byScore", type);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /**
   * Visits the members whose score lies in {@code range}, in ascending order (by score, then member
   * bytes), until the visitor returns false. Allocates nothing on the skiplist encoding; the
   * compact encoding (at most {@code maxCompactEntries} members) decodes its pairs first. Redis:
   * the walk of geoGetPointsInRange (zslFirstInRange, then forward while zslValueLteMax),
   * src/geo.c.
   *
   * @param z the set; must not be modified during the walk
   * @param range the score range
   * @param visitor receives each member, in the set's own array
   */
  public static void forEachByScore(ZSet z, ScoreRange range, ScoredBytesVisitor visitor) {
    Objects.requireNonNull(z, "z");
    Objects.requireNonNull(range, "range");
    Objects.requireNonNull(visitor, "visitor");
    try {
      BY_SCORE.invokeExact(z, range, visitor);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new IllegalStateException(t); // byScore declares no checked exception
    }
  }
}
