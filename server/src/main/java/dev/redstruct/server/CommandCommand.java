package dev.redstruct.server;

import dev.redstruct.core.resp.Glob;
import dev.redstruct.core.resp.RespWriter;
import dev.redstruct.keyspace.CommandInfo;
import dev.redstruct.keyspace.Keyspace;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * COMMAND, COMMAND COUNT, INFO, DOCS, GETKEYS, GETKEYSANDFLAGS, LIST. Redis: commandCommand and its
 * subcommands (src/server.c, 7.0.15). The rows come from the keyspace's command table (name, arity,
 * flags, first key, last key, step) plus the server's own commands (name and arity); ACL
 * categories, tips, key specs and the documentation are not modelled: their fields are empty.
 */
final class CommandCommand {
  private final AdminCommands admin;

  CommandCommand(AdminCommands admin) {
    this.admin = admin;
  }

  /** Every top-level command, by name: the keyspace's and the server's own. */
  private Map<String, CommandInfo> table() {
    Map<String, CommandInfo> all = new TreeMap<>();
    Keyspace ks = admin.keyspace();
    if (ks != null) {
      for (CommandInfo i : ks.commands()) {
        all.put(i.name(), i);
      }
    }
    for (Builtin b : Builtin.values()) {
      List<CommandInfo> subs = new ArrayList<>();
      for (Map.Entry<String, Integer> e : new TreeMap<>(b.subcommands).entrySet()) {
        subs.add(
            new CommandInfo(
                b.lowerName + "|" + e.getKey(), e.getValue(), List.of(), 0, 0, 0, List.of()));
      }
      all.put(b.lowerName, new CommandInfo(b.lowerName, b.arity, List.of(), 0, 0, 0, subs));
    }
    return all;
  }

  /** The row of a command or subcommand by full name ({@code "config|get"}), or null. */
  CommandInfo info(String fullName) {
    return find(fullName, table());
  }

  /** Every row: the top-level commands and, after each, its subcommands. */
  List<CommandInfo> rows() {
    List<CommandInfo> rows = new ArrayList<>();
    for (CommandInfo i : table().values()) {
      rows.add(i);
      rows.addAll(i.subcommands());
    }
    return rows;
  }

  void run(Client c, byte[][] argv) {
    Map<String, CommandInfo> table = table();
    if (argv.length == 1) {
      RespWriter w = new RespWriter(c.resp).arrayHeader(table.size());
      for (CommandInfo i : table.values()) {
        info(w, i);
      }
      c.reply(w.toByteArray());
      return;
    }
    switch (Builtin.lower(argv[1])) {
      case "count":
        c.reply(new RespWriter(c.resp).integer(table.size()).toByteArray());
        break;
      case "info":
        infoOf(c, argv, table);
        break;
      case "docs":
        docs(c, argv, table);
        break;
      case "getkeys":
      case "getkeysandflags":
        getkeys(c, argv, table, Builtin.lower(argv[1]).equals("getkeysandflags"));
        break;
      case "list":
        list(c, argv, table);
        break;
      default:
        c.reply(
            Commands.help(
                "COMMAND",
                "(no subcommand)",
                "COUNT",
                "DOCS [<command-name> ...]",
                "GETKEYS <full-command>",
                "GETKEYSANDFLAGS <full-command>",
                "INFO [<command-name> ...]",
                "LIST [FILTERBY (MODULE <module-name>|ACLCAT" + " <category>|PATTERN <pattern>)]"));
    }
  }

  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  /** Redis: addReplyCommandInfo (ten fields). */
  private static void info(RespWriter w, CommandInfo i) {
    w.arrayHeader(10).bulk(b(i.name())).integer(i.arity());
    w.setHeader(i.flags().size());
    for (String f : i.flags()) {
      w.simple(f);
    }
    w.integer(i.firstKey()).integer(i.lastKey()).integer(i.keyStep());
    w.setHeader(0); // ACL categories
    w.setHeader(0); // tips
    w.arrayHeader(0); // key specs
    w.arrayHeader(i.subcommands().size());
    for (CommandInfo s : i.subcommands()) {
      info(w, s);
    }
  }

  /** The row named (a subcommand as "container|sub"), or null. Redis: lookupCommandBySds. */
  private static CommandInfo find(String name, Map<String, CommandInfo> table) {
    String lower = name.toLowerCase(java.util.Locale.ROOT);
    int bar = lower.indexOf('|');
    CommandInfo top = table.get(bar < 0 ? lower : lower.substring(0, bar));
    if (top == null || bar < 0) {
      return top;
    }
    for (CommandInfo s : top.subcommands()) {
      if (s.name().equals(lower)) {
        return s;
      }
    }
    return null;
  }

  private void infoOf(Client c, byte[][] argv, Map<String, CommandInfo> table) {
    if (argv.length == 2) {
      RespWriter w = new RespWriter(c.resp).arrayHeader(table.size());
      table.values().forEach(i -> info(w, i));
      c.reply(w.toByteArray());
      return;
    }
    RespWriter w = new RespWriter(c.resp).arrayHeader(argv.length - 2);
    for (int i = 2; i < argv.length; i++) {
      CommandInfo ci = find(new String(argv[i], StandardCharsets.ISO_8859_1), table);
      if (ci == null) {
        w.nullArray();
      } else {
        info(w, ci);
      }
    }
    c.reply(w.toByteArray());
  }

  /** Redis: commandDocsCommand; the documentation is not modelled: each command maps to {}. */
  private void docs(Client c, byte[][] argv, Map<String, CommandInfo> table) {
    List<CommandInfo> found = new ArrayList<>();
    if (argv.length == 2) {
      found.addAll(table.values());
    } else {
      for (int i = 2; i < argv.length; i++) {
        CommandInfo ci = find(new String(argv[i], StandardCharsets.ISO_8859_1), table);
        if (ci != null) {
          found.add(ci);
        }
      }
    }
    RespWriter w = new RespWriter(c.resp).mapHeader(found.size());
    for (CommandInfo ci : found) {
      w.bulk(b(ci.name())).mapHeader(0);
    }
    c.reply(w.toByteArray());
  }

  private void list(Client c, byte[][] argv, Map<String, CommandInfo> table) {
    byte[] pattern = null;
    String filter = null;
    for (int i = 2; i < argv.length; i++) {
      int more = argv.length - 1 - i;
      if (Builtin.lower(argv[i]).equals("filterby") && more == 2) {
        filter = Builtin.lower(argv[i + 1]);
        if (!filter.equals("module") && !filter.equals("aclcat") && !filter.equals("pattern")) {
          c.reply(Commands.error(Commands.SYNTAX));
          return;
        }
        pattern = argv[i + 2];
        i += 2;
      } else {
        c.reply(Commands.error(Commands.SYNTAX));
        return;
      }
    }
    List<String> names = new ArrayList<>();
    for (CommandInfo ci : table.values()) {
      List<CommandInfo> rows = new ArrayList<>();
      rows.add(ci);
      rows.addAll(ci.subcommands());
      for (CommandInfo r : rows) {
        boolean keep =
            filter == null
                || (filter.equals("pattern")
                    && Glob.matches(
                        new String(pattern, StandardCharsets.ISO_8859_1)
                            .toLowerCase(java.util.Locale.ROOT)
                            .getBytes(StandardCharsets.ISO_8859_1),
                        b(r.name())));
        if (keep) {
          names.add(r.name());
        }
      }
    }
    RespWriter w = new RespWriter(c.resp).arrayHeader(names.size());
    for (String n : names) {
      w.bulk(b(n));
    }
    c.reply(w.toByteArray());
  }

  /** Redis: getKeysSubcommandImpl over the first/last/step of the row (numkeys for a few). */
  private void getkeys(Client c, byte[][] argv, Map<String, CommandInfo> table, boolean withFlags) {
    byte[][] cmd = java.util.Arrays.copyOfRange(argv, 2, argv.length);
    CommandInfo ci = find(new String(cmd[0], StandardCharsets.ISO_8859_1), table);
    if (ci != null && !ci.subcommands().isEmpty() && cmd.length > 1) {
      ci = find(ci.name() + "|" + new String(cmd[1], StandardCharsets.ISO_8859_1), table);
    }
    if (ci == null) {
      c.reply(Commands.error("ERR Invalid command specified"));
      return;
    }
    boolean movable = ci.flags().contains("movablekeys");
    if (ci.firstKey() == 0 && !movable) {
      c.reply(Commands.error("ERR The command has no key arguments"));
      return;
    }
    int argc = cmd.length;
    if ((ci.arity() > 0 && ci.arity() != argc) || argc < -ci.arity()) {
      c.reply(Commands.error("ERR Invalid number of arguments specified for command"));
      return;
    }
    List<Integer> keys = KeyPositions.of(ci, cmd);
    if (keys == null) {
      c.reply(Commands.error("ERR Invalid arguments specified for command"));
      return;
    }
    RespWriter w = new RespWriter(c.resp).arrayHeader(keys.size());
    for (int k : keys) {
      if (withFlags) {
        w.arrayHeader(2).bulk(cmd[k]).setHeader(0);
      } else {
        w.bulk(cmd[k]);
      }
    }
    c.reply(w.toByteArray());
  }
}
