package dev.redstruct.server.script;

import org.luaj.vm2.Globals;
import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;
import org.luaj.vm2.compiler.LuaC;
import org.luaj.vm2.lib.BaseLib;
import org.luaj.vm2.lib.CoroutineLib;
import org.luaj.vm2.lib.OneArgFunction;
import org.luaj.vm2.lib.StringLib;
import org.luaj.vm2.lib.TableLib;
import org.luaj.vm2.lib.jse.JseMathLib;

/**
 * The scripts' Lua world, locked as Redis 7.0.15 locks it (src/script_lua.c): the globals and every
 * table reachable from them are read-only ("Attempt to modify a readonly table"), reading an
 * undeclared global is an error ("Script attempted to access nonexistent global variable"), and
 * only Redis's allow-listed globals exist (no {@code os}, {@code io}, {@code print}, {@code
 * loadfile}, {@code dofile}, {@code require}).
 */
final class Sandbox {
  /*
   * Implementation notes. Redis patches its Lua 5.1 with read-only tables (lua_enablereadonlytable);
   * here a LuaTable subclass refuses writes once locked. A write through the VM (t.k = v, which
   * luaj routes through set) fails with the script's position, as luaG_runerror adds it in a Lua
   * frame; a write through a C-level API (rawset, setmetatable, table.insert) fails without one,
   * as Redis's does from a C frame. KEYS and ARGV are set with the lock briefly opened, as
   * luaCallFunction does.
   */

  static final String READONLY = "Attempt to modify a readonly table";

  private Sandbox() {}

  /** A Lua error whose message gets the script's position ("user_script:1: ..."). */
  static LuaError positional(String msg) {
    return new LuaError(msg);
  }

  /** A Lua error whose message is used as is (raised from a C function in Redis). */
  static LuaError plain(String msg) {
    return new LuaError(LuaValue.valueOf(msg));
  }

  /** A table that refuses writes once locked. */
  static class ReadOnlyTable extends LuaTable {
    boolean locked;

    @Override
    public void set(int key, LuaValue value) {
      if (locked) {
        throw positional(READONLY);
      }
      super.set(key, value);
    }

    @Override
    public void set(LuaValue key, LuaValue value) {
      if (locked) {
        throw positional(READONLY);
      }
      super.set(key, value);
    }

    @Override
    public void rawset(int key, LuaValue value) {
      if (locked) {
        throw plain(READONLY);
      }
      super.rawset(key, value);
    }

    @Override
    public void rawset(LuaValue key, LuaValue value) {
      if (locked) {
        throw plain(READONLY);
      }
      super.rawset(key, value);
    }

    @Override
    public LuaValue setmetatable(LuaValue metatable) {
      if (locked) {
        throw plain(READONLY);
      }
      return super.setmetatable(metatable);
    }

    @Override
    public void sort(LuaValue comparator) {
      if (locked) {
        throw plain(READONLY);
      }
      super.sort(comparator);
    }
  }

  /** The globals table: read-only once locked, with the undeclared-global error on reads. */
  static final class ScriptGlobals extends Globals {
    boolean locked;

    @Override
    public void set(int key, LuaValue value) {
      if (locked) {
        throw positional(READONLY);
      }
      super.set(key, value);
    }

    @Override
    public void set(LuaValue key, LuaValue value) {
      if (locked) {
        throw positional(READONLY);
      }
      super.set(key, value);
    }

    @Override
    public void rawset(int key, LuaValue value) {
      if (locked) {
        throw plain(READONLY);
      }
      super.rawset(key, value);
    }

    @Override
    public void rawset(LuaValue key, LuaValue value) {
      if (locked) {
        throw plain(READONLY);
      }
      super.rawset(key, value);
    }

    @Override
    public LuaValue setmetatable(LuaValue metatable) {
      if (locked) {
        throw plain(READONLY);
      }
      return super.setmetatable(metatable);
    }

    /** Sets KEYS or ARGV with the lock open, as luaCallFunction does. */
    void setArgument(String name, LuaTable value) {
      locked = false;
      try {
        super.rawset(LuaValue.valueOf(name), value);
      } finally {
        locked = true;
      }
    }
  }

  /** Redis's allow list of Lua builtins (script_lua.c); luaj's others are removed. */
  private static final String[] BUILTINS = {
    "xpcall",
    "tostring",
    "setmetatable",
    "next",
    "assert",
    "tonumber",
    "rawequal",
    "collectgarbage",
    "getmetatable",
    "rawset",
    "pcall",
    "coroutine",
    "type",
    "_G",
    "select",
    "unpack",
    "pairs",
    "rawget",
    "loadstring",
    "ipairs",
    "_VERSION",
    "load",
    "error",
    "gcinfo",
    "string",
    "math",
    "table",
    "cjson",
    "bit",
    "struct",
    "cmsgpack",
    "redis"
  };

  /**
   * Builds the scripts' globals: Lua's base, table, string, math and coroutine libraries, the extra
   * libraries and the {@code redis} table from {@code api}, then locks everything.
   */
  static ScriptGlobals create(RedisLib api) {
    return create(api, null);
  }

  /**
   * As {@link #create(RedisLib)}, with a hook that luaj calls at every instruction of the scripts
   * this world runs (null for none).
   */
  static ScriptGlobals create(RedisLib api, Hook hook) {
    ScriptGlobals g = new ScriptGlobals();
    g.load(new BaseLib());
    g.load(new org.luaj.vm2.lib.PackageLib()); // the other libraries register in package.loaded
    g.load(new TableLib());
    g.load(new StringLib());
    g.load(new JseMathLib());
    g.load(new CoroutineLib());
    org.luaj.vm2.LoadState.install(g);
    LuaC.install(g);
    g.rawset("_VERSION", LuaValue.valueOf("Lua 5.1"));
    g.rawset("unpack", g.get("table").get("unpack"));
    LuaTable math = (LuaTable) g.get("math");
    math.rawset("log10", new Log10());
    LuaTable string = (LuaTable) g.get("string");
    string.rawset("format", new LuaFn("format", StringFormat::format));
    LuaTable table = (LuaTable) g.get("table");
    table.rawset("getn", new LuaFn("getn", a -> LuaValue.valueOf(a.checktable(1).length())));
    table.rawset("maxn", new LuaFn("maxn", Sandbox::maxn));
    table.rawset("concat", new LuaFn("concat", Sandbox::concat));
    api.install(g);
    g.rawset("cjson", CjsonLib.create());
    g.rawset("bit", BitLib.create());
    g.rawset("struct", StructLib.create());
    g.rawset("cmsgpack", CmsgpackLib.create());
    LuaTable kept = new LuaTable();
    for (String name : BUILTINS) {
      kept.rawset(name, g.rawget(name));
    }
    for (LuaValue k : g.keys()) {
      g.rawset(k, LuaValue.NIL);
    }
    for (LuaValue k : kept.keys()) {
      LuaValue v = kept.rawget(k);
      g.rawset(k, v.istable() && v != g ? lockedCopy((LuaTable) v) : v);
    }
    LuaTable meta = new LuaTable();
    meta.rawset(LuaValue.INDEX, new NonexistentGlobal());
    g.setmetatable(lockedCopy(meta));
    LuaTable stringMeta = new LuaTable();
    stringMeta.rawset(LuaValue.INDEX, g.rawget("string"));
    // luaj keeps the string metatable in a static field; every Scripting installs an equal one.
    LuaString.s_metatable = lockedCopy(stringMeta);
    g.locked = true;
    hook(g, hook);
    return g;
  }

  /**
   * Installs the instruction hook on a globals table (the one the scripts' closures were loaded
   * with). luaj asks a present debug library for an error's traceback unless the running thread has
   * an error function; an identity error function keeps every error message as it was.
   */
  static void hook(org.luaj.vm2.Globals g, Hook hook) {
    if (hook == null) {
      return;
    }
    g.debuglib = hook;
    g.running.errorfunc = IDENTITY;
  }

  private static final LuaValue IDENTITY =
      new OneArgFunction() {
        @Override
        public LuaValue call(LuaValue v) {
          return v;
        }
      };

  /**
   * luaj's debug hook, used only to count instructions: every {@link #PERIOD} instructions it runs
   * {@code tick} (Redis: luaMaskCountHook, a count hook of 100000 instructions); while {@code
   * always} is true it runs it at every instruction (Redis re-arms the hook on every line once a
   * script is killed, so pcall cannot swallow the kill).
   */
  static final class Hook extends org.luaj.vm2.lib.DebugLib {
    static final int PERIOD = 100_000;
    private final Runnable tick;
    private int count;
    boolean always;

    Hook(Runnable tick) {
      this.tick = tick;
    }

    @Override
    public void onInstruction(int pc, Varargs v, int top) {
      if (always || ++count >= PERIOD) {
        count = 0;
        tick.run();
      }
    }

    @Override
    public void onCall(org.luaj.vm2.LuaFunction f) {}

    @Override
    public void onCall(org.luaj.vm2.LuaClosure c, Varargs varargs, LuaValue[] stack) {}

    @Override
    public void onReturn() {}

    @Override
    public String traceback(int level) {
      return "";
    }
  }

  /** A locked copy of a table and, recursively, of the tables in it. */
  static ReadOnlyTable lockedCopy(LuaTable t) {
    ReadOnlyTable copy = new ReadOnlyTable();
    for (LuaValue k : t.keys()) {
      LuaValue v = t.rawget(k);
      copy.rawset(k, v.istable() && !(v instanceof ReadOnlyTable) ? lockedCopy((LuaTable) v) : v);
    }
    copy.locked = true;
    return copy;
  }

  /**
   * A locked metatable whose __index raises the nonexistent-global error. Redis:
   * luaSetErrorMetatable.
   */
  static ReadOnlyTable errorMetatable() {
    LuaTable meta = new LuaTable();
    meta.rawset(LuaValue.INDEX, new NonexistentGlobal());
    return lockedCopy(meta);
  }

  /** Redis: luaProtectedTableError, the globals' __index. */
  private static final class NonexistentGlobal extends org.luaj.vm2.lib.TwoArgFunction {
    @Override
    public LuaValue call(LuaValue table, LuaValue name) {
      throw positional(
          "Script attempted to access nonexistent global variable '" + name.tojstring() + "'");
    }
  }

  /**
   * Lua 5.1's table.concat: numbers are written as lua_tostring writes them ({@code %.14g}), where
   * luaj's would write Java's {@code Double.toString} ("3.0E-4").
   */
  private static Varargs concat(Varargs a) {
    if (!a.arg1().istable()) {
      throw LuaFn.badArg(1, "concat", "table expected, got " + LuaFn.typeName(a, 1));
    }
    LuaTable t = (LuaTable) a.arg1();
    LuaString sep = a.isnoneornil(2) ? LuaValue.EMPTYSTRING : a.checkstring(2);
    int i = a.isnoneornil(3) ? 1 : a.checkint(3);
    int last = a.isnoneornil(4) ? t.length() : a.checkint(4);
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    byte[] sepBytes = LuaReplies.bytes(sep);
    for (long k = i; k <= last; k++) {
      LuaValue v = t.rawget((int) k);
      byte[] b;
      if (v.type() == LuaValue.TNUMBER) {
        b = CjsonLib.formatG14(v.todouble()).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
      } else if (v.type() == LuaValue.TSTRING) {
        b = LuaReplies.bytes(v);
      } else {
        throw new LuaError(
            "invalid value (" + v.typename() + ") at index " + k + " in table for 'concat'");
      }
      out.write(b, 0, b.length);
      if (k != last) {
        out.write(sepBytes, 0, sepBytes.length);
      }
    }
    return LuaValue.valueOf(out.toByteArray());
  }

  /** Lua 5.1's table.maxn: the largest positive numeric key, or 0. */
  private static Varargs maxn(Varargs a) {
    LuaTable t = a.checktable(1);
    double max = 0;
    for (LuaValue k : t.keys()) {
      if (k.type() == LuaValue.TNUMBER && k.todouble() > max) {
        max = k.todouble();
      }
    }
    return LuaValue.valueOf(max);
  }

  /** Lua 5.1's math.log10, which luaj's 5.2 library lacks. */
  private static final class Log10 extends OneArgFunction {
    @Override
    public LuaValue call(LuaValue x) {
      return LuaValue.valueOf(Math.log10(x.checkdouble()));
    }
  }

  /** The chunk a luaj error was raised in: "@user_script:3 msg" gives "@user_script"; or null. */
  static String source(LuaError e) {
    String m = e.getMessage();
    return line(e) == null ? null : m.substring(0, m.indexOf(':'));
  }

  /** The script's position in a luaj error: "@user_script:3 msg" gives 3; null if none. */
  static String line(LuaError e) {
    String m = e.getMessage();
    if (m == null || !m.startsWith("@")) {
      return null;
    }
    int colon = m.indexOf(':');
    int sp = m.indexOf(' ');
    if (colon < 0 || sp < colon) {
      return null;
    }
    String digits = m.substring(colon + 1, sp);
    return digits.chars().allMatch(Character::isDigit) && !digits.isEmpty() ? digits : null;
  }

  /**
   * The value a Lua error carries, as Lua 5.1 would have it: a message raised at a position reads
   * "user_script:3: msg"; a table stays a table.
   */
  static LuaValue value(LuaError e) {
    LuaValue v = e.getMessageObject();
    if (v == null) {
      return LuaValue.NIL;
    }
    if (v.type() != LuaValue.TSTRING) {
      return v;
    }
    String m = v.tojstring();
    if (m.startsWith("@")) {
      int colon = m.indexOf(':');
      int sp = m.indexOf(' ');
      if (colon > 0 && sp > colon) {
        return LuaValue.valueOf(m.substring(1, sp) + ": " + lua51(m.substring(sp + 1)));
      }
    }
    return v;
  }

  private static final java.util.regex.Pattern CALL =
      java.util.regex.Pattern.compile("attempt to call (nil|boolean|number|string|table|userdata)");
  private static final java.util.regex.Pattern ARITH =
      java.util.regex.Pattern.compile("attempt to perform arithmetic __\\w+ on (\\w+) and (\\w+)");

  /**
   * luaj's texts of the VM's type errors in Lua 5.1's words, where the variable is not named:
   * "attempt to call nil" is "attempt to call a nil value", "attempt to index ? (a nil value)" is
   * "attempt to index a nil value", "attempt to perform arithmetic __add on nil and number" is
   * "attempt to perform arithmetic on a nil value" (Lua 5.1: luaG_typeerror, src/ldebug.c).
   */
  static String lua51(String m) {
    java.util.regex.Matcher c = CALL.matcher(m);
    if (c.matches()) {
      return "attempt to call a " + c.group(1) + " value";
    }
    java.util.regex.Matcher a = ARITH.matcher(m);
    if (a.matches()) {
      String bad = a.group(1).equals("number") ? a.group(2) : a.group(1);
      return "attempt to perform arithmetic on a " + bad + " value";
    }
    if (m.startsWith("attempt to index ? (a ") && m.endsWith(" value)")) {
      return "attempt to index a " + m.substring(22, m.length() - 1);
    }
    return m;
  }

  /** Lua 5.1's error(msg [, level]): level 0 raises the message without a position. */
  static final class ErrorFunction extends org.luaj.vm2.lib.VarArgFunction {
    @Override
    public Varargs invoke(Varargs args) {
      LuaValue msg = args.arg1();
      int level = args.optint(2, 1);
      if (msg.isstring() && level > 0) {
        throw new LuaError(msg.tojstring());
      }
      throw new LuaError(msg);
    }
  }
}
