/**
 * Redis streams in pure Java: entries kept in Redis's listpack nodes (master entry plus deltas),
 * consumer groups with their pending entries, and the X* commands answered byte for byte.
 */
module dev.redstruct.stream {
  requires transitive dev.redstruct.core;
  requires transitive dev.redstruct.listpack;

  exports dev.redstruct.stream;
}
