package dev.redstruct.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A dependency-free SVG chart of horizontal bars, one per labelled value, each with optional marks
 * (a threshold, a band) and a colour for good or bad. The value axis is logarithmic when the values
 * and marks span more than a factor of 20, else linear from 0. The report draws every goal with it;
 * a section may too. Not thread-safe.
 *
 * <pre>{@code
 * Path svg = SvgBars.create("Goals: value (bar) and threshold (mark)")
 *     .bar("ZSet add size=1000", 0.87, ">= 1", false, 1.0)
 *     .write(options.outputDir().resolve("goals.svg"));
 * }</pre>
 */
public final class SvgBars {
  private static final int LABEL_WIDTH = 420;
  private static final int PLOT_WIDTH = 420;
  private static final int ROW = 20;
  private static final int TOP = 46;
  private static final String GOOD = "#2ca02c";
  private static final String BAD = "#d62728";

  private record Bar(String label, double value, String note, boolean good, double[] marks) {}

  private final String title;
  private final List<Bar> bars = new ArrayList<>();

  private SvgBars(String title) {
    this.title = title;
  }

  /**
   * Starts a chart.
   *
   * @param title the chart title
   * @return a new chart
   */
  public static SvgBars create(String title) {
    return new SvgBars(title);
  }

  /**
   * Adds a bar.
   *
   * @param label the text left of the bar (cut at 64 characters)
   * @param value the bar's length; must be positive when the axis turns logarithmic
   * @param note text printed after the value at the bar's end, e.g. the threshold
   * @param good green when {@code true}, red when {@code false}
   * @param marks positions of black marks across the bar (thresholds)
   * @return this chart
   */
  public SvgBars bar(String label, double value, String note, boolean good, double... marks) {
    if (!Double.isFinite(value)) {
      throw new IllegalArgumentException("bar value must be finite: " + value);
    }
    bars.add(new Bar(label, value, note, good, marks.clone()));
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
    if (bars.isEmpty()) {
      throw new IllegalStateException("no bars");
    }
    Scale scale = scale();
    int height = TOP + bars.size() * ROW + 40;
    int width = LABEL_WIDTH + PLOT_WIDTH + 120;
    StringBuilder svg = Svg.open(width, height, 11);
    Svg.text(
        svg,
        width / 2.0,
        20,
        "middle",
        title + (scale.log ? " (log scale)" : ""),
        "font-size=\"13\"");
    for (double t : scale.ticks()) {
      double x = scale.toPixel(t);
      Svg.line(svg, x, TOP - 6, x, height - 34, "#dddddd", 1);
      Svg.text(svg, x, height - 20, "middle", tickLabel(t), "");
    }
    for (int i = 0; i < bars.size(); i++) {
      Bar b = bars.get(i);
      double y = TOP + i * ROW;
      String label = b.label.length() > 64 ? b.label.substring(0, 63) + "…" : b.label;
      Svg.text(svg, LABEL_WIDTH - 6, y + 10, "end", label, "");
      double end = scale.toPixel(b.value);
      svg.append(
          String.format(
              java.util.Locale.ROOT,
              "<rect x=\"%d\" y=\"%.1f\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/>%n",
              LABEL_WIDTH,
              y,
              Math.max(end - LABEL_WIDTH, 1),
              ROW - 6,
              b.good ? GOOD : BAD));
      for (double m : b.marks) {
        double mx = scale.toPixel(m);
        Svg.line(svg, mx, y - 2, mx, y + ROW - 4, "black", 2);
      }
      String note = SectionResult.format(b.value) + (b.note.isEmpty() ? "" : " (" + b.note + ")");
      Svg.text(svg, Math.max(end, LABEL_WIDTH + 1) + 4, y + 10, "start", note, "");
    }
    return svg.append("</svg>\n").toString();
  }

  private Scale scale() {
    double lo = Double.POSITIVE_INFINITY;
    double hi = 0;
    for (Bar b : bars) {
      for (double v : withMarks(b)) {
        if (v > 0) {
          lo = Math.min(lo, v);
          hi = Math.max(hi, v);
        }
      }
    }
    if (hi == 0) {
      return new Scale(0, 1, false);
    }
    boolean log = hi / lo > 20;
    if (log) {
      return new Scale(
          Math.pow(10, Math.floor(Math.log10(lo))), Math.pow(10, Math.ceil(Math.log10(hi))), true);
    }
    return new Scale(0, niceCeiling(hi * 1.1), false);
  }

  private static double[] withMarks(Bar b) {
    double[] all = java.util.Arrays.copyOf(b.marks, b.marks.length + 1);
    all[b.marks.length] = b.value;
    return all;
  }

  /** {@code 0.1}, {@code 1}, {@code 2.5}: three significant digits without trailing zeros. */
  private static String tickLabel(double t) {
    String s = SectionResult.format(t);
    return s.contains(".") ? s.replaceFirst("0+$", "").replaceFirst("\\.$", "") : s;
  }

  /** The smallest of 1, 2, 5 times a power of ten that is at least {@code v}. */
  private static double niceCeiling(double v) {
    double mag = Math.pow(10, Math.floor(Math.log10(v)));
    for (double m : new double[] {1, 2, 5}) {
      if (m * mag >= v) {
        return m * mag;
      }
    }
    return 10 * mag;
  }

  /** Maps values to x pixels; values outside the range are clamped to its ends. */
  private record Scale(double min, double max, boolean log) {
    double toPixel(double v) {
      double f =
          log
              ? (Math.log10(Math.max(v, min)) - Math.log10(min))
                  / (Math.log10(max) - Math.log10(min))
              : (v - min) / (max - min);
      return LABEL_WIDTH + PLOT_WIDTH * Math.max(0, Math.min(1, f));
    }

    List<Double> ticks() {
      List<Double> out = new ArrayList<>();
      if (log) {
        for (double p = min; p <= max * 1.0001; p *= 10) {
          out.add(p);
        }
        return out;
      }
      double step = niceCeiling(max / 5);
      for (int k = 0; k * step <= max * 1.0001; k++) {
        out.add(k * step);
      }
      return out;
    }
  }
}
