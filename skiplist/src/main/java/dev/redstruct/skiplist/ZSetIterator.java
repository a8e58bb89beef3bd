package dev.redstruct.skiplist;

import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * The ascending iterator of {@link ZSet#iterator()}: reads {@value #CHUNK} ranks at a time through
 * {@link ZSet#rangeByRank}, so it depends on no encoding's internals and holds at most one chunk.
 */
final class ZSetIterator implements Iterator<ScoredMember> {
  /*
   * Implementation notes.
   *
   * `nextRank` is the rank (in the set as it is now) of the first member not yet read into `chunk`.
   * remove() deletes the member last returned, whose rank is below nextRank, so every member not
   * yet read moves down one rank: nextRank-- keeps it pointing at the same member. Members already
   * in `chunk` are unaffected (they are copies).
   */

  /** Members read per call to rangeByRank: a skiplist pays O(log n) once per chunk. */
  static final int CHUNK = 64;

  private final ZSet set;
  private List<ScoredMember> chunk = List.of();
  private int at;
  private long nextRank;
  private ScoredMember last;

  ZSetIterator(ZSet set) {
    this.set = set;
  }

  @Override
  public boolean hasNext() {
    if (at < chunk.size()) {
      return true;
    }
    if (nextRank >= set.size()) {
      return false;
    }
    chunk = set.rangeByRank(nextRank, nextRank + CHUNK - 1, false);
    nextRank += chunk.size();
    at = 0;
    return !chunk.isEmpty();
  }

  @Override
  public ScoredMember next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    last = chunk.get(at++);
    return last;
  }

  @Override
  public void remove() {
    if (last == null) {
      throw new IllegalStateException("next() was not called, or remove() was already called");
    }
    if (set.remove(last.member())) {
      nextRank--;
    }
    last = null;
  }
}
