package dev.redstruct.dict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.testkit.ReadmeSnippets;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The examples of dict/README.md, run. */
class ReadmeExampleTest {
  private final Set<String> visited = new HashSet<>();
  private final SplittableRandom r = new SplittableRandom(2024);
  private int serial;

  /** The README's blocks each appear, as written, in the test named by their marker. */
  @Test
  void readmeBlocksAreTheseTests() {
    int blocks =
        ReadmeSnippets.check(Path.of("README.md"), Path.of("src/test/java/dev/redstruct/dict"));
    assertEquals(2, blocks, "README java blocks checked");
  }

  @Test
  void fiveLineExample() {
    Dict<String, String> d = Dict.forStrings(); // keyed SipHash-1-2, as Redis hashes keys
    d.put("user:1", "ann");
    d.get("user:1"); // "ann"
    long c = 0;
    do {
      c = d.scan(c, 10, e -> System.out.println(e.getKey()));
    } while (c != 0);

    assertEquals("ann", d.get("user:1"));
    Set<String> printed = new HashSet<>();
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

    long cursor = 0; // keep it between ticks
    do {
      for (int i = 0; i < 100 && (i == 0 || cursor != 0); i++) { // one tick: 100 calls
        cursor = big.scan(cursor, 10, e -> visit(e.getKey(), e.getValue()));
      }
      churn(big); // writers run between ticks: grows, shrinks, rehashes
    } while (cursor != 0);

    // users 0..9,999 are never removed by churn: all of them must have been visited
    for (int i = 0; i < 10_000; i++) {
      assertTrue(visited.contains("user:" + i), "user:" + i);
    }
    big.checkInvariants();
  }

  private void visit(String key, Integer value) {
    assertTrue(value != null);
    visited.add(key);
  }

  /** Writers between ticks: bursts of inserts and of removals that force grows and shrinks. */
  private void churn(Dict<String, Integer> big) {
    if (r.nextInt(4) == 0) {
      for (int i = 0; i < 30_000; i++) {
        big.put("tmp:" + serial++, i);
      }
    } else if (r.nextInt(3) == 0) {
      big.keySet().removeIf(k -> k.startsWith("tmp:"));
      for (int i = 10_000 + r.nextInt(100); i < 20_000; i += 2) {
        big.remove("user:" + i);
      }
    } else {
      big.put("tmp:" + serial++, 0);
    }
  }
}
