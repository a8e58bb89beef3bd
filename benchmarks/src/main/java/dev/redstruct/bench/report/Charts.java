package dev.redstruct.bench.report;

import dev.redstruct.bench.SectionResult;
import dev.redstruct.bench.SvgPlot;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

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

  private static final int LABEL_WIDTH = 420;
  private static final int PLOT_WIDTH = 420;
  private static final int ROW = 20;
  private static final int TOP = 46;

  /**
   * Writes the goal chart: one horizontal bar per goal that has a value, green for PASS and red for
   * MISS, a black mark at each bound; the value axis is logarithmic when the values and bounds span
   * more than a factor of 20, else linear from 0.
   *
   * @return the file, or {@code null} when no goal has a value
   */
  static Path goals(List<GoalLine> goals, Path dir) throws IOException {
    List<GoalLine> shown = goals.stream().filter(g -> !Double.isNaN(g.value())).toList();
    if (shown.isEmpty()) {
      return null;
    }
    double lo = Double.POSITIVE_INFINITY;
    double hi = 0;
    for (GoalLine g : shown) {
      for (double v : values(g)) {
        if (v > 0) {
          lo = Math.min(lo, v);
          hi = Math.max(hi, v);
        }
      }
    }
    boolean log = hi / lo > 20;
    double min = log ? Math.pow(10, Math.floor(Math.log10(lo))) : 0;
    double max = log ? Math.pow(10, Math.ceil(Math.log10(hi))) : niceCeiling(hi * 1.1);
    int height = TOP + shown.size() * ROW + 40;
    int width = LABEL_WIDTH + PLOT_WIDTH + 80;
    StringBuilder svg = new StringBuilder();
    svg.append(
        String.format(
            Locale.ROOT,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
                + " font-family=\"sans-serif\" font-size=\"11\">%n"
                + "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>%n",
            width,
            height));
    text(
        svg,
        width / 2.0,
        20,
        "middle",
        "Goals: measured value (bar) and threshold (black mark)"
            + (log ? ", log scale" : "")
            + "; green PASS, red MISS",
        "font-size=\"13\"");
    for (double t : ticks(min, max, log)) {
      double x = LABEL_WIDTH + PLOT_WIDTH * frac(t, min, max, log);
      svg.append(
          String.format(
              Locale.ROOT,
              "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#dddddd\"/>%n",
              x,
              TOP - 6,
              x,
              height - 34));
      text(svg, x, height - 20, "middle", tickLabel(t), "");
    }
    for (int i = 0; i < shown.size(); i++) {
      GoalLine g = shown.get(i);
      double y = TOP + i * ROW;
      String label = g.name().length() > 64 ? g.name().substring(0, 63) + "…" : g.name();
      text(svg, LABEL_WIDTH - 6, y + 10, "end", label, "");
      double v = Math.max(g.value(), min);
      double w = PLOT_WIDTH * frac(v, min, max, log);
      String color = g.status().equals(GoalLine.PASS) ? "#2ca02c" : "#d62728";
      svg.append(
          String.format(
              Locale.ROOT,
              "<rect x=\"%d\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/>%n",
              LABEL_WIDTH,
              y,
              Math.max(w, 1),
              ROW - 6,
              color));
      for (double bound : bounds(g)) {
        double bx = LABEL_WIDTH + PLOT_WIDTH * frac(Math.max(bound, min), min, max, log);
        svg.append(
            String.format(
                Locale.ROOT,
                "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"black\""
                    + " stroke-width=\"2\"/>%n",
                bx,
                y - 2,
                bx,
                y + ROW - 4));
      }
      text(
          svg,
          LABEL_WIDTH + w + 4,
          y + 10,
          "start",
          SectionResult.format(g.value()) + " (" + g.threshold() + ")",
          "");
    }
    return write(dir.resolve(GOALS_FILE), svg.append("</svg>\n").toString());
  }

  /** The value and the bounds of a goal, for the axis range. */
  private static List<Double> values(GoalLine g) {
    List<Double> out = new ArrayList<>(bounds(g));
    out.add(g.value());
    return out;
  }

  /** The goal's bounds. */
  static List<Double> bounds(GoalLine g) {
    List<Double> out = new ArrayList<>();
    for (double b : new double[] {g.verdict().atLeast(), g.verdict().atMost()}) {
      if (!Double.isNaN(b)) {
        out.add(b);
      }
    }
    return out;
  }

  private static double frac(double v, double min, double max, boolean log) {
    double f =
        log
            ? (Math.log10(v) - Math.log10(min)) / (Math.log10(max) - Math.log10(min))
            : (v - min) / (max - min);
    return Math.max(0, Math.min(1, f));
  }

  private static List<Double> ticks(double min, double max, boolean log) {
    List<Double> out = new ArrayList<>();
    if (log) {
      for (double p = min; p <= max * 1.0001; p *= 10) {
        out.add(p);
      }
      return out;
    }
    double step = niceCeiling(max / 5);
    for (double t = 0; t <= max + step * 1e-9; t += step) {
      out.add(t);
    }
    return out;
  }

  /** {@code 0.1}, {@code 1}, {@code 2.5}: three significant digits without trailing zeros. */
  static String tickLabel(double t) {
    String s = SectionResult.format(t);
    return s.contains(".") ? s.replaceFirst("0+$", "").replaceFirst("\\.$", "") : s;
  }

  /** The smallest of 1, 2, 5 times a power of ten that is at least {@code v}. */
  private static double niceCeiling(double v) {
    double mag = Math.pow(10, Math.floor(Math.log10(v)));
    for (double m : new double[] {1, 2, 5, 10}) {
      if (m * mag >= v) {
        return m * mag;
      }
    }
    return 10 * mag;
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

  private static void text(
      StringBuilder svg, double x, double y, String anchor, String s, String extra) {
    svg.append(
        String.format(
            Locale.ROOT,
            "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" %s>%s</text>%n",
            x,
            y,
            anchor,
            extra,
            s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")));
  }

  private static Path write(Path file, String svg) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, svg, StandardCharsets.UTF_8);
    return file;
  }
}
