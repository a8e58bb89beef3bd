package dev.redstruct.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.RedisNumbers;
import dev.redstruct.core.resp.Glob;
import dev.redstruct.hash.RedisHash.Encoding;
import dev.redstruct.testkit.RedisTest;
import dev.redstruct.testkit.RespClient;
import dev.redstruct.testkit.RespReply;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Random H* commands on both sides, {@link HashCommands} against Redis 7.0.15, across ({@code
 * hash-max-listpack-entries}, {@code hash-max-listpack-value}) pairs (each round flushes both sides
 * and sets one pair with CONFIG SET, and the same limits on ours). Replies are compared byte for
 * byte where Redis's order is defined (everything on a listpack, counts, errors, HINCRBYFLOAT's
 * long double texts) and as multisets where it follows the server's hash seed (HKEYS/HVALS/HGETALL
 * and HSCAN of a hashtable). {@code OBJECT ENCODING} of the key is compared after every command.
 * HRANDFIELD is checked by its rules on both sides. Each round ends with full HSCANs, DUMP of every
 * key (byte for byte for listpacks; loaded by us for hashtables) and RESTORE of our payloads into
 * Redis. Also: HINCRBYFLOAT streams and DUMP identity of 10,000 listpack hashes with rdbcompression
 * yes and no. Seed printed; replay with {@code -Dhash.it.seed=N}.
 */
@RedisTest
class HashRedisIT {
  private static final int COMMANDS = Integer.getInteger("hash.it.commands", 100_000);
  private static final int ROUND = 2_000;
  private static final long[][] LIMITS = {
    {512, 64}, {0, 64}, {1, 1}, {3, 8}, {16, 4}, {128, 16}, {4, 64}, {64, 3}, {512, 0}, {8, 100}
  };
  private static final String[] KEYS = HashCommandGen.KEYS;

  private final Map<String, RedisHash> ours = new HashMap<>();
  private long maxEntries;
  private long maxValue;
  private int exact;
  private int asMultisets;
  private int byRules;
  private int encodingChecks;
  private int dumps;

  private static long seed(String what) {
    long seed = Long.getLong("hash.it.seed", System.nanoTime());
    System.out.println(what + " seed " + seed);
    return seed;
  }

  @Test
  void randomHashCommandsMatchRedis(RespClient redis) {
    long seed = seed("HashRedisIT");
    SplittableRandom r = new SplittableRandom(seed);
    int done = 0;
    int errors = 0;
    for (int round = 0; done < COMMANDS; round++) {
      long[] lim = LIMITS[round % LIMITS.length];
      maxEntries = lim[0];
      maxValue = lim[1];
      ours.clear();
      redis.call("FLUSHALL");
      redis.call("CONFIG", "SET", "hash-max-listpack-entries", Long.toString(maxEntries));
      redis.call("CONFIG", "SET", "hash-max-listpack-value", Long.toString(maxValue));
      List<byte[][]> cmds = new ArrayList<>();
      for (int i = 0; i < ROUND; i++) {
        cmds.add(HashCommandGen.command(r));
      }
      List<byte[][]> wire = new ArrayList<>();
      for (byte[][] c : cmds) {
        wire.add(c);
        wire.add(RespClient.utf8("OBJECT", "ENCODING", keyOf(c)));
      }
      List<RespReply> replies = redis.pipeline(wire);
      int at = 0;
      for (byte[][] c : cmds) {
        int rnd = round;
        long me = maxEntries;
        long mv = maxValue;
        Supplier<String> where =
            () -> "seed " + seed + " round " + rnd + " limits " + me + "/" + mv + ": " + show(c);
        RespReply theirs = replies.get(at++);
        errors += theirs instanceof RespReply.Error ? 1 : 0;
        compare(c, theirs, r, where);
        RespReply enc = replies.get(at++);
        RedisHash h = ours.get(keyOf(c));
        assertEquals(
            h == null ? null : h.encoding().redisName(),
            enc.isNull() ? null : enc.asString(),
            () -> where.get() + " OBJECT ENCODING");
        encodingChecks++;
      }
      done += ROUND;
      endOfRound(redis, r, "seed " + seed + " round " + round);
    }
    redis.call("CONFIG", "SET", "hash-max-listpack-entries", "512");
    redis.call("CONFIG", "SET", "hash-max-listpack-value", "64");
    System.out.printf(
        "HashRedisIT: %d commands (%d errors); replies equal exactly %d, as multisets %d, by rules"
            + " %d; OBJECT ENCODING checks %d; end-of-round DUMP checks %d; seed %d%n",
        done, errors, exact, asMultisets, byRules, encodingChecks, dumps, seed);
  }

  private static String keyOf(byte[][] c) {
    return c.length > 1 ? new String(c[1]) : "a";
  }

  private void compare(byte[][] c, RespReply theirs, SplittableRandom r, Supplier<String> where) {
    String name = new String(c[0]).toLowerCase(Locale.ROOT);
    RedisHash before = get(c.length > 1 ? c[1] : new byte[] {'a'});
    boolean listpack = before.isEmpty() || before.encoding() == Encoding.LISTPACK;
    if (theirs instanceof RespReply.Error) {
      assertEquals(theirs, run(c, r), where);
      exact++;
    } else if (name.equals("hrandfield")) {
      checkRandField(c, theirs, before, r, where);
      byRules++;
    } else if (name.equals("hscan") && !listpack) {
      checkScan(c, theirs, before, r, where);
      byRules++;
    } else if (!listpack && (name.equals("hkeys") || name.equals("hvals"))) {
      assertEquals(multiset(theirs, false), multiset(run(c, r), false), where);
      asMultisets++;
    } else if (!listpack && name.equals("hgetall")) {
      assertEquals(multiset(theirs, true), multiset(run(c, r), true), where);
      asMultisets++;
    } else {
      assertEquals(theirs, run(c, r), where);
      exact++;
    }
  }

  private RespReply run(byte[][] c, SplittableRandom r) {
    byte[] reply = HashCommands.execute(c, this::lookup, r);
    ours.values().removeIf(Map::isEmpty);
    return RespReply.parse(reply);
  }

  private RedisHash lookup(byte[] key) {
    return ours.computeIfAbsent(new String(key), k -> RedisHash.create(maxEntries, maxValue));
  }

  private RedisHash get(byte[] key) {
    RedisHash h = ours.get(new String(key));
    return h == null ? RedisHash.create(maxEntries, maxValue) : h;
  }

  /** HRANDFIELD by its rules, on Redis's reply and on ours (which does not change the hash). */
  private void checkRandField(
      byte[][] c, RespReply theirs, RedisHash h, SplittableRandom r, Supplier<String> w) {
    Map<String, String> pairs = hexPairs(h);
    RespReply mine = run(c, r);
    for (RespReply reply : List.of(theirs, mine)) {
      if (c.length == 2) {
        assertEquals(h.isEmpty(), reply.isNull(), w);
        if (!h.isEmpty()) {
          assertTrue(pairs.containsKey(Bytes.hex(reply.asBytes())), w);
        }
        continue;
      }
      long l = RedisNumbers.parseCanonicalLong(c[2], 0, c[2].length);
      boolean withValues = c.length == 4;
      List<RespReply> items = reply.asList();
      int per = withValues ? 2 : 1;
      List<String> fields = new ArrayList<>();
      for (int i = 0; i < items.size(); i += per) {
        String f = Bytes.hex(items.get(i).asBytes());
        assertTrue(pairs.containsKey(f), () -> w.get() + " " + reply);
        if (withValues) {
          assertEquals(pairs.get(f), Bytes.hex(items.get(i + 1).asBytes()), w);
        }
        fields.add(f);
      }
      long n = Math.abs(l);
      if (h.isEmpty() || l == 0) {
        assertEquals(0, items.size(), w);
      } else if (l < 0 || l == 1) {
        assertEquals(n * per, items.size(), w);
      } else {
        assertEquals(Math.min(n, h.size()), fields.size(), w);
        assertEquals(fields.size(), new HashSet<>(fields).size(), w);
        if (l >= h.size() && h.encoding() == Encoding.LISTPACK) {
          assertEquals(theirs, mine, () -> w.get() + " CASE 2 is the whole listpack in order");
        }
      }
    }
  }

  /** HSCAN of a hashtable: a cursor and pairs of the hash whose field matches, both sides. */
  private void checkScan(
      byte[][] c, RespReply theirs, RedisHash h, SplittableRandom r, Supplier<String> w) {
    Map<String, String> pairs = hexPairs(h);
    byte[] pattern = null;
    for (int i = 3; i + 1 < c.length; i += 2) {
      if (new String(c[i]).equalsIgnoreCase("match")) {
        pattern = c[i + 1].length == 1 && c[i + 1][0] == '*' ? null : c[i + 1];
      }
    }
    RespReply mine = run(c, r);
    for (RespReply reply : List.of(theirs, mine)) {
      assertEquals(2, reply.asList().size(), w);
      List<RespReply> items = reply.asList().get(1).asList();
      for (int i = 0; i < items.size(); i += 2) {
        String f = Bytes.hex(items.get(i).asBytes());
        assertEquals(
            pairs.get(f), Bytes.hex(items.get(i + 1).asBytes()), () -> w.get() + " " + reply);
        assertTrue(pattern == null || Glob.matches(pattern, items.get(i).asBytes()), w);
      }
    }
  }

  /** Full scans, DUMP both ways, RESTORE of ours into Redis. */
  private void endOfRound(RespClient redis, SplittableRandom r, String where) {
    boolean compress = r.nextBoolean();
    redis.call("CONFIG", "SET", "rdbcompression", compress ? "yes" : "no");
    for (String k : KEYS) {
      RedisHash h = ours.get(k);
      Map<String, String> scanned = new HashMap<>();
      String cursor = "0";
      do {
        RespReply rep =
            redis.call("HSCAN", k, cursor, "COUNT", Integer.toString(1 + r.nextInt(20)));
        cursor = rep.asList().get(0).asString();
        List<RespReply> items = rep.asList().get(1).asList();
        for (int i = 0; i < items.size(); i += 2) {
          scanned.put(Bytes.hex(items.get(i).asBytes()), Bytes.hex(items.get(i + 1).asBytes()));
        }
      } while (!cursor.equals("0"));
      assertEquals(h == null ? Map.of() : hexPairs(h), scanned, where + " full HSCAN " + k);
      RespReply dump = redis.call("DUMP", k);
      if (h == null) {
        assertTrue(dump.isNull(), where);
        continue;
      }
      dumps++;
      byte[] theirPayload = dump.asBytes();
      if (h.encoding() == Encoding.LISTPACK) {
        assertEquals(
            Bytes.hex(h.toRdbPayload(compress)), Bytes.hex(theirPayload), where + " DUMP " + k);
      }
      RedisHash loaded = RedisHash.fromRdbPayload(theirPayload, maxEntries, maxValue);
      assertEquals(hexPairs(h), hexPairs(loaded), where + " their DUMP loaded");
      byte[] mine = h.toRdbPayload(r.nextBoolean());
      String copyKey = "restored:" + k;
      redis
          .call(
              "RESTORE".getBytes(), copyKey.getBytes(), "0".getBytes(), mine, "REPLACE".getBytes())
          .assertOk();
      assertEquals(
          RedisHash.fromRdbPayload(mine, maxEntries, maxValue).encoding().redisName(),
          redis.call("OBJECT", "ENCODING", copyKey).asString(),
          where + " encoding of our payload restored");
      Map<String, String> back = new HashMap<>();
      List<RespReply> all = redis.call("HGETALL", copyKey).asList();
      for (int i = 0; i < all.size(); i += 2) {
        back.put(Bytes.hex(all.get(i).asBytes()), Bytes.hex(all.get(i + 1).asBytes()));
      }
      assertEquals(hexPairs(h), back, where + " our DUMP restored");
      redis.call("DEL", copyKey);
    }
    redis.call("CONFIG", "SET", "rdbcompression", "yes");
  }

  /**
   * HINCRBYFLOAT streams: 12,000 increments of every shape on a few fields (values that grow huge,
   * shrink, change sign), every reply (texts and errors) byte for byte.
   */
  @Test
  void hincrbyfloatStreamsMatchRedis(RespClient redis) {
    long seed = seed("HashRedisIT HINCRBYFLOAT");
    SplittableRandom r = new SplittableRandom(seed);
    redis.call("FLUSHALL");
    maxEntries = 512;
    maxValue = 64;
    ours.clear();
    int n = 12_000;
    int texts = 0;
    List<byte[][]> cmds = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      String field = "f" + r.nextInt(6);
      String incr = FloatGen.increment(r);
      if (r.nextInt(50) == 0) {
        cmds.add(RespClient.utf8("HSET", "fl", field, FloatGen.increment(r)));
      }
      cmds.add(RespClient.utf8("HINCRBYFLOAT", "fl", field, incr));
    }
    List<RespReply> replies = redis.pipeline(cmds);
    for (int i = 0; i < cmds.size(); i++) {
      byte[][] c = cmds.get(i);
      RespReply mine = run(c, r);
      assertEquals(replies.get(i), mine, () -> "seed " + seed + ": " + show(c));
      texts += mine instanceof RespReply.Bulk ? 1 : 0;
    }
    assertTrue(texts > n / 2, "most increments succeed: " + texts);
    System.out.printf(
        "HashRedisIT: %d HINCRBYFLOAT replies equal (%d texts), seed %d%n", n, texts, seed);
  }

  /** DUMP of 10,000 random listpack hashes byte for byte, with rdbcompression yes and no. */
  @Test
  void listpackDumpsAreIdentical(RespClient redis) {
    long seed = seed("HashRedisIT DUMP");
    SplittableRandom r = new SplittableRandom(seed);
    redis.call("FLUSHALL");
    redis.call("CONFIG", "SET", "hash-max-listpack-entries", "512");
    redis.call("CONFIG", "SET", "hash-max-listpack-value", "64");
    int total = 0;
    for (String compression : List.of("yes", "no")) {
      redis.call("CONFIG", "SET", "rdbcompression", compression);
      List<byte[][]> cmds = new ArrayList<>();
      List<RedisHash> hashes = new ArrayList<>();
      for (int i = 0; i < 5_000; i++) {
        RedisHash h = RedisHash.create();
        List<String> a = new ArrayList<>(List.of("HSET", "k" + i));
        int pairs = 1 + r.nextInt(r.nextInt(10) == 0 ? 200 : 12);
        for (int j = 0; j < pairs; j++) {
          String f = HashCommandGen.field(r);
          String v = HashCommandGen.value(r);
          if (f.length() > 64 || v.length() > 64) {
            continue;
          }
          a.add(f);
          a.add(v);
          h.put(Bytes.utf8(f), Bytes.utf8(v));
        }
        if (a.size() == 2) {
          a.addAll(List.of("f", "v"));
          h.put(Bytes.utf8("f"), Bytes.utf8("v"));
        }
        cmds.add(a.stream().map(Bytes::utf8).toArray(byte[][]::new));
        cmds.add(RespClient.utf8("DUMP", "k" + i));
        hashes.add(h);
      }
      List<RespReply> replies = redis.pipeline(cmds);
      for (int i = 0; i < hashes.size(); i++) {
        RespReply dump = replies.get(2 * i + 1);
        assertNotNull(dump.asBytes());
        assertEquals(Encoding.LISTPACK, hashes.get(i).encoding());
        assertEquals(
            Bytes.hex(dump.asBytes()),
            Bytes.hex(hashes.get(i).toRdbPayload(compression.equals("yes"))),
            "seed " + seed + " rdbcompression " + compression + " key k" + i);
        total++;
      }
      redis.call("FLUSHALL");
    }
    redis.call("CONFIG", "SET", "rdbcompression", "yes");
    System.out.printf("HashRedisIT: %d listpack DUMPs identical, seed %d%n", total, seed);
  }

  private static Map<String, String> hexPairs(RedisHash h) {
    Map<String, String> out = new HashMap<>();
    h.forEach((f, v) -> out.put(Bytes.hex(f), Bytes.hex(v)));
    return out;
  }

  /** An array reply's elements (or pairs) counted, or the reply itself when not an array. */
  private static Object multiset(RespReply reply, boolean pairs) {
    if (!(reply instanceof RespReply.Array a)) {
      return reply;
    }
    Map<String, Integer> counts = new TreeMap<>();
    List<RespReply> e = a.elements();
    int step = pairs ? 2 : 1;
    for (int i = 0; i < e.size(); i += step) {
      String s = Bytes.hex(e.get(i).asBytes());
      if (pairs) {
        s += "=" + Bytes.hex(e.get(i + 1).asBytes());
      }
      counts.merge(s, 1, Integer::sum);
    }
    return counts;
  }

  private static String show(byte[][] c) {
    StringBuilder sb = new StringBuilder();
    for (byte[] a : c) {
      String s = Bytes.readable(a);
      sb.append(s.length() > 60 ? s.substring(0, 60) + "..." : s).append(' ');
    }
    return sb.toString().trim();
  }
}
