package dev.redstruct.server.script;

import dev.redstruct.core.resp.RespWriter;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaFunction;
import org.luaj.vm2.LuaTable;
import org.luaj.vm2.LuaValue;

/**
 * Lua scripting as Redis 7.0.15 runs it: {@code EVAL}, {@code EVALSHA}, {@code EVAL_RO}, {@code
 * EVALSHA_RO} and {@code SCRIPT LOAD|EXISTS|FLUSH|KILL|HELP}, on one Lua world shared by every
 * caller, with scripts compiled once and cached by the SHA-1 of their body.
 *
 * <pre>{@code
 * Scripting scripting = new Scripting();
 * byte[] reply = scripting.execute(host, argv("EVAL", "return redis.call('GET', KEYS[1])", "1", "k"));
 * }</pre>
 *
 * <p>Not thread-safe: a server calls it from its one command thread, which makes each script
 * atomic. A script runs until it ends: there is no {@code busy-reply-threshold} and {@code SCRIPT
 * KILL} always answers {@code NOTBUSY}.
 */
public final class Scripting {
  /*
   * Implementation notes. Mirrors src/eval.c (evalGenericCommand, luaCreateFunction,
   * evalExtractShebangFlags, scriptCommand), src/script.c (scriptPrepareForRun) and
   * luaCallFunction in src/script_lua.c. Order of checks for EVALSHA: SHA length, numkeys, cache;
   * for EVAL: numkeys, then compile (shebang, syntax). A failed script's reply is built as Redis's
   * error handler builds it: "<err> script: <sha>, on @user_script:<line>.", where a raised
   * string becomes "ERR user_script:<line>: <msg>".
   */
  private static final String NOSCRIPT = "NOSCRIPT No matching script. Please use EVAL.";

  /** Redis: shared.noreplicaserr. */
  static final String NOREPLICAS = "NOREPLICAS Not enough good replicas to write.";

  private static final String[] SHEBANG_FLAGS = {
    "no-writes", "allow-oom", "allow-stale", "no-cluster", "allow-cross-slot-keys"
  };

  /** A cached script: its compiled body and whether it declared flags (no-writes). */
  private record Script(
      LuaFunction function, boolean shebang, boolean noWrites, boolean allowOom) {}

  /** The script running now: what SCRIPT KILL, FUNCTION KILL and FUNCTION STATS see. */
  private static final class Running {
    final RedisLib.Run run;
    final boolean eval;
    final String name;
    final byte[][] argv;
    final long startNanos = System.nanoTime();
    boolean timedOut;
    boolean killed;

    Running(RedisLib.Run run, boolean eval, String name, byte[][] argv) {
      this.run = run;
      this.eval = eval;
      this.name = name;
      this.argv = argv;
    }
  }

  private static final System.Logger LOG = System.getLogger("dev.redstruct.server.script");
  private static final String SLOW_EVAL =
      "BUSY Redis is busy running a script. You can only call SCRIPT KILL or SHUTDOWN NOSAVE.";
  private static final String SLOW_SCRIPT =
      "BUSY Redis is busy running a script. You can only call FUNCTION KILL or SHUTDOWN NOSAVE.";

  private final RedisLib api = new RedisLib();
  private final Sandbox.Hook hook = new Sandbox.Hook(this::interrupt);
  private Sandbox.ScriptGlobals globals;
  private final Map<String, Script> cache = new HashMap<>();
  private final Functions functions = new Functions(hook);
  private Running running;

  /** A scripting engine with an empty script cache. */
  public Scripting() {
    globals = Sandbox.create(api, hook);
  }

  /**
   * INFO's counts: cached EVAL scripts, functions, function libraries.
   *
   * @return {@code {number_of_cached_scripts, number_of_functions, number_of_libraries}}
   */
  public long[] counts() {
    return new long[] {cache.size(), functions.functionCount(), functions.libraryCount()};
  }

  /**
   * Whether a script is running now (the server is serving other clients from inside it).
   *
   * @return true while a script runs
   */
  public boolean running() {
    return running != null;
  }

  /**
   * Redis: luaMaskCountHook and scriptInterrupt: once the script has run longer than the busy
   * threshold, serve the other clients now and then; end the script once it was killed.
   */
  private void interrupt() {
    Running r = running;
    if (r == null) {
      return;
    }
    if (!r.killed && !r.timedOut) {
      long limit = r.run.host.busyReplyThresholdMillis();
      long elapsed = (System.nanoTime() - r.startNanos) / 1_000_000;
      if (limit <= 0 || elapsed < limit) {
        return;
      }
      r.timedOut = true;
      LOG.log(
          System.Logger.Level.WARNING,
          "Slow script detected: still in execution after "
              + elapsed
              + " milliseconds. You can try killing the script using the "
              + (r.eval ? "SCRIPT KILL" : "FUNCTION KILL")
              + " command.");
    }
    if (!r.killed && r.run.host.processEventsWhileBusy(r.eval)) {
      r.killed = true; // SHUTDOWN NOSAVE ends a busy script, killable or not
    }
    if (r.killed) {
      hook.always = true;
      throw new RedisLib.Killed();
    }
  }

  /** Redis: scriptKill. */
  private void kill(boolean eval, RespWriter out) {
    Running r = running;
    if (r == null) {
      out.error("NOTBUSY No scripts in execution right now.");
    } else if (r.run.writeDirty) {
      out.error(
          "UNKILLABLE Sorry the script already executed write commands against the dataset. You"
              + " can either wait the script termination or kill the server in a hard way using"
              + " the SHUTDOWN NOSAVE command.");
    } else if (eval && !r.eval) {
      out.error(SLOW_SCRIPT);
    } else if (!eval && r.eval) {
      out.error(SLOW_EVAL);
    } else {
      r.killed = true;
      out.simple("OK");
    }
  }

  /** Redis: functionStatsCommand. */
  private void functionStats(RespWriter out) {
    Running r = running;
    if (r != null && r.eval) {
      out.error(SLOW_EVAL);
      return;
    }
    out.mapHeader(2);
    out.bulk("running_script".getBytes(StandardCharsets.US_ASCII));
    if (r == null) {
      out.nullReply();
    } else {
      out.mapHeader(3);
      out.bulk("name".getBytes(StandardCharsets.US_ASCII))
          .bulk(r.name.getBytes(StandardCharsets.ISO_8859_1));
      out.bulk("command".getBytes(StandardCharsets.US_ASCII)).arrayHeader(r.argv.length);
      for (byte[] a : r.argv) {
        out.bulk(a);
      }
      out.bulk("duration_ms".getBytes(StandardCharsets.US_ASCII))
          .integer((System.nanoTime() - r.startNanos) / 1_000_000);
    }
    functions.engines(out);
  }

  /**
   * Runs a scripting command whose arity {@link ScriptCommands#checkArity} accepted.
   *
   * @param host the caller's side: runs the script's commands, gives the reply protocol
   * @param argv the command and its arguments
   * @return the reply's bytes in the caller's protocol
   */
  public byte[] execute(ScriptHost host, byte[][] argv) {
    RespWriter out = new RespWriter(host.protocol());
    switch (lower(argv[0])) {
      case "eval":
        eval(host, argv, false, false, out);
        break;
      case "eval_ro":
        eval(host, argv, false, true, out);
        break;
      case "evalsha":
        eval(host, argv, true, false, out);
        break;
      case "evalsha_ro":
        eval(host, argv, true, true, out);
        break;
      case "fcall":
        fcall(host, argv, false, out);
        break;
      case "fcall_ro":
        fcall(host, argv, true, out);
        break;
      case "function":
        function(argv, out);
        break;
      default:
        script(argv, out);
    }
    return out.toByteArray();
  }

  /**
   * Whether a script of this SHA-1 is cached.
   *
   * @param sha the hex digest, any case
   * @return true if {@code EVALSHA} would find it
   */
  public boolean exists(String sha) {
    return cache.containsKey(sha.toLowerCase(Locale.ROOT));
  }

  /** Redis: evalGenericCommand (and evalShaCommand's length check). */
  private void eval(ScriptHost host, byte[][] argv, boolean sha, boolean ro, RespWriter out) {
    if (sha && argv[1].length != 40) {
      out.error(NOSCRIPT);
      return;
    }
    Integer numkeys = numkeys(argv, "ERR value is not an integer or out of range", out);
    if (numkeys == null) {
      return;
    }
    String digest = sha ? LuaReplies.latin1(argv[1]).toLowerCase(Locale.ROOT) : null;
    Script script = sha ? cache.get(digest) : null;
    if (sha && script == null) {
      out.error(NOSCRIPT);
      return;
    }
    if (!sha) {
      digest = RedisLib.sha1hex(argv[1]);
      script = cache.get(digest);
      if (script == null && (script = create(argv[1], digest, out)) == null) {
        return;
      }
    }
    if (script.shebang() && !script.allowOom() && !script.noWrites() && host.outOfMemory()) {
      out.error(RedisLib.OOM); // Redis: processCommand, the script's flags make EVAL denyoom
      return;
    }
    if (ro && script.shebang() && !script.noWrites()) {
      out.error("ERR Can not execute a script with write flag using *_ro command.");
      return;
    }
    if (script.shebang() && !script.noWrites() && host.tooFewReplicas()) {
      out.error(NOREPLICAS); // Redis: scriptPrepareForRun
      return;
    }
    int n = numkeys;
    boolean readOnly = ro || (script.shebang() && script.noWrites());
    globals.setArgument("KEYS", strings(argv, 3, 3 + n));
    globals.setArgument("ARGV", strings(argv, 3 + n, argv.length));
    RedisLib.Run run = new RedisLib.Run(host, readOnly);
    run.allowOom = script.allowOom() || (script.shebang() && script.noWrites());
    call(api, new Running(run, true, digest, argv), script.function(), null, null, out);
  }

  /**
   * The key count of EVAL/EVALSHA/FCALL (argv[2]), checked as Redis's evalGenericCommand and
   * fcallCommandGeneric do (their only difference: the text for a non-integer); null after writing
   * the error.
   */
  private static Integer numkeys(byte[][] argv, String notInteger, RespWriter out) {
    Long numkeys = parseLong(argv[2]);
    if (numkeys == null) {
      out.error(notInteger);
      return null;
    }
    if (numkeys > argv.length - 3) {
      out.error("ERR Number of keys can't be greater than number of args");
      return null;
    }
    if (numkeys < 0) {
      out.error("ERR Number of keys can't be negative");
      return null;
    }
    return (int) (long) numkeys;
  }

  /** Redis: fcallCommandGeneric, then scriptPrepareForRun's flag checks. */
  private void fcall(ScriptHost host, byte[][] argv, boolean ro, RespWriter out) {
    Functions.Function f = functions.function(LuaReplies.latin1(argv[1]));
    if (f == null) {
      out.error("ERR Function not found");
      return;
    }
    Integer numkeys = numkeys(argv, "ERR Bad number of keys provided", out);
    if (numkeys == null) {
      return;
    }
    if (!f.allowOom() && !f.noWrites() && host.outOfMemory()) {
      out.error(RedisLib.OOM);
      return;
    }
    if (ro && !f.noWrites()) {
      out.error("ERR Can not execute a script with write flag using *_ro command.");
      return;
    }
    if (!f.noWrites() && host.tooFewReplicas()) {
      out.error(NOREPLICAS); // Redis: scriptPrepareForRun
      return;
    }
    int n = numkeys;
    RedisLib.Run run = new RedisLib.Run(host, ro || f.noWrites());
    run.allowOom = f.allowOom() || f.noWrites();
    LuaTable keys = strings(argv, 3, 3 + n);
    LuaTable args = strings(argv, 3 + n, argv.length);
    call(functions.api, new Running(run, false, f.name(), argv), f.callback(), keys, args, out);
  }

  /**
   * Redis: luaCallFunction: the call (with KEYS and ARGV as arguments for a function; an eval
   * script finds them in its globals), the error handler, the reply.
   */
  private void call(
      RedisLib lib, Running r, LuaFunction function, LuaTable keys, LuaTable args, RespWriter out) {
    lib.run = r.run;
    running = r;
    try {
      LuaValue result = keys == null ? function.call() : function.call(keys, args);
      LuaReplies.toReply(out, result, r.run.resp);
      if (LuaReplies.isCountedError(result)) {
        r.run.host.errorAlreadyCounted(); // Redis: luaReplyToRedisReply's NO_STATS_UPDATE
      }
    } catch (LuaError e) {
      if (LuaReplies.isCountedError(Sandbox.value(e))) {
        r.run.host.errorAlreadyCounted(); // Redis: luaCallFunction's NO_STATS_UPDATE
      }
      failure(out, e, r.name);
    } catch (StackOverflowError e) {
      out.error("ERR Error running script " + r.name + ", stack overflow");
    } finally {
      lib.run = null;
      running = null;
      hook.always = false;
    }
  }

  /** Redis: functionLoadCommand and the other FUNCTION subcommands. */
  private void function(byte[][] argv, RespWriter out) {
    switch (lower(argv[1])) {
      case "load":
        functions.load(argv, out);
        break;
      case "delete":
        functions.delete(argv, out);
        break;
      case "flush":
        functions.flush(argv, out);
        break;
      case "list":
        functions.list(argv, out);
        break;
      case "stats":
        functionStats(out);
        break;
      case "kill":
        kill(false, out);
        break;
      default:
        Functions.help(out);
    }
  }

  /** Redis: __redis__err__handler, then luaCallFunction's error reply. */
  private static void failure(RespWriter out, LuaError e, String digest) {
    LuaValue v = Sandbox.value(e);
    String msg;
    if (v.istable()) {
      LuaValue err = v.get("err");
      msg =
          err.isstring()
              ? LuaReplies.cString(LuaReplies.bytes(err.tostring()))
              : "ERR unknown error";
    } else {
      msg =
          "ERR "
              + (v.isstring() ? LuaReplies.cString(LuaReplies.bytes(v.tostring())) : v.tojstring());
    }
    String line = Sandbox.line(e);
    if (line != null) {
      msg = msg + " script: " + digest + ", on " + Sandbox.source(e) + ":" + line + ".";
    }
    out.error(LuaReplies.noNewlines(msg));
  }

  private static LuaTable strings(byte[][] argv, int from, int to) {
    LuaTable t = new LuaTable(to - from, 0);
    for (int i = from; i < to; i++) {
      t.rawset(i - from + 1, LuaValue.valueOf(argv[i]));
    }
    return t;
  }

  /** Redis: luaCreateFunction: the shebang, then compile; null after writing the error. */
  private Script create(byte[] body, String digest, RespWriter out) {
    boolean shebang = body.length >= 2 && body[0] == '#' && body[1] == '!';
    boolean noWrites = false;
    boolean allowOom = false;
    int skip = 0;
    if (shebang) {
      int nl = indexOf(body, (byte) '\n');
      if (nl < 0) {
        out.error("ERR Invalid script shebang");
        return null;
      }
      String[] parts = LuaReplies.latin1(java.util.Arrays.copyOf(body, nl)).trim().split("[ \t]+");
      String err = shebangError(parts);
      if (err != null) {
        out.error("ERR " + err);
        return null;
      }
      noWrites = hasFlag(parts, "no-writes");
      allowOom = hasFlag(parts, "allow-oom");
      skip = nl;
    }
    LuaFunction f;
    try {
      f =
          (LuaFunction)
              globals.load(
                  new java.io.ByteArrayInputStream(body, skip, body.length - skip),
                  "@user_script",
                  "t",
                  globals);
    } catch (LuaError e) {
      String m = Sandbox.value(e).tojstring();
      out.error(
          LuaReplies.noNewlines(
              LuaReplies.trimCrLf("ERR Error compiling script (new function): " + m)));
      return null;
    }
    if (f instanceof org.luaj.vm2.LuaClosure) {
      noTailCalls(((org.luaj.vm2.LuaClosure) f).p);
    }
    Script s = new Script(f, shebang, noWrites, allowOom);
    cache.put(digest, s);
    return s;
  }

  /**
   * Turns every tail call into a plain call (the RETURN after it returns its results): luaj runs a
   * tail call after the calling function's frame is gone, so an error raised there would carry no
   * script line, where Lua 5.1's error handler reports the line of the {@code return}.
   */
  static void noTailCalls(org.luaj.vm2.Prototype p) {
    int[] code = p.code;
    for (int i = 0; i < code.length; i++) {
      if (org.luaj.vm2.Lua.GET_OPCODE(code[i]) == org.luaj.vm2.Lua.OP_TAILCALL) {
        code[i] =
            (code[i] & org.luaj.vm2.Lua.MASK_NOT_OP & org.luaj.vm2.Lua.MASK_NOT_C)
                | (org.luaj.vm2.Lua.OP_CALL << org.luaj.vm2.Lua.POS_OP);
      }
    }
    for (org.luaj.vm2.Prototype child : p.p) {
      noTailCalls(child);
    }
  }

  /** Redis: evalExtractShebangFlags's checks; null when the shebang is valid. */
  private static String shebangError(String[] parts) {
    if (!parts[0].equals("#!lua")) {
      return "Unexpected engine in script shebang: " + parts[0];
    }
    for (int j = 1; j < parts.length; j++) {
      if (!parts[j].startsWith("flags=")) {
        return "Unknown lua shebang option: " + parts[j];
      }
      String list = parts[j].substring(6);
      if (list.isEmpty()) {
        continue;
      }
      for (String flag : list.split(",", -1)) {
        if (!java.util.Arrays.asList(SHEBANG_FLAGS).contains(flag)) {
          return "Unexpected flag in script shebang: " + flag;
        }
      }
    }
    return null;
  }

  private static boolean hasFlag(String[] parts, String flag) {
    for (int j = 1; j < parts.length; j++) {
      if (java.util.Arrays.asList(parts[j].substring(6).split(",")).contains(flag)) {
        return true;
      }
    }
    return false;
  }

  /** Redis: scriptCommand. */
  private void script(byte[][] argv, RespWriter out) {
    switch (lower(argv[1])) {
      case "flush":
        flush(argv, out);
        break;
      case "exists":
        out.arrayHeader(argv.length - 2L);
        for (int j = 2; j < argv.length; j++) {
          out.integer(exists(LuaReplies.latin1(argv[j])) ? 1 : 0);
        }
        break;
      case "load":
        {
          String digest = RedisLib.sha1hex(argv[2]);
          if (cache.containsKey(digest) || create(argv[2], digest, out) != null) {
            out.bulk(digest.getBytes(StandardCharsets.US_ASCII));
          }
          break;
        }
      case "kill":
        kill(true, out);
        break;
      case "debug":
        debug(argv, out);
        break;
      default:
        help(out);
    }
  }

  private void flush(byte[][] argv, RespWriter out) {
    if (argv.length == 3) {
      String mode = lower(argv[2]);
      if (!mode.equals("sync") && !mode.equals("async")) {
        out.error("ERR SCRIPT FLUSH only support SYNC|ASYNC option");
        return;
      }
    } else if (argv.length != 2) {
      out.error("ERR SCRIPT FLUSH only support SYNC|ASYNC option");
      return;
    }
    cache.clear();
    globals = Sandbox.create(api, hook);
    out.simple("OK");
  }

  private static void debug(byte[][] argv, RespWriter out) {
    switch (lower(argv[2])) {
      case "no":
        out.simple("OK");
        break;
      case "yes":
      case "sync":
        out.error("ERR SCRIPT DEBUG (the Lua debugger) is not supported by this server");
        break;
      default:
        out.error("ERR Use SCRIPT DEBUG YES/SYNC/NO");
    }
  }

  private static void help(RespWriter out) {
    String[] lines = {
      "SCRIPT <subcommand> [<arg> [value] [opt] ...]. Subcommands are:",
      "EXISTS <sha1> [<sha1> ...]",
      "    For each SHA-1, 1 if a script with it is cached, else 0.",
      "FLUSH [ASYNC|SYNC]",
      "    Empty the script cache.",
      "KILL",
      "    Answers NOTBUSY: scripts here always run to their end.",
      "LOAD <script>",
      "    Compile and cache a script without running it; returns its SHA-1.",
      "HELP",
      "    Print this help."
    };
    out.arrayHeader(lines.length);
    for (String l : lines) {
      out.simple(l);
    }
  }

  private static String lower(byte[] b) {
    return new String(b, StandardCharsets.ISO_8859_1).toLowerCase(Locale.ROOT);
  }

  private static int indexOf(byte[] b, byte x) {
    for (int i = 0; i < b.length; i++) {
      if (b[i] == x) {
        return i;
      }
    }
    return -1;
  }

  /** Redis: string2ll (via getLongLongFromObject): a canonical decimal, or null. */
  private static Long parseLong(byte[] b) {
    if (!dev.redstruct.core.RedisNumbers.isCanonicalLong(b, 0, b.length)) {
      return null;
    }
    return dev.redstruct.core.RedisNumbers.parseCanonicalLong(b, 0, b.length);
  }
}
