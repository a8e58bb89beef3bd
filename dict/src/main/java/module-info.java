/** Redis's dict: a progressive-rehash hash table with the reverse-binary SCAN cursor. */
module dev.redstruct.dict {
  requires transitive dev.redstruct.core;

  exports dev.redstruct.dict;
  exports dev.redstruct.dict.internal to
      dev.redstruct.skiplist;
}
