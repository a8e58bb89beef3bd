package dev.redstruct.set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.Bytes;
import dev.redstruct.testkit.RespReply;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Examples of Redis 7.0.15's {@code tests/unit/type/set.tcl} that need no server feature (no
 * WRONGTYPE, DEBUG or keyspace events), run through {@link SetCommands}, per encoding where the Tcl
 * test runs per encoding; expected values are the Tcl test's. Replies are compared sorted where the
 * Tcl test sorts them ({@code lsort}).
 */
class SetTclExamplesTest {
  private final Map<String, RedisSet> db = new HashMap<>();
  private final SplittableRandom rnd = new SplittableRandom(7);

  private RespReply r(String... args) {
    byte[][] argv = new byte[args.length][];
    for (int i = 0; i < args.length; i++) {
      argv[i] = args[i].getBytes(StandardCharsets.UTF_8);
    }
    byte[] reply =
        SetCommands.execute(
            argv,
            k -> db.computeIfAbsent(new String(k, StandardCharsets.UTF_8), x -> RedisSet.create()),
            rnd);
    db.values().removeIf(RedisSet::isEmpty);
    return RespReply.parse(reply);
  }

  private long n(String... args) {
    return r(args).asLong();
  }

  private List<String> sorted(String... args) {
    return r(args).asList().stream().map(RespReply::asString).sorted().collect(Collectors.toList());
  }

  private String encoding(String key) {
    return db.get(key).encoding().redisName();
  }

  private void createSet(String key, String... entries) {
    db.remove(key);
    for (String e : entries) {
      r("sadd", key, e);
    }
  }

  private static List<String> lsort(String... s) {
    return java.util.Arrays.stream(s).sorted().collect(Collectors.toList());
  }

  @ParameterizedTest
  @ValueSource(strings = {"hashtable", "intset"})
  void basics(String type) {
    boolean ht = type.equals("hashtable");
    String a = ht ? "foo" : "17";
    String b = ht ? "bar" : "16";
    String none = ht ? "bla" : "18";
    createSet("myset", a);
    assertEquals(type, encoding("myset"));
    assertEquals(1, n("sadd", "myset", b));
    assertEquals(0, n("sadd", "myset", b));
    assertEquals(2, n("scard", "myset"));
    assertEquals(1, n("sismember", "myset", a));
    assertEquals(0, n("sismember", "myset", none));
    assertEquals("*[:1, :0]", r("smismember", "myset", a, none).toString());
    assertEquals(lsort(a, b), sorted("smembers", "myset"));
  }

  @Test
  void conversionsAndVariadic() {
    createSet("myset", "1", "2", "3");
    assertEquals("intset", encoding("myset"));
    assertEquals(1, n("sadd", "myset", "a"));
    assertEquals("hashtable", encoding("myset"));
    createSet("big", "213244124402402314402033402");
    assertEquals("hashtable", encoding("big"));
    db.remove("myset");
    for (int i = 0; i < 512; i++) {
      r("sadd", "myset", Integer.toString(i));
    }
    assertEquals("intset", encoding("myset"));
    assertEquals(1, n("sadd", "myset", "512"));
    assertEquals("hashtable", encoding("myset"));
    db.remove("myset");
    assertEquals(3, n("sadd", "myset", "a", "b", "c"));
    assertEquals(2, n("sadd", "myset", "A", "a", "b", "c", "B"));
    db.remove("myset");
    r("sadd", "myset", "1", "2", "3");
    assertEquals(3, n("srem", "myset", "1", "2", "3", "4", "5", "6", "7", "8"));
    assertTrue(!db.containsKey("myset"));
  }

  @Test
  void sintercardArguments() {
    assertEquals(
        "ERR wrong number of arguments for 'sintercard' command",
        r("sintercard", "1").toString().substring(1));
    assertTrue(r("sintercard", "0", "myset").toString().startsWith("-ERR numkeys"));
    assertTrue(r("sintercard", "a", "myset").toString().startsWith("-ERR numkeys"));
    assertTrue(r("sintercard", "2", "myset").toString().startsWith("-ERR Number of keys"));
    assertTrue(r("sintercard", "1", "myset", "myset2").toString().startsWith("-ERR syntax error"));
    assertTrue(r("sintercard", "1", "myset", "LIMIT").toString().startsWith("-ERR syntax error"));
    assertTrue(r("sintercard", "1", "myset", "LIMIT", "-1").toString().startsWith("-ERR LIMIT"));
    assertTrue(r("sintercard", "1", "myset", "LIMIT", "a").toString().startsWith("-ERR LIMIT"));
    assertEquals(0, n("sintercard", "1", "non-existing-key", "limit", "10"));
  }

  /** set.tcl's generated sets: set1 = 0..199, set2 = 195..394, set3, set4, set5, plus "large". */
  @ParameterizedTest
  @ValueSource(strings = {"hashtable", "intset"})
  void algebra(String type) {
    String large = type.equals("hashtable") ? "foo" : "200";
    for (int i = 0; i < 200; i++) {
      r("sadd", "set1", Integer.toString(i));
      r("sadd", "set2", Integer.toString(i + 195));
    }
    for (String i : List.of("199", "195", "1000", "2000")) {
      r("sadd", "set3", i);
    }
    for (int i = 5; i < 200; i++) {
      r("sadd", "set4", Integer.toString(i));
    }
    r("sadd", "set5", "0");
    for (int i = 1; i <= 5; i++) {
      r("sadd", "set" + i, large);
      assertEquals(type, encoding("set" + i));
    }
    assertEquals(lsort("195", "196", "197", "198", "199", large), sorted("sinter", "set1", "set2"));
    assertEquals(6, n("sintercard", "2", "set1", "set2"));
    assertEquals(3, n("sintercard", "2", "set1", "set2", "limit", "3"));
    r("sinterstore", "setres", "set1", "set2");
    assertEquals(type, encoding("setres"));
    TreeSet<String> union = new TreeSet<>(sorted("smembers", "set1"));
    union.addAll(sorted("smembers", "set2"));
    assertEquals(List.copyOf(union), sorted("sunion", "set1", "set2"));
    r("sunionstore", "setres", "set1", "set2");
    assertEquals(type, encoding("setres"));
    assertEquals(lsort("195", "199", large), sorted("sinter", "set1", "set2", "set3"));
    assertEquals(2, n("sintercard", "3", "set1", "set2", "set3", "limit", "2"));
    assertEquals(List.copyOf(union), sorted("sunion", "nokey1", "set1", "set2", "nokey2"));
    assertEquals(lsort("0", "1", "2", "3", "4"), sorted("sdiff", "set1", "set4"));
    assertEquals(lsort("1", "2", "3", "4"), sorted("sdiff", "set1", "set4", "set5"));
    r("sdiffstore", "setres", "set1", "set4", "set5");
    if (type.equals("intset")) {
      assertEquals("intset", encoding("setres"));
    }
    List<String> all1 = sorted("smembers", "set1");
    assertEquals(all1, sorted("sinter", "set1", "set1", "set1"));
    assertEquals(all1, sorted("sunion", "set1", "set1", "set1"));
    assertEquals(List.of(), sorted("sdiff", "set1", "set1", "set1"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"hashtable", "intset"})
  void spopWithCount(String type) {
    List<String> contents =
        type.equals("intset")
            ? IntStream.rangeClosed(1, 26).mapToObj(Integer::toString).sorted().toList()
            : IntStream.range(0, 26).mapToObj(i -> String.valueOf((char) ('a' + i))).toList();
    createSet("myset", contents.toArray(new String[0]));
    assertEquals(type, encoding("myset"));
    List<String> popped = new ArrayList<>();
    for (String c : List.of("11", "9", "0", "4", "1", "0", "1", "0")) {
      popped.addAll(sorted("spop", "myset", c));
    }
    assertEquals(contents, popped.stream().sorted().toList());
    assertEquals(0, n("scard", "myset"));
  }

  @Test
  void spopCodePaths() {
    String[] content =
        IntStream.rangeClosed(1, 20).mapToObj(Integer::toString).toArray(String[]::new);
    for (int[] c : new int[][] {{30, 0}, {2, 18}, {18, 2}}) {
      createSet("myset", content);
      List<String> res = sorted("spop", "myset", Integer.toString(c[0]));
      assertEquals(Math.min(c[0], 20), res.size());
      assertEquals(c[1], db.containsKey("myset") ? n("scard", "myset") : 0);
      List<String> union = new ArrayList<>(res);
      if (c[1] > 0) {
        union.addAll(sorted("smembers", "myset"));
      }
      assertEquals(lsort(content), union.stream().sorted().toList());
    }
    assertEquals("*[]", r("spop", "nonexisting_key", "100").toString());
  }

  @Test
  void srandmemberEdgeCasesAsRawBytes() {
    r("sadd", "myset", "a");
    assertEquals("*0\r\n", raw("srandmember", "myset", "0"));
    assertEquals("*0\r\n", raw("srandmember", "nonexisting_key", "100"));
    assertTrue(
        raw("srandmember", "myset", "-9223372036854775808").contains("value is out of range"));
    assertEquals("$-1\r\n", raw("srandmember", "nonexisting_key"));
    assertEquals("$-1\r\n", raw("spop", "nonexisting_key"));
    assertEquals("*2\r\n$1\r\n0\r\n*0\r\n", raw("sscan", "nonexisting_key", "0", "COUNT", "0"));
  }

  private String raw(String... args) {
    byte[][] argv = new byte[args.length][];
    for (int i = 0; i < args.length; i++) {
      argv[i] = Bytes.utf8(args[i]);
    }
    return new String(
        SetCommands.execute(
            argv, k -> db.computeIfAbsent(new String(k), x -> RedisSet.create()), rnd),
        StandardCharsets.UTF_8);
  }

  @Test
  void smove() {
    Runnable setup =
        () -> {
          db.clear();
          createSet("myset1", "1", "a", "b");
          createSet("myset2", "2", "3", "4");
        };
    setup.run();
    assertEquals(1, n("smove", "myset1", "myset2", "a"));
    assertEquals(lsort("1", "b"), sorted("smembers", "myset1"));
    assertEquals(lsort("2", "3", "4", "a"), sorted("smembers", "myset2"));
    assertEquals("hashtable", encoding("myset2"));
    setup.run();
    assertEquals(1, n("smove", "myset1", "myset2", "1"));
    assertEquals("intset", encoding("myset2"));
    setup.run();
    assertEquals(0, n("smove", "myset1", "myset2", "foo"));
    assertEquals(0, n("smove", "myset1", "myset1", "foo"));
    assertEquals(0, n("smove", "noset", "myset2", "foo"));
    assertEquals(1, n("smove", "myset1", "myset3", "a"));
    assertEquals("hashtable", encoding("myset3"));
    setup.run();
    assertEquals(1, n("smove", "myset2", "myset3", "2"));
    assertEquals("intset", encoding("myset3"));
    db.clear();
    r("sadd", "set", "a", "b", "c");
    r("smove", "set", "set", "b");
    assertEquals(lsort("a", "b", "c"), sorted("smembers", "set"));
  }

  @Test
  void scanCursorParsing() {
    assertEquals(0, SetCommands.parseCursor(new byte[0]));
    assertEquals(-1, SetCommands.parseCursor(Bytes.utf8("-1")));
    assertEquals(-1, SetCommands.parseCursor(Bytes.utf8("18446744073709551615")));
    assertEquals(3, SetCommands.parseCursor(Bytes.utf8("+3")));
    for (String bad : List.of(" 1", "1 ", "x", "+", "18446744073709551616", "\t2")) {
      assertTrue(
          raw("sscan", "k", bad).startsWith("-ERR invalid cursor"), () -> "cursor '" + bad + "'");
    }
  }
}
