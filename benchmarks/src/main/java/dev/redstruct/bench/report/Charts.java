package dev.redstruct.bench.report;

import dev.redstruct.bench.SvgBars;
import dev.redstruct.bench.SvgPlot;
import dev.redstruct.bench.Verdict;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.DoubleStream;

/**
 * The report's own charts: every judged goal as a bar with its threshold marked ({@code
 * goals.svg}), and per benchmark class with a size parameter, throughput against size ({@code
 * throughput.<Class>.svg}).
 */
final class Charts {
  private Charts() {}

  static final String GOALS_FILE = "goals.svg";

  /** Parameter names read as a size, in order of preference. */
  private static final List<String> SIZE_PARAMS = List.of("size", "n", "entries", "elements");

  /**
   * Writes the goal chart: one horizontal bar per goal that has a value, green for PASS and red for
   * MISS, a black mark at each bound; the value axis is logarithmic when the values and bounds span
   * more than a factor of 20, else linear from 0.
   *
   * @return the file, or {@code null} when no goal has a value
   */
  static Path goals(List<GoalLine> goals, Path dir) throws IOException {
    SvgBars chart = SvgBars.create("Goals: measured value (bar) and threshold (black mark)");
    int n = 0;
    for (GoalLine g : goals) {
      if (Double.isFinite(g.value())) { // an infinite ratio (baseline scored 0) has no bar
        Verdict v = g.verdict();
        double[] marks =
            DoubleStream.of(v.atLeast(), v.atMost()).filter(b -> !Double.isNaN(b)).toArray();
        chart.bar(g.name(), g.value(), g.threshold(), v.pass(), marks);
        n++;
      }
    }
    return n == 0 ? null : chart.write(dir.resolve(GOALS_FILE));
  }

  /**
   * Writes one throughput-against-size chart per benchmark class whose results cover at least two
   * values of a size parameter ({@code size}, {@code n}, ...): a line per method (and per value of
   * the other parameters), in the class table's unit, log axes where the values span a factor of 10
   * or more.
   *
   * @return class name to chart file, in row order
   */
  static Map<String, Path> throughput(List<Comparison.Row> rows, Path dir) throws IOException {
    Map<String, List<Comparison.Row>> byClass = new LinkedHashMap<>();
    for (Comparison.Row r : rows) {
      if (!r.timePerOp()) {
        byClass.computeIfAbsent(r.className(), k -> new ArrayList<>()).add(r);
      }
    }
    Map<String, Path> out = new LinkedHashMap<>();
    for (Map.Entry<String, List<Comparison.Row>> e : byClass.entrySet()) {
      List<Comparison.Row> group = e.getValue();
      String size = sizeParam(group);
      if (size == null) {
        continue;
      }
      Units.Unit unit = ReportWriter.unitOf(group);
      Map<String, List<double[]>> series = new LinkedHashMap<>();
      for (Comparison.Row r : group) {
        Map<String, String> rest = new LinkedHashMap<>(r.params());
        double x = Double.parseDouble(rest.remove(size));
        StringBuilder name = new StringBuilder(r.operation() + "_" + r.variant());
        rest.forEach((k, v) -> name.append(' ').append(k).append('=').append(v));
        double y = Units.convert(r.score(), r.unit(), unit);
        series.computeIfAbsent(name.toString(), k -> new ArrayList<>()).add(new double[] {x, y});
      }
      Path file = dir.resolve("throughput." + group.get(0).simpleClassName() + ".svg");
      out.put(e.getKey(), plot(group.get(0), size, unit, series).write(file));
    }
    return out;
  }

  private static SvgPlot plot(
      Comparison.Row first, String size, Units.Unit unit, Map<String, List<double[]>> series) {
    SvgPlot plot =
        SvgPlot.create(
            first.simpleClassName() + ": throughput against " + size,
            size,
            "throughput (" + unit.label() + ")");
    double xMin = Double.POSITIVE_INFINITY;
    double xMax = 0;
    double yMin = Double.POSITIVE_INFINITY;
    double yMax = 0;
    for (Map.Entry<String, List<double[]>> s : series.entrySet()) {
      List<double[]> points = s.getValue();
      points.sort((a, b) -> Double.compare(a[0], b[0]));
      double[] xs = new double[points.size()];
      double[] ys = new double[points.size()];
      for (int i = 0; i < xs.length; i++) {
        xs[i] = points.get(i)[0];
        ys[i] = points.get(i)[1];
        xMin = Math.min(xMin, xs[i]);
        xMax = Math.max(xMax, xs[i]);
        yMin = Math.min(yMin, ys[i]);
        yMax = Math.max(yMax, ys[i]);
      }
      plot.series(s.getKey(), xs, ys);
    }
    if (xMin > 0 && xMax / xMin >= 10) {
      plot.logX();
    }
    if (yMin > 0 && yMax / yMin >= 10) {
      plot.logY();
    }
    return plot;
  }

  /** The first size-like parameter with at least two numeric values among the rows, or null. */
  static String sizeParam(List<Comparison.Row> rows) {
    for (String name : SIZE_PARAMS) {
      TreeSet<Double> seen = new TreeSet<>();
      boolean numeric = true;
      for (Comparison.Row r : rows) {
        String v = r.params().get(name);
        if (v == null) {
          numeric = false;
          break;
        }
        try {
          seen.add(Double.parseDouble(v));
        } catch (NumberFormatException ex) {
          numeric = false;
          break;
        }
      }
      if (numeric && seen.size() >= 2) {
        return name;
      }
    }
    return null;
  }
}
