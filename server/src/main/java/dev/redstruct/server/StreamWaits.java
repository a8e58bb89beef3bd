package dev.redstruct.server;

import dev.redstruct.core.resp.RespWriter;
import dev.redstruct.keyspace.Keyspace;
import dev.redstruct.keyspace.RedisType;
import dev.redstruct.stream.RedisStream;
import dev.redstruct.stream.StreamId;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * XREAD and XREADGROUP with BLOCK. Redis 7.0.15: the end of xreadCommand (blockForKeys with the
 * IDs), serveClientsBlockedOnStreamKey and unblockDeletedStreamReadgroupClients (src/blocked.c).
 */
final class StreamWaits {
  /*
   * Implementation notes. The command first runs on the keyspace as it is: its face serves what it
   * can and answers the null array when there is nothing, as Redis does for a client that may not
   * block. Then, with BLOCK, the client blocks on its keys with the IDs resolved now ($ is the
   * stream's last ID at this moment). A key is served when the keyspace signals it (XADD, XGROUP
   * DESTROY, a new key) or when the value under it is no longer the stream it was (deleted,
   * overwritten: Redis's dbGenericDelete/dbOverwrite signal a stream key): XREADGROUP waiters of
   * a key that holds no stream get "UNBLOCKED the stream key no longer exists".
   */
  /** Redis: XREAD_BLOCKED_DEFAULT_COUNT. */
  static final long DEFAULT_COUNT = 1000;

  /** What a blocked XREAD or XREADGROUP waits for. */
  record Read(Map<Bytes, StreamId> ids, byte[] group, byte[] consumer, boolean noack, long count) {}

  private final Server server;
  private final Blocking blocking;

  /** The stream each waited key held when last looked at (identity), to see deletions. */
  private final Map<Blocking.DbKey, RedisStream> seen = new HashMap<>();

  StreamWaits(Server server, Blocking blocking) {
    this.server = server;
    this.blocking = blocking;
  }

  static boolean isRead(byte[] name) {
    String n = Builtin.lower(name);
    return n.equals("xread") || n.equals("xreadgroup");
  }

  private Keyspace ks() {
    Object engine = server.engine;
    return ((KeyspaceEngine) engine).keyspace;
  }

  /** Redis: xreadCommand. */
  void run(Client c, byte[][] argv) {
    byte[] r = server.engine.execute(c.session, argv);
    Read read = parse(c, argv);
    if (read == null || !isNullArray(r) || c.inExec) {
      c.reply(r);
      return;
    }
    long timeout = timeoutOf(argv);
    long deadline = timeout == 0 ? 0 : System.currentTimeMillis() + timeout;
    Blocking.Wait w =
        new Blocking.Wait(
            Blocking.Kind.STREAM,
            server.selectedDb(c),
            new ArrayList<>(read.ids.keySet()),
            deadline);
    w.read = read;
    for (Bytes k : read.ids.keySet()) {
      Blocking.DbKey dk = new Blocking.DbKey(w.db, k);
      seen.put(dk, ks().streamAt(w.db, k.b));
    }
    blocking.blockOnStreams(c, w);
  }

  private static boolean isNullArray(byte[] r) {
    return (r.length == 5 && r[0] == '*' && r[1] == '-') || (r.length == 3 && r[0] == '_');
  }

  private static long timeoutOf(byte[][] argv) {
    for (int i = 1; i + 1 < argv.length; i++) {
      String o = Builtin.lower(argv[i]);
      if (o.equals("streams")) {
        break;
      }
      if (o.equals("block")) {
        return Long.parseLong(new String(argv[i + 1], StandardCharsets.US_ASCII));
      }
    }
    return -1;
  }

  /**
   * The wait of a command that would block (it has BLOCK and parsed), with $ resolved; null without
   * BLOCK.
   */
  private Read parse(Client c, byte[][] argv) {
    long count = 0;
    byte[] group = null;
    byte[] consumer = null;
    boolean noack = false;
    boolean block = false;
    int streamsArg = -1;
    for (int i = 1; i < argv.length; i++) {
      String o = Builtin.lower(argv[i]);
      if (o.equals("block") && i + 1 < argv.length) {
        block = true;
        i++;
      } else if (o.equals("count") && i + 1 < argv.length) {
        count = Math.max(0, Long.parseLong(new String(argv[++i], StandardCharsets.US_ASCII)));
      } else if (o.equals("group") && i + 2 < argv.length) {
        group = argv[i + 1];
        consumer = argv[i + 2];
        i += 2;
      } else if (o.equals("noack")) {
        noack = true;
      } else if (o.equals("streams")) {
        streamsArg = i + 1;
        break;
      }
    }
    if (!block || streamsArg < 0) {
      return null;
    }
    int n = (argv.length - streamsArg) / 2;
    int db = server.selectedDb(c);
    Map<Bytes, StreamId> ids = new LinkedHashMap<>();
    for (int i = 0; i < n; i++) {
      byte[] key = argv[streamsArg + i];
      String id = new String(argv[streamsArg + n + i], StandardCharsets.ISO_8859_1);
      StreamId gt;
      if (id.equals("$")) {
        RedisStream s = ks().streamAt(db, key);
        gt = s == null ? StreamId.MIN : s.lastId();
      } else if (id.equals(">")) {
        gt = StreamId.MAX;
      } else {
        gt = StreamId.parse(id);
      }
      ids.putIfAbsent(new Bytes(key), gt); // Redis: a key given twice keeps its first ID
    }
    return new Read(ids, group, consumer, noack, count == 0 ? DEFAULT_COUNT : count);
  }

  /** Adds to {@code ready} the waited keys whose stream is no longer the one seen. */
  void signalChangedKeys(Set<Blocking.DbKey> ready) {
    if (seen.isEmpty()) {
      return;
    }
    for (var it = seen.entrySet().iterator(); it.hasNext(); ) {
      var e = it.next();
      if (blocking.waitersOf(e.getKey()).isEmpty()) {
        it.remove();
        continue;
      }
      RedisStream now = ks().streamAt(e.getKey().db(), e.getKey().key().b);
      if (now != e.getValue()) {
        ready.add(e.getKey());
        e.setValue(now);
      }
    }
  }

  /** Redis: serveClientsBlockedOnStreamKey, or unblockDeletedStreamReadgroupClients. */
  void serve(Blocking.DbKey k, RedisType type) {
    List<Client> waiters = new ArrayList<>(blocking.waitersOf(k));
    RedisStream s = type == RedisType.STREAM ? ks().streamAt(k.db(), k.key().b) : null;
    Map<Client, Boolean> done = new IdentityHashMap<>();
    for (Client receiver : waiters) {
      Blocking.Wait w = receiver.blocked;
      if (w == null || w.kind != Blocking.Kind.STREAM || done.containsKey(receiver)) {
        continue;
      }
      Read read = w.read;
      if (s == null) {
        if (read.group != null) {
          fail(receiver, "UNBLOCKED the stream key no longer exists");
        }
        continue;
      }
      StreamId gt = read.ids.get(k.key());
      if (read.group != null) {
        gt = s.groupLastId(read.group);
        if (gt == null) {
          fail(receiver, "NOGROUP the consumer group this client was blocked on no longer exists");
          continue;
        }
      }
      if (s.lastId().compareTo(gt) <= 0) {
        continue;
      }
      byte[] reply = server.engine.execute(receiver.session, twin(k.key().b, gt, read));
      if (isNullArray(reply)) {
        RespWriter out = new RespWriter(receiver.resp);
        if (receiver.resp == 2) {
          out.arrayHeader(1).arrayHeader(2);
        } else {
          out.mapHeader(1);
        }
        out.bulk(k.key().b).arrayHeader(0);
        reply = out.toByteArray();
      }
      receiver.reply(reply);
      done.put(receiver, true);
      blocking.unblock(receiver, true);
    }
  }

  /** An error ends the wait; Redis: updateStatsOnUnblock counts it as a failed call. */
  private void fail(Client receiver, String text) {
    byte[] reply = Commands.error(text);
    receiver.reply(reply);
    server.stats.error(reply);
    server.stats.command("xreadgroup").failed++;
    blocking.unblock(receiver, true);
  }

  /** The non-blocking read that serves one key: entries after gt (a group reads "&gt;"). */
  private static byte[][] twin(byte[] key, StreamId gt, Read read) {
    List<byte[]> a = new ArrayList<>();
    byte[] count = Long.toString(read.count).getBytes(StandardCharsets.US_ASCII);
    if (read.group != null) {
      a.add(Blocking.ascii("XREADGROUP"));
      a.add(Blocking.ascii("GROUP"));
      a.add(read.group);
      a.add(read.consumer);
      a.add(Blocking.ascii("COUNT"));
      a.add(count);
      if (read.noack) {
        a.add(Blocking.ascii("NOACK"));
      }
      a.add(Blocking.ascii("STREAMS"));
      a.add(key);
      a.add(Blocking.ascii(">"));
    } else {
      a.add(Blocking.ascii("XREAD"));
      a.add(Blocking.ascii("COUNT"));
      a.add(count);
      a.add(Blocking.ascii("STREAMS"));
      a.add(key);
      a.add(gt.toString().getBytes(StandardCharsets.US_ASCII));
    }
    return a.toArray(new byte[0][]);
  }
}
