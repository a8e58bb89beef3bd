package dev.redstruct.geohash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.redstruct.skiplist.ZSetException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Examples of Redis 7.0.15's tests/unit/geo.tcl (expected values as that file states them). */
class GeoSetTest {
  private static final double CX = -73.9798091;
  private static final double CY = 40.7598464;

  private static GeoSet nyc() {
    GeoSet nyc = GeoSet.create();
    nyc.add("lic market", -73.9454966, 40.747533);
    nyc.add("central park n/q/r", -73.9733487, 40.7648057);
    nyc.add("union square", -73.9903085, 40.7362513);
    nyc.add("wtc one", -74.0131604, 40.7126674);
    nyc.add("jfk", -73.7858139, 40.6428986);
    nyc.add("q4", -73.9375699, 40.7498929);
    nyc.add("4545", -73.9564142, 40.7480973);
    return nyc;
  }

  private static List<String> names(List<GeoResult> r) {
    return r.stream().map(GeoResult::memberString).toList();
  }

  private static List<String> dists(List<GeoResult> r) {
    return r.stream().map(x -> GeoSet.formatDistance(x.distance())).toList();
  }

  @Test
  void radiusAndBoxAroundMidtown() {
    GeoSet nyc = nyc();
    GeoQuery r3 = GeoQuery.fromLonLat(CX, CY).byRadius(3, GeoUnit.KM).asc().build();
    assertEquals(List.of("central park n/q/r", "4545", "union square"), names(nyc.search(r3)));
    assertEquals(List.of("0.7750", "2.3651", "2.7697"), dists(nyc.search(r3)));
    GeoQuery box = GeoQuery.fromLonLat(CX, CY).byBox(6, 6, GeoUnit.KM).asc().build();
    assertEquals(
        List.of("central park n/q/r", "4545", "union square", "lic market"),
        names(nyc.search(box)));
    assertEquals("3.1991", dists(nyc.search(box)).get(3));
  }

  @Test
  void countAnyAndOrder() {
    GeoSet nyc = nyc();
    GeoQuery.Builder q = GeoQuery.fromLonLat(CX, CY).byRadius(10, GeoUnit.KM);
    assertEquals(
        List.of("central park n/q/r", "4545", "union square"),
        names(nyc.search(q.count(3).build())));
    q = GeoQuery.fromLonLat(CX, CY).byRadius(10, GeoUnit.KM);
    assertEquals(
        List.of("wtc one", "union square", "central park n/q/r"),
        names(nyc.search(q.countAny(3).build())));
    assertEquals(
        List.of("central park n/q/r", "union square", "wtc one"),
        names(nyc.search(q.countAny(3).asc().build())));
    q = GeoQuery.fromLonLat(CX, CY).byRadius(10, GeoUnit.KM);
    assertEquals(List.of("wtc one", "q4"), names(nyc.search(q.count(2).desc().build())));
  }

  @Test
  void fromMemberUnsortedIsDiscoveryOrder() {
    GeoSet nyc = nyc();
    List<GeoResult> r = nyc.search(GeoQuery.fromMember("wtc one").byRadius(7, GeoUnit.KM).build());
    assertEquals(
        List.of("wtc one", "union square", "central park n/q/r", "4545", "lic market"), names(r));
    assertEquals(List.of("0.0000", "3.2544", "6.7000", "6.1975", "6.8969"), dists(r));
    assertEquals(
        List.of("wtc one", "union square", "central park n/q/r", "4545", "lic market", "q4"),
        names(nyc.search(GeoQuery.fromMember("wtc one").byBox(14, 14, GeoUnit.KM).build())));
  }

  @Test
  void obliqueNeighboursAndPoleCrossing() {
    double[][] cases = {
      {-0.15307903289794921875, 85, 0.3515625, 85.00019260486917005437, 4891.94},
      {-4.95211958885192871094, 85, 11.25, 85.0511, 156544},
      {-45, 65.50900022111811438208, 90, 85.0511, 5009431},
      {45, 65, -135, 85.05, 5009431},
    };
    for (double[] c : cases) {
      GeoSet s = GeoSet.create();
      s.add("n1", c[0], c[1]);
      s.add("n2", c[2], c[3]);
      assertEquals(
          List.of("n1", "n2"),
          names(s.search(GeoQuery.fromMember("n1").byRadius(c[4], GeoUnit.M).asc().build())));
    }
  }

  @Test
  void hugeRadiusAndAntimeridian() {
    GeoSet users = GeoSet.create();
    users.add("user1", -47.271613776683807, -54.534504198047678);
    assertEquals(
        1, users.search(GeoQuery.fromLonLat(0, 0).byRadius(50000, GeoUnit.KM).build()).size());
    GeoSet p = GeoSet.create();
    p.add("point1", 179.5, 36);
    p.add("point2", -179.5, 36);
    assertEquals(
        List.of("point1", "point2"),
        names(p.search(GeoQuery.fromLonLat(179, 37).byBox(400, 400, GeoUnit.KM).asc().build())));
    assertEquals(
        List.of("point2", "point1"),
        names(p.search(GeoQuery.fromLonLat(-179, 37).byBox(400, 400, GeoUnit.KM).asc().build())));
  }

  @Test
  void sicilyEdgesAndCorners() {
    GeoSet s = GeoSet.create();
    s.add("Palermo", 13.361389, 38.115556);
    s.add("Catania", 15.087269, 37.502669);
    s.add("edge1", 12.758489, 38.788135);
    s.add("eage2", 17.241510, 38.788135);
    assertEquals(
        List.of("Catania", "Palermo"),
        names(s.search(GeoQuery.fromLonLat(15, 37).byRadius(200, GeoUnit.KM).asc().build())));
    assertEquals(
        List.of("Catania", "Palermo", "eage2", "edge1"),
        names(s.search(GeoQuery.fromLonLat(15, 37).byBox(400, 400, GeoUnit.KM).asc().build())));

    GeoSet box = GeoSet.create();
    double[][] pts = {
      {12.758489, 38.788135},
      {17.241510, 38.788135},
      {17.250, 35.202},
      {12.750, 35.202},
      {12.748489955781654, 37},
      {15, 38.798135872540925},
      {17.251510044218346, 37},
      {15, 35.201864127459075},
      {12.692799634687903, 38.798135872540925},
      {12.692799634687903, 38.798135872540925},
      {17.200560937451133, 35.201864127459075},
      {12.799439062548865, 35.201864127459075}
    };
    String[] n = {
      "edge1", "edge2", "edge3", "edge4", "edge5", "edge6", "edge7", "edge8", "corner1", "corner2",
      "corner3", "corner4"
    };
    for (int i = 0; i < n.length; i++) {
      box.add(n[i], pts[i][0], pts[i][1]);
    }
    List<GeoResult> found =
        box.search(GeoQuery.fromLonLat(15, 37).byBox(400, 400, GeoUnit.KM).asc().build());
    assertEquals(
        List.of("edge1", "edge2", "edge5", "edge7"), names(found).stream().sorted().toList());
  }

  @Test
  void smallDistance() {
    GeoSet s = GeoSet.create();
    s.add("1", -122.407107, 37.794300);
    s.add("2", -122.227336, 37.794300);
    List<GeoResult> r =
        s.search(
            GeoQuery.fromLonLat(-122.407107, 37.794300).byRadius(30, GeoUnit.MI).asc().build());
    assertEquals(List.of("1", "2"), names(r));
    assertEquals(List.of("0.0001", "9.8182"), dists(r));
  }

  @Test
  void storeAndStoreDist() {
    GeoSet s = GeoSet.create();
    s.add("Palermo", 13.361389, 38.115556);
    s.add("Catania", 15.087269, 37.502669);
    var stored = s.searchStore(GeoQuery.fromMember("Palermo").byRadius(500, GeoUnit.KM).build());
    assertEquals(3479099956230698.0, stored.score("Palermo").getAsDouble());
    var dist =
        s.searchStore(GeoQuery.fromMember("Catania").byRadius(500, GeoUnit.KM).storeDist().build());
    assertEquals(true, dist.score("Catania").getAsDouble() < 1);
    double palermo = dist.score("Palermo").getAsDouble();
    assertEquals(true, palermo > 166 && palermo < 167);
  }

  private static byte[][] argv(String... a) {
    byte[][] out = new byte[a.length][];
    for (int i = 0; i < a.length; i++) {
      out[i] = a[i].getBytes(StandardCharsets.UTF_8);
    }
    return out;
  }

  private static String error(Runnable r) {
    return assertThrows(ZSetException.class, r::run).getMessage();
  }

  /**
   * Redis compares option words and units with C's strcasecmp, which stops at a NUL byte. From
   * redis-server 7.0.15: {@code GEOADD g "nx\x00x" 1 1 m} gives {@code :1}, {@code GEOADD g 2 2 n}
   * then {@code GEODIST g m n "km\x00"} and {@code GEODIST g m n "KM\x00zz"} give {@code 157.2701}.
   */
  @Test
  void optionWordsAndUnitsEndAtNul() {
    GeoSet g = GeoSet.create();
    byte[][] add = argv("geoadd", "g", "nx\0x", "1", "1", "m");
    assertEquals(1, g.geoadd(add));
    assertEquals(1, g.geoadd(argv("geoadd", "g", "2", "2", "n")));
    assertEquals(
        "157.2701", GeoSet.formatDistance(g.distance(b("m"), b("n"), unit("km\0")).getAsDouble()));
    assertEquals(
        "157.2701",
        GeoSet.formatDistance(g.distance(b("m"), b("n"), unit("KM\0zz")).getAsDouble()));
  }

  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static GeoUnit unit(String s) {
    return GeoUnit.parse(b(s));
  }

  @Test
  void redisFaceErrors() {
    GeoSet nyc = nyc();
    assertEquals(
        "ERR syntax error",
        error(
            () -> nyc.geoadd(argv("geoadd", "nyc", "xx", "nx", "-73.9454966", "40.747533", "x"))));
    assertEquals(
        "ERR syntax error",
        error(() -> nyc.geoadd(argv("geoadd", "nyc", "ch", "xx", "foo", "-73.9", "40.7", "x"))));
    assertEquals(
        "ERR value is not a valid float",
        error(() -> nyc.geoadd(argv("geoadd", "nyc", "foo", "bar", "luck"))));
    assertEquals(
        "ERR invalid longitude,latitude pair 180.000001,0.000000",
        error(() -> nyc.geoadd(argv("geoadd", "nyc", "180.000001", "0", "x"))));
    String[] from = {"GEOSEARCH", "nyc", "FROMLONLAT", "-73.9798091", "40.7598464"};
    assertEquals(
        "ERR the ANY argument requires COUNT argument",
        error(() -> GeoQuery.parse(argv(cat(from, "BYRADIUS", "10", "km", "ANY")), nyc)));
    assertEquals(
        "ERR syntax error",
        error(() -> GeoQuery.parse(argv(cat(from, "BYRADIUS", "10", "km", "COUNT")), nyc)));
    assertEquals(
        "ERR exactly one of BYRADIUS and BYBOX can be specified for GEOSEARCH",
        error(() -> GeoQuery.parse(argv(cat(from, "ASC", "WITHDIST")), nyc)));
    assertEquals(
        "ERR exactly one of FROMMEMBER or FROMLONLAT can be specified for geosearch",
        error(
            () ->
                GeoQuery.parse(
                    argv("geosearch", "nyc", "BYRADIUS", "10", "km", "asc", "withdist"), nyc)));
    assertEquals(
        "ERR syntax error",
        error(() -> GeoQuery.parse(argv(cat(from, "BYRADIUS", "10", "km", "STOREDIST")), nyc)));
    assertEquals(
        "ERR could not decode requested zset member",
        error(() -> GeoQuery.parse(argv("GEORADIUSBYMEMBER", "nyc", "nobody", "1", "km"), nyc)));
    assertEquals(
        "ERR unsupported unit provided. please use M, KM, FT, MI",
        error(() -> GeoQuery.parse(argv(cat(from, "BYRADIUS", "10", "yd")), nyc)));
    assertEquals(
        "ERR STORE option in GEORADIUS is not compatible with WITHDIST, WITHHASH and WITHCOORD"
            + " options",
        error(
            () ->
                GeoQuery.parse(
                    argv("GEORADIUS", "nyc", "0", "0", "1", "km", "STORE", "d", "WITHDIST"), nyc)));
    assertEquals(
        "ERR syntax error",
        error(
            () ->
                GeoQuery.parse(
                    argv("GEORADIUS_RO", "nyc", "0", "0", "1", "km", "STORE", "d"), nyc)));
  }

  private static String[] cat(String[] a, String... b) {
    String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
