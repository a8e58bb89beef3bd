/** The vocabulary the redstruct modules share: Redis's number and string rules, byte helpers. */
module dev.redstruct.core {
  exports dev.redstruct.core;
  // LZF, CRC-64, RDB lengths/strings and the DUMP footer: for sibling modules only, never public
  // API. A module that reads or writes payloads adds itself here (a qualified export must name a
  // module that exists). ziplist, listpack and skiplist use it in their tests, which run inside the
  // module.
  exports dev.redstruct.core.rdb to
      dev.redstruct.ziplist,
      dev.redstruct.listpack,
      dev.redstruct.intset,
      dev.redstruct.set,
      dev.redstruct.quicklist,
      dev.redstruct.skiplist,
      dev.redstruct.hash,
      dev.redstruct.stream,
      dev.redstruct.rdb,
      dev.redstruct.keyspace;
  // C's long double on x86-64 (x87 80-bit) for INCRBYFLOAT, HINCRBYFLOAT and the blocking
  // commands' timeouts: one emulation, for those modules only.
  exports dev.redstruct.core.longdouble to
      dev.redstruct.hash,
      dev.redstruct.keyspace,
      dev.redstruct.server;
  // RESP2 reply writing and option-word matching: for the command faces of sibling modules only.
  exports dev.redstruct.core.resp to
      dev.redstruct.bitfield,
      dev.redstruct.hll,
      dev.redstruct.quicklist,
      dev.redstruct.skiplist,
      dev.redstruct.geohash,
      dev.redstruct.set,
      dev.redstruct.hash,
      dev.redstruct.stream,
      dev.redstruct.keyspace,
      dev.redstruct.server;
}
