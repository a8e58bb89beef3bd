package dev.redstruct.server;

import dev.redstruct.core.resp.RespWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A tiny engine for the server's tests until the keyspace plugs in: GET, SET key value (no
 * options), DEL, MULTI, EXEC, DISCARD over one map, answering as Redis 7.0.15 does for these forms
 * (src/t_string.c, src/db.c, src/multi.c). Enough to show the seam: lookup with arity, sessions
 * with a protocol and a transaction queue, EXEC running the server's own commands back through
 * {@link CommandEngine.ConnectionCommands}.
 */
final class StandInEngine implements CommandEngine<StandInEngine.Session> {
  static final class Session {
    final ConnectionCommands connection;
    int protocol = 2;
    boolean inMulti;
    boolean dirty;
    final List<byte[][]> queue = new ArrayList<>();

    Session(ConnectionCommands connection) {
      this.connection = connection;
    }
  }

  private static final Map<String, Integer> ARITY =
      Map.of("get", 2, "set", -3, "del", -2, "multi", 1, "exec", 1, "discard", 1);

  private final Map<String, byte[]> data = new HashMap<>();

  @Override
  public Session newSession(ConnectionCommands connection) {
    return new Session(connection);
  }

  @Override
  public Lookup lookup(byte[][] argv) {
    String name = Builtin.lower(argv[0]);
    Integer arity = ARITY.get(name);
    if (arity == null) {
      return null;
    }
    return Builtin.arityAccepts(arity, argv.length)
        ? Lookup.found(name)
        : Lookup.refused(Commands.arityError(name));
  }

  @Override
  public byte[] execute(Session s, byte[][] argv) {
    String name = Builtin.lower(argv[0]);
    RespWriter w = new RespWriter(s.protocol);
    if (s.inMulti && !name.equals("exec") && !name.equals("discard") && !name.equals("multi")) {
      s.queue.add(argv);
      return w.simple("QUEUED").toByteArray();
    }
    switch (name) {
      case "multi":
        if (s.inMulti) {
          return w.error("ERR MULTI calls can not be nested").toByteArray();
        }
        s.inMulti = true;
        return w.simple("OK").toByteArray();
      case "discard":
        if (!s.inMulti) {
          return w.error("ERR DISCARD without MULTI").toByteArray();
        }
        reset(s);
        return w.simple("OK").toByteArray();
      case "exec":
        return exec(s, w);
      default:
        return run(s, argv, w);
    }
  }

  private byte[] exec(Session s, RespWriter w) {
    if (!s.inMulti) {
      return w.error("ERR EXEC without MULTI").toByteArray();
    }
    if (s.dirty) {
      reset(s);
      return w.error("EXECABORT Transaction discarded because of previous errors.").toByteArray();
    }
    List<byte[][]> queued = new ArrayList<>(s.queue);
    reset(s);
    w.arrayHeader(queued.size());
    for (byte[][] argv : queued) {
      byte[] r =
          ARITY.containsKey(Builtin.lower(argv[0]))
              ? run(s, argv, new RespWriter(s.protocol))
              : s.connection.execute(argv);
      w.raw(r);
    }
    return w.toByteArray();
  }

  private byte[] run(Session s, byte[][] argv, RespWriter w) {
    String key =
        argv.length > 1 ? new String(argv[1], java.nio.charset.StandardCharsets.ISO_8859_1) : "";
    switch (Builtin.lower(argv[0])) {
      case "get":
        byte[] v = data.get(key);
        return (v == null ? w.nullReply() : w.bulk(v)).toByteArray();
      case "set":
        if (argv.length != 3) {
          return w.error("ERR syntax error").toByteArray();
        }
        data.put(key, argv[2]);
        return w.simple("OK").toByteArray();
      default: // del
        int n = 0;
        for (int i = 1; i < argv.length; i++) {
          if (data.remove(new String(argv[i], java.nio.charset.StandardCharsets.ISO_8859_1))
              != null) {
            n++;
          }
        }
        return w.integer(n).toByteArray();
    }
  }

  @Override
  public boolean inTransaction(Session s) {
    return s.inMulti;
  }

  @Override
  public void flagTransaction(Session s) {
    s.dirty = true;
  }

  @Override
  public void setProtocol(Session s, int protocol) {
    s.protocol = protocol;
  }

  @Override
  public void reset(Session s) {
    s.inMulti = false;
    s.dirty = false;
    s.queue.clear();
  }
}
