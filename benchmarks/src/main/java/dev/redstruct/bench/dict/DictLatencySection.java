package dev.redstruct.bench.dict;

import dev.redstruct.bench.AbstractReportSection;
import dev.redstruct.bench.ReportOptions;
import dev.redstruct.bench.SectionResult;
import dev.redstruct.bench.SvgPlot;
import dev.redstruct.bench.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Put latency while growing from 0 to N String keys, {@code Dict} vs {@code HashMap}, under ZGC
 * (collector pauses are sub-millisecond, so the structure's own stalls show) and under G1. Each run
 * is a child JVM ({@link DictPutLatency}); ZGC runs three times per map in full mode (once in quick
 * mode), G1 once. Goals under ZGC, as the median over the runs: Dict's worst put at most 0.005 ×
 * HashMap's from the same run, and Dict's p99.99 at most HashMap's.
 */
public final class DictLatencySection extends AbstractReportSection {
  private static final List<String> GCS = List.of("ZGC", "G1");
  private static final List<String> MAPS = List.of("dict", "hashMap");

  /** Creates the section (ServiceLoader). */
  public DictLatencySection() {
    super("dict.latency", "Dict vs HashMap: latency of every put while growing from empty (µs)");
  }

  @Override
  public SectionResult run(ReportOptions options) throws Exception {
    int n = options.byMode(2_000_000, 10_000_000);
    String heap = options.byMode("-Xmx2g", "-Xmx6g");
    int zgcRuns = options.byMode(1, 3);
    SectionResult.Builder table =
        SectionResult.table(
            "gc",
            "run",
            "map",
            "n",
            "p50",
            "p99",
            "p99.9",
            "p99.99",
            "max",
            "max/hashMap max",
            "off-CPU in worst chunk (median chunk)",
            "goal");
    List<Path> files = new ArrayList<>();
    for (String gc : GCS) {
      int runs = gc.equals("ZGC") ? zgcRuns : 1;
      double[] ratios = new double[runs];
      double[][] p9999 = new double[MAPS.size()][runs];
      double[][] series = new double[MAPS.size()][];
      for (int r = 0; r < runs; r++) {
        double[][] pct = new double[MAPS.size()][];
        double[][] worst = new double[MAPS.size()][];
        for (int i = 0; i < MAPS.size(); i++) {
          String out =
              options.runJava(
                  List.of(
                      gc.equals("ZGC") ? "-XX:+UseZGC" : "-XX:+UseG1GC",
                      heap,
                      "-Xms" + heap.substring(4),
                      "-XX:+AlwaysPreTouch"),
                  DictPutLatency.class,
                  List.of(MAPS.get(i), Integer.toString(n)),
                  Duration.ofMinutes(10));
          for (String line : out.split("\n")) {
            if (line.startsWith("pct ")) {
              pct[i] = parse(line.substring(4).split(" "));
            } else if (line.startsWith("series ")) {
              series[i] = parse(line.substring(7).split(","));
            } else if (line.startsWith("worst ")) {
              worst[i] = parse(line.substring(6).split(" "));
            }
          }
          p9999[i][r] = pct[i][3];
        }
        ratios[r] = pct[0][4] / pct[1][4];
        for (int i = 0; i < MAPS.size(); i++) {
          table.row(
              gc,
              r + 1,
              MAPS.get(i),
              n,
              pct[i][0],
              pct[i][1],
              pct[i][2],
              pct[i][3],
              pct[i][4],
              pct[i][4] / pct[1][4],
              String.format(Locale.ROOT, "%.0f (%.0f)", worst[i][2], worst[i][3]),
              "");
        }
      }
      if (gc.equals("ZGC")) {
        // The goals are issue 22's, stated for full mode (three runs of 10M keys); quick mode's
        // one run of 2M keys shows the same ratios without judging them.
        boolean judge = !options.quick();
        double ratio = median(ratios);
        double ours = median(p9999[0]);
        double theirs = median(p9999[1]);
        table.row(
            gc,
            "median of " + runs,
            "dict",
            n,
            "",
            "",
            "",
            ours,
            "",
            ratio,
            "",
            judge ? Verdict.atMost(ratio, 0.005) : "full mode: <= 0.005");
        table.row(
            gc,
            "median of " + runs,
            "dict p99.99 / hashMap p99.99",
            n,
            "",
            "",
            "",
            ours / theirs,
            "",
            "",
            "",
            judge ? Verdict.atMost(ours / theirs, 1.0) : "full mode: <= 1");
      }
      files.add(plot(options, gc, n, series));
    }
    files.forEach(table::file);
    return table
        .note("one child JVM per row: " + heap + ", -Xms the same, -XX:+AlwaysPreTouch; keys")
        .note("'user:<random hex>' made outside the timed region; 3 warm-up builds of 300k keys.")
        .note("Goals under ZGC, as medians over the runs: dict max / hashMap max, p99.99 ratio")
        .note("(judged in full mode only: three runs of 10M keys).")
        .note("Off-CPU: a chunk's wall time minus the thread's CPU time (µs): a worst put whose")
        .note("chunk lost about that much more than the median chunk waited (OS, safepoint).")
        .note(
            "Sequential keys ('user:0', 'user:1', ...) would favour HashMap: its weak hash spreading")
        .note("keeps consecutive keys in neighbouring buckets (cache hits); Dict scatters them.")
        .note("Dict.create() (hashCode-based hasher); each put timed with System.nanoTime")
        .build();
  }

  private static double median(double[] v) {
    double[] s = v.clone();
    java.util.Arrays.sort(s);
    return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  }

  private static double[] parse(String[] cells) {
    double[] out = new double[cells.length];
    for (int i = 0; i < cells.length; i++) {
      out[i] = Double.parseDouble(cells[i].trim());
    }
    return out;
  }

  private static Path plot(ReportOptions options, String gc, int n, double[][] series)
      throws java.io.IOException {
    SvgPlot plot =
        SvgPlot.create(
                "Worst put per chunk of " + n / series[0].length + " inserts (" + gc + ")",
                "entries inserted",
                "max put latency (µs)")
            .logY();
    for (int i = 0; i < MAPS.size(); i++) {
      double[] xs = new double[series[i].length];
      double[] ys = new double[series[i].length];
      for (int c = 0; c < xs.length; c++) {
        xs[c] = (double) (c + 1) * n / xs.length;
        ys[c] = Math.max(series[i][c], 0.01);
      }
      plot.series(MAPS.get(i), xs, ys);
    }
    Files.createDirectories(options.outputDir());
    return plot.write(options.outputDir().resolve("dict.latency." + gc.toLowerCase() + ".svg"));
  }
}
