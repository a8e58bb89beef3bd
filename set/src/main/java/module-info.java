/** Redis's set type: intset and hashtable encodings, the S* commands, DUMP types 2 and 11. */
module dev.redstruct.set {
  requires transitive dev.redstruct.core;
  requires transitive dev.redstruct.intset;
  requires dev.redstruct.dict;

  exports dev.redstruct.set;
  // The RDB object body for rdb's payload and file readers and writers; never public API.
  exports dev.redstruct.set.internal to
      dev.redstruct.rdb;
}
