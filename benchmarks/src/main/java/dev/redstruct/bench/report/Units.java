package dev.redstruct.bench.report;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * One unit per table: JMH reports each class in its own {@code @OutputTimeUnit} (ops/s, ops/ms,
 * ops/us, or ns/op for time modes), so the report converts every score of a table to one unit: the
 * largest in which the smallest score is still at least 1 (no 0.0166 ops/ms next to 2.49).
 */
final class Units {
  private Units() {}

  /**
   * A unit and how to reach it.
   *
   * @param label the unit as printed, e.g. {@code ops/µs}
   * @param perBase how many base units (ops/s, or ns/op) make one of this unit
   */
  record Unit(String label, double perBase) {}

  private static final List<Unit> THROUGHPUT =
      List.of(new Unit("ops/s", 1), new Unit("ops/ms", 1e3), new Unit("ops/µs", 1e6));
  private static final List<Unit> TIME =
      List.of(
          new Unit("ns/op", 1),
          new Unit("µs/op", 1e3),
          new Unit("ms/op", 1e6),
          new Unit("s/op", 1e9));

  private static final Map<String, Double> SECONDS =
      Map.of(
          "ns", 1e-9, "us", 1e-6, "µs", 1e-6, "ms", 1e-3, "s", 1.0, "sec", 1.0, "min", 60.0, "hr",
          3600.0);

  /**
   * The score in the base unit of its kind: operations per second for {@code ops/<time>},
   * nanoseconds per operation for {@code <time>/op}; {@code NaN} for a unit of neither shape.
   */
  static double toBase(double score, String unit) {
    String[] parts = unit.split("/");
    if (parts.length != 2) {
      return Double.NaN;
    }
    if (parts[0].equals("ops") && SECONDS.containsKey(parts[1])) {
      return score / SECONDS.get(parts[1]);
    }
    if (parts[1].equals("op") && SECONDS.containsKey(parts[0])) {
      return score * SECONDS.get(parts[0]) * 1e9;
    }
    return Double.NaN;
  }

  /**
   * The unit for a table of these scores (each given with its JMH unit, all of one kind): the
   * largest unit in which the smallest score is still at least 1.
   */
  static Unit common(double[] scores, String[] units) {
    boolean time = units.length > 0 && units[0].endsWith("/op");
    double[] base = new double[scores.length];
    for (int i = 0; i < scores.length; i++) {
      base[i] = toBase(scores[i], units[i]);
      if (Double.isNaN(base[i])) {
        return new Unit(units[0], Double.NaN); // unknown unit: print as JMH gave it
      }
    }
    List<Unit> ladder = time ? TIME : THROUGHPUT;
    if (base.length == 0) {
      return ladder.get(0);
    }
    double min = Arrays.stream(base).min().getAsDouble();
    Unit pick = ladder.get(0);
    for (Unit u : ladder) {
      if (min / u.perBase >= 1) {
        pick = u;
      }
    }
    return pick;
  }

  /** {@code score} (in {@code unit}) expressed in {@code target}. */
  static double convert(double score, String unit, Unit target) {
    return Double.isNaN(target.perBase) ? score : toBase(score, unit) / target.perBase;
  }
}
