/** Redis's HyperLogLog in pure Java: the Redis string value, byte for byte. */
module dev.redstruct.hll {
  requires transitive dev.redstruct.core;

  exports dev.redstruct.hll;
}
