package dev.redstruct.geohash;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Vectors of the fact sheet (redis-facts-hll-geo-bits.md §2, each verified there against
 * redis-server 7.0.15) and of Redis's tests/unit/geo.tcl ("Check geoset values", GEOHASH, GEODIST).
 */
class GeoHashTest {
  @Test
  void scoresOfGeoTclCheckGeosetValues() {
    assertEquals(1791873972053020L, GeoHash.score(-74.0131604, 40.7126674)); // wtc one
    assertEquals(1791875485187452L, GeoHash.score(-73.9903085, 40.7362513)); // union square
    assertEquals(1791875761332224L, GeoHash.score(-73.9733487, 40.7648057)); // central park n/q/r
    assertEquals(1791875796750882L, GeoHash.score(-73.9564142, 40.7480973)); // 4545
    assertEquals(1791875804419201L, GeoHash.score(-73.9454966, 40.747533)); // lic market
    assertEquals(1791875830079666L, GeoHash.score(-73.9375699, 40.7498929)); // q4
    assertEquals(1791895905559723L, GeoHash.score(-73.7858139, 40.6428986)); // jfk
    assertEquals(3479099956230698L, GeoHash.score(13.361389, 38.115556)); // Palermo
    assertEquals(3479447370796909L, GeoHash.score(15.087269, 37.502669)); // Catania
  }

  @Test
  void inclusiveEdgesSpillIntoBits52And53() {
    assertEquals(10133099161583616L, GeoHash.score(180, 0)); // 2^53 + 2^50
    assertEquals(6755399441055744L, GeoHash.score(0, 85.05112878)); // 2^52 + 2^51
    assertEquals(1125899906842624L, GeoHash.score(-180, 0)); // 2^50
    assertEquals(2251799813685248L, GeoHash.score(0, -85.05112878)); // 2^51
    assertEquals(GeoHash.NONE, GeoHash.encode(180.0000001, 0, 26));
    assertEquals(GeoHash.NONE, GeoHash.encode(0, 85.05112879, 26));
    assertEquals(GeoHash.NONE, GeoHash.encode(0, 0, 33));
    assertEquals(GeoHash.NONE, GeoHash.encode(0, 0, 0));
  }

  @Test
  void decodeGivesRedisClampedCentre() {
    assertEquals(13.36138933897018433, GeoHash.decodeLongitude(3479099956230698L));
    assertEquals(38.11555639549629859, GeoHash.decodeLatitude(3479099956230698L));
    assertEquals(15.08726745843887329, GeoHash.decodeLongitude(3479447370796909L));
    assertEquals(37.50266842333162032, GeoHash.decodeLatitude(3479447370796909L));
    // GEOPOS of (180, 0): clamped to 180, latitude 0.00000126736058093
    assertEquals("180", GeoSet.formatCoordinate(GeoHash.decodeLongitude(10133099161583616L)));
    assertEquals(
        "0.00000126736058093", GeoSet.formatCoordinate(GeoHash.decodeLatitude(10133099161583616L)));
    assertEquals("13.36138933897018433", GeoSet.formatCoordinate(13.36138933897018433));
  }

  @Test
  void geohashStrings() {
    assertEquals("ezs42e44yx0", GeoHash.toGeohashString(GeoHash.score(-5.6, 42.6)));
    assertEquals("sqc8b49rny0", GeoHash.toGeohashString(3479099956230698L));
    assertEquals("sqdtr74hyu0", GeoHash.toGeohashString(3479447370796909L));
    assertEquals("80000000000", GeoHash.toGeohashString(GeoHash.score(180, 0)));
    assertEquals("80000000000", GeoHash.toGeohashString(GeoHash.score(-180, 0)));
    assertEquals("up05b5048p0", GeoHash.toGeohashString(GeoHash.score(0, 85.05112878)));
    assertEquals("h0bh0hbj200", GeoHash.toGeohashString(GeoHash.score(0, -85.05112878)));
  }

  @Test
  void distancePalermoCatania() {
    double d =
        GeoHash.distance(
            GeoHash.decodeLongitude(3479099956230698L),
            GeoHash.decodeLatitude(3479099956230698L),
            GeoHash.decodeLongitude(3479447370796909L),
            GeoHash.decodeLatitude(3479447370796909L));
    assertEquals("166274.1516", GeoSet.formatDistance(d));
    assertEquals("166.2742", GeoSet.formatDistance(d / GeoUnit.KM.toMeters()));
    assertEquals("103.3182", GeoSet.formatDistance(d / GeoUnit.MI.toMeters()));
    assertEquals("545518.8700", GeoSet.formatDistance(d / GeoUnit.FT.toMeters()));
    assertEquals("0.0000", GeoSet.formatDistance(0));
    assertEquals("0.7750", GeoSet.formatDistance(0.775));
  }

  @Test
  void stepEstimate() {
    assertEquals(26, GeoHash.estimateStepsByRadius(0, 89));
    // 1000 m doubles 15 times to pass MERCATOR_MAX: 1 + 15 - 2 = 14; then the pole adjustments.
    assertEquals(14, GeoHash.estimateStepsByRadius(1000, 0));
    assertEquals(13, GeoHash.estimateStepsByRadius(1000, 70));
    assertEquals(12, GeoHash.estimateStepsByRadius(1000, -81));
    assertEquals(1, GeoHash.estimateStepsByRadius(5e7, 0));
    assertEquals(26, GeoHash.estimateStepsByRadius(0.01, 0));
  }

  @Test
  void neighboursWrapAround() {
    // Step 2: 4 x 4 cells; lon index in odd bits, lat index in even bits.
    long cell = GeoHash.spread(3) | (GeoHash.spread(3) << 1); // top-right corner
    assertEquals(GeoHash.spread(3) | (GeoHash.spread(0) << 1), GeoHash.neighbor(cell, 2, 1, 0));
    assertEquals(GeoHash.spread(0) | (GeoHash.spread(3) << 1), GeoHash.neighbor(cell, 2, 0, 1));
    assertEquals(GeoHash.spread(2) | (GeoHash.spread(2) << 1), GeoHash.neighbor(cell, 2, -1, -1));
  }

  @Test
  void decodedCellContainsPoint() {
    double[] cell = new double[4];
    long bits = GeoHash.encode(13.361389, 38.115556, 26);
    GeoHash.decodeCell(bits, 26, cell);
    assertEquals(true, cell[0] <= 13.361389 && 13.361389 < cell[2]);
    assertEquals(true, cell[1] <= 38.115556 && 38.115556 < cell[3]);
  }
}
