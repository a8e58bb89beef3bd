package dev.redstruct.geohash;

import dev.redstruct.skiplist.ScoreRange;
import dev.redstruct.skiplist.ZSet;
import dev.redstruct.skiplist.internal.ScoredBytesVisitor;
import dev.redstruct.skiplist.internal.ZSetWalks;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One search over a sorted set: the 9 areas scanned as score ranges, each candidate decoded and
 * tested against the shape, then Redis's sort and COUNT cut. Redis: membersOfAllNeighbors,
 * membersOfGeoHashBox, geoGetPointsInRange, geoWithinShape and the sorting part of georadiusGeneric
 * (src/geo.c, 7.0.15).
 */
final class GeoSearch implements ScoredBytesVisitor {
  /*
   * Implementation notes. Results are Redis's geoArray as parallel arrays (member, lon, lat,
   * distance in metres, score), appended in discovery order; the sorts permute an index array,
   * which compares and moves exactly as the C sorts move the structs.
   *
   * Redis quirk kept: the "same as the last processed area" skip compares with the last processed
   * index only when that index is not 0, so a neighbour equal to the centre area is scanned again.
   *
   * Candidates come from ZSetWalks.forEachByScore (skiplist's range walk, exported only to this
   * module), which hands each member out in the set's own array: only a member that is a result
   * is copied, so a search allocates its results and a few fixed-size objects (this search, the
   * area array, one ScoreRange per area), whatever the number of candidates.
   */
  private final double lon;
  private final double lat;
  private final boolean box;
  private final double width; // radius for a circle
  private final double height;
  private final double conv;

  byte[][] members = new byte[8][];
  double[] lons = new double[8];
  double[] lats = new double[8];
  double[] dists = new double[8];
  double[] scores = new double[8];
  int used;
  private double found; // the distance within() computed last
  private long limit; // the scan's limit (0 = none), read by visit()

  GeoSearch(double lon, double lat, boolean box, double width, double height, double conv) {
    this.lon = lon;
    this.lat = lat;
    this.box = box;
    this.width = width;
    this.height = height;
    this.conv = conv;
  }

  /** Redis: geohashCalculateAreasByShapeWGS84 + membersOfAllNeighbors. limit 0 = no limit. */
  void scan(ZSet z, long limit) {
    this.limit = limit;
    long[] areas = new long[9];
    int step = GeoHash.areas(lon, lat, box, width, height, conv, areas);
    int last = 0;
    for (int i = 0; i < 9; i++) {
      if (areas[i] == GeoHash.NONE) {
        continue;
      }
      if (last != 0 && areas[i] == areas[last]) {
        continue;
      }
      if (used > 0 && limit > 0 && used >= limit) {
        break;
      }
      scanArea(z, areas[i], step);
      last = i;
    }
  }

  /** Redis: membersOfGeoHashBox + geoGetPointsInRange: min inclusive, max exclusive. */
  private void scanArea(ZSet z, long bits, int step) {
    double min = GeoHash.align52(bits, step);
    double max = GeoHash.align52(bits + 1, step);
    ZSetWalks.forEachByScore(z, new ScoreRange(min, false, max, true), this);
  }

  /**
   * One candidate of an area (Redis: geoGetPointsInRange's loop body, geoAppendIfWithinShape): the
   * member is copied only when the point is within the shape. Returns false once the limit is
   * reached.
   */
  @Override
  public boolean visit(byte[] array, int offset, int length, double score) {
    double plon = GeoHash.decodeLongitude(score);
    double plat = GeoHash.decodeLatitude(score);
    if (within(plon, plat)) {
      append(Arrays.copyOfRange(array, offset, offset + length), plon, plat, found, score);
    }
    return !(used > 0 && limit > 0 && used >= limit);
  }

  /**
   * Redis: geoWithinShape: whether the decoded point is inside the shape; sets {@code found} to its
   * distance from the centre. A NaN distance (nearly antipodal points) counts as inside, as the C
   * comparisons make it.
   */
  private boolean within(double plon, double plat) {
    if (!box) {
      found = GeoHash.distance(lon, lat, plon, plat);
      return !(found > width * conv);
    }
    if (GeoHash.latDistance(plat, lat) > height * conv / 2) {
      return false;
    }
    if (GeoHash.distance(plon, plat, lon, plat) > width * conv / 2) {
      return false;
    }
    found = GeoHash.distance(lon, lat, plon, plat);
    return true;
  }

  private void append(byte[] member, double plon, double plat, double dist, double score) {
    if (used == members.length) {
      int n = used * 2;
      members = Arrays.copyOf(members, n);
      lons = Arrays.copyOf(lons, n);
      lats = Arrays.copyOf(lats, n);
      dists = Arrays.copyOf(dists, n);
      scores = Arrays.copyOf(scores, n);
    }
    members[used] = member;
    lons[used] = plon;
    lats[used] = plat;
    dists[used] = dist;
    scores[used] = score;
    used++;
  }

  /**
   * The order in which results are returned, cut to COUNT. Redis: georadiusGeneric after the scan
   * (COUNT without ANY and without an order sorts ASC; qsort when all results are returned, pqsort
   * over the first COUNT otherwise).
   */
  int[] order(GeoQuery.Order order, long count, boolean any) {
    if (count != 0 && order == GeoQuery.Order.NONE && !any) {
      order = GeoQuery.Order.ASC;
    }
    int returned = (count == 0 || used < count) ? used : (int) count;
    int[] idx = new int[used];
    for (int i = 0; i < used; i++) {
      idx[i] = i;
    }
    if (order != GeoQuery.Order.NONE) {
      GeoSort sort = new GeoSort(dists, order == GeoQuery.Order.DESC);
      if (returned == used) {
        sort.mergeSort(idx, used);
      } else {
        sort.partialQuickSort(idx, used, 0, returned - 1);
      }
    }
    return returned == used ? idx : Arrays.copyOf(idx, returned);
  }

  /** The results in reply order, distances in the query's unit (Redis divides by conversion). */
  List<GeoResult> results(int[] order) {
    List<GeoResult> out = new ArrayList<>(order.length);
    for (int i : order) {
      out.add(new GeoResult(members[i], dists[i] / conv, (long) scores[i], lons[i], lats[i]));
    }
    return out;
  }
}
