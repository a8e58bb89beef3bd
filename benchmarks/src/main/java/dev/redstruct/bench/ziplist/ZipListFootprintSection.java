package dev.redstruct.bench.ziplist;

import dev.redstruct.bench.AbstractReportSection;
import dev.redstruct.bench.ListFootprint;
import dev.redstruct.bench.ListInputs;
import dev.redstruct.bench.ReportOptions;
import dev.redstruct.bench.SectionResult;
import dev.redstruct.ziplist.ZipList;
import java.util.ArrayList;
import java.util.function.IntFunction;

/**
 * Heap bytes per element of the lists in the ziplist benchmarks (see {@link ListInputs}), measured
 * with JOL, like with like: each list both as grown by appends (growth slack included) and after
 * {@code trimToSize()}, and each ZipList row compared with {@code ArrayList<String>} in the same
 * state. Target: a ZipList at most 0.25 times the bytes of {@code ArrayList<String>}.
 *
 * <p>Why two states: both structures grow geometrically and leave slack ({@code ArrayList} by
 * 1.5&times; from 10 slots, {@code ZipList} by 1.5&times; from its 11-byte empty blob), and both
 * can drop it. The target is about the encoding, so it is judged at rest (trimmed vs trimmed, where
 * Redis's own ziplist, reallocated to size on every change, also is); the appended rows show what
 * the slack costs on each side and carry the same target for information. Comparing a trimmed
 * ZipList with an untrimmed {@code ArrayList}, as this section once did, flattered the ZipList.
 */
public final class ZipListFootprintSection extends AbstractReportSection {
  private static final String[] NAMES = {
    "ZipList (appended)",
    "ZipList (trimmed)",
    "ArrayList<byte[]>",
    "ArrayList<String> (appended)",
    "ArrayList<String> (trimmed)",
    "LinkedList<String>"
  };

  private static final int ZIP_APPENDED = 0;
  private static final int ZIP_TRIMMED = 1;
  private static final int STRINGS_APPENDED = 3;
  private static final int STRINGS_TRIMMED = 4;

  /** Creates the section (ServiceLoader). */
  public ZipListFootprintSection() {
    super(
        "ziplist.footprint",
        "ZipList footprint: bytes per element vs ArrayList<String> in the same state");
  }

  @Override
  public SectionResult run(ReportOptions options) throws Exception {
    ListFootprint layouts = ListFootprint.against("ArrayList<String>").withMarginal();
    for (int layout = 0; layout < NAMES.length; layout++) {
      boolean trimmed = layout == ZIP_TRIMMED || layout == STRINGS_TRIMMED;
      layouts.layout(NAMES[layout], trimmed, builder(layout));
    }
    SectionResult.Builder table =
        layouts
            .baselines(NAMES[STRINGS_APPENDED], NAMES[STRINGS_TRIMMED])
            .goal(NAMES[ZIP_TRIMMED], NAMES[ZIP_APPENDED], n -> 0.25)
            .measure(8, 128, 129, 512);
    return table
        .note("JOL GraphLayout.totalSize of the list and everything it references, / n")
        .note("entries alternate user:NNNNN strings and integers 0..999 (fixed seed)")
        .note("ratios: trimmed rows vs ArrayList<String> (trimmed), others vs (appended)")
        .note("the goal is judged on the trimmed ZipList; the appended row's verdict is shown only")
        .note("ZipList counts its object, its byte[] and, if any, its extras (none here)")
        .build();
  }

  static IntFunction<Object> builder(int layout) {
    return n -> {
      String[] strings = ListInputs.strings(n);
      switch (layout) {
        case ZIP_APPENDED:
          return ListInputs.zipList(ListInputs.bytes(strings));
        case ZIP_TRIMMED:
          ZipList z = ListInputs.zipList(ListInputs.bytes(strings));
          z.trimToSize();
          return z;
        case 2:
          return ListInputs.arrayListBytes(ListInputs.bytes(strings));
        case STRINGS_APPENDED:
          return ListInputs.arrayList(strings);
        case STRINGS_TRIMMED:
          ArrayList<String> list = ListInputs.arrayList(strings);
          list.trimToSize();
          return list;
        default:
          return ListInputs.linkedList(strings);
      }
    };
  }
}
