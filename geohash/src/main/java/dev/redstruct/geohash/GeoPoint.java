package dev.redstruct.geohash;

/**
 * A longitude, latitude pair in degrees.
 *
 * @param longitude degrees east, -180..180
 * @param latitude degrees north
 */
public record GeoPoint(double longitude, double latitude) {}
