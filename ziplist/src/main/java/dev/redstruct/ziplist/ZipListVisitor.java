package dev.redstruct.ziplist;

/**
 * Receives the entries of a positional walk ({@code ZipList.visitAt}), in order, each with its
 * <em>position</em>: an opaque token (layout version and offset) that the positional inserts accept
 * to insert before that entry without walking to it again (Redis passes entry pointers the same
 * way, {@code ziplistInsert(zl, p, ...)}). Package-private: this module's positional tests use it.
 * Either method returns {@code false} to end the walk early.
 *
 * <p>A position stays valid until the ziplist's bytes next change; after that, using it throws
 * {@link IllegalArgumentException}. A string entry arrives as a read-only slice of the live backing
 * array; unlike {@link dev.redstruct.ziplist.ZipListEntryConsumer}'s, the slice stays readable
 * after the call and after the walk, until the ziplist's bytes next change (so a visitor may note
 * slices and compare them once the walk is over). A callback must not change the ziplist: a change
 * is refused with {@link java.util.ConcurrentModificationException}.
 *
 * <p><b>Thread safety.</b> The walk calls the visitor on the caller's thread, one entry at a time;
 * an implementation needs no synchronization unless it shares its own state with other threads.
 */
interface ZipListVisitor {
  /**
   * Receives a string entry.
   *
   * @param position the entry's position token
   * @param array the ziplist's backing array (read only, during this call only)
   * @param offset where the entry's bytes start
   * @param length how many bytes it has
   * @return {@code true} to go on, {@code false} to end the walk
   */
  boolean string(long position, byte[] array, int offset, int length);

  /**
   * Receives an integer entry.
   *
   * @param position the entry's position token
   * @param value the stored value
   * @return {@code true} to go on, {@code false} to end the walk
   */
  boolean integer(long position, long value);
}
