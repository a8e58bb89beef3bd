package dev.redstruct.ziplist;

/**
 * The state of a {@link ZipList} that most lists never need, kept out of the list object so that a
 * list at rest is one small object and its array (see {@link ZipList}'s implementation notes). A
 * list gets one when it is {@link ZipList#wrap}ped (untrusted), capped below 1 GiB (tests), grows a
 * prevlen in a cascade (the counter), or gets a {@link java.util.List} view (the structural change
 * counter that views watch); once made it stays, since views may hold on to its counter.
 */
final class ZipListExtras {
  /** False for wrapped bytes that were never deep-validated: walks then check bounds. */
  final boolean trusted;

  /** The safety cap, {@code >= EMPTY_SIZE}; {@link ZipListLayout#MAX_SAFETY_SIZE} unless capped. */
  final int maxBytes;

  /** Inserts and deletes since this object was made (what list views call structural changes). */
  int modCount;

  /** Prevlen fields grown from 1 to 5 bytes by cascades over the list's life. */
  long cascadeSteps;

  ZipListExtras(boolean trusted, int maxBytes) {
    this.trusted = trusted;
    this.maxBytes = maxBytes;
  }
}
