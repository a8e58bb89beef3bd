package dev.redstruct.hash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.testkit.RespReply;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Examples of Redis 7.0.15's {@code tests/unit/type/hash.tcl} that need no server feature (no
 * WRONGTYPE, DEBUG, RESP3 or keyspace), run through {@link HashCommands}, on the small hash
 * (listpack) and the big hash (hashtable) as the Tcl file does; expected values are the Tcl test's.
 */
class HashTclExamplesTest {
  private final Map<String, RedisHash> db = new HashMap<>();
  private final SplittableRandom rnd = new SplittableRandom(7);
  private long maxValue = 64;

  private RespReply r(String... args) {
    byte[][] argv = new byte[args.length][];
    for (int i = 0; i < args.length; i++) {
      argv[i] = args[i].getBytes(StandardCharsets.UTF_8);
    }
    byte[] reply =
        HashCommands.execute(
            argv,
            k ->
                db.computeIfAbsent(
                    new String(k, StandardCharsets.UTF_8), x -> RedisHash.create(512, maxValue)),
            rnd);
    db.values().removeIf(RedisHash::isEmpty);
    return RespReply.parse(reply);
  }

  private String s(String... args) {
    return r(args).asString();
  }

  private String encoding(String key) {
    return db.get(key).encoding().redisName();
  }

  /** "small" has 8 fields (listpack), "big" 1024 (hashtable), as the Tcl file builds them. */
  private void smallAndBig() {
    for (int i = 0; i < 8; i++) {
      r("hset", "small", "f" + i, "v" + i);
    }
    for (int i = 0; i < 1024; i++) {
      r("hset", "big", "f" + i, "v" + i);
    }
    assertEquals("listpack", encoding("small"));
    assertEquals("hashtable", encoding("big"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"small", "big"})
  void hincrbyFamily(String key) {
    smallAndBig();
    assertEquals(2, r("hincrby", key, "tmp", "2").asLong());
    assertEquals("2", s("hget", key, "tmp"));
    assertEquals(5, r("hincrby", key, "tmp", "3").asLong());
    r("hset", key, "tmp", "100");
    assertEquals(102, r("hincrby", key, "tmp", "2").asLong());
    r("hset", key, "tmp", "17179869184");
    assertEquals(17179869185L, r("hincrby", key, "tmp", "1").asLong());
    r("hset", key, "tmp", "17179869184");
    assertEquals(34359738368L, r("hincrby", key, "tmp", "17179869184").asLong());
    for (String spaced : List.of(" 11", "11 ")) {
      r("hset", key, "str", spaced);
      assertTrue(r("hincrby", key, "str", "1").toString().contains("not an integer"));
      assertTrue(
          r("hincrbyfloat", key, "str", "1").toString().contains("not a valid float")
              || r("hincrbyfloat", key, "str", "1").toString().contains("not a float"));
    }
    r("hdel", key, "tmp");
    assertEquals("2.5", s("hincrbyfloat", key, "tmp", "2.5"));
    assertEquals("6", s("hincrbyfloat", key, "tmp", "3.5"));
    r("hset", key, "tmp", "17179869184");
    assertEquals("34359738368", s("hincrbyfloat", key, "tmp", "17179869184"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"small", "big"})
  void hstrlenCornerCases(String key) {
    smallAndBig();
    for (String v :
        List.of(
            "-9223372036854775808",
            "9223372036854775807",
            "9223372036854775808",
            "",
            "0",
            "-1",
            "x")) {
      r("hmset", key, "field", v);
      assertEquals(v.length(), r("hstrlen", key, "field").asLong());
    }
    assertEquals(0, r("hstrlen", key, "__123123123__").asLong());
  }

  @Test
  void hdelEmptiesBeforeAllFieldsAreDeleted() {
    r("hmset", "myhash", "a", "1", "b", "2", "c", "3");
    assertEquals(3, r("hdel", "myhash", "a", "b", "c", "d", "e").asLong());
    assertEquals(0, r("hlen", "myhash").asLong());
  }

  @Test
  void hincrbyDetectsOverflow() {
    r("hset", "hash", "n", "-9223372036854775484");
    assertEquals(-9223372036854775485L, r("hincrby", "hash", "n", "-1").asLong());
    assertTrue(r("hincrby", "hash", "n", "-10000").toString().contains("overflow"));
  }

  @Test
  void hincrbyfloatRefusesNulInTheMiddleAndInfinity() {
    r("hset", "h", "f", "1\u00002");
    assertTrue(r("hincrbyfloat", "h", "f", "1").toString().contains("not a float"));
    assertTrue(r("hincrbyfloat", "hfoo", "field", "+inf").toString().contains("NaN or Infinity"));
    assertEquals(0, r("hlen", "hfoo").asLong());
  }

  @Test
  void hincrbyfloatRepresentation() {
    assertEquals("1.23", s("hincrbyfloat", "myhash", "float", "1.23"));
    assertEquals("2", s("hincrbyfloat", "myhash", "float", "0.77"));
    assertEquals("1.9", s("hincrbyfloat", "myhash", "float", "-0.1"));
  }

  @Test
  void hincrbyfloatOverTheValueLimit() {
    maxValue = 8;
    r("hset", "smallhash", "tmp", "0");
    r("hset", "bighash", "tmp", "0");
    r("hincrbyfloat", "smallhash", "tmp", "0.000005");
    r("hincrbyfloat", "bighash", "tmp", "0.0000005");
    assertEquals("listpack", encoding("smallhash"));
    assertEquals("hashtable", encoding("bighash"));
    db.clear();
    r("hincrbyfloat", "smallhash", "abcdefgh", "1");
    r("hincrbyfloat", "bighash", "abcdefghi", "1");
    assertEquals("listpack", encoding("smallhash"));
    assertEquals("hashtable", encoding("bighash"));
  }

  @Test
  void largeKeysRegression() {
    String k1 = "k".repeat(300) + "a";
    String k2 = "k".repeat(300) + "b";
    r("hset", "hash", k1, "a");
    r("hset", "hash", k2, "b");
    assertEquals("b", s("hget", "hash", k2));
  }

  @ParameterizedTest
  @ValueSource(strings = {"listpack", "hashtable"})
  void hrandfieldCountsAndOverflow(String type) {
    maxValue = 10;
    String last = type.equals("listpack") ? "10" : "x".repeat(80);
    String[] contents = {
      "a", "1", "b", "2", "c", "3", "d", "4", "e", "5", "6", "f", "7", "g", "8", "h", "9", "i",
      last, "j"
    };
    for (int i = 0; i < contents.length; i += 2) {
      r("hset", "myhash", contents[i], contents[i + 1]);
    }
    assertEquals(type, encoding("myhash"));
    assertEquals(20, r("hrandfield", "myhash", "-20").asList().size());
    assertEquals(1001, r("hrandfield", "myhash", "-1001").asList().size());
    assertEquals(40, r("hrandfield", "myhash", "-20", "withvalues").asList().size());
    for (String count : List.of("10", "20", "9", "5", "1")) {
      List<RespReply> got = r("hrandfield", "myhash", count).asList();
      Set<String> distinct = new HashSet<>();
      got.forEach(x -> distinct.add(x.asString()));
      assertEquals(Math.min(10, Integer.parseInt(count)), distinct.size());
    }
    assertEquals(0, r("hrandfield", "myhash", "0").asList().size());
    assertEquals(0, r("hrandfield", "nonexisting_key", "100").asList().size());
    assertTrue(
        r("hrandfield", "myhash", "-9223372036854770000", "withvalues")
            .toString()
            .contains("value is out of range"));
    assertTrue(
        r("hrandfield", "myhash", "-9223372036854775808")
            .toString()
            .contains("value is out of range"));
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < 200; i++) {
      seen.add(s("hrandfield", "myhash"));
    }
    assertEquals(10, seen.size());
  }
}
