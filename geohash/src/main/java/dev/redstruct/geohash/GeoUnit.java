package dev.redstruct.geohash;

import dev.redstruct.skiplist.ZSetException;

/** The distance units of the GEO commands, with Redis's conversion factors to metres. */
public enum GeoUnit {
  /** Metres. */
  M(1),
  /** Kilometres. */
  KM(1000),
  /** Feet (0.3048 m). */
  FT(0.3048),
  /** Miles, as Redis defines them (1609.34 m). */
  MI(1609.34);

  static final String ERR_UNIT = "ERR unsupported unit provided. please use M, KM, FT, MI";

  private final double toMeters;

  GeoUnit(double toMeters) {
    this.toMeters = toMeters;
  }

  /**
   * Metres per unit. Redis: extractUnitOrReply.
   *
   * @return the factor
   */
  public double toMeters() {
    return toMeters;
  }

  /**
   * Parses a unit argument, ASCII case-insensitively, as Redis does.
   *
   * @param arg the argument bytes
   * @return the unit
   * @throws ZSetException {@code ERR unsupported unit provided. please use M, KM, FT, MI}
   */
  public static GeoUnit parse(byte[] arg) {
    for (GeoUnit u : values()) {
      if (GeoArgs.is(arg, u.name())) {
        return u;
      }
    }
    throw new ZSetException(ERR_UNIT);
  }
}
