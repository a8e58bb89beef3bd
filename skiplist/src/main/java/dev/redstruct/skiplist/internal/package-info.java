/**
 * What sibling modules need of a sorted set beyond the public API: an allocation-free walk over a
 * score range ({@code dev.redstruct.geohash}) and the RDB object body ({@code dev.redstruct.rdb}).
 * Exported only to those modules; not a public API.
 */
package dev.redstruct.skiplist.internal;
