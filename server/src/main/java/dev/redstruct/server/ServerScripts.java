package dev.redstruct.server;

import dev.redstruct.server.script.ScriptCommands;
import dev.redstruct.server.script.ScriptHost;
import dev.redstruct.server.script.Scripting;
import java.nio.charset.StandardCharsets;

/**
 * The server's side of Lua scripting: one {@link Scripting} (made on the first script, so a server
 * that never runs one never loads luaj) and one script session, as Redis has one Lua client. A
 * script's commands run in that session, which starts each script in the caller's database and
 * outside any transaction; the server's own commands (PING, PUBLISH, ...) run for the caller.
 * Redis: evalGenericCommand, scriptPrepareForRun, scriptCall (src/eval.c, src/script.c, 7.0.15).
 */
final class ServerScripts {
  /**
   * Builtins flagged noscript in Redis 7.0.15 (src/commands/*.json; CLIENT's subcommands except
   * HELP), the blocking pops among them except BLMPOP and BZMPOP, which run in scripts without
   * blocking.
   */
  private static final java.util.Set<Builtin> NOSCRIPT =
      java.util.EnumSet.of(
          Builtin.BLPOP,
          Builtin.BRPOP,
          Builtin.BLMOVE,
          Builtin.BRPOPLPUSH,
          Builtin.BZPOPMIN,
          Builtin.BZPOPMAX,
          Builtin.QUIT,
          Builtin.DEBUG,
          Builtin.HELLO,
          Builtin.AUTH,
          Builtin.RESET,
          Builtin.CLIENT,
          Builtin.SUBSCRIBE,
          Builtin.PSUBSCRIBE,
          Builtin.SSUBSCRIBE,
          Builtin.UNSUBSCRIBE,
          Builtin.PUNSUBSCRIBE,
          Builtin.SUNSUBSCRIBE);

  /** Builtins flagged write in Redis 7.0.15: the blocking pops. */
  private static final java.util.Set<Builtin> WRITE =
      java.util.EnumSet.of(
          Builtin.BLPOP,
          Builtin.BRPOP,
          Builtin.BLMOVE,
          Builtin.BRPOPLPUSH,
          Builtin.BLMPOP,
          Builtin.BZPOPMIN,
          Builtin.BZPOPMAX,
          Builtin.BZMPOP);

  private final Server server;
  private final Commands commands;
  private Scripting scripting;
  private Object session;
  private Client caller;

  ServerScripts(Server server, Commands commands) {
    this.server = server;
    this.commands = commands;
  }

  /** Runs EVAL, EVALSHA, their _RO forms or SCRIPT for a client; its arity was checked. */
  byte[] run(Client c, byte[][] argv) {
    if (scripting == null) {
      scripting = new Scripting();
    }
    if (scripting.running()) {
      // a command another client sent while a timed-out script runs (SCRIPT KILL, FUNCTION
      // KILL, FUNCTION STATS): the script's session stays as the script left it
      return scripting.execute(new Host(c), argv);
    }
    CommandEngine<Object> engine = server.engine;
    if (session == null) {
      session =
          engine.newSession(
              (CommandEngine.ConnectionCommands)
                  a -> caller == null ? null : commands.runForExec(caller, a));
      if (session instanceof dev.redstruct.keyspace.Session) {
        ((dev.redstruct.keyspace.Session) session).setScript(true); // SORT sorts sets for scripts
      }
    }
    engine.reset(session);
    int db = engine.selectedDb(c.session);
    if (db != 0) {
      engine.execute(session, new byte[][] {bytes("SELECT"), bytes(Integer.toString(db))});
    }
    Client previous = caller;
    caller = c;
    ScriptClock clock = server.scriptClock;
    long frozen = clock == null ? -1 : clock.freeze();
    try {
      return scripting.execute(new Host(c), argv);
    } finally {
      caller = previous;
      if (clock != null) {
        clock.restore(frozen);
      }
    }
  }

  /** INFO's script counts (cached scripts, functions, libraries); zeros before the first script. */
  long[] counts() {
    return scripting == null ? new long[3] : scripting.counts();
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  /** The caller's connection, seen from a script. */
  private final class Host implements ScriptHost {
    private final Client c;

    Host(Client c) {
      this.c = c;
    }

    @Override
    public Command lookup(byte[][] argv) {
      if (ScriptCommands.handles(argv[0])) {
        String refusal = ScriptCommands.checkArity(argv);
        if (refusal != null && refusal.startsWith("ERR unknown subcommand")) {
          return null;
        }
        return new Command(refusal == null, false, true, true);
      }
      Builtin b = Builtin.of(argv[0]);
      if (b != null) {
        String name = Commands.fullName(b, argv);
        if (name.startsWith("ERR unknown subcommand")) {
          return null;
        }
        boolean noscript =
            ((NOSCRIPT.contains(b) && !name.equals("client|help")) || name.equals("cluster|reset"))
                && !commands.admin.disableDenyScripts;
        boolean publish = b == Builtin.PUBLISH || b == Builtin.SPUBLISH;
        return new Command(!name.startsWith("ERR "), WRITE.contains(b), publish, noscript);
      }
      CommandEngine.Lookup l = server.engine.lookup(argv);
      if (l == null || (l.error() != null && l.error().startsWith("ERR unknown subcommand"))) {
        return null;
      }
      return Command.ofFlags(l.error() == null, server.engine.commandFlags(argv));
    }

    /**
     * Runs the command and counts it as Redis's call() does for the Lua client (CMD_CALL_STATS):
     * its calls and time, a failed call and the error when it replies one.
     */
    @Override
    public byte[] call(byte[][] argv, int protocol) {
      long start = System.nanoTime();
      byte[] reply;
      if (Builtin.of(argv[0]) != null) {
        int resp = c.resp;
        byte[] lastError = c.lastError; // the script's own reply decides the caller's error
        c.resp = protocol;
        try {
          reply = commands.runForExec(c, argv);
        } finally {
          c.resp = resp;
          c.lastError = lastError;
        }
      } else {
        server.engine.setProtocol(session, protocol);
        reply = server.engine.execute(session, argv);
      }
      boolean failed = reply.length > 0 && reply[0] == '-';
      String name = fullName(argv);
      if (name != null) {
        server.stats.record(name, System.nanoTime() - start, failed, commands.writeRow(name, argv));
      }
      if (failed) {
        server.stats.error(reply);
      }
      return reply;
    }

    /** Redis: scriptCall's error path (afterErrorReply, incrCommandStatsOnError REJECTED). */
    @Override
    public void rejected(byte[][] argv, String error) {
      server.stats.rejected(fullName(argv));
      String text = error.startsWith("-") ? error : "-ERR " + error;
      server.stats.error(text.getBytes(StandardCharsets.ISO_8859_1));
    }

    @Override
    public void errorAlreadyCounted() {
      c.errorCounted = true;
    }

    /** The command's full name ({@code "client|list"}), or null when there is no such command. */
    private String fullName(byte[][] argv) {
      Builtin b = Builtin.of(argv[0]);
      String name;
      if (b != null) {
        name = Commands.fullName(b, argv);
      } else if (ScriptCommands.handles(argv[0])) {
        name = ScriptCommands.fullName(argv);
      } else {
        CommandEngine.Lookup l = server.engine.lookup(argv);
        boolean unknown =
            l == null || (l.error() != null && l.error().startsWith("ERR unknown subcommand"));
        name = unknown ? null : l.fullName();
      }
      return name == null || name.startsWith("ERR ") ? null : name;
    }

    @Override
    public String aclDenied(byte[][] argv) {
      String name = fullName(argv);
      if (name == null) {
        name = Builtin.lower(argv[0]);
      }
      return commands.aclCheck(c, Builtin.of(argv[0]), argv, name);
    }

    @Override
    public int protocol() {
      return c.resp;
    }

    @Override
    public boolean outOfMemory() {
      return server.outOfMemory();
    }

    @Override
    public boolean tooFewReplicas() {
      return server.tooFewReplicas();
    }

    @Override
    public long busyReplyThresholdMillis() {
      return server.config.getLong("busy-reply-threshold");
    }

    @Override
    public boolean processEventsWhileBusy(boolean eval) {
      return server.processEventsWhileBlocked(c, eval);
    }
  }
}
