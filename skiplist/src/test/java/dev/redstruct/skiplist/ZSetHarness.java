package dev.redstruct.skiplist;

import dev.redstruct.core.RedisNumbers;
import dev.redstruct.core.resp.KeyLookup;
import dev.redstruct.core.resp.ReplyError;
import dev.redstruct.core.resp.RespWriter;
import dev.redstruct.dict.DictSet;
import dev.redstruct.testkit.RespReply;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A tiny keyspace around {@link ZSetCommands} for differential tests: a map of sorted sets and a
 * map of plain sets (SADD, read by the set operations as members with score 1, WRONGTYPE for the
 * sorted-set commands), DEL, and the keyspace's duties of the face's contract (a new empty set for
 * a missing key, a fresh destination for *STORE, emptied keys deleted). Replies are parsed RESP.
 */
final class ZSetHarness {
  static final String WRONGTYPE = ReplyError.WRONGTYPE;

  /** What {@link #encoding} says for a plain set key (Redis says intset or hashtable). */
  static final String SET_ENCODING = "(set)";

  final Map<String, ZSet> db = new HashMap<>();

  /** Plain set keys (SADD), read by the set operations as members with score 1. */
  final Map<String, DictSet<byte[]>> sets = new HashMap<>();

  /** ZRANDMEMBER's picks: our own, so replies are compared by what they may contain. */
  private final SplittableRandom random = new SplittableRandom(0x5A4D);

  private final int maxEntries;
  private final int maxValue;
  private final int protocol;
  private final ZOrder.Kind index;
  private final List<String> modified = new ArrayList<>();

  ZSetHarness(int maxEntries, int maxValue) {
    this(maxEntries, maxValue, 2);
  }

  ZSetHarness(int maxEntries, int maxValue, int protocol) {
    this(maxEntries, maxValue, protocol, ZOrder.Kind.DEFAULT);
  }

  /** A harness whose sets order their skiplist form by {@code index}. */
  ZSetHarness(int maxEntries, int maxValue, int protocol, ZOrder.Kind index) {
    this.maxEntries = maxEntries;
    this.maxValue = maxValue;
    this.protocol = protocol;
    this.index = index;
  }

  static String key(byte[] k) {
    return new String(k, StandardCharsets.ISO_8859_1);
  }

  /** Our encoding name as OBJECT ENCODING prints it in Redis 7.0, or null for a missing key. */
  String encoding(String key) {
    ZSet z = db.get(key);
    if (z == null) {
      return sets.containsKey(key) ? SET_ENCODING : null;
    }
    return z.encoding() == ZSet.Encoding.COMPACT ? "listpack" : "skiplist";
  }

  /** The keys the last command reported modified, in order. */
  List<String> modified() {
    return modified;
  }

  RespReply exec(byte[][] argv) {
    return RespReply.parse(execBytes(argv));
  }

  byte[] execBytes(byte[][] argv) {
    modified.clear();
    String cmd = key(argv[0]).toLowerCase(java.util.Locale.ROOT);
    RespWriter out = new RespWriter(protocol);
    if (cmd.equals("del") || cmd.equals("sadd")) {
      int arity = cmd.equals("del") ? 2 : 3;
      if (argv.length < arity) {
        return out.error("ERR wrong number of arguments for '" + cmd + "' command").toByteArray();
      }
      return (cmd.equals("del") ? del(argv, out) : sadd(argv, out)).toByteArray();
    }
    KeyLookup<ZSet> keys =
        new KeyLookup<>() {
          @Override
          public ZSet get(byte[] k) {
            if (sets.containsKey(key(k))) {
              throw new ReplyError(WRONGTYPE);
            }
            return db.computeIfAbsent(
                key(k), x -> ZSet.create(maxEntries, maxValue, ZSet.DEFAULT_SEED, index));
          }

          @Override
          public ZSet overwrite(byte[] k) {
            sets.remove(key(k));
            ZSet z = ZSet.create(maxEntries, maxValue, ZSet.DEFAULT_SEED, index);
            db.put(key(k), z);
            return z;
          }

          @Override
          public void modified(byte[] k) {
            modified.add(key(k));
          }
        };
    try {
      ZSetCommands.execute(argv, keys, k -> sets.get(key(k)), random, out);
    } finally {
      db.values().removeIf(ZSet::isEmpty);
    }
    return out.toByteArray();
  }

  private RespWriter del(byte[][] a, RespWriter out) {
    long n = 0;
    for (int i = 1; i < a.length; i++) {
      n += db.remove(key(a[i])) != null | sets.remove(key(a[i])) != null ? 1 : 0;
    }
    return out.integer(n);
  }

  private RespWriter sadd(byte[][] a, RespWriter out) {
    if (db.containsKey(key(a[1]))) {
      return out.error(WRONGTYPE);
    }
    DictSet<byte[]> set = sets.computeIfAbsent(key(a[1]), k -> DictSet.forBytes());
    long added = 0;
    for (int i = 2; i < a.length; i++) {
      added += set.add(a[i].clone()) ? 1 : 0;
    }
    return out.integer(added);
  }

  private ZSet get(byte[] k) {
    return db.get(key(k));
  }

  private static RespReply bulk(double s) {
    return new RespReply.Bulk(RedisNumbers.formatDoubleBytes(s));
  }

  /**
   * Why a ZRANDMEMBER reply (ours or Redis's) cannot be one for {@code argv} on the current state,
   * or null if it can: the right length, members of the set with their scores, distinct for a
   * positive count. ZRANDMEMBER changes nothing, so the state is the one the command saw.
   */
  String randomReplyProblem(byte[][] argv, RespReply reply) {
    ZSet z = get(argv[1]);
    if (argv.length == 2) {
      if (z == null) {
        return reply.isNull() ? null : "not null";
      }
      return reply instanceof RespReply.Bulk m && !Double.isNaN(z.scoreOrNaN(m.value()))
          ? null
          : "not a member";
    }
    long count = RedisNumbers.parseCanonicalLong(argv[2], 0, argv[2].length);
    boolean withScores = argv.length == 4;
    List<RespReply> items = ((RespReply.Array) reply).elements();
    long want = z == null ? 0 : count >= 0 ? Math.min(count, z.size()) : -count;
    int step = withScores ? 2 : 1;
    if (items.size() != want * step) {
      return "length " + items.size() + ", want " + want * step;
    }
    java.util.Set<String> seen = new java.util.HashSet<>();
    for (int i = 0; i < items.size(); i += step) {
      byte[] m = ((RespReply.Bulk) items.get(i)).value();
      double score = z.scoreOrNaN(m);
      if (Double.isNaN(score)) {
        return "not a member: " + key(m);
      }
      if (withScores && !items.get(i + 1).equals(bulk(score))) {
        return "wrong score for " + key(m);
      }
      if (!seen.add(key(m)) && count > 0) {
        return "repeated " + key(m);
      }
    }
    return null;
  }

  /** ZSCAN key 0 of a compact set (one reply, cursor 0), as zscanCommand replies to it. */
  RespReply zscanAll(byte[] key) {
    RespReply r = exec(new byte[][] {"ZSCAN".getBytes(StandardCharsets.US_ASCII), key, {'0'}});
    if (!r.asList().get(0).asString().equals("0")) {
      throw new IllegalStateException("not compact");
    }
    return r;
  }
}
