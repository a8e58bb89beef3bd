/**
 * Build in the JVM, load into Redis: DUMP payloads and RDB files for the redstruct structures,
 * Redis Cluster's key slots and a slot-aware {@code RESTORE} loader.
 */
module dev.redstruct.rdb {
  requires transitive dev.redstruct.core;
  requires transitive dev.redstruct.hll;
  requires transitive dev.redstruct.bitfield;
  requires transitive dev.redstruct.quicklist;
  requires transitive dev.redstruct.skiplist;
  requires transitive dev.redstruct.set;
  requires transitive dev.redstruct.hash;
  requires transitive dev.redstruct.stream;
  requires dev.redstruct.ziplist; // checking blobs: empty keys, values we do not model
  requires dev.redstruct.listpack;

  exports dev.redstruct.rdb;
}
