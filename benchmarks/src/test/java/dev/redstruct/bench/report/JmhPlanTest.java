package dev.redstruct.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.bench.fixture.FixturePairBenchmark;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Quick-mode parameter selection: {@link dev.redstruct.bench.QuickParams} narrowing and {@code
 * --param} overrides.
 */
class JmhPlanTest {
  private static final String PAIR = FixturePairBenchmark.class.getName();

  /** The fixture's declared values, as JMH's benchmark list gives them. */
  private static Map<String, String[]> declared() {
    Map<String, String[]> m = new LinkedHashMap<>();
    m.put("size", new String[] {"3", "4"});
    m.put("kind", new String[] {"A", "B"});
    m.put("offset", new String[] {"10"});
    return m;
  }

  private static Map<String, List<String>> asLists(Map<String, String[]> m) {
    Map<String, List<String>> out = new LinkedHashMap<>();
    m.forEach((k, v) -> out.put(k, List.of(v)));
    return out;
  }

  @Test
  void quickModeUsesTheQuickParamsAndFullModeIgnoresThem() {
    // FixturePairBenchmark: @QuickParams({"size=4", "kind=A,B"})
    assertEquals(
        Map.of("size", List.of("4"), "kind", List.of("A", "B"), "offset", List.of("10")),
        asLists(JmhPlan.space(declared(), PAIR, Map.of(), true)));
    assertEquals(
        Map.of("size", List.of("3", "4"), "kind", List.of("A", "B"), "offset", List.of("10")),
        asLists(JmhPlan.space(declared(), PAIR, Map.of(), false)));
  }

  @Test
  void commandLineParamWinsOverQuickParams() {
    Map<String, String[]> override = Map.of("size", new String[] {"3"});
    assertEquals(
        List.of("3"), asLists(JmhPlan.space(declared(), PAIR, override, true)).get("size"));
  }

  @Test
  void classWithoutQuickParamsKeepsItsValues() {
    assertEquals(Map.of(), JmhPlan.quickParams("dev.redstruct.bench.core.IntegerParseBenchmark"));
    assertEquals(Map.of(), JmhPlan.quickParams("no.such.Class"));
  }

  @Test
  void parsesNameEqualsValueLists() {
    assertEquals(
        Map.of("size", List.of("1000", "1000000"), "kind", List.of("A")),
        JmhPlan.parseQuickParams(new String[] {"size=1000, 1000000", "kind=A"}));
  }

  @Test
  void rejectsMalformedAndRepeatedNames() {
    for (String[] bad :
        List.of(
            new String[] {"size"},
            new String[] {"=1"},
            new String[] {"size="},
            new String[] {"size=1,,2"},
            new String[] {"size=1,1"},
            new String[] {"size=1", "size=2"})) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> JmhPlan.parseQuickParams(bad));
      assertTrue(e.getMessage().contains("@QuickParams"), e.getMessage());
    }
  }
}
