package dev.redstruct.server.script;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.testkit.RespClient;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;

/**
 * Redis 7.0 functions and the scripting behaviour Redis's Tcl unit/scripting checks, byte for byte
 * against a real Redis 7.0.15 (debug commands enabled on both): FUNCTION LOAD/LIST/DELETE/STATS/
 * FLUSH and FCALL/FCALL_RO with their error texts, register_function's argument errors, cmsgpack
 * (pack formats, unpack, unpack_one/limit, nesting limit), table.concat of numbers, the
 * nested-reply stack limit (LuaRepliesTest), Lua 5.1's texts of type errors, CLUSTER refused in
 * scripts, DEBUG PROTOCOL through redis.call, the script time snapshot, maxmemory OOM refusals and
 * allow-oom, SORT of a set for scripts; and a busy script: BUSY to other clients, a refused EXEC
 * (EXECABORT), SCRIPT KILL, FUNCTION KILL.
 */
@EnabledIf("dev.redstruct.testkit.RedisServer#isAvailable")
class ScriptFunctionsRedisIT {
  private static final String LIB =
      "#!lua name=lib\n"
          + "redis.register_function('echo', function(keys, args) return {keys[1], args[1]} end)\n"
          + "redis.register_function{function_name='ro', callback=function(keys, args)"
          + " return redis.call('get', keys[1]) end, flags={'no-writes'}, description='reads'}\n"
          + "redis.register_function('fail', function(keys, args) return redis.call('nosuch') end)";

  private static final String SOLO =
      "#!lua name=solo\n"
          + "redis.register_function{function_name='ro2', callback=function(keys, args)"
          + " return 1 end, flags={'no-writes', 'allow-oom'}, description='one'}";

  /** The steps: each is a command; both servers must answer each with the same bytes. */
  static List<String[]> steps() {
    List<String[]> s = new ArrayList<>();
    s.add(new String[] {"FUNCTION", "FLUSH"});
    s.add(new String[] {"FLUSHALL"});
    s.add(new String[] {"SET", "k", "v"});
    // XREAD/XREADGROUP with BLOCK from a script: refused (Redis: xreadCommand, CLIENT_SCRIPT)
    s.add(new String[] {"XADD", "st", "1-1", "a", "b"});
    s.add(new String[] {"XGROUP", "CREATE", "st", "g", "0"});
    s.add(new String[] {"EVAL", "return redis.pcall('xread','BLOCK',0,'STREAMS','st','$')", "0"});
    s.add(new String[] {"EVAL", "return redis.pcall('xread','BLOCK',0,'STREAMS','st','0')", "0"});
    s.add(
        new String[] {
          "EVAL",
          "return redis.pcall('xreadgroup','GROUP','g','c','BLOCK',0,'STREAMS','st','>')",
          "0"
        });
    s.add(new String[] {"EVAL", "return redis.call('xread','STREAMS','st','0')", "0"});
    // min-replicas-to-write with no replica: scripts that may write refused (Redis:
    // scriptPrepareForRun, scriptVerifyWriteCommandAllow)
    s.add(new String[] {"CONFIG", "SET", "min-replicas-to-write", "1"});
    s.add(new String[] {"EVAL", "#!lua flags=no-writes\nreturn redis.call('get','k')", "1", "k"});
    s.add(new String[] {"EVAL", "return redis.call('get','k')", "1", "k"});
    s.add(new String[] {"EVAL", "#!lua\nreturn redis.call('get','k')", "1", "k"});
    s.add(new String[] {"EVAL", "return redis.call('set','k','1')", "1", "k"});
    s.add(new String[] {"EVAL", "return redis.pcall('set','k','1')", "1", "k"});
    s.add(new String[] {"SET", "k", "2"});
    s.add(new String[] {"CONFIG", "SET", "min-replicas-to-write", "0"});
    s.add(new String[] {"SET", "k", "v"});
    // one library of one function: Redis lists libraries and functions in dict order
    s.add(new String[] {"FUNCTION", "LOAD", SOLO});
    s.add(new String[] {"FUNCTION", "LIST", "WITHCODE"});
    s.add(new String[] {"FUNCTION", "LIST", "LIBRARYNAME", "s*"});
    s.add(new String[] {"FUNCTION", "LIST", "LIBRARYNAME", "x*", "WITHCODE"});
    s.add(new String[] {"FUNCTION", "LOAD", LIB});
    s.add(new String[] {"FUNCTION", "LOAD", LIB});
    s.add(new String[] {"FUNCTION", "LOAD", "REPLACE", LIB});
    s.add(new String[] {"FUNCTION", "LIST", "LIBRARYNAME"});
    s.add(new String[] {"FUNCTION", "LIST", "BAD"});
    s.add(new String[] {"FUNCTION", "STATS"});
    s.add(new String[] {"FCALL", "echo", "1", "a", "b"});
    s.add(new String[] {"FCALL", "ro", "1", "k"});
    s.add(new String[] {"FCALL_RO", "ro", "1", "k"});
    s.add(new String[] {"FCALL_RO", "echo", "0"});
    s.add(new String[] {"FCALL", "fail", "0"});
    s.add(new String[] {"FCALL", "nosuch", "0"});
    s.add(new String[] {"FCALL", "echo", "x"});
    s.add(new String[] {"FCALL", "echo", "5", "a"});
    s.add(new String[] {"FCALL", "echo", "-1"});
    s.add(new String[] {"FUNCTION", "LOAD", "return 1"});
    s.add(new String[] {"FUNCTION", "LOAD", "#!lua"});
    s.add(new String[] {"FUNCTION", "LOAD", "#!lua\nreturn 1"});
    s.add(new String[] {"FUNCTION", "LOAD", "#!lua name=a name=b\n"});
    s.add(new String[] {"FUNCTION", "LOAD", "#!lua name=a foo=b\n"});
    s.add(new String[] {"FUNCTION", "LOAD", "#!nosuch name=a\n"});
    s.add(new String[] {"FUNCTION", "LOAD", "#!lua name=a-b\n"});
    s.add(new String[] {"FUNCTION", "LOAD", "#!lua name=x\nlocal a = 1"});
    s.add(new String[] {"FUNCTION", "LOAD", "#!lua name=x\nredis.register_function(1)"});
    s.add(new String[] {"FUNCTION", "LOAD", "#!lua name=x\nredis.register_function('f', 1)"});
    s.add(new String[] {"FUNCTION", "LOAD", "#!lua name=x\nredis.register_function{}"});
    s.add(
        new String[] {"FUNCTION", "LOAD", "#!lua name=x\nredis.register_function{flags={'bad'}}"});
    s.add(new String[] {"FUNCTION", "LOAD", "#!lua name=x\nredis.call('ping')"});
    s.add(new String[] {"FUNCTION", "LOAD", "#!lua name=x\nlocal s = string.len('x')"});
    s.add(
        new String[] {
          "FUNCTION",
          "LOAD",
          "#!lua name=x\nredis.register_function('echo', function() return 1 end)"
        });
    s.add(
        new String[] {
          "FUNCTION",
          "LOAD",
          "#!lua name=x\nredis.register_function('g', function() x = 1 end)\n"
              + "redis.register_function('g', function() end)"
        });
    s.add(
        new String[] {
          "FUNCTION", "LOAD", "#!lua name=x\nredis.register_function('g', function() x = 1 end)"
        });
    s.add(new String[] {"FCALL", "g", "0"});
    s.add(new String[] {"FUNCTION", "DELETE", "x"});
    s.add(new String[] {"FUNCTION", "DELETE", "x"});
    s.add(new String[] {"FUNCTION", "NOSUCH"});
    s.add(new String[] {"FUNCTION", "FLUSH", "BAD"});
    s.add(new String[] {"FUNCTION", "FLUSH", "ASYNC"});
    s.add(new String[] {"FUNCTION", "LIST"});
    lua(s);
    return s;
  }

  private static void lua(List<String[]> s) {
    for (String script :
        new String[] {
          // cmsgpack: every pack format (the packed bytes are the reply), unpack of all, one and
          // a limit
          "return cmsgpack.pack(0.1, -1099511627776, {1,2,'x'}, true, false, nil, 2^63,"
              + " -2^63, 1.5, 127, 128, 255, 256, 65535, 65536, 4294967296, -1, -32, -33,"
              + " -128, -129, -32768, -32769, -2147483648, -2147483649, string.rep('x', 31),"
              + " string.rep('x', 32), string.rep('x', 256), string.rep('x', 65536))",
          "local e = cmsgpack.pack({a=1})"
              + " local h = '' for i = 1, #e do h = h .. string.format('%02x', string.byte(e, i))"
              + " end return h",
          "local a = {x=nil,y=5} local b = {x=a} a['x'] = b local e = cmsgpack.pack(a)"
              + " local h = '' for i = 1, #e do h = h .. string.format('%02x', string.byte(e, i))"
              + " end return h",
          "return {cmsgpack.unpack(cmsgpack.pack(1, -2, 'abc', {1, {2}}, 0.5, 2^40))}",
          "return {cmsgpack.unpack_one(cmsgpack.pack(1, 2))}",
          "return {cmsgpack.unpack_limit(cmsgpack.pack(1, 2, 3), 2, 1)}",
          "return {cmsgpack.unpack_limit(cmsgpack.pack(1, 2, 3), 5, 0)}",
          "return cmsgpack.unpack(string.char(0xcd, 1))",
          "return cmsgpack.unpack(string.char(0xc1))",
          "return cmsgpack.unpack(string.char(0xdd, 255, 255, 255, 255))",
          "return tostring(cmsgpack.unpack(string.char(0xcf, 255, 255, 255, 255, 255, 255, 255, 255)))",
          "return cmsgpack.unpack_one('x', 5)",
          "return cmsgpack.pack()",
          // table.concat writes numbers as %.14g
          "return table.concat({0.0003, 1023.2, 1e20, -5, 'a'}, ' ')",
          "return table.concat({1, {}})",
          "return table.concat(nil)",
          // Lua 5.1's texts of type errors
          "return loadstring(string.dump(function() return 1 end))()",
          "return (nil).x",
          "return nil + 1",
          // CLUSTER
          "return redis.pcall('cluster', 'reset')",
          "return redis.pcall('cluster', 'info')",
          // SORT of a set for scripts: sorted, as Redis sorts it
          "redis.call('del', 's') redis.call('sadd', 's', 'c', 'a', 'b', 'aa')"
              + " return redis.call('sort', 's', 'by', 'nokey')",
        }) {
      s.add(new String[] {"EVAL", script, "0"});
    }
    s.add(new String[] {"CLUSTER", "INFO"});
    s.add(new String[] {"CLUSTER", "NOSUCH"});
    s.add(new String[] {"CLUSTER"});
    s.add(new String[] {"EVAL", "return redis.call('debug', 'protocol', 'map')", "0"});
    s.add(new String[] {"DEBUG", "SET-DISABLE-DENY-SCRIPTS", "1"});
    // the time stands still during a script
    s.add(
        new String[] {
          "EVAL",
          "redis.call('set', 'tk', 'v', 'px', '1') redis.call('debug', 'sleep', '0.01')"
              + " return redis.call('exists', 'tk')",
          "0"
        });
    s.add(new String[] {"EXISTS", "tk"});
    for (String type :
        new String[] {"string", "integer", "double", "bignum", "null", "array", "set", "map"}) {
      s.add(new String[] {"DEBUG", "PROTOCOL", type});
      s.add(new String[] {"EVAL", "return redis.call('debug', 'protocol', '" + type + "')", "0"});
    }
    s.add(new String[] {"DEBUG", "PROTOCOL", "attrib"});
    s.add(new String[] {"DEBUG", "PROTOCOL", "verbatim"});
    s.add(new String[] {"DEBUG", "PROTOCOL", "push"});
    s.add(new String[] {"DEBUG", "PROTOCOL", "nosuch"});
    s.add(new String[] {"DEBUG", "SET-DISABLE-DENY-SCRIPTS", "0"});
    // maxmemory: denyoom commands and shebang scripts are refused, allow-oom and reads are not
    s.add(new String[] {"SET", "x", "123"});
    s.add(new String[] {"CONFIG", "SET", "maxmemory", "1"});
    s.add(new String[] {"SET", "x", "1"});
    s.add(new String[] {"GET", "x"});
    s.add(new String[] {"EVAL", "return redis.call('set', 'x', 1)", "0"});
    s.add(new String[] {"EVAL", "return redis.pcall('set', 'x', 1)", "0"});
    s.add(new String[] {"EVAL", "return redis.call('get', 'x')", "0"});
    s.add(new String[] {"EVAL", "#!lua flags=\nreturn 1", "0"});
    s.add(new String[] {"EVAL", "#!lua flags=allow-oom\nreturn redis.call('set', 'x', 2)", "0"});
    s.add(new String[] {"EVAL", "#!lua flags=no-writes\nreturn redis.call('get', 'x')", "0"});
    s.add(new String[] {"MULTI"});
    s.add(new String[] {"SET", "y", "1"});
    s.add(new String[] {"EXEC"});
    s.add(new String[] {"CONFIG", "SET", "maxmemory", "0"});
    s.add(new String[] {"GET", "x"});
  }

  @Test
  void repliesAreEqual() {
    List<String> mismatches = new ArrayList<>();
    try (dev.redstruct.testkit.RedisServer real =
            dev.redstruct.testkit.RedisServer.start(List.of("--enable-debug-command", "yes"));
        dev.redstruct.server.RedisServer ours =
            dev.redstruct.server.RedisServer.start("--port", "0", "--enable-debug-command", "yes");
        RespClient theirs = real.newClient();
        RespClient mine = RespClient.connect(ours.port())) {
      for (int proto = 2; proto <= 3; proto++) {
        String[] hello = {"HELLO", Integer.toString(proto)};
        theirs.callRaw(bytes(hello));
        mine.callRaw(bytes(hello));
        for (String[] step : steps()) {
          String a = text(theirs.callRaw(bytes(step)));
          String b = text(mine.callRaw(bytes(step)));
          if (!a.equals(b)) {
            mismatches.add(
                "RESP"
                    + proto
                    + " "
                    + String.join(" ", step).replace("\n", "\\n")
                    + "\n    redis: "
                    + a.replace("\r\n", "\\r\\n")
                    + "\n    ours:  "
                    + b.replace("\r\n", "\\r\\n"));
          }
        }
      }
    }
    assertEquals(List.of(), mismatches);
  }

  /** A script that loops until killed: BUSY, EXECABORT, SCRIPT KILL, FUNCTION KILL as in Redis. */
  @Test
  void busyScriptsAreKilledAsInRedis() throws Exception {
    try (dev.redstruct.testkit.RedisServer real = dev.redstruct.testkit.RedisServer.start();
        dev.redstruct.server.RedisServer ours =
            dev.redstruct.server.RedisServer.start("--port", "0")) {
      assertEquals(busy(real.port()), busy(ours.port()));
    }
  }

  /** The replies of one busy-script session against the server on a port. */
  private static List<String> busy(int port) throws Exception {
    List<String> replies = new ArrayList<>();
    try (RespClient admin = RespClient.connect(port);
        RespClient tx = RespClient.connect(port);
        RespClient runner = RespClient.connect(port, 10_000)) {
      // an EXEC whose queue holds a denyoom command is refused once out of memory
      tx.call("MULTI");
      tx.call("SET", "z", "1");
      tx.call("GET", "z");
      admin.call("CONFIG", "SET", "maxmemory", "1");
      replies.add(text(tx.callRaw(bytes(new String[] {"EXEC"}))));
      admin.call("CONFIG", "SET", "maxmemory", "0");
      admin.call("CONFIG", "SET", "lua-time-limit", "10");
      replies.add(text(admin.callRaw(bytes(new String[] {"SCRIPT", "KILL"}))));
      String[][] cases = {
        {
          "EVAL",
          "local f = function() while 1 do redis.call('ping') end end while 1 do pcall(f) end",
          "0"
        },
        {"EVAL", "while true do end", "0"},
      };
      for (String[] script : cases) {
        tx.call("MULTI");
        tx.call("INCR", "xx");
        String[] result = new String[1];
        Thread t = new Thread(() -> result[0] = text(runner.callRaw(bytes(script))));
        t.start();
        String ping = waitBusy(admin);
        replies.add(ping);
        replies.add(text(admin.callRaw(bytes(new String[] {"FUNCTION", "KILL"}))));
        replies.add(text(admin.callRaw(bytes(new String[] {"GET", "x"}))));
        replies.add(text(tx.callRaw(bytes(new String[] {"EXEC"})))); // EXECABORT ... BUSY
        replies.add(text(admin.callRaw(bytes(new String[] {"SCRIPT", "KILL"}))));
        t.join(10_000);
        replies.add("runner " + result[0]);
        replies.add(text(tx.callRaw(bytes(new String[] {"PING", "asdf"})))); // no longer in MULTI
        replies.add(text(admin.callRaw(bytes(new String[] {"PING"}))));
      }
      // a MULTI arriving while the script is busy (Redis's unit/multi "MULTI and script timeout"):
      // the script's hook serves the other clients from inside the server's loop
      String[] result = new String[1];
      String[] loop = {"EVAL", "while true do end", "0"};
      Thread t = new Thread(() -> result[0] = text(runner.callRaw(bytes(loop))));
      t.start();
      waitBusy(admin);
      replies.add(text(tx.callRaw(bytes(new String[] {"MULTI"}))));
      replies.add(text(tx.callRaw(bytes(new String[] {"INCR", "xx"}))));
      replies.add(text(admin.callRaw(bytes(new String[] {"SCRIPT", "KILL"}))));
      t.join(10_000);
      replies.add("runner " + result[0]);
      replies.add(text(tx.callRaw(bytes(new String[] {"INCR", "xx"}))));
      replies.add(text(tx.callRaw(bytes(new String[] {"EXEC"}))));
      replies.add(text(admin.callRaw(bytes(new String[] {"GET", "xx"}))));
      admin.call("CONFIG", "SET", "lua-time-limit", "5000");
    }
    return replies;
  }

  private static String waitBusy(RespClient admin) throws InterruptedException {
    for (int i = 0; i < 500; i++) {
      String r = text(admin.callRaw(bytes(new String[] {"PING"})));
      if (r.startsWith("-BUSY")) {
        return r;
      }
      Thread.sleep(10);
    }
    assertTrue(false, "the script never became busy");
    return null;
  }

  private static byte[][] bytes(String[] argv) {
    byte[][] b = new byte[argv.length][];
    for (int i = 0; i < argv.length; i++) {
      b[i] = argv[i].getBytes(StandardCharsets.ISO_8859_1);
    }
    return b;
  }

  private static String text(byte[] b) {
    return new String(b, StandardCharsets.ISO_8859_1);
  }
}
