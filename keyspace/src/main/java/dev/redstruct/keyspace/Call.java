package dev.redstruct.keyspace;

import dev.redstruct.core.resp.RespWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One command being executed: its session, arguments, reply and time, and the values its face
 * reached through a {@link TypedKeys}, so that after the command the keyspace keeps the new
 * non-empty values and deletes the keys whose value became empty (Redis deletes an emptied key in
 * each command; here the owner does it once, after the face).
 */
final class Call {
  final Keyspace ks;
  final Session session;
  final Command cmd;
  final byte[][] argv;
  final RespWriter out;

  /** The command's time in ms, fixed for the command (Redis: server.mstime during call()). */
  final long now;

  private final List<Pending> pending = new ArrayList<>(2);

  /** A value the face holds for a key: existing, created empty, or a *STORE destination. */
  private record Pending(byte[] key, Object value, boolean overwrite) {}

  Call(Keyspace ks, Session session, Command cmd, byte[][] argv, RespWriter out, long now) {
    this.ks = ks;
    this.session = session;
    this.cmd = cmd;
    this.argv = argv;
    this.out = out;
    this.now = now;
  }

  Database db() {
    return ks.db(session.db);
  }

  /** The value this command already holds for a key, or null. */
  Object pendingValue(byte[] key) {
    for (int i = pending.size() - 1; i >= 0; i--) {
      Pending p = pending.get(i);
      if (Arrays.equals(p.key, key)) {
        return p.value;
      }
    }
    return null;
  }

  void remember(byte[] key, Object value) {
    pending.add(new Pending(key, value, false));
  }

  /** A destination replaces what the key held: earlier holds on the key no longer count. */
  void rememberOverwrite(byte[] key, Object value) {
    pending.removeIf(p -> Arrays.equals(p.key, key));
    pending.add(new Pending(key, value, true));
  }

  /**
   * After the face: stores new non-empty values, drops emptied keys. A *STORE destination is stored
   * as Redis's setKey does (dropping the key's TTL), or deleted when the result is empty.
   */
  void finish() {
    if (pending.isEmpty()) {
      return;
    }
    Database db = db();
    for (Pending p : pending) {
      boolean empty = Values.isEmpty(p.value);
      Object current = db.dict.get(p.key);
      if (p.overwrite) {
        if (empty) {
          db.delete(p.key);
        } else {
          db.setKey(p.key, p.value);
        }
      } else if (empty) {
        if (current == p.value) {
          db.delete(p.key);
        }
      } else if (current != p.value) {
        db.put(p.key, p.value);
      }
    }
    pending.clear();
  }

  /** Whether the key is a *STORE destination whose result is empty and that holds nothing now. */
  boolean isEmptyOverwriteOfMissingKey(byte[] key) {
    for (int i = pending.size() - 1; i >= 0; i--) {
      Pending p = pending.get(i);
      if (Arrays.equals(p.key, key)) {
        return p.overwrite && Values.isEmpty(p.value) && db().lookup(key, now) == null;
      }
    }
    return false;
  }

  /** Redis: signalModifiedKey in the selected database. */
  void modified(byte[] key) {
    db().touchWatchedKey(key);
  }
}
