package dev.redstruct.bench.report;

import dev.redstruct.bench.SectionResult;
import dev.redstruct.bench.Verdict;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * Renders the collected results as console text and Markdown ({@link ReportJson} writes the JSON).
 * Both put every goal, JMH and section alike, in one list with its threshold and outcome, and count
 * that list; Markdown opens with the header, the per-module overview and that list, then gives each
 * module its tables, charts and sections.
 */
final class ReportWriter {

  /** What one report section produced; {@code result} is null when it failed. */
  record SectionOutcome(String id, String title, SectionResult result, String error, double secs) {
    String module() {
      return id.contains(".") ? id.substring(0, id.indexOf('.')) : id;
    }
  }

  /** Wall time of one JMH batch or one section, for the "slowest" list. */
  record Cost(String name, double secs) {}

  /** How many of the slowest batches and sections the summary names. */
  static final int SLOWEST = 5;

  /**
   * Everything the report prints.
   *
   * @param header key/value lines (see {@link Report}), {@code elapsedSeconds} among them
   * @param costs wall time per JMH batch and per section
   * @param goalsNotRun goals that matched no result, from {@link Comparison#goalsNotRun}
   * @param outputDir where report.md goes; links are relative to it
   * @param goalChart the chart of all goals, or {@code null}
   * @param throughputCharts per class name, its throughput-against-size chart
   */
  record Data(
      Map<String, Object> header,
      List<Comparison.Row> rows,
      List<String> failedBenchmarks,
      List<SectionOutcome> sections,
      boolean gc,
      List<Cost> costs,
      List<GoalLine> goalsNotRun,
      Path outputDir,
      Path goalChart,
      Map<String, Path> throughputCharts) {}

  final Data data;
  final List<GoalLine> goals;
  final List<Overview.Line> overview;

  ReportWriter(Data data) {
    this.data = data;
    this.goals = GoalLine.all(data.rows, data.goalsNotRun, data.sections);
    this.overview = Overview.lines(data.rows, goals);
  }

  // ---------------------------------------------------------------- console

  String text() {
    StringBuilder out = new StringBuilder();
    for (List<Comparison.Row> group : byClass()) {
      out.append('\n').append(classHeading(group)).append('\n');
      out.append(TextTable.plain(columns(group), cells(group)));
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

  /** Overview, every goal, failures, and the cost of the run. */
  String summary() {
    StringBuilder out = new StringBuilder(machineLine()).append("\n\n");
    out.append("Overview: redstruct / JDK baseline, same run (throughput: above 1 is faster)\n");
    out.append(TextTable.plain(List.of("module", "ratios", "goals"), overviewCells()));
    out.append('\n').append(goalCountLine()).append('\n');
    if (!goals.isEmpty()) {
      out.append(TextTable.plain(GOAL_COLUMNS, goalCells()));
    }
    out.append(failures().replace("- ", "  "));
    return out.append(costSummary()).toString();
  }

  // ---------------------------------------------------------------- markdown

  String markdown() {
    StringBuilder out = new StringBuilder("# redstruct benchmark report\n\n");
    header().forEach(line -> out.append("- ").append(line).append('\n'));
    out.append("\n## Overview\n\nredstruct's variant / the JDK baseline, measured in the same run")
        .append(" (throughput: above 1 is faster). Goals per module, JMH and sections.\n\n");
    out.append(TextTable.markdown(List.of("module", "ratios", "goals"), overviewCells()));
    out.append("\n## Goals\n\n").append(goalCountLine()).append("\n\n");
    if (!goals.isEmpty()) {
      out.append(TextTable.markdown(GOAL_COLUMNS, goalCells()));
    }
    if (data.goalChart != null) {
      out.append('\n').append(image("all goals: value and threshold", data.goalChart));
    }
    String failures = failures();
    if (!failures.isEmpty()) {
      out.append("\n## Failures\n\n").append(failures);
    }
    out.append("\nScores are in one unit per table (its heading says which);")
        .append(" ratio = score / the class's baseline score in the same run.\n");
    for (String module : modules()) {
      out.append("\n## ").append(module).append('\n');
      for (List<Comparison.Row> group : byClass()) {
        if (group.get(0).module().equals(module)) {
          out.append("\n### ").append(classHeading(group)).append("\n\n");
          out.append(TextTable.markdown(columns(group), cells(group)));
          Path chart = data.throughputCharts.get(group.get(0).className());
          if (chart != null) {
            out.append('\n').append(image("throughput against size", chart));
          }
        }
      }
      for (SectionOutcome s : data.sections) {
        if (s.module().equals(module)) {
          sectionMarkdown(out, s);
        }
      }
    }
    out.append("\n## Run\n\n```\n").append(costSummary()).append("```\n");
    return out.toString();
  }

  private void sectionMarkdown(StringBuilder out, SectionOutcome s) {
    out.append("\n### ").append(s.title).append(" (`").append(s.id).append("`)\n\n");
    if (s.result == null) {
      out.append("FAILED: `").append(s.error).append("`\n");
      return;
    }
    out.append(TextTable.markdown(s.result.columns(), s.result.rows()));
    if (!s.result.notes().isEmpty()) {
      out.append('\n');
    }
    s.result.notes().forEach(n -> out.append("- ").append(n).append('\n'));
    for (Path f : s.result.files()) {
      String name = String.valueOf(f.getFileName());
      out.append('\n')
          .append(name.endsWith(".svg") ? image(name, f) : "[" + name + "](" + link(f) + ")\n");
    }
  }

  private String image(String alt, Path file) {
    return "![" + alt + "](" + link(file) + ")\n";
  }

  /** {@code file} relative to the directory of report.md, with forward slashes. */
  String link(Path file) {
    Path dir = data.outputDir.toAbsolutePath().normalize();
    Path target = file.toAbsolutePath().normalize();
    try {
      return dir.relativize(target).toString().replace('\\', '/');
    } catch (IllegalArgumentException e) {
      return target.toUri().toString(); // another file system root
    }
  }

  // ---------------------------------------------------------------- shared parts

  private static final List<String> GOAL_COLUMNS =
      List.of("status", "value", "goal", "measure", "where");

  /** The goal count; the same list {@link #goalCells()} prints, so the numbers add up. */
  String goalCountLine() {
    StringBuilder s = new StringBuilder("Goals: ");
    for (String status : GoalLine.STATUSES) {
      long n = GoalLine.count(goals, status);
      if (n > 0 || status.equals(GoalLine.PASS) || status.equals(GoalLine.MISS)) {
        s.append(n).append(' ').append(status).append(", ");
      }
    }
    return s.append(goals.size())
        .append(goals.size() == 1 ? " goal" : " goals")
        .append(" listed")
        .toString();
  }

  private List<List<String>> goalCells() {
    List<List<String>> rows = new ArrayList<>();
    for (GoalLine g : goals) {
      rows.add(
          List.of(
              g.status(), SectionResult.format(g.value()), g.threshold(), g.measure(), g.name()));
    }
    return rows;
  }

  private List<List<String>> overviewCells() {
    List<List<String>> rows = new ArrayList<>();
    for (Overview.Line l : overview) {
      String ratios = l.ratios().isEmpty() ? "-" : String.join(", ", l.ratios());
      rows.add(List.of(l.module(), ratios, l.goalsText()));
    }
    return rows;
  }

  /** The header in one line: mode, commit, JDK, CPU, cores. */
  String machineLine() {
    Map<String, Object> h = data.header;
    Object commit = h.getOrDefault("commit", "unknown");
    String shortCommit =
        commit.toString().length() == 40 ? commit.toString().substring(0, 12) : "" + commit;
    return String.format(
        Locale.ROOT,
        "%s mode, commit %s%s, %s, %s x %s cores",
        h.getOrDefault("mode", "?"),
        shortCommit,
        Boolean.FALSE.equals(h.get("worktreeClean")) ? " + local changes" : "",
        h.getOrDefault("jdk", "?"),
        h.getOrDefault("cpuModel", "?"),
        h.getOrDefault("cores", "?"));
  }

  /** Header lines: key: value, elapsed as minutes and seconds. */
  List<String> header() {
    List<String> lines = new ArrayList<>();
    data.header.forEach(
        (k, v) ->
            lines.add(
                k.equals("elapsedSeconds")
                    ? "elapsed: " + elapsed()
                    : k + ": " + String.valueOf(v)));
    return lines;
  }

  private String elapsed() {
    Object v = data.header.get("elapsedSeconds");
    if (!(v instanceof Number n)) {
      return "?";
    }
    long secs = n.longValue();
    return String.format(Locale.ROOT, "%dm%02ds", secs / 60, secs % 60);
  }

  private String failures() {
    StringBuilder out = new StringBuilder();
    data.failedBenchmarks.forEach(f -> out.append("- FAILED ").append(f).append('\n'));
    for (SectionOutcome s : data.sections) {
      if (s.result == null) {
        out.append("- FAILED section ").append(s.id).append(": ").append(s.error).append('\n');
      }
    }
    return out.toString();
  }

  /** Counts, total elapsed time and the slowest batches and sections, so authors see the cost. */
  String costSummary() {
    StringBuilder out = new StringBuilder();
    out.append(
        String.format(
            Locale.ROOT,
            "%d results in %d classes; %d failed benchmarks; %d sections, %d failed%n",
            data.rows.size(),
            byClass().size(),
            data.failedBenchmarks.size(),
            data.sections.size(),
            failedSections()));
    double total = data.costs.stream().mapToDouble(Cost::secs).sum();
    out.append(
        String.format(
            Locale.ROOT,
            "Elapsed %s (%d batches and sections, %.1f s in them); slowest:%n",
            elapsed(),
            data.costs.size(),
            total));
    for (Cost c : slowest()) {
      out.append(String.format(Locale.ROOT, "  %6.1f s  %s%n", c.secs, c.name));
    }
    return out.toString();
  }

  List<Cost> slowest() {
    return data.costs.stream()
        .sorted(Comparator.comparingDouble(Cost::secs).reversed())
        .limit(SLOWEST)
        .toList();
  }

  int failedSections() {
    return (int) data.sections.stream().filter(s -> s.result == null).count();
  }

  private List<String> modules() {
    TreeSet<String> m = new TreeSet<>();
    data.rows.forEach(r -> m.add(r.module()));
    data.sections.forEach(s -> m.add(s.module()));
    return new ArrayList<>(m);
  }

  /** Rows by class, and within a class by kind of unit (throughput or time per operation). */
  List<List<Comparison.Row>> byClass() {
    Map<String, List<Comparison.Row>> groups = new LinkedHashMap<>();
    for (Comparison.Row r : data.rows) {
      groups.computeIfAbsent(r.className() + '#' + r.timePerOp(), k -> new ArrayList<>()).add(r);
    }
    return new ArrayList<>(groups.values());
  }

  /** The one unit a table of these rows is printed in. */
  static Units.Unit unitOf(List<Comparison.Row> group) {
    double[] scores = new double[group.size()];
    String[] units = new String[group.size()];
    for (int i = 0; i < scores.length; i++) {
      scores[i] = group.get(i).score();
      units[i] = group.get(i).unit();
    }
    return Units.common(scores, units);
  }

  private static String classHeading(List<Comparison.Row> group) {
    Comparison.Row r = group.get(0);
    String baseline =
        r.baselineVariant().isEmpty() ? "no BASELINE declared" : "baseline " + r.baselineVariant();
    return r.simpleClassName()
        + " ("
        + r.module()
        + ", "
        + baseline
        + ", "
        + unitOf(group).label()
        + ")";
  }

  private List<String> columns(List<Comparison.Row> group) {
    List<String> c = new ArrayList<>(List.of("operation", "params", "variant"));
    c.addAll(List.of(unitOf(group).label(), "± error", "ratio", "goal"));
    if (data.gc) {
      c.add("B/op");
    }
    return c;
  }

  private List<List<String>> cells(List<Comparison.Row> group) {
    Units.Unit unit = unitOf(group);
    List<List<String>> rows = new ArrayList<>();
    for (Comparison.Row r : group) {
      List<String> row = new ArrayList<>();
      row.add(r.operation());
      row.add(r.paramsText());
      row.add(r.variant());
      row.add(SectionResult.format(Units.convert(r.score(), r.unit(), unit)));
      double error = Units.convert(r.error(), r.unit(), unit);
      row.add(Double.isNaN(error) ? "-" : "± " + SectionResult.format(error));
      row.add(ratioText(r.ratio()));
      row.add(goalText(r.verdict()));
      if (data.gc) {
        row.add(SectionResult.format(r.bytesPerOp()));
      }
      rows.add(row);
    }
    return rows;
  }

  static String ratioText(double ratio) {
    return Double.isNaN(ratio) ? "-" : SectionResult.format(ratio) + "×";
  }

  private static String goalText(Verdict v) {
    if (v == null) {
      return "";
    }
    return Double.isNaN(v.value()) ? "no baseline (" + v.threshold() + ")" : v.toString();
  }
}
