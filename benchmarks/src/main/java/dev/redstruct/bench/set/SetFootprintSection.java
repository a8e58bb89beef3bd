package dev.redstruct.bench.set;

import dev.redstruct.bench.AbstractReportSection;
import dev.redstruct.bench.Footprint;
import dev.redstruct.bench.ReportOptions;
import dev.redstruct.bench.SectionResult;
import dev.redstruct.bench.Verdict;
import dev.redstruct.core.RedisNumbers;
import dev.redstruct.set.RedisSet;
import java.util.HashSet;

/**
 * Heap bytes per member of an integer set: redstruct's {@code RedisSet} (an intset up to 512
 * members) against {@code HashSet<Long>}. Target (issue 32): at most 0.1x at n = 16 and 512.
 */
public final class SetFootprintSection extends AbstractReportSection {
  /** Creates the section (ServiceLoader). */
  public SetFootprintSection() {
    super("set.footprint", "Integer set: bytes per member, RedisSet (intset) vs HashSet<Long>");
  }

  @Override
  public SectionResult run(ReportOptions options) throws Exception {
    SectionResult.Builder table =
        SectionResult.table(
            "n", "encoding", "RedisSet B/member", "HashSet<Long> B/member", "ratio", "target");
    for (int n : new int[] {16, 512}) {
      long[] members = SetInputs.integers(n, 0xF00L);
      double ours = Footprint.bytesPerElement(() -> redisSet(members), n);
      double theirs = Footprint.bytesPerElement(() -> hashSet(members), n);
      double ratio = ours / theirs;
      table.row(
          n,
          redisSet(members).encoding().redisName(),
          ours,
          theirs,
          ratio,
          Verdict.atMost(ratio, 0.1));
    }
    return table
        .note(
            "JOL GraphLayout.totalSize of the whole structure / n; integers in [-10^6, 10^6] (int32 elements)")
        .build();
  }

  static RedisSet redisSet(long[] members) {
    RedisSet s = RedisSet.create();
    for (long m : members) {
      s.add(RedisNumbers.ll2string(m));
    }
    return s;
  }

  static HashSet<Long> hashSet(long[] members) {
    HashSet<Long> s = new HashSet<>();
    for (long m : members) {
      s.add(m);
    }
    return s;
  }
}
