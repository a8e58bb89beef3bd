package dev.redstruct.bench.quicklist;

import dev.redstruct.bench.Footprint;
import dev.redstruct.bench.ReportOptions;
import dev.redstruct.bench.ReportSection;
import dev.redstruct.bench.SectionResult;
import dev.redstruct.bench.Verdict;
import dev.redstruct.quicklist.QuickList;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.function.IntFunction;

/**
 * Heap bytes per element of a QuickList (fill -2, built by RPUSH) against {@code
 * ArrayDeque<String>} holding the same strings, measured with JOL. Goals: at most 0.25 times on
 * short strings and integers without compression; on repetitive JSON records with depth 1 at most
 * 0.13 times from 10^5 elements (the floor of Redis's LZF on that corpus, about 15 bytes per
 * record: benchmarks/NOTES.md, quicklist; below 10^5 the two raw end nodes dominate and the row is
 * reported); random short strings with depth 1, and short strings built by pushHead (head room in
 * the nodes), reported.
 */
public final class QuickListFootprintSection implements ReportSection {
  private static final int[] QUICK_SIZES = {1_000, 10_000, 100_000};
  private static final int[] SIZES = {1_000, 10_000, 100_000, 1_000_000};

  /** The JSON row's goal holds from this size: below, the two raw end nodes dominate. */
  private static final int JSON_GOAL_FROM = 100_000;

  /** Creates the section (ServiceLoader). */
  public QuickListFootprintSection() {}

  @Override
  public String id() {
    return "quicklist.footprint";
  }

  @Override
  public String title() {
    return "QuickList footprint: bytes per element vs ArrayDeque<String>";
  }

  @Override
  public SectionResult run(ReportOptions options) throws Exception {
    SectionResult.Builder table =
        SectionResult.table("corpus", "n", "QuickList", "ArrayDeque<String>", "ratio", "target");
    int[] sizes = options.quick() ? QUICK_SIZES : SIZES;
    row(table, sizes, "short strings + integers, depth 0", QuickListInputs::shortStrings, 0, 0.25);
    headRow(table, sizes);
    row(
        table,
        sizes,
        "random short strings, depth 1",
        QuickListInputs::randomStrings,
        1,
        Double.NaN);
    row(table, sizes, "repetitive JSON records, depth 1", QuickListInputs::jsonRecords, 1, 0.13);
    return table
        .note("JOL GraphLayout.totalSize of the structure and everything it references, / n")
        .note("QuickList: fill -2 (8 KiB listpack nodes), built by pushTail; ArrayDeque by add")
        .note("quick mode stops at 10^5 elements; --full adds 10^6")
        .build();
  }

  private static void row(
      SectionResult.Builder table,
      int[] sizes,
      String corpus,
      IntFunction<String[]> strings,
      int depth,
      double target) {
    for (int n : sizes) {
      String[] s = strings.apply(n);
      double ours =
          Footprint.bytesPerElement(
              () -> QuickListInputs.quickList(QuickListInputs.bytes(s), depth), n);
      double deque = Footprint.bytesPerElement(() -> new ArrayDeque<>(Arrays.asList(s)), n);
      double ratio = ours / deque;
      boolean judged = !Double.isNaN(target) && (depth == 0 || n >= JSON_GOAL_FROM);
      Object verdict = judged ? Verdict.atMost(ratio, target) : "(reported)";
      table.row(corpus, n, ours, deque, ratio, verdict);
    }
  }

  /** Short strings built by pushHead (LPUSH): the nodes keep their head room. Reported. */
  private static void headRow(SectionResult.Builder table, int[] sizes) {
    for (int n : sizes) {
      String[] s = QuickListInputs.shortStrings(n);
      byte[][] b = QuickListInputs.bytes(s);
      double ours =
          Footprint.bytesPerElement(
              () -> {
                QuickList ql = QuickList.create();
                for (byte[] v : b) {
                  ql.pushHead(v);
                }
                return ql;
              },
              n);
      double deque = Footprint.bytesPerElement(() -> new ArrayDeque<>(Arrays.asList(s)), n);
      table.row("short strings, depth 0, by pushHead", n, ours, deque, ours / deque, "(reported)");
    }
  }
}
