package dev.redstruct.geohash;

import dev.redstruct.core.Bytes;

/**
 * One search result: the member, its distance from the centre in the query's unit, its score
 * (WITHHASH) and its decoded position (WITHCOORD).
 *
 * @param member the member bytes (owned by the caller)
 * @param distance distance from the search centre, in the query's unit
 * @param hash the member's 52-bit score
 * @param longitude the decoded longitude (the centre of the member's cell)
 * @param latitude the decoded latitude
 */
public record GeoResult(
    byte[] member, double distance, long hash, double longitude, double latitude) {
  /**
   * The member decoded as UTF-8.
   *
   * @return the member text
   */
  public String memberString() {
    return Bytes.utf8(member, 0, member.length);
  }

  /**
   * The decoded position.
   *
   * @return the point
   */
  public GeoPoint point() {
    return new GeoPoint(longitude, latitude);
  }
}
