package dev.redstruct.core.rdb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.testkit.RedisTest;
import dev.redstruct.testkit.RespClient;
import dev.redstruct.testkit.RespReply;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Our payload reader and writer against Redis 7.0.15's DUMP and RESTORE. */
@RedisTest
class RdbRedisIT {

  static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  static byte[] dump(RespClient redis, String key) {
    return redis.call("DUMP", key).asBytes();
  }

  /** parse then dump with the same parts gives back Redis's bytes exactly. */
  static RdbPayload assertRebuildsIdentically(byte[] payload) {
    RdbPayload p = RdbPayload.parse(payload);
    assertEquals(RdbPayload.RDB_VERSION, p.rdbVersion());
    assertArrayEquals(payload, RdbPayload.dump(p.type(), p.body()));
    return p;
  }

  @Test
  void stringsOfEveryEncodingParseAndRebuild(RespClient redis) {
    String[] values = {
      "12345",
      "-1",
      "127",
      "-128",
      "32768",
      "2147483647",
      "2147483648",
      "9223372036854775807",
      "",
      "x",
      "not a number",
      "0123",
      "a".repeat(1000),
      "ab".repeat(40),
      "z".repeat(20),
      "z".repeat(21)
    };
    for (String v : values) {
      redis.call("SET", "k", v).assertOk();
      RdbPayload p = assertRebuildsIdentically(dump(redis, "k"));
      assertEquals(RdbPayload.TYPE_STRING, p.type());
      assertArrayEquals(b(v), p.blob(), v);
    }
  }

  @Test
  void longRepetitiveStringIsLzfCompressedByRedis(RespClient redis) {
    redis.call("SET", "k", "a".repeat(1000)).assertOk();
    byte[] body = RdbPayload.parse(dump(redis, "k")).body();
    assertEquals(0xc3, body[0] & 0xff, "rdbcompression yes: LZF string encoding");
    assertTrue(body.length < 40);
  }

  @Test
  void collectionsParseAndRebuild(RespClient redis) {
    redis.call("HSET", "hash", "f1", "v1", "f2", "2");
    redis.call("RPUSH", "list", "a", "b", "12");
    redis.call("SADD", "intset", "1", "2", "300");
    redis.call("SADD", "set", "a", "b");
    redis.call("ZADD", "zset", "1.5", "a", "2", "b");
    assertEquals(
        RdbPayload.TYPE_HASH_LISTPACK, assertRebuildsIdentically(dump(redis, "hash")).type());
    assertEquals(
        RdbPayload.TYPE_LIST_QUICKLIST_2, assertRebuildsIdentically(dump(redis, "list")).type());
    assertEquals(
        RdbPayload.TYPE_SET_INTSET, assertRebuildsIdentically(dump(redis, "intset")).type());
    assertEquals(RdbPayload.TYPE_SET, assertRebuildsIdentically(dump(redis, "set")).type());
    assertEquals(
        RdbPayload.TYPE_ZSET_LISTPACK, assertRebuildsIdentically(dump(redis, "zset")).type());
  }

  @Test
  void restoreAcceptsPayloadsWeBuild(RespClient redis) {
    for (String v :
        List.of("hello", "12345", "-2147483648", "99999999999", "", "a".repeat(20000))) {
      byte[] payload =
          RdbPayload.dump(RdbPayload.TYPE_STRING, RdbWriter.create().string(v).toByteArray());
      redis.call(b("RESTORE"), b("k"), b("0"), payload, b("REPLACE")).assertOk();
      assertEquals(RespReply.bulk(v), redis.call("GET", "k"));
    }
  }

  @Test
  void restoreAcceptsABlobWeWrap(RespClient redis) {
    redis.call("HSET", "h", "f1", "v1", "f2", "2");
    byte[] listpack = RdbPayload.parse(dump(redis, "h")).blob();
    redis
        .call(
            b("RESTORE"),
            b("copy"),
            b("0"),
            RdbPayload.ofBlob(RdbPayload.TYPE_HASH_LISTPACK, listpack))
        .assertOk();
    assertEquals(redis.call("HGETALL", "h"), redis.call("HGETALL", "copy"));
    assertEquals(RespReply.bulk("listpack"), redis.call("OBJECT", "ENCODING", "copy"));
  }

  @Test
  void corruptCrcIsRejectedByUsAndByRedis(RespClient redis) {
    redis.call("SET", "k", "value").assertOk();
    byte[] payload = dump(redis, "k");
    payload[payload.length - 3] ^= 0x10;
    assertThrows(CorruptEncodingException.class, () -> RdbPayload.parse(payload));
    RespReply r = redis.call(b("RESTORE"), b("k2"), b("0"), payload);
    assertEquals(new RespReply.Error("ERR DUMP payload version or checksum are wrong"), r);
  }

  @Test
  void newerRdbVersionIsRejectedByRedis(RespClient redis) {
    byte[] payload =
        RdbPayload.dump(RdbPayload.TYPE_STRING, RdbWriter.create().string("v").toByteArray(), 11);
    assertEquals(11, RdbPayload.parse(payload).rdbVersion());
    assertTrue(redis.call(b("RESTORE"), b("k"), b("0"), payload).isError());
  }

  static RespReply restore(RespClient redis, String bodyHex) {
    byte[] payload = RdbPayload.dump(RdbPayload.TYPE_STRING, Bytes.fromHex(bodyHex));
    return redis.call(b("RESTORE"), b("k"), b("0"), payload, b("REPLACE"));
  }

  /**
   * The lenient verdicts RdbReader copies from Redis: 11xxxxxx read as a plain length, and an LZF
   * string that claims 0 bytes. Each body is accepted by both, with the same value.
   */
  @Test
  void redisLeniencyIsOurs(RespClient redis) {
    String[][] cases = {
      {"c3c4c302616161", "aaa"}, {"c3010000", ""}, {"c30000", ""}, {"c302001f61", ""}
    };
    for (String[] c : cases) {
      restore(redis, c[0]).assertOk();
      assertEquals(RespReply.bulk(c[1]), redis.call("GET", "k"), c[0]);
      assertArrayEquals(b(c[1]), RdbReader.of(Bytes.fromHex(c[0])).string(), c[0]);
    }
    // a set whose count is written c1: one member
    byte[] set = RdbPayload.dump(RdbPayload.TYPE_SET, Bytes.fromHex("c10161"));
    redis.call(b("RESTORE"), b("s"), b("0"), set, b("REPLACE")).assertOk();
    assertEquals(1, redis.call("SCARD", "s").asLong());
    assertEquals(1, RdbPayload.parse(set).bodyReader().length());
  }

  /** Issue 14 item 19's inputs, and other lying LZF strings: Redis and we both refuse them. */
  @Test
  void lyingLzfStringsAreRefusedByBoth(RespClient redis) {
    for (String body :
        List.of(
            "c381800000000000000c00",
            "c3818000000004000000807ffffff00041",
            "c302807ffffff00041",
            "c30203006161",
            "c30301016161",
            "c304060161612005",
            "c3040400612005")) {
      assertEquals(
          new RespReply.Error("ERR Bad data format"), restore(redis, body), "Redis on " + body);
      assertThrows(
          CorruptEncodingException.class,
          () -> RdbReader.of(Bytes.fromHex(body)).string(),
          "ours on " + body);
    }
  }
}
