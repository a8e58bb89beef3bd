package dev.redstruct.server;

import dev.redstruct.core.RedisNumbers;
import dev.redstruct.core.resp.RespWriter;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The master side of replication: {@code SYNC}/{@code PSYNC} give a client the RDB snapshot and
 * then every command the keyspace propagates, and {@code REPLCONF}. Redis 7.0.15: syncCommand,
 * replconfCommand, replicationFeedSlaves (src/replication.c). Always a full resync: there is no
 * backlog, so a {@code PSYNC} with any replication id gets {@code +FULLRESYNC}.
 */
final class Replication {
  /*
   * Implementation notes. The snapshot is written at once (Redis forks a child and sends newlines
   * as keepalives meanwhile; the stream after it is the same). The stream is fed from the
   * keyspace's propagated commands, with a SELECT whenever the database differs from the last
   * command's; a new replica forces the next SELECT (Redis: server.slaveseldb = -1). The offset
   * counts the stream's bytes (master_repl_offset). No PINGs are sent to replicas (Redis sends one
   * every repl-ping-replica-period seconds; the Tcl helpers set it to an hour).
   */
  private final Server server;
  private final List<Client> replicas = new ArrayList<>();
  private int selectedDb = -1;
  private long offset;

  /** REPLICAOF's master (Redis: server.masterhost), or null for a master. */
  private String masterHost;

  private int masterPort;

  Replication(Server server) {
    this.server = server;
  }

  boolean active() {
    return !replicas.isEmpty();
  }

  int count() {
    return replicas.size();
  }

  long offset() {
    return offset;
  }

  List<Client> replicas() {
    return replicas;
  }

  /** Redis: syncCommand (SYNC and PSYNC), always a full resynchronisation. */
  void sync(Client c, byte[][] argv, boolean psync) {
    if (c.replica) {
      return; // Redis: a replica's further SYNC is ignored
    }
    if (c.inPubSub() || server.engine.inTransaction(c.session)) {
      c.reply(Commands.error("ERR Replica can't interact with the keyspace"));
      return;
    }
    if (psync) {
      String line = "+FULLRESYNC " + server.commands().admin.replId + " " + offset + "\r\n";
      c.push(line.getBytes(StandardCharsets.ISO_8859_1));
    }
    ByteArrayOutputStream rdb = new ByteArrayOutputStream();
    if ((CommandEngine<?>) server.engine instanceof KeyspaceEngine k) {
      k.keyspace.saveRdb(rdb);
    }
    byte[] payload = rdb.toByteArray();
    c.push(("$" + payload.length + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
    c.push(payload);
    c.replica = true;
    replicas.add(c);
    selectedDb = -1; // Redis: the next command is preceded by a SELECT
  }

  /** Redis: replconfCommand: the options a replica announces get +OK; ACK gets no reply. */
  void replconf(Client c, byte[][] argv) {
    if ((argv.length & 1) == 0) {
      c.reply(Commands.error(Commands.SYNTAX));
      return;
    }
    for (int j = 1; j < argv.length; j += 2) {
      String opt = Builtin.lower(argv[j]);
      switch (opt) {
        case "ack", "fack" -> {
          return; // Redis: never replied to
        }
        case "getack" -> {
          if (c.replica) {
            return; // Redis: only a master's replica client answers it; we have none
          }
        }
        case "listening-port", "ip-address", "capa", "rdb-only", "rdb-filter-only" -> {
          // accepted and ignored
        }
        default -> {
          c.reply(Commands.error("ERR Unrecognized REPLCONF option: " + opt));
          return;
        }
      }
    }
    c.reply(Commands.ok());
  }

  String masterHost() {
    return masterHost;
  }

  int masterPort() {
    return masterPort;
  }

  /**
   * Redis: replicaofCommand, without the link: {@code NO ONE} makes this a master again; a host and
   * port make it a read-only replica (writes answer READONLY) whose replicas are disconnected. The
   * server never connects to the master it is given: the link stays down.
   */
  void replicaof(Client c, byte[][] argv) {
    String host = new String(argv[1], StandardCharsets.ISO_8859_1);
    String port = new String(argv[2], StandardCharsets.ISO_8859_1);
    if (host.equalsIgnoreCase("no") && port.equalsIgnoreCase("one")) {
      masterHost = null;
      c.reply(Commands.ok());
      return;
    }
    int p;
    try {
      p = Integer.parseInt(port);
    } catch (NumberFormatException e) {
      c.reply(Commands.error("ERR value is out of range, must be positive"));
      return;
    }
    masterHost = host;
    masterPort = p;
    for (Client r : replicas) {
      r.closeAfterReply = true; // Redis: disconnectSlaves; what was sent so far goes out
    }
    replicas.clear();
    c.reply(Commands.ok());
  }

  /** A replica's connection went away. */
  void forget(Client c) {
    replicas.remove(c);
  }

  /** Redis: replicationFeedSlaves: a SELECT when the database changes, then the command. */
  void feed(int db, byte[][] argv) {
    if (replicas.isEmpty()) {
      return;
    }
    RespWriter w = new RespWriter();
    if (db != selectedDb) {
      w.arrayHeader(2).bulk("SELECT".getBytes(StandardCharsets.US_ASCII));
      w.bulk(RedisNumbers.ll2string(db));
      selectedDb = db;
    }
    w.arrayHeader(argv.length);
    for (byte[] a : argv) {
      w.bulk(a);
    }
    byte[] bytes = w.toByteArray();
    offset += bytes.length;
    for (Client r : replicas) {
      r.push(bytes);
    }
  }
}
