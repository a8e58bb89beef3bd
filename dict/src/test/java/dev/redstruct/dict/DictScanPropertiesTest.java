package dev.redstruct.dict;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The SCAN guarantee (src/dict.c, dictScan; fact sheet §2.2): a full scan visits every entry
 * present from its start to its end, however the table grows or shrinks between calls, and never
 * visits a key that was never present; with single steps and with SCAN's COUNT hint.
 */
class DictScanPropertiesTest {
  @Test
  void everyKeyPresentThroughoutIsVisited() {
    qt().withExamples(50)
        .forAll(longs().all(), integers().between(0, 300))
        .checkAssert((seed, stable) -> scanWithChurn(seed, stable, 0));
  }

  /** The same with SCAN calls of a COUNT hint (1 to 20), which take several steps each. */
  @Test
  void everyKeyPresentThroughoutIsVisitedWithCount() {
    qt().withExamples(50)
        .forAll(longs().all(), integers().between(0, 300), integers().between(1, 20))
        .checkAssert((seed, stable, count) -> scanWithChurn(seed, stable, count));
  }

  /**
   * Keys below {@code stable} stay in the dict for the whole scan; other keys come and go in bursts
   * large enough to force grows and shrinks between (and during rehashes across) calls.
   */
  static int[] scanWithChurn(long seed, int stable, int count) {
    SplittableRandom r = new SplittableRandom(seed);
    Dict<Integer, Integer> d = r.nextBoolean() ? Dict.create() : Dict.create(DictTest.IDENTITY);
    Set<Integer> ever = new HashSet<>();
    for (int k = 0; k < stable; k++) {
      d.put(k, k);
      ever.add(k);
    }
    List<Integer> volatileKeys = new ArrayList<>();
    int nextKey = 1_000_000;
    Set<Integer> visited = new HashSet<>();
    long cursor = 0;
    int calls = 0;
    int grows = 0;
    int shrinks = 0;
    do {
      // count 0: single dictScan steps (the most churn between them); else SCAN with a COUNT
      cursor =
          count == 0
              ? d.scanStep(cursor, e -> visited.add(e.getKey()))
              : d.scan(cursor, count, e -> visited.add(e.getKey()));
      int before = d.isRehashing() ? -1 : d.exp0;
      switch (r.nextInt(16)) {
        case 0 -> { // burst of inserts: forces a grow
          for (int i = r.nextInt(4 * (d.size() + 4)); i > 0 && d.size() < 8 * stable + 256; i--) {
            d.put(nextKey, nextKey);
            ever.add(nextKey);
            volatileKeys.add(nextKey++);
          }
        }
        case 1, 9, 10 -> { // remove most volatile keys: forces a shrink when they dominate
          if (r.nextBoolean()) {
            d.rehashSteps(Integer.MAX_VALUE); // a pending grow would otherwise defer the shrink
          }
          while (volatileKeys.size() > r.nextInt(3)) {
            d.remove(volatileKeys.remove(volatileKeys.size() - 1));
          }
        }
        case 2, 3, 4, 5 -> d.rehashSteps(1 + r.nextInt(50));
        case 6 -> d.setResizeAllowed(r.nextInt(4) != 0);
        case 7, 8 -> { // single churn
          d.put(nextKey, nextKey);
          ever.add(nextKey);
          volatileKeys.add(nextKey++);
          if (!volatileKeys.isEmpty() && r.nextBoolean()) {
            d.remove(volatileKeys.remove(r.nextInt(volatileKeys.size())));
          }
        }
        default -> d.get(r.nextInt(stable + 1)); // one rehash step
      }
      int after = d.isRehashing() ? d.exp1 : d.exp0;
      if (before >= 0 && after > before) {
        grows++;
      } else if (before >= 0 && after < before) {
        shrinks++;
      }
      assertTrue(++calls < 10_000_000, "scan must terminate");
    } while (cursor != 0);
    for (int k = 0; k < stable; k++) {
      assertTrue(visited.contains(k), "seed " + seed + ": key " + k + " missed");
    }
    assertTrue(ever.containsAll(visited), "seed " + seed + ": visited a key never present");
    d.checkInvariants();
    return new int[] {grows, shrinks};
  }

  /** The scenario really resizes mid-scan in both directions. */
  @Test
  void churnForcesGrowsAndShrinksMidScan() {
    int grows = 0;
    int shrinks = 0;
    for (long seed = 1; seed <= 20; seed++) {
      int[] gs = scanWithChurn(seed, 40, 0);
      grows += gs[0];
      shrinks += gs[1];
    }
    assertTrue(grows > 10 && shrinks > 3, "grows " + grows + ", shrinks " + shrinks);
  }
}
