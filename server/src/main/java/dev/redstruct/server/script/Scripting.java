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
  private static final String[] SHEBANG_FLAGS = {
    "no-writes", "allow-oom", "allow-stale", "no-cluster", "allow-cross-slot-keys"
  };

  /** A cached script: its compiled body and whether it declared flags (no-writes). */
  private record Script(LuaFunction function, boolean shebang, boolean noWrites) {}

  private final RedisLib api = new RedisLib();
  private Sandbox.ScriptGlobals globals;
  private final Map<String, Script> cache = new HashMap<>();

  /** A scripting engine with an empty script cache. */
  public Scripting() {
    globals = Sandbox.create(api);
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
    Long numkeys = parseLong(argv[2]);
    if (numkeys == null) {
      out.error("ERR value is not an integer or out of range");
      return;
    }
    if (numkeys > argv.length - 3) {
      out.error("ERR Number of keys can't be greater than number of args");
      return;
    }
    if (numkeys < 0) {
      out.error("ERR Number of keys can't be negative");
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
    if (ro && script.shebang() && !script.noWrites()) {
      out.error("ERR Can not execute a script with write flag using *_ro command.");
      return;
    }
    int n = (int) (long) numkeys;
    boolean readOnly = ro || (script.shebang() && script.noWrites());
    call(new RedisLib.Run(host, readOnly), script, digest, argv, n, out);
  }

  /** Redis: luaCallFunction: KEYS and ARGV, the call, the error handler, the reply. */
  private void call(
      RedisLib.Run run, Script script, String digest, byte[][] argv, int numkeys, RespWriter out) {
    globals.setArgument("KEYS", strings(argv, 3, 3 + numkeys));
    globals.setArgument("ARGV", strings(argv, 3 + numkeys, argv.length));
    api.run = run;
    try {
      LuaValue result = script.function().call();
      LuaReplies.toReply(out, result, run.resp);
    } catch (LuaError e) {
      failure(out, e, digest);
    } catch (StackOverflowError e) {
      out.error("ERR Error running script " + digest + ", stack overflow");
    } finally {
      api.run = null;
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
      msg = msg + " script: " + digest + ", on @user_script:" + line + ".";
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
    Script s = new Script(f, shebang, noWrites);
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
        out.error("NOTBUSY No scripts in execution right now.");
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
    globals = Sandbox.create(api);
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
