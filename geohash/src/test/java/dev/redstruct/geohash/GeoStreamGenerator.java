package dev.redstruct.geohash;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Random GEO command streams for {@link GeoSetRedisIT}: uniform and clustered points (Sicily, New
 * York, the poles' limits, both sides of ±180, the origin), exact edges, every search option in
 * random order and case, and a share of bad arguments (units, numbers, coordinates, option
 * combinations), missing keys and missing members.
 */
final class GeoStreamGenerator {
  static final String[] KEYS = {"g0", "g1", "g2", "g3", "nokey"};
  static final String[] DESTS = {"d0", "d1", "g3"};
  private static final double[][] CLUSTERS = {
    {13.361389, 38.115556}, // Palermo
    {-73.9798091, 40.7598464}, // New York
    {179.9, 10}, // the antimeridian, east side
    {-179.9, 10}, // and west side
    {0, 84.9}, // near the northern limit
    {45, -84.9}, // near the southern limit
    {0, 0},
  };
  private static final String[] UNITS = {"m", "km", "ft", "mi", "M", "Km", "KM", "FT", "Mi"};

  private final SplittableRandom rnd;
  private final int members;
  private boolean write;

  GeoStreamGenerator(SplittableRandom rnd, int members) {
    this.rnd = rnd;
    this.members = members;
  }

  /** Whether the last command returned by {@link #next} can write a key. */
  boolean lastWasWrite() {
    return write;
  }

  List<String> next() {
    write = false;
    int p = rnd.nextInt(100);
    if (p < 30) {
      write = true;
      return geoadd();
    } else if (p < 34) {
      write = true;
      List<String> c = new ArrayList<>(List.of("ZREM", key()));
      c.add(member());
      return c;
    } else if (p < 40) {
      return multi(rnd.nextBoolean() ? "GEOPOS" : "GEOHASH");
    } else if (p < 47) {
      return geodist();
    } else {
      return search();
    }
  }

  private String key() {
    return KEYS[rnd.nextInt(rnd.nextInt(10) == 0 ? KEYS.length : KEYS.length - 1)];
  }

  private String member() {
    return "m" + rnd.nextInt(members + members / 20 + 1); // a few never added
  }

  private List<String> geoadd() {
    List<String> c = new ArrayList<>(List.of("GEOADD", KEYS[rnd.nextInt(KEYS.length - 1)]));
    int opts = rnd.nextInt(4) == 0 ? rnd.nextInt(3) : 0;
    for (int i = 0; i < opts; i++) {
      c.add(pick("NX", "XX", "CH", "nx", "ch", "xx"));
    }
    int n = 1 + (rnd.nextInt(4) == 0 ? rnd.nextInt(8) : 0);
    for (int i = 0; i < n; i++) {
      String[] ll = lonLat();
      c.add(ll[0]);
      c.add(ll[1]);
      c.add(member());
    }
    if (rnd.nextInt(100) == 0) {
      c.remove(c.size() - 1); // not a multiple of 3
    }
    return c;
  }

  private List<String> multi(String cmd) {
    List<String> c = new ArrayList<>(List.of(cmd, key()));
    int n = rnd.nextInt(5);
    for (int i = 0; i < n; i++) {
      c.add(member());
    }
    return c;
  }

  private List<String> geodist() {
    List<String> c = new ArrayList<>(List.of("GEODIST", key(), member(), member()));
    if (rnd.nextInt(4) != 0) {
      c.add(unit());
    }
    if (rnd.nextInt(50) == 0) {
      c.add("extra");
    }
    return c;
  }

  /** A coordinate pair, as text: mostly valid, sometimes an edge, sometimes bad. */
  String[] lonLat() {
    int p = rnd.nextInt(100);
    double lon;
    double lat;
    if (p < 3) {
      return new String[] {pick("foo", "", "nan", "inf", "181", "1e400", "0x10"), num(10)};
    } else if (p < 6) {
      return new String[] {num(10), pick("-85.06", "90", "-inf", "bar", "85.05112879")};
    } else if (p < 12) {
      lon = pickD(180, -180, 0, 179.99999999, -179.99999999);
      lat = pickD(GeoHash.LAT_MAX, GeoHash.LAT_MIN, 0, 85, -85, 66.5, -80.5);
    } else if (p < 45) {
      lon = -180 + 360 * rnd.nextDouble();
      lat = GeoHash.LAT_MIN + (GeoHash.LAT_MAX - GeoHash.LAT_MIN) * rnd.nextDouble();
    } else {
      double[] c = CLUSTERS[rnd.nextInt(CLUSTERS.length)];
      double spread = pickD(0.001, 0.05, 0.5, 3);
      lon = clamp(c[0] + spread * (2 * rnd.nextDouble() - 1), -180, 180);
      if (Math.abs(c[0]) > 179 && rnd.nextBoolean()) {
        lon = c[0] > 0 ? -180 + (lon - 179.8) : 180 - (-179.8 - lon); // the other side
        lon = clamp(lon, -180, 180);
      }
      lat = clamp(c[1] + spread * (2 * rnd.nextDouble() - 1), GeoHash.LAT_MIN, GeoHash.LAT_MAX);
    }
    return new String[] {fmt(lon), fmt(lat)};
  }

  private List<String> search() {
    int kind = rnd.nextInt(10);
    List<String> c = new ArrayList<>();
    List<List<String>> opts = new ArrayList<>();
    String cmd;
    boolean storeAllowed;
    if (kind < 2) {
      cmd = pick("GEORADIUS", "georadius", "GEORADIUS_RO");
      c.addAll(List.of(cmd, key()));
      c.addAll(List.of(lonLat()));
      c.addAll(radius());
      storeAllowed = !cmd.endsWith("_RO");
    } else if (kind < 4) {
      cmd = pick("GEORADIUSBYMEMBER", "GEORADIUSBYMEMBER_RO");
      c.addAll(List.of(cmd, key(), member()));
      c.addAll(radius());
      storeAllowed = !cmd.endsWith("_RO");
    } else if (kind < 8) {
      cmd = pick("GEOSEARCH", "geosearch");
      c.addAll(List.of(cmd, key()));
      storeAllowed = false;
      fromAndBy(opts);
    } else {
      cmd = "GEOSEARCHSTORE";
      c.addAll(List.of(cmd, DESTS[rnd.nextInt(DESTS.length)], key()));
      storeAllowed = false;
      fromAndBy(opts);
      if (rnd.nextBoolean()) {
        opts.add(List.of("STOREDIST"));
      }
    }
    write = cmd.equals("GEOSEARCHSTORE") || storeAllowed;
    boolean storing = cmd.equals("GEOSEARCHSTORE");
    if (storeAllowed && rnd.nextInt(3) == 0) {
      opts.add(List.of(pick("STORE", "STOREDIST", "store"), DESTS[rnd.nextInt(DESTS.length)]));
      storing = true;
    }
    int order = rnd.nextInt(3);
    if (order > 0) {
      opts.add(List.of(order == 1 ? pick("ASC", "asc") : pick("DESC", "desc")));
    }
    if (rnd.nextInt(5) < 3) {
      opts.add(List.of("COUNT", count()));
      if (rnd.nextInt(3) == 0) {
        opts.add(List.of(pick("ANY", "any")));
      }
    }
    if (!storing || rnd.nextInt(30) == 0) {
      String[] with = {"WITHCOORD", "WITHDIST", "WITHHASH"};
      for (String w : with) {
        if (rnd.nextInt(3) == 0) {
          opts.add(List.of(rnd.nextBoolean() ? w : w.toLowerCase()));
        }
      }
    }
    mistakes(opts);
    Collections.shuffle(opts, new java.util.Random(rnd.nextLong()));
    for (List<String> o : opts) {
      c.addAll(o);
    }
    return c;
  }

  private void fromAndBy(List<List<String>> opts) {
    int from = rnd.nextInt(40);
    if (from != 0) {
      if (rnd.nextBoolean()) {
        opts.add(List.of(pick("FROMMEMBER", "frommember"), member()));
      } else {
        List<String> f = new ArrayList<>(List.of("FROMLONLAT"));
        f.addAll(List.of(lonLat()));
        opts.add(f);
      }
    }
    if (from == 1) { // both kinds
      opts.add(List.of("FROMMEMBER", member()));
    }
    int by = rnd.nextInt(40);
    if (by != 0) {
      List<String> b = new ArrayList<>();
      if (rnd.nextBoolean()) {
        b.add(pick("BYRADIUS", "byradius"));
        b.addAll(radius());
      } else {
        b.add(pick("BYBOX", "bybox"));
        String[] wh = boxSize();
        b.addAll(List.of(wh[0], wh[1], unit()));
      }
      opts.add(b);
    }
    if (by == 1) {
      opts.add(List.of("BYRADIUS", "10", "km"));
    }
  }

  private void mistakes(List<List<String>> opts) {
    int p = rnd.nextInt(100);
    if (p == 0) {
      opts.add(List.of("ANY"));
    } else if (p == 1) {
      opts.add(List.of("COUNT"));
    } else if (p == 2) {
      opts.add(List.of(pick("foo", "STORE", "STOREDIST", "WITHCOORDS")));
    } else if (p == 3) {
      opts.add(List.of("COUNT", pick("0", "-1", "x", "1.5", "9223372036854775808")));
    }
  }

  private List<String> radius() {
    String r;
    int p = rnd.nextInt(100);
    if (p < 2) {
      r = pick("abc", "-1", "nan", "");
    } else if (p < 6) {
      r = pick("0", "20000000", "25000", "inf", "50000000");
    } else if (p < 60) {
      r = fmt(rnd.nextDouble() * pickD(1, 50, 500));
    } else {
      r = fmt(rnd.nextDouble() * pickD(1000, 5000, 200000, 3000000));
    }
    return new ArrayList<>(List.of(r, unit()));
  }

  private String[] boxSize() {
    if (rnd.nextInt(50) == 0) {
      return new String[] {pick("w", "-1", "10"), pick("h", "-2", "10")};
    }
    double scale = pickD(1, 50, 1000, 100000, 5000000);
    return new String[] {fmt(rnd.nextDouble() * scale), fmt(rnd.nextDouble() * scale)};
  }

  private String unit() {
    return rnd.nextInt(60) == 0 ? pick("yd", "meters", "") : UNITS[rnd.nextInt(UNITS.length)];
  }

  private String count() {
    return Integer.toString(1 + rnd.nextInt(rnd.nextBoolean() ? 5 : 40));
  }

  private String fmt(double d) {
    int p = rnd.nextInt(10);
    if (p == 0 && d == Math.rint(d) && Math.abs(d) < 1e15) {
      return Long.toString((long) d);
    }
    return p == 1 ? String.format(java.util.Locale.ROOT, "%.6f", d) : Double.toString(d);
  }

  private String num(double scale) {
    return fmt(scale * (2 * rnd.nextDouble() - 1));
  }

  private String pick(String... s) {
    return s[rnd.nextInt(s.length)];
  }

  private double pickD(double... d) {
    return d[rnd.nextInt(d.length)];
  }

  private static double clamp(double v, double lo, double hi) {
    return Math.max(lo, Math.min(hi, v));
  }

  static byte[][] bytes(List<String> c) {
    byte[][] out = new byte[c.size()][];
    for (int i = 0; i < out.length; i++) {
      out[i] = c.get(i).getBytes(StandardCharsets.UTF_8);
    }
    return out;
  }
}
