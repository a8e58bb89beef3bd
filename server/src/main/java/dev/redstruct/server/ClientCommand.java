package dev.redstruct.server;

import dev.redstruct.core.RedisNumbers;
import dev.redstruct.core.resp.RespWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code CLIENT ID|INFO|LIST|KILL|REPLY|SETNAME|GETNAME|NO-EVICT}, as Redis 7.0.15's {@code
 * clientCommand} (src/networking.c) answers them.
 */
final class ClientCommand {
  private final Server server;

  ClientCommand(Server server) {
    this.server = server;
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  void run(Client c, byte[][] argv) {
    switch (Builtin.lower(argv[1])) {
      case "id":
        c.reply(new RespWriter(c.resp).integer(c.id).toByteArray());
        break;
      case "info":
        c.reply(new RespWriter(c.resp).verbatim(ascii(info(c) + "\n"), "txt").toByteArray());
        break;
      case "list":
        list(c, argv);
        break;
      case "kill":
        kill(c, argv);
        break;
      case "reply":
        reply(c, argv);
        break;
      case "setname":
        if (setName(c, argv[2])) {
          c.reply(Commands.ok());
        }
        break;
      case "getname":
        RespWriter w = new RespWriter(c.resp);
        c.reply((c.name == null ? w.nullReply() : w.bulk(c.name)).toByteArray());
        break;
      case "help":
        c.reply(
            Commands.help(
                "CLIENT",
                "GETNAME",
                "ID",
                "INFO",
                "KILL",
                "LIST",
                "NO-EVICT",
                "REPLY",
                "SETNAME",
                "UNBLOCK"));
        break;
      case "unblock":
        unblock(c, argv);
        break;
      default: // no-evict: accepted, nothing to evict here
        String v = Builtin.lower(argv[2]);
        c.reply(
            v.equals("on") || v.equals("off") ? Commands.ok() : Commands.error(Commands.SYNTAX));
    }
  }

  /** Redis: CLIENT UNBLOCK id [TIMEOUT|ERROR] (clientCommand, src/networking.c). */
  private void unblock(Client c, byte[][] argv) {
    if (argv.length > 4) {
      c.reply(Commands.error(Commands.subcommandSyntax(argv)));
      return;
    }
    boolean error = false;
    if (argv.length == 4) {
      String how = Builtin.lower(argv[3]);
      if (how.equals("error")) {
        error = true;
      } else if (!how.equals("timeout")) {
        c.reply(Commands.error("ERR CLIENT UNBLOCK reason should be TIMEOUT or ERROR"));
        return;
      }
    }
    byte[] id = argv[2];
    if (!RedisNumbers.isCanonicalLong(id, 0, id.length)) {
      c.reply(Commands.error("ERR value is not an integer or out of range"));
      return;
    }
    Client target = server.client(RedisNumbers.parseCanonicalLong(id, 0, id.length));
    boolean done = server.blocking.clientUnblock(target, error);
    c.reply(new RespWriter(c.resp).integer(done ? 1 : 0).toByteArray());
  }

  /**
   * Sets or clears ({@code ""}) the name, replying the error for a bad one. Redis:
   * clientSetNameOrReply.
   *
   * @return false if the name was refused (the error is sent)
   */
  static boolean setName(Client c, byte[] name) {
    for (byte b : name) {
      if (b < '!' || b > '~') {
        c.reply(
            Commands.error(
                "ERR Client names cannot contain spaces, newlines or special characters."));
        return false;
      }
    }
    c.name = name.length == 0 ? null : name;
    return true;
  }

  /** Redis: CLIENT REPLY ON|OFF|SKIP. */
  private static void reply(Client c, byte[][] argv) {
    switch (Builtin.lower(argv[2])) {
      case "on":
        c.replyOff = false;
        c.replySkip = false;
        c.reply(Commands.ok());
        break;
      case "off":
        c.replyOff = true;
        break;
      case "skip":
        if (!c.replyOff) {
          c.replySkipNext = true;
        }
        break;
      default:
        c.reply(Commands.error(Commands.SYNTAX));
    }
  }

  /** Redis: getClientTypeByName; -1 if unknown. 0 normal, 1 replica, 2 pubsub, 3 master. */
  private static int typeByName(byte[] name) {
    switch (Builtin.lower(name)) {
      case "normal":
        return 0;
      case "slave":
      case "replica":
        return 1;
      case "pubsub":
        return 2;
      case "master":
        return 3;
      default:
        return -1;
    }
  }

  private static int typeOf(Client c) {
    return c.inPubSub() ? 2 : 0;
  }

  private static String unknownType(byte[] name) {
    return "ERR Unknown client type '" + new String(name, StandardCharsets.ISO_8859_1) + "'";
  }

  /** Redis: CLIENT LIST [TYPE type] [ID id ...]. */
  private void list(Client c, byte[][] argv) {
    StringBuilder o = new StringBuilder();
    if (argv.length == 4 && Builtin.lower(argv[2]).equals("type")) {
      int type = typeByName(argv[3]);
      if (type == -1) {
        c.reply(Commands.error(unknownType(argv[3])));
        return;
      }
      for (Client cl : server.clients()) {
        if (typeOf(cl) == type) {
          o.append(info(cl)).append('\n');
        }
      }
    } else if (argv.length > 3 && Builtin.lower(argv[2]).equals("id")) {
      for (int j = 3; j < argv.length; j++) {
        if (!RedisNumbers.isCanonicalLong(argv[j], 0, argv[j].length)) {
          c.reply(Commands.error("ERR Invalid client ID"));
          return;
        }
        Client cl = server.client(RedisNumbers.parseCanonicalLong(argv[j], 0, argv[j].length));
        if (cl != null) {
          o.append(info(cl)).append('\n');
        }
      }
    } else if (argv.length != 2) {
      c.reply(Commands.error(Commands.SYNTAX));
      return;
    } else {
      for (Client cl : server.clients()) {
        o.append(info(cl)).append('\n');
      }
    }
    c.reply(new RespWriter(c.resp).verbatim(ascii(o.toString()), "txt").toByteArray());
  }

  /**
   * Redis: CLIENT KILL addr | CLIENT KILL [ID id] [TYPE t] [ADDR a] [LADDR a] [USER u] [SKIPME].
   */
  private void kill(Client c, byte[][] argv) {
    String addr = null;
    String laddr = null;
    int type = -1;
    long id = 0;
    boolean skipme = true;
    if (argv.length == 3) {
      addr = new String(argv[2], StandardCharsets.ISO_8859_1);
      skipme = false;
    } else {
      for (int i = 2; i < argv.length; i += 2) {
        boolean more = argv.length > i + 1;
        String opt = Builtin.lower(argv[i]);
        if (!more) {
          c.reply(Commands.error(Commands.SYNTAX));
          return;
        }
        byte[] val = argv[i + 1];
        if (opt.equals("id")) {
          if (!RedisNumbers.isCanonicalLong(val, 0, val.length)
              || RedisNumbers.parseCanonicalLong(val, 0, val.length) < 1) {
            c.reply(Commands.error("ERR client-id should be greater than 0"));
            return;
          }
          id = RedisNumbers.parseCanonicalLong(val, 0, val.length);
        } else if (opt.equals("type")) {
          type = typeByName(val);
          if (type == -1) {
            c.reply(Commands.error(unknownType(val)));
            return;
          }
        } else if (opt.equals("addr")) {
          addr = new String(val, StandardCharsets.ISO_8859_1);
        } else if (opt.equals("laddr")) {
          laddr = new String(val, StandardCharsets.ISO_8859_1);
        } else if (opt.equals("user")) {
          if (!new String(val, StandardCharsets.ISO_8859_1).equals("default")) {
            c.reply(
                Commands.error(
                    "ERR No such user '" + new String(val, StandardCharsets.ISO_8859_1) + "'"));
            return;
          }
        } else if (opt.equals("skipme")) {
          String v = Builtin.lower(val);
          if (!v.equals("yes") && !v.equals("no")) {
            c.reply(Commands.error(Commands.SYNTAX));
            return;
          }
          skipme = v.equals("yes");
        } else {
          c.reply(Commands.error(Commands.SYNTAX));
          return;
        }
      }
    }
    List<Client> victims = new ArrayList<>();
    for (Client cl : server.clients()) {
      if ((addr != null && !cl.addr.equals(addr))
          || (laddr != null && !cl.laddr.equals(laddr))
          || (type != -1 && typeOf(cl) != type)
          || (id != 0 && cl.id != id)
          || (cl == c && skipme)) {
        continue;
      }
      victims.add(cl);
    }
    boolean self = false;
    for (Client v : victims) {
      if (v == c) {
        self = true;
      } else {
        server.kill(v);
      }
    }
    if (argv.length == 3) {
      c.reply(victims.isEmpty() ? Commands.error("ERR No such client") : Commands.ok());
    } else {
      c.reply(new RespWriter(c.resp).integer(victims.size()).toByteArray());
    }
    if (self) {
      c.closeAfterReply = true;
    }
  }

  /**
   * One line of CLIENT LIST / CLIENT INFO, with Redis's fields in Redis's order. Redis:
   * catClientInfoString. Memory figures are this server's (byte counts of its buffers).
   */
  String info(Client c) {
    long now = System.currentTimeMillis();
    StringBuilder flags = new StringBuilder();
    if (c.inPubSub()) {
      flags.append('P');
    }
    boolean multi = server.inTransaction(c);
    if (multi) {
      flags.append('x');
    }
    if (c.blocked != null) {
      flags.append('b');
    }
    if (c.closeAfterReply) {
      flags.append('c');
    }
    if (flags.length() == 0) {
      flags.append('N');
    }
    int qbuf = c.reader.pending();
    return "id="
        + c.id
        + " addr="
        + c.addr
        + " laddr="
        + c.laddr
        + " fd="
        + (c.id + 7)
        + " name="
        + (c.name == null ? "" : new String(c.name, StandardCharsets.ISO_8859_1))
        + " age="
        + (now - c.createdMillis) / 1000
        + " idle="
        + (now - c.lastInteractionMillis) / 1000
        + " flags="
        + flags
        + " db="
        + server.selectedDb(c)
        + " sub="
        + c.channels.size()
        + " psub="
        + c.patterns.size()
        + " ssub="
        + c.shardChannels.size()
        + " multi="
        + (multi ? 0 : -1)
        + " qbuf="
        + qbuf
        + " qbuf-free="
        + c.reader.free()
        + " argv-mem="
        + c.argvLenSum
        + " multi-mem=0 rbs=1024 rbp=0 obl=0 oll=0 omem="
        + c.pendingOutput()
        + " tot-mem="
        + (qbuf + c.reader.free() + c.pendingOutput() + 1024)
        + " events=r cmd="
        + (c.lastCommand == null ? "NULL" : c.lastCommand)
        + " user=default redir=-1 resp="
        + c.resp;
  }
}
