package dev.redstruct.server.script;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.redstruct.core.resp.RespWriter;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;

/**
 * The reply/Lua conversions on their own, RESP3 types included, as src/script_lua.c (7.0.15)
 * defines them: redisProtocolToLuaType_* one way, luaReplyToRedisReply the other; and a reply
 * written back after a round trip equals the original where Redis's conversion is lossless.
 */
class LuaRepliesTest {
  private static LuaValue lua(String reply) {
    return LuaReplies.toLua(reply.getBytes(StandardCharsets.ISO_8859_1));
  }

  private static String reply(LuaValue v, int callerResp, int scriptResp) {
    RespWriter out = new RespWriter(callerResp);
    LuaReplies.toReply(out, v, scriptResp);
    return new String(out.toByteArray(), StandardCharsets.ISO_8859_1);
  }

  /**
   * A table that holds itself: Redis 7.0.15 writes 7995 one-element arrays, then "reached lua stack
   * limit" (measured: EVAL "local a = {}; local b = {a}; a[1] = b; return a" 0 on redis-server
   * 7.0.15 over a raw socket gave 7995 "*1" frames and "-ERR reached lua stack limit").
   */
  @Test
  void aSelfNestedTableStopsAtRedisStackLimit() throws InterruptedException {
    LuaTable a = new LuaTable();
    LuaTable b = new LuaTable();
    b.rawset(1, a);
    a.rawset(1, b);
    String[] out = new String[1];
    Thread t = new Thread(null, () -> out[0] = reply(a, 2, 2), "deep", 64L << 20);
    t.start();
    t.join();
    String expected = "*1\r\n".repeat(7995) + "-ERR reached lua stack limit\r\n";
    assertEquals(expected, out[0]);
  }

  @Test
  void resp3RepliesBecomeTables() {
    // redisProtocolToLuaType_Map: {map={k=v}}
    LuaValue m = lua("%1\r\n$1\r\na\r\n:1\r\n");
    assertEquals(LuaValue.valueOf(1), m.get("map").get("a"));
    // _Set: {set={member=true}}
    assertEquals(LuaValue.TRUE, lua("~1\r\n$1\r\nx\r\n").get("set").get("x"));
    // _Double: {double=n}
    assertEquals(2.5, lua(",2.5\r\n").get("double").todouble());
    assertEquals(Double.POSITIVE_INFINITY, lua(",inf\r\n").get("double").todouble());
    // _BigNumber: {big_number="..."}
    assertEquals(
        "123456789012345678901234567890",
        lua("(123456789012345678901234567890\r\n").get("big_number").tojstring());
    // _VerbatimString: {verbatim_string={format=, string=}}
    LuaValue vs = lua("=8\r\ntxt:abcd\r\n").get("verbatim_string");
    assertEquals("txt", vs.get("format").tojstring());
    assertEquals("abcd", vs.get("string").tojstring());
    // _Null: nil; _Bool: boolean; _Attribute: skipped
    assertEquals(LuaValue.NIL, lua("_\r\n"));
    assertEquals(LuaValue.TRUE, lua("#t\r\n"));
    assertEquals(LuaValue.valueOf(7), lua("|1\r\n+key\r\n+val\r\n:7\r\n"));
  }

  @Test
  void resp2RepliesBecomeLuaValues() {
    assertEquals(LuaValue.FALSE, lua("$-1\r\n"));
    assertEquals(LuaValue.FALSE, lua("*-1\r\n"));
    assertEquals("OK", lua("+OK\r\n").get("ok").tojstring());
    // luaPushErrorBuff: the code up to the first space, or ERR when there is none
    assertEquals("WRONGTYPE x y", lua("-WRONGTYPE x y\r\n").get("err").tojstring());
    assertEquals("ERR NOCODE", lua("-NOCODE\r\n").get("err").tojstring());
    LuaValue arr = lua("*3\r\n:1\r\n$1\r\na\r\n*0\r\n");
    assertEquals(3, arr.length());
    assertEquals(LuaValue.valueOf(1), arr.get(1));
  }

  @Test
  void truncatedRepliesAreLuaErrors() {
    assertThrows(LuaError.class, () -> lua("$5\r\nab"));
    assertThrows(LuaError.class, () -> lua("*2\r\n:1\r\n"));
  }

  @Test
  void tablesBecomeRepliesInTheCallersProtocol() {
    LuaTable map = new LuaTable();
    LuaTable inner = new LuaTable();
    inner.rawset("k", LuaValue.valueOf("v"));
    map.rawset("map", inner);
    assertEquals("*2\r\n$1\r\nk\r\n$1\r\nv\r\n", reply(map, 2, 3));
    assertEquals("%1\r\n$1\r\nk\r\n$1\r\nv\r\n", reply(map, 3, 3));
    LuaTable dbl = new LuaTable();
    dbl.rawset("double", LuaValue.valueOf(1.5));
    assertEquals("$3\r\n1.5\r\n", reply(dbl, 2, 2));
    assertEquals(",1.5\r\n", reply(dbl, 3, 2));
    // booleans follow the script's protocol (setresp), nulls the caller's
    assertEquals("$-1\r\n", reply(LuaValue.FALSE, 2, 2));
    assertEquals("_\r\n", reply(LuaValue.FALSE, 3, 2));
    assertEquals(":0\r\n", reply(LuaValue.FALSE, 2, 3));
    assertEquals("#f\r\n", reply(LuaValue.FALSE, 3, 3));
    // (long long) of a double: truncation; NaN and out of range are LLONG_MIN on x86-64
    assertEquals(":-3\r\n", reply(LuaValue.valueOf(-3.9), 2, 2));
    assertEquals(":-9223372036854775808\r\n", reply(LuaValue.valueOf(Double.NaN), 2, 2));
  }
}
