package dev.redstruct.bench.core;

import dev.redstruct.bench.AbstractReportSection;
import dev.redstruct.bench.Footprint;
import dev.redstruct.bench.ReportOptions;
import dev.redstruct.bench.SectionResult;
import dev.redstruct.bench.SvgPlot;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.function.IntFunction;

/**
 * Heap cost of holding {@code n} short integers three ways: a primitive {@code long[]}, boxed
 * {@code Long[]} (what a {@code List<Long>} holds), and one decimal {@code byte[]} per value (how
 * Redis strings keep them before integer encoding). Shows why the packed encodings (ziplist,
 * listpack, intset) matter; also the reference use of {@link Footprint} and {@link SvgPlot}.
 */
public final class IntegerFootprintSection extends AbstractReportSection {
  /** Creates the section (ServiceLoader). */
  public IntegerFootprintSection() {
    super("core.footprint", "Integers as long[], Long[] and decimal byte[][]: bytes per element");
  }

  @Override
  public SectionResult run(ReportOptions options) throws Exception {
    int[] sizes =
        options.byMode(
            new int[] {1, 16, 256, 4096}, new int[] {1, 4, 16, 64, 256, 1024, 4096, 65536});
    String[] names = {"long[]", "Long[]", "byte[][] decimal"};
    SectionResult.Builder table = SectionResult.table("layout", "n", "bytes/element", "marginal");
    SvgPlot plot =
        SvgPlot.create("Bytes per element, 1-4 digit integers", "n (elements)", "bytes/element")
            .logX();
    for (int layout = 0; layout < names.length; layout++) {
      double[] xs = new double[sizes.length];
      double[] ys = new double[sizes.length];
      for (int i = 0; i < sizes.length; i++) {
        int n = sizes[i];
        IntFunction<Object> build = builder(layout);
        xs[i] = n;
        ys[i] = Footprint.bytesPerElement(() -> build.apply(n), n);
        table.row(names[layout], n, ys[i], Footprint.marginalBytesPerElement(build, n));
      }
      plot.series(names[layout], xs, ys);
    }
    Path svg = plot.write(file(options, ".svg"));
    return table
        .note("JOL GraphLayout.totalSize of the array and everything it references, / n")
        .note("marginal = (size(n) - size(0)) / n, i.e. without the empty array's header")
        .note(
            "values: fixed-seed 1-4 digit integers, a quarter negative; Long[] boxes by"
                + " Long.valueOf, so -128..127 come from the shared Long cache (counted once)")
        .file(svg)
        .build();
  }

  private static IntFunction<Object> builder(int layout) {
    return n -> {
      long[] values = DecimalInputs.values("short", n);
      switch (layout) {
        case 0:
          return values;
        case 1:
          Long[] boxed = new Long[n];
          for (int i = 0; i < n; i++) {
            boxed[i] = values[i]; // autoboxing, as a List<Long> would
          }
          return boxed;
        default:
          byte[][] strings = new byte[n][];
          for (int i = 0; i < n; i++) {
            strings[i] = Long.toString(values[i]).getBytes(StandardCharsets.US_ASCII);
          }
          return strings;
      }
    };
  }
}
