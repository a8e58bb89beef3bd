package dev.redstruct.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Grouping, goals, tables and JSON of the report, on hand-built rows. */
class ReportOutputTest {

  private static Comparison.Row row(String variant, double score, double ratio, Verdict v) {
    return new Comparison.Row(
        "dev.redstruct.bench.x.ThingGetBenchmark",
        "get",
        variant,
        "jdk",
        Map.of("size", "128"),
        "thrpt",
        score,
        0.5,
        "ops/us",
        ratio,
        v == null ? "" : ">=0.70",
        v,
        Double.NaN);
  }

  private static ReportWriter writer() {
    Map<String, String> header = new LinkedHashMap<>();
    header.put("mode", "quick");
    header.put("elapsed", "1m05s");
    SectionResult section =
        SectionResult.table("structure", "bytes/element", "goal")
            .row("thing", 11.5, Verdict.atMost(11.5, 16))
            .row("other", 20.0, Verdict.atMost(20.0, 16))
            .note("a note")
            .file(Path.of("x.svg"))
            .build();
    return new ReportWriter(
        new ReportWriter.Data(
            header,
            List.of(row("jdk", 10, 1.0, null), row("redstruct", 6, 0.6, Verdict.MISS)),
            List.of(),
            List.of(
                new ReportWriter.SectionOutcome("x.footprint", "Thing footprint", section, null, 1),
                new ReportWriter.SectionOutcome("x.broken", "Broken", null, "boom", 0)),
            false,
            List.of(
                new ReportWriter.Cost("ThingGetBenchmark size=128 (2 methods)", 4.5),
                new ReportWriter.Cost("section x.footprint", 1),
                new ReportWriter.Cost("A", 0.1),
                new ReportWriter.Cost("B", 0.2),
                new ReportWriter.Cost("C", 0.3),
                new ReportWriter.Cost("D", 0.4)),
            List.of("ThingGetBenchmark get_redstruct size=4096 (>=0.70)")));
  }

  @Test
  void summaryEndsWithElapsedTimeAndTheFiveSlowest() {
    String text = writer().text();
    assertTrue(text.contains("goals 1 PASS, 2 MISS, 1 not run"), text);
    assertTrue(
        text.contains("  not run: ThingGetBenchmark get_redstruct size=4096 (>=0.70)"), text);
    String tail = text.substring(text.indexOf("Elapsed"));
    assertTrue(tail.startsWith("Elapsed 1m05s (6 batches and sections, 6.5 s in them); slowest:"));
    List<String> lines = tail.lines().skip(1).map(String::strip).toList();
    assertEquals(
        List.of(
            "4.5 s  ThingGetBenchmark size=128 (2 methods)",
            "1.0 s  section x.footprint",
            "0.4 s  D",
            "0.3 s  C",
            "0.2 s  B"),
        lines);
    assertTrue(writer().json().contains("\"goalsNotRun\": ["), writer().json());
  }

  @Test
  void goalsWithoutAMatchingResultAreNotRunRatherThanMissed() {
    // FixtureBadGoalBenchmark: @Goal(operation = "id", variant = "redstruct", params = "size=999")
    Comparison.Row measured =
        new Comparison.Row(
            "dev.redstruct.bench.fixture.FixtureBadGoalBenchmark",
            "id",
            "redstruct",
            "jdk",
            Map.of("size", "1"),
            "thrpt",
            1,
            0,
            "ops/us",
            1.0,
            "",
            null,
            Double.NaN);
    assertEquals(
        List.of("FixtureBadGoalBenchmark id_redstruct size=999 (>=1.00)"),
        Comparison.goalsNotRun(List.of(measured)));
    // classes without results contribute nothing (--include left them out)
    assertEquals(List.of(), Comparison.goalsNotRun(List.of()));
  }

  @Test
  void textShowsRatiosVerdictsSectionsAndSummary() {
    String text = writer().text();
    assertTrue(text.contains("ThingGetBenchmark (dev.redstruct.bench.x, baseline jdk)"), text);
    assertTrue(text.contains("0.60x"), text);
    assertTrue(text.contains("MISS >=0.70"), text);
    assertTrue(text.contains("FAILED: boom"), text);
    // one JMH MISS, one PASS and one MISS cell in the section table
    assertTrue(text.contains("goals 1 PASS, 2 MISS"), text);
    assertTrue(text.contains("MISS ThingGetBenchmark get_redstruct size=128: 0.60x"), text);
  }

  @Test
  void markdownHasATableRowPerResult() {
    String md = writer().markdown();
    assertTrue(md.contains("| get | size=128 | redstruct | 6.00 |"), md);
    assertTrue(md.contains("|---|---|---|---:|"), md);
  }

  @Test
  void jsonEscapesAndWritesNonFiniteAsNull() {
    String json = writer().json();
    assertTrue(json.contains("\"verdict\": \"MISS\""), json);
    assertTrue(json.contains("\"bytesPerOp\": null"), json);
    assertTrue(json.contains("\"error\": \"boom\""), json);
    // RFC 8259 section 7: quotation mark, reverse solidus and control characters are escaped.
    assertEquals("\"a\\\"b\\\\c\\n\\u0001\"\n", Json.write("a\"b\\c\n\u0001"));
    assertEquals("[1, 2.5, null, true]\n", Json.write(List.of(1, 2.5, Double.NaN, true)));
  }

  @Test
  void goalParamFilters() {
    assertTrue(Comparison.paramsMatch("", Map.of("size", "1")));
    assertTrue(Comparison.paramsMatch("size=1", Map.of("size", "1", "kind", "a")));
    assertTrue(Comparison.paramsMatch("size=1, kind=a", Map.of("size", "1", "kind", "a")));
    assertFalse(Comparison.paramsMatch("size=2", Map.of("size", "1")));
    assertThrows(IllegalArgumentException.class, () -> Comparison.paramsMatch("size", Map.of()));
  }

  @Test
  void verdictBounds() {
    assertEquals(Verdict.PASS, Verdict.within(0.7, 0.7, Double.NaN));
    assertEquals(Verdict.MISS, Verdict.within(0.69, 0.7, Double.NaN));
    assertEquals(Verdict.MISS, Verdict.within(1.5, Double.NaN, 1.4));
    assertEquals(Verdict.MISS, Verdict.within(Double.NaN, 0.7, Double.NaN));
  }

  @Test
  void sectionRowsMustMatchColumns() {
    SectionResult.Builder b = SectionResult.table("a", "b").row("only one");
    assertThrows(IllegalArgumentException.class, b::build);
  }

  @Test
  void argsSelectAndDeselect() {
    ReportArgs a =
        ReportArgs.parse(
            new String[] {"--include", "core", "--include", "ziplist", "--exclude", "Format"});
    ReportOptions o = a.options();
    assertTrue(o.quick());
    assertTrue(o.selects("dev.redstruct.bench.core.IntegerParseBenchmark.parse_jdk"));
    assertTrue(o.selects("ziplist.footprint"));
    assertFalse(o.selects("dev.redstruct.bench.core.IntegerFormatBenchmark.format_jdk"));
    assertFalse(o.selects("hll.accuracy"));
    assertThrows(IllegalArgumentException.class, () -> ReportArgs.parse(new String[] {"--bogus"}));
    assertThrows(
        IllegalArgumentException.class, () -> ReportArgs.parse(new String[] {"--param", "x"}));
  }
}
