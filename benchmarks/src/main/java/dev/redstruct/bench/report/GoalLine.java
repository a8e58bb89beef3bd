package dev.redstruct.bench.report;

import dev.redstruct.bench.SectionResult;
import dev.redstruct.bench.Verdict;
import java.util.ArrayList;
import java.util.List;

/**
 * One goal of the run, from a JMH {@code @Goal} or a section's {@link Verdict} cell, as the summary
 * lists it: where it is, what it judges, the threshold and the outcome.
 *
 * @param module the structure it belongs to ({@code dict}, {@code ziplist}, ...)
 * @param name the benchmark and params ({@code "ZSetAddBenchmark add_redstruct size=1000"}) or the
 *     section id and row ({@code "dict.latency gc=ZGC map=dict n=2000000"})
 * @param measure what the value is ({@code "ratio to treeSetHashMap"}, {@code "max/hashMap max"})
 * @param verdict the value and bounds; the value is {@code NaN} when there is none
 * @param status {@link #PASS}, {@link #MISS}, {@link #NOT_RUN} or {@link #NO_BASELINE}
 */
record GoalLine(String module, String name, String measure, Verdict verdict, String status) {
  static final String PASS = "PASS";
  static final String MISS = "MISS";

  /** The goal's params were not run (quick mode, {@code --include}, {@code --param}). */
  static final String NOT_RUN = "not run";

  /** The variant ran but its class's baseline did not, so there is no ratio. */
  static final String NO_BASELINE = "no baseline";

  /** All statuses, in the order the summary counts them. */
  static final List<String> STATUSES = List.of(PASS, MISS, NOT_RUN, NO_BASELINE);

  static GoalLine notRun(String module, String name, String measure, Verdict bounds) {
    return new GoalLine(module, name, measure, bounds, NOT_RUN);
  }

  /**
   * Every goal: the JMH rows that carry one (in row order), the goals that matched no row, then the
   * section checks (in section order).
   */
  static List<GoalLine> all(
      List<Comparison.Row> rows,
      List<GoalLine> notRun,
      List<ReportWriter.SectionOutcome> sections) {
    List<GoalLine> out = new ArrayList<>();
    for (Comparison.Row r : rows) {
      if (r.verdict() == null) {
        continue;
      }
      String name = r.simpleClassName() + " " + r.operation() + "_" + r.variant();
      name += r.paramsText().isEmpty() ? "" : " " + r.paramsText();
      Verdict v = r.verdict();
      String status = Double.isNaN(v.value()) ? NO_BASELINE : v.outcome();
      out.add(new GoalLine(r.module(), name, "ratio to " + r.baselineVariant(), v, status));
    }
    out.addAll(notRun);
    for (ReportWriter.SectionOutcome s : sections) {
      if (s.result() == null) {
        continue;
      }
      String module = s.id().contains(".") ? s.id().substring(0, s.id().indexOf('.')) : s.id();
      for (SectionResult.Check c : s.result().checks()) {
        String name = c.name().isEmpty() ? s.id() : s.id() + " " + c.name();
        out.add(new GoalLine(module, name, c.measure(), c.verdict(), c.verdict().outcome()));
      }
    }
    return out;
  }

  String threshold() {
    return verdict.threshold();
  }

  double value() {
    return verdict.value();
  }

  static long count(List<GoalLine> goals, String status) {
    return goals.stream().filter(g -> g.status.equals(status)).count();
  }
}
