/**
 * What {@code dev.redstruct.rdb} needs of a set beyond the public API: its RDB object body.
 * Exported only to that module; not a public API.
 */
package dev.redstruct.set.internal;
