/**
 * What {@code dev.redstruct.rdb} needs of a list beyond the public API: its RDB object body.
 * Exported only to that module; not a public API.
 */
package dev.redstruct.quicklist.internal;
