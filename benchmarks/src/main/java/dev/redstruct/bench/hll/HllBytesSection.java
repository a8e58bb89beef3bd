package dev.redstruct.bench.hll;

import com.clearspring.analytics.stream.cardinality.HyperLogLogPlus;
import dev.redstruct.bench.AbstractReportSection;
import dev.redstruct.bench.ReportOptions;
import dev.redstruct.bench.SectionResult;
import dev.redstruct.hll.HyperLogLog;
import org.apache.datasketches.hll.HllSketch;
import org.apache.datasketches.hll.TgtHllType;

/**
 * Bytes of serialized state at 10^3 and 10^6 distinct elements (10^4 too in full mode): the Redis
 * string value (sparse below about 3000 bytes), DataSketches compact HLL_6 and HLL_8, stream-lib
 * {@code getBytes}.
 */
public final class HllBytesSection extends AbstractReportSection {
  /** Creates the section (ServiceLoader). */
  public HllBytesSection() {
    super("hll.bytes", "HyperLogLog serialized state: bytes");
  }

  @Override
  public SectionResult run(ReportOptions options) throws Exception {
    int[] sizes =
        options.quick() ? new int[] {1000, 1_000_000} : new int[] {1000, 10_000, 1_000_000};
    SectionResult.Builder table =
        SectionResult.table(
            "n", "redstruct", "DataSketches HLL_6", "DataSketches HLL_8", "stream-lib");
    for (int n : sizes) {
      HyperLogLog r = HllInputs.redstruct(3, n);
      HllSketch d6 = HllInputs.dataSketches(3, n, TgtHllType.HLL_6);
      HllSketch d8 = HllInputs.dataSketches(3, n, TgtHllType.HLL_8);
      HyperLogLogPlus p = HllInputs.streamLib(3, n);
      table.row(
          n,
          r.serializedSize() + (r.isDense() ? " (dense)" : " (sparse)"),
          d6.toCompactByteArray().length,
          d8.toCompactByteArray().length,
          p.getBytes().length);
    }
    return table
        .note("redstruct = the Redis string value (GET length); hll-sparse-max-bytes 3000")
        .build();
  }
}
