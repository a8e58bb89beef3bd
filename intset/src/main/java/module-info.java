/** Redis's intset in pure Java: the blob of a small integer set, byte for byte. */
module dev.redstruct.intset {
  requires transitive dev.redstruct.core;

  exports dev.redstruct.intset;
}
