package dev.redstruct.hll;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.testkit.ReadmeSnippets;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The README's JVM-only example, run as written (the Redis example is in HyperLogLogRedisIT), and
 * the check that every README code block is the text of the test that runs it.
 */
class HyperLogLogReadmeTest {

  @Test
  void readmeBlocksAreTheirTestsText() {
    int blocks =
        ReadmeSnippets.check(Path.of("README.md"), Path.of("src/test/java/dev/redstruct/hll"));
    assertEquals(2, blocks, "README java blocks checked");
  }

  @Test
  void uniqueVisitorsPerDayMergedPerWeek() {
    SplittableRandom rnd = new SplittableRandom(2024);
    LocalDate monday = LocalDate.of(2024, 6, 3);
    Set<String> exactWeek = new HashSet<>();

    // README: begin
    TreeMap<LocalDate, HyperLogLog> daily = new TreeMap<>();
    for (int day = 0; day < 7; day++) {
      HyperLogLog today = HyperLogLog.create(); // like PFADD on a new key
      for (int visit = 0; visit < 3000; visit++) {
        String userId = "user:" + rnd.nextInt(20_000);
        today.add(userId);
        exactWeek.add(userId);
      }
      daily.put(monday.plusDays(day), today);
    }
    HyperLogLog week = HyperLogLog.create();
    week.merge(daily.values().toArray(new HyperLogLog[0])); // PFMERGE week mon tue ... sun
    long uniqueThisWeek = week.count(); // PFCOUNT week
    // README: end

    double error = Math.abs(uniqueThisWeek - exactWeek.size()) / (double) exactWeek.size();
    assertTrue(error < 0.03, "estimate " + uniqueThisWeek + " vs exact " + exactWeek.size());
    assertEquals(
        HyperLogLog.countUnion(daily.values().toArray(new HyperLogLog[0])),
        uniqueThisWeek,
        "PFCOUNT mon..sun (no merge) gives the same estimate");
    assertTrue(week.isDense(), "7 days of ~2600 uniques each exceed hll-sparse-max-bytes");
  }
}
