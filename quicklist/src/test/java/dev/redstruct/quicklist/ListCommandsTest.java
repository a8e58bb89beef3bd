package dev.redstruct.quicklist;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.testkit.NullArguments;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * {@link ListCommands}, with the examples of Redis 7.0.15's {@code tests/unit/type/list.tcl} (the
 * test names are theirs; their RESP2 replies are read raw there, which is what is compared here).
 * The random differential is {@code QuickListRedisIT}.
 */
class ListCommandsTest {
  /** A keyspace as a user of the face keeps one: lists by key, emptied ones dropped. */
  private final Map<ByteBuffer, QuickList> keys = new HashMap<>();

  private String r(String... args) {
    byte[][] argv = new byte[args.length][];
    for (int i = 0; i < args.length; i++) {
      argv[i] = args[i].getBytes(ISO_8859_1);
    }
    byte[] reply =
        ListCommands.execute(
            argv, k -> keys.computeIfAbsent(ByteBuffer.wrap(k.clone()), x -> QuickList.create()));
    keys.values().removeIf(ql -> ql.size() == 0);
    return new String(reply, ISO_8859_1);
  }

  @Test
  void variadicRpushLpush() {
    assertEquals(":4\r\n", r("lpush", "mylist", "a", "b", "c", "d"));
    assertEquals(":8\r\n", r("rpush", "mylist", "0", "1", "2", "3"));
    assertEquals(
        "*8\r\n$1\r\nd\r\n$1\r\nc\r\n$1\r\nb\r\n$1\r\na\r\n$1\r\n0\r\n$1\r\n1\r\n$1\r\n2\r\n$1\r\n3\r\n",
        r("lrange", "mylist", "0", "-1"));
  }

  @Test
  void lpopRpopWithTheOptionalCountArgument() {
    assertEquals(":7\r\n", r("lpush", "listcount", "aa", "bb", "cc", "dd", "ee", "ff", "gg"));
    assertEquals("*1\r\n$2\r\ngg\r\n", r("lpop", "listcount", "1"));
    assertEquals("*2\r\n$2\r\nff\r\n$2\r\nee\r\n", r("lpop", "listcount", "2"));
    assertEquals("*2\r\n$2\r\naa\r\n$2\r\nbb\r\n", r("rpop", "listcount", "2"));
    assertEquals("*1\r\n$2\r\ncc\r\n", r("rpop", "listcount", "1"));
    assertEquals("*1\r\n$2\r\ndd\r\n", r("rpop", "listcount", "123"));
    assertTrue(r("lpop", "forbarqaz", "-123").matches("-ERR.*range.*\r\n"));
    assertEquals(0, keys.size(), "an emptied list is dropped");
  }

  @Test
  void lpopRpopReplyKindsInResp2() {
    r("lpush", "listcount", "zero");
    assertEquals("*0\r\n", r("lpop", "listcount", "0")); // the count 0 returns an empty array
    assertEquals("*0\r\n", r("rpop", "listcount", "0"));
    assertEquals("$-1\r\n", r("lpop", "non_existing_key")); // against a non-existing key
    assertEquals("$-1\r\n", r("rpop", "non_existing_key"));
    assertEquals("*-1\r\n", r("lpop", "non_existing_key", "0")); // with count, non-existing key
    assertEquals("*-1\r\n", r("rpop", "non_existing_key", "1"));
  }

  @Test
  void lpopRpopWithWrongNumberOfArguments() {
    assertEquals(
        "-ERR wrong number of arguments for 'lpop' command\r\n", r("lpop", "key", "1", "1"));
    assertEquals(
        "-ERR wrong number of arguments for 'rpop' command\r\n", r("rpop", "key", "2", "2"));
  }

  @Test
  void lmpopWithIllegalArgument() {
    assertEquals("-ERR wrong number of arguments for 'lmpop' command\r\n", r("lmpop"));
    assertEquals("-ERR wrong number of arguments for 'lmpop' command\r\n", r("lmpop", "1"));
    assertEquals("-ERR wrong number of arguments for 'lmpop' command\r\n", r("lmpop", "1", "l"));
    for (String numkeys : new String[] {"0", "a", "-1"}) {
      assertTrue(r("lmpop", numkeys, "mylist", "LEFT").startsWith("-ERR numkeys"));
    }
    String syntax = "-ERR syntax error\r\n";
    assertEquals(syntax, r("lmpop", "1", "mylist", "bad_where"));
    assertEquals(syntax, r("lmpop", "1", "mylist", "LEFT", "bar_arg"));
    assertEquals(syntax, r("lmpop", "1", "mylist", "RIGHT", "LEFT"));
    assertEquals(syntax, r("lmpop", "1", "mylist", "COUNT"));
    assertEquals(syntax, r("lmpop", "1", "mylist", "LEFT", "COUNT", "1", "COUNT", "2"));
    assertEquals(syntax, r("lmpop", "2", "mylist", "mylist2", "bad_arg"));
    assertTrue(r("lmpop", "1", "mylist", "LEFT", "COUNT", "0").startsWith("-ERR count"));
    assertTrue(r("lmpop", "1", "mylist", "RIGHT", "COUNT", "a").startsWith("-ERR count"));
    assertTrue(
        r("lmpop", "2", "mylist", "mylist2", "RIGHT", "COUNT", "-1").startsWith("-ERR count"));
  }

  @Test
  void lmpopSingleExistingList() {
    r("rpush", "mylist", "a", "b", "c", "d", "e", "f"); // create_list mylist "a b c d e f"
    assertEquals(
        "*2\r\n$6\r\nmylist\r\n*2\r\n$1\r\na\r\n$1\r\nb\r\n",
        r("lmpop", "2", "mylist", "mylist", "left", "count", "2"));
    assertEquals(
        "*2\r\n$6\r\nmylist\r\n*2\r\n$1\r\nf\r\n$1\r\ne\r\n",
        r("lmpop", "2", "mylist", "mylist", "right", "count", "2"));
  }

  @Test
  void lposRankZeroAndBasicUsage() {
    r("rpush", "mylist", "a", "b", "c", "1", "2", "3", "c", "c");
    assertTrue(r("LPOS", "mylist", "c", "RANK", "0").startsWith("-ERR RANK can't be zero: use 1"));
    assertEquals(":2\r\n", r("LPOS", "mylist", "c")); // LPOS basic usage
    assertEquals("*2\r\n:6\r\n:7\r\n", r("LPOS", "mylist", "c", "COUNT", "0", "RANK", "2"));
    assertEquals(":7\r\n", r("LPOS", "mylist", "c", "RANK", "-1"));
    assertEquals(
        "*2\r\n:7\r\n:6\r\n", r("LPOS", "mylist", "c", "COUNT", "0", "MAXLEN", "3", "RANK", "-1"));
    assertEquals("*0\r\n", r("LPOS", "mylist", "x", "COUNT", "2", "RANK", "-1")); // LPOS no match
    assertEquals("$-1\r\n", r("LPOS", "mylist", "x", "RANK", "-1"));
  }

  @Test
  void namesThatAreNotListCommandsAreCallerMistakes() {
    assertThrows(IllegalArgumentException.class, () -> r("get", "k"));
    assertThrows(IllegalArgumentException.class, () -> r());
  }

  @Test
  void nullArguments() {
    int n =
        NullArguments.of(ListCommands.class)
            .sample(
                dev.redstruct.core.resp.RespWriter.class, dev.redstruct.core.resp.RespWriter::new)
            .run();
    assertTrue(n >= 2, "checked " + n);
    QuickList q = QuickList.create();
    q.pushTail("a".getBytes(ISO_8859_1));
    int m =
        NullArguments.of(QuickListCursor.class)
            .receiver(
                () -> {
                  QuickListCursor c = q.cursor();
                  c.next();
                  return c;
                },
                c -> c.length())
            .run();
    assertTrue(m >= 3, "checked " + m);
  }

  /**
   * Issue 27 item 5: {@code RANK -9223372036854775808} without COUNT. Redis negates the rank in a C
   * {@code long}, which leaves it negative, so the first match (scanning from the tail) already
   * counts and the scan stops there: the nodes it did not reach stay as they were, here the raw
   * 122-byte node LINSERT left inside the compress depth. Facts from redis-server 7.0.15 with
   * {@code list-max-listpack-size 4}, {@code list-compress-depth 1}, {@code rdbcompression no}: the
   * commands below, then {@code LPOS} replied 20 and {@code DUMP a} gave the hex below (the same as
   * before LPOS; the node is written raw, not as an LZF blob).
   */
  @Test
  void lposRankLongMinWithoutCountStopsAtTheFirstMatchAsRedisDoes() {
    Map<ByteBuffer, QuickList> lists = new HashMap<>();
    Function<String[], String> cmd =
        args -> {
          byte[][] argv = new byte[args.length][];
          for (int i = 0; i < args.length; i++) {
            argv[i] = args[i].getBytes(ISO_8859_1);
          }
          byte[] reply =
              ListCommands.execute(
                  argv,
                  k ->
                      lists.computeIfAbsent(
                          ByteBuffer.wrap(k.clone()), x -> QuickList.create(4, 1)));
          return new String(reply, ISO_8859_1);
        };
    cmd.apply("rpush a x1 x2 x3 x4 v1 v2 v3 v4 y1 y2 y3 y4 z1 z2 z3 z4 w1 w2 w3 w4 m".split(" "));
    cmd.apply(new String[] {"lrem", "a", "1", "y2"});
    cmd.apply(new String[] {"linsert", "a", "after", "y1", "A".repeat(100)});
    assertEquals(":20\r\n", cmd.apply("lpos a m rank -9223372036854775808".split(" ")));
    String redisDump =
        "1206021717000000040082783103827832038278330382783403ff021717000000040082763103827632038276"
            + "330382763403ff02407a7a000000040082793103e064"
            + "41".repeat(100)
            + "668279330382793403ff0217170000000400827a3103827a3203827a3303827a3403ff0217170000000400"
            + "82773103827732038277330382773403ff020a0a0000000100816d02ff0a003e58650bc0313247";
    QuickList a = lists.get(ByteBuffer.wrap("a".getBytes(ISO_8859_1)));
    assertEquals(redisDump, HexFormat.of().formatHex(a.toRdbPayload(false)));
    // with COUNT, Redis's "matches - rank + 1 >= count" wraps negative and never stops the scan
    cmd.apply(new String[] {"rpush", "a", "m", "x1", "m"});
    assertEquals(
        "*3\r\n:23\r\n:21\r\n:20\r\n",
        cmd.apply("lpos a m rank -9223372036854775808 count 2".split(" ")));
  }
}
