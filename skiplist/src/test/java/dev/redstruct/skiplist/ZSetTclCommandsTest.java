package dev.redstruct.skiplist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.Bytes;
import dev.redstruct.testkit.RespReply;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.StringJoiner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The examples of Redis 7.0.15's {@code tests/unit/type/zset.tcl} for the commands issue 18 added
 * (ZRANGESTORE, ZINTERCARD, ZMPOP, ZRANDMEMBER's count rules, plain sets as ZUNION/ZINTER/ZDIFF
 * inputs), run through {@link ZSetCommands} (in {@link ZSetHarness}) so that argument parsing and
 * error texts are covered too. Every expected value is copied from that file; the comment before
 * each group gives its line numbers. Replies print as the Tcl client shows them: a flat list,
 * nested arrays in braces, an empty array or a nil as nothing. The tests the file runs once per
 * encoding ({@code basics listpack}: limits 128/64; {@code basics skiplist}: 0/0) run here once per
 * pair of limits.
 */
class ZSetTclCommandsTest {
  private ZSetHarness r = new ZSetHarness(128, 64);

  private String r(String... argv) {
    byte[][] a = new byte[argv.length][];
    for (int i = 0; i < argv.length; i++) {
      a[i] = Bytes.utf8(argv[i]);
    }
    return tcl(r.exec(a), true);
  }

  private static String tcl(RespReply reply, boolean top) {
    if (reply instanceof RespReply.Bulk b) {
      return new String(b.value(), StandardCharsets.UTF_8);
    }
    if (reply instanceof RespReply.Int i) {
      return Long.toString(i.value());
    }
    if (reply instanceof RespReply.Error e) {
      return e.message();
    }
    if (reply instanceof RespReply.Array arr) {
      StringJoiner j = new StringJoiner(" ", top ? "" : "{", top ? "" : "}");
      arr.elements().forEach(x -> j.add(tcl(x, false)));
      return j.toString();
    }
    return "";
  }

  private void basics(int limit) {
    r = new ZSetHarness(limit, limit == 0 ? 0 : 64);
  }

  /** The zseta/zsetb pair of "ZUNIONSTORE basics" (lines 769-775). */
  private void zsetaZsetb() {
    r("zadd", "zseta", "1", "a", "2", "b", "3", "c");
    r("zadd", "zsetb", "1", "b", "2", "c", "3", "d");
  }

  // Lines 740-766: against a non-existing key, and with an empty set.
  @ParameterizedTest
  @ValueSource(ints = {128, 0})
  void setOperationsAgainstMissingAndEmptyKeys(int limit) {
    basics(limit);
    assertEquals("", r("zunion", "1", "zseta"));
    assertEquals("", r("zinter", "1", "zseta"));
    assertEquals("0", r("zintercard", "1", "zseta"));
    assertEquals("0", r("zintercard", "1", "zseta", "limit", "0"));
    assertEquals("", r("zdiff", "1", "zseta"));
    r("zadd", "zseta", "1", "a");
    r("zadd", "zseta", "2", "b");
    assertEquals("a 1 b 2", r("zunion", "2", "zseta", "zsetb", "withscores"));
    assertEquals("", r("zinter", "2", "zseta", "zsetb", "withscores"));
    assertEquals("0", r("zintercard", "2", "zseta", "zsetb"));
    assertEquals("0", r("zintercard", "2", "zseta", "zsetb", "limit", "0"));
    assertEquals("a 1 b 2", r("zdiff", "2", "zseta", "zsetb", "withscores"));
  }

  // Lines 781-795: integer members.
  @ParameterizedTest
  @ValueSource(ints = {128, 0})
  void setOperationsWithIntegerMembers(int limit) {
    basics(limit);
    r("zadd", "zsetd", "1", "1", "2", "2", "3", "3");
    r("zadd", "zsetf", "1", "1", "3", "3", "4", "4");
    assertEquals("1 2 2 2 4 4 3 6", r("zunion", "2", "zsetd", "zsetf", "withscores"));
    assertEquals("1 2 3 6", r("zinter", "2", "zsetd", "zsetf", "withscores"));
    assertEquals("2", r("zintercard", "2", "zsetd", "zsetf"));
    assertEquals("2", r("zintercard", "2", "zsetd", "zsetf", "limit", "0"));
    assertEquals("2 2", r("zdiff", "2", "zsetd", "zsetf", "withscores"));
  }

  // Lines 807-815, 876-884, 940-948: a regular set as input, score 1 per member.
  @ParameterizedTest
  @ValueSource(ints = {128, 0})
  void regularSetsAsInputs(int limit) {
    basics(limit);
    zsetaZsetb();
    r("sadd", "seta", "a");
    r("sadd", "seta", "b");
    r("sadd", "seta", "c");
    assertEquals("4", r("zunionstore", "zsetc", "2", "seta", "zsetb", "weights", "2", "3"));
    assertEquals("a 2 b 5 c 8 d 9", r("zrange", "zsetc", "0", "-1", "withscores"));
    assertEquals("2", r("zinterstore", "zsetc", "2", "seta", "zsetb", "weights", "2", "3"));
    assertEquals("b 5 c 8", r("zrange", "zsetc", "0", "-1", "withscores"));
    assertEquals("1", r("zdiffstore", "zsetc", "2", "seta", "zsetb"));
    assertEquals("a 1", r("zrange", "zsetc", "0", "-1", "withscores"));
  }

  // Lines 846-860: ZINTERCARD's argument errors and LIMIT.
  @ParameterizedTest
  @ValueSource(ints = {128, 0})
  void zintercard(int limit) {
    basics(limit);
    zsetaZsetb();
    assertEquals("ERR syntax error", r("zintercard", "1", "zseta", "zseta"));
    assertEquals("ERR syntax error", r("zintercard", "1", "zseta", "bar_arg"));
    assertEquals("ERR syntax error", r("zintercard", "1", "zseta", "LIMIT"));
    assertTrue(r("zintercard", "1", "myset", "LIMIT", "-1").startsWith("ERR LIMIT"));
    assertTrue(r("zintercard", "1", "myset", "LIMIT", "a").startsWith("ERR LIMIT"));
    assertEquals("2", r("zintercard", "2", "zseta", "zsetb"));
    assertEquals("2", r("zintercard", "2", "zseta", "zsetb", "limit", "0"));
    assertEquals("1", r("zintercard", "2", "zseta", "zsetb", "limit", "1"));
    assertEquals("2", r("zintercard", "2", "zseta", "zsetb", "limit", "10"));
    // Lines 1482-1488: numkeys 0.
    assertEquals(
        "ERR at least 1 input key is needed for 'zintercard' command", r("zintercard", "0", "key"));
  }

  // Lines 1391-1409: regressions with plain sets (intset + hashtable; #516 mixed inputs).
  @Test
  void plainSetRegressions() {
    r("sadd", "set1", "a");
    r("sadd", "set2", "10");
    assertEquals("0", r("zinterstore", "set3", "2", "set1", "set2"));
    r("sadd", "one", "100", "101", "102", "103");
    r("sadd", "two", "100", "200", "201", "202");
    r("zadd", "three", "1", "500", "1", "501", "1", "502", "1", "503", "1", "100");
    r("zinterstore", "to_here", "3", "one", "two", "three", "WEIGHTS", "0", "0", "1");
    assertEquals("100", r("zrange", "to_here", "0", "-1"));
  }

  // Lines 1032-1053 (the ZMPOP_MIN/ZMPOP_MAX rows of verify_zpop_response).
  @ParameterizedTest
  @ValueSource(ints = {128, 0})
  void zmpopWithASingleKey(int limit) {
    basics(limit);
    assertEquals("", r("zmpop", "1", "zset", "MIN")); // nil
    r("zadd", "zset", "-1", "a", "1", "b", "2", "c", "3", "d", "4", "e");
    assertEquals("zset {{a -1}}", r("zmpop", "1", "zset", "MIN"));
    assertEquals("zset {{b 1}}", r("zmpop", "1", "zset", "MIN"));
    assertEquals("zset {{e 4}}", r("zmpop", "1", "zset", "MAX"));
    assertEquals("zset {{d 3}}", r("zmpop", "1", "zset", "MAX"));
    assertEquals("zset {{c 2}}", r("zmpop", "1", "zset", "MIN"));
    assertNull(r.encoding("zset"), "exists zset: 0");
    assertEquals("", r("zmpop", "1", "z1", "MIN", "COUNT", "2"));
    r("zadd", "z1", "0", "a", "1", "b", "2", "c", "3", "d");
    assertEquals("z1 {{a 0} {b 1}}", r("zmpop", "1", "z1", "MIN", "COUNT", "2"));
    assertEquals("z1 {{d 3} {c 2}}", r("zmpop", "1", "z1", "MAX", "COUNT", "2"));
  }

  // Lines 1141-1178: wrong type (a plain set here: the file uses a string) and illegal arguments.
  @Test
  void zmpopErrors() {
    r("sadd", "foo", "bar");
    assertTrue(r("zmpop", "1", "foo", "min").startsWith("WRONGTYPE"));
    assertTrue(r("zmpop", "1", "foo", "max", "count", "200").startsWith("WRONGTYPE"));
    assertTrue(r("zmpop", "2", "missing", "foo", "max", "count", "1").startsWith("WRONGTYPE"));
    String arity = "ERR wrong number of arguments for 'zmpop' command";
    assertEquals(arity, r("zmpop"));
    assertEquals(arity, r("zmpop", "1"));
    assertEquals(arity, r("zmpop", "1", "myzset"));
    for (String numkeys : new String[] {"0", "a", "-1"}) {
      assertTrue(r("zmpop", numkeys, "myzset", "MIN").startsWith("ERR numkeys"), numkeys);
    }
    assertEquals("ERR syntax error", r("zmpop", "1", "myzset", "bad_where"));
    assertEquals("ERR syntax error", r("zmpop", "1", "myzset", "MIN", "bar_arg"));
    assertEquals("ERR syntax error", r("zmpop", "1", "myzset", "MAX", "MIN"));
    assertEquals("ERR syntax error", r("zmpop", "1", "myzset", "COUNT"));
    assertEquals("ERR syntax error", r("zmpop", "1", "myzset", "MAX", "COUNT", "1", "COUNT", "2"));
    assertEquals("ERR syntax error", r("zmpop", "2", "myzset", "myzset2", "bad_arg"));
    assertTrue(r("zmpop", "1", "myzset", "MIN", "COUNT", "0").startsWith("ERR count"));
    assertTrue(r("zmpop", "1", "myzset", "MAX", "COUNT", "a").startsWith("ERR count"));
    assertTrue(r("zmpop", "1", "myzset", "MIN", "COUNT", "-1").startsWith("ERR count"));
    assertTrue(r("zmpop", "2", "myzset", "myzset2", "MAX", "COUNT", "-1").startsWith("ERR count"));
  }

  // Lines 2121-2209: ZRANGESTORE.
  @Test
  void zrangestore() {
    r("zadd", "z1", "1", "a", "2", "b", "3", "c", "4", "d");
    assertEquals("4", r("zrangestore", "z2", "z1", "0", "-1"));
    assertEquals("a 1 b 2 c 3 d 4", r("zrange", "z2", "0", "-1", "withscores"));
    assertEquals("2", r("zrangestore", "z2", "z1", "1", "2"));
    assertEquals("b 2 c 3", r("zrange", "z2", "0", "-1", "withscores"));
    assertEquals("2", r("zrangestore", "z2", "z1", "[b", "[c", "BYLEX"));
    assertEquals("b 2 c 3", r("zrange", "z2", "0", "-1", "withscores"));
    assertEquals("2", r("zrangestore", "z2", "z1", "1", "2", "BYSCORE"));
    assertEquals("a 1 b 2", r("zrange", "z2", "0", "-1", "withscores"));
    assertEquals("2", r("zrangestore", "z2", "z1", "0", "5", "BYSCORE", "LIMIT", "0", "2"));
    assertEquals("a 1 b 2", r("zrange", "z2", "0", "-1", "withscores"));
    assertEquals("2", r("zrangestore", "z2", "z1", "5", "0", "BYSCORE", "REV", "LIMIT", "0", "2"));
    assertEquals("c 3 d 4", r("zrange", "z2", "0", "-1", "withscores"));
    assertEquals(
        "d 4 c 3", r("zrange", "z1", "5", "0", "BYSCORE", "REV", "LIMIT", "0", "2", "WITHSCORES"));
    assertEquals("0", r("zrangestore", "z2", "missing", "0", "-1"));
    assertNull(r.encoding("z2"), "exists z2: 0");
    r("zadd", "z2", "1", "a");
    r("sadd", "foo", "bar");
    assertTrue(r("zrangestore", "z2", "foo", "0", "-1").startsWith("WRONGTYPE"));
    assertEquals("a", r("zrange", "z2", "0", "-1"));
    for (String[] empty :
        new String[][] {{"5", "6"}, {"[f", "[g", "BYLEX"}, {"5", "6", "BYSCORE"}}) {
      String[] argv = new String[3 + empty.length];
      argv[0] = "zrangestore";
      argv[1] = "z2";
      argv[2] = "z1";
      System.arraycopy(empty, 0, argv, 3, empty.length);
      assertEquals("0", r(argv));
      assertNull(r.encoding("z2"), "exists z2: 0");
    }
    assertEquals("b c", r("zrange", "z1", "[b", "[c", "BYLEX"));
    assertTrue(r("zrangestore", "z2", "z1", "0", "-1", "limit", "1", "2").contains("syntax"));
    assertTrue(r("zrangestore", "z2", "z1", "0", "-1", "WITHSCORES").contains("syntax"));
  }

  // Lines 2211-2230: the destination's encoding follows zset-max-listpack-entries.
  @Test
  void zrangestoreDestinationEncoding() {
    r = new ZSetHarness(0, 64);
    r("zadd", "z1", "1", "a");
    assertEquals("1", r("zrangestore", "z2", "z1", "0", "-1"));
    r = new ZSetHarness(1, 64);
    r("zadd", "z1", "1", "a", "2", "b");
    assertEquals("1", r("zrangestore", "z2", "z1", "0", "0"));
    assertEquals("listpack", r.encoding("z2"));
    assertEquals("2", r("zrangestore", "z3", "z1", "0", "1"));
    assertEquals("skiplist", r.encoding("z3"));
  }

  // Lines 2295-2320: count 0, a missing key, count overflow.
  @Test
  void zrandmemberEdges() {
    r("zadd", "myzset", "1", "a", "2", "b", "3", "c");
    assertEquals("", r("zrandmember", "myzset", "0"));
    assertEquals("", r("zrandmember", "nonexisting_key", "100"));
    r("zadd", "myzset", "0", "a");
    String[][] overflow = {
      {"-9223372036854770000", "withscores"},
      {"-9223372036854775808", "withscores"},
      {"-9223372036854775808"}
    };
    for (String[] args : overflow) {
      String[] argv = new String[2 + args.length];
      argv[0] = "zrandmember";
      argv[1] = "myzset";
      System.arraycopy(args, 0, argv, 2, args.length);
      assertTrue(r(argv).contains("value is out of range"), String.join(" ", argv));
    }
  }

  // Lines 2323-2440: the four paths of zrandmemberWithCountCommand, per encoding (value limit 10;
  // the skiplist set has a member of 70 to 90 letters).
  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void zrandmemberWithCount(boolean skiplist) {
    r = new ZSetHarness(128, 10);
    String last = skiplist ? "x".repeat(80) : "j";
    r("zadd", "myzset", "1", "a", "2", "b", "3", "c", "4", "d", "5", "e", "6", "f", "7", "g");
    r("zadd", "myzset", "7", "h", "9", "i", "10", last);
    assertEquals(skiplist ? "skiplist" : "listpack", r.encoding("myzset"));
    Set<String> all = Set.of("a", "b", "c", "d", "e", "f", "g", "h", "i", last);
    checkPicks(r("zrandmember", "myzset", "-20"), 20, all, false);
    checkPicks(r("zrandmember", "myzset", "-1001"), 1001, all, false);
    checkPicks(r("zrandmember", "myzset", "-20", "withscores"), 20, all, true);
    checkPicks(r("zrandmember", "myzset", "-1001", "withscores"), 1001, all, true);
    for (String size : new String[] {"10", "20"}) {
      assertEquals(all, checkPicks(r("zrandmember", "myzset", size), 10, all, false));
      assertEquals(all, checkPicks(r("zrandmember", "myzset", size, "withscores"), 10, all, true));
    }
    for (int size : new int[] {1, 2, 8}) {
      String n = Integer.toString(size);
      assertEquals(size, checkPicks(r("zrandmember", "myzset", n), size, all, false).size());
      Set<String> picked = checkPicks(r("zrandmember", "myzset", n, "withscores"), size, all, true);
      assertEquals(size, picked.size(), "a positive count picks distinct members");
    }
  }

  /** check_member / check_member_and_score of the file, and the reply's length. */
  private Set<String> checkPicks(String reply, int picks, Set<String> all, boolean withScores) {
    List<String> words = List.of(reply.split(" "));
    assertEquals(withScores ? 2 * picks : picks, words.size());
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < words.size(); i += withScores ? 2 : 1) {
      assertTrue(all.contains(words.get(i)), words.get(i));
      seen.add(words.get(i));
      if (withScores) {
        assertEquals(r("zscore", "myzset", words.get(i)), words.get(i + 1));
      }
    }
    return seen;
  }
}
