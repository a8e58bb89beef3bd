package dev.redstruct.server;

import dev.redstruct.core.resp.RespWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * CONFIG GET, SET, RESETSTAT, REWRITE and HELP. Redis: configGetCommand, configSetCommand (src/
 * config.c) and configResetStatCommand (src/server.c), 7.0.15.
 */
final class ConfigCommand {
  private final Server server;

  ConfigCommand(Server server) {
    this.server = server;
  }

  void run(Client c, byte[][] argv) {
    switch (Builtin.lower(argv[1])) {
      case "get":
        get(c, argv);
        break;
      case "set":
        set(c, argv);
        break;
      case "resetstat":
        server.stats.reset();
        c.reply(Commands.ok());
        break;
      case "rewrite":
        c.reply(Commands.error("ERR The server is running without a config file"));
        break;
      default:
        c.reply(
            Commands.help(
                "CONFIG", "GET <pattern>", "SET <directive> <value>", "RESETSTAT", "REWRITE"));
    }
  }

  private static String str(byte[] b) {
    return new String(b, StandardCharsets.ISO_8859_1);
  }

  /** Redis: configGetCommand (a map in RESP3, a flat array in RESP2). */
  private void get(Client c, byte[][] argv) {
    List<String> patterns = new ArrayList<>();
    for (int i = 2; i < argv.length; i++) {
      patterns.add(str(argv[i]));
    }
    Map<String, String> found = server.config.matching(patterns);
    RespWriter w = new RespWriter(c.resp).mapHeader(found.size());
    for (Map.Entry<String, String> e : found.entrySet()) {
      w.bulk(e.getKey().getBytes(StandardCharsets.ISO_8859_1));
      w.bulk(e.getValue().getBytes(StandardCharsets.ISO_8859_1));
    }
    c.reply(w.toByteArray());
  }

  /**
   * Redis: configSetCommand: every name checked first (unknown, immutable, protected, duplicate),
   * then every value set; on a failure the values set before it are restored.
   */
  private void set(Client c, byte[][] argv) {
    if ((argv.length & 1) == 1) {
      c.reply(Commands.error(Commands.SYNTAX));
      return;
    }
    ServerConfig config = server.config;
    int n = (argv.length - 2) / 2;
    ServerConfig.Def[] defs = new ServerConfig.Def[n];
    String error = null;
    for (int i = 0; i < n && error == null; i++) {
      String name = str(argv[2 + i * 2]);
      ServerConfig.Def d = ServerConfig.lookup(name);
      if (d == null) {
        error = "ERR Unknown option or number of arguments for CONFIG SET - '" + name + "'";
      } else if (d.immutable() || (d.protectedConfig() && !protectedAllowed(c))) {
        error =
            failed(
                name, d.immutable() ? "can't set immutable config" : "can't set protected config");
      } else {
        for (int j = 0; j < i; j++) {
          if (defs[j] == d) {
            error = failed(name, "duplicate parameter");
          }
        }
      }
      defs[i] = d;
    }
    if (error == null) {
      String[] old = new String[n];
      for (int i = 0; i < n && error == null; i++) {
        old[i] = config.get(defs[i].name());
        String v = str(argv[3 + i * 2]);
        List<String> args =
            defs[i].multiArg() && defs[i].kind() == ServerConfig.Kind.SPECIAL
                ? words(v)
                : List.of(v);
        String err = config.set(defs[i], args);
        if (err != null) {
          for (int j = i; j >= 0; j--) {
            config.put(defs[j].name(), old[j]);
          }
          error = failed(defs[i].name(), err);
        }
      }
    }
    if (error == null) {
      server.configChanged();
    }
    c.reply(error == null ? Commands.ok() : Commands.error(error));
  }

  /** A multi-argument value is split as sdssplitargs does ("" stays one empty argument). */
  private static List<String> words(String v) {
    List<String> out = new ArrayList<>();
    if (v.isEmpty()) {
      out.add("");
      return out;
    }
    byte[] b = v.getBytes(StandardCharsets.ISO_8859_1);
    byte[][] split = SplitArgs.split(b, 0, b.length);
    if (split == null) {
      out.add(v);
      return out;
    }
    for (byte[] w : split) {
      out.add(str(w));
    }
    return out;
  }

  private static String failed(String name, String err) {
    return "ERR CONFIG SET failed (possibly related to argument '" + name + "') - " + err;
  }

  /** Redis: allowProtectedAction for enable-protected-configs (yes, or local for loopback). */
  private boolean protectedAllowed(Client c) {
    String v = server.config.get("enable-protected-configs");
    return v.equals("yes")
        || (v.equals("local") && (c.addr.startsWith("127.") || c.addr.startsWith("[::1]")));
  }
}
