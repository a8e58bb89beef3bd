/** Redis's GEO commands: the 52-bit geohash as a sorted-set score, and searches over it. */
module dev.redstruct.geohash {
  requires transitive dev.redstruct.core;
  requires transitive dev.redstruct.skiplist;

  exports dev.redstruct.geohash;
}
