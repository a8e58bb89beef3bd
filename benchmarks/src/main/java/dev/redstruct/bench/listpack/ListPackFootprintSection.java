package dev.redstruct.bench.listpack;

import dev.redstruct.bench.AbstractReportSection;
import dev.redstruct.bench.ListFootprint;
import dev.redstruct.bench.ListInputs;
import dev.redstruct.bench.ReportOptions;
import dev.redstruct.bench.SectionResult;
import dev.redstruct.listpack.ListPack;
import dev.redstruct.ziplist.ZipList;
import java.util.ArrayList;
import java.util.function.IntFunction;

/**
 * Heap bytes per element of the lists in the listpack benchmarks (see {@link ListInputs}), measured
 * with JOL, like with like: each list as grown by appends (growth slack included) and after {@code
 * trimToSize()}, each row compared with {@code ArrayList<String>} in the same state. Targets,
 * judged trimmed vs trimmed (where Redis's own listpack, reallocated on every change, always is): a
 * ListPack at most 0.2 times the bytes of {@code ArrayList<String>} at n >= 128 and 0.25 times at n
 * = 8. The ZipList (Redis 6.2's encoding of the same lists) is shown for comparison.
 */
public final class ListPackFootprintSection extends AbstractReportSection {
  private static final String[] NAMES = {
    "ListPack (appended)",
    "ListPack (trimmed)",
    "ZipList (trimmed)",
    "ArrayList<String> (appended)",
    "ArrayList<String> (trimmed)"
  };

  private static final int LP_APPENDED = 0;
  private static final int LP_TRIMMED = 1;
  private static final int ZIP_TRIMMED = 2;
  private static final int STRINGS_APPENDED = 3;
  private static final int STRINGS_TRIMMED = 4;

  /** Creates the section (ServiceLoader). */
  public ListPackFootprintSection() {
    super(
        "listpack.footprint",
        "ListPack footprint: bytes per element vs ArrayList<String> in the same state");
  }

  /** The goal at {@code n}: 0.25 for 8 elements, 0.2 from 128 on. */
  static double target(int n) {
    return n >= 128 ? 0.2 : 0.25;
  }

  @Override
  public SectionResult run(ReportOptions options) throws Exception {
    ListFootprint layouts = ListFootprint.against("ArrayList<String>");
    for (int layout = 0; layout < NAMES.length; layout++) {
      boolean trimmed = layout == LP_TRIMMED || layout == ZIP_TRIMMED || layout == STRINGS_TRIMMED;
      layouts.layout(NAMES[layout], trimmed, builder(layout));
    }
    SectionResult.Builder table =
        layouts
            .baselines(NAMES[STRINGS_APPENDED], NAMES[STRINGS_TRIMMED])
            .goal(NAMES[LP_TRIMMED], NAMES[LP_APPENDED], ListPackFootprintSection::target)
            .measure(8, 128, 129, 512);
    return table
        .note("JOL GraphLayout.totalSize of the list and everything it references, / n")
        .note("elements alternate user:NNNNN strings and integers 0..999 (fixed seed)")
        .note("ratios: trimmed rows vs ArrayList<String> (trimmed), others vs (appended)")
        .note(
            "the goal is judged on the trimmed ListPack; the appended row's verdict is shown only")
        .build();
  }

  static IntFunction<Object> builder(int layout) {
    return n -> {
      String[] strings = ListInputs.strings(n);
      switch (layout) {
        case LP_APPENDED:
          return ListInputs.listPack(ListInputs.bytes(strings));
        case LP_TRIMMED:
          ListPack lp = ListInputs.listPack(ListInputs.bytes(strings));
          lp.trimToSize();
          return lp;
        case ZIP_TRIMMED:
          ZipList z = ListInputs.zipList(ListInputs.bytes(strings));
          z.trimToSize();
          return z;
        case STRINGS_APPENDED:
          return ListInputs.arrayList(strings);
        default:
          ArrayList<String> list = ListInputs.arrayList(strings);
          list.trimToSize();
          return list;
      }
    };
  }
}
