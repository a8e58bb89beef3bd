package dev.redstruct.server;

/**
 * What runs the data commands behind a {@link RedisServer}: the keyspace (GET, SET, MULTI, ...).
 * The server itself answers the connection commands (PING, ECHO, QUIT, HELLO, AUTH, CLIENT, RESET)
 * and Pub/Sub; every other command goes here.
 *
 * <p>The server calls an engine from its one command thread only, one command at a time, so an
 * engine needs no locking and each command is atomic. Each connection has one session, made by
 * {@link #newSession(ConnectionCommands)} when it connects; it carries the engine's per-client
 * state (selected database, reply protocol, {@code MULTI} queue, watched keys).
 *
 * <p>Order of checks, as Redis's {@code processCommand} (src/server.c, 7.0.15): {@link #lookup}
 * (unknown command, arity), then the server's own checks (authentication, the RESP2 Pub/Sub
 * context), then {@link #execute}. While a session is {@link #inTransaction in a transaction} the
 * server hands the engine its own commands too (except QUIT and RESET) so that the engine queues
 * them; {@code EXEC} runs them back through {@link ConnectionCommands#execute}.
 *
 * <p>The keyspace (issue #28) plugs in through an adapter in this module: {@code newSession} wraps
 * {@code keyspace.newSession()} with the connection; {@code lookup} asks the keyspace's command
 * table for name and arity; {@code execute} is {@code keyspace.execute(session, argv)}, whose
 * {@code MULTI} queue must accept the commands the server hands it and whose {@code EXEC} calls the
 * connection for those it does not know; {@code inTransaction}, {@code setProtocol} map to the
 * session's own; {@code flagTransaction} marks the queue failed (EXECABORT); {@code reset} is
 * {@code SELECT 0} plus {@code DISCARD}/{@code UNWATCH}.
 *
 * @param <S> the per-connection session type
 */
public interface CommandEngine<S> {

  /**
   * A new session for a connection that just connected (database 0, RESP2, no transaction).
   *
   * @param connection runs the server's own commands for this connection (for {@code EXEC})
   * @return the session
   */
  S newSession(ConnectionCommands connection);

  /**
   * Looks a command up, as Redis's {@code lookupCommand} then {@code commandCheckExistence} and
   * {@code commandCheckArity}.
   *
   * @param argv the command and its arguments (at least the name)
   * @return null if the engine has no command of that name; otherwise the command's full name as
   *     Redis reports it ({@code "get"}, {@code "config|get"}), or an error
   */
  Lookup lookup(byte[][] argv);

  /**
   * Runs (or, in a transaction, queues) a command that {@link #lookup} found.
   *
   * @param session the connection's session
   * @param argv the command and its arguments
   * @return the reply's bytes in the session's protocol
   */
  byte[] execute(S session, byte[][] argv);

  /**
   * Whether the session is inside {@code MULTI}.
   *
   * @param session the session
   * @return true while commands are being queued
   */
  boolean inTransaction(S session);

  /**
   * Marks the transaction as failed because the server refused a command inside it (unknown
   * command, arity, NOAUTH): {@code EXEC} then answers {@code EXECABORT}. Redis: flagTransaction.
   *
   * @param session the session
   */
  void flagTransaction(S session);

  /**
   * Switches the reply protocol ({@code HELLO 2|3}, {@code RESET}).
   *
   * @param session the session
   * @param protocol 2 or 3
   */
  void setProtocol(S session, int protocol);

  /**
   * Resets the session as {@code RESET} does: database 0, the transaction discarded, nothing
   * watched. (The server resets the protocol separately through {@link #setProtocol}.)
   *
   * @param session the session
   */
  void reset(S session);

  /**
   * The selected database, for {@code CLIENT LIST}.
   *
   * @param session the session
   * @return the database number; 0 by default
   */
  default int selectedDb(S session) {
    return 0;
  }

  /**
   * Background work the server runs on its command thread about ten times a second (Redis:
   * serverCron, {@code hz 10}): for the keyspace, the active expiry sweep.
   */
  default void cron() {}

  /**
   * Opens a unit of replication: what the commands run until {@link #endUnit()} propagate goes to
   * replicas together (a script's writes). Does nothing by default.
   */
  default void beginUnit() {}

  /** Closes the unit {@link #beginUnit()} opened. Does nothing by default. */
  default void endUnit() {}

  /**
   * Adds one of the server's commands ({@code PUBLISH}) to the replication stream. Does nothing by
   * default.
   *
   * @param db the client's database
   * @param argv the command
   */
  default void alsoPropagate(int db, byte[][] argv) {}

  /**
   * The number of commands that changed the data set so far, for INFO's {@code
   * rdb_changes_since_last_save}; -1 when the engine does not count them (then the server counts
   * write-command calls).
   *
   * @return the count, or -1
   */
  default long changes() {
    return -1;
  }

  /**
   * The flags of a command {@link #lookup} found, as {@code COMMAND INFO} lists them; a script's
   * {@code redis.call} consults {@code write}, {@code may_replicate} and {@code noscript}.
   *
   * @param argv the command and its arguments
   * @return the flag words, comma-separated; empty by default
   */
  default String commandFlags(byte[][] argv) {
    return "";
  }

  /** A command the engine runs or refuses ({@link #lookup}). */
  final class Lookup {
    private final String fullName;
    private final String error;

    private Lookup(String fullName, String error) {
      this.fullName = fullName;
      this.error = error;
    }

    /**
     * A command the engine runs.
     *
     * @param fullName its full name, lower case ({@code "get"}, {@code "config|get"})
     * @return the lookup
     */
    public static Lookup found(String fullName) {
      return new Lookup(java.util.Objects.requireNonNull(fullName, "fullName"), null);
    }

    /**
     * A command the engine knows but refuses before running it (e.g. wrong arity, unknown
     * subcommand).
     *
     * @param errorText the error reply without the leading {@code -} ({@code "ERR wrong number of
     *     arguments for 'get' command"})
     * @return the lookup
     */
    public static Lookup refused(String errorText) {
      return new Lookup(null, java.util.Objects.requireNonNull(errorText, "errorText"));
    }

    /**
     * A command the engine knows but refuses for its arguments (wrong arity): its stats count a
     * rejected call (Redis: rejectCommand's {@code c->cmd->rejected_calls++}).
     *
     * @param fullName its full name, or null when it has none (an unknown subcommand)
     * @param errorText the error reply without the leading {@code -}
     * @return the lookup
     */
    public static Lookup refused(String fullName, String errorText) {
      return new Lookup(fullName, java.util.Objects.requireNonNull(errorText, "errorText"));
    }

    /**
     * The command's full name; null if refused as unknown (a refusal may name the command).
     *
     * @return the name
     */
    public String fullName() {
      return fullName;
    }

    /**
     * The error reply text, or null if found.
     *
     * @return the text
     */
    public String error() {
      return error;
    }
  }

  /** The server's own commands of one connection, for an engine's {@code EXEC}. */
  interface ConnectionCommands {
    /**
     * Runs one of the server's commands (PING, ECHO, CLIENT, PUBLISH, ...) for this connection and
     * returns its reply; used when {@code EXEC} reaches a command the engine queued for the server.
     *
     * @param argv the command
     * @return the reply's bytes, or null if it is not one of the server's commands
     */
    byte[] execute(byte[][] argv);
  }
}
