/** Redis's HyperLogLog in pure Java: the Redis string value, byte for byte. */
module dev.redstruct.hll {
  requires dev.redstruct.core;

  exports dev.redstruct.hll;
}
