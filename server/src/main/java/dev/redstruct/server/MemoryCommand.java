package dev.redstruct.server;

import dev.redstruct.core.resp.RespWriter;
import dev.redstruct.keyspace.Keyspace;
import dev.redstruct.keyspace.Session;
import java.nio.charset.StandardCharsets;

/**
 * MEMORY USAGE, STATS, DOCTOR, MALLOC-STATS, PURGE, HELP. Redis: memoryCommand (src/object.c,
 * 7.0.15). USAGE is an estimate: Redis sums its allocations ({@code objectComputeSize}); this
 * server sums the value's serialized size ({@code DUMP} payload without its 10-byte footer), the
 * key's sds (length + 3) and Redis's fixed costs of a key (a 16-byte object header and a 24-byte
 * dict entry). For the compact encodings (listpack, intset, int and embstr strings) the
 * serialization is the in-memory blob, so the estimate is close; for hashtables and skiplists it is
 * well below Redis's figure.
 */
final class MemoryCommand {
  private MemoryCommand() {}

  static void run(Client c, byte[][] argv, AdminCommands admin, Server server) {
    String sub = Builtin.lower(argv[1]);
    switch (sub) {
      case "usage":
        usage(c, argv, admin, server);
        break;
      case "doctor":
        c.reply(
            new RespWriter(c.resp)
                .verbatim(
                    "Hi Sam, I can't find any memory issue in your instance. I can only account for what occurs on this base."
                        .getBytes(StandardCharsets.US_ASCII),
                    "txt")
                .toByteArray());
        break;
      case "malloc-stats":
        c.reply(
            new RespWriter(c.resp)
                .verbatim(
                    "Stats not supported for the current allocator"
                        .getBytes(StandardCharsets.US_ASCII),
                    "txt")
                .toByteArray());
        break;
      case "purge":
        c.reply(Commands.ok());
        break;
      case "stats":
        Runtime rt = Runtime.getRuntime();
        long used = rt.totalMemory() - rt.freeMemory();
        c.reply(
            new RespWriter(c.resp)
                .mapHeader(3)
                .bulk("peak.allocated".getBytes(StandardCharsets.US_ASCII))
                .integer(used)
                .bulk("total.allocated".getBytes(StandardCharsets.US_ASCII))
                .integer(used)
                .bulk("dataset.bytes".getBytes(StandardCharsets.US_ASCII))
                .integer(used)
                .toByteArray());
        break;
      default:
        c.reply(
            Commands.help(
                "MEMORY",
                "DOCTOR",
                "MALLOC-STATS",
                "PURGE",
                "STATS",
                "USAGE <key> [SAMPLES <count>]"));
    }
  }

  private static void usage(Client c, byte[][] argv, AdminCommands admin, Server server) {
    for (int j = 3; j < argv.length; j++) {
      if (Builtin.lower(argv[j]).equals("samples") && j + 1 < argv.length) {
        String n = new String(argv[j + 1], StandardCharsets.ISO_8859_1);
        if (!ConfigValues.isLong(n)) {
          c.reply(Commands.error("ERR value is not an integer or out of range"));
          return;
        }
        if (Long.parseLong(n) < 0) {
          c.reply(Commands.error(Commands.SYNTAX));
          return;
        }
        j++;
      } else {
        c.reply(Commands.error(Commands.SYNTAX));
        return;
      }
    }
    Keyspace ks = admin.keyspace();
    byte[] dump = null;
    if (ks != null) {
      Session s = ks.newSession();
      int db = server.engine.selectedDb(c.session);
      if (db != 0) {
        ks.execute(
            s,
            "SELECT".getBytes(StandardCharsets.US_ASCII),
            Integer.toString(db).getBytes(StandardCharsets.US_ASCII));
      }
      dump =
          DebugCommand.replyText(
              ks.execute(s, "DUMP".getBytes(StandardCharsets.US_ASCII), argv[2]));
    }
    if (dump == null) {
      c.reply(new RespWriter(c.resp).nullReply().toByteArray());
      return;
    }
    long estimate = (dump.length - 10) + (argv[2].length + 3) + 16 + 24;
    c.reply(new RespWriter(c.resp).integer(estimate).toByteArray());
  }
}
