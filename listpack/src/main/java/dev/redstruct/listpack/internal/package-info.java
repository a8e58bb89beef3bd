/**
 * Offset-based listpack access for sibling modules ({@code dev.redstruct.skiplist}); not public
 * API.
 */
package dev.redstruct.listpack.internal;
