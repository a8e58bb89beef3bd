package dev.redstruct.skiplist;

/**
 * One member of a skiplist-encoded set: the member table's entry ({@link MemberTable}) and the
 * element of the set's order ({@link ZOrder}). The zskiplist's nodes extend it with their links;
 * the counted B+ tree ({@link ZTree}) keeps plain entries in its leaves. Either way a member costs
 * one object plus its bytes, and a lookup by member lands on the object that holds the score.
 * Redis: the zskiplistNode that zset->dict points to (src/server.h, 7.0.15).
 */
class ZEntry {
  final byte[] member;
  double score;
  // The member table's fields. The low 32 bits of the member's 64-bit hash: all a table of at
  // most 2^30 buckets indexes with, kept so rehashing never hashes again and chain mismatches
  // skip the byte compare (but for 1 in 2^32). An int, not a long: it fills the gap after the
  // object header, so an entry is 32 bytes (compressed oops) and a level-1 skiplist node 48.
  int hash;
  // The next entry of this entry's bucket chain in the MemberTable.
  ZEntry chain;

  ZEntry(double score, byte[] member) {
    this.member = member;
    this.score = score;
  }
}
