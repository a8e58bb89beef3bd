/**
 * Redis's ziplist encoding, byte for byte, with deep validation and a {@code java.util.List} face.
 */
module dev.redstruct.ziplist {
  requires transitive dev.redstruct.core;

  exports dev.redstruct.ziplist;
  // Position tokens for the compact sorted set only; this goes once that encoding is a listpack.
  exports dev.redstruct.ziplist.internal to
      dev.redstruct.skiplist;
}
