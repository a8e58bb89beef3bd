/**
 * One Redis database in the JVM: keys of every type behind one command table, strings, expiry,
 * transactions, DUMP/RESTORE and RDB files.
 */
module dev.redstruct.keyspace {
  requires transitive dev.redstruct.core;
  requires transitive dev.redstruct.quicklist;
  requires transitive dev.redstruct.set;
  requires transitive dev.redstruct.hash;
  requires transitive dev.redstruct.skiplist;
  requires transitive dev.redstruct.geohash;
  requires transitive dev.redstruct.bitfield;
  requires transitive dev.redstruct.hll;
  requires transitive dev.redstruct.stream;
  requires transitive dev.redstruct.rdb;
  requires dev.redstruct.dict;

  exports dev.redstruct.keyspace;
}
