/**
 * Redis's ziplist encoding, byte for byte, with deep validation and a {@code java.util.List} face.
 */
module dev.redstruct.ziplist {
  requires transitive dev.redstruct.core;
  requires dev.redstruct.listpack; // converting 6.2 bodies to listpacks (toListPackBytes)

  exports dev.redstruct.ziplist;
// dev.redstruct.ziplist.internal (position tokens and the positional visitor) is exported to no
// one since the compact sorted set became a listpack: only this module's tests use it.
}
