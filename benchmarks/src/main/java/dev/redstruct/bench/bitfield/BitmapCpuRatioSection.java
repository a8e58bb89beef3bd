package dev.redstruct.bench.bitfield;

import dev.redstruct.bench.AbstractReportSection;
import dev.redstruct.bench.Goal;
import dev.redstruct.bench.ReportOptions;
import dev.redstruct.bench.SectionResult;
import dev.redstruct.bench.Verdict;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The bitfield goals (bitCount, AND, getBit, setBit against BitSet) measured a second way: by the
 * measuring thread's CPU time, Bitmap and BitSet in alternating blocks in one child JVM ({@link
 * BitmapCpuRatios}). On a busy shared machine the JMH ratios of these near-equal loops swing from
 * 0.5x to 2x between runs because the two variants are timed by the wall clock a second apart; this
 * section's ratios move by a few percent. The goals are the {@link Goal}s of the JMH classes.
 */
public final class BitmapCpuRatioSection extends AbstractReportSection {
  private static final List<Class<?>> GOAL_CLASSES =
      List.of(
          BitmapBitCountBenchmark.class, BitmapBitOpBenchmark.class, BitmapSetGetBenchmark.class);

  /** Creates the section (ServiceLoader). */
  public BitmapCpuRatioSection() {
    super(
        "bitfield.cpu-ratios",
        "Bitmap vs BitSet by CPU time, alternating blocks (ratio = BitSet time / Bitmap time)");
  }

  @Override
  public SectionResult run(ReportOptions options) throws Exception {
    int rounds = options.byMode(41, 201);
    List<String> jvm = new ArrayList<>(List.of("-Xmx1g"));
    if (Boolean.getBoolean("jmh.ignoreLock")) {
      jvm.add("-Djmh.ignoreLock=true");
    }
    String out =
        options.runJava(
            jvm, BitmapCpuRatios.class, List.of(Integer.toString(rounds)), Duration.ofMinutes(15));
    return table(out, rounds);
  }

  /** The table for the child's output (lines {@code ratio op base ours median p25 p75}). */
  static SectionResult table(String childOutput, int rounds) {
    SectionResult.Builder table =
        SectionResult.table(
            "operation", "bitSet ns/op", "redstruct ns/op", "ratio", "p25..p75", "goal");
    for (String line : childOutput.split("\n")) {
      if (!line.startsWith("ratio ")) {
        continue;
      }
      String[] f = line.trim().split(" ");
      double median = Double.parseDouble(f[4]);
      double target = goal(f[1]);
      table.row(
          f[1],
          Double.parseDouble(f[2]),
          Double.parseDouble(f[3]),
          median,
          f[5] + ".." + f[6],
          Double.isNaN(target) ? "" : Verdict.atLeast(median, target));
    }
    return table
        .note(rounds + " rounds per operation after 15 warm-up rounds; a round times a block of")
        .note("about 5 ms of each variant by ThreadMXBean CPU time, the order swapped every round;")
        .note("the ratio is the median over rounds. The blocks call the JMH classes' own methods")
        .note("after their setUp (getBit/setBit ns per single operation, bitCount/and ns per whole")
        .note(
            "1 MiB map). CPU time leaves out waiting for a core but keeps cache and memory stalls.")
        .note("Holds /tmp/jmh.lock while measuring, like JMH.")
        .build();
  }

  /** The lower bound a JMH class's {@link Goal} sets for the redstruct variant, or NaN. */
  static double goal(String operation) {
    for (Class<?> c : GOAL_CLASSES) {
      for (Goal g : c.getAnnotationsByType(Goal.class)) {
        if (g.operation().equals(operation) && g.variant().equals("redstruct")) {
          return g.atLeast();
        }
      }
    }
    return Double.NaN;
  }
}
