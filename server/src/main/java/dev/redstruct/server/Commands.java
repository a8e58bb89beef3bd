package dev.redstruct.server;

import dev.redstruct.core.RedisNumbers;
import dev.redstruct.core.resp.RespWriter;
import dev.redstruct.server.script.ScriptCommands;
import java.nio.charset.StandardCharsets;

/**
 * Runs one command for a client: Redis 7.0.15's {@code processCommand} (src/server.c) — lookup,
 * arity, authentication, the RESP2 Pub/Sub context, the transaction queue — and the connection
 * commands the server answers itself (src/networking.c, src/server.c, src/acl.c, src/pubsub.c).
 */
final class Commands {
  /*
   * Implementation notes. Every reply goes through Client.reply (silenced by CLIENT REPLY OFF and
   * SKIP) or Client.push (Pub/Sub frames, never silenced), so EXEC can capture a builtin's reply
   * for the engine (ConnectionCommands). Error texts carry their code ("ERR ...", "NOAUTH ...")
   * and are written as "-" + text + CRLF (Redis: addReplyError adds "ERR " unless the text starts
   * with '-').
   */
  static final String NOAUTH = "NOAUTH Authentication required.";
  static final String WRONGPASS = "WRONGPASS invalid username-password pair or user is disabled.";
  static final String SYNTAX = "ERR syntax error";
  static final String VERSION = "7.0.15";

  private final Server server;
  private final ClientCommand clientCommand;
  final AdminCommands admin;
  final ServerScripts scripts;
  final Acl acl;

  /** {@link #writeRow}'s answers by full name. */
  private final java.util.Map<String, Boolean> writeRows = new java.util.HashMap<>();

  Commands(Server server) {
    this.server = server;
    this.clientCommand = new ClientCommand(server);
    this.admin = new AdminCommands(server);
    this.scripts = new ServerScripts(server, this);
    this.acl = new Acl(admin::commandInfo);
  }

  /** The builtin named by {@code name}; the blocking pops only over the keyspace. */
  private Builtin builtin(byte[] name) {
    Builtin b = Builtin.of(name);
    return b != null && b.isBlockingPop() && !server.hasKeyspace() ? null : b;
  }

  /** Redis: authRequired (the default user with requirepass, not yet authenticated). */
  boolean authRequired(Client c) {
    return server.requirePass() != null && !c.authenticated;
  }

  static byte[] error(String text) {
    return new RespWriter().error(text).toByteArray();
  }

  private static String str(byte[] b) {
    return new String(b, StandardCharsets.ISO_8859_1);
  }

  /** Redis: sdsmapchars(err, "\r\n", " ") on an error built from user input. */
  private static String oneLine(String s) {
    return s.replace('\r', ' ').replace('\n', ' ');
  }

  /** C's {@code %.Ns} on an sds: stops at the first NUL and after max bytes. */
  private static String cstr(byte[] b, int max) {
    int n = 0;
    while (n < b.length && n < max && b[n] != 0) {
      n++;
    }
    return new String(b, 0, n, StandardCharsets.ISO_8859_1);
  }

  /** Redis: commandCheckExistence's text for an unknown command. */
  static String unknownCommand(byte[][] argv) {
    StringBuilder args = new StringBuilder();
    for (int i = 1; i < argv.length && args.length() < 128; i++) {
      String arg = cstr(argv[i], 128 - args.length());
      args.append('\'').append(arg).append("' ");
    }
    return oneLine(
        "ERR unknown command '" + cstr(argv[0], 128) + "', with args beginning with: " + args);
  }

  /**
   * Runs one command. Redis: processCommand, then resetClient.
   *
   * @param c the client
   * @param argv the command (at least one argument)
   */
  void process(Client c, byte[][] argv) {
    int n = argv[0].length;
    String first = n == 4 || n == 5 ? Builtin.lower(argv[0]) : "";
    if (first.equals("host:") || first.equals("post")) {
      c.closeAsap = true; // Redis: securityWarningCommand
      return;
    }
    call(c, argv);
    c.commandDone();
  }

  /** The commands flagged allow-busy in Redis 7.0.15: all that run while a script is busy. */
  private static final java.util.Set<String> ALLOW_BUSY =
      java.util.Set.of(
          "auth",
          "discard",
          "function|kill",
          "function|stats",
          "hello",
          "multi",
          "quit",
          "replconf",
          "reset",
          "script|kill",
          "shutdown",
          "unwatch",
          "watch");

  /** Whether a data command is flagged denyoom (Redis: processCommand's is_denyoom_command). */
  private boolean denyOom(byte[][] argv, String fullName, Object session) {
    if ("exec".equals(fullName)
        && session instanceof dev.redstruct.keyspace.Session s
        && s.queuedCommandHas("denyoom")) {
      return true;
    }
    String flags = server.engine.commandFlags(argv);
    return flags != null && ("," + flags.replace(' ', ',') + ",").contains(",denyoom,");
  }

  /**
   * Whether a command is refused when out of memory: a data command flagged denyoom (or an EXEC
   * that queued one), or any command but EXEC, DISCARD, QUIT and RESET inside MULTI (queueing takes
   * memory). Redis: processCommand's reject_cmd_on_oom.
   */
  private boolean rejectOnOom(
      Builtin b, boolean script, byte[][] argv, String fullName, Object session) {
    if (server.engine.inTransaction(session)
        && !"exec".equals(fullName)
        && !"discard".equals(fullName)
        && b != Builtin.QUIT
        && b != Builtin.RESET) {
      return true;
    }
    return b == null && !script && denyOom(argv, fullName, session);
  }

  /** Whether a data command is flagged write, or an EXEC queues one (Redis: is_write_command). */
  private boolean isWrite(byte[][] argv, String fullName, Object session) {
    if ("exec".equals(fullName)
        && session instanceof dev.redstruct.keyspace.Session s
        && s.queuedCommandHas("write")) {
      return true;
    }
    String flags = server.engine.commandFlags(argv);
    return flags != null && ("," + flags.replace(' ', ',') + ",").contains(",write,");
  }

  /**
   * Whether the keyspace's row for the command is a write command (INFO's
   * rdb_changes_since_last_save counts their calls): asked of the table once per full name, at its
   * first call, not at start (an empty server's start needs no command list); false for another
   * engine.
   */
  boolean writeRow(String fullName, byte[][] argv) {
    Boolean write = writeRows.get(fullName);
    if (write == null) {
      String flags = server.hasKeyspace() ? server.engine.commandFlags(argv) : null;
      write = flags != null && java.util.List.of(flags.split(",")).contains("write");
      writeRows.put(fullName, write);
    }
    return write;
  }

  /**
   * Why a write would be refused now: this is a read-only replica, or fewer replicas are connected
   * than min-replicas-to-write asks; else null. Redis: processCommand's checkGoodReplicasStatus and
   * repl_slave_ro.
   */
  private String writeRefusal() {
    if (server.replication.masterHost() != null) {
      return "READONLY You can't write against a read only replica.";
    }
    return server.tooFewReplicas() ? "NOREPLICAS Not enough good replicas to write." : null;
  }

  /** The builtins Redis 7.0.15 flags stale (src/commands/*.json), by full name or name. */
  private static final java.util.Set<String> STALE_BUILTINS =
      java.util.Set.of(
          "auth",
          "client",
          "command",
          "config",
          "debug",
          "echo",
          "hello",
          "info",
          "lastsave",
          "memory|help",
          "psubscribe",
          "publish",
          "pubsub",
          "punsubscribe",
          "quit",
          "replconf",
          "replicaof",
          "reset",
          "role",
          "shutdown",
          "slaveof",
          "slowlog",
          "spublish",
          "ssubscribe",
          "subscribe",
          "sunsubscribe",
          "time",
          "unsubscribe",
          "cluster");

  /**
   * Whether a command is refused on a stale replica: it lacks the stale flag, or it is an EXEC
   * whose queue holds such a command (Redis: is_denystale_command).
   */
  private boolean denyStale(Builtin b, byte[][] argv, String fullName, Object session) {
    if (b != null) {
      return !STALE_BUILTINS.contains(fullName)
          && !STALE_BUILTINS.contains(fullName.split("\\|")[0]);
    }
    if ("exec".equals(fullName)
        && session instanceof dev.redstruct.keyspace.Session s
        && s.queuedCommandLacks("stale")) {
      return true;
    }
    String flags = server.engine.commandFlags(argv);
    return flags != null && !("," + flags.replace(' ', ',') + ",").contains(",stale,");
  }

  private void call(Client c, byte[][] argv) {
    CommandEngine<Object> engine = server.engine;
    Object session = c.session;
    Builtin b = builtin(argv[0]);
    boolean script = b == null && ScriptCommands.handles(argv[0]);
    String fullName;
    String refusal;
    if (b != null) {
      fullName = fullName(b, argv);
      refusal = fullName.startsWith("ERR ") ? fullName : null;
    } else if (script) {
      fullName = ScriptCommands.fullName(argv);
      refusal = ScriptCommands.checkArity(argv);
    } else {
      CommandEngine.Lookup l = engine.lookup(argv);
      fullName = l == null ? null : l.fullName();
      refusal = l == null ? unknownCommand(argv) : l.error();
    }
    if (refusal == null) {
      c.lastCommand = fullName;
      if (authRequired(c) && (b == null || !b.noAuth)) {
        refusal = NOAUTH;
      } else if ((b == Builtin.SAVE
              || b == Builtin.SHUTDOWN
              || b == Builtin.SYNC
              || b == Builtin.PSYNC)
          && engine.inTransaction(session)) {
        refusal = "ERR Command not allowed inside a transaction"; // Redis: CMD_NO_MULTI
      } else if ((refusal = aclRefusal(c, b, argv, fullName)) != null) {
        // Redis: processCommand's ACLCheckAllPerm, after the authentication check
      } else if (server.evictBeforeCommand() && rejectOnOom(b, script, argv, fullName, session)) {
        refusal = "OOM command not allowed when used memory > 'maxmemory'.";
      } else if (!c.inExec
          && b == null
          && !script
          && writeRefusal() != null
          && isWrite(argv, fullName, session)) {
        refusal = writeRefusal();
      } else if (c.inPubSub() && c.resp == 2 && (b == null || !b.pubSubContext)) {
        refusal =
            "ERR Can't execute '"
                + fullName
                + "': only (P|S)SUBSCRIBE / (P|S)UNSUBSCRIBE / PING / QUIT / RESET are allowed in"
                + " this context";
      } else if (server.replication.masterHost() != null
          && !c.inExec
          && !server.config.getBool("replica-serve-stale-data")
          && denyStale(b, argv, fullName, session)) {
        // Redis: a replica whose link is down (ours always is) and replica-serve-stale-data no
        refusal =
            "MASTERDOWN Link with MASTER is down and replica-serve-stale-data is set to 'no'.";
      }
    }
    if (refusal == null && server.busyCaller != null && !ALLOW_BUSY.contains(fullName)) {
      refusal =
          server.busyEval
              ? "BUSY Redis is busy running a script. You can only call SCRIPT KILL or SHUTDOWN"
                  + " NOSAVE."
              : "BUSY Redis is busy running a script. You can only call FUNCTION KILL or SHUTDOWN"
                  + " NOSAVE.";
    }
    boolean inMulti = engine.inTransaction(session);
    long start = System.nanoTime();
    c.lastError = null;
    c.errorCounted = false;
    if (refusal != null) {
      if (inMulti && "exec".equals(fullName)) {
        // Redis: rejectCommand -> execCommandAbort: a refused EXEC discards the transaction
        engine.execute(session, new byte[][] {"DISCARD".getBytes(StandardCharsets.US_ASCII)});
        refusal = "EXECABORT Transaction discarded because of: " + refusal;
      } else if (inMulti) {
        engine.flagTransaction(session); // Redis: rejectCommand -> flagTransaction
      }
      c.reply(error(refusal));
      server.stats.rejected(fullName == null || fullName.startsWith("ERR ") ? null : fullName);
    } else {
      if (script && !inMulti) {
        engine.beginUnit(); // Redis: a script's writes propagate together, in MULTI/EXEC
        try {
          c.reply(scripts.run(c, argv));
        } finally {
          engine.endUnit();
        }
      } else if (b == null && !inMulti && server.hasKeyspace() && StreamWaits.isRead(argv[0])) {
        server.blocking.xread(c, argv);
      } else if (b == null || (inMulti && b != Builtin.QUIT && b != Builtin.RESET)) {
        c.reply(engine.execute(session, argv));
      } else {
        builtin(c, b, argv);
      }
      server.stats.record(
          fullName, System.nanoTime() - start, c.lastError != null, writeRow(fullName, argv));
    }
    if (c.lastError != null && !c.errorCounted) {
      server.stats.error(c.lastError);
    }
  }

  /**
   * The builtin's full name ({@code "client|list"}), or its refusal text starting with {@code "ERR
   * "}. Redis: lookupCommand, commandCheckExistence, commandCheckArity.
   */
  static String fullName(Builtin b, byte[][] argv) {
    if (b.subcommands.isEmpty() || argv.length == 1) {
      return Builtin.arityAccepts(b.arity, argv.length) ? b.lowerName : arityError(b.lowerName);
    }
    String sub = Builtin.lower(argv[1]);
    Integer arity = b.subcommands.get(sub);
    if (arity == null) {
      return oneLine(
          "ERR unknown subcommand '" + cstr(argv[1], 128) + "'. Try " + b.name() + " HELP.");
    }
    String name = b.lowerName + "|" + sub;
    return Builtin.arityAccepts(arity, argv.length) ? name : arityError(name);
  }

  static String arityError(String fullName) {
    return "ERR wrong number of arguments for '" + fullName + "' command";
  }

  /** Runs a builtin for the engine's EXEC; null if argv is not a builtin. */
  byte[] runForExec(Client c, byte[][] argv) {
    Builtin b = builtin(argv[0]);
    if (b == null && ScriptCommands.handles(argv[0])) {
      String refusal = ScriptCommands.checkArity(argv);
      return refusal == null ? scripts.run(c, argv) : error(refusal);
    }
    if (b == null) {
      return null;
    }
    c.beginCapture();
    c.inExec = true;
    try {
      String name = fullName(b, argv);
      if (name.startsWith("ERR ")) {
        c.reply(error(name));
      } else {
        builtin(c, b, argv);
      }
    } finally {
      c.inExec = false;
    }
    return c.endCapture();
  }

  private void builtin(Client c, Builtin b, byte[][] argv) {
    if (b.admin()) {
      admin.run(c, b, argv);
      return;
    }
    switch (b) {
      case PING:
        ping(c, argv);
        break;
      case ECHO:
        c.reply(new RespWriter(c.resp).bulk(argv[1]).toByteArray());
        break;
      case QUIT:
        c.reply(ok());
        c.closeAfterReply = true;
        break;
      case HELLO:
        hello(c, argv);
        break;
      case AUTH:
        auth(c, argv);
        break;
      case ACL:
        aclCommand(c, argv);
        break;
      case RESET:
        reset(c);
        break;
      case CLIENT:
        clientCommand.run(c, argv);
        break;
      case PUBSUB:
        pubsub(c, argv);
        break;
      case SYNC:
      case PSYNC:
        server.replication.sync(c, argv, b == Builtin.PSYNC);
        break;
      case REPLCONF:
        server.replication.replconf(c, argv);
        break;
      case REPLICAOF:
      case SLAVEOF:
        server.replication.replicaof(c, argv);
        break;
      case BLPOP:
      case BRPOP:
      case BLMOVE:
      case BRPOPLPUSH:
      case BLMPOP:
      case BZPOPMIN:
      case BZPOPMAX:
      case BZMPOP:
        server.blocking.run(c, b, argv);
        break;
      default:
        pubSubCommand(c, b, argv);
    }
  }

  private static final byte[] OK = new RespWriter().simple("OK").toByteArray();
  private static final byte[] PONG = new RespWriter().simple("PONG").toByteArray();

  /** The {@code +OK} reply (shared: Client.reply copies it into the output buffer). */
  static byte[] ok() {
    return OK;
  }

  private void pubSubCommand(Client c, Builtin b, byte[][] argv) {
    PubSub ps = server.pubsub;
    switch (b) {
      case SUBSCRIBE:
        ps.subscribe(c, argv, false);
        break;
      case SSUBSCRIBE:
        if (c.inExec) {
          // Redis: EXEC sets CLIENT_DENY_BLOCKING, and SSUBSCRIBE (unlike SUBSCRIBE) refuses it
          c.reply(error("ERR SSUBSCRIBE isn't allowed for a DENY BLOCKING client"));
        } else {
          ps.subscribe(c, argv, true);
        }
        break;
      case PSUBSCRIBE:
        ps.psubscribe(c, argv);
        break;
      case UNSUBSCRIBE:
        ps.unsubscribe(c, argv, false);
        break;
      case SUNSUBSCRIBE:
        ps.unsubscribe(c, argv, true);
        break;
      case PUNSUBSCRIBE:
        ps.punsubscribe(c, argv);
        break;
      case PUBLISH:
      case SPUBLISH:
        int n = ps.publish(argv[1], argv[2], b == Builtin.SPUBLISH);
        // Redis: forceCommandPropagation(c, PROPAGATE_REPL)
        server.engine.alsoPropagate(server.selectedDb(c), argv);
        c.reply(new RespWriter(c.resp).integer(n).toByteArray());
        break;
      default:
        throw new AssertionError(b);
    }
  }

  /** Redis: pingCommand. */
  private static void ping(Client c, byte[][] argv) {
    if (argv.length > 2) {
      c.reply(error(arityError("ping")));
    } else if (c.inPubSub() && c.resp == 2) {
      RespWriter w = new RespWriter().arrayHeader(2).bulk(PubSub.ascii("pong"));
      c.reply(w.bulk(argv.length == 1 ? new byte[0] : argv[1]).toByteArray());
    } else if (argv.length == 1) {
      c.reply(PONG);
    } else {
      c.reply(new RespWriter().bulk(argv[1]).toByteArray());
    }
  }

  /**
   * Redis: ACLAuthenticateUser. The default user's password is requirepass; other users are checked
   * against their ACL SETUSER passwords (SHA-256, as Redis keeps them).
   */
  private boolean authenticate(Client c, byte[] user, byte[] pass) {
    String name = str(user);
    boolean ok;
    if (name.equals("default")) {
      String required = server.requirePass();
      Acl.User d = acl.user(name);
      ok = d.on && (required == null || required.equals(new String(pass, StandardCharsets.UTF_8)));
    } else {
      Acl.User u = acl.user(name);
      ok = u != null && u.on && (u.nopass || u.hashes.contains(Acl.sha256(pass)));
    }
    if (ok) {
      c.authenticated = true;
      c.user = name;
    }
    return ok;
  }

  /** Whether a builtin counts as an admin command for ACL categories. */
  private static boolean aclAdmin(Builtin b, String fullName) {
    return b.admin()
        || (b == Builtin.ACL
            && !fullName.equals("acl|whoami")
            && !fullName.equals("acl|cat")
            && !fullName.equals("acl|help"));
  }

  /**
   * The ACL refusal for a command the client's user may not run, or null. Redis: ACLCheckAllPerm.
   */
  private String aclRefusal(Client c, Builtin b, byte[][] argv, String fullName) {
    String why = aclCheck(c, b, argv, fullName);
    if (why == null) {
      return null;
    }
    return why == Acl.DENIED_CMD
        ? "NOPERM this user has no permissions to run the '" + fullName + "' command"
        : "NOPERM this user has no permissions to access one of the keys used as arguments";
  }

  /** {@link Acl#check} for the client's user: null, Acl.DENIED_CMD or Acl.DENIED_KEY. */
  String aclCheck(Client c, Builtin b, byte[][] argv, String fullName) {
    Acl.User u = acl.user(c.user);
    if (u != null
        && u.allKeys
        && u.commandRules.size() == 1
        && u.commandRules.get(0).equals("+@all")) {
      return null;
    }
    if (b != null && b.noAuth) {
      return null; // Redis: ACLSelectorCheckCmd lets CMD_NO_AUTH commands through
    }
    String flags = b == null ? server.engine.commandFlags(argv) : null;
    return acl.check(u, fullName, flags, b != null && aclAdmin(b, fullName), argv);
  }

  /** Redis: aclCommand (the subcommands modelled here). */
  private void aclCommand(Client c, byte[][] argv) {
    String sub = Builtin.lower(argv[1]);
    switch (sub) {
      case "setuser" -> {
        String err = acl.setUser(str(argv[2]), argv, 3);
        c.reply(err == null ? ok() : error(oneLine(err)));
      }
      case "deluser" -> {
        int n = 0;
        for (int i = 2; i < argv.length; i++) {
          if (str(argv[i]).equals("default")) {
            c.reply(error("ERR The 'default' user cannot be removed"));
            return;
          }
        }
        for (int i = 2; i < argv.length; i++) {
          n += acl.delete(str(argv[i])) ? 1 : 0;
        }
        c.reply(new RespWriter(c.resp).integer(n).toByteArray());
      }
      case "users" -> {
        java.util.List<String> names = acl.names();
        RespWriter w = new RespWriter(c.resp).arrayHeader(names.size());
        names.forEach(n -> w.bulk(PubSub.ascii(n)));
        c.reply(w.toByteArray());
      }
      case "list" -> {
        java.util.List<String> names = acl.names();
        RespWriter w = new RespWriter(c.resp).arrayHeader(names.size());
        for (String n : names) {
          w.bulk(Acl.describe(acl.user(n)).getBytes(StandardCharsets.ISO_8859_1));
        }
        c.reply(w.toByteArray());
      }
      case "whoami" -> c.reply(new RespWriter(c.resp).bulk(PubSub.ascii(c.user)).toByteArray());
      case "cat" -> aclCat(c, argv);
      default -> c.reply(help("ACL", "CAT", "DELUSER", "LIST", "SETUSER", "USERS", "WHOAMI"));
    }
  }

  private void aclCat(Client c, byte[][] argv) {
    if (argv.length == 2) {
      RespWriter w = new RespWriter(c.resp).arrayHeader(Acl.CATEGORIES.size());
      Acl.CATEGORIES.forEach(n -> w.bulk(PubSub.ascii(n)));
      c.reply(w.toByteArray());
      return;
    }
    if (argv.length > 3) {
      c.reply(error(subcommandSyntax(argv)));
      return;
    }
    String cat = Builtin.lower(argv[2]);
    if (!Acl.CATEGORIES.contains(cat)) {
      c.reply(error(oneLine("ERR Unknown category '" + str(argv[2]) + "'")));
      return;
    }
    java.util.List<String> names = new java.util.ArrayList<>();
    for (dev.redstruct.keyspace.CommandInfo ci : admin.commandRows()) {
      String name = ci.name();
      int bar = name.indexOf('|');
      Builtin b = Builtin.of(PubSub.ascii(bar < 0 ? name : name.substring(0, bar)));
      boolean adm = b != null && aclAdmin(b, name);
      if (Acl.categories(name, String.join(",", ci.flags()), adm).contains(cat)) {
        names.add(name);
      }
    }
    if (cat.equals("scripting")) {
      names.addAll(Acl.SCRIPT_COMMANDS);
    }
    RespWriter w = new RespWriter(c.resp).arrayHeader(names.size());
    names.forEach(n -> w.bulk(PubSub.ascii(n)));
    c.reply(w.toByteArray());
  }

  /** Redis: authCommand (src/acl.c). */
  private void auth(Client c, byte[][] argv) {
    if (argv.length > 3) {
      c.reply(error(SYNTAX));
      return;
    }
    if (argv.length == 2 && server.requirePass() == null) {
      c.reply(
          error(
              "ERR AUTH <password> called without any password configured for the default user."
                  + " Are you sure your configuration is correct?"));
      return;
    }
    byte[] user = argv.length == 2 ? PubSub.ascii("default") : argv[1];
    byte[] pass = argv[argv.length - 1];
    c.reply(authenticate(c, user, pass) ? ok() : error(WRONGPASS));
  }

  /** Redis: helloCommand. */
  private void hello(Client c, byte[][] argv) {
    long ver = 0;
    int next = 1;
    if (argv.length >= 2) {
      byte[] v = argv[next++];
      if (!RedisNumbers.isCanonicalLong(v, 0, v.length)) {
        c.reply(error("ERR Protocol version is not an integer or out of range"));
        return;
      }
      ver = RedisNumbers.parseCanonicalLong(v, 0, v.length);
      if (ver < 2 || ver > 3) {
        c.reply(error("NOPROTO unsupported protocol version"));
        return;
      }
    }
    for (int j = next; j < argv.length; j++) {
      int more = argv.length - 1 - j;
      String opt = Builtin.lower(argv[j]);
      if (opt.equals("auth") && more >= 2) {
        if (!authenticate(c, argv[j + 1], argv[j + 2])) {
          c.reply(error(WRONGPASS));
          return;
        }
        j += 2;
      } else if (opt.equals("setname") && more >= 1) {
        if (!ClientCommand.setName(c, argv[j + 1])) {
          return;
        }
        j++;
      } else {
        c.reply(
            error(oneLine("ERR Syntax error in HELLO option '" + cstr(argv[j], 1 << 20) + "'")));
        return;
      }
    }
    if (authRequired(c)) {
      c.reply(
          error(
              "NOAUTH HELLO must be called with the client already authenticated, otherwise the"
                  + " HELLO AUTH <user> <pass> option can be used to authenticate the client and"
                  + " select the RESP protocol version at the same time"));
      return;
    }
    if (ver != 0) {
      setProtocol(c, (int) ver);
    }
    c.reply(helloMap(c));
  }

  private void setProtocol(Client c, int resp) {
    c.resp = resp;
    server.engine.setProtocol(c.session, resp);
  }

  private static byte[] helloMap(Client c) {
    RespWriter w = new RespWriter(c.resp).mapHeader(7);
    w.bulk(PubSub.ascii("server")).bulk(PubSub.ascii("redis"));
    w.bulk(PubSub.ascii("version")).bulk(PubSub.ascii(VERSION));
    w.bulk(PubSub.ascii("proto")).integer(c.resp);
    w.bulk(PubSub.ascii("id")).integer(c.id);
    w.bulk(PubSub.ascii("mode")).bulk(PubSub.ascii("standalone"));
    w.bulk(PubSub.ascii("role")).bulk(PubSub.ascii("master"));
    return w.bulk(PubSub.ascii("modules")).arrayHeader(0).toByteArray();
  }

  /** Redis: resetCommand, clearClientConnectionState. */
  private void reset(Client c) {
    server.engine.reset(c.session);
    setProtocol(c, 2);
    c.authenticated = server.requirePass() == null;
    c.user = "default";
    server.pubsub.forget(c);
    c.name = null;
    c.replyOff = false;
    c.replySkip = false;
    c.replySkipNext = false;
    c.reply(new RespWriter().simple("RESET").toByteArray());
  }

  /** Redis: pubsubCommand (the container's subcommands). */
  private void pubsub(Client c, byte[][] argv) {
    PubSub ps = server.pubsub;
    String sub = Builtin.lower(argv[1]);
    boolean shard = sub.startsWith("shard");
    switch (sub) {
      case "channels":
      case "shardchannels":
        if (argv.length > 3) {
          c.reply(error(subcommandSyntax(argv)));
        } else {
          c.reply(ps.channelList(c.resp, argv.length == 3 ? argv[2] : null, shard));
        }
        break;
      case "numsub":
      case "shardnumsub":
        c.reply(ps.numsub(c.resp, argv, shard));
        break;
      case "help":
        c.reply(help("PUBSUB", "CHANNELS", "NUMPAT", "NUMSUB", "SHARDCHANNELS", "SHARDNUMSUB"));
        break;
      default: // numpat
        c.reply(new RespWriter(c.resp).integer(ps.numpat()).toByteArray());
    }
  }

  /**
   * A HELP reply in Redis's frame (a header line, one line per subcommand, the HELP entry); the
   * descriptions are ours. Redis: addReplyHelp.
   */
  static byte[] help(String command, String... subcommands) {
    RespWriter w = new RespWriter().arrayHeader(subcommands.length + 3L);
    w.simple(command + " <subcommand> [<arg> [value] [opt] ...]. Subcommands are:");
    for (String sub : subcommands) {
      w.simple(sub);
    }
    return w.simple("HELP").simple("    Prints this help.").toByteArray();
  }

  /** Redis: addReplySubcommandSyntaxError. */
  static String subcommandSyntax(byte[][] argv) {
    return oneLine(
        "ERR unknown subcommand or wrong number of arguments for '"
            + cstr(argv[1], 128)
            + "'. Try "
            + Builtin.lower(argv[0]).toUpperCase(java.util.Locale.ROOT)
            + " HELP.");
  }
}
