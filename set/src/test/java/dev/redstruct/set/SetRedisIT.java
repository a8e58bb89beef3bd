package dev.redstruct.set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.RedisNumbers;
import dev.redstruct.core.resp.Glob;
import dev.redstruct.set.RedisSet.Encoding;
import dev.redstruct.testkit.RedisTest;
import dev.redstruct.testkit.RespClient;
import dev.redstruct.testkit.RespReply;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Random S* commands on both sides, {@link SetCommands} against Redis 7.0.15, across {@code
 * set-max-intset-entries} values (each round flushes both sides and sets one value). Replies are
 * compared exactly where Redis's order is defined (counts, errors, intset orders: SMEMBERS of an
 * intset, SINTER led by an intset, SUNION/SDIFF whose result set is an intset, SSCAN of an intset)
 * and as multisets where it follows the server's hash seed. {@code OBJECT ENCODING} of every key a
 * command names is compared after it. SRANDMEMBER and SPOP are checked by their rules on both sides
 * (members belong, distinct when they must be, counts, what was removed); SPOP's removal is then
 * applied to our side from Redis's reply, with Redis's case (CASE 3 rebuilds the set from what
 * remains). Each round ends with full SSCANs of every key, DUMP of every key (byte for byte for
 * intsets, loaded into ours for hashtables) and RESTORE of our payloads into Redis. Seed printed;
 * replay with {@code -Dset.it.seed=N}.
 */
@RedisTest
class SetRedisIT {
  private static final int COMMANDS = Integer.getInteger("set.it.commands", 100_000);
  private static final int ROUND = 2_000;
  private static final long[] LIMITS = {512, 0, 1, 3, 16, 64, 128, 512, 20};
  private static final String[] KEYS = SetCommandGen.KEYS;

  private final Map<String, RedisSet> ours = new HashMap<>();
  private long max;
  private final int[] exact = new int[1];
  private final int[] asSets = new int[1];
  private final int[] byRules = new int[1];
  private int encodingChecks;

  @Test
  void randomSetCommandsMatchRedis(RespClient redis) {
    long seed = Long.getLong("set.it.seed", System.nanoTime());
    System.out.println("SetRedisIT seed " + seed);
    SplittableRandom r = new SplittableRandom(seed);
    int done = 0;
    int errors = 0;
    for (int round = 0; done < COMMANDS; round++) {
      max = LIMITS[round % LIMITS.length];
      ours.clear();
      redis.call("FLUSHALL");
      redis.call("CONFIG", "SET", "set-max-intset-entries", Long.toString(max));
      List<byte[][]> cmds = new ArrayList<>();
      for (int i = 0; i < ROUND; i++) {
        cmds.add(SetCommandGen.command(r));
      }
      List<byte[][]> wire = new ArrayList<>();
      for (byte[][] c : cmds) {
        wire.add(c);
        for (String k : SetCommandGen.keysOf(c)) {
          wire.add(RespClient.utf8("OBJECT", "ENCODING", k));
        }
      }
      List<RespReply> replies = redis.pipeline(wire);
      int at = 0;
      for (byte[][] c : cmds) {
        String where = "seed " + seed + " round " + round + " max " + max + ": " + show(c);
        RespReply theirs = replies.get(at++);
        errors += theirs instanceof RespReply.Error ? 1 : 0;
        compare(c, theirs, r, where);
        for (String k : SetCommandGen.keysOf(c)) {
          RespReply enc = replies.get(at++);
          RedisSet s = ours.get(k);
          String expected = s == null ? null : s.encoding().redisName();
          assertEquals(
              expected, enc.isNull() ? null : enc.asString(), where + " OBJECT ENCODING " + k);
          encodingChecks++;
        }
      }
      done += ROUND;
      endOfRound(redis, r, "seed " + seed + " round " + round + " max " + max);
    }
    redis.call("CONFIG", "SET", "set-max-intset-entries", "512");
    System.out.printf(
        "SetRedisIT: %d commands (%d errors) at limits %s; replies equal exactly %d, as sets %d,"
            + " by rules %d; OBJECT ENCODING checks %d; seed %d%n",
        done,
        errors,
        java.util.Arrays.toString(LIMITS),
        exact[0],
        asSets[0],
        byRules[0],
        encodingChecks,
        seed);
  }

  /** Runs the command on our side and compares, as the command's order rules allow. */
  private void compare(byte[][] c, RespReply theirs, SplittableRandom r, String where) {
    String name = new String(c[0]).toLowerCase(java.util.Locale.ROOT);
    boolean random = name.equals("spop") || name.equals("srandmember");
    boolean orderDefined = !random && !(theirs instanceof RespReply.Error) && orderDefined(name, c);
    if (theirs instanceof RespReply.Error || (!random && (orderDefined || !name.equals("sscan")))) {
      RespReply mine = run(c, r);
      if (orderDefined || theirs instanceof RespReply.Error) {
        assertEquals(theirs, mine, where);
        exact[0]++;
      } else {
        assertEquals(multiset(theirs), multiset(mine), where);
        asSets[0]++;
      }
      return;
    }
    if (name.equals("sscan")) {
      checkScan(c, theirs, r, where);
    } else if (name.equals("srandmember")) {
      checkRandMember(c, theirs, r, where);
    } else {
      checkPop(c, theirs, r, where);
    }
    byRules[0]++;
  }

  /** Whether Redis's reply order is defined by an intset on our (identical) state. */
  private boolean orderDefined(String name, byte[][] c) {
    switch (name) {
      case "smembers", "sinter" -> {
        List<RedisSet> sets = new ArrayList<>();
        for (int i = 1; i < c.length; i++) {
          sets.add(get(c[i]));
        }
        if (sets.stream().anyMatch(Set::isEmpty)) {
          return true;
        }
        sets.sort(java.util.Comparator.comparingInt(RedisSet::size));
        return sets.get(0).encoding() == Encoding.INTSET;
      }
      case "sunion", "sdiff" -> {
        Map<String, RedisSet> scratch = new HashMap<>();
        byte[][] store = new byte[c.length + 1][];
        store[0] = Bytes.utf8(name + "store");
        store[1] = Bytes.utf8("\0scratch");
        System.arraycopy(c, 1, store, 2, c.length - 1);
        SetCommands.execute(
            store,
            k ->
                scratch.computeIfAbsent(
                    new String(k),
                    x -> x.equals("\0scratch") ? RedisSet.create(max) : get(k).copy()),
            new SplittableRandom(0));
        return scratch.get("\0scratch").encoding() == Encoding.INTSET;
      }
      case "sscan" -> {
        return get(c[1]).encoding() == Encoding.INTSET;
      }
      default -> {
        return true;
      }
    }
  }

  private RespReply run(byte[][] c, SplittableRandom r) {
    byte[] reply = SetCommands.execute(c, this::lookup, r);
    ours.values().removeIf(Set::isEmpty);
    return RespReply.parse(reply);
  }

  private RedisSet lookup(byte[] key) {
    return ours.computeIfAbsent(new String(key), k -> RedisSet.create(max));
  }

  private RedisSet get(byte[] key) {
    RedisSet s = ours.get(new String(key));
    return s == null ? RedisSet.create(max) : s;
  }

  /** SRANDMEMBER by its rules, on Redis's reply and on ours. */
  private void checkRandMember(byte[][] c, RespReply theirs, SplittableRandom r, String where) {
    RedisSet s = get(c[1]);
    Set<String> members = hexes(s);
    RespReply mine = run(c, r);
    for (RespReply reply : List.of(theirs, mine)) {
      if (c.length == 2) {
        assertEquals(s.isEmpty(), reply.isNull(), where);
        if (!s.isEmpty()) {
          assertTrue(members.contains(Bytes.hex(reply.asBytes())), where);
        }
        continue;
      }
      long l = RedisNumbers.parseCanonicalLong(c[2], 0, c[2].length);
      List<String> got = hexList(reply);
      assertTrue(members.containsAll(got), where + " " + reply);
      long n = Math.abs(l);
      if (l < 0 || l == 1) {
        assertEquals(s.isEmpty() ? 0 : n, got.size(), where);
      } else {
        assertEquals(Math.min(n, s.size()), got.size(), where);
        assertEquals(got.size(), new HashSet<>(got).size(), where + " distinct");
        if (l >= s.size() && s.encoding() == Encoding.INTSET) {
          assertEquals(theirs, mine, where + " CASE 2 is the whole intset in order");
        }
      }
    }
  }

  /** SPOP by its rules on both sides; then Redis's removal is applied to our set. */
  private void checkPop(byte[][] c, RespReply theirs, SplittableRandom r, String where) {
    String key = new String(c[1]);
    RedisSet before = get(c[1]);
    Set<String> members = hexes(before);
    long count = c.length == 3 ? RedisNumbers.parseCanonicalLong(c[2], 0, c[2].length) : -1;
    // ours, on a copy
    RedisSet copy = before.copy();
    RespReply mine = RespReply.parse(SetCommands.execute(c, k -> copy, r));
    for (RespReply reply : List.of(theirs, mine)) {
      List<String> got = popped(c, reply);
      assertTrue(members.containsAll(got), where);
      long expected = count < 0 ? Math.min(1, members.size()) : Math.min(count, members.size());
      assertEquals(expected, got.size(), where + " " + reply);
      assertEquals(got.size(), new HashSet<>(got).size(), where + " distinct");
      if (count >= members.size() && before.encoding() == Encoding.INTSET && count > 0) {
        assertEquals(theirs, mine, where + " CASE 1 is the whole intset in order");
      }
    }
    Set<String> mineLeft = new HashSet<>(members);
    popped(c, mine).forEach(mineLeft::remove);
    assertEquals(mineLeft, hexes(copy), where + " our SPOP removed what it replied");
    Set<String> left = new HashSet<>(members);
    popped(c, theirs).forEach(left::remove);
    // apply Redis's removal with Redis's case
    if (before.isEmpty() || count == 0) {
      return;
    }
    long size = before.size();
    long remaining = size - count;
    if (count > 0 && count < size && remaining * SetOps.SPOP_MOVE_STRATEGY_MUL <= count) {
      RedisSet rebuilt = RedisSet.create(max);
      for (String h : new java.util.TreeSet<>(left)) {
        rebuilt.add(Bytes.fromHex(h));
      }
      before.replaceWith(rebuilt);
    } else {
      for (String h : members) {
        if (!left.contains(h)) {
          before.remove(Bytes.fromHex(h));
        }
      }
    }
    if (before.isEmpty()) {
      ours.remove(key);
    }
  }

  /** Full scans, DUMP both ways, RESTORE of ours into Redis. */
  private void endOfRound(RespClient redis, SplittableRandom r, String where) {
    for (String k : KEYS) {
      RedisSet s = ours.get(k);
      Set<String> scanned = new HashSet<>();
      String cursor = "0";
      do {
        RespReply rep =
            redis.call("SSCAN", k, cursor, "COUNT", Integer.toString(1 + r.nextInt(20)));
        cursor = rep.asList().get(0).asString();
        rep.asList().get(1).asList().forEach(x -> scanned.add(Bytes.hex(x.asBytes())));
      } while (!cursor.equals("0"));
      Set<String> ourScan = new HashSet<>();
      if (s != null) {
        long cur = 0;
        do {
          cur = s.scan(cur, 1 + r.nextInt(20), m -> ourScan.add(Bytes.hex(m)));
        } while (cur != 0);
      }
      assertEquals(scanned, ourScan, where + " full SSCAN " + k);
      RespReply dump = redis.call("DUMP", k);
      if (s == null) {
        assertTrue(dump.isNull(), where);
        continue;
      }
      byte[] theirPayload = dump.asBytes();
      if (s.encoding() == Encoding.INTSET) {
        assertEquals(Bytes.hex(s.toRdbPayload()), Bytes.hex(theirPayload), where + " DUMP " + k);
      }
      RedisSet loaded = RedisSet.fromRdbPayload(theirPayload, max);
      assertEquals(hexes(s), hexes(loaded), where + " their DUMP loaded");
      byte[] mine = s.toRdbPayload(r.nextBoolean());
      String copyKey = "restored:" + k;
      redis
          .call(
              "RESTORE".getBytes(), copyKey.getBytes(), "0".getBytes(), mine, "REPLACE".getBytes())
          .assertOk();
      assertEquals(
          RedisSet.fromRdbPayload(mine, max).encoding().redisName(),
          redis.call("OBJECT", "ENCODING", copyKey).asString(),
          where + " encoding of our payload restored");
      Set<String> back = new HashSet<>();
      redis.call("SMEMBERS", copyKey).asList().forEach(x -> back.add(Bytes.hex(x.asBytes())));
      assertEquals(hexes(s), back, where + " our DUMP restored");
      redis.call("DEL", copyKey);
    }
  }

  private static List<String> popped(byte[][] c, RespReply reply) {
    if (c.length == 3) {
      return hexList(reply);
    }
    return reply.isNull() ? List.of() : List.of(Bytes.hex(reply.asBytes()));
  }

  /** SSCAN of a hashtable: a cursor and members of the set that match the pattern, both sides. */
  private void checkScan(byte[][] c, RespReply theirs, SplittableRandom r, String where) {
    Set<String> members = hexes(get(c[1]));
    byte[] pattern = null;
    for (int i = 3; i + 1 < c.length; i += 2) {
      if (new String(c[i]).equalsIgnoreCase("match")) {
        pattern = c[i + 1].length == 1 && c[i + 1][0] == '*' ? null : c[i + 1]; // "*": no filter
      }
    }
    RespReply mine = run(c, r);
    for (RespReply reply : List.of(theirs, mine)) {
      assertEquals(2, reply.asList().size(), where);
      for (RespReply m : reply.asList().get(1).asList()) {
        assertTrue(members.contains(Bytes.hex(m.asBytes())), where + " " + reply);
        assertTrue(pattern == null || Glob.matches(pattern, m.asBytes()), where + " " + reply);
      }
    }
  }

  private static Set<String> hexes(RedisSet s) {
    Set<String> out = new HashSet<>();
    s.forEach(m -> out.add(Bytes.hex(m)));
    return out;
  }

  private static List<String> hexList(RespReply reply) {
    List<String> out = new ArrayList<>();
    reply.asList().forEach(x -> out.add(Bytes.hex(x.asBytes())));
    return out;
  }

  /** An array reply's elements counted, or the reply itself when it is not an array. */
  private static Object multiset(RespReply reply) {
    if (!(reply instanceof RespReply.Array a)) {
      return reply;
    }
    Map<String, Integer> counts = new TreeMap<>();
    for (RespReply e : a.elements()) {
      if (e instanceof RespReply.Array inner) {
        counts.merge(String.valueOf(multiset(inner)), 1, Integer::sum);
      } else if (e instanceof RespReply.Bulk b) {
        counts.merge(Bytes.hex(b.value()), 1, Integer::sum);
      } else {
        counts.merge(e.toString(), 1, Integer::sum);
      }
    }
    return counts;
  }

  private static String show(byte[][] c) {
    StringBuilder sb = new StringBuilder();
    for (byte[] a : c) {
      sb.append(Bytes.readable(a)).append(' ');
    }
    return sb.toString().trim();
  }
}
