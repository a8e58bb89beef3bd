package dev.redstruct.server.script;

import static dev.redstruct.server.script.KeyspaceHost.argv;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.keyspace.Keyspace;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The scripting engine over a bare {@link Keyspace}, no server. Expected replies come from Redis's
 * own tests (tests/unit/scripting.tcl, 7.0.15: the test named in each comment) or were read from
 * redis-server 7.0.15 with the command shown ({@code ScriptDifferentialRedisIT} checks the same
 * steps against the server on every build).
 */
class ScriptingTest {
  private final Scripting scripting = new Scripting();
  private final KeyspaceHost host = new KeyspaceHost(Keyspace.create());

  private String eval(String script, String... keysThenArgs) {
    String[] a = new String[3 + keysThenArgs.length];
    a[0] = "EVAL";
    a[1] = script;
    a[2] = "0";
    System.arraycopy(keysThenArgs, 0, a, 3, keysThenArgs.length);
    return run(a);
  }

  private String run(String... a) {
    return new String(scripting.execute(host, argv(a)), StandardCharsets.ISO_8859_1);
  }

  @Test
  void luaToRedisConversions() {
    // scripting.tcl "EVAL - Lua integer -> Redis protocol type conversion"
    assertEquals(":100\r\n", eval("return 100.5"));
    // "EVAL - Lua string -> Redis protocol type conversion"
    assertEquals("$11\r\nhello world\r\n", eval("return 'hello world'"));
    // "EVAL - Lua true boolean -> Redis protocol type conversion"
    assertEquals(":1\r\n", eval("return true"));
    // "EVAL - Lua false boolean -> Redis protocol type conversion"
    assertEquals("$-1\r\n", eval("return false"));
    // "EVAL - Lua status code reply -> Redis protocol type conversion"
    assertEquals("+fine\r\n", eval("return {ok='fine'}"));
    // "EVAL - Lua error reply -> Redis protocol type conversion"
    assertEquals("-ERR this is an error\r\n", eval("return {err='ERR this is an error'}"));
    // "EVAL - Lua table -> Redis protocol type conversion"
    assertEquals(
        "*5\r\n:1\r\n:2\r\n:3\r\n$4\r\nciao\r\n*2\r\n:1\r\n:2\r\n",
        eval("return {1,2,3,'ciao',{1,2}}"));
  }

  @Test
  void keysAndArgv() {
    // scripting.tcl "EVAL - Are the KEYS and ARGV arrays populated correctly?"
    assertEquals(
        "*4\r\n$1\r\na\r\n$1\r\nb\r\n$1\r\nc\r\n$1\r\nd\r\n",
        run("EVAL", "return {KEYS[1],KEYS[2],ARGV[1],ARGV[2]}", "2", "a", "b", "c", "d"));
    // eval.c: the numkeys checks, in this order
    assertEquals(
        "-ERR Number of keys can't be greater than number of args\r\n",
        run("EVAL", "return 1", "2", "a"));
    assertEquals("-ERR Number of keys can't be negative\r\n", run("EVAL", "return 1", "-1"));
    assertEquals("-ERR value is not an integer or out of range\r\n", run("EVAL", "return 1", "x"));
  }

  @Test
  void redisToLuaConversions() {
    host.keyspace.execute("SET", "mykey", "myval");
    // scripting.tcl "EVAL - Redis bulk -> Lua type conversion"
    assertEquals(
        "$6\r\nstring\r\n",
        run("EVAL", "local foo = redis.pcall('get',KEYS[1]); return type(foo)", "1", "mykey"));
    // "EVAL - Redis nil bulk reply -> Lua type conversion"
    assertEquals(":1\r\n", eval("local foo = redis.pcall('get','nosuchkey'); return foo == false"));
    // "EVAL - Redis status reply -> Lua type conversion"
    assertEquals(
        "*2\r\n$5\r\ntable\r\n$2\r\nOK\r\n",
        eval("local foo = redis.pcall('set','x','y'); return {type(foo),foo['ok']}"));
    // "EVAL - Redis error reply -> Lua type conversion"
    assertEquals(
        "*2\r\n$5\r\ntable\r\n$43\r\nERR value is not an integer or out of range\r\n",
        eval("local foo = redis.pcall('incr','mykey'); return {type(foo),foo['err']}"));
  }

  @Test
  void errorsCarryTheScriptAndLine() {
    // redis-cli -p P eval "error('boom')" 0 (redis-server 7.0.15)
    assertEquals(
        "-ERR user_script:1: boom script: 82903a0434f1503e152f89c03c9acd881a0e8150, on"
            + " @user_script:1.\r\n",
        eval("error('boom')"));
    // redis-cli -p P eval "redis.call('nosuch')" 0
    assertEquals(
        "-ERR Unknown Redis command called from script script:"
            + " 430a4c08007a56d804d36fb3892501d47c06f338, on @user_script:1.\r\n",
        eval("redis.call('nosuch')"));
    // scripting.tcl "EVALSHA - Do we get an error on non defined SHA1?"
    assertEquals(
        "-NOSCRIPT No matching script. Please use EVAL.\r\n",
        run("EVALSHA", "ffd632c7d33e571e9f24556ebed26c3479a87130", "0"));
  }

  @Test
  void sandbox() {
    // scripting.tcl "Globals protection reading an undeclared global variable" / "setting"
    assertTrue(
        eval("return a").contains("Script attempted to access nonexistent global variable 'a'"));
    assertTrue(eval("a=10").contains("Attempt to modify a readonly table"));
    // "Try trick global protection 1..4", "Try trick readonly table on ... table"
    for (String s :
        new String[] {
          "setmetatable(_G, {})",
          "local g = getmetatable(_G) g.__index = {}",
          "redis = function() return 1 end",
          "_G = {}",
          "redis.call = function() return 1 end",
          "cjson.encode = function() return 1 end",
          "cmsgpack.pack = function() return 1 end",
          "bit.lshift = function() return 1 end"
        }) {
      assertTrue(eval(s).contains("Attempt to modify a readonly table"), s);
    }
    // "Test loadfile are not available", dofile, print
    for (String name : new String[] {"loadfile", "dofile", "print"}) {
      assertTrue(
          eval(name + "('x')")
              .contains("Script attempted to access nonexistent global variable '" + name + "'"));
    }
  }

  @Test
  void sha1hexAndScriptCache() {
    // scripting.tcl "redis.sha1hex() implementation"
    assertEquals(
        "$40\r\nda39a3ee5e6b4b0d3255bfef95601890afd80709\r\n", eval("return redis.sha1hex('')"));
    assertEquals(
        "$40\r\n74822d82031af7493c20eefa13bd07ec4fada82f\r\n",
        eval("return redis.sha1hex('Pizza & Mandolino')"));
    String sha = "b534286061d4b9e4026607613b95c06c06015ae8"; // SHA-1 of "return 'loaded'"
    assertEquals("$40\r\n" + sha + "\r\n", run("SCRIPT", "LOAD", "return 'loaded'"));
    assertTrue(scripting.exists(sha.toUpperCase(java.util.Locale.ROOT)));
    assertEquals("$6\r\nloaded\r\n", run("EVALSHA", sha, "0"));
    assertEquals("+OK\r\n", run("SCRIPT", "FLUSH"));
    assertFalse(scripting.exists(sha));
  }

  @Test
  void readOnlyScripts() {
    // scripting.tcl "EVAL_RO - Cannot run write commands"
    assertTrue(
        run("EVAL_RO", "redis.call('del', KEYS[1]);", "1", "foo")
            .startsWith("-ERR Write commands are not allowed from read-only scripts."));
    // script.c scriptPrepareForRun: a shebang script without no-writes under *_RO
    assertEquals(
        "-ERR Can not execute a script with write flag using *_ro command.\r\n",
        run("EVAL_RO", "#!lua\nreturn 1", "0"));
  }

  @Test
  void libraries() {
    // scripting.tcl "EVAL - JSON string decoding"
    assertEquals(
        "*2\r\n$1\r\na\r\n$1\r\nb\r\n",
        eval(
            "local decoded = cjson.decode('{\"keya\": \"a\", \"keyb\": \"b\"}') return"
                + " {decoded.keya, decoded.keyb}"));
    // "EVAL - Verify minimal bitop functionality"
    assertEquals(
        "$-1\r\n",
        eval(
            "assert(bit.tobit(1) == 1); assert(bit.band(1) == 1); assert(bit.bxor(1,2) == 3);"
                + " assert(bit.bor(1,2,4,8,16,32,64,128) == 255)"));
    // "EVAL - Able to parse trailing comments"
    assertEquals("$5\r\nhello\r\n", eval("return 'hello' --trailing comment"));
  }
}
