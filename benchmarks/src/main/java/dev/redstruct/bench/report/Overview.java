package dev.redstruct.bench.report;

import dev.redstruct.bench.SectionResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The report's first lines: per module, how redstruct's variant compares with the JDK baseline for
 * each measured operation ({@code "ZSet add 0.870× treeSetHashMap"}), and that module's goal count.
 */
final class Overview {
  private Overview() {}

  /**
   * One module's line.
   *
   * @param module the package below {@code dev.redstruct.bench}, or a section id's prefix
   * @param ratios one entry per class, operation and variant, e.g. {@code "ZSet add 0.870×
   *     treeSetHashMap"}
   * @param pass goals met
   * @param miss goals missed
   * @param notRun goals not run
   */
  record Line(String module, List<String> ratios, long pass, long miss, long notRun) {
    String goalsText() {
      long total = pass + miss + notRun;
      if (total == 0) {
        return "no goals";
      }
      return pass + " PASS, " + miss + " MISS" + (notRun == 0 ? "" : ", " + notRun + " not run");
    }
  }

  /** One line per module that has rows or goals, in module order. */
  static List<Line> lines(List<Comparison.Row> rows, List<GoalLine> goals) {
    Map<String, List<String>> ratios = new TreeMap<>();
    Map<String, List<Comparison.Row>> byOp = new LinkedHashMap<>();
    for (Comparison.Row r : rows) {
      if (!Double.isNaN(r.ratio()) && !r.isBaseline() && ours(r)) {
        byOp.computeIfAbsent(
                r.className() + '#' + r.operation() + '#' + r.variant(), k -> new ArrayList<>())
            .add(r);
      }
    }
    for (List<Comparison.Row> group : byOp.values()) {
      Comparison.Row first = group.get(0);
      ratios.computeIfAbsent(first.module(), k -> new ArrayList<>()).add(describe(group));
    }
    Set<String> modules = new LinkedHashSet<>(ratios.keySet());
    goals.forEach(g -> modules.add(g.module()));
    List<Line> out = new ArrayList<>();
    for (String m : modules.stream().sorted().toList()) {
      List<GoalLine> mine = goals.stream().filter(g -> g.module().equals(m)).toList();
      out.add(
          new Line(
              m,
              ratios.getOrDefault(m, List.of()),
              GoalLine.count(mine, GoalLine.PASS),
              GoalLine.count(mine, GoalLine.MISS),
              GoalLine.count(mine, GoalLine.NOT_RUN) + GoalLine.count(mine, GoalLine.NO_BASELINE)));
    }
    return out;
  }

  /** redstruct's own variants: those a goal names, else those named {@code redstruct...}. */
  private static boolean ours(Comparison.Row r) {
    boolean anyGoal = Comparison.goalsOf(r.className()).length > 0;
    if (anyGoal) {
      for (var g : Comparison.goalsOf(r.className())) {
        if (g.operation().equals(r.operation()) && g.variant().equals(r.variant())) {
          return true;
        }
      }
    }
    return r.variant().equals("redstruct");
  }

  /** {@code "ZSet add 0.870× treeSetHashMap"}, or a range over several params. */
  private static String describe(List<Comparison.Row> group) {
    Comparison.Row first = group.get(0);
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    for (Comparison.Row r : group) {
      min = Math.min(min, r.ratio());
      max = Math.max(max, r.ratio());
    }
    String ratio =
        group.size() == 1 || SectionResult.format(min).equals(SectionResult.format(max))
            ? SectionResult.format(min)
            : SectionResult.format(min) + "–" + SectionResult.format(max);
    String variant = first.variant().equals("redstruct") ? "" : " (" + first.variant() + ")";
    String time = first.timePerOp() ? " time" : "";
    return subject(first) + variant + " " + ratio + "×" + time + " " + first.baselineVariant();
  }

  /** {@code ZSetAddBenchmark} + {@code add} gives {@code "ZSet add"}. */
  static String subject(Comparison.Row r) {
    String s = r.simpleClassName().replaceFirst("Benchmark$", "");
    String op = r.operation();
    String cap = op.isEmpty() ? "" : Character.toUpperCase(op.charAt(0)) + op.substring(1);
    if (!cap.isEmpty() && s.endsWith(cap) && s.length() > cap.length()) {
      s = s.substring(0, s.length() - cap.length());
    }
    return s + " " + op;
  }
}
