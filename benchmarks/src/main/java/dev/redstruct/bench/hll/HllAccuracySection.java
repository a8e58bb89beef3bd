package dev.redstruct.bench.hll;

import com.clearspring.analytics.stream.cardinality.HyperLogLogPlus;
import dev.redstruct.bench.AbstractReportSection;
import dev.redstruct.bench.ReportOptions;
import dev.redstruct.bench.SectionResult;
import dev.redstruct.bench.SvgPlot;
import dev.redstruct.hll.HyperLogLog;
import java.nio.file.Path;
import java.util.SplittableRandom;
import org.apache.datasketches.hll.HllSketch;
import org.apache.datasketches.hll.TgtHllType;

/**
 * Relative error of the cardinality estimate from 10 to 10^6 distinct elements, over many seeds:
 * redstruct (Redis's estimator), DataSketches HllSketch lgK=14 HLL_6, stream-lib
 * HyperLogLogPlus(14). Each seed feeds one stream of random 8-byte elements to the three sketches
 * and reads every estimate at fixed checkpoints. Writes {@code hll.accuracy.svg}.
 */
public final class HllAccuracySection extends AbstractReportSection {
  /** Creates the section (ServiceLoader). */
  public HllAccuracySection() {
    super("hll.accuracy", "HyperLogLog accuracy: RMS relative error vs cardinality (P = 14)");
  }

  private static final String[] NAMES = {"redstruct", "DataSketches HLL_6", "stream-lib HLL++"};

  @Override
  public SectionResult run(ReportOptions options) throws Exception {
    int seeds = options.quick() ? 8 : 100;
    int max = options.quick() ? 100_000 : 1_000_000;
    int[] checkpoints = checkpoints(max);
    double[][] sumSq = new double[NAMES.length][checkpoints.length];
    double[][] worst = new double[NAMES.length][checkpoints.length];
    for (int seed = 1; seed <= seeds; seed++) {
      runSeed(seed, checkpoints, sumSq, worst);
    }
    SectionResult.Builder table =
        SectionResult.table("sketch", "n", "RMS rel. error %", "max |rel. error| %");
    SvgPlot plot =
        SvgPlot.create(
                "HyperLogLog RMS relative error (" + seeds + " seeds)",
                "distinct elements",
                "RMS relative error (%)")
            .logX();
    for (int s = 0; s < NAMES.length; s++) {
      double[] xs = new double[checkpoints.length];
      double[] ys = new double[checkpoints.length];
      for (int c = 0; c < checkpoints.length; c++) {
        xs[c] = checkpoints[c];
        ys[c] = 100 * Math.sqrt(sumSq[s][c] / seeds);
        table.row(NAMES[s], checkpoints[c], ys[c], 100 * worst[s][c]);
      }
      plot.series(NAMES[s], xs, ys);
    }
    Path svg = plot.write(file(options, ".svg"));
    return table
        .note(
            seeds
                + " seeds; elements = 8 random bytes (SplittableRandom(1000003 * seed)), same for all")
        .note("theory for large n: 1.04/sqrt(16384) = 0.81% for a plain 16384-register HLL")
        .file(svg)
        .build();
  }

  static int[] checkpoints(int max) {
    int count = 0;
    int[] out = new int[32];
    for (long decade = 10; decade <= max; decade *= 10) {
      out[count++] = (int) decade;
      if (decade * 3 <= max) {
        out[count++] = (int) (decade * 3);
      }
    }
    return java.util.Arrays.copyOf(out, count);
  }

  private static void runSeed(int seed, int[] checkpoints, double[][] sumSq, double[][] worst) {
    HyperLogLog r = HyperLogLog.create();
    HllSketch d = new HllSketch(HllInputs.LG_K, TgtHllType.HLL_6);
    HyperLogLogPlus p = new HyperLogLogPlus(HllInputs.LG_K);
    // Not seed * golden gamma: SplittableRandom seeds that differ by its gamma give shifted copies
    // of one stream.
    SplittableRandom rnd = new SplittableRandom(1_000_003L * seed);
    int added = 0;
    for (int c = 0; c < checkpoints.length; c++) {
      for (; added < checkpoints[c]; added++) {
        byte[] e = HllInputs.le(rnd.nextLong());
        r.add(e);
        d.update(e);
        p.offer(e);
      }
      double n = checkpoints[c];
      double[] est = {r.count(), d.getEstimate(), p.cardinality()};
      for (int s = 0; s < est.length; s++) {
        double err = (est[s] - n) / n;
        sumSq[s][c] += err * err;
        worst[s][c] = Math.max(worst[s][c], Math.abs(err));
      }
    }
  }
}
