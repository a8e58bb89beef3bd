package dev.redstruct.quicklist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.listpack.ListPack;
import org.junit.jupiter.api.Test;

/**
 * The push fast path's test ({@link QuickListNodes#fits}) against {@code allowInsert}
 * (_quicklistNodeAllowInsert): whenever it passes, allowInsert agrees; for a negative fill and a
 * PACKED node below the packed threshold, the two are the same answer. Node sizes and element
 * lengths on each side of every byte limit (4..64 KiB less the 8-byte estimate overhead, and the 8
 * KiB safety limit of positive fills).
 */
class QuickListFitsTest {
  private static final int[] FILLS = {-5, -4, -3, -2, -1, 0, 1, 2, 128, 1000};
  private static final long[] THRESHOLDS = {QuickListNodes.DEFAULT_PACKED_THRESHOLD, 1, 10, 4096};

  @Test
  void fitsImpliesAllowInsertAndMatchesItForNegativeFills() {
    int checked = 0;
    for (int fill : FILLS) {
      for (long threshold : THRESHOLDS) {
        QuickListNodes l = new QuickListNodes(fill, 0);
        l.packedThreshold = threshold;
        for (int limit : new int[] {4096, 8192, 16384, 32768, 65536}) {
          for (int sz = limit - 80; sz <= limit + 2; sz += 7) {
            for (int len : new int[] {0, 1, 9, 10, 11, 63, 64, 70, 71, 72, 73, 80, 4095, 1 << 30}) {
              QuickNode n = QuickNode.packed(ListPack.create());
              n.sz = sz;
              n.count = 5;
              boolean fits = l.fits(n, len);
              boolean allow = l.allowInsert(n, len);
              if (fits) {
                assertTrue(allow, "fill " + fill + " sz " + sz + " len " + len);
              }
              if (fill < 0) {
                assertEquals(allow, fits, "fill " + fill + " sz " + sz + " len " + len);
              }
              checked++;
            }
          }
        }
        QuickNode plain = QuickNode.plain(new byte[3]);
        assertEquals(false, l.fits(plain, 1), "a PLAIN node never takes an element");
        assertEquals(false, l.fits(null, 1), "no node");
      }
    }
    assertTrue(checked > 10_000);
  }
}
