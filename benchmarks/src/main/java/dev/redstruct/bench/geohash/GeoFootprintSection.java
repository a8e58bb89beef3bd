package dev.redstruct.bench.geohash;

import dev.redstruct.bench.Footprint;
import dev.redstruct.bench.ReportOptions;
import dev.redstruct.bench.ReportSection;
import dev.redstruct.bench.SectionResult;
import dev.redstruct.geohash.GeoSet;
import java.util.SplittableRandom;
import org.locationtech.jts.geom.Envelope;
import org.locationtech.jts.index.strtree.STRtree;

/**
 * Heap bytes per point of the three search structures of {@link GeoSearchBenchmark}: a {@code
 * GeoSet} (members and scores in a sorted set), a JTS {@code STRtree} of point envelopes with the
 * {@code double[]} coordinates and member {@code String}s it indexes, and the brute-force scan's
 * coordinate arrays with the member {@code String}s. Informational (no target).
 */
public final class GeoFootprintSection implements ReportSection {
  /** Creates the section (ServiceLoader). */
  public GeoFootprintSection() {}

  @Override
  public String id() {
    return "geohash.footprint";
  }

  @Override
  public String title() {
    return "Geo search: bytes per point, GeoSet vs STRtree (+ arrays) vs arrays";
  }

  @Override
  public SectionResult run(ReportOptions options) throws Exception {
    int[] sizes = options.quick() ? new int[] {10000} : new int[] {1000, 100000};
    SectionResult.Builder table =
        SectionResult.table("n", "GeoSet B/point", "STRtree + arrays B/point", "arrays B/point");
    for (int n : sizes) {
      double ours = Footprint.bytesPerElement(() -> geoSet(n), n);
      double tree = Footprint.bytesPerElement(() -> strTree(n), n);
      double arrays = Footprint.bytesPerElement(() -> arrays(n), n);
      table.row(n, ours, tree, arrays);
    }
    return table
        .note("JOL GraphLayout.totalSize / n; points in a 100 km square, members 'p<i>'")
        .build();
  }

  private static Object[] arrays(int n) {
    SplittableRandom rnd = new SplittableRandom(n);
    double[] lons = new double[n];
    double[] lats = new double[n];
    String[] names = new String[n];
    for (int i = 0; i < n; i++) {
      lons[i] = 12.8 + 1.14 * rnd.nextDouble();
      lats[i] = 37.66 + 0.9 * rnd.nextDouble();
      names[i] = "p" + i;
    }
    return new Object[] {lons, lats, names};
  }

  private static GeoSet geoSet(int n) {
    Object[] a = arrays(n);
    GeoSet set = GeoSet.create();
    for (int i = 0; i < n; i++) {
      set.add(((String[]) a[2])[i], ((double[]) a[0])[i], ((double[]) a[1])[i]);
    }
    return set;
  }

  private static Object[] strTree(int n) {
    Object[] a = arrays(n);
    STRtree tree = new STRtree();
    double[] lons = (double[]) a[0];
    double[] lats = (double[]) a[1];
    for (int i = 0; i < n; i++) {
      tree.insert(new Envelope(lons[i], lons[i], lats[i], lats[i]), i);
    }
    tree.build();
    return new Object[] {tree, a};
  }
}
