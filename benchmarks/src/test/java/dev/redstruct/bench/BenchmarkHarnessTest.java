package dev.redstruct.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.bench.fixture.FixtureBadGoalBenchmark;
import dev.redstruct.bench.fixture.FixtureBadQuickBenchmark;
import dev.redstruct.bench.fixture.FixtureNoQuickBenchmark;
import dev.redstruct.bench.fixture.FixturePairBenchmark;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The sanity harness itself, on a fixture whose results are known by construction. */
class BenchmarkHarnessTest {

  @Test
  void paramSpaceIncludesDependentStatesAndEnums() {
    Map<String, List<String>> space = BenchmarkHarness.paramSpace(FixturePairBenchmark.class);
    assertEquals(
        Map.of("size", List.of("3", "4"), "kind", List.of("A", "B"), "offset", List.of("10")),
        space);
    assertEquals(4, BenchmarkHarness.combinations(space, true).size());
  }

  @Test
  void runsSetupsInLevelOrderAndDependenciesFirst() throws Throwable {
    Method sum = FixturePairBenchmark.class.getMethod("sum_jdk");
    FixturePairBenchmark.EVENTS.clear();
    Object result =
        BenchmarkHarness.invokeOnce(sum, Map.of("size", "4", "kind", "A", "offset", "10"));
    // data = {10, 11, 12, 13}: size from @Param, offset from the dependent state's @Param.
    assertEquals(46L, result);
    assertEquals(
        List.of("shared.trial", "trial", "invocation", "teardown"), FixturePairBenchmark.EVENTS);
  }

  @Test
  void disagreeingVariantsFailWithBothResults() {
    AssertionError e =
        assertThrows(
            AssertionError.class, () -> BenchmarkSanityTest.check(FixturePairBenchmark.class));
    // first_jdk returns data[0] = 10 (size 3, kind A); first_broken adds kind.ordinal() + 1.
    assertTrue(
        e.getMessage().contains("first_broken returned 11 but first_jdk returned 10"),
        e.getMessage());
  }

  @Test
  void goalWithAnUndeclaredParamValueIsRejected() {
    AssertionError e =
        assertThrows(
            AssertionError.class, () -> BenchmarkSanityTest.check(FixtureBadGoalBenchmark.class));
    assertTrue(e.getMessage().contains("size=999 is not among [1, 2]"), e.getMessage());
  }

  @Test
  void quickParamsWithAnUndeclaredValueAreRejected() {
    AssertionError e =
        assertThrows(
            AssertionError.class,
            () -> BenchmarkSanityTest.checkQuickParams(FixtureBadQuickBenchmark.class));
    assertTrue(e.getMessage().contains("size=999 is not among [1, 2, 3]"), e.getMessage());
  }

  @Test
  void manyCombinationsWithoutQuickParamsAreRejected() {
    AssertionError e =
        assertThrows(
            AssertionError.class,
            () -> BenchmarkSanityTest.checkQuickParams(FixtureNoQuickBenchmark.class));
    assertTrue(e.getMessage().contains("3 @Param combinations"), e.getMessage());
    BenchmarkSanityTest.checkQuickParams(FixturePairBenchmark.class); // declares them: passes
    BenchmarkSanityTest.checkQuickParams(FixtureBadGoalBenchmark.class); // 2 combinations: fine
  }
}
