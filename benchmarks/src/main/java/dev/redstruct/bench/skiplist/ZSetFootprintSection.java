package dev.redstruct.bench.skiplist;

import dev.redstruct.bench.AbstractReportSection;
import dev.redstruct.bench.Footprint;
import dev.redstruct.bench.ReportOptions;
import dev.redstruct.bench.SectionResult;
import dev.redstruct.bench.Verdict;

/**
 * Heap bytes per member of a sorted set: redstruct's {@code ZSet} (compact ziplist up to 128
 * members, skiplist with its fused member index beyond) against the TreeSet + HashMap composite.
 * Targets: at most 0.25x the composite while compact (n &lt;= 128), at most 0.35x at n = 100000
 * (issue 29); the zskiplist-ordered set's figure beside it.
 */
public final class ZSetFootprintSection extends AbstractReportSection {
  /** Creates the section (ServiceLoader). */
  public ZSetFootprintSection() {
    super(
        "skiplist.footprint",
        "Sorted set: bytes per member, ZSet vs TreeSet<(String, double) record> + HashMap<String, Double>");
  }

  @Override
  public SectionResult run(ReportOptions options) throws Exception {
    int[] sizes =
        options.quick()
            ? new int[] {16, 128, 1000, 100000}
            : new int[] {1, 16, 64, 128, 129, 1000, 100000};
    SectionResult.Builder table =
        SectionResult.table(
            "n",
            "encoding",
            "ZSet B/member",
            "composite B/member",
            "ratio",
            "target",
            "zskiplist-ordered B/member",
            "ratio");
    for (int n : sizes) {
      ZSetInputs in = new ZSetInputs(n, 0x2A5E7L);
      double ours = Footprint.bytesPerElement(() -> in.zset(n), n);
      double zsl = Footprint.bytesPerElement(() -> in.zset(n, false), n);
      double theirs = Footprint.bytesPerElement(() -> in.composite(n), n);
      double ratio = ours / theirs;
      Object verdict =
          n <= 128 ? Verdict.atMost(ratio, 0.25) : n == 100000 ? Verdict.atMost(ratio, 0.35) : "-";
      table.row(n, in.zset(n).encoding(), ours, theirs, ratio, verdict, zsl, zsl / theirs);
    }
    return table
        .note(
            "JOL GraphLayout.totalSize of the whole structure / n; members 'member:<hex>:<i>' (~17 B)")
        .note("ZSet holds member bytes (UTF-8); the composite holds the same text as Strings")
        .build();
  }
}
