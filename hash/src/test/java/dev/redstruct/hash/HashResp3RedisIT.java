package dev.redstruct.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.resp.KeyLookup;
import dev.redstruct.core.resp.ReplyError;
import dev.redstruct.core.resp.RespWriter;
import dev.redstruct.testkit.RedisTest;
import dev.redstruct.testkit.RespClient;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * {@link HashCommands} in RESP3 against redis-server 7.0.15 after {@code HELLO 3}, through the
 * {@link KeyLookup} entry with string keys mixed in (SET/DEL, so commands meet {@code WRONGTYPE}).
 * The commands of {@link HashCommandGen} whose outcome does not depend on the server's random picks
 * or scan order (HRANDFIELD and HSCAN of a present key are left to {@link HashRedisIT}) are
 * compared byte for byte, except that a {@code %} map's pairs and HKEYS/HVALS elements are compared
 * in sorted order (a hashtable's order follows the server's hash seed). Seed printed; replay with
 * {@code -Dhash.it.seed=N}.
 */
@RedisTest
class HashResp3RedisIT {
  private static final int COMMANDS = Integer.getInteger("hash.resp3.commands", 20_000);

  private final Map<String, RedisHash> hashes = new HashMap<>();
  private final Map<String, byte[]> strings = new HashMap<>();

  @Test
  void resp3RepliesMatchRedis(RespClient redis) {
    long seed = Long.getLong("hash.it.seed", System.nanoTime());
    System.out.println("HashResp3RedisIT seed " + seed);
    SplittableRandom r = new SplittableRandom(seed);
    redis.callRaw(b("HELLO"), b("3"));
    redis.callRaw(b("FLUSHALL"));
    redis.callRaw(b("CONFIG"), b("SET"), b("hash-max-listpack-entries"), b("128"));
    redis.callRaw(b("CONFIG"), b("SET"), b("hash-max-listpack-value"), b("64"));
    Map<Character, Integer> kinds = new TreeMap<>();
    int done = 0;
    int wrongType = 0;
    while (done < COMMANDS) {
      byte[][] c = next(r);
      if (c == null) {
        continue;
      }
      byte[] theirs = redis.callRaw(c);
      byte[] mine = run(c, r);
      String name = new String(c[0], StandardCharsets.US_ASCII).toLowerCase(Locale.ROOT);
      boolean unordered = name.equals("hkeys") || name.equals("hvals") || theirs[0] == '%';
      String where = "seed " + seed + " #" + done + ": " + show(c);
      assertEquals(normalized(theirs, unordered), normalized(mine, unordered), where);
      kinds.merge((char) theirs[0], 1, Integer::sum);
      wrongType += text(mine).startsWith("-WRONGTYPE") ? 1 : 0;
      done++;
    }
    System.out.printf(
        "HashResp3RedisIT: %d commands in RESP3, 0 mismatches, seed %d; reply types %s;"
            + " WRONGTYPE %d%n",
        done, seed, kinds, wrongType);
    assertTrue(kinds.getOrDefault('%', 0) > 200, "map replies must be compared");
    assertTrue(kinds.getOrDefault('_', 0) > 200, "null replies must be compared");
    assertTrue(wrongType > 50, "WRONGTYPE must be met");
  }

  /** The next command to compare, or null for one whose reply depends on random picks. */
  private byte[][] next(SplittableRandom r) {
    int p = r.nextInt(200);
    String[] keys = HashCommandGen.KEYS;
    if (p == 0) {
      return new byte[][] {b("SET"), b(keys[r.nextInt(keys.length)]), b("text")};
    } else if (p < 12) {
      return new byte[][] {b("DEL"), b(keys[r.nextInt(keys.length)])};
    }
    byte[][] c = HashCommandGen.command(r);
    String name = new String(c[0], StandardCharsets.US_ASCII).toLowerCase(Locale.ROOT);
    if (name.equals("hrandfield") || name.equals("hscan")) {
      return c.length < 2 || !hashes.containsKey(key(c[1])) ? c : null;
    }
    return c;
  }

  private byte[] run(byte[][] c, SplittableRandom r) {
    String name = new String(c[0], StandardCharsets.US_ASCII).toLowerCase(Locale.ROOT);
    RespWriter out = new RespWriter(3);
    if (name.equals("set")) {
      hashes.remove(key(c[1]));
      strings.put(key(c[1]), c[2]);
      return out.simple("OK").toByteArray();
    } else if (name.equals("del")) {
      boolean had = hashes.remove(key(c[1])) != null | strings.remove(key(c[1])) != null;
      return out.integer(had ? 1 : 0).toByteArray();
    }
    KeyLookup<RedisHash> keys =
        new KeyLookup<>() {
          @Override
          public RedisHash get(byte[] k) {
            if (strings.containsKey(key(k))) {
              throw new ReplyError(ReplyError.WRONGTYPE);
            }
            return hashes.computeIfAbsent(key(k), x -> RedisHash.create(128, 64));
          }

          @Override
          public RedisHash overwrite(byte[] k) {
            throw new AssertionError("no hash command replaces a key");
          }
        };
    try {
      HashCommands.execute(c, keys, r, out);
    } finally {
      hashes.values().removeIf(RedisHash::isEmpty);
    }
    return out.toByteArray();
  }

  /** The reply as text; with {@code unordered}, its top-level elements (or map pairs) sorted. */
  static String normalized(byte[] reply, boolean unordered) {
    String s = text(reply);
    if (!unordered || (reply[0] != '*' && reply[0] != '%')) {
      return s;
    }
    String[] lines = s.split("\\\\r\\\\n", -1);
    int group = reply[0] == '%' ? 4 : 2; // a bulk is two lines
    List<String> items = new ArrayList<>();
    for (int i = 1; i + group - 1 < lines.length; i += group) {
      items.add(String.join(" ", java.util.Arrays.copyOfRange(lines, i, i + group)));
    }
    items.sort(null);
    return lines[0] + " " + items;
  }

  static String text(byte[] b) {
    return new String(b, StandardCharsets.ISO_8859_1).replace("\r", "\\r").replace("\n", "\\n");
  }

  private static String key(byte[] k) {
    return new String(k, StandardCharsets.ISO_8859_1);
  }

  private static String show(byte[][] c) {
    StringBuilder sb = new StringBuilder();
    for (byte[] a : c) {
      sb.append(text(a)).append(' ');
    }
    return sb.toString();
  }

  private static byte[] b(String s) {
    return Bytes.utf8(s);
  }
}
