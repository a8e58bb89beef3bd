package dev.redstruct.bench.geohash;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.ThreadMXBean;
import dev.redstruct.geohash.GeoHash;
import dev.redstruct.geohash.GeoQuery;
import dev.redstruct.geohash.GeoResult;
import dev.redstruct.geohash.GeoSet;
import dev.redstruct.geohash.GeoUnit;
import dev.redstruct.skiplist.ScoreRange;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Issue 17's "the search allocates only its result": a radius search allocates the same bytes
 * whether it reads 200 candidates or 20,000 more that lie outside the circle (measured with the
 * JVM's per-thread allocation counter). Until the search read its candidates through skiplist's
 * allocation-free range walk, it copied every candidate (member array, entry, list slot, at least
 * 48 B) through {@code ZSet.rangeByScore}.
 */
class GeoSearchAllocationTest {
  private static final double LON = 13.4;
  private static final double LAT = 38.2;
  private static final double RADIUS = 1000; // metres
  // Degrees per RADIUS metres on a sphere of Redis's radius, north and east (test data only).
  private static final double DLAT = Math.toDegrees(RADIUS / 6372797.560856);
  private static final double DLON = DLAT / Math.cos(Math.toRadians(LAT));

  @Test
  void searchAllocationDoesNotGrowWithCandidates() {
    GeoSet inside = GeoSet.create();
    GeoSet both = GeoSet.create();
    SplittableRandom rnd = new SplittableRandom(7);
    for (int i = 0; i < 200; i++) { // within 0.6 radius of the centre: results
      double lon = LON + (rnd.nextDouble() - 0.5) * 0.8 * DLON;
      double lat = LAT + (rnd.nextDouble() - 0.5) * 0.8 * DLAT;
      inside.add("in" + i, lon, lat);
      both.add("in" + i, lon, lat);
    }
    for (int i = 0; i < 20_000; i++) { // near the corners of the bounding box: about 1.25 radii
      double lon = LON + (rnd.nextBoolean() ? 1 : -1) * (0.85 + 0.1 * rnd.nextDouble()) * DLON;
      double lat = LAT + (rnd.nextBoolean() ? 1 : -1) * (0.85 + 0.1 * rnd.nextDouble()) * DLAT;
      both.add("out" + i, lon, lat);
    }
    GeoQuery q = GeoQuery.fromLonLat(LON, LAT).byRadius(RADIUS, GeoUnit.M).build();
    long[] few = allocation(inside, q);
    long[] many = allocation(both, q);
    int extra = countCandidates(both) - countCandidates(inside);
    System.out.printf(
        "GeoSearchAllocationTest: %d B for %d results among %d candidates; %d B with %d more%n",
        few[0], few[1], countCandidates(inside), many[0], extra);
    assertTrue(few[1] == 200 && many[1] == 200, "results " + few[1] + ", " + many[1]);
    assertTrue(extra >= 10_000, extra + " more candidates: too few to tell");
    assertTrue(
        many[0] - few[0] <= 1_024,
        "search allocated " + few[0] + " B, and " + many[0] + " B with " + extra + " more read");
  }

  /** Bytes allocated by the last of 2,000 searches (the first ones warm up), and its results. */
  private static long[] allocation(GeoSet g, GeoQuery q) {
    ThreadMXBean mx = (ThreadMXBean) ManagementFactory.getThreadMXBean();
    long self = Thread.currentThread().getId();
    long bytes = 0;
    int results = 0;
    for (int round = 0; round < 2_000; round++) {
      long before = mx.getThreadAllocatedBytes(self);
      List<GeoResult> found = g.search(q);
      bytes = mx.getThreadAllocatedBytes(self) - before;
      results = found.size();
    }
    return new long[] {bytes, results};
  }

  /** Members in the nine areas the search reads (Redis: membersOfAllNeighbors). */
  private static int countCandidates(GeoSet g) {
    long[] areas = new long[9];
    int step = GeoHash.areasForRadius(LON, LAT, RADIUS, 1, areas);
    int n = 0;
    int last = 0;
    for (int i = 0; i < 9; i++) {
      if (areas[i] == GeoHash.NONE || (last != 0 && areas[i] == areas[last])) {
        continue;
      }
      double min = GeoHash.align52(areas[i], step);
      double max = GeoHash.align52(areas[i] + 1, step);
      n += (int) g.asZSet().count(new ScoreRange(min, false, max, true));
      last = i;
    }
    return n;
  }
}
