package dev.redstruct.server;

import dev.redstruct.core.resp.RespWriter;
import dev.redstruct.keyspace.CommandInfo;
import dev.redstruct.keyspace.EncodingLimits;
import dev.redstruct.keyspace.Keyspace;
import java.security.SecureRandom;

/**
 * The server commands: CONFIG, INFO, TIME, COMMAND, DEBUG, MEMORY, SAVE, BGSAVE, LASTSAVE,
 * SHUTDOWN, WAIT, and the state they share (replication id, RDB file, active expiry switch). Redis:
 * src/server.c, src/config.c, src/debug.c, src/object.c, src/rdb.c (7.0.15).
 */
final class AdminCommands {
  private final Server server;
  private final ConfigCommand config;
  private final InfoCommand info;
  private final CommandCommand command;
  private final DebugCommand debug;
  final Persistence persistence;

  /** INFO's run_id: 40 random hex digits per start. */
  final String runId = randomHex40();

  /** INFO's master_replid (DEBUG CHANGE-REPL-ID draws a new one). */
  String replId = randomHex40();

  /** The config file the server was started with, or null. */
  String configFile;

  /** DEBUG SET-ACTIVE-EXPIRE: whether the cron sweeps expired keys. */
  boolean activeExpire = true;

  /** DEBUG SET-DISABLE-DENY-SCRIPTS: scripts may run noscript commands. */
  boolean disableDenyScripts;

  /** DEBUG QUICKLIST-PACKED-THRESHOLD (stored; the keyspace's lists keep their default). */
  long quicklistPackedThreshold = 1L << 30;

  AdminCommands(Server server) {
    this.server = server;
    this.config = new ConfigCommand(server);
    this.info = new InfoCommand(server, this);
    this.command = new CommandCommand(this);
    this.debug = new DebugCommand(server, this);
    this.persistence = new Persistence(server, this);
  }

  /**
   * Called once the server has its engine: learns the keyspace's write commands (INFO's
   * rdb_changes_since_last_save counts their calls when the engine does not count its changes).
   */
  void start() {
    configFile = server.config.configFile;
    applyConfig(server);
    Keyspace ks = keyspace();
    if (ks == null) {
      return;
    }
    if (server.config.loadAtStart) {
      persistence.loadAtStart(ks);
    }
    for (CommandInfo ci : ks.commands()) {
      if (ci.flags().contains("write")) {
        server.stats.writeCommands.add(ci.name());
      }
      for (CommandInfo s : ci.subcommands()) {
        if (s.flags().contains("write")) {
          server.stats.writeCommands.add(s.name());
        }
      }
    }
  }

  static String randomHex40() {
    byte[] b = new byte[20];
    // Redis: getRandomHexChars reads /dev/urandom; SecureRandom's set-up would cost a cold start
    try (java.io.InputStream in = new java.io.FileInputStream("/dev/urandom")) {
      if (in.readNBytes(b, 0, b.length) != b.length) {
        new SecureRandom().nextBytes(b);
      }
    } catch (java.io.IOException | SecurityException e) {
      new SecureRandom().nextBytes(b);
    }
    StringBuilder sb = new StringBuilder();
    for (byte x : b) {
      sb.append(Character.forDigit((x >> 4) & 0xf, 16)).append(Character.forDigit(x & 0xf, 16));
    }
    return sb.toString();
  }

  /** The keyspace behind the server, or null when the engine is something else. */
  /** The command table's row for a full name, or null. */
  dev.redstruct.keyspace.CommandInfo commandInfo(String fullName) {
    return command.info(fullName);
  }

  /** Every command and subcommand row. */
  java.util.List<dev.redstruct.keyspace.CommandInfo> commandRows() {
    return command.rows();
  }

  Keyspace keyspace() {
    Object engine = server.engine;
    return engine instanceof KeyspaceEngine ke ? ke.keyspace : null;
  }

  /** Clients blocked in a blocking command (INFO clients). */
  int blockedClients() {
    int n = 0;
    for (Client c : server.clients()) {
      if (c.blocked != null) {
        n++;
      }
    }
    return n;
  }

  /**
   * Applies the configuration the server uses at run time: the encoding thresholds go to the
   * keyspace (for values created from now on), notify-keyspace-events to the notifications;
   * requirepass is read at each command; the other directives are stored only (README).
   */
  static void applyConfig(Server server) {
    server.notifications.set(server.config.get("notify-keyspace-events"));
    Object engine = server.engine;
    if (!(engine instanceof KeyspaceEngine ke)) {
      return;
    }
    ServerConfig c = server.config;
    ke.keyspace.setEncodingLimits(
        new EncodingLimits(
            (int) c.getLong("list-max-listpack-size"),
            (int) c.getLong("list-compress-depth"),
            c.getLong("hash-max-listpack-entries"),
            c.getLong("hash-max-listpack-value"),
            c.getLong("set-max-intset-entries"),
            c.getLong("zset-max-listpack-entries"),
            c.getLong("zset-max-listpack-value")));
    ke.keyspace.setStreamNodeLimits(
        c.getLong("stream-node-max-bytes"), c.getLong("stream-node-max-entries"));
  }

  void run(Client c, Builtin b, byte[][] argv) {
    try {
      dispatch(c, b, argv);
    } catch (RuntimeException e) {
      // a fault in a server command must not stop the command thread
      c.reply(Commands.error("ERR " + b.lowerName + " failed: " + e));
    }
  }

  private void dispatch(Client c, Builtin b, byte[][] argv) {
    switch (b) {
      case CONFIG:
        config.run(c, argv);
        break;
      case INFO:
        info.run(c, argv);
        break;
      case TIME:
        long micros = System.currentTimeMillis() * 1000 + (System.nanoTime() / 1000) % 1000;
        c.reply(
            new RespWriter(c.resp)
                .arrayHeader(2)
                .bulk(Long.toString(micros / 1_000_000).getBytes())
                .bulk(Long.toString(micros % 1_000_000).getBytes())
                .toByteArray());
        break;
      case COMMAND:
        command.run(c, argv);
        break;
      case DEBUG:
        if (!debug.allowed(c)) {
          c.reply(Commands.error(DebugCommand.NOT_ALLOWED));
        } else {
          debug.run(c, argv);
        }
        break;
      case MEMORY:
        MemoryCommand.run(c, argv, this, server);
        break;
      case SAVE:
        persistence.saveCommand(c);
        break;
      case BGSAVE:
        persistence.bgsaveCommand(c, argv);
        break;
      case BGREWRITEAOF:
        c.reply(
            new RespWriter().simple("Background append only file rewriting started").toByteArray());
        break;
      case LASTSAVE:
        persistence.lastsaveCommand(c);
        break;
      case SHUTDOWN:
        persistence.shutdownCommand(c, argv);
        break;
      case WAIT:
        wait(c, argv);
        break;
      case CLUSTER:
        c.reply(Commands.error("ERR This instance has cluster support disabled"));
        break;
      default:
        throw new AssertionError(b);
    }
  }

  /** Redis: waitCommand with no replicas: the timeout is checked, then 0 at once. */
  private static void wait(Client c, byte[][] argv) {
    String n = new String(argv[1], java.nio.charset.StandardCharsets.ISO_8859_1);
    String t = new String(argv[2], java.nio.charset.StandardCharsets.ISO_8859_1);
    if (!ConfigValues.isLong(n)) {
      c.reply(Commands.error("ERR value is not an integer or out of range"));
    } else if (!ConfigValues.isLong(t)) {
      c.reply(Commands.error("ERR timeout is not an integer or out of range"));
    } else if (Long.parseLong(t) < 0) {
      c.reply(Commands.error("ERR timeout is negative"));
    } else {
      c.reply(new RespWriter(c.resp).integer(0).toByteArray());
    }
  }
}
