package dev.redstruct.listpack;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.RedisNumbers;
import dev.redstruct.core.rdb.RdbPayload;
import dev.redstruct.core.rdb.RdbWriter;
import dev.redstruct.testkit.RedisTest;
import dev.redstruct.testkit.RespClient;
import dev.redstruct.testkit.RespReply;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Differential test against Redis 7.0.15: random small hashes (HSET/HDEL), sorted sets (ZADD/ZREM)
 * and single-node lists (RPUSH/LPUSH/LINSERT/LSET/LREM/LPOP/RPOP/LTRIM) are built by Redis and, on
 * our side, by a test-side model that drives {@link ListPack} the way 7.0.15's t_hash.c, t_zset.c
 * and t_list.c (through quicklist.c) drive a listpack. {@code DUMP} of each key must equal our
 * payload byte for byte (types 16, 17 and 18 with one node; the server runs with {@code
 * rdbcompression no}, so the listpack is not LZF-compressed), and our payloads {@code RESTORE} and
 * read back as our contents. Everything is pipelined in batches. Seed printed; replay with {@code
 * -Dredstruct.seed=<seed>}.
 */
@RedisTest
class ListPackRedisIT {
  private static final int KEYS_PER_TYPE = 4_000;
  private static final int BATCH = 500;

  @BeforeEach
  void noCompression(RespClient redis) {
    redis.call("CONFIG", "SET", "rdbcompression", "no").assertOk();
  }

  private static long seed(String test) {
    long seed = Long.getLong("redstruct.seed", System.nanoTime());
    System.out.println("ListPackRedisIT." + test + " seed " + seed);
    return seed;
  }

  static byte[] b(String s) {
    return s.getBytes(US_ASCII);
  }

  /** One key: the commands sent to Redis, and our listpack after the same operations. */
  private record Key(String name, List<byte[][]> commands, ListPack ours) {}

  /** Builds keys of one type, sends them, and compares DUMPs and RESTOREd contents. */
  private interface KeyBuilder {
    Key build(SplittableRandom r, String name);
  }

  private static void run(RespClient redis, String test, int type, KeyBuilder builder) {
    long seed = seed(test);
    SplittableRandom r = new SplittableRandom(seed);
    List<String> mismatches = new ArrayList<>();
    int compared = 0;
    int nonEmpty = 0;
    for (int done = 0; done < KEYS_PER_TYPE; done += BATCH) {
      List<Key> keys = new ArrayList<>();
      List<byte[][]> commands = new ArrayList<>();
      for (int i = 0; i < BATCH; i++) {
        Key k = builder.build(r, test + ":" + (done + i));
        keys.add(k);
        commands.addAll(k.commands());
      }
      for (RespReply reply : redis.pipeline(commands)) {
        assertTrue(!(reply instanceof RespReply.Error), "seed " + seed + ": " + reply);
      }
      List<byte[][]> dumps = new ArrayList<>();
      for (Key k : keys) {
        dumps.add(new byte[][] {b("DUMP"), b(k.name())});
      }
      List<RespReply> dumped = redis.pipeline(dumps);
      List<byte[][]> restores = new ArrayList<>();
      List<Key> restored = new ArrayList<>();
      for (int i = 0; i < keys.size(); i++) {
        Key k = keys.get(i);
        compared++;
        String expected = k.ours().isEmpty() ? "(nil)" : Bytes.hex(payload(type, k.ours()));
        RespReply d = dumped.get(i);
        String actual = d instanceof RespReply.Bulk ? Bytes.hex(d.asBytes()) : d.toString();
        if (!expected.equals(actual) && mismatches.size() < 5) {
          mismatches.add(
              k.name() + " " + commandsText(k) + "\n redis " + actual + "\n ours  " + expected);
        }
        if (!k.ours().isEmpty()) {
          nonEmpty++;
          restores.add(
              new byte[][] {b("RESTORE"), b("r" + k.name()), b("0"), payload(type, k.ours())});
          restores.add(readCommand(type, "r" + k.name()));
          restored.add(k);
        }
      }
      List<RespReply> replies = redis.pipeline(restores);
      for (int i = 0; i < restored.size(); i++) {
        replies.get(2 * i).assertOk();
        assertEquals(
            contents(type, restored.get(i).ours()),
            hexes(replies.get(2 * i + 1)),
            "seed " + seed + ", " + restored.get(i).name());
      }
      redis.call("FLUSHALL").assertOk();
    }
    System.out.printf(
        "ListPackRedisIT.%s: %d keys (%d non-empty), %d DUMP mismatches; seed %d%n",
        test, compared, nonEmpty, mismatches.size(), seed);
    assertTrue(mismatches.isEmpty(), "seed " + seed + ":\n" + String.join("\n", mismatches));
  }

  private static String commandsText(Key k) {
    StringBuilder sb = new StringBuilder();
    for (byte[][] c : k.commands()) {
      sb.append('[');
      for (byte[] a : c) {
        sb.append(Bytes.hex(a)).append(' ');
      }
      sb.append(']');
    }
    return sb.toString();
  }

  /** The DUMP payload of our listpack as a key of RDB type {@code type}. */
  static byte[] payload(int type, ListPack lp) {
    return payload(type, lp.toByteArray());
  }

  static byte[] payload(int type, byte[] blob) {
    if (type == RdbPayload.TYPE_LIST_QUICKLIST_2) {
      // One node, container 2 (packed), the listpack as a plain RDB string.
      return RdbPayload.dump(
          type, RdbWriter.create().length(1).length(2).rawString(blob).toByteArray());
    }
    return RdbPayload.ofBlob(type, blob);
  }

  private static byte[][] readCommand(int type, String key) {
    switch (type) {
      case RdbPayload.TYPE_HASH_LISTPACK:
        return new byte[][] {b("HGETALL"), b(key)};
      case RdbPayload.TYPE_ZSET_LISTPACK:
        return new byte[][] {b("ZRANGE"), b(key), b("0"), b("-1"), b("WITHSCORES")};
      default:
        return new byte[][] {b("LRANGE"), b(key), b("0"), b("-1")};
    }
  }

  /** What the read command returns for our listpack (zset scores printed as Redis replies). */
  private static List<String> contents(int type, ListPack lp) {
    List<String> out = new ArrayList<>();
    List<byte[]> all = lp.asList();
    for (int i = 0; i < all.size(); i++) {
      byte[] v = all.get(i);
      if (type == RdbPayload.TYPE_ZSET_LISTPACK && (i & 1) == 1) {
        v = RedisNumbers.formatDoubleBytes(ZSetModel.score(v));
      }
      out.add(Bytes.hex(v));
    }
    return out;
  }

  private static List<String> hexes(RespReply reply) {
    List<String> out = new ArrayList<>();
    for (RespReply r : reply.asList()) {
      out.add(Bytes.hex(r.asBytes()));
    }
    return out;
  }

  /**
   * A field, member or element of at most 64 bytes; often from a small pool so that they repeat.
   */
  static byte[] element(SplittableRandom r, List<byte[]> pool) {
    if (!pool.isEmpty() && r.nextInt(3) == 0) {
      return pool.get(r.nextInt(pool.size()));
    }
    byte[] v = ListPackTestValues.shortValue(r, 64);
    if (pool.size() < 12) {
      pool.add(v);
    }
    return v;
  }

  // ---------------------------------------------------------------- hashes

  @Test
  void hashesDumpAsOurListPack(RespClient redis) {
    run(redis, "hash", RdbPayload.TYPE_HASH_LISTPACK, ListPackRedisIT::hashKey);
  }

  /** HSET and HDEL as t_hash.c does them on a listpack (hashTypeSet, hashTypeDelete). */
  private static Key hashKey(SplittableRandom r, String name) {
    ListPack lp = ListPack.create();
    List<byte[][]> commands = new ArrayList<>();
    List<byte[]> pool = new ArrayList<>();
    for (int step = 1 + r.nextInt(25); step > 0; step--) {
      if (r.nextInt(4) > 0 || lp.isEmpty()) {
        int pairs = 1 + r.nextInt(3);
        byte[][] c = new byte[2 + 2 * pairs][];
        c[0] = b("HSET");
        c[1] = b(name);
        for (int i = 0; i < pairs; i++) {
          byte[] field = element(r, pool);
          byte[] value = ListPackTestValues.shortValue(r, 64);
          c[2 + 2 * i] = field;
          c[3 + 2 * i] = value;
          int at = lp.find(field, 0, 1); // lpFind(field, skip 1) from lpFirst
          if (at >= 0) {
            lp.replace(at + 1, value); // lpReplace of the value
          } else {
            lp.append(field); // lpAppend field, lpAppend value
            lp.append(value);
          }
        }
        lp.size(); // hashTypeLength: lpLength
        commands.add(c);
      } else {
        byte[] field = element(r, pool);
        commands.add(new byte[][] {b("HDEL"), b(name), field});
        int at = lp.find(field, 0, 1);
        if (at >= 0) {
          lp.deleteRange(at, 2); // lpDeleteRangeWithEntry(&fptr, 2)
        }
      }
    }
    return new Key(name, commands, lp);
  }

  // ---------------------------------------------------------------- sorted sets

  @Test
  void sortedSetsDumpAsOurListPack(RespClient redis) {
    run(redis, "zset", RdbPayload.TYPE_ZSET_LISTPACK, ListPackRedisIT::zsetKey);
  }

  private static Key zsetKey(SplittableRandom r, String name) {
    ZSetModel z = new ZSetModel();
    List<byte[][]> commands = new ArrayList<>();
    List<byte[]> pool = new ArrayList<>();
    for (int step = 1 + r.nextInt(25); step > 0; step--) {
      if (r.nextInt(4) > 0 || z.lp.isEmpty()) {
        int pairs = 1 + r.nextInt(3);
        byte[][] c = new byte[2 + 2 * pairs][];
        c[0] = b("ZADD");
        c[1] = b(name);
        for (int i = 0; i < pairs; i++) {
          double score = ZSetModel.randomScore(r);
          byte[] member = element(r, pool);
          c[2 + 2 * i] = ZSetModel.scoreArgument(score);
          c[3 + 2 * i] = member;
          z.add(member, score);
        }
        commands.add(c);
      } else {
        byte[] member = element(r, pool);
        commands.add(new byte[][] {b("ZREM"), b(name), member});
        z.remove(member);
      }
    }
    return new Key(name, commands, z.lp);
  }

  // ---------------------------------------------------------------- lists

  @Test
  void singleNodeListsDumpAsOurListPack(RespClient redis) {
    run(redis, "list", RdbPayload.TYPE_LIST_QUICKLIST_2, ListPackRedisIT::listKey);
  }

  /**
   * List commands as t_list.c runs them on a one-node quicklist (quicklistPushHead/Tail,
   * _quicklistInsert, quicklistReplaceEntry, quicklistDelIndex, quicklistDelRange); at most 60
   * elements of at most 64 bytes, so the node stays under the 8 KiB of list-max-listpack-size -2.
   */
  private static Key listKey(SplittableRandom r, String name) {
    ListPack lp = ListPack.create();
    List<byte[][]> commands = new ArrayList<>();
    List<byte[]> pool = new ArrayList<>();
    for (int step = 1 + r.nextInt(25); step > 0; step--) {
      int n = lp.size();
      int action = n == 0 ? r.nextInt(2) : n >= 60 ? 2 + r.nextInt(6) : r.nextInt(12);
      byte[] v = element(r, pool);
      switch (action) {
        case 0:
          commands.add(new byte[][] {b("RPUSH"), b(name), v});
          lp.append(v);
          break;
        case 1:
          commands.add(new byte[][] {b("LPUSH"), b(name), v});
          lp.prepend(v);
          break;
        case 2:
          byte[] pivot = r.nextBoolean() ? lp.get(r.nextInt(n)) : element(r, pool);
          boolean before = r.nextBoolean();
          commands.add(
              new byte[][] {b("LINSERT"), b(name), b(before ? "BEFORE" : "AFTER"), pivot, v});
          ListPackCursor c = lp.cursor();
          if (c.find(pivot, 0)) { // the first equal element from the head (lpCompare)
            if (before) {
              c.insertBefore(v);
            } else {
              c.insertAfter(v);
            }
          }
          break;
        case 3:
          int index = r.nextInt(n) - (r.nextBoolean() ? n : 0);
          commands.add(new byte[][] {b("LSET"), b(name), b(Integer.toString(index)), v});
          lp.replace(index, v);
          break;
        case 4:
          int count = r.nextInt(5) - 2;
          byte[] target = r.nextBoolean() ? lp.get(r.nextInt(n)) : v;
          commands.add(new byte[][] {b("LREM"), b(name), b(Integer.toString(count)), target});
          lrem(lp, count, target);
          break;
        case 5:
          commands.add(new byte[][] {b("LPOP"), b(name)});
          lp.delete(0);
          break;
        case 6:
          commands.add(new byte[][] {b("RPOP"), b(name)});
          lp.delete(-1);
          break;
        case 7:
          int start = r.nextInt(n + 2) - (r.nextBoolean() ? n + 1 : 0);
          int stop = r.nextInt(n + 2) - (r.nextBoolean() ? n + 1 : 0);
          commands.add(
              new byte[][] {
                b("LTRIM"), b(name), b(Integer.toString(start)), b(Integer.toString(stop))
              });
          ltrim(lp, start, stop);
          break;
        default:
          commands.add(new byte[][] {b("RPUSH"), b(name), v, element(r, pool)});
          lp.append(v);
          lp.append(commands.get(commands.size() - 1)[3]);
      }
    }
    return new Key(name, commands, lp);
  }

  /** lremCommand: from the head (count >= 0) or the tail, deleting up to |count| matches. */
  private static void lrem(ListPack lp, int count, byte[] target) {
    ListPackCursor c = lp.cursor();
    int removed = 0;
    if (count >= 0) {
      boolean on = c.next();
      while (on && (count == 0 || removed < count)) {
        if (c.contentEquals(target)) {
          c.remove(); // lpDelete: the cursor moves to the next element
          removed++;
          on = c.isOnElement();
        } else {
          on = c.next();
        }
      }
    } else {
      c.toEnd();
      while (removed < -count && c.previous()) {
        if (c.contentEquals(target)) {
          c.remove(); // on the element after it, or after the last: previous() goes on
          removed++;
        }
      }
    }
  }

  /** ltrimCommand: quicklistDelRange(0, ltrim) then quicklistDelRange(-rtrim, rtrim). */
  private static void ltrim(ListPack lp, long start, long end) {
    long llen = lp.size();
    if (start < 0) {
      start += llen;
    }
    if (end < 0) {
      end += llen;
    }
    if (start < 0) {
      start = 0;
    }
    long ltrim;
    long rtrim;
    if (start > end || start >= llen) {
      ltrim = llen;
      rtrim = 0;
    } else {
      if (end >= llen) {
        end = llen - 1;
      }
      ltrim = start;
      rtrim = llen - end - 1;
    }
    lp.deleteRange(0, (int) ltrim);
    if (rtrim > 0) {
      lp.deleteRange((int) -rtrim, (int) rtrim);
    }
  }
}
