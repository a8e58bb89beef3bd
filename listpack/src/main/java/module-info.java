/**
 * Redis 7.0's listpack encoding, byte for byte, with deep validation and a {@code java.util.List}
 * face.
 */
module dev.redstruct.listpack {
  requires transitive dev.redstruct.core;

  exports dev.redstruct.listpack;
  // Offset-based reads and edits for the compact sorted set; never public API.
  exports dev.redstruct.listpack.internal to
      dev.redstruct.skiplist;
}
