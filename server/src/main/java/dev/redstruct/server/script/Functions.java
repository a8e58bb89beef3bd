package dev.redstruct.server.script;

import dev.redstruct.core.resp.Glob;
import dev.redstruct.core.resp.RespWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaFunction;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;

/**
 * Redis 7.0 functions: the library registry and the {@code FUNCTION} subcommands ({@code LOAD},
 * {@code DELETE}, {@code LIST}, {@code FLUSH}, {@code STATS}, {@code KILL}, {@code HELP}), with the
 * libraries' own Lua world, separate from {@code EVAL}'s. Redis: src/functions.c,
 * src/function_lua.c (7.0.15).
 */
final class Functions {
  /*
   * Implementation notes. As luaEngineInitEngine does, the libraries run with an empty, locked
   * globals table whose metatable's __index is switched: while FUNCTION LOAD runs a library's body
   * it points at the load API (only redis.register_function, redis.log and the version fields,
   * every other name an error); afterwards at the full, locked world, so the functions see the
   * same globals as EVAL's scripts. Libraries and their functions are kept in load order (Redis
   * lists them in dict order, which is not insertion order: a known difference).
   */
  static final String[] FLAGS = {
    "no-writes", "allow-oom", "allow-stale", "no-cluster", "allow-cross-slot-keys"
  };

  private static final String BAD_NAME =
      "Library names can only contain letters, numbers, or underscores(_) and must be at least"
          + " one character long";

  /** A registered function: its callback and its flags (bit i = {@link #FLAGS}[i]). */
  record Function(String name, LuaFunction callback, byte[] description, int flags) {
    boolean noWrites() {
      return (flags & 1) != 0;
    }

    boolean allowOom() {
      return (flags & 2) != 0;
    }
  }

  /** A library: its name, its code as loaded and its functions in registration order. */
  record Library(String name, byte[] code, Map<String, Function> functions) {}

  final RedisLib api = new RedisLib();
  private final Sandbox.Hook hook;
  private Sandbox.ScriptGlobals world;
  private Sandbox.ScriptGlobals env;
  private Sandbox.ReadOnlyTable envMeta;
  private LuaTable loadApi;
  private final Map<String, Library> libraries = new LinkedHashMap<>();
  private final Map<String, Function> functions = new LinkedHashMap<>();
  private Library loading;

  /** A registry whose functions' Lua world will run with this instruction hook. */
  Functions(Sandbox.Hook hook) {
    this.hook = hook;
  }

  int functionCount() {
    return functions.size();
  }

  int libraryCount() {
    return libraries.size();
  }

  /** The function of this name, or null. */
  Function function(String name) {
    return functions.get(name);
  }

  /** Redis: functionLoadCommand. */
  void load(byte[][] argv, RespWriter out) {
    boolean replace = false;
    int pos = 2;
    while (pos < argv.length - 1) {
      String opt = LuaReplies.latin1(argv[pos++]);
      if (opt.equalsIgnoreCase("replace")) {
        replace = true;
        continue;
      }
      out.error("ERR Unknown option given: " + opt);
      return;
    }
    if (pos >= argv.length) {
      out.error("ERR Function code is missing");
      return;
    }
    try {
      out.bulk(create(argv[pos], replace).getBytes(StandardCharsets.ISO_8859_1));
    } catch (IllegalArgumentException e) {
      out.error(LuaReplies.noNewlines("ERR " + e.getMessage()));
    }
  }

  /** Redis: functionsCreateWithLibraryCtx; the library's name, or IAE with the error text. */
  private String create(byte[] code, boolean replace) {
    String text = LuaReplies.cString(code);
    if (!text.startsWith("#!")) {
      throw new IllegalArgumentException("Missing library metadata");
    }
    int nl = text.indexOf('\n');
    if (nl < 0) {
      throw new IllegalArgumentException("Invalid library metadata");
    }
    String[] parts = text.substring(0, nl).trim().split("[ \t]+");
    String engine = parts[0].substring(2);
    String name = null;
    for (int i = 1; i < parts.length; i++) {
      if (parts[i].regionMatches(true, 0, "name=", 0, 5)) {
        if (name != null) {
          throw new IllegalArgumentException(
              "Invalid metadata value, name argument was given multiple times");
        }
        name = parts[i].substring(5);
        continue;
      }
      throw new IllegalArgumentException("Invalid metadata value given: " + parts[i]);
    }
    if (name == null) {
      throw new IllegalArgumentException("Library name was not given");
    }
    if (!validName(name)) {
      throw new IllegalArgumentException(BAD_NAME);
    }
    if (!engine.equalsIgnoreCase("lua")) {
      throw new IllegalArgumentException("Engine '" + engine + "' not found");
    }
    Library old = libraries.get(name);
    if (old != null && !replace) {
      throw new IllegalArgumentException("Library '" + name + "' already exists");
    }
    Library lib = new Library(name, code, new LinkedHashMap<>());
    run(lib, java.util.Arrays.copyOfRange(code, nl, code.length));
    if (lib.functions().isEmpty()) {
      throw new IllegalArgumentException("No functions registered");
    }
    for (String f : lib.functions().keySet()) {
      Function other = functions.get(f);
      if (other != null && (old == null || !old.functions().containsKey(f))) {
        throw new IllegalArgumentException("Function " + f + " already exists");
      }
    }
    if (old != null) {
      unlink(old);
    }
    libraries.put(name, lib);
    functions.putAll(lib.functions());
    return name;
  }

  private void unlink(Library lib) {
    libraries.remove(lib.name());
    for (String f : lib.functions().keySet()) {
      functions.remove(f);
    }
  }

  /** Redis: luaEngineCreate: compile the body, run it with the load API as its globals. */
  private void run(Library lib, byte[] body) {
    ensureWorld();
    LuaFunction chunk;
    try {
      chunk =
          (LuaFunction)
              world.load(new java.io.ByteArrayInputStream(body), "@user_function", "t", env);
    } catch (LuaError e) {
      throw new IllegalArgumentException(
          LuaReplies.trimCrLf("Error compiling function: " + Sandbox.value(e).tojstring()));
    }
    if (chunk instanceof org.luaj.vm2.LuaClosure) {
      Scripting.noTailCalls(((org.luaj.vm2.LuaClosure) chunk).p);
    }
    setIndex(loadApi);
    loading = lib;
    try {
      chunk.call();
    } catch (LuaError e) {
      LuaValue v = Sandbox.value(e);
      String msg =
          v.istable()
              ? LuaReplies.cString(LuaReplies.bytes(v.get("err").tostring()))
              : "ERR " + v.tojstring();
      throw new IllegalArgumentException("Error registering functions: " + msg);
    } catch (StackOverflowError e) {
      throw new IllegalArgumentException("Error registering functions: stack overflow");
    } finally {
      loading = null;
      setIndex(world);
    }
  }

  private void setIndex(LuaValue index) {
    envMeta.locked = false;
    envMeta.rawset(LuaValue.INDEX, index);
    envMeta.locked = true;
  }

  /** The functions' world, made on the first FUNCTION LOAD. Redis: luaEngineInitEngine. */
  private void ensureWorld() {
    if (world != null) {
      return;
    }
    world = Sandbox.create(api, hook);
    Sandbox.ReadOnlyTable redis = new Sandbox.ReadOnlyTable();
    redis.rawset("register_function", new LuaFn("register_function", this::register));
    LuaTable full = (LuaTable) world.rawget("redis");
    for (String k :
        new String[] {
          "log",
          "LOG_DEBUG",
          "LOG_VERBOSE",
          "LOG_NOTICE",
          "LOG_WARNING",
          "REDIS_VERSION",
          "REDIS_VERSION_NUM"
        }) {
      redis.rawset(k, full.rawget(k));
    }
    redis.setmetatable(Sandbox.errorMetatable());
    redis.locked = true;
    Sandbox.ReadOnlyTable api = new Sandbox.ReadOnlyTable();
    api.rawset("redis", redis);
    api.setmetatable(Sandbox.errorMetatable());
    api.locked = true;
    loadApi = api;
    envMeta = new Sandbox.ReadOnlyTable();
    envMeta.rawset(LuaValue.INDEX, world);
    envMeta.locked = true;
    // the libraries' globals: a Globals (luaj runs hooks only for closures loaded with one) that
    // shares the world's thread, so xpcall's handler and the hook's error function are the same
    env = new Sandbox.ScriptGlobals();
    env.setmetatable(envMeta);
    env.locked = true;
    env.running = world.running;
    env.debuglib = hook;
  }

  /** Redis: luaRegisterFunction and its argument readers. */
  private Varargs register(Varargs args) {
    if (loading == null) {
      throw fail("redis.register_function can only be called on FUNCTION LOAD command");
    }
    int argc = args.narg();
    if (argc < 1 || argc > 2) {
      throw fail("wrong number of arguments to redis.register_function");
    }
    Function f = argc == 1 ? named(args.arg1()) : positional(args);
    if (!validName(f.name())) {
      throw fail(BAD_NAME);
    }
    if (loading.functions().containsKey(f.name())) {
      throw fail("Function already exists in the library");
    }
    loading.functions().put(f.name(), f);
    return LuaValue.NONE;
  }

  private static Function positional(Varargs args) {
    if (!args.arg1().isstring()) {
      throw fail("first argument to redis.register_function must be a string");
    }
    if (!args.arg(2).isfunction()) {
      throw fail("second argument to redis.register_function must be a function");
    }
    return new Function(
        LuaReplies.cString(LuaReplies.bytes(args.arg1())), (LuaFunction) args.arg(2), null, 0);
  }

  private static Function named(LuaValue t) {
    if (!t.istable()) {
      throw fail(
          "calling redis.register_function with a single argument is only applicable to Lua"
              + " table (representing named arguments).");
    }
    String name = null;
    byte[] desc = null;
    LuaFunction callback = null;
    int flags = 0;
    LuaValue k = LuaValue.NIL;
    while (true) {
      Varargs n = t.next(k);
      if ((k = n.arg1()).isnil()) {
        break;
      }
      LuaValue v = n.arg(2);
      if (!k.isstring()) {
        throw fail("named argument key given to redis.register_function is not a string");
      }
      String key = k.tojstring().toLowerCase(Locale.ROOT);
      switch (key) {
        case "function_name":
          if (!v.isstring()) {
            throw fail("function_name argument given to redis.register_function must be a string");
          }
          name = LuaReplies.cString(LuaReplies.bytes(v));
          break;
        case "description":
          if (!v.isstring()) {
            throw fail("description argument given to redis.register_function must be a string");
          }
          desc = LuaReplies.bytes(v);
          break;
        case "callback":
          if (!v.isfunction()) {
            throw fail("callback argument given to redis.register_function must be a function");
          }
          callback = (LuaFunction) v;
          break;
        case "flags":
          if (!v.istable()) {
            throw fail(
                "flags argument to redis.register_function must be a table representing"
                    + " function flags");
          }
          flags = flags(v);
          break;
        default:
          throw fail("unknown argument given to redis.register_function");
      }
    }
    if (name == null) {
      throw fail("redis.register_function must get a function name argument");
    }
    if (callback == null) {
      throw fail("redis.register_function must get a callback argument");
    }
    return new Function(name, callback, desc, flags);
  }

  /** Redis: luaRegisterFunctionReadFlags. */
  private static int flags(LuaValue t) {
    int flags = 0;
    for (int j = 1; ; j++) {
      LuaValue v = t.get(j);
      if (v.isnil()) {
        return flags;
      }
      int bit = v.isstring() ? flagIndex(v.tojstring()) : -1;
      if (bit < 0) {
        throw fail("unknown flag given");
      }
      flags |= 1 << bit;
    }
  }

  private static int flagIndex(String s) {
    for (int i = 0; i < FLAGS.length; i++) {
      if (FLAGS[i].equalsIgnoreCase(s)) {
        return i;
      }
    }
    return -1;
  }

  private static LuaError fail(String msg) {
    return new LuaError(LuaReplies.errorTable(msg));
  }

  /** Redis: functionsVerifyName. */
  private static boolean validName(String s) {
    if (s.isEmpty()) {
      return false;
    }
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      boolean ok =
          (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
      if (!ok) {
        return false;
      }
    }
    return true;
  }

  /** Redis: functionDeleteCommand. */
  void delete(byte[][] argv, RespWriter out) {
    Library lib = libraries.get(LuaReplies.latin1(argv[2]));
    if (lib == null) {
      out.error("ERR Library not found");
      return;
    }
    unlink(lib);
    out.simple("OK");
  }

  /** Redis: functionFlushCommand. */
  void flush(byte[][] argv, RespWriter out) {
    if (argv.length > 3) {
      out.error(
          "ERR unknown subcommand or wrong number of arguments for '"
              + LuaReplies.latin1(argv[1])
              + "'. Try FUNCTION HELP.");
      return;
    }
    if (argv.length == 3) {
      String mode = LuaReplies.latin1(argv[2]);
      if (!mode.equalsIgnoreCase("sync") && !mode.equalsIgnoreCase("async")) {
        out.error("ERR FUNCTION FLUSH only supports SYNC|ASYNC option");
        return;
      }
    }
    libraries.clear();
    functions.clear();
    out.simple("OK");
  }

  /** Redis: functionListCommand. */
  void list(byte[][] argv, RespWriter out) {
    boolean withCode = false;
    byte[] pattern = null;
    for (int i = 2; i < argv.length; i++) {
      String a = LuaReplies.latin1(argv[i]);
      if (!withCode && a.equalsIgnoreCase("withcode")) {
        withCode = true;
        continue;
      }
      if (pattern == null && a.equalsIgnoreCase("libraryname")) {
        if (i >= argv.length - 1) {
          out.error("ERR library name argument was not given");
          return;
        }
        pattern = argv[++i];
        continue;
      }
      out.error("ERR Unknown argument " + a);
      return;
    }
    List<Library> shown = new ArrayList<>();
    for (Library lib : libraries.values()) {
      if (pattern == null
          || Glob.matches(pattern, lib.name().getBytes(StandardCharsets.ISO_8859_1))) {
        shown.add(lib);
      }
    }
    out.arrayHeader(shown.size());
    for (Library lib : shown) {
      out.mapHeader(withCode ? 4 : 3);
      out.bulk(ascii("library_name")).bulk(lib.name().getBytes(StandardCharsets.ISO_8859_1));
      out.bulk(ascii("engine")).bulk(ascii("LUA"));
      out.bulk(ascii("functions")).arrayHeader(lib.functions().size());
      for (Function f : lib.functions().values()) {
        out.mapHeader(3);
        out.bulk(ascii("name")).bulk(f.name().getBytes(StandardCharsets.ISO_8859_1));
        out.bulk(ascii("description"));
        if (f.description() == null) {
          out.nullReply();
        } else {
          out.bulk(f.description());
        }
        out.bulk(ascii("flags")).setHeader(Integer.bitCount(f.flags()));
        for (int i = 0; i < FLAGS.length; i++) {
          if ((f.flags() & (1 << i)) != 0) {
            out.simple(FLAGS[i]);
          }
        }
      }
      if (withCode) {
        out.bulk(ascii("library_code")).bulk(lib.code());
      }
    }
  }

  /** The "engines" part of FUNCTION STATS. Redis: functionStatsCommand. */
  void engines(RespWriter out) {
    out.bulk(ascii("engines")).mapHeader(1);
    out.bulk(ascii("LUA")).mapHeader(2);
    out.bulk(ascii("libraries_count")).integer(libraries.size());
    out.bulk(ascii("functions_count")).integer(functions.size());
  }

  static void help(RespWriter out) {
    String[] lines = {
      "FUNCTION <subcommand> [<arg> [value] [opt] ...]. Subcommands are:",
      "LOAD [REPLACE] <FUNCTION CODE>",
      "    Create a new library with the given library name and code.",
      "DELETE <LIBRARY NAME>",
      "    Delete the given library.",
      "LIST [LIBRARYNAME PATTERN] [WITHCODE]",
      "    Return general information on all the libraries (name, engine, functions, code).",
      "STATS",
      "    Return information about the function running now and the engines.",
      "KILL",
      "    Kill the current running function.",
      "FLUSH [ASYNC|SYNC]",
      "    Delete all the libraries.",
      "HELP",
      "    Print this help."
    };
    out.arrayHeader(lines.length);
    for (String l : lines) {
      out.simple(l);
    }
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }
}
