package dev.redstruct.geohash;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.skiplist.ZSet;
import dev.redstruct.testkit.NullArguments;
import org.junit.jupiter.api.Test;

/**
 * Every public constructor and method of {@link GeoSet}, called with null for each reference
 * parameter: a {@link NullPointerException} naming the parameter, and the set unchanged.
 */
class GeoSetNullArgumentsTest {
  private static GeoSet sample() {
    GeoSet g = GeoSet.create();
    g.add("Palermo", 13.361389, 38.115556);
    g.add("Catania", 15.087269, 37.502669);
    return g;
  }

  @Test
  void geoSet() {
    int n =
        NullArguments.of(GeoSet.class)
            .receiver(GeoSetNullArgumentsTest::sample, g -> g.asZSet().toString())
            .sample(ZSet.class, ZSet::create)
            .sample(GeoUnit.class, () -> GeoUnit.M)
            .sample(
                GeoQuery.class,
                () -> GeoQuery.fromMember("Palermo").byRadius(200, GeoUnit.KM).build())
            .run();
    assertTrue(n >= 8, "checked " + n);
  }
}
