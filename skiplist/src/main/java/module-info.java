/** Redis sorted sets: the zskiplist with spans and {@code ZSet} with Redis's two encodings. */
module dev.redstruct.skiplist {
  requires transitive dev.redstruct.core;
  requires dev.redstruct.dict;
  requires dev.redstruct.ziplist;

  exports dev.redstruct.skiplist;
  exports dev.redstruct.skiplist.internal to
      dev.redstruct.geohash;
}
