package dev.redstruct.quicklist;

import static java.nio.charset.StandardCharsets.US_ASCII;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.core.rdb.Lzf;
import dev.redstruct.core.rdb.RdbPayload;
import dev.redstruct.core.rdb.RdbReader;
import dev.redstruct.core.rdb.RdbWriter;
import dev.redstruct.testkit.RedisServer;
import dev.redstruct.testkit.RedisTest;
import dev.redstruct.testkit.RespClient;
import dev.redstruct.testkit.RespReply;
import dev.redstruct.ziplist.ZipList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Differential test against Redis 7.0.15: random LPUSH/RPUSH/LPOP/RPOP (with and without count),
 * LINSERT, LSET, LREM, LTRIM, LINDEX, LRANGE, LLEN and LPOS (RANK/COUNT/MAXLEN, their errors) on
 * one key, and LMOVE, RPOPLPUSH and LMPOP between it and a second key, over the grid {@code
 * list-max-listpack-size} in {-5, -2, -1, 1, 5, 128} x {@code list-compress-depth} in {0, 1, 2}
 * (CONFIG SET, then a fresh key), a third of the cells with {@code DEBUG QUICKLIST-PACKED-THRESHOLD
 * 1000} so that PLAIN nodes occur. Elements: 0 bytes to past 8 KiB, repetitive and random, and
 * integers at every listpack encoding boundary. Every command goes through our Redis face, {@link
 * ListCommands#execute}, and one in 24 is malformed (bad integers, RANK 0, negative COUNT/MAXLEN,
 * misspelt BEFORE/AFTER and LEFT/RIGHT, LMPOP's numkeys and COUNT, wrong argument counts). Every
 * reply must equal ours (error texts included), and {@code DUMP key} must equal {@link
 * QuickList#toRdbPayload} every 100 commands and at the end of each cell, alternately with {@code
 * rdbcompression} no and yes.
 *
 * <p>Stale LZF table: Redis's {@code lzf_compress} does not clear its hash table, so a node or RDB
 * string it compresses may differ from our fresh-table output. A DUMP difference is counted
 * separately (not as a mismatch) only when, node by node, Redis's form decodes to our node's bytes
 * and either both are LZF or ours is raw because the fresh-table compression does not pay. The run
 * prints the count. Seed printed; replay with {@code -Dredstruct.seed=<seed>}; commands per cell
 * with {@code -Dredstruct.quicklist.commands=<n>} (default 5,600: about 100,000 in all).
 */
@RedisTest
class QuickListRedisIT {
  private static final int[] FILLS = {-5, -2, -1, 1, 5, 128};
  private static final int[] DEPTHS = {0, 1, 2};
  private static final int COMMANDS_PER_CELL =
      Integer.getInteger("redstruct.quicklist.commands", 5_600);
  private static final int BATCH = 100;

  /** {@code -Dredstruct.quicklist.stepwise=true}: a DUMP comparison after every command. */
  private static final boolean STEPWISE = Boolean.getBoolean("redstruct.quicklist.stepwise");

  private static final long PLAIN_THRESHOLD = 1000;
  private static final String KEY = "ql";
  private static final String KEY2 = "ql2";

  private static final long[] INTEGERS = {
    0,
    1,
    12,
    127,
    128,
    255,
    256,
    -1,
    -128,
    -129,
    4095,
    4096,
    -4096,
    -4097,
    8191,
    32767,
    32768,
    -32768,
    -32769,
    65535,
    8388607,
    8388608,
    -8388608,
    -8388609,
    2147483647L,
    2147483648L,
    -2147483648L,
    -2147483649L,
    4294967295L,
    Long.MAX_VALUE,
    Long.MIN_VALUE,
    Long.MAX_VALUE - 1
  };
  private static final String[] ODD_NUMBERS = {
    "-0", "007", "+1", " 1", "1 ", "9223372036854775808", "-9223372036854775809", "1e3", "0x10", ""
  };

  private long commands;
  private long errorReplies;
  private long dumps;
  private long restores;
  private long oldPayloads;
  private long staleCases;
  private long compressedNodesSeen;
  private long plainNodesSeen;
  private final List<String> mismatches = new ArrayList<>();

  static byte[] b(String s) {
    return s.getBytes(US_ASCII);
  }

  @Test
  void randomListCommandsMatchRedis() {
    long seed = Long.getLong("redstruct.seed", System.nanoTime());
    System.out.println("QuickListRedisIT seed " + seed);
    SplittableRandom r = new SplittableRandom(seed);
    long t0 = System.nanoTime();
    try (RedisServer server = RedisServer.start(List.of("--enable-debug-command", "local"));
        RespClient redis = server.newClient()) {
      int cell = 0;
      for (int fill : FILLS) {
        for (int depth : DEPTHS) {
          runCell(redis, r, fill, depth, cell++ % 3 == 2, seed);
        }
      }
    }
    System.out.printf(
        "QuickListRedisIT: %d commands (%d error replies), %d DUMP comparisons (%d after RESTORE, %d of 6.2"
            + " payloads), %d mismatches, %d stale-LZF-table"
            + " cases, %d compressed and %d PLAIN nodes seen in DUMPs, %.1f s%n",
        commands,
        errorReplies,
        dumps,
        restores,
        oldPayloads,
        mismatches.size(),
        staleCases,
        compressedNodesSeen,
        plainNodesSeen,
        (System.nanoTime() - t0) / 1e9);
    assertTrue(mismatches.isEmpty(), "seed " + seed + ": " + mismatches);
    assertTrue(compressedNodesSeen > 0 && plainNodesSeen > 0, "coverage");
  }

  private void runCell(
      RespClient redis, SplittableRandom r, int fill, int depth, boolean plain, long seed) {
    String cell = "fill " + fill + " depth " + depth + (plain ? " plain" : "");
    long threshold = plain ? PLAIN_THRESHOLD : QuickList.DEFAULT_PACKED_THRESHOLD;
    for (RespReply rep :
        redis.pipeline(
            List.of(
                RespClient.utf8("CONFIG", "SET", "list-max-listpack-size", "" + fill),
                RespClient.utf8("CONFIG", "SET", "list-compress-depth", "" + depth),
                RespClient.utf8("DEBUG", "QUICKLIST-PACKED-THRESHOLD", "" + threshold),
                RespClient.utf8("DEL", KEY, KEY2)))) {
      assertTrue(!(rep instanceof RespReply.Error), cell + ": " + rep);
    }
    QuickList[] ours = {newList(fill, depth, threshold), newList(fill, depth, threshold)};
    int target = 20 + r.nextInt(r.nextBoolean() ? 200 : 1500);
    boolean compression = false;
    for (int done = 0; done < COMMANDS_PER_CELL; done += BATCH) {
      List<byte[][]> cmds = new ArrayList<>();
      List<RespReply> expected = new ArrayList<>();
      List<RespReply> stepReplies = new ArrayList<>();
      for (int i = 0; i < BATCH; i++) {
        int kind = r.nextInt(24);
        byte[][] cmd =
            kind < 2
                ? twoKeyCommand(r)
                : kind == 2 ? malformed(r, ours[0]) : command(r, ours[0], target);
        cmds.add(cmd);
        String before = STEPWISE ? ours[0].shape() + " | " + ours[1].shape() : "";
        expected.add(apply(ours, cmd));
        if (STEPWISE) {
          stepReplies.add(redis.call(cmd));
          String step = cell + " after " + describe(cmd) + " from " + before;
          compareDump(redis, KEY, ours[0], false, step, seed);
          compareDump(redis, KEY2, ours[1], false, step, seed);
        }
        for (int j = 0; j < ours.length; j++) {
          if (ours[j].size() == 0) {
            ours[j] = newList(fill, depth, threshold); // Redis deletes an emptied key
          }
        }
        if (r.nextInt(500) == 0) {
          target = 20 + r.nextInt(r.nextBoolean() ? 200 : 1500);
        }
      }
      List<RespReply> got = STEPWISE ? stepReplies : redis.pipeline(cmds);
      commands += cmds.size();
      for (int i = 0; i < cmds.size(); i++) {
        errorReplies += got.get(i) instanceof RespReply.Error ? 1 : 0;
        if (!expected.get(i).equals(got.get(i))) {
          mismatches.add(
              cell
                  + ": "
                  + describe(cmds.get(i))
                  + " -> redis "
                  + got.get(i)
                  + ", ours "
                  + expected.get(i));
          if (mismatches.size() > 5) {
            throw new AssertionError("seed " + seed + ": " + mismatches);
          }
        }
      }
      compression = !compression;
      compareDump(redis, KEY, ours[0], compression, cell, seed);
      compareDump(redis, KEY2, ours[1], compression, cell, seed);
      ours[0].checkInvariants();
      ours[1].checkInvariants();
      if ((done / BATCH) % 8 == 7 && ours[0].size() > 0) {
        compareRestore(redis, compression, fill, depth, cell, seed);
      }
    }
    compareOldPayloads(redis, r, fill, depth, threshold, cell, seed);
  }

  /**
   * 6.2 payloads: type 14 (quicklist of ziplists, an empty node now and then) and type 10 (one
   * ziplist), RESTOREd into Redis and loaded by us with the cell's settings: the DUMPs must agree.
   */
  private void compareOldPayloads(
      RespClient redis,
      SplittableRandom r,
      int fill,
      int depth,
      long threshold,
      String cell,
      long seed) {
    QuickList none = QuickList.create();
    for (int k = 0; k < 6; k++) {
      boolean quicklist = k < 4;
      RdbWriter w = RdbWriter.create(r.nextBoolean());
      int nodes = quicklist ? 1 + r.nextInt(5) : 1;
      w.type(quicklist ? RdbPayload.TYPE_LIST_QUICKLIST : RdbPayload.TYPE_LIST_ZIPLIST);
      if (quicklist) {
        w.length(nodes);
      }
      for (int i = 0; i < nodes; i++) {
        ZipList zl = ZipList.create();
        int n = r.nextInt(10) == 0 ? 0 : 1 + r.nextInt(quicklist ? 60 : 400);
        for (int j = 0; j < n; j++) {
          zl.pushTail(value(r, none));
        }
        w.string(zl.toByteArray());
      }
      byte[] payload = w.toDumpPayload();
      List<RespReply> got =
          redis.pipeline(
              List.of(
                  new byte[][] {b("DEL"), b("old")},
                  new byte[][] {b("RESTORE"), b("old"), b("0"), payload},
                  new byte[][] {b("DUMP"), b("old")}));
      boolean compression = r.nextBoolean();
      redis.call("CONFIG", "SET", "rdbcompression", compression ? "yes" : "no").assertOk();
      byte[] theirs =
          redis.call(b("DUMP"), b("old")) instanceof RespReply.Bulk bulk ? bulk.value() : null;
      QuickList ours;
      try {
        ours = QuickList.fromRdbPayload(payload, fill, depth, threshold);
      } catch (CorruptEncodingException e) {
        ours = null;
      }
      if (theirs == null || ours == null) {
        if ((theirs == null) != (ours == null)) {
          mismatches.add(cell + ": 6.2 payload RESTORE " + got.get(1) + ", ours " + ours);
        }
        continue;
      }
      oldPayloads++;
      ours.checkInvariants();
      compare(theirs, ours, compression, cell + " (6.2 type " + (quicklist ? 14 : 10) + ")", seed);
    }
  }

  /** RESTOREs Redis's DUMP into Redis and into ours (fromRdbPayload); the DUMPs must agree. */
  private void compareRestore(
      RespClient redis, boolean compression, int fill, int depth, String cell, long seed) {
    byte[] payload = redis.call(b("DUMP"), b(KEY)).asBytes();
    List<RespReply> got =
        redis.pipeline(
            List.of(
                new byte[][] {b("DEL"), b("restored")},
                new byte[][] {b("RESTORE"), b("restored"), b("0"), payload},
                new byte[][] {b("DUMP"), b("restored")}));
    QuickList loaded = QuickList.fromRdbPayload(payload, fill, depth);
    loaded.checkInvariants();
    restores++;
    compare(got.get(2).asBytes(), loaded, compression, cell + " (RESTORE)", seed);
  }

  private static QuickList newList(int fill, int depth, long threshold) {
    QuickList ql = QuickList.create(fill, depth);
    ql.setPackedThreshold(threshold);
    return ql;
  }

  // ---------------------------------------------------------------- commands and our replies

  private byte[] value(SplittableRandom r, QuickList ql) {
    int kind = r.nextInt(100);
    if (kind < 20 && ql.size() > 0) {
      // An existing element, so that pivots and LREM hit. Read with a cursor, which changes no
      // node: get() is LINDEX and may compress a node, which Redis would not see.
      QuickListCursor c = ql.cursor();
      c.seek(r.nextLong(ql.size()));
      return c.toByteArray();
    }
    if (kind < 40) {
      return b(Long.toString(INTEGERS[r.nextInt(INTEGERS.length)] + (r.nextInt(3) - 1)));
    }
    if (kind < 45) {
      return b(ODD_NUMBERS[r.nextInt(ODD_NUMBERS.length)]);
    }
    if (kind < 75) {
      return b("v" + r.nextInt(50)); // short, repeated
    }
    int len;
    int sizeKind = r.nextInt(100);
    if (sizeKind < 60) {
      len = 10 + r.nextInt(60);
    } else if (sizeKind < 90) {
      len = 70 + r.nextInt(930);
    } else if (sizeKind < 97) {
      len = 1000 + r.nextInt(3000);
    } else {
      len = 4000 + r.nextInt(5000); // to past 8 KiB
    }
    byte[] v = new byte[len];
    if (r.nextBoolean()) {
      byte[] unit = b("item:" + r.nextInt(1000) + ";");
      for (int i = 0; i < len; i++) {
        v[i] = unit[i % unit.length];
      }
    } else {
      for (int i = 0; i < len; i++) {
        v[i] = (byte) ('a' + r.nextInt(26));
      }
    }
    return v;
  }

  private static byte[] num(long v) {
    return b(Long.toString(v));
  }

  private byte[][] command(SplittableRandom r, QuickList ql, int target) {
    long n = ql.size();
    boolean shrink = n > target;
    int op = r.nextInt(100);
    byte[] k = b(KEY);
    if (op < (shrink ? 10 : 35)) {
      int values = 1 + (r.nextInt(4) == 0 ? r.nextInt(5) : 0);
      byte[][] cmd = new byte[2 + values][];
      cmd[0] = b(r.nextBoolean() ? "LPUSH" : "RPUSH");
      cmd[1] = k;
      for (int i = 0; i < values; i++) {
        cmd[2 + i] = value(r, ql);
      }
      return cmd;
    }
    long span = Math.max(1, n) + 3;
    long idx = r.nextLong(2 * span) - span;
    switch (op % 10) {
      case 0:
        return r.nextInt(3) == 0
            ? new byte[][] {
              b(r.nextBoolean() ? "LPOP" : "RPOP"), k, num(r.nextInt(shrink ? 60 : 5))
            }
            : new byte[][] {b(r.nextBoolean() ? "LPOP" : "RPOP"), k};
      case 1:
        return new byte[][] {
          b("LINSERT"), k, b(r.nextBoolean() ? "BEFORE" : "AFTER"), value(r, ql), value(r, ql)
        };
      case 2:
        return new byte[][] {b("LSET"), k, num(idx), value(r, ql)};
      case 3:
        return new byte[][] {b("LREM"), k, num(r.nextInt(7) - 3), value(r, ql)};
      case 4:
        if (r.nextInt(shrink ? 2 : 8) == 0) {
          long from = r.nextLong(3);
          return new byte[][] {b("LTRIM"), k, num(from), num(-1 - r.nextLong(3))};
        }
        return new byte[][] {b("LINDEX"), k, num(idx)};
      case 5:
        long len = r.nextInt(4) == 0 ? r.nextInt(400) : r.nextInt(10);
        return new byte[][] {b("LRANGE"), k, num(idx), num(idx + len)};
      case 6:
        return r.nextBoolean() ? new byte[][] {b("LLEN"), k} : lposCommand(r, ql);
      case 7:
        return r.nextBoolean() ? lposCommand(r, ql) : new byte[][] {b("LINDEX"), k, num(idx)};
      case 8:
        return new byte[][] {b("LINSERT"), k, b("BEFORE"), value(r, ql), value(r, ql)};
      default:
        return r.nextBoolean()
            ? new byte[][] {b("LSET"), k, num(idx), value(r, ql)}
            : new byte[][] {b("RPOP"), k};
    }
  }

  private byte[][] twoKeyCommand(SplittableRandom r) {
    byte[] k1 = b(r.nextInt(4) == 0 ? KEY2 : KEY);
    byte[] k2 = b(r.nextInt(3) == 0 ? KEY : KEY2);
    byte[] side1 = b(r.nextBoolean() ? "LEFT" : "RIGHT");
    byte[] side2 = b(r.nextBoolean() ? "LEFT" : "RIGHT");
    switch (r.nextInt(3)) {
      case 0:
        return new byte[][] {b("LMOVE"), k1, k2, side1, side2};
      case 1:
        return new byte[][] {b("RPOPLPUSH"), k1, k2};
      default:
        return r.nextBoolean()
            ? new byte[][] {b("LMPOP"), b("2"), k2, k1, side1}
            : new byte[][] {b("LMPOP"), b("2"), k1, k2, side1, b("COUNT"), num(1 + r.nextInt(30))};
    }
  }

  private byte[][] lposCommand(SplittableRandom r, QuickList ql) {
    List<byte[]> args = new ArrayList<>(List.of(b("LPOS"), b(KEY), value(r, ql)));
    if (r.nextBoolean()) {
      args.add(b("RANK"));
      args.add(num(r.nextInt(50) == 0 ? 0 : r.nextInt(7) - 3));
    }
    if (r.nextBoolean()) {
      args.add(b("COUNT"));
      args.add(num(r.nextInt(50) == 0 ? -1 : r.nextInt(4)));
    }
    if (r.nextBoolean()) {
      args.add(b("MAXLEN"));
      args.add(num(r.nextInt(50) == 0 ? -1 : r.nextInt(300)));
    }
    return args.toArray(new byte[0][]);
  }

  /** Runs a command through the Redis face ({@link ListCommands}) on our two lists. */
  private static RespReply apply(QuickList[] lists, byte[][] c) {
    return RespReply.parse(ListCommands.execute(c, key -> lists[keyIndex(key)]));
  }

  private static int keyIndex(byte[] key) {
    if (Arrays.equals(key, b(KEY))) {
      return 0;
    } else if (Arrays.equals(key, b(KEY2))) {
      return 1;
    }
    throw new AssertionError("unexpected key " + new String(key, US_ASCII));
  }

  // ---------------------------------------------------------------- malformed commands

  private static final String[] BAD_INTEGERS = {
    "",
    "-",
    "+1",
    " 1",
    "1 ",
    "007",
    "-0",
    "1e3",
    "0x10",
    "1.5",
    "abc",
    "9223372036854775808",
    "-9223372036854775809",
    "99999999999999999999"
  };

  private static byte[] badInt(SplittableRandom r) {
    return b(BAD_INTEGERS[r.nextInt(BAD_INTEGERS.length)]);
  }

  private static byte[] pick(SplittableRandom r, String... words) {
    return b(words[r.nextInt(words.length)]);
  }

  /**
   * A command with something wrong (or a keyword in another case): bad integers, RANK 0, negative
   * COUNT/MAXLEN, BEFORE/AFTER and LEFT/RIGHT misspelt or cut at a NUL, LMPOP's numkeys and COUNT,
   * options without their value, and wrong argument counts.
   */
  private byte[][] malformed(SplittableRandom r, QuickList ql) {
    byte[] k = r.nextInt(4) == 0 ? b(KEY2) : b(KEY);
    byte[] k2 = r.nextBoolean() ? b(KEY2) : b(KEY);
    byte[] side = pick(r, "LEFT", "right", "Left", "UP", "LEFTX", "left\0x", "");
    byte[] side2 = pick(r, "RIGHT", "left", "DOWN");
    switch (r.nextInt(16)) {
      case 0:
        return new byte[][] {b("LINDEX"), k, badInt(r)};
      case 1:
        return new byte[][] {
          b("LSET"), k, r.nextBoolean() ? badInt(r) : num(1 << 20), value(r, ql)
        };
      case 2:
        return r.nextBoolean()
            ? new byte[][] {b("LRANGE"), k, badInt(r), num(3)}
            : new byte[][] {b("LTRIM"), k, num(0), badInt(r)};
      case 3:
        return new byte[][] {b("LREM"), k, badInt(r), value(r, ql)};
      case 4:
        {
          byte[] where = pick(r, "before", "After", "BEFOR", "MIDDLE", "", "AFTER\0z");
          return new byte[][] {b("LINSERT"), k, where, value(r, ql), value(r, ql)};
        }
      case 5:
        return new byte[][] {
          b(r.nextBoolean() ? "LPOP" : "rpop"),
          k,
          r.nextBoolean() ? badInt(r) : num(-1 - r.nextInt(3))
        };
      case 6:
        return r.nextBoolean()
            ? new byte[][] {b("LPOP"), k, num(1), num(2)}
            : new byte[][] {b("RPOP"), k, num(0)};
      case 7:
        {
          List<byte[]> args = new ArrayList<>(List.of(b("LPOS"), k, value(r, ql)));
          int options = 1 + r.nextInt(3);
          for (int i = 0; i < options; i++) {
            args.add(pick(r, "rank", "COUNT", "maxlen", "RANKS", "COUNT"));
            if (i < options - 1 || r.nextInt(4) != 0) {
              args.add(
                  r.nextInt(3) == 0
                      ? badInt(r)
                      : pick(
                          r, "0", "-1", "2", "-3", "-9223372036854775808", "9223372036854775807"));
            }
          }
          return args.toArray(new byte[0][]);
        }
      case 8:
        return new byte[][] {b("LMOVE"), k, k2, side, side2};
      case 9:
        return new byte[][] {b("LMOVE"), k, k2, side2, side};
      case 10:
        return new byte[][] {
          b("LMPOP"), pick(r, "0", "-1", "abc", "3", "9223372036854775807", "2"), k, k2, side
        };
      case 11:
        return new byte[][] {
          b("LMPOP"),
          b("1"),
          k,
          side2,
          pick(r, "COUNT", "count", "LIMIT"),
          pick(r, "0", "-2", "x", "2")
        };
      case 12:
        return new byte[][] {
          b("LMPOP"), b("1"), k, b("LEFT"), b("COUNT"), num(1), b("COUNT"), num(2)
        };
      case 13:
        return arity(r, k, k2);
      case 14:
        return new byte[][] {pick(r, "lpushx", "RPUSHX"), k, value(r, ql), value(r, ql)};
      default:
        return new byte[][] {pick(r, "lindex", "Llen", "lrange"), k, num(0), num(-1)};
    }
  }

  /** Too few or too many arguments for the command's arity. */
  private static byte[][] arity(SplittableRandom r, byte[] k, byte[] k2) {
    switch (r.nextInt(10)) {
      case 0:
        return new byte[][] {b("LLEN")};
      case 1:
        return new byte[][] {b("LLEN"), k, k2};
      case 2:
        return new byte[][] {b("LINDEX"), k};
      case 3:
        return new byte[][] {b("LSET"), k, num(0)};
      case 4:
        return new byte[][] {b("LINSERT"), k, b("BEFORE"), b("x")};
      case 5:
        return new byte[][] {b("LRANGE"), k, num(0)};
      case 6:
        return new byte[][] {b("lpush"), k};
      case 7:
        return new byte[][] {b("RPOPLPUSH"), k};
      case 8:
        return new byte[][] {b("LMOVE"), k, k2, b("LEFT")};
      default:
        return new byte[][] {b("LMPOP"), b("1"), k};
    }
  }

  private static String describe(byte[][] cmd) {
    StringBuilder sb = new StringBuilder();
    for (byte[] a : cmd) {
      String s = new String(a, US_ASCII);
      sb.append(' ').append(s.length() > 24 ? s.substring(0, 20) + "..(" + s.length() + ")" : s);
    }
    return sb.toString().trim();
  }

  // ---------------------------------------------------------------- DUMP comparison

  /** One node of a type 18 payload: container, the string as written, its decoded bytes. */
  private record DumpNode(long container, byte[] written, byte[] decoded, boolean lzf) {}

  private static List<DumpNode> nodes(byte[] payload) {
    byte[] body = RdbPayload.parse(payload).body();
    RdbReader rd = RdbReader.of(body);
    long n = rd.length();
    List<DumpNode> out = new ArrayList<>();
    for (long i = 0; i < n; i++) {
      long container = rd.length();
      int at = rd.position();
      byte[] decoded = rd.string();
      byte[] written = Arrays.copyOfRange(body, at, rd.position());
      out.add(new DumpNode(container, written, decoded, (written[0] & 0xff) == 0xc3));
    }
    return out;
  }

  private void compareDump(
      RespClient redis, String key, QuickList ql, boolean compression, String cell, long seed) {
    List<RespReply> got =
        redis.pipeline(
            List.of(
                RespClient.utf8("CONFIG", "SET", "rdbcompression", compression ? "yes" : "no"),
                RespClient.utf8("DUMP", key)));
    dumps++;
    RespReply dump = got.get(1);
    if (ql.size() == 0) {
      if (dump != RespReply.Null.INSTANCE) {
        mismatches.add(cell + ": DUMP of an empty list is " + dump);
      }
      return;
    }
    compare(dump.asBytes(), ql, compression, cell, seed);
  }

  private void compare(byte[] theirs, QuickList ql, boolean compression, String cell, long seed) {
    byte[] ours = ql.toRdbPayload(compression);
    List<DumpNode> ourNodes = nodes(ours);
    for (DumpNode d : ourNodes) {
      plainNodesSeen += d.container() == 1 ? 1 : 0;
    }
    compressedNodesSeen += ql.shape().chars().filter(ch -> ch == 'C').count();
    if (Arrays.equals(theirs, ours)) {
      return;
    }
    List<DumpNode> theirNodes = nodes(theirs);
    boolean stale = theirNodes.size() == ourNodes.size();
    for (int i = 0; stale && i < ourNodes.size(); i++) {
      DumpNode t = theirNodes.get(i);
      DumpNode o = ourNodes.get(i);
      if (Arrays.equals(t.written(), o.written())) {
        continue;
      }
      stale =
          t.container() == o.container()
              && Arrays.equals(t.decoded(), o.decoded())
              && t.lzf()
              && (o.lzf() || !freshCompressionPays(o.decoded(), compression));
    }
    if (stale) {
      staleCases++;
    } else {
      mismatches.add(cell + ": DUMP differs; ours " + ql.shape() + diff(theirNodes, ourNodes));
      throw new AssertionError("seed " + seed + ": " + mismatches);
    }
  }

  private static String diff(List<DumpNode> theirs, List<DumpNode> ours) {
    if (theirs.size() != ours.size()) {
      return "; node counts " + theirs.size() + " (redis) and " + ours.size();
    }
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < ours.size(); i++) {
      DumpNode t = theirs.get(i);
      DumpNode o = ours.get(i);
      if (!Arrays.equals(t.written(), o.written())) {
        sb.append("; node ").append(i).append(": redis ").append(t.lzf() ? "LZF " : "raw ");
        sb.append(t.written().length).append(", ours ").append(o.lzf() ? "LZF " : "raw ");
        sb.append(o.written().length).append(", same bytes ");
        sb.append(Arrays.equals(t.decoded(), o.decoded()));
        if (Boolean.getBoolean("redstruct.quicklist.hex")) {
          sb.append(" ").append(java.util.HexFormat.of().formatHex(o.decoded()));
        }
      }
    }
    return sb.toString();
  }

  /** Whether a fresh-table LZF of a raw node would have given an LZF form, node or RDB string. */
  private static boolean freshCompressionPays(byte[] raw, boolean rdbCompression) {
    byte[] out = new byte[raw.length];
    int c = Lzf.create().compress(raw, 0, raw.length, out, 0, raw.length);
    boolean node = raw.length >= 48 && c != 0 && c + 8 < raw.length;
    boolean rdb = rdbCompression && raw.length > 20 && Lzf.create().compressForRdb(raw) != null;
    return node || rdb;
  }

  @Test
  void dumpOfTheReadmeStackMatchesRedis(RespClient redis) {
    redis.call("CONFIG", "SET", "rdbcompression", "yes").assertOk();
    redis.call("LPUSH", "stack", "x", "y");
    redis.call("LPOP", "stack");
    QuickList stack = QuickList.create();
    stack.pushHead(b("x"));
    stack.pushHead(b("y"));
    stack.popHead();
    assertEquals(
        Arrays.toString(redis.call("DUMP", "stack").asBytes()),
        Arrays.toString(stack.toRdbPayload(true)));
  }
}
