/**
 * Redis 7.0's quicklist: the encoding of every list, a doubly linked list of listpack nodes with a
 * fill factor and LZF compression of interior nodes, byte for byte.
 */
module dev.redstruct.quicklist {
  requires transitive dev.redstruct.core;
  requires dev.redstruct.listpack;
  requires dev.redstruct.ziplist;

  exports dev.redstruct.quicklist;
  // The RDB object body for rdb's payload and file writers; never public API.
  exports dev.redstruct.quicklist.internal to
      dev.redstruct.rdb;
}
