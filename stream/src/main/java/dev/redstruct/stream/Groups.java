package dev.redstruct.stream;

import static dev.redstruct.stream.StreamCommands.is;
import static dev.redstruct.stream.StreamCommands.parseId;
import static dev.redstruct.stream.StreamCommands.parseInterval;
import static dev.redstruct.stream.StreamCommands.parseLong;
import static dev.redstruct.stream.StreamCommands.text;

import dev.redstruct.core.resp.ReplyError;
import dev.redstruct.stream.ConsumerGroup.Consumer;
import dev.redstruct.stream.ConsumerGroup.Pending;
import dev.redstruct.stream.StreamCommands.Ctx;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/** XGROUP, XACK, XPENDING. Redis: their functions in src/t_stream.c. */
final class Groups {
  private Groups() {}

  private static final String[] XGROUP_HELP = {
    "CREATE <key> <groupname> <id|$> [option]",
    "    Create a new consumer group. Options are:",
    "    * MKSTREAM",
    "      Create the empty stream if it does not exist.",
    "    * ENTRIESREAD entries_read",
    "      Set the group's entries_read counter (internal use).",
    "CREATECONSUMER <key> <groupname> <consumer>",
    "    Create a new consumer in the specified group.",
    "DELCONSUMER <key> <groupname> <consumer>",
    "    Remove the specified consumer.",
    "DESTROY <key> <groupname>",
    "    Remove the specified group.",
    "SETID <key> <groupname> <id|$> [ENTRIESREAD entries_read]",
    "    Set the current group ID and entries_read counter.",
  };

  /** Redis: addReplyHelp. */
  static void help(Ctx c, String cmd, String[] lines) {
    c.out.arrayHeader(lines.length + 3);
    c.out.simple(cmd + " <subcommand> [<arg> [value] [opt] ...]. Subcommands are:");
    for (String l : lines) {
      c.out.simple(l);
    }
    c.out.simple("HELP");
    c.out.simple("    Prints this help.");
  }

  /** Redis: addReplySubcommandSyntaxError. */
  static ReplyError subcommandSyntax(Ctx c) {
    return new ReplyError(
        "ERR unknown subcommand or wrong number of arguments for '"
            + text(c.argv[1])
            + "'. Try "
            + new String(c.argv[0], StandardCharsets.ISO_8859_1).toUpperCase(java.util.Locale.ROOT)
            + " HELP.");
  }

  /** Redis: xgroupCommand. */
  static void xgroup(Ctx c) {
    byte[][] argv = c.argv;
    byte[] opt = argv[1];
    RedisStream s = null;
    byte[] name = null;
    ConsumerGroup cg = null;
    boolean mkstream = false;
    long entriesRead = ConsumerGroup.INVALID_ENTRIES_READ;
    if (argv.length >= 4) {
      int i = 5;
      boolean create = is(opt, "create");
      boolean setid = is(opt, "setid");
      while (i < argv.length) {
        if (create && is(argv[i], "mkstream")) {
          mkstream = true;
          i++;
        } else if ((create || setid) && is(argv[i], "entriesread") && i + 1 < argv.length) {
          entriesRead = parseLong(argv[i + 1], null);
          if (entriesRead < 0 && entriesRead != ConsumerGroup.INVALID_ENTRIES_READ) {
            throw new ReplyError("ERR value for ENTRIESREAD must be positive or -1");
          }
          i += 2;
        } else {
          throw subcommandSyntax(c);
        }
      }
      s = c.read(argv[2]);
      name = argv[3];
    }
    if (argv.length >= 4 && !mkstream) {
      if (s == null) {
        throw new ReplyError(
            "ERR The XGROUP subcommand requires the key to exist. Note that for CREATE you may"
                + " want to use the MKSTREAM option to create an empty stream automatically.");
      }
      cg = s.groups.get(name);
      if (cg == null && (is(opt, "setid") || is(opt, "createconsumer") || is(opt, "delconsumer"))) {
        throw new ReplyError(
            "NOGROUP No such consumer group '"
                + text(name)
                + "' for key name '"
                + text(argv[2])
                + "'");
      }
    }
    int argc = argv.length;
    if (argc == 2 && is(opt, "help")) {
      help(c, "XGROUP", XGROUP_HELP);
    } else if (is(opt, "create") && argc >= 5 && argc <= 8) {
      StreamId id;
      if (argv[4].length == 1 && argv[4][0] == '$') {
        id = s == null ? StreamId.MIN : s.lastId;
      } else {
        id = parseId(argv[4], 0, true);
      }
      if (s == null) {
        s = c.keys.get(argv[2]);
        s.markCreated();
        c.keys.modified(argv[2]);
      }
      if (s.groups.containsKey(name)) {
        throw new ReplyError("BUSYGROUP Consumer Group name already exists");
      }
      s.groups.put(name.clone(), new ConsumerGroup(name.clone(), id, entriesRead));
      c.out.simple("OK");
      c.dirty(1);
      c.notify("xgroup-create", argv[2]);
    } else if (is(opt, "setid") && (argc == 5 || argc == 7)) {
      StreamId id;
      if (argv[4].length == 1 && argv[4][0] == '$') {
        id = s.lastId;
      } else {
        id = parseId(argv[4], 0, false);
      }
      cg.lastId = id;
      cg.entriesRead = entriesRead;
      c.out.simple("OK");
      c.dirty(1);
      c.notify("xgroup-setid", argv[2]);
    } else if (is(opt, "destroy") && argc == 4) {
      if (cg != null) {
        s.groups.remove(name);
        c.out.integer(1);
        c.dirty(1);
        c.notify("xgroup-destroy", argv[2]);
        c.env.keyReady(argv[2]);
      } else {
        c.out.integer(0);
      }
    } else if (is(opt, "createconsumer") && argc == 5) {
      boolean created = cg.createConsumer(argv[4], c.now) != null;
      c.out.integer(created ? 1 : 0);
      if (created) {
        c.dirty(1);
        c.notify("xgroup-createconsumer", argv[2]);
      }
    } else if (is(opt, "delconsumer") && argc == 5) {
      Consumer consumer = cg.consumer(argv[4], false, c.now);
      long pending = 0;
      if (consumer != null) {
        pending = consumer.pel.size();
        cg.deleteConsumer(consumer);
        c.dirty(1);
        c.notify("xgroup-delconsumer", argv[2]);
      }
      c.out.integer(pending);
    } else {
      throw subcommandSyntax(c);
    }
  }

  /** Redis: xackCommand. */
  static void xack(Ctx c) {
    RedisStream s = c.read(c.argv[1]);
    ConsumerGroup g = s == null ? null : s.groups.get(c.argv[2]);
    if (g == null) {
      c.out.integer(0);
      return;
    }
    StreamId[] ids = new StreamId[c.argv.length - 3];
    for (int j = 3; j < c.argv.length; j++) {
      ids[j - 3] = parseId(c.argv[j], 0, true);
    }
    int acked = 0;
    for (StreamId id : ids) {
      Pending p = g.pel.remove(id);
      if (p != null) {
        p.consumer.pel.remove(id);
        acked++;
      }
    }
    c.dirty(acked);
    c.out.integer(acked);
  }

  /** Redis: xpendingCommand. */
  static void xpending(Ctx c) {
    byte[][] argv = c.argv;
    int argc = argv.length;
    boolean justInfo = argc == 3;
    StreamId start = null;
    StreamId end = null;
    long count = 0;
    long minIdle = 0;
    byte[] consumerName = null;
    if (argc != 3 && (argc < 6 || argc > 9)) {
      throw new ReplyError(StreamCommands.ERR_SYNTAX);
    }
    if (argc >= 6) {
      int startIdx = 3;
      if (is(argv[3], "idle")) {
        minIdle = parseLong(argv[4], null);
        if (argc < 8) {
          throw new ReplyError(StreamCommands.ERR_SYNTAX);
        }
        startIdx += 2;
      }
      count = parseLong(argv[startIdx + 2], null);
      if (count < 0) {
        count = 0;
      }
      start = parseInterval(argv[startIdx], 0, true);
      end = parseInterval(argv[startIdx + 1], -1L, false);
      if (startIdx + 3 < argc) {
        consumerName = argv[startIdx + 3];
      }
    }
    RedisStream s = c.read(argv[1]);
    ConsumerGroup g = s == null ? null : s.groups.get(argv[2]);
    if (g == null) {
      throw new ReplyError(
          "NOGROUP No such key '" + text(argv[1]) + "' or consumer group '" + text(argv[2]) + "'");
    }
    if (justInfo) {
      c.out.arrayHeader(4);
      c.out.integer(g.pel.size());
      if (g.pel.isEmpty()) {
        c.out.nullReply();
        c.out.nullReply();
        c.out.nullArrayReply();
        return;
      }
      c.id(g.pel.firstKey());
      c.id(g.pel.lastKey());
      int n = 0;
      for (Consumer k : g.consumers.values()) {
        if (!k.pel.isEmpty()) {
          n++;
        }
      }
      c.out.arrayHeader(n);
      for (Consumer k : g.consumers.values()) {
        if (!k.pel.isEmpty()) {
          c.out.arrayHeader(2);
          c.out.bulk(k.name);
          c.out.bulk(dev.redstruct.core.RedisNumbers.ll2string(k.pel.size()));
        }
      }
      return;
    }
    Map<StreamId, Pending> pel = g.pel;
    if (consumerName != null) {
      Consumer k = g.consumer(consumerName, false, c.now);
      if (k == null) {
        c.out.arrayHeader(0);
        return;
      }
      pel = k.pel;
    }
    java.util.List<Map.Entry<StreamId, Pending>> rows = new java.util.ArrayList<>();
    if (start.compareTo(end) <= 0) {
      for (var e :
          ((java.util.TreeMap<StreamId, Pending>) pel).subMap(start, true, end, true).entrySet()) {
        if (count == 0) {
          break;
        }
        if (minIdle != 0 && c.now - e.getValue().deliveryTime < minIdle) {
          continue;
        }
        rows.add(e);
        count--;
      }
    }
    c.out.arrayHeader(rows.size());
    for (var e : rows) {
      Pending p = e.getValue();
      c.out.arrayHeader(4);
      c.id(e.getKey());
      c.out.bulk(p.consumer.name);
      c.out.integer(Math.max(0, c.now - p.deliveryTime));
      c.out.integer(p.deliveryCount);
    }
  }
}
