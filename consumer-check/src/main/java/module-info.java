/**
 * A user's module: it requires the structure modules only. Everything of {@code dev.redstruct.core}
 * it uses ({@code CorruptEncodingException}, {@code Codec}) must reach it through {@code requires
 * transitive}.
 */
module dev.redstruct.consumercheck {
  requires dev.redstruct.hll;
  requires dev.redstruct.bitfield;
  requires dev.redstruct.dict;
  requires dev.redstruct.ziplist;
  requires dev.redstruct.listpack;
  requires dev.redstruct.quicklist;
  requires dev.redstruct.skiplist;
  requires dev.redstruct.intset;
  requires dev.redstruct.set;
  requires dev.redstruct.hash;
  requires dev.redstruct.geohash;
  requires dev.redstruct.stream;
  requires dev.redstruct.rdb;
  requires dev.redstruct.keyspace;
  requires dev.redstruct.server;
}
