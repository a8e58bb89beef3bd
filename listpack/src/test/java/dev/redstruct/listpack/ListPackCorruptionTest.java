package dev.redstruct.listpack;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.CorruptEncodingException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Mutated blobs (bit flips, truncations, splices, wrong header fields, inflated lengths, backlens
 * off by one): validation either accepts or throws {@link CorruptEncodingException}, nothing else;
 * an accepted blob walks the same both ways and takes an insert and a delete. Seed printed; replay
 * with {@code -Dredstruct.seed=<seed>}.
 */
class ListPackCorruptionTest {
  private static final int MUTATIONS = 30_000;

  @Test
  void mutatedBlobsAreAcceptedSafelyOrRejectedWithCorruptEncodingOnly() {
    long seed = Long.getLong("redstruct.seed", System.nanoTime());
    System.out.println("ListPackCorruptionTest seed " + seed);
    SplittableRandom r = new SplittableRandom(seed);
    int accepted = 0;
    byte[] base = ListPackMutations.validBlob(r, 12);
    for (int i = 0; i < MUTATIONS; i++) {
      if (i % 20 == 0) {
        base = ListPackMutations.validBlob(r, 12);
      }
      byte[] blob = ListPackMutations.mutate(r, base);
      try {
        if (survives(blob, r)) {
          accepted++;
        }
      } catch (RuntimeException | AssertionError e) {
        throw new AssertionError("seed " + seed + ", blob " + Bytes.hex(blob) + ": " + e, e);
      }
    }
    System.out.printf(
        "ListPackCorruptionTest: %d of %d mutated blobs valid%n", accepted, MUTATIONS);
    assertTrue(accepted > 0 && accepted < MUTATIONS, "the mutations make both verdicts");
  }

  /** Returns false when rejected (with CorruptEncodingException only), true when it survived. */
  static boolean survives(byte[] blob, SplittableRandom r) {
    int n;
    try {
      n = ListPack.validate(blob);
    } catch (CorruptEncodingException e) {
      try {
        ListPack.copyOf(blob);
      } catch (CorruptEncodingException again) {
        return false;
      }
      throw new AssertionError("validate rejected but copyOf accepted");
    }
    ListPack lp = ListPack.copyOf(blob);
    assertEquals(n, lp.size());
    List<byte[]> forward = new ArrayList<>();
    ListPackCursor c = lp.cursor();
    while (c.next()) {
      forward.add(c.toByteArray());
    }
    assertEquals(n, forward.size());
    for (int i = n - 1; i >= 0; i--) {
      assertTrue(c.previous());
      assertArrayEquals(forward.get(i), c.toByteArray());
    }
    lp.insert(r.nextInt(n + 1), ListPackTestValues.value(r));
    lp.delete(r.nextInt(n + 1));
    lp.checkInvariants();
    ListPack.validate(lp.toByteArray());
    return true;
  }
}
