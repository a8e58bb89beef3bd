package dev.redstruct.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.bench.ReportOptions;
import dev.redstruct.bench.SectionResult;
import dev.redstruct.bench.Verdict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Grouping, goals, units, tables, links and JSON of the report, on hand-built rows. */
class ReportOutputTest {
  private static final String THING = "dev.redstruct.bench.x.ThingGetBenchmark";
  private static final String OTHER = "dev.redstruct.bench.y.OtherPutBenchmark";

  @TempDir Path dir;

  private static Comparison.Row row(
      String cls, String variant, String size, double score, String unit, double ratio, Verdict v) {
    return new Comparison.Row(
        cls,
        cls.equals(THING) ? "get" : "put",
        variant,
        "jdk",
        Map.of("size", size),
        "thrpt",
        score,
        score / 20,
        unit,
        ratio,
        v == null ? "" : v.threshold(),
        v,
        Double.NaN);
  }

  /** Two classes, mixed units in one; goals PASS, MISS, no baseline; one goal not run. */
  private static List<Comparison.Row> rows() {
    return List.of(
        row(THING, "jdk", "128", 10, "ops/us", 1.0, null),
        row(THING, "redstruct", "128", 6, "ops/us", 0.6, Verdict.atLeast(0.6, 0.7)),
        row(THING, "jdk", "1024", 5000, "ops/ms", 1.0, null),
        row(THING, "redstruct", "1024", 4000, "ops/ms", 0.8, Verdict.atLeast(0.8, 0.7)),
        row(OTHER, "jdk", "1", 1000, "ops/s", 1.0, null),
        row(OTHER, "redstruct", "1", 3.12, "ops/s", 0.00312, Verdict.atLeast(0.00312, 1)),
        row(OTHER, "redstruct", "2", 7, "ops/s", Double.NaN, Verdict.atLeast(Double.NaN, 1)));
  }

  private ReportWriter writer() throws IOException {
    Map<String, Object> header = new LinkedHashMap<>();
    header.put("mode", "quick");
    header.put("commit", "0123456789abcdef0123456789abcdef01234567");
    header.put("cores", 2);
    header.put("elapsedSeconds", 65L);
    Path svg = Files.writeString(dir.resolve("x.footprint.svg"), "<svg/>");
    SectionResult section =
        SectionResult.table("structure", "n", "bytes/element", "goal")
            .row("thing", 128, 11.5, Verdict.atMost(11.5, 16))
            .row("other", 128, 20.0, Verdict.atMost(20.0, 16))
            .row("appended", 128, 30.0, "(miss)")
            .note("a note")
            .file(svg)
            .build();
    List<ReportWriter.SectionOutcome> sections =
        List.of(
            new ReportWriter.SectionOutcome("x.footprint", "Thing footprint", section, null, 1),
            new ReportWriter.SectionOutcome("x.broken", "Broken", null, "boom", 0));
    List<GoalLine> notRun =
        List.of(
            GoalLine.notRun(
                "x",
                "ThingGetBenchmark get_redstruct size=4096",
                "ratio to jdk",
                Verdict.within(Double.NaN, 0.7, Double.NaN)));
    List<Comparison.Row> rows = rows();
    return new ReportWriter(
        new ReportWriter.Data(
            header,
            rows,
            List.of(),
            sections,
            false,
            List.of(
                new ReportWriter.Cost("ThingGetBenchmark size=128 (2 methods)", 4.5),
                new ReportWriter.Cost("section x.footprint", 1),
                new ReportWriter.Cost("A", 0.1),
                new ReportWriter.Cost("B", 0.2),
                new ReportWriter.Cost("C", 0.3),
                new ReportWriter.Cost("D", 0.4)),
            notRun,
            dir,
            Charts.goals(GoalLine.all(rows, notRun, sections), dir),
            Charts.throughput(rows, dir)));
  }

  @Test
  void summaryListsEveryGoalWithItsThresholdAndTheCountsMatchTheList() throws IOException {
    ReportWriter w = writer();
    String text = w.text();
    String md = w.markdown();
    // 3 judged JMH rows + 1 without baseline + 1 not run + 2 section verdicts
    assertEquals(7, w.goals.size());
    String[][] expected = {
      {"MISS", ">= 0.7", "ThingGetBenchmark get_redstruct size=128"},
      {"PASS", ">= 0.7", "ThingGetBenchmark get_redstruct size=1024"},
      {"MISS", ">= 1", "OtherPutBenchmark put_redstruct size=1"},
      {"no baseline", ">= 1", "OtherPutBenchmark put_redstruct size=2"},
      {"not run", ">= 0.7", "ThingGetBenchmark get_redstruct size=4096"},
      {"PASS", "<= 16", "x.footprint structure=thing n=128"},
      {"MISS", "<= 16", "x.footprint structure=other n=128"},
    };
    for (String[] goal : expected) {
      assertTrue(lineWith(text, goal), "console lacks " + List.of(goal) + "\n" + text);
      assertTrue(lineWith(md, goal), "report.md lacks " + List.of(goal) + "\n" + md);
    }
    String counts = "Goals: 2 PASS, 3 MISS, 1 not run, 1 no baseline, 7 goals listed";
    assertTrue(text.contains(counts), text);
    assertTrue(md.contains(counts), md);
    for (String status : GoalLine.STATUSES) {
      long listed =
          text.lines().filter(l -> l.startsWith(status + " ") && l.contains(" >= ")).count()
              + text.lines().filter(l -> l.startsWith(status + " ") && l.contains(" <= ")).count();
      assertEquals(GoalLine.count(w.goals, status), listed, status + " in\n" + text);
    }
    // the section measure is the judged column
    assertTrue(lineWith(text, new String[] {"MISS", "20.0", "bytes/element"}), text);
  }

  /** A line that holds every part, in order. */
  private static boolean lineWith(String text, String[] parts) {
    return text.lines()
        .anyMatch(
            l -> {
              int at = 0;
              for (String p : parts) {
                at = l.indexOf(p, at);
                if (at < 0) {
                  return false;
                }
                at += p.length();
              }
              return true;
            });
  }

  @Test
  void markdownLinksResolveToTheFilesWritten() throws IOException {
    String md = writer().markdown();
    Files.writeString(dir.resolve("report.md"), md);
    Matcher m = Pattern.compile("\\]\\(([^)]+)\\)").matcher(md);
    List<String> links = new ArrayList<>();
    while (m.find()) {
      links.add(m.group(1));
    }
    assertTrue(links.contains("x.footprint.svg"), md);
    assertTrue(links.contains(Charts.GOALS_FILE), md);
    assertTrue(links.contains("throughput.ThingGetBenchmark.svg"), md);
    for (String link : links) {
      assertFalse(link.startsWith("/"), link);
      assertTrue(Files.isRegularFile(dir.resolve(link)), link + " does not resolve from " + dir);
    }
    assertTrue(md.contains("![x.footprint.svg](x.footprint.svg)"), md);
  }

  @Test
  void linksAreRelativeToReportMdEvenWhenTheSectionGaveAnotherPath() throws IOException {
    ReportWriter w = writer();
    Path elsewhere = dir.resolve("sub").resolve("plot.svg");
    assertEquals("sub/plot.svg", w.link(elsewhere));
    assertEquals("../up.svg", w.link(dir.resolve("../up.svg")));
  }

  @Test
  void goalChartHasABarAndAThresholdMarkPerGoalWithAValue() throws Exception {
    ReportWriter w = writer();
    String svg = Files.readString(dir.resolve(Charts.GOALS_FILE));
    long valued = w.goals.stream().filter(g -> !Double.isNaN(g.value())).count();
    assertEquals(5, valued);
    assertEquals(valued, count(svg, "fill=\"#2ca02c\"") + count(svg, "fill=\"#d62728\""));
    assertEquals(valued, count(svg, "stroke=\"black\" stroke-width=\"2.0\""));
    assertTrue(svg.contains("log scale"), "0.00312 and 20 span more than 20x");
    javax.xml.parsers.DocumentBuilderFactory.newInstance()
        .newDocumentBuilder()
        .parse(
            new java.io.ByteArrayInputStream(
                svg.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
  }

  private static long count(String s, String part) {
    return s.split(Pattern.quote(part), -1).length - 1L;
  }

  @Test
  void oneUnitPerTableAndThreeSignificantDigits() throws IOException {
    String md = writer().markdown();
    // ThingGet mixes ops/us and ops/ms: printed in one unit, the largest where the least is >= 1
    assertTrue(md.contains("### ThingGetBenchmark (x, baseline jdk, ops/µs)"), md);
    assertTrue(md.contains("| get | size=128 | redstruct | 6.00 | ± 0.300 | 0.600× |"), md);
    assertTrue(md.contains("| get | size=1024 | redstruct | 4.00 | ± 0.200 | 0.800× |"), md);
    assertTrue(md.contains("### OtherPutBenchmark (y, baseline jdk, ops/s)"), md);
    assertTrue(md.contains("0.00312×"), md);
    assertFalse(md.contains("0.00×"), md);
    assertEquals("0.00312", SectionResult.format(0.0031249));
    assertEquals("0.870", SectionResult.format(0.87));
    assertEquals("12.3", SectionResult.format(12.345));
    assertEquals("457", SectionResult.format(457.2));
    assertEquals("10.0", SectionResult.format(9.996));
    assertEquals("41706", SectionResult.format(41705.82));
    assertEquals("-1.50", SectionResult.format(-1.5));
    assertEquals("0.000100", SectionResult.format(0.0000999999));
  }

  @Test
  void unitsConvertBetweenScalesOfOneKind() {
    assertEquals(2_000_000, Units.toBase(2, "ops/us"), 1e-6);
    assertEquals(2_000, Units.toBase(2, "ops/ms"), 1e-9);
    assertEquals(1500, Units.toBase(1.5, "us/op"), 1e-9);
    assertTrue(Double.isNaN(Units.toBase(1, "B/op")));
    Units.Unit u = Units.common(new double[] {3, 4000}, new String[] {"ops/us", "ops/ms"});
    assertEquals("ops/µs", u.label());
    assertEquals(4.0, Units.convert(4000, "ops/ms", u), 1e-12);
    assertEquals("ns/op", Units.common(new double[] {5}, new String[] {"ns/op"}).label());
    // ZSetAdd at 1000 and 100000 members: ops/s, not 2.49 next to 0.0166 ops/ms
    assertEquals(
        "ops/s", Units.common(new double[] {2491, 16.6}, new String[] {"ops/s", "ops/s"}).label());
  }

  @Test
  void overviewGivesEachModuleItsRatiosAndGoals() throws IOException {
    ReportWriter w = writer();
    String text = w.text();
    assertTrue(
        lineWith(
            text, new String[] {"x", "Thing get 0.600–0.800× jdk", "2 PASS, 2 MISS, 1 not run"}),
        text);
    assertTrue(
        lineWith(text, new String[] {"y", "Other put 0.00312× jdk", "0 PASS, 1 MISS, 1 not run"}),
        text);
    assertEquals(List.of("x", "y"), w.overview.stream().map(Overview.Line::module).toList());
    String md = w.markdown();
    assertTrue(md.indexOf("## Overview") < md.indexOf("## Goals"), md);
    assertTrue(md.indexOf("## Goals") < md.indexOf("### ThingGetBenchmark"), md);
  }

  @Test
  void jsonParsesWithNumbersAsNumbersAndHasTheHeader() throws IOException {
    ReportOptions options = new ReportOptions(false, null, null, dir, false);
    Map<String, Object> header = Report.header(Instant.now(), options, "include all", 1.234);
    for (String key : List.of("commit", "jdk", "cpuModel", "cores")) {
      assertNotNull(header.get(key), key);
    }
    assertInstanceOf(Integer.class, header.get("cores"));
    assertTrue(
        header.get("commit").equals("unknown")
            || header.get("commit").toString().matches("[0-9a-f]{40}"),
        header.toString());
    ReportWriter base = writer();
    ReportWriter w =
        new ReportWriter(
            new ReportWriter.Data(
                header,
                base.data.rows(),
                List.of("ThingGetBenchmark size=9: boom"),
                base.data.sections(),
                false,
                base.data.costs(),
                base.data.goalsNotRun(),
                dir,
                null,
                Map.of()));
    @SuppressWarnings("unchecked")
    Map<String, Object> root = (Map<String, Object>) JsonReader.parse(ReportJson.write(w));
    assertEquals(2L, root.get("schemaVersion"));
    Map<?, ?> h = (Map<?, ?>) root.get("header");
    assertInstanceOf(Long.class, h.get("cores"));
    assertInstanceOf(String.class, h.get("cpuModel"));
    assertInstanceOf(String.class, h.get("jdk"));
    assertInstanceOf(String.class, h.get("commit"));
    assertInstanceOf(Double.class, h.get("loadAverageAtStart"));
    Map<?, ?> first = (Map<?, ?>) ((List<?>) root.get("benchmarks")).get(1);
    assertEquals(6L, ((Number) first.get("score")).longValue());
    assertInstanceOf(Double.class, first.get("ratio"));
    assertEquals(128L, ((Map<?, ?>) first.get("params")).get("size"));
    assertEquals("MISS", first.get("verdict"));
    Map<?, ?> noBaseline = (Map<?, ?>) ((List<?>) root.get("benchmarks")).get(6);
    assertEquals(null, noBaseline.get("ratio"));
    List<?> goals = (List<?>) root.get("goals");
    assertEquals(7, goals.size());
    Map<?, ?> sectionGoal = (Map<?, ?>) goals.get(6);
    assertEquals(20.0, sectionGoal.get("value"));
    assertEquals(16.0, sectionGoal.get("atMost"));
    assertEquals("<= 16", sectionGoal.get("threshold"));
    assertEquals("MISS", sectionGoal.get("status"));
    Map<?, ?> section = (Map<?, ?>) ((List<?>) root.get("sections")).get(0);
    List<?> sectionRow = (List<?>) ((List<?>) section.get("rows")).get(0);
    assertEquals(List.of("thing", 128L, 11.5, "PASS"), sectionRow);
    assertEquals(List.of("x.footprint.svg"), section.get("files"));
    Map<?, ?> summary = (Map<?, ?>) root.get("summary");
    assertEquals(7L, summary.get("goals"));
    assertEquals(2L, summary.get("pass"));
    assertEquals(3L, summary.get("miss"));
    assertEquals(1L, summary.get("failedBenchmarks"));
    assertEquals(1L, summary.get("failedSections"));
  }

  @Test
  void jsonEscapesAndWritesNonFiniteAsNull() {
    // RFC 8259 section 7: quotation mark, reverse solidus and control characters are escaped.
    assertEquals("\"a\\\"b\\\\c\\n\\u0001\"\n", Json.write("a\"b\\c\n\u0001"));
    assertEquals("[1, 2.5, null, true]\n", Json.write(List.of(1, 2.5, Double.NaN, true)));
    assertEquals(1000L, Json.numberOrString("1000"));
    assertEquals(0.5, Json.numberOrString("0.5"));
    assertEquals("u8", Json.numberOrString("u8"));
    assertEquals("007", Json.numberOrString("007"));
  }

  @Test
  void cpuModelComesFromProcCpuinfo() throws IOException {
    Path info =
        Files.writeString(
            dir.resolve("cpuinfo"),
            "processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: Intel(R) Xeon(R)  CPU @ 2.20GHz\n");
    assertEquals("Intel(R) Xeon(R) CPU @ 2.20GHz", Environment.cpuModel(info));
    assertEquals("unknown", Environment.cpuModel(dir.resolve("absent")));
  }

  @Test
  void summaryEndsWithElapsedTimeAndTheFiveSlowest() throws IOException {
    String text = writer().text();
    assertTrue(text.contains("- FAILED section x.broken: boom") || text.contains("FAILED section"));
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
    List<GoalLine> notRun = Comparison.goalsNotRun(List.of(measured));
    assertEquals(1, notRun.size());
    assertEquals("FixtureBadGoalBenchmark id_redstruct size=999", notRun.get(0).name());
    assertEquals(">= 1", notRun.get(0).threshold());
    assertEquals(GoalLine.NOT_RUN, notRun.get(0).status());
    assertEquals("fixture", notRun.get(0).module());
    // classes without results contribute nothing (--include left them out)
    assertEquals(List.of(), Comparison.goalsNotRun(List.of()));
  }

  @Test
  void textShowsRatiosVerdictsAndSections() throws IOException {
    String text = writer().text();
    assertTrue(text.contains("ThingGetBenchmark (x, baseline jdk, ops/µs)"), text);
    assertTrue(text.contains("0.600×"), text);
    assertTrue(text.contains("MISS >= 0.7"), text);
    assertTrue(text.contains("no baseline (>= 1)"), text);
    assertTrue(text.contains("FAILED: boom"), text);
    assertTrue(text.contains("PASS <= 16"), text);
    assertTrue(text.contains("quick mode, commit 0123456789ab, "), text);
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
  void verdictBoundsAndThresholdText() {
    assertTrue(Verdict.within(0.7, 0.7, Double.NaN).pass());
    assertFalse(Verdict.within(0.69, 0.7, Double.NaN).pass());
    assertFalse(Verdict.within(1.5, Double.NaN, 1.4).pass());
    assertFalse(Verdict.within(Double.NaN, 0.7, Double.NaN).pass());
    assertEquals("PASS <= 0.05", Verdict.atMost(0.031, 0.05).toString());
    assertEquals("MISS >= 0.5, <= 2", Verdict.within(3, 0.5, 2).toString());
    assertEquals(">= 0.7", Verdict.atLeast(1, 0.7).threshold());
  }

  @Test
  void sectionChecksNameTheRowAndTheJudgedColumn() {
    SectionResult r =
        SectionResult.table("gc", "map", "n", "max", "max/hashMap max", "goal")
            .row("ZGC", "dict", 2_000_000, 310.0, 0.031, Verdict.atMost(0.031, 0.05))
            .row("ZGC", "hashMap", 2_000_000, 10000.0, 1.0, "")
            .build();
    assertEquals(1, r.checks().size());
    assertEquals("gc=ZGC map=dict n=2000000", r.checks().get(0).name());
    assertEquals("max/hashMap max", r.checks().get(0).measure());
    assertEquals("PASS <= 0.05", r.rows().get(0).get(5));
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
