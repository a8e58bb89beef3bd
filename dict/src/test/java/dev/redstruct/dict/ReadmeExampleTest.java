package dev.redstruct.dict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The examples of dict/README.md, run. */
class ReadmeExampleTest {
  @Test
  void fiveLineExample() {
    Dict<String, String> d = Dict.forStrings();
    d.put("user:1", "ann");
    assertEquals("ann", d.get("user:1"));
    Set<String> printed = new HashSet<>();
    long c = 0;
    do {
      c = d.scan(c, 10, e -> printed.add(e.getKey()));
    } while (c != 0);
    assertEquals(Set.of("user:1"), printed);
  }

  @Test
  void walkABigMapInTheBackgroundWithScan() {
    Dict<String, Integer> big = Dict.forStrings();
    for (int i = 0; i < 20_000; i++) {
      big.put("user:" + i, i);
    }
    Set<String> visited = new HashSet<>();
    SplittableRandom r = new SplittableRandom(2024);
    int[] serial = {0};

    long cursor = 0;
    do {
      for (int i = 0; i < 100 && (i == 0 || cursor != 0); i++) {
        cursor = big.scan(cursor, 10, e -> visited.add(e.getKey()));
      }
      churn(big, r, serial);
    } while (cursor != 0);

    // users 0..9,999 are never removed by churn: all of them must have been visited
    for (int i = 0; i < 10_000; i++) {
      assertTrue(visited.contains("user:" + i), "user:" + i);
    }
    big.checkInvariants();
  }

  /** Writers between ticks: bursts of inserts and of removals that force grows and shrinks. */
  private static void churn(Dict<String, Integer> big, SplittableRandom r, int[] serial) {
    if (r.nextInt(4) == 0) {
      for (int i = 0; i < 30_000; i++) {
        big.put("tmp:" + serial[0]++, i);
      }
    } else if (r.nextInt(3) == 0) {
      big.keySet().removeIf(k -> k.startsWith("tmp:"));
      for (int i = 10_000 + r.nextInt(100); i < 20_000; i += 2) {
        big.remove("user:" + i);
      }
    } else {
      big.put("tmp:" + serial[0]++, 0);
    }
  }
}
