package dev.redstruct.quicklist;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.testkit.NullArguments;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
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
    int n = NullArguments.of(ListCommands.class).run();
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
}
