/** Redis's bitmap strings: SETBIT, GETBIT, BITCOUNT, BITPOS, BITOP and BITFIELD. */
module dev.redstruct.bitfield {
  requires dev.redstruct.core;

  exports dev.redstruct.bitfield;
}
