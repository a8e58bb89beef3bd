package dev.redstruct.skiplist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.listpack.ListPack;
import dev.redstruct.ziplist.ZipList;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Bit flips, truncations and splices of a valid compact blob, and well-formed listpacks and 6.2
 * ziplists whose pairs break the zset rules (a member twice, pairs out of order, text scores that
 * are not numbers, more pairs than the entries limit): {@link ZSet#fromCompact} and {@link
 * ZSet#fromZipList} either load a set whose invariants hold and on which every operation works, or
 * throws {@link CorruptEncodingException}; nothing else escapes. Seed: {@code
 * -Dzset.corruption.seed=N}.
 */
class ZSetCorruptionTest {
  private static final long SEED = Long.getLong("zset.corruption.seed", 1414L);
  private static final String[] TEXT_SCORES = {
    "abc",
    " 5x",
    "1e400",
    "-1e400",
    "1e-400",
    "0x10",
    "-0",
    "",
    " ",
    "inf",
    "-infinity",
    "nan",
    "-nan(1)",
    "1.5",
    "0x1p-1074",
    "12abc",
    "+.5e1",
    "\t-3"
  };

  private static byte[] valid() {
    ZSet z = ZSet.create();
    String[] m = {"a", "bb", "123", "-7", "member-with-longer-name", "x", "0"};
    double[] s = {1.5, -0.0, 3, 1e17, Double.POSITIVE_INFINITY, 0.1, -2};
    for (int i = 0; i < m.length; i++) {
      z.add(m[i], s[i]);
    }
    return z.toCompactBytes();
  }

  private static int load(byte[] blob) {
    try {
      ZSet z = ZSet.fromCompact(blob);
      z.checkInvariants();
      z.rangeByRank(0, -1, true);
      operate(z, new SplittableRandom(blob.length));
      return 1;
    } catch (CorruptEncodingException e) {
      return 0;
    }
  }

  /**
   * Pairs drawn with repeated members, shuffled order, odd text scores and counts around the
   * entries limit. Redis 7.0 (RESTORE, sanitize-dump-payload yes) refuses exactly the blobs with an
   * odd count or a member twice; we also refuse a score that reads as NaN. A compact set keeps the
   * blob byte for byte, out of order or not, as Redis keeps it (issue 27 item 7).
   */
  @Test
  void pairRuleViolationsLoadAsTheyAreOrThrowCorruptEncoding() {
    SplittableRandom rnd = new SplittableRandom(SEED);
    int[] outcomes = new int[4]; // rejected, compact kept, compact changed (none), skiplist
    for (int round = 0; round < 400; round++) {
      int pairs = rnd.nextInt(8) == 0 ? 120 + rnd.nextInt(20) : rnd.nextInt(12);
      int entries = rnd.nextInt(30) == 0 ? 2 * pairs + 1 : 2 * pairs;
      ZipList zl = ZipList.create();
      ListPack lp = ListPack.create();
      boolean dup = false;
      boolean nan = false;
      java.util.Set<String> seen = new java.util.HashSet<>();
      for (int i = 0; i < entries; i++) {
        if (i % 2 == 0) {
          // Distinct members, one of about every 2 * pairs a repeat of an earlier (or no) member.
          int k = rnd.nextInt(2 * pairs + 1) == 0 ? rnd.nextInt(i / 2 + 1) : i / 2;
          String m = "m" + (1000 + k);
          dup |= !seen.add(m);
          zl.pushTail(Bytes.utf8(m));
          lp.append(Bytes.utf8(m));
        } else if (rnd.nextInt(6) == 0) {
          String t = TEXT_SCORES[rnd.nextInt(TEXT_SCORES.length)];
          nan |= t.contains("nan");
          zl.pushTail(Bytes.utf8(t));
          lp.append(Bytes.utf8(t));
        } else {
          int v = rnd.nextInt(100) - 50;
          zl.pushTail(v);
          lp.append(v);
        }
      }
      byte[] blob = lp.toByteArray();
      boolean six = round % 2 == 0; // the 6.2 form, converted on load as Redis converts it
      String at = "seed " + SEED + " round " + round + (six ? " (ziplist)" : "");
      try {
        ZSet z = six ? ZSet.fromZipList(zl.toByteArray()) : ZSet.fromCompact(blob);
        assertTrue(entries % 2 == 0 && !dup && !nan, at + ": loaded a blob Redis refuses");
        assertEquals(pairs, z.size(), at);
        z.checkInvariants();
        boolean kept =
            z.encoding() == ZSet.Encoding.COMPACT && Arrays.equals(blob, z.toCompactBytes());
        outcomes[z.encoding() == ZSet.Encoding.SKIPLIST ? 3 : kept ? 1 : 2]++;
        assertEquals(
            pairs > ZSet.DEFAULT_MAX_COMPACT_ENTRIES, z.encoding() == ZSet.Encoding.SKIPLIST);
        operate(z, rnd);
      } catch (CorruptEncodingException e) {
        assertTrue(entries % 2 != 0 || dup || nan, at + ": refused a blob Redis loads: " + e);
        outcomes[0]++;
      }
    }
    assertEquals(0, outcomes[2], "compact blobs changed on load: " + Arrays.toString(outcomes));
    for (int o : new int[] {outcomes[0], outcomes[1], outcomes[3]}) {
      assertTrue(o > 0, "every outcome reached: " + Arrays.toString(outcomes));
    }
  }

  /** Every kind of operation on a loaded set; invariants after each, a re-load at the end. */
  private static void operate(ZSet z, SplittableRandom rnd) {
    for (int i = 0; i < 40; i++) {
      byte[] m = Bytes.utf8("m" + (1000 + rnd.nextInt(150)));
      switch (rnd.nextInt(7)) {
        case 0 -> z.add(m, rnd.nextInt(20) - 10);
        case 1 -> z.incrementBy(m, 1.5);
        case 2 -> z.remove(m);
        case 3 -> z.rank(m, rnd.nextBoolean());
        case 4 -> z.removeRangeByScore(ScoreRange.closed(rnd.nextInt(10) - 5, rnd.nextInt(10)));
        case 5 -> z.rangeByScore(ScoreRange.all(), rnd.nextBoolean(), 0, -1);
        default -> z.scanReply(0, 10, text -> {});
      }
      z.checkInvariants();
    }
    if (z.encoding() == ZSet.Encoding.COMPACT) {
      ZSet again = ZSet.fromCompact(z.toCompactBytes());
      assertEquals(z.rangeByRank(0, -1, false), again.rangeByRank(0, -1, false));
    }
  }

  @Test
  void mutationsLoadOrThrowCorruptEncoding() {
    byte[] good = valid();
    assertTrue(load(good) == 1);
    SplittableRandom rnd = new SplittableRandom(99);
    int loaded = 0;
    for (int round = 0; round < 5000; round++) {
      byte[] b = good.clone();
      switch (round % 3) {
        case 0 -> b[rnd.nextInt(b.length)] ^= (byte) (1 << rnd.nextInt(8));
        case 1 -> b = Arrays.copyOf(b, rnd.nextInt(b.length));
        default -> {
          int at = rnd.nextInt(b.length);
          int len = rnd.nextInt(b.length - at);
          System.arraycopy(good, rnd.nextInt(b.length - len), b, at, len);
        }
      }
      loaded += load(b);
    }
    assertTrue(loaded < 5000, "some mutations must be rejected");
  }

  /**
   * Issue 14 item 3: an empty ziplist whose zltail is anything up to 10 passes Redis's validator
   * (zltail is checked only against a last entry). Whether such a blob is loaded or refused (Redis
   * 7.0 RESTORE refuses an empty zset), what we write afterwards must pass deep validation.
   */
  @Test
  void item3EmptyBlobWithAnOddZltailNeverLeadsToCorruptBytes() {
    for (int tail = 0; tail <= 10; tail++) {
      byte[] blob =
          dev.redstruct.core.Bytes.fromHex(String.format("0b000000%02x0000000000ff", tail));
      ZSet z;
      try {
        z = ZSet.fromZipList(blob);
      } catch (CorruptEncodingException refused) {
        continue;
      }
      z.add("m", 1.0);
      z.add("a", 0.5);
      z.checkInvariants();
      byte[] out = z.toCompactBytes();
      ListPack.validatePairs(out);
      assertTrue(ZSet.fromCompact(out).size() == 2, "tail " + tail);
    }
  }
}
