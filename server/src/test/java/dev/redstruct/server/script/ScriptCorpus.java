package dev.redstruct.server.script;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The scripting differential corpus: commands sent in this order, on one connection, to a real
 * Redis 7.0.15 and to our server. A step is an argv; a step whose first word starts with {@code ~}
 * is sent but its reply not compared (HELLO's id); one that starts with {@code ≈} is compared with
 * the Lua message text masked (a known difference in luaj's wording, server/README.md).
 */
final class ScriptCorpus {
  /** How many generated steps of each generated kind (seeded; see {@link #generated}). */
  static final int GENERATED_PER_KIND = 40;

  private ScriptCorpus() {}

  static List<String[]> steps(long seed) {
    List<String[]> s = new ArrayList<>();
    setup(s);
    conversionsToResp(s);
    conversionsFromResp(s);
    errors(s);
    sandbox(s);
    evalFlow(s);
    readOnly(s);
    blocking(s);
    api(s);
    libraries(s);
    generated(s, new Random(seed));
    s.add(new String[] {"~HELLO", "3"});
    conversionsToResp(s);
    resp3(s);
    s.add(new String[] {"~HELLO", "2"});
    resp3(s);
    return s;
  }

  private static void eval(List<String[]> s, String script, String... keysAndArgs) {
    String[] a = new String[3 + keysAndArgs.length];
    a[0] = "EVAL";
    a[1] = script;
    int numkeys = 0;
    int i = 0;
    for (; i < keysAndArgs.length && !keysAndArgs[i].equals("|"); i++) {
      numkeys++;
    }
    a[2] = Integer.toString(numkeys);
    int j = 3;
    for (int k = 0; k < keysAndArgs.length; k++) {
      if (k != numkeys) {
        a[j++] = keysAndArgs[k];
      }
    }
    String[] b = new String[j];
    System.arraycopy(a, 0, b, 0, j);
    s.add(b);
  }

  private static void approx(List<String[]> s, String script) {
    s.add(new String[] {"≈EVAL", script, "0"});
  }

  private static void cmd(List<String[]> s, String... argv) {
    s.add(argv);
  }

  private static void setup(List<String[]> s) {
    cmd(s, "FLUSHALL");
    cmd(s, "SET", "str", "hello");
    cmd(s, "SET", "num", "41");
    cmd(s, "RPUSH", "list", "a", "b", "c");
    cmd(s, "HSET", "h1", "field", "value");
    cmd(s, "SADD", "s1", "member");
    cmd(s, "ZADD", "z", "1.5", "a", "2", "b");
  }

  private static void conversionsToResp(List<String[]> s) {
    for (String v :
        new String[] {
          "1",
          "-1",
          "0",
          "3.7",
          "-3.7",
          "1e20",
          "-1e20",
          "0/0",
          "1/0",
          "-1/0",
          "2^53",
          "2^63",
          "'x'",
          "''",
          "'a\\0b'",
          "true",
          "false",
          "nil",
          "{}",
          "{1,2,3}",
          "{1,nil,3}",
          "{1,{2,{3,{4}}}}",
          "{'a',true,false,3.9}",
          "{ok='fine'}",
          "{ok='a\\r\\nb'}",
          "{ok='x\\0y'}",
          "{err='bad'}",
          "{err='My Err'}",
          "{err='a\\nb\\r\\n'}",
          "{err=''}",
          "{err=3}",
          "{ok=3}",
          "redis.status_reply('OK')",
          "redis.error_reply('x')",
          "redis.error_reply('-CODE msg')",
          "redis.error_reply('My Error')",
          "redis.error_reply(1)",
          "redis.status_reply()",
          "{double=3.5}",
          "{double=1/3}",
          "{double='x'}",
          "{big_number='123'}",
          "{big_number='1\\r\\n2'}",
          "{map={a=1}}",
          "{map={}}",
          "{set={a=true}}",
          "{set={}}",
          "{verbatim_string={format='txt', string='hi'}}",
          "{verbatim_string={format='txt'}}",
          "{1, {err='inner'}, {ok='st'}}",
          "{x=1, 7}",
          "{[1]=1, [3]=3}",
          "KEYS",
          "ARGV",
          "#KEYS + #ARGV",
          "redis",
          "function() end",
          "coroutine.create(function() end)",
          "cjson.null",
          "{cjson.null}",
          "{{}, {{}}}"
        }) {
      eval(s, "return " + v, "k1", "|", "a1", "a2");
    }
  }

  private static void conversionsFromResp(List<String[]> s) {
    String[] calls = {
      "redis.call('SET','k','v')",
      "redis.call('GET','str')",
      "redis.call('GET','nokey')",
      "redis.call('INCR','num')",
      "redis.call('LRANGE','list',0,-1)",
      "redis.call('LRANGE','nolist',0,-1)",
      "redis.call('HGETALL','h1')",
      "redis.call('SMEMBERS','s1')",
      "redis.call('ZSCORE','z','a')",
      "redis.call('ZRANGE','z',0,-1,'WITHSCORES')",
      "redis.call('EXISTS','str','nokey')",
      "redis.call('PING')",
      "redis.call('PING','x')",
      "redis.call('ECHO','e')",
      "redis.call('TYPE','list')",
      "redis.call('PUBLISH','chan','m')",
      "redis.pcall('INCR','str')",
      "redis.pcall('HSET','str','f','v')",
      "redis.pcall('nosuch')",
      "redis.pcall('GET')",
      "redis.pcall()",
      "redis.pcall('GET',{})",
      "redis.pcall('GET',true)",
      "redis.pcall('GET',nil)",
      "redis.call('MGET','str','nokey','num')",
      "redis.call('OBJECT','ENCODING','list')",
      "redis.pcall('OBJECT','NOSUCH','list')",
      "redis.call('DBSIZE')",
      "redis.call('TTL','str')"
    };
    for (String c : calls) {
      eval(s, "return " + c);
      eval(s, "local r = " + c + "; return type(r)");
      eval(s, "local r = " + c + "; if type(r) == 'table' then return {r.ok, r.err, #r} end");
    }
    eval(s, "redis.call('SET','n',1.5); return redis.call('GET','n')");
    eval(s, "redis.call('SET','n',1/3); return redis.call('GET','n')");
    eval(s, "redis.call('SET','n',1e100); return redis.call('GET','n')");
    eval(s, "redis.call('SET','n',2^53+1); return redis.call('GET','n')");
    eval(s, "redis.call('SET','n',123456789012); return redis.call('GET','n')");
    eval(s, "return redis.call('INCRBYFLOAT','f',0.1)");
    eval(s, "return redis.call('SET',KEYS[1],ARGV[1])", "bin", "|", "\u0000\u00ff\r\n");
    eval(s, "return redis.call('GET',KEYS[1])", "bin");
  }

  private static void errors(List<String[]> s) {
    for (String e :
        new String[] {
          "error('boom')",
          "error('boom', 0)",
          "error({err='MYERR x'})",
          "error({err='E'})",
          "error(42)",
          "error(nil)",
          "error('a\\nb')",
          "redis.call('nosuch')",
          "redis.call('GET')",
          "redis.call()",
          "redis.call('GET', {})",
          "redis.call('INCR','str')",
          "redis.call('HSET','str','f','v')",
          "redis.call('SET','k','v','EX','0')",
          "redis.call('MULTI')",
          "redis.call('EXEC')",
          "redis.call('WATCH','k')",
          "redis.call('SUBSCRIBE','x')",
          "redis.call('EVAL','return 1','0')",
          "redis.call('SCRIPT','LOAD','return 1')",
          "redis.call('SCRIPT','NOSUCH')",
          "redis.call('CLIENT','ID')",
          "redis.call('AUTH','x')",
          "redis.call('HELLO')",
          "redis.call('RESET')",
          "redis.call('QUIT')",
          "redis.call('OBJECT','NOSUCH','k')",
          "local ok, e = pcall(function() error('x') end); return e",
          "local ok, e = pcall(function() error('x', 0) end); return e",
          "local ok, e = pcall(function() redis.call('nosuch') end); return e",
          "local ok, e = pcall(function() error({err='E1'}) end); return e",
          "local ok, e = pcall(function() error({x=1}) end); return type(e)",
          "return pcall(function() return 1 end)",
          "return {pcall(function() return 1, 2 end)}",
          "return {pcall(error, 'x')}",
          "return {pcall(redis.call, 'GET', 'str')}",
          "return {pcall(redis.call, 'nosuch')}",
          "local function f() error('deep') end\nf()",
          "\n\nerror('line3')",
          "return redis.sha1hex()",
          "redis.log()",
          "redis.log('x', 'y')",
          "redis.log(10, 'x')",
          "redis.setresp(4)",
          "redis.setresp()",
          "redis.set_repl(7)",
          "redis.set_repl()",
          "redis.acl_check_cmd('nosuch')",
          "redis.acl_check_cmd()"
        }) {
      eval(s, e);
    }
    approx(s, "local t = nil; return t.x");
    approx(s, "return 1 + {}");
    approx(s, "return 'a' .. {}");
    approx(s, "return #nil");
    approx(s, "return 1 < 'x'");
    approx(s, "return string.rep()");
    approx(s, "return (nil)()");
    approx(s, "return 1 +");
    approx(s, "local t = {}\nt.x.y = 1");
    approx(s, "x = = 2");
    approx(s, "return loadstring(string.dump(function() return 1 end))()");
  }

  private static void sandbox(List<String[]> s) {
    for (String e :
        new String[] {
          "return a",
          "a = 10",
          "setmetatable(_G, {})",
          "local g = getmetatable(_G); g.__index = {}",
          "redis = function() return 1 end",
          "_G = {}",
          "redis.call = function() return 1 end",
          "cjson.encode = function() return 1 end",
          "cmsgpack.pack = function() return 1 end",
          "bit.lshift = function() return 1 end",
          "string.x = 1",
          "math.pi = 3",
          "table.insert(string, 'x')",
          "rawset(_G, 'x', 1)",
          "rawset(redis, 'x', 1)",
          "loadfile('some file')",
          "dofile('some file')",
          "print('x')",
          "return os.time()",
          "return io.write('x')",
          "return require('x')",
          "return type(os)",
          "return type(unpack)",
          "return type(loadstring)",
          "return type(newproxy)",
          "return type(getfenv)",
          "return _VERSION",
          "function f() end",
          "local function f() return 7 end return f()",
          "return KEYS[1]",
          "KEYS[1] = 'x'",
          "return type(math.log10)",
          "return type(table.getn)"
        }) {
      eval(s, e, "k");
    }
  }

  private static void evalFlow(List<String[]> s) {
    cmd(s, "EVAL", "return 1", "-1");
    cmd(s, "EVAL", "return 1", "2", "a");
    cmd(s, "EVAL", "return 1", "abc");
    cmd(s, "EVAL", "return 1", "1.5");
    cmd(s, "EVAL", "return 1", "01");
    cmd(s, "EVAL", "return 1", "-0");
    cmd(s, "EVAL", "return 1", "99999999999999999999");
    cmd(s, "EVAL", "return 1");
    cmd(s, "EVAL");
    cmd(s, "EVALSHA", "abc", "0");
    cmd(s, "EVALSHA", "abc", "x");
    cmd(s, "EVALSHA", "ffd632c7d33e571e9f24556ebed26c3479a87130", "0");
    cmd(s, "EVALSHA", "ffd632c7d33e571e9f24556ebed26c3479a87130", "-1");
    cmd(s, "SCRIPT", "LOAD", "return 'loaded'");
    cmd(s, "≈SCRIPT", "LOAD", "return 1 +");
    cmd(s, "SCRIPT", "LOAD", "#!lua flags=nope\nreturn 1");
    cmd(s, "SCRIPT", "EXISTS", "b534286061d4b9e4026607613b95c06c06015ae8", "nosuch");
    cmd(s, "SCRIPT", "EXISTS", "B534286061D4B9E4026607613B95C06C06015AE8");
    cmd(s, "EVALSHA", "b534286061d4b9e4026607613b95c06c06015ae8", "0");
    cmd(s, "EVALSHA", "B534286061D4B9E4026607613B95C06C06015AE8", "0");
    cmd(s, "EVALSHA_RO", "b534286061d4b9e4026607613b95c06c06015ae8", "0");
    cmd(s, "EVAL", "return redis.call('GET', KEYS[1])", "1", "str");
    cmd(s, "SCRIPT", "EXISTS", "x", "y", "z");
    cmd(s, "SCRIPT", "FLUSH", "FOO");
    cmd(s, "SCRIPT", "FLUSH", "SYNC", "x");
    cmd(s, "SCRIPT", "FLUSH");
    cmd(s, "SCRIPT", "EXISTS", "b534286061d4b9e4026607613b95c06c06015ae8");
    cmd(s, "EVALSHA", "b534286061d4b9e4026607613b95c06c06015ae8", "0");
    cmd(s, "SCRIPT", "LOAD", "return 'loaded'");
    cmd(s, "SCRIPT", "FLUSH", "ASYNC");
    cmd(s, "SCRIPT", "FLUSH", "sync");
    cmd(s, "SCRIPT", "KILL");
    cmd(s, "SCRIPT", "KILL", "x");
    cmd(s, "SCRIPT", "NOSUCH");
    cmd(s, "SCRIPT");
    cmd(s, "SCRIPT", "LOAD");
    cmd(s, "SCRIPT", "LOAD", "a", "b");
    cmd(s, "SCRIPT", "EXISTS");
    cmd(s, "SCRIPT", "DEBUG", "FOO");
    cmd(s, "SCRIPT", "DEBUG", "NO");
    cmd(s, "MULTI");
    cmd(s, "EVAL", "return redis.call('INCR', KEYS[1])", "1", "m");
    cmd(s, "EVAL", "return redis.call('INCR', KEYS[1])", "1", "m");
    cmd(s, "EXEC");
    cmd(s, "MULTI");
    cmd(s, "EVAL", "return 1");
    cmd(s, "EXEC");
    cmd(
        s,
        "EVAL",
        "redis.call('SELECT', 1); redis.call('SET','k','db1'); return redis.call('GET','k')",
        "0");
    cmd(s, "GET", "k");
    cmd(s, "SELECT", "1");
    cmd(s, "EVAL", "return redis.call('GET','k')", "0");
    cmd(s, "SELECT", "0");
    cmd(s, "EVAL", "return redis.call('DBSIZE')", "0");
  }

  private static void blocking(List<String[]> s) {
    cmd(s, "RPUSH", "bl", "a", "b");
    cmd(s, "ZADD", "bz", "1", "m", "2", "n");
    for (String e :
        new String[] {
          "redis.call('BLPOP','nolist',0)",
          "redis.call('BLPOP','bl',0)",
          "redis.call('BRPOP','nolist','bl',1)",
          "redis.call('BLPOP','nolist',0.01)",
          "redis.call('BLMOVE','bl','bl2','LEFT','RIGHT',0)",
          "redis.call('BLMOVE','x','y','LEFT','RIGHT',0)",
          "redis.call('BRPOPLPUSH','bl2','bl3',0)",
          "redis.call('BLMPOP',0,1,'bl3','LEFT')",
          "redis.call('BLMPOP',0,1,'nolist','LEFT')",
          "redis.call('BZPOPMIN','bz',0)",
          "redis.call('BZPOPMAX','bz','nozset',0)",
          "redis.call('BZPOPMIN','nozset',0)",
          "redis.call('BZMPOP',0,1,'nozset','MIN')",
          "redis.pcall('BLPOP','str',0)",
          "redis.pcall('BLPOP','bl',-1)",
          "redis.pcall('BLPOP','bl','x')",
          "redis.pcall('BLPOP','bl')"
        }) {
      eval(s, "return " + e);
    }
    cmd(s, "EVAL_RO", "return redis.call('BLPOP','nolist',0)", "0");
  }

  private static void readOnly(List<String[]> s) {
    cmd(s, "EVAL_RO", "return redis.call('SET','k','v')", "1", "k");
    cmd(s, "EVAL_RO", "return redis.call('GET','str')", "1", "str");
    cmd(s, "EVAL_RO", "return redis.call('PUBLISH','c','m')", "0");
    cmd(s, "EVAL_RO", "return redis.pcall('DEL','k')", "1", "k");
    cmd(s, "EVAL", "#!lua flags=no-writes\nreturn redis.call('SET','k','v')", "1", "k");
    cmd(s, "EVAL", "#!lua flags=no-writes\nreturn redis.call('GET','str')", "1", "str");
    cmd(s, "EVAL", "#!lua\nreturn redis.call('SET','k','v2')", "1", "k");
    cmd(s, "EVAL_RO", "#!lua\nreturn redis.call('GET','k')", "1", "k");
    cmd(s, "EVAL_RO", "#!lua flags=no-writes\nreturn redis.call('GET','k')", "1", "k");
    cmd(s, "EVAL", "#!lua flags=foo\nreturn 1", "0");
    cmd(s, "EVAL", "#!lua xyz\nreturn 1", "0");
    cmd(s, "EVAL", "#!python\nreturn 1", "0");
    cmd(s, "EVAL", "#!lua", "0");
    cmd(s, "EVAL", "#!lua flags=no-writes,allow-oom\nreturn 1", "0");
    cmd(s, "EVAL", "#!lua flags=\nreturn 1", "0");
    cmd(s, "EVAL", "#!lua flags=no-writes,\nreturn 1", "0");
    cmd(s, "EVAL", "#!lua flags=allow-stale,no-cluster,allow-cross-slot-keys\nreturn 2", "0");
    cmd(s, "EVAL", "#!lua\nerror('line2')", "0");
    cmd(s, "EVAL", "#!lua\n\nreturn a", "0");
  }

  private static void api(List<String[]> s) {
    for (String e :
        new String[] {
          "redis.sha1hex('')",
          "redis.sha1hex('Pizza & Mandolino')",
          "redis.sha1hex(123)",
          "redis.log(redis.LOG_WARNING, 'from a script')",
          "redis.log(redis.LOG_DEBUG, 'x', 1)",
          "redis.set_repl(redis.REPL_ALL)",
          "redis.set_repl(redis.REPL_NONE)",
          "redis.replicate_commands()",
          "redis.breakpoint()",
          "redis.debug('x')",
          "redis.REDIS_VERSION",
          "redis.REDIS_VERSION_NUM",
          "redis.LOG_DEBUG",
          "redis.LOG_VERBOSE",
          "redis.LOG_NOTICE",
          "redis.LOG_WARNING",
          "redis.REPL_NONE",
          "redis.REPL_AOF",
          "redis.REPL_SLAVE",
          "redis.REPL_REPLICA",
          "redis.REPL_ALL",
          "redis.acl_check_cmd('GET','k')",
          "redis.acl_check_cmd('SET','k','v')",
          "{math.random(), math.random(100), math.random(5, 10)}",
          "(function() math.randomseed(42); return {math.random(1000), math.random(1000)} end)()",
          "tostring(1e15)",
          "tostring(1/3)",
          "tostring(2^53)",
          "tostring(-0.5)",
          "tostring(100)",
          "tostring(nil)",
          "tostring(true)",
          "tonumber('0x10')",
          "tonumber('  12  ')",
          "tonumber('1e2')",
          "tonumber('z', 36)",
          "tonumber('abc')",
          "type(tonumber('5'))",
          "math.floor(3.7)",
          "math.max(1, 5, 3)",
          "math.fmod(7, 3)",
          "math.abs(-4)",
          "math.huge > 0",
          "math.log10(1000)",
          "math.sqrt(16)",
          "string.format('%d', 42)",
          "string.format('%5.2f|%s|%q', 3.14159, 'a', 'a\\nb')",
          "string.format('%x', 255)",
          "string.format('%s-%s', 'a', 1)",
          "string.format('%05d', -42)",
          "string.format('%-5s|', 'ab')",
          "string.format('%c%c', 72, 105)",
          "string.format('%g', 0.1)",
          "string.format('%e', 12345.678)",
          "string.format('%-5s|%e|%g|%g|%g|%x|%5.1s|%+d|%05d|%.3d', 'ab', 12345.678, 0.1, 1e20,"
              + " 100000, -1, 'xyz', 5, -42, 7)",
          "string.format('%d %s %i', 3.7, 1/3, -2.5)",
          "string.format('%10.3f|%-10.2e|%G', -3.14159, 0.000123, 1e-10)",
          "string.format('%#x %#o %X %o', 255, 8, 255, 8)",
          "string.format('%5s|%-5d|% d', 'abcdefg', 42, 7)",
          "string.format('%.0f %.10g %.3g', 2.5, 1/3, 1234567)",
          "string.format('%d')",
          "string.format('%y', 1)",
          "string.format('%5.1f%%', 99.44)",
          "string.format('%q', 'a\\0b\\r\\\"')",
          "string.format('%c%c', 72, 105)",
          "string.format('%s', 12)",
          "string.format('%.3s|%3d|%-3d|', 'abcdef', 5, 5)",
          "('x'):rep(3)",
          "string.upper('abc')",
          "string.sub('hello', 2, -2)",
          "string.byte('A')",
          "string.char(104, 105)",
          "{string.find('hello', 'l')}",
          "{string.find('a.b', '.', 1, true)}",
          "string.gsub('hello world', 'o', '0')",
          "{string.gsub('abc', '%w', '%0%0')}",
          "string.match('key:123', '(%d+)')",
          "string.len('abc')",
          "string.reverse('abc')",
          "string.lower('ABC')",
          "(function() local r = {} for w in string.gmatch('a b c', '%a') do r[#r+1] = w end "
              + "return r end)()",
          "table.concat({1, 2, 3}, ',')",
          "(function() local t = {3, 1, 2} table.sort(t) return t " + "end)()",
          "(function() local t = {'b', 'a'} table.insert(t, 'c') table.insert(t, 1, 'z') "
              + "return t end)()",
          "(function() local t = {1, 2, 3} table.remove(t, 1) return t end)()",
          "{unpack({1, 2, 3})}",
          "select('#', 1, 2, 3)",
          "{select(2, 'a', 'b', 'c')}",
          "type(nil)",
          "type({})",
          "type('')",
          "type(print)",
          "#'abc'",
          "10 % 3",
          "2^10",
          "7 / 2",
          "-7 % 3",
          "'10' + 5",
          "'3' * '4'",
          "10 .. ''",
          "1 == 1.0",
          "(function() local n = 0 for i = 1, 100 do n = n + i end return n end)()",
          "(function() local t = {} for i = 1, 10 do t[i] = i * i end return t end)()",
          "(function() local s = 0 for k, v in pairs({a = 1, b = 2}) do s = s + v end return s "
              + "end)()",
          "(function() local s = 0 for i, v in ipairs({5, 6, 7}) do s = s + i * v end return s "
              + "end)()",
          "(function() local co = coroutine.wrap(function() coroutine.yield(1) end) return co() "
              + "end)()",
          "rawget(redis, 'call') ~= nil",
          "rawequal(1, 1)",
          "next({})",
          "getmetatable('').__index == string",
          "assert(1 == 1)",
          "{assert(false, 'm')}",
          "collectgarbage('count') > 0",
          "type(gcinfo())",
          "xpcall(function() error('e') end, " + "function(m) return 'handled' end)"
        }) {
      eval(s, "return " + e, "k");
    }
  }

  private static void libraries(List<String[]> s) {
    for (String e :
        new String[] {
          "cjson.encode({1, 2, 3})",
          "cjson.encode({a = 1})",
          "cjson.encode('a/b\"c\\n\\1\\127')",
          "cjson.encode(1.5)",
          "cjson.encode(1/3)",
          "cjson.encode({})",
          "cjson.encode(1e20)",
          "cjson.encode(true)",
          "cjson.encode(nil)",
          "cjson.encode(123456789)",
          "cjson.encode(cjson.decode('[1,2,{\"a\":null}]'))",
          "cjson.decode('{\"a\":[1,2,3]}').a[2]",
          "cjson.decode('\"\\\\u00e9\\\\n\\\\/\"')",
          "cjson.decode('[1,2')",
          "cjson.decode('')",
          "cjson.decode('{1:2}')",
          "cjson.decode('[1 2]')",
          "cjson.decode('{\"a\" 1}')",
          "cjson.decode('nul')",
          "cjson.encode(function() end)",
          "cjson.encode({[1] = 1, [20] = 2})",
          "cjson.encode({[1] = 1, [3] = 2})",
          "cjson.decode('1e3')",
          "cjson.decode('-12.5')",
          "cjson.decode('true')",
          "type(cjson.decode('null'))",
          "cjson.decode('[]')",
          "cjson.decode('{}')",
          "cjson.encode({{}, {1}, {a = {b = {}}}})",
          "cjson.encode(0/0)",
          "cjson.encode(1/0)",
          "cjson.encode({[true] = 1})",
          "cjson.decode(' [ \"x\" ] ')[1]",
          "cjson.decode('\"\\\\ud83d\\\\ude00\"')",
          "cjson.encode(cjson.null)",
          "cjson.encode({1, cjson.null, 3})",
          "cjson.decode('[1,2]  x')",
          "cjson.encode()",
          "bit.band(0xff, 0x0f)",
          "bit.bor(1, 2, 4)",
          "bit.bxor(5, 3)",
          "bit.bnot(0)",
          "bit.lshift(1, 31)",
          "bit.rshift(-1, 28)",
          "bit.arshift(-256, 4)",
          "bit.rol(0x12345678, 8)",
          "bit.ror(0x12345678, 8)",
          "bit.tobit(2^32 + 5)",
          "bit.tobit(0xffffffff)",
          "bit.tohex(255)",
          "bit.tohex(-1, -4)",
          "bit.tohex(255, 2)",
          "bit.tohex(0x12345678, -8)",
          "bit.bswap(0x12345678)",
          "bit.band()",
          "bit.band(1.5, 3)",
          "bit.band(2.5, 3)",
          "bit.lshift(1, 33)",
          "bit.band('7', 3)",
          "bit.band('x', 3)",
          "struct.pack('>I2', 258)",
          "struct.pack('<i4', -2)",
          "{struct.unpack('>I2', '\\1\\2')}",
          "struct.size('>I4d')",
          "struct.pack('s', 'ab')",
          "{struct.unpack('s', 'ab\\0c')}",
          "struct.pack('!4 b i4', 1, 2)",
          "{struct.unpack('<h', '\\255\\255')}",
          "{struct.unpack('<H', '\\255\\255')}",
          "struct.pack('>d', 1.5)",
          "{struct.unpack('>d', struct.pack('>d', 1.5))}",
          "struct.pack('c3', 'abcdef')",
          "{struct.unpack('c2c1', 'abc')}",
          "{struct.unpack('>I4', '\\0\\0')}",
          "struct.pack('y', 1)",
          "struct.pack('>l', 2^40)",
          "{struct.unpack('B', 'xyz', 2)}",
          "struct.size('s')",
          "struct.pack('i40', 1)",
          "{struct.unpack('b', '\\200')}",
          "struct.pack('>f', 0.5)",
          "struct.pack('xb', 7)",
          "struct.pack('c0', 'dyn')",
          "type(cmsgpack)",
          "type(cmsgpack.pack)"
        }) {
      eval(s, "return " + e);
    }
  }

  private static void resp3(List<String[]> s) {
    for (String e :
        new String[] {
          "redis.call('HGETALL','h1')",
          "redis.call('SMEMBERS','s1')",
          "redis.call('ZSCORE','z','a')",
          "redis.call('GET','nokey')",
          "redis.call('EXISTS','str')",
          "redis.call('LRANGE','list',0,-1)",
          "redis.call('ZRANGE','z',0,-1,'WITHSCORES')",
          "redis.call('SET','k','v')",
          "true",
          "false",
          "redis.pcall('INCR','str')",
          "redis.call('OBJECT','ENCODING','list')",
          "redis.call('SISMEMBER','s1','member')",
          "redis.call('HGET','h1','nofield')"
        }) {
      eval(s, "redis.setresp(3); return " + e);
      eval(s, "redis.setresp(3); local r = " + e + "; return type(r)");
      eval(
          s,
          "redis.setresp(3); local r = "
              + e
              + "; if type(r) == 'table' then return {tostring(r.double), r.ok, r.err, #r, "
              + "type(r.map), type(r.set)} end");
    }
    eval(s, "redis.setresp(3); redis.setresp(2); return redis.call('HGETALL','h1')");
    eval(s, "redis.setresp(3); return {double=2.5}");
    eval(s, "redis.setresp(3); return {big_number='9999999999999999999999'}");
    eval(s, "return {map={k='v'}}");
    eval(s, "return {set={m=true}}");
    eval(s, "return {verbatim_string={format='txt', string='verb'}}");
    eval(s, "redis.setresp(3); return {true, false}");
  }

  /** Seeded random values through the conversions and the bit/cjson/struct libraries. */
  private static void generated(List<String[]> s, Random r) {
    for (int i = 0; i < GENERATED_PER_KIND; i++) {
      long a = r.nextInt();
      long b = r.nextInt(64) - 8;
      double d = (r.nextDouble() - 0.5) * Math.pow(10, r.nextInt(30) - 10);
      String op =
          new String[] {"band", "bor", "bxor", "lshift", "rshift", "arshift", "rol", "ror"}
              [r.nextInt(8)];
      eval(s, "return bit." + op + "(" + a + ", " + b + ")");
      eval(s, "return bit.tohex(" + a + ", " + (r.nextInt(19) - 9) + ")");
      eval(s, "return {" + d + ", " + a + "}");
      eval(s, "return redis.call('SET','g'," + d + ") and redis.call('GET','g')");
      eval(s, "return cjson.encode({" + d + ", " + a + ", {x = " + b + "}})");
      eval(
          s,
          "return {struct.unpack('<i4>I2d', struct.pack('<i4>I2d', "
              + a
              + ", "
              + (a & 0xffff)
              + ", "
              + d
              + "))}");
      eval(s, "return redis.call('INCRBY','gen'," + b + ")");
      eval(s, "return math.floor(" + d + ")");
    }
  }
}
