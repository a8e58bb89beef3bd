/**
 * The dict's table algorithms shared with {@code dev.redstruct.skiplist}, whose sorted set indexes
 * its skiplist nodes in a table of its own (the node is the hash entry). Exported only to that
 * module; not a public API.
 */
package dev.redstruct.dict.internal;
