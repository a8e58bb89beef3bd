/** Redis sorted sets: the zskiplist with spans and {@code ZSet} with Redis's two encodings. */
module dev.redstruct.skiplist {
  requires transitive dev.redstruct.core;
  requires dev.redstruct.dict;
  requires dev.redstruct.listpack;
  requires dev.redstruct.ziplist; // reading Redis 6.2's RDB type-12 bodies only

  exports dev.redstruct.skiplist;
  exports dev.redstruct.skiplist.internal to
      dev.redstruct.geohash,
      dev.redstruct.keyspace,
      dev.redstruct.rdb;
}
