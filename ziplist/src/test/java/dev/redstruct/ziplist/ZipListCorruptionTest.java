package dev.redstruct.ziplist;

import static dev.redstruct.core.Bytes.fromHex;
import static dev.redstruct.core.Bytes.hex;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.Codec;
import dev.redstruct.core.CorruptEncodingException;
import java.time.Duration;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Mutated blobs are either valid or rejected with {@link CorruptEncodingException}, nothing else;
 * blobs that only pass the header check, once wrapped, fail the same way when operated on. Each
 * input goes through one public entry point ({@link ZipListEntryPoints}) within a per-input time
 * limit; valid inputs must leave valid bytes.
 */
class ZipListCorruptionTest {
  private static final int TARGET = 150_000;
  private static final long BUDGET_NANOS = 10_000_000_000L;

  @Test
  void mutationsAreValidOrCorruptEncodingException() {
    long seed = Long.getLong("ziplist.seed", System.nanoTime());
    byte[][] current = {null};
    // a hang inside one input fails the test (and names the input) instead of the build
    assertTimeoutPreemptively(
        Duration.ofSeconds(120),
        () -> mutations(seed, current),
        () -> "seed " + seed + ": stuck on " + hex(current[0]));
  }

  private static void mutations(long seed, byte[][] current) {
    SplittableRandom r = new SplittableRandom(seed);
    long deadline = System.nanoTime() + BUDGET_NANOS;
    int done = 0;
    int rejected = 0;
    int shallowOnly = 0;
    byte[] blob = ZipListMutations.validBlob(r, 12);
    byte[] last = null;
    try {
      while (done < TARGET && (done % 1000 != 0 || System.nanoTime() < deadline)) {
        if (done % 50 == 0) {
          blob = ZipListMutations.validBlob(r, 12);
        }
        byte[] bad = ZipListMutations.mutate(r, blob);
        current[0] = bad;
        done++;
        try {
          ZipList.validate(bad, true);
          last = bad;
          if (done % 8 == 0) {
            exerciseValid(bad);
            int op = r.nextInt(ZipListEntryPoints.COUNT);
            ZipListEntryPoints.timed(bad, ZipList.copyOf(bad), op, r, true);
            ZipListEntryPoints.timed(bad, ZipList.wrap(bad.clone()), op, r, true);
          }
        } catch (CorruptEncodingException expected) {
          rejected++;
          if (done % 4 == 0 && shallowPasses(bad)) {
            shallowOnly++;
            int op = r.nextInt(ZipListEntryPoints.COUNT);
            ZipListEntryPoints.timed(bad, ZipList.wrap(bad.clone()), op, r, false);
          }
        }
      }
    } catch (RuntimeException | AssertionError | StackOverflowError e) {
      throw new AssertionError(
          "seed " + seed + " after " + done + " mutations, last valid " + hex(last) + ": " + e, e);
    }
    System.out.printf(
        "ziplist corruption: %d mutations (seed %d): %d rejected (%d of them header-valid and"
            + " operated on wrapped), %d still valid%n",
        done, seed, rejected, shallowOnly, done - rejected);
    assertTrue(rejected > done / 2, "most mutations must be caught");
  }

  private static boolean shallowPasses(byte[] b) {
    try {
      ZipList.validate(b, false);
      return true;
    } catch (CorruptEncodingException e) {
      return false;
    }
  }

  /** A valid blob decodes fully both ways and stays valid under changes. */
  private static void exerciseValid(byte[] bad) {
    ZipList z = ZipList.copyOf(bad);
    int n = 0;
    ZipListCursor c = z.cursor();
    while (c.next()) {
      c.toByteArray();
      n++;
    }
    assertEquals(n, z.size());
    while (c.previous()) {
      n--;
    }
    assertEquals(0, n);
    z.asList(Codec.bytes()).hashCode();
    z.pushHead(new byte[] {'x'});
    z.delete(-1);
    z.checkInvariants();
  }

  @Test
  void namedRejections() {
    // Built from the valid blob of ["a", "b"] = 0f000000 0c000000 0200 000161 030162 ff, each
    // breaking one check of ziplistValidateIntegrity (cases modelled on corrupt-dump.tcl).
    String ok = "11000000 0d000000 0200 000161 030162 ff";
    ZipList.validate(fromHex(ok), true);
    String[][] bad = {
      {"10000000 0d000000 0200 000161 030162 ff", "zlbytes"}, // #3080
      {"11000000 0d000000 0300 000161 030162 ff", "zllen"},
      {"11000000 0e000000 0200 000161 030162 ff", "zltail"},
      {"11000000 11000000 0200 000161 030162 ff", "zltail"},
      {"11000000 0d000000 0200 000161 040162 ff", "prevlen"}, // too big
      {"11000000 0d000000 0200 000161 020162 ff", "prevlen"}, // too small
      {"11000000 0d000000 0200 050161 030162 ff", "before the first"},
      {"11000000 0d000000 0200 00c161 030162 ff", "encoding"}, // 0xC1
      {"11000000 0d000000 0200 000161 ff0162 ff", "0xFF"}, // ends early
      {"11000000 0d000000 0200 000261 030162 ff", "past"}, // 14-bit length runs out
      {"11000000 0d000000 0200 008661 030162 ff", "past"}, // 0x86: huge 32-bit length
      {"11000000 0d000000 0200 000161 fe0162 ff", "prevlen field"}, // 5-byte prevlen at the end
      {"0a000000 0a000000 0000", "shorter"},
    };
    for (String[] c : bad) {
      CorruptEncodingException e =
          assertThrows(CorruptEncodingException.class, () -> ZipList.copyOf(fromHex(c[0])), c[0]);
      assertTrue(e.reason().contains(c[1]), c[0] + " -> " + e.reason());
      assertEquals("ziplist", e.format());
    }
    // zllen 65535 is never checked against the count (facts 1.8, observed on 7.0).
    ZipList.validate(fromHex("11000000 0d000000 ffff 000161 030162 ff"), true);
    // A 5-byte prevlen holding a small value is accepted, even on the first entry.
    ZipList.validate(fromHex("12000000 0a000000 0100 fe00000000 0161 ff"), true);
  }

  /**
   * Issue 14 item 15: header-valid blobs whose zllen (6, no entry) or first 0xFF (at offset 10 of a
   * 12-byte blob) disagree with the entries made list-view iteration throw NoSuchElementException
   * and index access IndexOutOfBoundsException. Every public entry point, on a fresh wrap of each,
   * may now fail only with CorruptEncodingException.
   */
  @Test
  void item15WrappedHeaderLiesFailOnlyWithCorruptEncoding() {
    SplittableRandom r = new SplittableRandom(15);
    for (String hex : new String[] {"0b0000000a0000000600ff", "0c0000000a0000000000ffff"}) {
      byte[] blob = fromHex(hex);
      assertThrows(CorruptEncodingException.class, () -> ZipList.validate(blob, true));
      for (int op = 0; op < ZipListEntryPoints.COUNT; op++) {
        ZipListEntryPoints.timed(blob, ZipList.wrap(blob.clone()), op, r, false);
      }
    }
  }
}
