package dev.redstruct.intset;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.CorruptEncodingException;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * 100,000 mutated blobs (bit flips, header edits, truncations, insertions, swapped elements): each
 * either loads into a valid intset or throws {@link CorruptEncodingException}, nothing else; the
 * verdict of {@link IntSet#copyOf} equals {@link IntSet#validateIntegrity} (with the RDB loader's
 * refusal of an empty intset). Seed printed; replay with {@code -Dintset.corrupt.seed=N}.
 */
class IntSetCorruptionTest {
  private static final int BLOBS = Integer.getInteger("intset.corrupt.blobs", 100_000);

  @Test
  void mutatedBlobsLoadOrThrowCorruptEncodingOnly() {
    long seed = Long.getLong("intset.corrupt.seed", System.nanoTime());
    SplittableRandom r = new SplittableRandom(seed);
    int loaded = 0;
    byte[] base = null;
    for (int i = 0; i < BLOBS; i++) {
      if (i % 20 == 0) {
        base = IntSetMutations.validBlob(r);
      }
      byte[] blob = IntSetMutations.mutate(r, base);
      String hex = Bytes.hex(blob);
      boolean redis = IntSet.validateIntegrity(blob, true);
      boolean shallow = IntSet.validateIntegrity(blob, false);
      try {
        IntSet s = IntSet.copyOf(blob);
        s.checkInvariants();
        assertArrayEquals(blob, s.toByteArray(), hex);
        assertEquals(redis, s.size() > 0, () -> "seed " + seed + ": " + hex);
        loaded++;
      } catch (CorruptEncodingException e) {
        assertTrue(!redis, () -> "seed " + seed + ": refused what Redis accepts: " + hex);
      }
      try {
        IntSet w = IntSet.wrap(blob.clone());
        assertEquals(shallow, w.size() > 0, hex);
      } catch (CorruptEncodingException e) {
        assertTrue(!shallow, () -> "seed " + seed + ": wrap refused a good header: " + hex);
      }
    }
    System.out.printf("IntSetCorruptionTest: %d blobs, %d load; seed %d%n", BLOBS, loaded, seed);
    assertTrue(loaded > BLOBS / 50, "enough mutated blobs still load: " + loaded);
  }
}
