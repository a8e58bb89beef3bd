package dev.redstruct.bench;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Renders the collected results as console text, Markdown and JSON. */
final class ReportWriter {

  /** What one report section produced; {@code result} is null when it failed. */
  record SectionOutcome(String id, String title, SectionResult result, String error, double secs) {}

  /** Wall time of one JMH batch or one section, for the "slowest" list. */
  record Cost(String name, double secs) {}

  /** How many of the slowest batches and sections the summary names. */
  static final int SLOWEST = 5;

  /**
   * Everything the report prints.
   *
   * @param header key/value lines, {@code elapsed} among them
   * @param costs wall time per JMH batch and per section
   * @param goalsNotRun goals that matched no result, from {@link Comparison#goalsNotRun}
   */
  record Data(
      Map<String, String> header,
      List<Comparison.Row> rows,
      List<String> failedBenchmarks,
      List<SectionOutcome> sections,
      boolean gc,
      List<Cost> costs,
      List<String> goalsNotRun) {}

  private final Data data;

  ReportWriter(Data data) {
    this.data = data;
  }

  String text() {
    StringBuilder out = new StringBuilder();
    for (List<Comparison.Row> group : byClass()) {
      out.append('\n').append(classHeading(group.get(0))).append('\n');
      out.append(TextTable.plain(columns(), cells(group)));
    }
    for (SectionOutcome s : data.sections) {
      out.append('\n').append(s.title).append("  [").append(s.id).append("]\n");
      if (s.result == null) {
        out.append("FAILED: ").append(s.error).append('\n');
        continue;
      }
      out.append(TextTable.plain(s.result.columns(), s.result.rows()));
      s.result.notes().forEach(n -> out.append("  note: ").append(n).append('\n'));
      s.result.files().forEach(f -> out.append("  file: ").append(f).append('\n'));
    }
    return out.append('\n').append(summary()).toString();
  }

  String markdown() {
    StringBuilder out = new StringBuilder("# redstruct benchmark report\n\n");
    data.header.forEach((k, v) -> out.append("- ").append(k).append(": ").append(v).append('\n'));
    out.append("\nRatio = score / score of the class's baseline variant in the same run;")
        .append(" higher is better for ops/time units, lower for time/op.\n");
    for (List<Comparison.Row> group : byClass()) {
      out.append("\n## ").append(classHeading(group.get(0))).append("\n\n");
      out.append(TextTable.markdown(columns(), cells(group)));
    }
    for (SectionOutcome s : data.sections) {
      out.append("\n## ").append(s.title).append(" (`").append(s.id).append("`)\n\n");
      if (s.result == null) {
        out.append("FAILED: `").append(s.error).append("`\n");
        continue;
      }
      out.append(TextTable.markdown(s.result.columns(), s.result.rows()));
      if (!s.result.notes().isEmpty() || !s.result.files().isEmpty()) {
        out.append('\n');
      }
      s.result.notes().forEach(n -> out.append("- ").append(n).append('\n'));
      s.result.files().forEach(f -> out.append("- file: `").append(f).append("`\n"));
    }
    return out.append("\n## Summary\n\n```\n").append(summary()).append("```\n").toString();
  }

  String json() {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("header", data.header);
    List<Object> benchmarks = new ArrayList<>();
    for (Comparison.Row r : data.rows) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("class", r.className());
      m.put("operation", r.operation());
      m.put("variant", r.variant());
      m.put("baseline", r.baselineVariant());
      m.put("params", r.params());
      m.put("mode", r.mode());
      m.put("score", r.score());
      m.put("error", r.error());
      m.put("unit", r.unit());
      m.put("ratio", r.ratio());
      m.put("goal", r.goal());
      m.put("verdict", r.verdict() == null ? null : r.verdict().name());
      m.put("bytesPerOp", r.bytesPerOp());
      benchmarks.add(m);
    }
    root.put("benchmarks", benchmarks);
    root.put("failedBenchmarks", data.failedBenchmarks);
    List<Object> sections = new ArrayList<>();
    for (SectionOutcome s : data.sections) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("id", s.id);
      m.put("title", s.title);
      m.put("seconds", s.secs);
      m.put("error", s.error);
      if (s.result != null) {
        m.put("columns", s.result.columns());
        m.put("rows", s.result.rows());
        m.put("notes", s.result.notes());
        m.put("files", s.result.files().stream().map(Object::toString).toList());
      }
      sections.add(m);
    }
    root.put("sections", sections);
    Map<String, Object> summary = new LinkedHashMap<>();
    summary.put("pass", count(Verdict.PASS));
    summary.put("miss", count(Verdict.MISS));
    summary.put("failedBenchmarks", data.failedBenchmarks.size());
    summary.put("failedSections", failedSections());
    summary.put("goalsNotRun", data.goalsNotRun);
    List<Object> slowest = new ArrayList<>();
    for (Cost c : slowest()) {
      slowest.add(Map.of("name", c.name, "seconds", c.secs));
    }
    summary.put("slowest", slowest);
    root.put("summary", summary);
    return Json.write(root);
  }

  String summary() {
    StringBuilder out = new StringBuilder();
    out.append(
        String.format(
            Locale.ROOT,
            "Summary: %d results in %d classes; goals %d PASS, %d MISS, %d not run;"
                + " %d failed benchmarks; %d sections, %d failed%n",
            data.rows.size(),
            byClass().size(),
            count(Verdict.PASS),
            count(Verdict.MISS),
            data.goalsNotRun.size(),
            data.failedBenchmarks.size(),
            data.sections.size(),
            failedSections()));
    for (Comparison.Row r : data.rows) {
      if (r.verdict() == Verdict.MISS) {
        out.append(
            String.format(
                Locale.ROOT,
                "  MISS %s %s_%s %s: %s, goal %s%n",
                r.simpleClassName(),
                r.operation(),
                r.variant(),
                r.paramsText(),
                ratioText(r),
                r.goal()));
      }
    }
    data.failedBenchmarks.forEach(f -> out.append("  FAILED ").append(f).append('\n'));
    for (SectionOutcome s : data.sections) {
      if (s.result == null) {
        out.append("  FAILED section ").append(s.id).append(": ").append(s.error).append('\n');
      }
    }
    data.goalsNotRun.forEach(g -> out.append("  not run: ").append(g).append('\n'));
    return out.append(costSummary()).toString();
  }

  /** Total elapsed time and the slowest batches and sections, so their authors see the cost. */
  private String costSummary() {
    StringBuilder out = new StringBuilder();
    double total = data.costs.stream().mapToDouble(Cost::secs).sum();
    out.append(
        String.format(
            Locale.ROOT,
            "Elapsed %s (%d batches and sections, %.1f s in them); slowest:%n",
            data.header.getOrDefault("elapsed", "?"),
            data.costs.size(),
            total));
    for (Cost c : slowest()) {
      out.append(String.format(Locale.ROOT, "  %6.1f s  %s%n", c.secs, c.name));
    }
    return out.toString();
  }

  private List<Cost> slowest() {
    return data.costs.stream()
        .sorted(Comparator.comparingDouble(Cost::secs).reversed())
        .limit(SLOWEST)
        .toList();
  }

  private int failedSections() {
    return (int) data.sections.stream().filter(s -> s.result == null).count();
  }

  /** Verdicts of JMH rows plus PASS/MISS cells in section tables. */
  private int count(Verdict v) {
    int n = (int) data.rows.stream().filter(r -> r.verdict() == v).count();
    for (SectionOutcome s : data.sections) {
      if (s.result != null) {
        for (List<String> row : s.result.rows()) {
          n += (int) row.stream().filter(c -> c.equals(v.name())).count();
        }
      }
    }
    return n;
  }

  private List<List<Comparison.Row>> byClass() {
    Map<String, List<Comparison.Row>> groups = new LinkedHashMap<>();
    for (Comparison.Row r : data.rows) {
      groups.computeIfAbsent(r.className(), k -> new ArrayList<>()).add(r);
    }
    return new ArrayList<>(groups.values());
  }

  private static String classHeading(Comparison.Row r) {
    String pkg = r.className().substring(0, r.className().lastIndexOf('.'));
    String baseline =
        r.baselineVariant().isEmpty() ? "no BASELINE declared" : "baseline " + r.baselineVariant();
    return r.simpleClassName() + " (" + pkg + ", " + baseline + ")";
  }

  private List<String> columns() {
    List<String> c =
        new ArrayList<>(
            List.of("operation", "params", "variant", "score", "± error", "unit", "ratio", "goal"));
    if (data.gc) {
      c.add("B/op");
    }
    return c;
  }

  private List<List<String>> cells(List<Comparison.Row> group) {
    List<List<String>> rows = new ArrayList<>();
    for (Comparison.Row r : group) {
      List<String> row = new ArrayList<>();
      row.add(r.operation());
      row.add(r.paramsText());
      row.add(r.variant());
      row.add(SectionResult.format(r.score()));
      row.add(Double.isNaN(r.error()) ? "-" : "± " + SectionResult.format(r.error()));
      row.add(r.unit());
      row.add(ratioText(r));
      row.add(goalText(r));
      if (data.gc) {
        row.add(
            Double.isNaN(r.bytesPerOp())
                ? "-"
                : String.format(Locale.ROOT, "%.1f", r.bytesPerOp()));
      }
      rows.add(row);
    }
    return rows;
  }

  private static String ratioText(Comparison.Row r) {
    return Double.isNaN(r.ratio()) ? "-" : String.format(Locale.ROOT, "%.2fx", r.ratio());
  }

  private static String goalText(Comparison.Row r) {
    if (r.goal().isEmpty()) {
      return "";
    }
    return r.verdict() == null ? r.goal() + " (no baseline)" : r.verdict() + " " + r.goal();
  }
}
