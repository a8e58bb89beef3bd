package dev.redstruct.ziplist;

/**
 * Receives the entries of a {@link ZipList#forEachEntry} walk, in order, without any object being
 * made per entry: a string entry arrives as a slice of the ziplist's own array, an integer entry as
 * its value (whose decimal bytes are what {@link ZipList#get} would return).
 *
 * <p>The array passed to {@link #string} is the ziplist's live backing array: read {@code [offset,
 * offset + length)} during the call only, and never write to it. A callback cannot change the
 * ziplist: the change is refused with {@link java.util.ConcurrentModificationException} before
 * anything moves.
 *
 * <p><b>Thread safety.</b> The walk calls the consumer on the caller's thread, one entry at a time;
 * an implementation needs no synchronization unless it shares its own state with other threads.
 */
public interface ZipListEntryConsumer {
  /**
   * Receives a string entry.
   *
   * @param array the ziplist's backing array (read only, during this call only)
   * @param offset where the entry's bytes start
   * @param length how many bytes it has
   */
  void string(byte[] array, int offset, int length);

  /**
   * Receives an integer entry.
   *
   * @param value the stored value
   */
  void integer(long value);
}
