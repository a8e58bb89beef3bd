package dev.redstruct.skiplist.internal;

/**
 * Receives the members of a score-range walk without a copy: the member is {@code array[offset,
 * offset + length)}, an array the set owns, valid only during the call. The visitor must not modify
 * it, keep it, or modify the set.
 */
@FunctionalInterface
public interface ScoredBytesVisitor {
  /**
   * Visits one member.
   *
   * @param array the array holding the member (the set's own: read only, during the call only)
   * @param offset where the member starts
   * @param length the member's length
   * @param score the member's score
   * @return true to go on, false to stop the walk
   */
  boolean visit(byte[] array, int offset, int length, double score);
}
