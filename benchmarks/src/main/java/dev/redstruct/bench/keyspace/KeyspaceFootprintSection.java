package dev.redstruct.bench.keyspace;

import dev.redstruct.bench.AbstractReportSection;
import dev.redstruct.bench.Footprint;
import dev.redstruct.bench.ReportOptions;
import dev.redstruct.bench.SectionResult;
import dev.redstruct.bench.Verdict;
import dev.redstruct.keyspace.Keyspace;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;

/**
 * Heap bytes per key of a keyspace holding only small strings ({@code SET key:<i> value:<i>}): the
 * whole {@code Keyspace} (16 databases, key dict, expiry dicts, command table) against {@code
 * HashMap<String, String>} of the same keys and values. Goal (issue 28): at most 0.8x at n = 10^6.
 */
public final class KeyspaceFootprintSection extends AbstractReportSection {
  /** Creates the section (ServiceLoader). */
  public KeyspaceFootprintSection() {
    super(
        "keyspace.footprint", "Keyspace of small strings: bytes per key vs HashMap<String,String>");
  }

  @Override
  public SectionResult run(ReportOptions options) throws Exception {
    SectionResult.Builder table =
        SectionResult.table(
            "n", "Keyspace B/key", "HashMap<String,String> B/key", "ratio", "target");
    int[] sizes = options.quick() ? new int[] {100_000} : new int[] {100_000, 1_000_000};
    for (int n : sizes) {
      double ours = Footprint.bytesPerElement(() -> keyspace(n), n);
      double theirs = Footprint.bytesPerElement(() -> hashMap(n), n);
      double ratio = ours / theirs;
      table.row(n, ours, theirs, ratio, n == 1_000_000 ? Verdict.atMost(ratio, 0.8) : "-");
    }
    return table
        .note(
            "JOL GraphLayout.totalSize of the whole Keyspace / n (everything reachable, fixed"
                + " costs included); keys key:<i>, values value:<i> (embstr), set by SET through"
                + " execute")
        .build();
  }

  static Keyspace keyspace(int n) {
    Keyspace ks = Keyspace.create();
    byte[] set = "SET".getBytes(StandardCharsets.US_ASCII);
    for (int i = 0; i < n; i++) {
      ks.execute(set, ascii("key:" + i), ascii("value:" + i));
    }
    return ks;
  }

  static HashMap<String, String> hashMap(int n) {
    HashMap<String, String> m = new HashMap<>();
    for (int i = 0; i < n; i++) {
      m.put("key:" + i, "value:" + i);
    }
    return m;
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }
}
