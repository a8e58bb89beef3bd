/**
 * What {@code dev.redstruct.rdb} needs of a hash beyond the public API: its RDB object body.
 * Exported only to that module; not a public API.
 */
package dev.redstruct.hash.internal;
