package dev.redstruct.geohash;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.redstruct.testkit.ReadmeSnippets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The examples of geohash/README.md and of GeoSet's Javadoc, verbatim. */
class GeoSetReadmeTest {
  @Test
  void peopleNearby() {
    GeoSet people = GeoSet.create();
    people.add("ana", 13.361389, 38.115556); // GEOADD people 13.361389 38.115556 ana
    people.add("ben", 15.087269, 37.502669);
    people.add("cai", 12.758489, 38.788135);
    List<GeoResult> near = people.nearby("ana", 100, GeoUnit.KM, 10); // ana 0.0000, cai 91.4007
    Optional<String> hash = people.hash("ana"); // GEOHASH: Optional[sqc8b49rny0]

    // Expected values: redis-server 7.0.15, GEOSEARCH people FROMMEMBER ana BYRADIUS 100 km
    // COUNT 10 (nearest first) WITHDIST, GEOHASH people ana, ZSCORE people ana.

    assertEquals(List.of("ana", "cai"), near.stream().map(GeoResult::memberString).toList());
    assertEquals("0.0000", GeoSet.formatDistance(near.get(0).distance()));
    assertEquals("91.4007", GeoSet.formatDistance(near.get(1).distance()));
    assertEquals(Optional.of("sqc8b49rny0"), hash);
    assertEquals(3479099956230698.0, people.asZSet().score("ana").getAsDouble()); // ZSCORE
  }

  @Test
  void readmeSnippetsMatchThisTest() {
    assertEquals(
        1,
        ReadmeSnippets.check(Path.of("README.md"), Path.of("src/test/java/dev/redstruct/geohash")));
  }

  @Test
  void javadocExample() {
    GeoSet sicily = GeoSet.create();
    sicily.add("Palermo", 13.361389, 38.115556);
    sicily.add("Catania", 15.087269, 37.502669);
    assertEquals(
        "166.2742",
        GeoSet.formatDistance(sicily.distance("Palermo", "Catania", GeoUnit.KM).getAsDouble()));
    List<GeoResult> near = sicily.nearby("Palermo", 200, GeoUnit.KM, 10);
    assertEquals(
        List.of("Palermo", "Catania"), near.stream().map(GeoResult::memberString).toList());
  }
}
