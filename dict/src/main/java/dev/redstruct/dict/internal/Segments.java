package dev.redstruct.dict.internal;

import java.util.function.IntFunction;

/**
 * Segmented bucket arrays: one hash table of {@code 2^exp} buckets stored as a directory of
 * segments of at most {@link #SEG_SIZE} buckets, each allocated on the first write into it. Generic
 * over the chain-head type, so that {@code Dict}'s entries and the sorted set's skiplist nodes use
 * the same layout.
 */
/* Implementation notes
 *
 *   directory (length max(1, size >> 14))
 *   +------+------+------+------+
 *   | seg0 | null | seg2 | ...  |      null = never written: every bucket in it is empty
 *   +--|---+------+--|---+------+
 *      v             v
 *   [16384 bucket heads]  [16384 bucket heads]      bucket b lives in dir[b >> 14][b & 16383]
 *
 * Why: Java zero-fills every new array. A flat 2^24-bucket table would zero 64 MB (compressed
 * oops) inside the one put that triggers the resize, which is the stall progressive rehash exists
 * to remove. With segments, starting a resize allocates only the directory (4 bytes per 16384
 * buckets: 256 KB at the 2^30 cap) and each later write allocates at most the one segment it
 * lands in (64 KB with compressed oops, 128 KB without). Tables smaller than a segment use one
 * segment of exactly their size.
 */
public final class Segments {
  /** log2 of the segment size. */
  public static final int SEG_BITS = 14;

  /** Buckets per segment (for tables at least that large). */
  public static final int SEG_SIZE = 1 << SEG_BITS;

  /** Mask of a bucket's index inside its segment. */
  public static final int SEG_MASK = SEG_SIZE - 1;

  /** Largest table exponent: 2^30 buckets, as java.util.HashMap's maximum capacity. */
  public static final int MAX_EXP = 30;

  private Segments() {}

  /**
   * Number of segments of a table of {@code 2^exp} buckets.
   *
   * @param exp the table's exponent, at most {@link #MAX_EXP}
   * @return the directory length
   */
  public static int directoryLength(int exp) {
    return exp > SEG_BITS ? 1 << (exp - SEG_BITS) : 1;
  }

  /**
   * Buckets per segment in a table of {@code 2^exp} buckets.
   *
   * @param exp the table's exponent
   * @return the segment length
   */
  public static int segmentLength(int exp) {
    return exp > SEG_BITS ? SEG_SIZE : 1 << exp;
  }

  /**
   * Bucket {@code b}'s head, null when empty (or in a segment never written).
   *
   * @param dir the directory
   * @param b the bucket index
   * @param <T> the chain-head type
   * @return the head or null
   */
  public static <T> T get(T[][] dir, int b) {
    T[] seg = dir[b >>> SEG_BITS];
    return seg == null ? null : seg[b & SEG_MASK];
  }

  /**
   * Sets bucket {@code b}'s head, allocating its segment on the first non-null write.
   *
   * @param dir the directory
   * @param exp the table's exponent
   * @param b the bucket index
   * @param head the new head, or null
   * @param newSegment creates a segment array of the given length
   * @param <T> the chain-head type
   */
  public static <T> void set(T[][] dir, int exp, int b, T head, IntFunction<T[]> newSegment) {
    T[] seg = dir[b >>> SEG_BITS];
    if (seg == null) {
      if (head == null) {
        return;
      }
      seg = newSegment.apply(segmentLength(exp));
      dir[b >>> SEG_BITS] = seg;
    }
    seg[b & SEG_MASK] = head;
  }

  /**
   * How far a rehash index at {@code b}, whose bucket is empty, may jump: to the next segment when
   * {@code b}'s segment was never written (all its buckets are empty), else one bucket.
   *
   * @param dir the old table's directory
   * @param b the rehash index
   * @return the number of buckets to skip, at least 1
   */
  public static int emptySkip(Object[][] dir, int b) {
    return dir[b >>> SEG_BITS] == null ? SEG_SIZE - (b & SEG_MASK) : 1;
  }

  /**
   * Frees the old table's segment that a rehash index moving from {@code before} to {@code after}
   * left behind (all its buckets have been moved).
   *
   * @param dir the old table's directory
   * @param before the rehash index before the move
   * @param after the rehash index after it
   */
  public static void releasePassed(Object[][] dir, int before, int after) {
    if ((before >>> SEG_BITS) != (after >>> SEG_BITS)) {
      dir[before >>> SEG_BITS] = null;
    }
  }
}
