/**
 * Redis's ziplist encoding, byte for byte, with deep validation and a {@code java.util.List} face.
 */
module dev.redstruct.ziplist {
  requires transitive dev.redstruct.core;
  requires dev.redstruct.listpack; // converting 6.2 bodies to listpacks (toListPackBytes)

  exports dev.redstruct.ziplist;
}
