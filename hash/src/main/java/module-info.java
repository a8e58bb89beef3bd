/**
 * Redis's hash type: listpack and hashtable encodings, the H* commands (HINCRBYFLOAT's x87 long
 * double included), DUMP types 16 and 4, loading types 4, 13 and 16.
 */
module dev.redstruct.hash {
  requires transitive dev.redstruct.core;
  requires dev.redstruct.listpack;
  requires dev.redstruct.dict;
  requires dev.redstruct.ziplist; // reading Redis 6.2's RDB type-13 bodies only

  exports dev.redstruct.hash;
  // The RDB object body for rdb's payload and file readers and writers; never public API.
  exports dev.redstruct.hash.internal to
      dev.redstruct.rdb;
}
