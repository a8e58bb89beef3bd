/**
 * What {@code dev.redstruct.geohash} needs of a sorted set beyond the public API: an
 * allocation-free walk over a score range. Exported only to that module; not a public API.
 */
package dev.redstruct.skiplist.internal;
