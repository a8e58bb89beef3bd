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

  /*
   * The values held, in the order first held, each key once: the first in fields (most commands
   * hold one key, and then allocate nothing for it), the others in a list made when needed.
   */
  private byte[] key0;
  private Object value0;
  private boolean overwrite0;
  private boolean existed0;
  private List<Pending> more;

  /** A value the face holds for a key: existing, created empty, or a *STORE destination. */
  private record Pending(byte[] key, Object value, boolean overwrite, boolean existed) {}

  /** What propagates instead of argv (Redis: rewriteClientCommandVector); null: argv. */
  private byte[][] propagateAs;

  /** Redis: CLIENT_PREVENT_PROP (EXEC, a script: their effects propagate instead). */
  boolean preventPropagation;

  /** Redis: forceCommandPropagation (PUBLISH and the like propagate without a change). */
  boolean forcePropagation;

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
    Pending p = latest(key);
    return p != null ? p.value : key0 != null && Arrays.equals(key0, key) ? value0 : null;
  }

  /** The latest entry for a key after the first, or null (then see the first). */
  private Pending latest(byte[] key) {
    if (more != null) {
      for (int i = more.size() - 1; i >= 0; i--) {
        if (Arrays.equals(more.get(i).key, key)) {
          return more.get(i);
        }
      }
    }
    return null;
  }

  /** Holds a value found in the database ({@code existed}) or created empty for a missing key. */
  void remember(byte[] key, Object value, boolean existed) {
    add(null, key, value, false, existed);
  }

  private void add(Pending p, byte[] key, Object value, boolean overwrite, boolean existed) {
    if (key0 == null) {
      key0 = key;
      value0 = value;
      overwrite0 = overwrite;
      existed0 = existed;
    } else {
      if (more == null) {
        more = new ArrayList<>(2);
      }
      more.add(p != null ? p : new Pending(key, value, overwrite, existed));
    }
  }

  /** A destination replaces what the key held: earlier holds on the key no longer count. */
  void rememberOverwrite(byte[] key, Object value) {
    List<Pending> all = new ArrayList<>();
    if (key0 != null) {
      all.add(new Pending(key0, value0, overwrite0, existed0));
    }
    if (more != null) {
      all.addAll(more);
    }
    all.removeIf(p -> Arrays.equals(p.key, key));
    all.add(new Pending(key, value, true, false));
    key0 = null;
    value0 = null;
    more = null;
    for (Pending p : all) {
      add(p, p.key, p.value, p.overwrite, p.existed);
    }
  }

  /**
   * After the face: stores new non-empty values, drops emptied keys. A *STORE destination is stored
   * as Redis's setKey does (dropping the key's TTL), or deleted when the result is empty. A value
   * found in the database and still non-empty is where it was: no second lookup.
   */
  void finish() {
    if (key0 == null) {
      return;
    }
    Database db = db();
    settle(db, key0, value0, overwrite0, existed0);
    if (more != null) {
      for (Pending p : more) {
        settle(db, p.key, p.value, p.overwrite, p.existed);
      }
    }
    key0 = null;
    value0 = null;
    more = null;
  }

  private static void settle(
      Database db, byte[] key, Object value, boolean overwrite, boolean existed) {
    boolean empty = Values.isEmpty(value);
    if (overwrite) {
      if (empty) {
        db.delete(key);
      } else {
        db.setKey(key, value);
      }
    } else if (existed) {
      if (empty && db.dict.get(key) == value) {
        db.delete(key);
      }
    } else if (!empty) {
      db.put(key, value);
    }
  }

  /** Whether the key is a *STORE destination whose result is empty and that holds nothing now. */
  boolean isEmptyOverwriteOfMissingKey(byte[] key) {
    Pending p = latest(key);
    boolean overwrite;
    Object value;
    if (p != null) {
      overwrite = p.overwrite;
      value = p.value;
    } else if (key0 != null && Arrays.equals(key0, key)) {
      overwrite = overwrite0;
      value = value0;
    } else {
      return false;
    }
    return overwrite && Values.isEmpty(value) && db().lookupNoNotify(key, now) == null;
  }

  /** Redis: rewriteClientCommandVector: the command propagates as this instead of its argv. */
  void propagateAs(byte[]... argv) {
    propagateAs = argv;
  }

  /** Redis: alsoPropagate in the selected database, before this command's own propagation. */
  void alsoPropagate(byte[]... argv) {
    ks.propagation.add(session.db, argv);
  }

  byte[][] propagatedArgv() {
    return propagateAs != null ? propagateAs : argv;
  }

  /** Redis: signalModifiedKey in the selected database. */
  void modified(byte[] key) {
    db().touchWatchedKey(key);
  }
}
