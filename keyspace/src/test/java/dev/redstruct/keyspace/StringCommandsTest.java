package dev.redstruct.keyspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Examples and regressions of the string commands. Every expected reply was probed on redis-server
 * 7.0.15 with the commands shown (redis-cli, a fresh server); StringCommandsRedisIT compares
 * hundreds of thousands more with a live server.
 */
class StringCommandsTest {
  private final MapStringKeys ks = new MapStringKeys();

  private String encoding(String key) {
    return ks.string(key.getBytes(StandardCharsets.ISO_8859_1)).encoding().redisName();
  }

  @Test
  void setAndGet() {
    assertEquals("+OK\r\n", ks.run("SET", "k", "v"));
    assertEquals("$1\r\nv\r\n", ks.run("GET", "k"));
    assertEquals("$-1\r\n", ks.run("GET", "nosuch"));
    assertEquals("_\r\n", ks.run(3, "GET", "nosuch"));
  }

  @Test
  void encodingsAfterWrites() {
    // SET k 123 -> int; INCRBYFLOAT f 3 -> embstr; APPEND k "" -> raw; SET e "" -> embstr;
    // APPEND a 5 (new key) -> int; SET y 12345678901234567890 -> embstr (beyond int64);
    // SET n -0 -> embstr; PFADD h a b c -> raw; SET x abc + SETBIT x 1 1 -> raw
    ks.run("SET", "k", "123");
    assertEquals("int", encoding("k"));
    assertEquals("$1\r\n3\r\n", ks.run("INCRBYFLOAT", "f", "3"));
    assertEquals("embstr", encoding("f"));
    assertEquals(":3\r\n", ks.run("APPEND", "k", ""));
    assertEquals("raw", encoding("k"));
    ks.run("SET", "e", "");
    assertEquals("embstr", encoding("e"));
    assertEquals(":1\r\n", ks.run("APPEND", "a", "5"));
    assertEquals("int", encoding("a"));
    ks.run("SET", "y", "12345678901234567890");
    assertEquals("embstr", encoding("y"));
    ks.run("SET", "n", "-0");
    assertEquals("embstr", encoding("n"));
    assertEquals(":1\r\n", ks.run("PFADD", "h", "a", "b", "c"));
    assertEquals("raw", encoding("h"));
    ks.run("SET", "x", "abc");
    assertEquals(":1\r\n", ks.run("SETBIT", "x", "1", "1"));
    assertEquals("raw", encoding("x"));
    ks.run("SET", "long", "x".repeat(44));
    assertEquals("embstr", encoding("long"));
    ks.run("SET", "long", "x".repeat(45));
    assertEquals("raw", encoding("long"));
  }

  @Test
  void pfaddBytesAreRedisBytes() {
    // redis-cli PFADD h a b c; GET h | xxd (without the newline redis-cli adds)
    ks.run("PFADD", "h", "a", "b", "c");
    assertEquals(
        "48594c4c01000000000000000000008060f38050b1844bfb80425a",
        dev.redstruct.core.Bytes.hex(ks.string(b("h")).toByteArray()));
  }

  @Test
  void optionAndExpireErrors() {
    assertEquals(
        "-ERR invalid expire time in 'set' command\r\n", ks.run("SET", "k", "v", "EX", "0"));
    assertEquals("-ERR syntax error\r\n", ks.run("SET", "k", "v", "ex", "10", "px", "10"));
    assertEquals("-ERR syntax error\r\n", ks.run("SET", "k", "v", "nx", "xx"));
    assertEquals("-ERR syntax error\r\n", ks.run("SET", "k", "v", "keepttl", "ex", "5"));
    assertEquals("-ERR syntax error\r\n", ks.run("GETEX", "k", "persist", "ex", "5"));
    assertEquals(
        "-ERR invalid expire time in 'setex' command\r\n", ks.run("SETEX", "k", "-1", "v"));
    assertEquals(
        "-ERR invalid expire time in 'psetex' command\r\n", ks.run("PSETEX", "k", "0", "v"));
    assertEquals(
        "-ERR invalid expire time in 'set' command\r\n",
        ks.run("SET", "k", "v", "exat", "9223372036854776"));
    assertEquals(
        "-ERR invalid expire time in 'set' command\r\n",
        ks.run("SET", "k", "v", "px", "9223372036854775807"));
    assertTrue(ks.values.isEmpty(), "a rejected command changes nothing");
  }

  @Test
  void numberErrors() {
    ks.run("SET", "big", "9223372036854775807");
    assertEquals("-ERR increment or decrement would overflow\r\n", ks.run("INCR", "big"));
    assertEquals(
        "-ERR decrement would overflow\r\n", ks.run("DECRBY", "big", "-9223372036854775808"));
    assertEquals(
        "-ERR string exceeds maximum allowed size (proto-max-bulk-len)\r\n",
        ks.run("SETRANGE", "big", "536870912", "x"));
    assertEquals("-ERR offset is out of range\r\n", ks.run("SETRANGE", "big", "-1", "x"));
    assertEquals(
        "-ERR increment would produce NaN or Infinity\r\n", ks.run("INCRBYFLOAT", "nf", "inf"));
    assertEquals(
        "-ERR wrong number of arguments for 'mset' command\r\n", ks.run("MSET", "a", "1", "b"));
    assertEquals("$19\r\n9223372036854775807\r\n", ks.run("GET", "big"));
  }

  @Test
  void incrbyfloatKeepsRedisDigits() {
    // SET f 10.50; INCRBYFLOAT f 0.1 -> 10.6 (embstr); SET g 5.0e3; INCRBYFLOAT g 2.0e2 -> 5200;
    // after HELLO 3, INCRBYFLOAT g 0 -> $4 5200
    ks.run("SET", "f", "10.50");
    assertEquals("$4\r\n10.6\r\n", ks.run("INCRBYFLOAT", "f", "0.1"));
    ks.run("SET", "g", "5.0e3");
    assertEquals("$4\r\n5200\r\n", ks.run("INCRBYFLOAT", "g", "2.0e2"));
    assertEquals("$4\r\n5200\r\n", ks.run(3, "INCRBYFLOAT", "g", "0"), "a bulk in RESP3 too");
  }

  @Test
  void lcsAsTheRedisManualShowsIt() {
    // the LCS page of redis.io, run on 7.0.15
    ks.run("MSET", "lk1", "ohmytext", "lk2", "mynewtext");
    assertEquals("$6\r\nmytext\r\n", ks.run("LCS", "lk1", "lk2"));
    assertEquals(":6\r\n", ks.run("LCS", "lk1", "lk2", "LEN"));
    assertEquals(
        "*4\r\n$7\r\nmatches\r\n*1\r\n*3\r\n*2\r\n:4\r\n:7\r\n*2\r\n:5\r\n:8\r\n:4\r\n"
            + "$3\r\nlen\r\n:6\r\n",
        ks.run("LCS", "lk1", "lk2", "IDX", "MINMATCHLEN", "4", "WITHMATCHLEN"));
    assertEquals(
        "%2\r\n$7\r\nmatches\r\n*1\r\n*2\r\n*2\r\n:4\r\n:7\r\n*2\r\n:5\r\n:8\r\n"
            + "$3\r\nlen\r\n:6\r\n",
        ks.run(3, "LCS", "lk1", "lk2", "IDX", "MINMATCHLEN", "4"));
  }

  @Test
  void wrongTypeAndMget() {
    ks.putOther(b("s"));
    ks.run("SET", "a", "1");
    assertEquals(
        "-WRONGTYPE Operation against a key holding the wrong kind of value\r\n",
        ks.run("GET", "s"));
    assertEquals("*3\r\n$1\r\n1\r\n$-1\r\n$-1\r\n", ks.run("MGET", "a", "s", "nosuch"));
    assertEquals("-ERR The specified keys must contain string values\r\n", ks.run("LCS", "a", "s"));
    assertEquals("+OK\r\n", ks.run("SET", "s", "x"), "SET replaces a value of any type");
  }

  @Test
  void getexAndSetKeepOrDropTheTtl() {
    ks.run("SET", "k", "v", "EX", "100");
    assertEquals(ks.clock + 100_000, ks.expires.get(java.nio.ByteBuffer.wrap(b("k"))));
    ks.run("SET", "k", "w", "KEEPTTL");
    assertTrue(ks.expires.containsKey(java.nio.ByteBuffer.wrap(b("k"))));
    ks.run("GETEX", "k", "PERSIST");
    assertFalse(ks.expires.containsKey(java.nio.ByteBuffer.wrap(b("k"))));
    assertEquals("$1\r\nw\r\n", ks.run("GETEX", "k", "PXAT", "1"));
    assertNull(ks.string(b("k")), "GETEX with a past PXAT deletes the key");
    assertEquals(List.of("k", "k", "k", "k"), ks.modified); // SET, SET, PERSIST, the delete
  }

  @Test
  void invariantsHoldAfterEdits() {
    ks.run("SET", "k", "abc");
    ks.run("APPEND", "k", "def");
    ks.run("SETRANGE", "k", "10", "xyz");
    ks.run("SETBIT", "k", "200", "1");
    ks.run("APPEND", "k", "!");
    RedisString v = ks.string(b("k"));
    v.checkInvariants();
    assertEquals(27, v.length());
  }

  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }
}
