package dev.redstruct.ziplist;

import static dev.redstruct.ziplist.ZipListLayout.EMPTY_SIZE;
import static dev.redstruct.ziplist.ZipListLayout.HEADER_SIZE;
import static dev.redstruct.ziplist.ZipListLayout.UNKNOWN_LENGTH;

import java.util.Arrays;
import java.util.Objects;

/** Redis's {@code ziplistMerge} (src/ziplist.c), as a pure function of two ziplists. */
final class ZipListMerge {
  private ZipListMerge() {}

  /**
   * Concatenates the entry areas: zlbytes is the sum less one header and end; zllen the sum of the
   * two header counts, saturated at 65535; zltail the second list's tail shifted by the first's
   * entries; then a cascade from the first list's tail entry fixes the seam (the second list's head
   * had prevlen 0). Which list Redis reallocates does not change the bytes.
   */
  static ZipList merge(ZipList first, ZipList second) {
    Objects.requireNonNull(first, "first");
    Objects.requireNonNull(second, "second");
    if (first == second) {
      throw new IllegalArgumentException("cannot merge a ziplist with itself");
    }
    if (second.isEmpty()) {
      // Redis would leave zltail on the 0xFF byte; one copy, with the walk's read pad (whose
      // bytes are never interpreted)
      byte[] copy = Arrays.copyOf(first.array(), ZipList.paddedLength(first.blobLength()));
      return ZipList.fromMergedBytes(copy, ZipListLayout.HEADER_SIZE, first.trusted());
    }
    byte[] a = first.array();
    byte[] b = second.array();
    int aBytes = first.blobLength();
    int bBytes = second.blobLength();
    long total = (long) aBytes + bBytes - EMPTY_SIZE;
    if (total > ZipListLayout.MAX_SAFETY_SIZE) {
      throw new IllegalStateException("merged ziplist would be " + total + " bytes, over 1 GiB");
    }
    byte[] out = new byte[ZipList.paddedLength(total)];
    System.arraycopy(a, 0, out, 0, aBytes - 1);
    System.arraycopy(b, HEADER_SIZE, out, aBytes - 1, bBytes - HEADER_SIZE);
    int count = ZipListLayout.zllen(a) + ZipListLayout.zllen(b);
    ZipListLayout.setZlbytes(out, (int) total);
    ZipListLayout.setZllen(out, Math.min(count, UNKNOWN_LENGTH));
    ZipListLayout.setZltail(out, aBytes - 1 + second.tailOffset() - HEADER_SIZE);
    boolean trusted = first.trusted() && second.trusted();
    return ZipList.fromMergedBytes(out, first.tailOffset(), trusted);
  }
}
