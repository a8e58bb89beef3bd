package dev.redstruct.quicklist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
 * {@link ListCommands} through its {@link KeyLookup} entry against redis-server 7.0.15, in RESP2
 * and in RESP3 ({@code HELLO 3}), every reply compared byte for byte: random list commands over
 * four keys, with string keys mixed in (SET/DEL) so that commands meet {@code WRONGTYPE} in Redis's
 * order (LMOVE's destination only when the source has an element, LMPOP's keys up to the first list
 * that has one). Seed printed; replay with {@code -Dredstruct.seed=N}.
 */
@RedisTest
class ListResp3RedisIT {
  private static final long SEED =
      Long.getLong("redstruct.seed", new SplittableRandom().nextLong());
  private static final int COMMANDS = Integer.getInteger("list.resp3.commands", 15_000);
  private static final String[] KEYS = {"a", "b", "c", "d"};

  private final Map<String, QuickList> lists = new HashMap<>();
  private final Map<String, byte[]> strings = new HashMap<>();

  @Test
  void resp2RepliesMatchRedis(RespClient redis) {
    run(redis, 2);
  }

  @Test
  void resp3RepliesMatchRedis(RespClient redis) {
    redis.callRaw(b("HELLO"), b("3"));
    run(redis, 3);
  }

  private void run(RespClient redis, int protocol) {
    System.out.println("ListResp3RedisIT RESP" + protocol + " seed " + SEED);
    redis.callRaw(b("FLUSHALL"));
    lists.clear();
    strings.clear();
    SplittableRandom r = new SplittableRandom(SEED);
    Map<Character, Integer> kinds = new TreeMap<>();
    Map<String, Integer> mix = new TreeMap<>();
    int wrongType = 0;
    for (int done = 0; done < COMMANDS; ) {
      List<byte[][]> batch = new ArrayList<>();
      for (int i = 0; i < 500; i++) {
        batch.add(command(r));
      }
      List<byte[]> theirs = redis.pipelineRaw(batch);
      for (int i = 0; i < batch.size(); i++) {
        byte[][] c = batch.get(i);
        byte[] mine = exec(c, protocol);
        String where = "seed " + SEED + " RESP" + protocol + " #" + (done + i) + ": " + show(c);
        assertEquals(text(theirs.get(i)), text(mine), where);
        kinds.merge((char) mine[0], 1, Integer::sum);
        mix.merge(new String(c[0], StandardCharsets.US_ASCII), 1, Integer::sum);
        wrongType += text(mine).startsWith("-WRONGTYPE") ? 1 : 0;
      }
      done += batch.size();
    }
    System.out.printf(
        "ListResp3RedisIT RESP%d: %d commands, 0 mismatches, seed %d; reply types %s; WRONGTYPE"
            + " %d; mix %s%n",
        protocol, COMMANDS, SEED, kinds, wrongType, mix);
    assertTrue(kinds.getOrDefault(protocol == 3 ? '_' : '$', 0) > 100, "nulls must be compared");
    assertTrue(wrongType > 50, "WRONGTYPE must be met");
  }

  private byte[] exec(byte[][] c, int protocol) {
    String name = new String(c[0], StandardCharsets.US_ASCII).toLowerCase(Locale.ROOT);
    RespWriter out = new RespWriter(protocol);
    if (name.equals("set")) {
      lists.remove(key(c[1]));
      strings.put(key(c[1]), c[2]);
      return out.simple("OK").toByteArray();
    } else if (name.equals("del")) {
      boolean had = lists.remove(key(c[1])) != null | strings.remove(key(c[1])) != null;
      return out.integer(had ? 1 : 0).toByteArray();
    }
    KeyLookup<QuickList> keys =
        new KeyLookup<>() {
          @Override
          public QuickList get(byte[] k) {
            if (strings.containsKey(key(k))) {
              throw new ReplyError(ReplyError.WRONGTYPE);
            }
            return lists.computeIfAbsent(key(k), x -> QuickList.create(-2, 0));
          }

          @Override
          public QuickList overwrite(byte[] k) {
            throw new AssertionError("no list command replaces a key");
          }
        };
    try {
      ListCommands.execute(c, keys, out);
    } finally {
      lists.values().removeIf(l -> l.size() == 0);
    }
    return out.toByteArray();
  }

  private static byte[][] command(SplittableRandom r) {
    String k = KEYS[r.nextInt(KEYS.length)];
    String k2 = KEYS[r.nextInt(KEYS.length)];
    int p = r.nextInt(100);
    List<String> c = new ArrayList<>();
    if (p < 1) {
      c.addAll(List.of("SET", k, "text"));
    } else if (p < 4) {
      c.addAll(List.of("DEL", k));
    } else if (p < 30) {
      c.addAll(List.of(pick(r, "LPUSH", "RPUSH", "LPUSHX", "RPUSHX"), k));
      for (int i = 0; i <= r.nextInt(6); i++) {
        c.add(value(r));
      }
    } else if (p < 42) {
      c.addAll(List.of(pick(r, "LPOP", "RPOP"), k));
      if (r.nextBoolean()) {
        c.add(Integer.toString(r.nextInt(-1, 5)));
      }
    } else if (p < 46) {
      c.addAll(List.of("LLEN", k));
    } else if (p < 52) {
      c.addAll(List.of("LINDEX", k, Integer.toString(r.nextInt(-8, 8))));
    } else if (p < 55) {
      c.addAll(List.of("LSET", k, Integer.toString(r.nextInt(-8, 8)), value(r)));
    } else if (p < 59) {
      c.addAll(List.of("LINSERT", k, pick(r, "BEFORE", "AFTER", "x"), value(r), value(r)));
    } else if (p < 63) {
      c.addAll(List.of("LREM", k, Integer.toString(r.nextInt(-3, 4)), value(r)));
    } else if (p < 66) {
      c.addAll(List.of("LTRIM", k, Integer.toString(r.nextInt(-5, 5)), "-1"));
    } else if (p < 74) {
      c.addAll(List.of("LRANGE", k, Integer.toString(r.nextInt(-5, 5)), "-1"));
    } else if (p < 82) {
      c.addAll(List.of("LPOS", k, value(r)));
      if (r.nextBoolean()) {
        c.addAll(List.of("COUNT", Integer.toString(r.nextInt(0, 3))));
      }
      if (r.nextInt(3) == 0) {
        c.addAll(List.of("RANK", Integer.toString(r.nextInt(-2, 3))));
      }
    } else if (p < 90) {
      if (r.nextBoolean()) {
        c.addAll(List.of("RPOPLPUSH", k, k2));
      } else {
        c.addAll(List.of("LMOVE", k, k2, pick(r, "LEFT", "RIGHT"), pick(r, "LEFT", "RIGHT")));
      }
    } else {
      int n = 1 + r.nextInt(3);
      c.addAll(List.of("LMPOP", Integer.toString(n)));
      for (int i = 0; i < n; i++) {
        c.add(KEYS[r.nextInt(KEYS.length)]);
      }
      c.add(pick(r, "LEFT", "RIGHT"));
      if (r.nextBoolean()) {
        c.addAll(List.of("COUNT", Integer.toString(r.nextInt(0, 4))));
      }
    }
    byte[][] out = new byte[c.size()][];
    for (int i = 0; i < out.length; i++) {
      out[i] = b(c.get(i));
    }
    return out;
  }

  private static String value(SplittableRandom r) {
    return r.nextBoolean() ? Integer.toString(r.nextInt(5)) : "v" + r.nextInt(5);
  }

  private static String pick(SplittableRandom r, String... words) {
    return words[r.nextInt(words.length)];
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
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
