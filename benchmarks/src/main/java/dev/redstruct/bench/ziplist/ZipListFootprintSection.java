package dev.redstruct.bench.ziplist;

import dev.redstruct.bench.Footprint;
import dev.redstruct.bench.ReportOptions;
import dev.redstruct.bench.ReportSection;
import dev.redstruct.bench.SectionResult;
import dev.redstruct.bench.Verdict;
import dev.redstruct.ziplist.ZipList;
import java.util.function.IntFunction;

/**
 * Heap bytes per element of the lists in the ziplist benchmarks (see {@link ZipListInputs}),
 * measured with JOL: a ZipList grown by pushes (capacity doubling leaves slack), the same after
 * {@code trimToSize()}, {@code ArrayList<byte[]>}, {@code ArrayList<String>} and {@code
 * LinkedList<String>}. Target: a ZipList at most 0.25 times the bytes of {@code ArrayList<String>}.
 */
public final class ZipListFootprintSection implements ReportSection {
  private static final String[] NAMES = {
    "ZipList (pushed)",
    "ZipList (trimmed)",
    "ArrayList<byte[]>",
    "ArrayList<String>",
    "LinkedList<String>"
  };

  /** Creates the section (ServiceLoader). */
  public ZipListFootprintSection() {}

  @Override
  public String id() {
    return "ziplist.footprint";
  }

  @Override
  public String title() {
    return "ZipList footprint: bytes per element vs ArrayList<String>";
  }

  @Override
  public SectionResult run(ReportOptions options) throws Exception {
    SectionResult.Builder table =
        SectionResult.table(
            "n", "layout", "bytes/element", "x ArrayList<String>", "target", "marginal", "x");
    for (int n : new int[] {8, 128, 129, 512}) {
      double baseline = Footprint.bytesPerElement(() -> builder(3).apply(n), n);
      double marginalBaseline = Footprint.marginalBytesPerElement(builder(3), n);
      for (int layout = 0; layout < NAMES.length; layout++) {
        IntFunction<Object> build = builder(layout);
        double bpe = layout == 3 ? baseline : Footprint.bytesPerElement(() -> build.apply(n), n);
        double marginal = Footprint.marginalBytesPerElement(build, n);
        double ratio = bpe / baseline;
        Object verdict = layout < 2 ? Verdict.atMost(ratio, 0.25) : "";
        table.row(n, NAMES[layout], bpe, ratio, verdict, marginal, marginal / marginalBaseline);
      }
    }
    return table
        .note("JOL GraphLayout.totalSize of the list and everything it references, / n")
        .note("entries alternate user:NNNNN strings and integers 0..999 (fixed seed)")
        .note(
            "ZipList counts its object, its byte[] (with growth slack unless trimmed) and scratch")
        .build();
  }

  static IntFunction<Object> builder(int layout) {
    return n -> {
      String[] strings = ZipListInputs.strings(n);
      switch (layout) {
        case 0:
          return ZipListInputs.zipList(ZipListInputs.bytes(strings));
        case 1:
          ZipList z = ZipListInputs.zipList(ZipListInputs.bytes(strings));
          z.trimToSize();
          return z;
        case 2:
          return ZipListInputs.arrayListBytes(ZipListInputs.bytes(strings));
        case 3:
          return ZipListInputs.arrayList(strings);
        default:
          return ZipListInputs.linkedList(strings);
      }
    };
  }
}
