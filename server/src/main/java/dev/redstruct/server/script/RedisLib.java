package dev.redstruct.server.script;

import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Varargs;

/**
 * The {@code redis} table and the globals Redis replaces: {@code redis.call}, {@code pcall}, {@code
 * error_reply}, {@code status_reply}, {@code sha1hex}, {@code log}, {@code setresp}, {@code
 * set_repl}, {@code replicate_commands}, {@code breakpoint}, {@code debug}, {@code acl_check_cmd};
 * Lua's {@code pcall} (an error table gives its message), {@code error}, {@code loadstring}, {@code
 * gcinfo}, {@code tostring} (numbers as Lua 5.1's {@code %.14g}) and {@code math.random}/{@code
 * randomseed} on Redis's own generator. Redis: src/script_lua.c, src/script.c, src/eval.c,
 * src/rand.c (7.0.15).
 */
final class RedisLib {
  /*
   * Implementation notes. One instance per Scripting; `run` is the script being executed (null
   * between scripts). Command errors are {err=...} tables; redis.call raises them, redis.pcall
   * returns them. Numbers given to redis.call become "%.17g" text, as luaArgsToRedisArgv writes
   * them. The random generator is lrand48's 48-bit congruential one with Redis's fixed start,
   * kept per instance and never reseeded between scripts, as in Redis 7.0.
   */
  private static final System.Logger LOG = System.getLogger("dev.redstruct.server.script");

  /** The script being executed. */
  static final class Run {
    final ScriptHost host;
    final boolean readOnly;
    int resp = 2;

    /** Whether the script ran a write command (then SCRIPT KILL refuses). */
    boolean writeDirty;

    /** Whether the script may run denyoom commands out of memory (flags allow-oom, no-writes). */
    boolean allowOom;

    Run(ScriptHost host, boolean readOnly) {
      this.host = host;
      this.readOnly = readOnly;
    }
  }

  /** The error that ends a killed script; pcall does not catch it. */
  static final class Killed extends LuaError {
    private static final long serialVersionUID = 1L;

    Killed() {
      super(LuaReplies.errorTable("Script killed by user with SCRIPT KILL..."));
    }
  }

  Run run;
  private long rand48 = 0x1234ABCD330EL;

  /** Installs the API into the globals (before they are locked). */
  void install(LuaTable g) {
    LuaTable redis = new LuaTable();
    redis.rawset("call", new LuaFn("call", a -> command(a, true)));
    redis.rawset("pcall", new LuaFn("pcall", a -> command(a, false)));
    redis.rawset("error_reply", new LuaFn("error_reply", RedisLib::errorReply));
    redis.rawset("status_reply", new LuaFn("status_reply", RedisLib::statusReply));
    redis.rawset("sha1hex", new LuaFn("sha1hex", RedisLib::sha1hex));
    redis.rawset("log", new LuaFn("log", RedisLib::log));
    redis.rawset("setresp", new LuaFn("setresp", this::setresp));
    redis.rawset("set_repl", new LuaFn("set_repl", this::setRepl));
    redis.rawset("replicate_commands", new LuaFn("replicate_commands", a -> LuaValue.TRUE));
    redis.rawset("breakpoint", new LuaFn("breakpoint", a -> LuaValue.FALSE));
    redis.rawset("debug", new LuaFn("debug", a -> LuaValue.NONE));
    redis.rawset("acl_check_cmd", new LuaFn("acl_check_cmd", this::aclCheckCmd));
    redis.rawset("LOG_DEBUG", 0);
    redis.rawset("LOG_VERBOSE", 1);
    redis.rawset("LOG_NOTICE", 2);
    redis.rawset("LOG_WARNING", 3);
    redis.rawset("REPL_NONE", 0);
    redis.rawset("REPL_AOF", 1);
    redis.rawset("REPL_SLAVE", 2);
    redis.rawset("REPL_REPLICA", 2);
    redis.rawset("REPL_ALL", 3);
    redis.rawset("REDIS_VERSION", "7.0.15");
    redis.rawset("REDIS_VERSION_NUM", (7 << 16) | (0 << 8) | 15);
    g.rawset("redis", redis);
    g.rawset("pcall", new LuaFn("pcall", RedisLib::pcall));
    g.rawset("error", new Sandbox.ErrorFunction());
    g.rawset("loadstring", new LuaFn("loadstring", a -> loadstring(g, a)));
    LuaValue tostring = g.rawget("tostring");
    g.rawset(
        "tostring",
        new LuaFn(
            "tostring",
            a ->
                a.arg1().type() == LuaValue.TNUMBER
                    ? LuaValue.valueOf(CjsonLib.formatG14(a.arg1().todouble()))
                    : tostring.invoke(a)));
    g.rawset("gcinfo", new LuaFn("gcinfo", a -> LuaValue.valueOf(usedKilobytes())));
    LuaTable math = (LuaTable) g.rawget("math");
    math.rawset("random", new LuaFn("random", this::random));
    math.rawset("randomseed", new LuaFn("randomseed", this::randomseed));
  }

  private Run running(String what) {
    if (run == null) {
      throw new LuaError(
          LuaReplies.errorTable(what + " can only be called inside a script invocation"));
    }
    return run;
  }

  /** Redis: luaRedisGenericCommand and scriptCall. */
  private Varargs command(Varargs args, boolean raise) {
    Run r = running("redis.call/pcall");
    byte[][] argv = argv(args);
    LuaValue result;
    if (argv == null) {
      result = LuaReplies.errorTable(args.narg() == 0 ? NO_ARGS : BAD_ARGS);
    } else {
      String refusal = refusal(r, argv);
      if (refusal != null) {
        r.host.rejected(argv, refusal); // Redis: scriptCall's afterErrorReply, rejected_calls
        result = LuaReplies.countedErrorTable(refusal.getBytes(StandardCharsets.ISO_8859_1));
      } else {
        byte[] reply = r.host.call(argv, r.resp);
        result = LuaReplies.toLua(reply);
        if (!LuaReplies.isError(reply)) {
          return result;
        }
      }
    }
    if (raise) {
      throw new LuaError(result);
    }
    return result;
  }

  private static final String NO_ARGS =
      "Please specify at least one argument for this redis lib call";
  private static final String BAD_ARGS =
      "Lua redis lib command arguments must be strings or integers";

  /** Redis: scriptCall's checks before call(), in its order. */
  private static String refusal(Run r, byte[][] argv) {
    ScriptHost.Command cmd = r.host.lookup(argv);
    if (cmd == null) {
      return "Unknown Redis command called from script";
    }
    if (!cmd.arityOk()) {
      return "Wrong number of args calling Redis command from script";
    }
    if (cmd.noscript()) {
      return "This Redis command is not allowed from script";
    }
    String denied = r.host.aclDenied(argv);
    if (denied != null) {
      return "The user executing the script " + denied; // Redis: scriptVerifyACL
    }
    if (r.readOnly && (cmd.write() || cmd.mayReplicate())) {
      return "Write commands are not allowed from read-only scripts.";
    }
    if (cmd.write() && !r.writeDirty && r.host.tooFewReplicas()) {
      return "-" + Scripting.NOREPLICAS; // Redis: scriptVerifyWriteCommandAllow
    }
    if (!r.allowOom && !r.writeDirty && cmd.denyOom() && r.host.outOfMemory()) {
      return "-" + OOM; // Redis: scriptVerifyOOM, only before the script's first write
    }
    if (cmd.write()) {
      r.writeDirty = true;
    }
    return null;
  }

  /** Redis: luaArgsToRedisArgv; null when an argument is neither a string nor a number. */
  private static byte[][] argv(Varargs args) {
    int n = args.narg();
    if (n == 0) {
      return null;
    }
    byte[][] argv = new byte[n][];
    for (int i = 0; i < n; i++) {
      LuaValue v = args.arg(i + 1);
      if (v.type() == LuaValue.TNUMBER) {
        argv[i] = LuaReplies.numberArgument(v.todouble());
      } else if (v.type() == LuaValue.TSTRING) {
        argv[i] = LuaReplies.bytes(v);
      } else {
        return null;
      }
    }
    return argv;
  }

  /** Redis: luaRedisPcall: like Lua's pcall, but an error table gives its err string. */
  private static Varargs pcall(Varargs args) {
    LuaValue f = args.checkvalue(1);
    try {
      return LuaValue.varargsOf(LuaValue.TRUE, f.invoke(args.subargs(2)));
    } catch (Killed e) {
      throw e;
    } catch (LuaError e) {
      LuaValue v = Sandbox.value(e);
      if (v.istable() && v.get("err").isstring()) {
        v = v.get("err");
      }
      return LuaValue.varargsOf(LuaValue.FALSE, v);
    } catch (StackOverflowError e) {
      return LuaValue.varargsOf(LuaValue.FALSE, LuaValue.valueOf("stack overflow"));
    }
  }

  static final String OOM = "OOM command not allowed when used memory > 'maxmemory'.";

  private static final String WRONG_ARGS = "wrong number or type of arguments";

  /** Redis: luaRedisErrorReplyCommand: returns (never raises) an {err=...} table. */
  private static Varargs errorReply(Varargs args) {
    if (args.narg() != 1 || args.arg1().type() != LuaValue.TSTRING) {
      return LuaReplies.errorTable(WRONG_ARGS);
    }
    byte[] b = LuaReplies.bytes(args.arg1());
    String s = LuaReplies.cString(b);
    return LuaReplies.errorTable(s.startsWith("-") ? s : "-" + s);
  }

  /** Redis: luaRedisStatusReplyCommand. */
  private static Varargs statusReply(Varargs args) {
    if (args.narg() != 1 || args.arg1().type() != LuaValue.TSTRING) {
      return LuaReplies.errorTable(WRONG_ARGS);
    }
    LuaTable t = new LuaTable();
    t.rawset("ok", args.arg1());
    return t;
  }

  /** Redis: luaRedisSha1hexCommand. */
  private static Varargs sha1hex(Varargs args) {
    if (args.narg() != 1) {
      throw new LuaError(LuaReplies.errorTable("wrong number of arguments"));
    }
    LuaValue v = args.arg1();
    byte[] b = v.isstring() ? LuaReplies.bytes(v.tostring()) : new byte[0];
    return LuaValue.valueOf(sha1hex(b));
  }

  /** The lower-case hex SHA-1 of bytes. Redis: sha1hex, src/eval.c. */
  static String sha1hex(byte[] b) {
    try {
      byte[] d = MessageDigest.getInstance("SHA-1").digest(b);
      StringBuilder sb = new StringBuilder(40);
      for (byte x : d) {
        sb.append(Character.forDigit((x >> 4) & 15, 16)).append(Character.forDigit(x & 15, 16));
      }
      return sb.toString();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-1", e);
    }
  }

  /** Redis: luaLogCommand; written to the System.Logger "dev.redstruct.server.script". */
  private static Varargs log(Varargs args) {
    int argc = args.narg();
    if (argc < 2) {
      throw new LuaError(LuaReplies.errorTable("redis.log() requires two arguments or more."));
    }
    if (!args.arg1().isnumber()) {
      throw new LuaError(LuaReplies.errorTable("First argument must be a number (log level)."));
    }
    int level = (int) args.arg1().todouble();
    if (level < 0 || level > 3) {
      throw new LuaError(LuaReplies.errorTable("Invalid debug level."));
    }
    StringBuilder sb = new StringBuilder();
    for (int j = 2; j <= argc; j++) {
      if (args.arg(j).isstring()) {
        if (j != 2) {
          sb.append(' ');
        }
        sb.append(args.arg(j).tojstring());
      }
    }
    Level[] levels = {Level.DEBUG, Level.DEBUG, Level.INFO, Level.WARNING};
    LOG.log(levels[level], sb.toString());
    return LuaValue.NONE;
  }

  /** Redis: luaSetResp. */
  private Varargs setresp(Varargs args) {
    Run r = running("redis.setresp");
    if (args.narg() != 1) {
      throw new LuaError(LuaReplies.errorTable("redis.setresp() requires one argument."));
    }
    int resp = (int) args.arg1().todouble();
    if (resp != 2 && resp != 3) {
      throw new LuaError(LuaReplies.errorTable("RESP version must be 2 or 3."));
    }
    r.resp = resp;
    return LuaValue.NONE;
  }

  /** Redis: luaRedisSetReplCommand; nothing is replicated here, the flags are only checked. */
  private Varargs setRepl(Varargs args) {
    running("redis.set_repl");
    if (args.narg() != 1) {
      throw new LuaError(LuaReplies.errorTable("redis.set_repl() requires two arguments."));
    }
    int flags = (int) args.arg1().todouble();
    if ((flags & ~3) != 0) {
      throw new LuaError(
          LuaReplies.errorTable(
              "Invalid replication flags. Use REPL_AOF, REPL_REPLICA, REPL_ALL or REPL_NONE."));
    }
    return LuaValue.NONE;
  }

  /** Redis: luaRedisAclCheckCmdPermissionsCommand: the caller's user against the command. */
  private Varargs aclCheckCmd(Varargs args) {
    Run r = running("redis.acl_check_cmd");
    byte[][] argv = argv(args);
    if (argv == null) {
      throw new LuaError(LuaReplies.errorTable(args.narg() == 0 ? NO_ARGS : BAD_ARGS));
    }
    if (r.host.lookup(argv) == null) {
      throw new LuaError(LuaReplies.errorTable("Invalid command passed to redis.acl_check_cmd()"));
    }
    return LuaValue.valueOf(r.host.aclDenied(argv) == null);
  }

  /** Lua 5.1's loadstring: text chunks only (bytecode is refused, as Redis's Lua refuses it). */
  private static Varargs loadstring(LuaTable g, Varargs args) {
    LuaValue s = args.checkstring(1);
    byte[] b = LuaReplies.bytes(s);
    if (b.length > 0 && b[0] == 27) {
      return LuaValue.varargsOf(LuaValue.NIL, LuaValue.valueOf("bytecode loading is disabled"));
    }
    String name = args.optjstring(2, "=(load)");
    try {
      return ((org.luaj.vm2.Globals) g).load(new String(b, StandardCharsets.ISO_8859_1), name, g);
    } catch (LuaError e) {
      return LuaValue.varargsOf(LuaValue.NIL, Sandbox.value(e));
    }
  }

  private static int usedKilobytes() {
    Runtime rt = Runtime.getRuntime();
    return (int) ((rt.totalMemory() - rt.freeMemory()) / 1024);
  }

  /** Redis: redisLrand48, src/rand.c: 31 bits of lrand48's 48-bit congruential generator. */
  private int lrand48() {
    rand48 = (rand48 * 0x5DEECE66DL + 0xB) & ((1L << 48) - 1);
    return (int) (rand48 >>> 17);
  }

  /** Redis: redis_math_random. */
  private Varargs random(Varargs args) {
    running("math.random");
    double r = (double) (lrand48() % Integer.MAX_VALUE) / Integer.MAX_VALUE;
    switch (args.narg()) {
      case 0:
        return LuaValue.valueOf(r);
      case 1:
        {
          int u = args.checkint(1);
          if (u < 1) {
            LuaValue.argerror(1, "interval is empty");
          }
          return LuaValue.valueOf(Math.floor(r * u) + 1);
        }
      case 2:
        {
          int l = args.checkint(1);
          int u = args.checkint(2);
          if (l > u) {
            LuaValue.argerror(2, "interval is empty");
          }
          return LuaValue.valueOf(Math.floor(r * (u - l + 1)) + l);
        }
      default:
        throw new LuaError("wrong number of arguments");
    }
  }

  /** Redis: redis_math_randomseed (redisSrand48). */
  private Varargs randomseed(Varargs args) {
    running("math.randomseed");
    int seed = args.checkint(1);
    rand48 = ((seed & 0xFFFFFFFFL) << 16) | 0x330E;
    return LuaValue.NONE;
  }
}
