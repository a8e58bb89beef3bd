package dev.redstruct.bench.report;

import dev.redstruct.bench.Goal;
import dev.redstruct.bench.QuickParams;
import dev.redstruct.bench.Verdict;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;

/**
 * Turns JMH results into report rows: splits {@code <operation>_<variant>} method names, divides
 * each variant's score by its class's {@code BASELINE} variant for the same operation, mode and
 * {@code @Param} values, and checks {@link Goal}s.
 */
final class Comparison {
  private Comparison() {}

  /**
   * One measured variant.
   *
   * @param className the benchmark class's binary name
   * @param operation the method name before the first {@code _}
   * @param variant the method name after the first {@code _}
   * @param baselineVariant the class's {@code BASELINE}, or {@code ""} when it declares none
   * @param params {@code @Param} values in JMH's key order
   * @param mode JMH's short mode label, e.g. {@code thrpt}
   * @param score the primary score
   * @param error the 99.9% confidence half-width ({@code NaN} when too few samples)
   * @param unit the score unit
   * @param ratio {@code score / baselineScore}; {@code NaN} without a baseline result
   * @param goal the goal in words, e.g. {@code ">= 0.7"}; {@code ""} when none
   * @param verdict the ratio judged against the goal ({@code NaN} value without a baseline result),
   *     or {@code null} when no goal applies
   * @param bytesPerOp {@code gc.alloc.rate.norm} when the GC profiler ran, else {@code NaN}
   */
  record Row(
      String className,
      String operation,
      String variant,
      String baselineVariant,
      Map<String, String> params,
      String mode,
      double score,
      double error,
      String unit,
      double ratio,
      String goal,
      Verdict verdict,
      double bytesPerOp) {

    boolean isBaseline() {
      return variant.equals(baselineVariant);
    }

    String paramsText() {
      StringBuilder s = new StringBuilder();
      params.forEach(
          (k, v) -> s.append(s.length() == 0 ? "" : " ").append(k).append('=').append(v));
      return s.toString();
    }

    String simpleClassName() {
      return className.substring(className.lastIndexOf('.') + 1);
    }

    /** The package below {@code dev.redstruct.bench}, e.g. {@code dict}. */
    String module() {
      return moduleOf(className);
    }

    /** Whether the row measures time per operation (lower is better). */
    boolean timePerOp() {
      return unit.endsWith("/op");
    }
  }

  /** The package segment after {@code dev.redstruct.bench.}, or the whole package. */
  static String moduleOf(String className) {
    String pkg = className.substring(0, Math.max(0, className.lastIndexOf('.')));
    String prefix = "dev.redstruct.bench.";
    return pkg.startsWith(prefix) ? pkg.substring(prefix.length()) : pkg;
  }

  /** Rows grouped by class, then operation and params in JMH's order, baseline first. */
  static List<Row> rows(Collection<RunResult> results) {
    List<Row> raw = new ArrayList<>();
    for (RunResult r : results) {
      raw.add(rawRow(r));
    }
    Map<String, Row> baselines = new LinkedHashMap<>();
    for (Row row : raw) {
      if (row.isBaseline()) {
        baselines.put(groupKey(row), row);
      }
    }
    List<Row> rows = new ArrayList<>();
    for (Row row : raw) {
      rows.add(withRatio(row, baselines.get(groupKey(row))));
    }
    Map<String, Integer> firstSeen = new LinkedHashMap<>();
    for (Row row : rows) {
      firstSeen.putIfAbsent(groupKey(row), firstSeen.size());
    }
    rows.sort(
        Comparator.comparing(Row::className)
            .thenComparing(row -> firstSeen.get(groupKey(row)))
            .thenComparing(row -> !row.isBaseline())
            .thenComparing(Row::variant));
    return rows;
  }

  private static String groupKey(Row row) {
    return row.className + '#' + row.operation + '#' + row.mode + '#' + row.params;
  }

  private static Row rawRow(RunResult r) {
    BenchmarkParams p = r.getParams();
    String name = p.getBenchmark();
    String className = name.substring(0, name.lastIndexOf('.'));
    String method = name.substring(name.lastIndexOf('.') + 1);
    int us = method.indexOf('_');
    String operation = us < 0 ? method : method.substring(0, us);
    String variant = us < 0 ? "" : method.substring(us + 1);
    Map<String, String> params = new LinkedHashMap<>();
    for (Object key : p.getParamsKeys()) {
      params.put((String) key, p.getParam((String) key));
    }
    Result<?> primary = r.getPrimaryResult();
    return new Row(
        className,
        operation,
        variant,
        baselineOf(className),
        params,
        p.getMode().shortLabel(),
        primary.getScore(),
        primary.getScoreError(),
        primary.getScoreUnit(),
        Double.NaN,
        "",
        null,
        bytesPerOp(r));
  }

  private static double bytesPerOp(RunResult r) {
    for (Map.Entry<String, Result> e : r.getSecondaryResults().entrySet()) {
      if (e.getKey().endsWith("gc.alloc.rate.norm")) {
        return e.getValue().getScore();
      }
    }
    return Double.NaN;
  }

  private static Row withRatio(Row row, Row baseline) {
    double ratio = baseline == null ? Double.NaN : row.score / baseline.score;
    List<String> words = new ArrayList<>();
    Verdict verdict = null;
    for (Goal g : goalsOf(row.className)) {
      if (!g.operation().equals(row.operation)
          || !g.variant().equals(row.variant)
          || !paramsMatch(g.params(), row.params)) {
        continue;
      }
      words.add(describe(g));
      if (verdict == null || verdict.pass()) {
        verdict = Verdict.within(ratio, g.atLeast(), g.atMost()); // a MISS sticks
      }
    }
    return new Row(
        row.className,
        row.operation,
        row.variant,
        row.baselineVariant,
        row.params,
        row.mode,
        row.score,
        row.error,
        row.unit,
        ratio,
        String.join("; ", words),
        verdict,
        row.bytesPerOp);
  }

  /**
   * Goals of the classes among {@code rows} that no row matched, because their operation, variant
   * or {@code params} were not run (quick mode's {@link QuickParams}, {@code --include}, {@code
   * --param}). They count as neither PASS nor MISS.
   */
  static List<GoalLine> goalsNotRun(List<Row> rows) {
    Map<String, List<Row>> byClass = new LinkedHashMap<>();
    for (Row r : rows) {
      byClass.computeIfAbsent(r.className, k -> new ArrayList<>()).add(r);
    }
    List<GoalLine> out = new ArrayList<>();
    byClass.forEach(
        (cls, classRows) -> {
          for (Goal g : goalsOf(cls)) {
            boolean matched =
                classRows.stream()
                    .anyMatch(
                        r ->
                            g.operation().equals(r.operation)
                                && g.variant().equals(r.variant)
                                && paramsMatch(g.params(), r.params));
            if (!matched) {
              String simple = cls.substring(cls.lastIndexOf('.') + 1);
              String params = g.params().isBlank() ? "" : " " + g.params();
              out.add(
                  GoalLine.notRun(
                      moduleOf(cls),
                      simple + " " + g.operation() + "_" + g.variant() + params,
                      "ratio to " + baselineOf(cls),
                      Verdict.within(Double.NaN, g.atLeast(), g.atMost())));
            }
          }
        });
    return out;
  }

  /** The goal's bounds in words, e.g. {@code ">= 0.7"}, as {@link Verdict#threshold()} says. */
  static String describe(Goal g) {
    return Verdict.within(Double.NaN, g.atLeast(), g.atMost()).threshold();
  }

  /** Whether every {@code name=value} of {@code filter} (comma-separated) is among the params. */
  static boolean paramsMatch(String filter, Map<String, String> params) {
    if (filter.isBlank()) {
      return true;
    }
    for (String pair : filter.split(",")) {
      int eq = pair.indexOf('=');
      if (eq < 0) {
        throw new IllegalArgumentException("@Goal params must be name=value[,...]: " + filter);
      }
      String want = pair.substring(eq + 1).trim();
      if (!want.equals(params.get(pair.substring(0, eq).trim()))) {
        return false;
      }
    }
    return true;
  }

  /** The class's {@code public static final String BASELINE}, or {@code ""}. */
  static String baselineOf(String className) {
    Class<?> c = load(className);
    if (c == null) {
      return "";
    }
    try {
      Field f = c.getField("BASELINE");
      if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
        return (String) f.get(null);
      }
    } catch (ReflectiveOperationException e) {
      // No baseline declared: ratios stay empty and the report says so.
    }
    return "";
  }

  static Goal[] goalsOf(String className) {
    Class<?> c = load(className);
    return c == null ? new Goal[0] : c.getAnnotationsByType(Goal.class);
  }

  private static Class<?> load(String className) {
    try {
      return Class.forName(className, false, Comparison.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      return null;
    }
  }
}
