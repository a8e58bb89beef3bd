package dev.redstruct.keyspace;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * One caller of a {@link Keyspace}, as a Redis client connection is one: the selected database, the
 * reply protocol (RESP2 or RESP3), the {@code MULTI} queue and the {@code WATCH}ed keys. A session
 * belongs to the keyspace that made it ({@link Keyspace#newSession()}).
 *
 * <p>Not thread-safe, like the keyspace itself: one thread at a time per keyspace.
 */
public final class Session {
  /*
   * Implementation notes. Mirrors the per-client state of src/multi.c: CLIENT_MULTI (inMulti),
   * CLIENT_DIRTY_EXEC (dirtyExec: a queued command was refused, EXEC answers EXECABORT) and
   * CLIENT_DIRTY_CAS (dirtyCas: a watched key was touched, EXEC answers a null array). Queued
   * commands are kept as their argv, resolved again by EXEC (the table does not change).
   */
  final Keyspace keyspace;

  /** Runs the commands of the caller's own (a server's PING, CLIENT, PUBLISH) for EXEC, or null. */
  final Function<byte[][], byte[]> outside;

  int db;
  int protocol = 2;
  boolean inMulti;
  boolean dirtyExec;
  boolean dirtyCas;

  /** The session is a script's (Redis: CLIENT_SCRIPT): SORT sorts a set's output for it. */
  boolean script;

  /** EXEC is running the queue: commands issued meanwhile run at once (Redis: execCommand). */
  boolean execRunning;

  final List<byte[][]> queue = new ArrayList<>();
  final List<Database.WatchedKey> watchedKeys = new ArrayList<>();

  Session(Keyspace keyspace, Function<byte[][], byte[]> outside) {
    this.keyspace = keyspace;
    this.outside = outside;
  }

  /**
   * Marks this session as the one a server runs its scripts' commands in (Redis: the Lua client,
   * flagged CLIENT_SCRIPT): {@code SORT} of a set without {@code BY} ordering then sorts the
   * output, so a script's result does not depend on the set's layout. Redis: sortCommandGeneric.
   *
   * @param script true for a script's session
   */
  public void setScript(boolean script) {
    this.script = script;
  }

  /**
   * Whether a command queued since {@code MULTI} carries a flag, as {@code COMMAND INFO} lists it
   * ({@code "denyoom"}): Redis refuses an {@code EXEC} out of memory when its queue holds a denyoom
   * command (processCommand, mstate.cmd_flags).
   *
   * @param flag the flag word
   * @return true if some queued command has it
   */
  public boolean queuedCommandHas(String flag) {
    for (byte[][] argv : queue) {
      String f = keyspace.commandFlags(argv);
      if (f != null && ("," + f.replace(' ', ',') + ",").contains("," + flag + ",")) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a command queued since {@code MULTI} lacks a flag it is known to be without ({@code
   * "stale"}): Redis refuses an {@code EXEC} on a stale replica when its queue holds a command not
   * flagged stale (Redis: processCommand, mstate.cmd_inv_flags). Commands the keyspace does not
   * know count as having it.
   *
   * @param flag the flag's name as {@code COMMAND INFO} lists it
   * @return true if some queued command known to the keyspace lacks it
   */
  public boolean queuedCommandLacks(String flag) {
    for (byte[][] argv : queue) {
      String f = keyspace.commandFlags(argv);
      if (f != null && !("," + f.replace(' ', ',') + ",").contains("," + flag + ",")) {
        return true;
      }
    }
    return false;
  }

  /**
   * The selected database, 0 to 15 ({@code SELECT}).
   *
   * @return the database number
   */
  public int selectedDb() {
    return db;
  }

  /**
   * The reply protocol: 2 (RESP2, the default) or 3 (RESP3, as after {@code HELLO 3}).
   *
   * @return 2 or 3
   */
  public int protocol() {
    return protocol;
  }

  /**
   * Sets the reply protocol, as {@code HELLO} does.
   *
   * @param protocol 2 or 3
   * @throws IllegalArgumentException if {@code protocol} is neither
   */
  public void setProtocol(int protocol) {
    if (protocol != 2 && protocol != 3) {
      throw new IllegalArgumentException("protocol must be 2 or 3: " + protocol);
    }
    this.protocol = protocol;
  }

  /**
   * Whether a {@code MULTI} is open: commands are queued until {@code EXEC} or {@code DISCARD}.
   *
   * @return whether commands are being queued
   */
  public boolean inTransaction() {
    return inMulti;
  }

  /**
   * Marks the open transaction as failed, as a command refused while queueing does: {@code EXEC}
   * then answers {@code EXECABORT}. For a server that refuses a command itself (authentication, its
   * own arity checks) before the keyspace sees it. Redis: flagTransaction. Does nothing outside
   * {@code MULTI}.
   */
  public void flagTransaction() {
    if (inMulti) {
      dirtyExec = true;
    }
  }

  /**
   * Resets the session as {@code RESET} does and as a closed connection must: the transaction
   * discarded, nothing watched, database 0. The protocol is left as it is. Redis:
   * clearClientConnectionState (discardTransaction, unwatchAllKeys, selectDb 0).
   */
  public void reset() {
    discardTransaction();
    db = 0;
  }

  /** Redis: unwatchAllKeys. */
  void unwatchAll() {
    for (Database.WatchedKey wk : watchedKeys) {
      List<Database.WatchedKey> clients = wk.db.watched.get(wk.key);
      if (clients != null) {
        clients.remove(wk);
        if (clients.isEmpty()) {
          wk.db.watched.remove(wk.key);
        }
      }
    }
    watchedKeys.clear();
  }

  /** Redis: discardTransaction. */
  void discardTransaction() {
    queue.clear();
    inMulti = false;
    dirtyExec = false;
    dirtyCas = false;
    unwatchAll();
  }
}
