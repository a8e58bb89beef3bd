package dev.redstruct.server;

import dev.redstruct.core.resp.RespWriter;
import dev.redstruct.keyspace.Keyspace;
import dev.redstruct.keyspace.Session;
import dev.redstruct.quicklist.QuickList;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;

/**
 * DEBUG, as far as its subcommands apply to a server in the JVM: RELOAD, OBJECT, SLEEP,
 * SET-ACTIVE-EXPIRE, LISTPACK, QUICKLIST-PACKED-THRESHOLD, CHANGE-REPL-ID, ERROR, LOG, JMAP (ours:
 * the JVM's heap). Redis: debugCommand (src/debug.c, 7.0.15). Refused unless {@code
 * enable-debug-command} allows it, as Redis's processCommand does.
 */
final class DebugCommand {
  private final Server server;
  private final AdminCommands admin;

  DebugCommand(Server server, AdminCommands admin) {
    this.server = server;
    this.admin = admin;
  }

  /** Redis: allowProtectedAction(server.enable_debug_cmd, c). */
  boolean allowed(Client c) {
    String v = server.config.get("enable-debug-command");
    return v.equals("yes")
        || (v.equals("local") && (c.addr.startsWith("127.") || c.addr.startsWith("[::1]")));
  }

  static final String NOT_ALLOWED =
      "ERR DEBUG command not allowed. If the enable-debug-command option is set to \"local\", you"
          + " can run it from a local connection, otherwise you need to set this option in the"
          + " configuration file, and then restart the server.";

  void run(Client c, byte[][] argv) {
    String sub = Builtin.lower(argv[1]);
    int n = argv.length;
    if (sub.equals("help") && n == 2) {
      c.reply(
          Commands.help(
              "DEBUG",
              "CHANGE-REPL-ID",
              "DIGEST",
              "DIGEST-VALUE <key> ...",
              "ERROR <string>",
              "JMAP",
              "LISTPACK <key>",
              "LOG <message>",
              "OBJECT <key>",
              "QUICKLIST-PACKED-THRESHOLD <size>",
              "RELOAD [MERGE] [NOFLUSH] [NOSAVE]",
              "SET-ACTIVE-EXPIRE <0|1>",
              "SLEEP <seconds>"));
    } else if (sub.equals("digest") && n == 2) {
      Keyspace ks = admin.keyspace();
      byte[] d = ks == null ? new byte[20] : new Digest(ks).datasetDigest();
      c.reply(new RespWriter().simple(Digest.hex(d)).toByteArray());
    } else if (sub.equals("digest-value")) {
      Keyspace ks = admin.keyspace();
      RespWriter w = new RespWriter(c.resp).arrayHeader(n - 2);
      Digest dg = ks == null ? null : new Digest(ks);
      if (dg != null) {
        dg.select(server.engine.selectedDb(c.session));
      }
      for (int j = 2; j < n; j++) {
        w.simple(Digest.hex(dg == null ? new byte[20] : dg.valueDigest(argv[j])));
      }
      c.reply(w.toByteArray());
    } else if (sub.equals("reload")) {
      reload(c, argv);
    } else if (sub.equals("loadaof")) {
      // no AOF here: the snapshot round trip stands for Redis's rewrite-and-reload of the AOF
      reload(c, new byte[][] {argv[0], argv[1]});
    } else if (sub.equals("object") && n == 3) {
      object(c, argv[2]);
    } else if (sub.equals("sleep") && n == 3) {
      sleep(c, argv[2]);
    } else if (sub.equals("set-active-expire") && n == 3) {
      admin.activeExpire = atoi(argv[2]) != 0;
      c.reply(Commands.ok());
    } else if (sub.equals("listpack") && n == 3) {
      listpack(c, argv[2]);
    } else if (sub.equals("quicklist-packed-threshold") && n == 3) {
      Long sz = ConfigValues.memory(new String(argv[2], StandardCharsets.ISO_8859_1));
      if (sz == null || sz > (1L << 32) - (1 << 20)) { // Redis: quicklistisSetPackedThreshold
        c.reply(
            Commands.error(
                "ERR argument must be a memory value bigger than 1 and smaller than 4gb"));
      } else {
        admin.quicklistPackedThreshold = sz == 0 ? 1L << 30 : sz;
        c.reply(Commands.ok());
      }
    } else if (sub.equals("protocol") && n == 3) {
      protocol(c, Builtin.lower(argv[2]));
    } else if (sub.equals("set-disable-deny-scripts") && n == 3) {
      admin.disableDenyScripts = atoi(argv[2]) != 0;
      c.reply(Commands.ok());
    } else if (sub.equals("change-repl-id") && n == 2) {
      admin.replId = AdminCommands.randomHex40();
      c.reply(Commands.ok());
    } else if (sub.equals("error") && n == 3) {
      String text = new String(argv[2], StandardCharsets.ISO_8859_1);
      c.reply(Commands.error(text.replace('\n', ' ').replace('\r', ' ')));
    } else if (sub.equals("log") && n == 3) {
      c.reply(Commands.ok());
    } else if (sub.equals("jmap") && n == 2) {
      Runtime rt = Runtime.getRuntime();
      String s =
          String.format(
              Locale.ROOT,
              "heap_used:%d heap_committed:%d heap_max:%d",
              rt.totalMemory() - rt.freeMemory(),
              rt.totalMemory(),
              rt.maxMemory());
      c.reply(new RespWriter(c.resp).bulk(s.getBytes(StandardCharsets.US_ASCII)).toByteArray());
    } else {
      c.reply(Commands.error(Commands.subcommandSyntax(argv)));
    }
  }

  /** Redis: DEBUG PROTOCOL, one reply of each RESP type. */
  private static void protocol(Client c, String name) {
    RespWriter w = new RespWriter(c.resp);
    switch (name) {
      case "string":
        w.bulk(ascii("Hello World"));
        break;
      case "integer":
        w.integer(12345);
        break;
      case "double":
        w.doubleReply(3.141);
        break;
      case "bignum":
        w.bigNumber(ascii("1234567999999999999999999999999999999"));
        break;
      case "null":
        w.nullReply();
        break;
      case "array":
      case "set":
        if (name.equals("set")) {
          w.setHeader(3);
        } else {
          w.arrayHeader(3);
        }
        for (int j = 0; j < 3; j++) {
          w.integer(j);
        }
        break;
      case "map":
        w.mapHeader(3);
        for (int j = 0; j < 3; j++) {
          w.integer(j).bool(j == 1);
        }
        break;
      case "attrib":
        if (c.resp >= 3) {
          w.raw(ascii("|1\r\n")).bulk(ascii("key-popularity")).arrayHeader(2);
          w.bulk(ascii("key:123")).integer(90);
        }
        w.bulk(ascii("Some real reply following the attribute"));
        break;
      case "push":
        if (c.resp < 3) {
          w.error("ERR RESP2 is not supported by this command");
          break;
        }
        w.pushHeader(2).bulk(ascii("server-cpu-usage")).integer(42);
        w.bulk(ascii("Some real reply following the push reply"));
        break;
      case "true":
      case "false":
        w.bool(name.equals("true"));
        break;
      case "verbatim":
        w.verbatim(ascii("This is a verbatim\nstring"), "txt");
        break;
      default:
        w.error(
            "ERR Wrong protocol type name. Please use one of the following:"
                + " string|integer|double|bignum|null|array|set|map|attrib|push|verbatim|true|false");
    }
    c.reply(w.toByteArray());
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  private static int atoi(byte[] b) {
    String s = new String(b, StandardCharsets.ISO_8859_1).trim();
    int i = 0;
    boolean neg = false;
    if (i < s.length() && (s.charAt(i) == '-' || s.charAt(i) == '+')) {
      neg = s.charAt(i++) == '-';
    }
    long v = 0;
    while (i < s.length() && Character.isDigit(s.charAt(i)) && v < Integer.MAX_VALUE) {
      v = v * 10 + (s.charAt(i++) - '0');
    }
    return (int) (neg ? -v : v);
  }

  /** Redis: DEBUG RELOAD: save the RDB file, empty the databases, load the file back. */
  private void reload(Client c, byte[][] argv) {
    boolean flush = true;
    boolean save = true;
    for (int j = 2; j < argv.length; j++) {
      String opt = Builtin.lower(argv[j]);
      if (opt.equals("noflush")) {
        flush = false;
      } else if (opt.equals("nosave")) {
        save = false;
      } else if (!opt.equals("merge")) {
        c.reply(
            Commands.error(
                "ERR DEBUG RELOAD only supports the MERGE, NOFLUSH and NOSAVE options."));
        return;
      }
    }
    Keyspace ks = admin.keyspace();
    if (save && !admin.persistence.save()) {
      c.reply(Commands.error("ERR"));
      return;
    }
    if (ks != null && flush) {
      ks.execute(ks.newSession(), bytes("FLUSHALL"));
    }
    if (ks != null) {
      try {
        admin.persistence.loadAtStart(ks);
      } catch (RuntimeException e) {
        c.reply(Commands.error("ERR Error trying to load the RDB dump"));
        return;
      }
    }
    c.reply(Commands.ok());
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  /** A session of the keyspace on the client's database. */
  private Session sessionAt(Keyspace ks, Client c) {
    Session s = ks.newSession();
    int db = server.engine.selectedDb(c.session);
    if (db != 0) {
      ks.execute(s, bytes("SELECT"), bytes(Integer.toString(db)));
    }
    return s;
  }

  /** The text of a bulk or status reply, or null for anything else. */
  static byte[] replyText(byte[] reply) {
    if (reply.length == 0 || (reply[0] != '$' && reply[0] != '+')) {
      return null;
    }
    if (reply[0] == '+') {
      return Arrays.copyOfRange(reply, 1, reply.length - 2);
    }
    int crlf = 1;
    while (reply[crlf] != '\r') {
      crlf++;
    }
    int len = Integer.parseInt(new String(reply, 1, crlf - 1, StandardCharsets.US_ASCII));
    return len < 0 ? null : Arrays.copyOfRange(reply, crlf + 2, crlf + 2 + len);
  }

  /** Redis: DEBUG OBJECT; serializedlength is the DUMP payload without type byte and footer. */
  /** Redis: DEBUG OBJECT finds the key in the dictionary without expiring it. */
  private void object(Client c, byte[] key) {
    Keyspace ks = admin.keyspace();
    int db = server.engine.selectedDb(c.session);
    long[] lru = ks == null ? null : ks.eviction().debugClock(db, key);
    ScriptClock clock = server.scriptClock;
    long previous = clock == null ? -1 : clock.freezeAtEpoch();
    try {
      objectNoExpire(c, key, lru);
    } finally {
      if (clock != null) {
        clock.restore(previous);
      }
      if (lru != null) { // the commands read for the other fields count as no access
        ks.eviction().restoreClock(db, key, lru[0]);
      }
    }
  }

  private void objectNoExpire(Client c, byte[] key, long[] lru) {
    Keyspace ks = admin.keyspace();
    Session s = ks == null ? null : sessionAt(ks, c);
    byte[] enc =
        s == null ? null : replyText(ks.execute(s, bytes("OBJECT"), bytes("ENCODING"), key));
    if (enc == null) {
      c.reply(Commands.error("ERR no such key"));
      return;
    }
    byte[] dump = replyText(ks.execute(s, bytes("DUMP"), key));
    long serialized = dump == null ? 0 : dump.length - 11;
    String e = new String(enc, StandardCharsets.ISO_8859_1);
    byte[] rc = ks.execute(s, bytes("OBJECT"), bytes("REFCOUNT"), key);
    String refcount = new String(rc, 1, rc.length - 3, StandardCharsets.ISO_8859_1);
    String extra = e.equals("quicklist") ? quicklistFields(ks, s, key) : "";
    String text =
        "Value at:0x0 refcount:"
            + refcount
            + " encoding:"
            + e
            + " serializedlength:"
            + serialized
            + " lru:"
            + (lru == null ? 0 : lru[0])
            + " lru_seconds_idle:"
            + (lru == null ? 0 : lru[1])
            + extra;
    c.reply(new RespWriter().simple(text).toByteArray());
  }

  /** DEBUG OBJECT's quicklist fields: nodes, average node, fill, compression, listpack bytes. */
  private static String quicklistFields(Keyspace ks, Session s, byte[] key) {
    Session d = ks.defaultSession(); // the Java face reads the default session's database
    ks.execute(d, bytes("SELECT"), bytes(Integer.toString(s.selectedDb())));
    QuickList l = ks.list(new String(key, StandardCharsets.UTF_8));
    long bytes = listpackBytes(l.toRdbPayload(false));
    return String.format(
        Locale.ROOT,
        " ql_nodes:%d ql_avg_node:%.2f ql_listpack_max:%d ql_compressed:%d ql_uncompressed_size:%d",
        l.nodeCount(),
        (double) l.size() / l.nodeCount(),
        l.fill(),
        l.compressDepth() != 0 ? 1 : 0,
        bytes);
  }

  /** The summed length of the listpacks of a quicklist RDB payload (type 18, uncompressed). */
  private static long listpackBytes(byte[] p) {
    int[] pos = {1}; // after the type byte
    long nodes = rdbLen(p, pos);
    long sum = 0;
    for (long i = 0; i < nodes; i++) {
      rdbLen(p, pos); // container
      long len = rdbLen(p, pos);
      sum += len;
      pos[0] += (int) len;
    }
    return sum;
  }

  /** Redis: rdbLoadLen (6-bit, 14-bit, 32-bit and 64-bit forms). */
  private static long rdbLen(byte[] p, int[] pos) {
    int b = p[pos[0]++] & 0xff;
    switch (b >> 6) {
      case 0:
        return b & 0x3f;
      case 1:
        return ((b & 0x3f) << 8) | (p[pos[0]++] & 0xff);
      default:
        int n = b == 0x80 ? 4 : 8;
        long v = 0;
        for (int i = 0; i < n; i++) {
          v = (v << 8) | (p[pos[0]++] & 0xff);
        }
        return v;
    }
  }

  /** Redis: DEBUG LISTPACK: prints nothing here, answers as Redis. */
  private void listpack(Client c, byte[] key) {
    Keyspace ks = admin.keyspace();
    byte[] enc =
        ks == null
            ? null
            : replyText(ks.execute(sessionAt(ks, c), bytes("OBJECT"), bytes("ENCODING"), key));
    if (enc == null) {
      c.reply(Commands.error("ERR no such key"));
    } else if (!new String(enc, StandardCharsets.ISO_8859_1).equals("listpack")) {
      c.reply(Commands.error("ERR Not a listpack encoded object."));
    } else {
      c.reply(new RespWriter().simple("Listpack structure printed on stdout").toByteArray());
    }
  }

  /** Redis: DEBUG SLEEP: the command thread sleeps, every client waits. */
  private static void sleep(Client c, byte[] arg) {
    double secs;
    try {
      secs = Double.parseDouble(new String(arg, StandardCharsets.ISO_8859_1));
    } catch (NumberFormatException e) {
      secs = 0; // strtod's 0 for text that is not a number
    }
    long micros = (long) (secs * 1_000_000);
    if (micros > 0) {
      try {
        Thread.sleep(micros / 1000, (int) (micros % 1000) * 1000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    c.reply(Commands.ok());
  }
}
