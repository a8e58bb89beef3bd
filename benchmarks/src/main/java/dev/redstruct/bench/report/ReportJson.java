package dev.redstruct.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code report.json}: the same content as {@code report.md} for programs, so two reports can be
 * compared. Numbers are JSON numbers (scores in JMH's own unit, with that unit beside them; section
 * cells as the section gave them), absent values are {@code null}, and {@link #SCHEMA_VERSION}
 * changes whenever a key is renamed, removed or changes meaning.
 */
final class ReportJson {
  private ReportJson() {}

  /**
   * Version 2: the first versioned layout (header with commit, JDK, CPU and cores; overview; goals;
   * section cells as numbers). The unversioned report.json before it counts as version 1.
   */
  static final int SCHEMA_VERSION = 2;

  static String write(ReportWriter w) {
    ReportWriter.Data data = w.data;
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("schemaVersion", SCHEMA_VERSION);
    root.put("header", data.header());
    root.put("overview", overview(w));
    root.put("goals", goals(w));
    root.put("benchmarks", benchmarks(data));
    root.put("failedBenchmarks", data.failedBenchmarks());
    root.put("sections", sections(w));
    Map<String, Object> summary = new LinkedHashMap<>();
    summary.put("goals", w.goals.size());
    summary.put("pass", GoalLine.count(w.goals, GoalLine.PASS));
    summary.put("miss", GoalLine.count(w.goals, GoalLine.MISS));
    summary.put("notRun", GoalLine.count(w.goals, GoalLine.NOT_RUN));
    summary.put("noBaseline", GoalLine.count(w.goals, GoalLine.NO_BASELINE));
    summary.put("failedBenchmarks", data.failedBenchmarks().size());
    summary.put("failedSections", w.failedSections());
    List<Object> slowest = new ArrayList<>();
    for (ReportWriter.Cost c : w.slowest()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("name", c.name());
      m.put("seconds", c.secs());
      slowest.add(m);
    }
    summary.put("slowest", slowest);
    root.put("summary", summary);
    return Json.write(root);
  }

  private static List<Object> overview(ReportWriter w) {
    List<Object> out = new ArrayList<>();
    for (Overview.Line l : w.overview) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("module", l.module());
      m.put("ratios", l.ratios());
      m.put("pass", l.pass());
      m.put("miss", l.miss());
      m.put("notRun", l.notRun());
      out.add(m);
    }
    return out;
  }

  private static List<Object> goals(ReportWriter w) {
    List<Object> out = new ArrayList<>();
    for (GoalLine g : w.goals) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("module", g.module());
      m.put("name", g.name());
      m.put("measure", g.measure());
      m.put("value", g.value());
      m.put("atLeast", g.verdict().atLeast());
      m.put("atMost", g.verdict().atMost());
      m.put("threshold", g.threshold());
      m.put("status", g.status());
      out.add(m);
    }
    return out;
  }

  private static List<Object> benchmarks(ReportWriter.Data data) {
    List<Object> out = new ArrayList<>();
    for (Comparison.Row r : data.rows()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("class", r.className());
      m.put("module", r.module());
      m.put("operation", r.operation());
      m.put("variant", r.variant());
      m.put("baseline", r.baselineVariant());
      Map<String, Object> params = new LinkedHashMap<>();
      r.params().forEach((k, v) -> params.put(k, Json.numberOrString(v)));
      m.put("params", params);
      m.put("mode", r.mode());
      m.put("score", r.score());
      m.put("error", r.error());
      m.put("unit", r.unit());
      m.put("ratio", r.ratio());
      m.put("goal", r.goal());
      m.put("verdict", r.verdict() == null ? null : r.verdict().outcome());
      m.put("bytesPerOp", r.bytesPerOp());
      out.add(m);
    }
    return out;
  }

  private static List<Object> sections(ReportWriter w) {
    List<Object> out = new ArrayList<>();
    for (ReportWriter.SectionOutcome s : w.data.sections()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("id", s.id());
      m.put("title", s.title());
      m.put("seconds", s.secs());
      m.put("error", s.error());
      if (s.result() != null) {
        m.put("columns", s.result().columns());
        m.put("rows", s.result().values());
        m.put("notes", s.result().notes());
        m.put("files", s.result().files().stream().map(w::link).toList());
      }
      out.add(m);
    }
    return out;
  }
}
