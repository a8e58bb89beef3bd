/** Redis's bitmap strings: SETBIT, GETBIT, BITCOUNT, BITPOS, BITOP and BITFIELD. */
module dev.redstruct.bitfield {
  requires transitive dev.redstruct.core;

  exports dev.redstruct.bitfield;
}
