package dev.redstruct.dict.internal;

/**
 * Redis 7.0.15's dict policy as pure functions: when a table grows or shrinks and to what size,
 * when rehashing may proceed while resizing is disallowed, and the reverse-binary SCAN cursor with
 * its two-table walk. {@code Dict} and the sorted set's member index both follow it. Redis:
 * src/dict.c, src/server.c.
 */
/* Implementation notes: the SCAN cursor
 *
 * A bucket index under mask m is the low bits (h & m) of the hash. The cursor counts through
 * those bits in reverse order: set every bit above the mask, reverse the 64-bit word, add one,
 * reverse back. The carry thus runs from the top bit of the mask downwards, so for size 8 the
 * order is 0,4,2,6,1,5,3,7. After visiting cursor c under mask m, every cursor whose low bits
 * were already passed is "finished" for every larger mask too, because the larger table's buckets
 * that extend c (c, c + size, c + 2 size, ...) differ only in bits the reversed counter
 * increments first. Growing therefore never makes the walk miss or repeat a bucket; shrinking
 * merges buckets, which can repeat entries of a merged bucket but never skips one.
 *
 * With two tables (rehashing), the smaller table's bucket (v & m0) is emitted, then every
 * expansion of it in the larger table, advancing the cursor under the larger mask until the bits
 * the larger table has and the smaller lacks (m0 ^ m1) wrap to zero. One call thus behaves as if
 * only the smaller table existed, with the larger table as a refinement of it.
 */
public final class TablePolicy {
  /** Redis: DICT_HT_INITIAL_EXP. */
  public static final int INITIAL_EXP = 2;

  /** Redis: dict_force_resize_ratio (7.0). */
  public static final int FORCE_RESIZE_RATIO = 5;

  /** Redis: HASHTABLE_MIN_FILL, src/server.h (percent). */
  public static final int MIN_FILL_PERCENT = 10;

  private TablePolicy() {}

  /**
   * Emits one bucket's chain during a scan.
   *
   * <p>Implementations hand each entry of the chain to their visitor and return the count.
   */
  @FunctionalInterface
  public interface BucketEmitter {
    /**
     * Emits bucket {@code b} of table {@code t}.
     *
     * @param t the table, 0 or 1
     * @param b the bucket index in that table
     * @return the number of entries emitted
     */
    int emit(int t, int b);
  }

  /**
   * The exponent of the smallest table holding {@code size} entries at load 1, capped at 2^30
   * buckets. Redis: _dictNextExp.
   *
   * @param size the number of entries
   * @return the exponent, in [{@link #INITIAL_EXP}, {@link Segments#MAX_EXP}]
   */
  public static int nextExp(long size) {
    if (size <= 1L << INITIAL_EXP) {
      return INITIAL_EXP;
    }
    if (size >= 1L << Segments.MAX_EXP) {
      return Segments.MAX_EXP;
    }
    return 64 - Long.numberOfLeadingZeros(size - 1);
  }

  /**
   * Whether a table of {@code 2^exp} buckets holding {@code used} entries, not rehashing, must grow
   * (to {@code nextExp(used + 1)}). Redis: _dictExpandIfNeeded (7.0.15 policy).
   *
   * @param used entries in the table
   * @param exp the table's exponent
   * @param resizeAllowed whether resizing is allowed (no fork child, in Redis)
   * @return whether to start a resize
   */
  public static boolean needsGrow(long used, int exp, boolean resizeAllowed) {
    return used >= growAt(exp, resizeAllowed);
  }

  /**
   * The smallest entry count at which a table of {@code 2^exp} buckets must grow: Redis grows at
   * {@code used >= size} when resizing is allowed, else once {@code used / size >
   * FORCE_RESIZE_RATIO}, that is at {@code used >= (FORCE_RESIZE_RATIO + 1) * size}. A caller on a
   * hot path keeps this and compares, with no division.
   *
   * @param exp the table's exponent
   * @param resizeAllowed whether resizing is allowed
   * @return the threshold
   */
  public static long growAt(int exp, boolean resizeAllowed) {
    return resizeAllowed ? 1L << exp : (FORCE_RESIZE_RATIO + 1L) << exp;
  }

  /**
   * Whether a table of {@code 2^exp} buckets holding {@code used} entries is under 10% full and
   * larger than the initial size, so that it should shrink (to {@code nextExp(max(used, 4))}).
   * Redis: htNeedsResize, src/server.c.
   *
   * @param used entries in the table
   * @param exp the table's exponent
   * @return whether to start a shrink
   */
  public static boolean needsShrink(long used, int exp) {
    return used < shrinkBelow(exp);
  }

  /**
   * The smallest entry count at which a table of {@code 2^exp} buckets is not to shrink: Redis
   * shrinks a table larger than the initial size when {@code used * 100 / size < 10}, which for a
   * power-of-two size (never a multiple of 10) is {@code used < ceil(size / 10)}; 0 for tables that
   * never shrink.
   *
   * @param exp the table's exponent
   * @return the threshold
   */
  public static long shrinkBelow(int exp) {
    return exp > INITIAL_EXP ? ((1L << exp) + 9) / 10 : 0;
  }

  /**
   * Whether two tables differ in size by {@link #FORCE_RESIZE_RATIO} or more, which lets rehashing
   * proceed while resizing is disallowed. Redis: dictRehash's check, src/dict.c.
   *
   * @param expA one table's exponent
   * @param expB the other's
   * @return whether rehashing is forced
   */
  public static boolean forceRatioReached(int expA, int expB) {
    int big = Math.max(expA, expB);
    int small = Math.min(expA, expB);
    return (1L << (big - small)) >= FORCE_RESIZE_RATIO;
  }

  /**
   * The reverse-binary increment of cursor {@code v} under {@code mask}. Redis: dictScan's cursor
   * update.
   *
   * @param v the cursor
   * @param mask the table's mask
   * @return the next cursor, 0 after the last bucket
   */
  public static long scanNext(long v, long mask) {
    v |= ~mask;
    v = Long.reverse(v);
    v++;
    return Long.reverse(v);
  }

  /**
   * Redis's SCAN loop (scanGenericCommand, src/db.c) over dictScan steps (src/dict.c): steps from
   * cursor {@code v} until {@code count} entries are emitted, the cursor returns to 0, or {@code
   * budget} further steps are spent. The caller keeps the tables' shape fixed during the call
   * (rehashing paused, modifications refused).
   *
   * @param v the cursor
   * @param count entries wanted, at least 1
   * @param budget steps allowed after the first
   * @param exp0 table 0's exponent
   * @param exp1 table 1's exponent, or -1 when not rehashing
   * @param emitter emits a bucket of a table
   * @return the next cursor, 0 when the scan is complete
   */
  public static long scan(
      long v, int count, long budget, int exp0, int exp1, BucketEmitter emitter) {
    long mask0 = (1L << exp0) - 1;
    long seen = 0;
    do {
      if (exp1 < 0) {
        seen += emitter.emit(0, (int) (v & mask0));
        v = scanNext(v, mask0);
        continue;
      }
      // Redis: dictScan with two tables, the smaller one's bucket then all its expansions.
      int small = exp0 <= exp1 ? 0 : 1;
      long mSmall = (1L << Math.min(exp0, exp1)) - 1;
      long mBig = (1L << Math.max(exp0, exp1)) - 1;
      seen += emitter.emit(small, (int) (v & mSmall));
      do {
        seen += emitter.emit(1 - small, (int) (v & mBig));
        v = scanNext(v, mBig);
      } while ((v & (mSmall ^ mBig)) != 0);
    } while (v != 0 && budget-- > 0 && seen < count);
    return v;
  }
}
