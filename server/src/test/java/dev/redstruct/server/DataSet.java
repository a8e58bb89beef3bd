package dev.redstruct.server;

import java.util.ArrayList;
import java.util.List;

/**
 * A fixed data set of every type and encoding the keyspace holds (strings as int, embstr and raw;
 * lists of one and several quicklist nodes; listpack and hashtable hashes; intset and hashtable
 * sets; listpack and skiplist sorted sets; a HyperLogLog; a bitmap), with TTLs, in databases 0 and
 * 1: what the RDB-both-ways test saves and loads.
 */
final class DataSet {
  private DataSet() {}

  /** Keys of the big values: enough to leave the compact encodings (512 fields, 128 members). */
  static final int BIG = 600;

  /** The number of keys the commands leave. */
  static final int KEYS = 18;

  static List<String[]> commands() {
    List<String[]> c = new ArrayList<>();
    c.add(new String[] {"SET", "int", "12345"});
    c.add(new String[] {"SET", "embstr", "hello"});
    c.add(new String[] {"SET", "raw", "x".repeat(100)});
    c.add(new String[] {"RPUSH", "list", "a", "1", "b", "2"});
    c.add(new String[] {"HSET", "hash", "f", "v", "n", "7"});
    c.add(new String[] {"SADD", "intset", "1", "2", "3"});
    c.add(new String[] {"SADD", "set", "a", "b"});
    c.add(new String[] {"ZADD", "zset", "1", "a", "2.5", "b"});
    c.add(new String[] {"PFADD", "hll", "a", "b", "c"});
    c.add(new String[] {"SETBIT", "bits", "100", "1"});
    c.add(new String[] {"SET", "ttl", "v", "EX", "100000"});
    c.add(new String[] {"HSET", "hashttl", "a", "b"});
    c.add(new String[] {"PEXPIRE", "hashttl", "100000000"});
    for (int i = 0; i < BIG; i++) {
      String n = Integer.toString(i);
      c.add(new String[] {"RPUSH", "biglist", "element-" + n});
      c.add(new String[] {"HSET", "bighash", "field-" + n, n});
      c.add(new String[] {"SADD", "bigset", "member-" + n});
      c.add(new String[] {"ZADD", "bigzset", n, "member-" + n});
    }
    c.add(new String[] {"SELECT", "1"});
    c.add(new String[] {"SET", "in-db1", "1"});
    c.add(new String[] {"LPUSH", "list-db1", "z"});
    c.add(new String[] {"SELECT", "0"});
    return c;
  }
}
