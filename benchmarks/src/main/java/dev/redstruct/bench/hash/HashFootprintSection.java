package dev.redstruct.bench.hash;

import dev.redstruct.bench.AbstractReportSection;
import dev.redstruct.bench.Footprint;
import dev.redstruct.bench.ReportOptions;
import dev.redstruct.bench.SectionResult;
import dev.redstruct.bench.Verdict;
import dev.redstruct.hash.RedisHash;
import java.util.HashMap;

/**
 * Heap bytes of small hashes (~10-byte fields, ~20-byte values): redstruct's {@code RedisHash} (a
 * listpack up to 512 fields) against {@code HashMap<String, String>}, target (issue 33) at most
 * 0.2x at n = 8, 128 and 512; and "many small hashes instead of many keys": N objects stored as N /
 * 100 hashes of 100 fields against one {@code HashMap} of N entries (total bytes, reported).
 */
public final class HashFootprintSection extends AbstractReportSection {
  /** Creates the section (ServiceLoader). */
  public HashFootprintSection() {
    super("hash.footprint", "Small hashes: bytes, RedisHash (listpack) vs HashMap<String,String>");
  }

  @Override
  public SectionResult run(ReportOptions options) throws Exception {
    SectionResult.Builder table =
        SectionResult.table(
            "case", "encoding", "RedisHash bytes", "HashMap bytes", "ratio", "target");
    for (int n : new int[] {8, 128, 512}) {
      String[] fields = HashInputs.fields(n, 0xF00L);
      long ours = Footprint.totalBytes(HashInputs.redisHash(fields));
      long theirs = Footprint.totalBytes(HashInputs.hashMap(fields));
      double ratio = (double) ours / theirs;
      table.row(
          "one hash, n = " + n,
          HashInputs.redisHash(fields).encoding().redisName(),
          ours,
          theirs,
          ratio,
          Verdict.atMost(ratio, 0.2));
    }
    int objects = options.byMode(100_000, 1_000_000);
    String[] fields = HashInputs.fields(100, 0xF01L);
    RedisHash[] hashes = new RedisHash[objects / 100];
    for (int i = 0; i < hashes.length; i++) {
      hashes[i] = HashInputs.redisHash(fields);
    }
    HashMap<String, String> flat = new HashMap<>();
    for (int i = 0; i < objects; i++) {
      flat.put("obj:" + (i / 100) + ":" + fields[i % 100], HashInputs.value(i % 100));
    }
    long ours = Footprint.totalBytes(hashes);
    long theirs = Footprint.totalBytes(flat);
    table.row(
        objects + " objects as " + hashes.length + " hashes of 100",
        hashes[0].encoding().redisName(),
        ours,
        theirs,
        (double) ours / theirs,
        "reported");
    return table
        .note(
            "JOL GraphLayout.totalSize of the whole structure; the flat HashMap's keys are"
                + " \"obj:<hash>:<field>\" (the key a hash replaces)")
        .build();
  }
}
