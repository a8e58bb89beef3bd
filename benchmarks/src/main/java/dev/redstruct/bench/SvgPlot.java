package dev.redstruct.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A dependency-free SVG line chart: a few named series of (x, y) points, linear or logarithmic
 * axes, a legend. Enough for accuracy curves and latency percentiles in report sections; use xchart
 * for anything fancier. Not thread-safe.
 *
 * <pre>{@code
 * Path svg = SvgPlot.create("HLL relative error", "cardinality", "error %")
 *     .logX()
 *     .series("redstruct", xs, ys)
 *     .write(options.outputDir().resolve("hll.accuracy.svg"));
 * }</pre>
 */
public final class SvgPlot {
  private static final int WIDTH = 720;
  private static final int HEIGHT = 440;
  private static final int LEFT = 70;
  private static final int RIGHT = 170;
  private static final int TOP = 40;
  private static final int BOTTOM = 50;
  private static final String[] COLORS = {
    "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f"
  };

  private record Series(String name, double[] xs, double[] ys) {}

  private final String title;
  private final String xLabel;
  private final String yLabel;
  private final List<Series> series = new ArrayList<>();
  private boolean logX;
  private boolean logY;

  private SvgPlot(String title, String xLabel, String yLabel) {
    this.title = title;
    this.xLabel = xLabel;
    this.yLabel = yLabel;
  }

  /**
   * Starts a plot.
   *
   * @param title the chart title
   * @param xLabel the x axis label
   * @param yLabel the y axis label
   * @return a new plot
   */
  public static SvgPlot create(String title, String xLabel, String yLabel) {
    return new SvgPlot(title, xLabel, yLabel);
  }

  /**
   * Makes the x axis logarithmic (base 10); all x values must be positive.
   *
   * @return this plot
   */
  public SvgPlot logX() {
    logX = true;
    return this;
  }

  /**
   * Makes the y axis logarithmic (base 10); all y values must be positive.
   *
   * @return this plot
   */
  public SvgPlot logY() {
    logY = true;
    return this;
  }

  /**
   * Adds a series; points are joined in the given order.
   *
   * @param name the legend entry
   * @param xs x values
   * @param ys y values, as many as {@code xs}
   * @return this plot
   */
  public SvgPlot series(String name, double[] xs, double[] ys) {
    if (xs.length != ys.length || xs.length == 0) {
      throw new IllegalArgumentException("need equally many x and y values, at least one");
    }
    series.add(new Series(name, xs.clone(), ys.clone()));
    return this;
  }

  /**
   * Writes the SVG document, creating parent directories.
   *
   * @param file the destination
   * @return {@code file}
   * @throws IOException if writing fails
   */
  public Path write(Path file) throws IOException {
    return Svg.write(file, toSvg());
  }

  /**
   * The SVG document.
   *
   * @return the SVG text
   */
  public String toSvg() {
    if (series.isEmpty()) {
      throw new IllegalStateException("no series");
    }
    Axis x = axis(true);
    Axis y = axis(false);
    StringBuilder svg = Svg.open(WIDTH, HEIGHT, 12);
    Svg.text(svg, WIDTH / 2.0, 22, "middle", title, "font-size=\"15\"");
    Svg.text(svg, LEFT + plotWidth() / 2.0, HEIGHT - 12, "middle", xLabel, "");
    svg.append(
        String.format(
            Locale.ROOT,
            "<text x=\"16\" y=\"%d\" text-anchor=\"middle\" transform=\"rotate(-90 16 %d)\">%s</text>%n",
            TOP + plotHeight() / 2,
            TOP + plotHeight() / 2,
            Svg.escape(yLabel)));
    grid(svg, x, y);
    for (int i = 0; i < series.size(); i++) {
      line(svg, series.get(i), COLORS[i % COLORS.length], x, y, i);
    }
    return svg.append("</svg>\n").toString();
  }

  private void grid(StringBuilder svg, Axis x, Axis y) {
    for (double t : x.ticks()) {
      double px = x.toPixel(t);
      Svg.line(svg, px, TOP, px, TOP + plotHeight(), "#dddddd", 1);
      Svg.text(svg, px, TOP + plotHeight() + 16, "middle", tickLabel(t), "");
    }
    for (double t : y.ticks()) {
      double py = y.toPixel(t);
      Svg.line(svg, LEFT, py, LEFT + plotWidth(), py, "#dddddd", 1);
      Svg.text(svg, LEFT - 6, py + 4, "end", tickLabel(t), "");
    }
    svg.append(
        String.format(
            Locale.ROOT,
            "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"black\"/>%n",
            LEFT,
            TOP,
            plotWidth(),
            plotHeight()));
  }

  private void line(StringBuilder svg, Series s, String color, Axis x, Axis y, int index) {
    StringBuilder points = new StringBuilder();
    StringBuilder dots = new StringBuilder();
    for (int i = 0; i < s.xs.length; i++) {
      double px = x.toPixel(s.xs[i]);
      double py = y.toPixel(s.ys[i]);
      points.append(String.format(Locale.ROOT, "%.1f,%.1f ", px, py));
      dots.append(
          String.format(
              Locale.ROOT,
              "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" fill=\"%s\"/>%n",
              px,
              py,
              color));
    }
    svg.append(
        String.format(
            "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"%s\"/>%n",
            color, points.toString().trim()));
    svg.append(dots);
    double ly = TOP + 10 + index * 18;
    double lx = LEFT + plotWidth() + 12;
    Svg.line(svg, lx, ly, lx + 18, ly, color, 3);
    Svg.text(svg, lx + 24, ly + 4, "start", s.name, "");
  }

  private static String tickLabel(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return String.valueOf((long) v);
    }
    return SectionResult.format(v);
  }

  private static int plotWidth() {
    return WIDTH - LEFT - RIGHT;
  }

  private static int plotHeight() {
    return HEIGHT - TOP - BOTTOM;
  }

  private Axis axis(boolean isX) {
    boolean log = isX ? logX : logY;
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    for (Series s : series) {
      for (double v : isX ? s.xs : s.ys) {
        if (log && v <= 0) {
          throw new IllegalArgumentException("log axis needs positive values: " + v);
        }
        min = Math.min(min, v);
        max = Math.max(max, v);
      }
    }
    if (!log && !isX && min > 0 && min < max / 2) {
      min = 0; // bars of quantities read better from zero
    }
    if (min == max) {
      min = log ? min / 2 : min - 1;
      max = log ? max * 2 : max + 1;
    }
    return new Axis(min, max, log, isX);
  }

  /** Maps data values to pixels and chooses round tick values. */
  private record Axis(double min, double max, boolean log, boolean isX) {
    double toPixel(double v) {
      double f =
          log
              ? (Math.log10(v) - Math.log10(min)) / (Math.log10(max) - Math.log10(min))
              : (v - min) / (max - min);
      return isX ? LEFT + f * plotWidth() : TOP + plotHeight() - f * plotHeight();
    }

    List<Double> ticks() {
      List<Double> ticks = new ArrayList<>();
      if (log) {
        for (double p = Math.pow(10, Math.floor(Math.log10(min))); p <= max * 1.0001; p *= 10) {
          if (p >= min * 0.9999) {
            ticks.add(p);
          }
        }
        return ticks;
      }
      double raw = (max - min) / 5;
      double mag = Math.pow(10, Math.floor(Math.log10(raw)));
      double step =
          raw / mag < 1.5 ? mag : raw / mag < 3.5 ? 2 * mag : raw / mag < 7.5 ? 5 * mag : 10 * mag;
      for (double t = Math.ceil(min / step) * step; t <= max + step * 1e-9; t += step) {
        ticks.add(Math.abs(t) < step * 1e-9 ? 0 : t);
      }
      return ticks;
    }
  }
}
