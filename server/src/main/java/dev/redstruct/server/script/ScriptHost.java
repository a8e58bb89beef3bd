package dev.redstruct.server.script;

/**
 * What a script's {@code redis.call} runs against: the caller's connection, seen from a script. A
 * server gives {@link Scripting} one host per {@code EVAL}; the host runs commands as Redis's Lua
 * client does (src/script.c, 7.0.15): in the database the caller had selected when the script
 * started, outside any transaction the caller has open (a script inside {@code MULTI} runs at
 * {@code EXEC}), with blocking commands answering at once as if their timeout had passed, and with
 * a {@code SELECT} inside the script leaving the caller's database unchanged.
 */
public interface ScriptHost {

  /**
   * Looks a command up for {@code redis.call}, as Redis's {@code scriptCall} does before running
   * it.
   *
   * @param argv the command and its arguments (at least the name)
   * @return null if there is no such command (or no such subcommand of a container); otherwise its
   *     flags and whether the argument count fits its arity
   */
  Command lookup(byte[][] argv);

  /**
   * Runs a command that {@link #lookup} found and returns its reply.
   *
   * @param argv the command and its arguments
   * @param protocol the protocol the script asked for ({@code redis.setresp}): 2 or 3
   * @return the reply's bytes in that protocol: exactly one RESP value
   */
  byte[] call(byte[][] argv, int protocol);

  /**
   * The caller's reply protocol, in which the script's result is written.
   *
   * @return 2 or 3
   */
  int protocol();

  /**
   * Checks a command that {@link #lookup} found against the caller's ACL user, as Redis's {@code
   * scriptVerifyACL} and {@code redis.acl_check_cmd} do.
   *
   * @param argv the command and its arguments
   * @return null if the user may run it; otherwise why not ({@code "can't run this command or
   *     subcommand"} or the keys' reason, as Redis's getAclErrorMessage words them)
   */
  default String aclDenied(byte[][] argv) {
    return null;
  }

  /**
   * Counts a command {@code redis.call} refused before running it, as Redis's {@code scriptCall}
   * does on its error path: the error in the error stats ({@code afterErrorReply}) and, when the
   * command exists, one rejected call of it ({@code incrCommandStatsOnError}). Does nothing by
   * default.
   *
   * @param argv the command and its arguments
   * @param error the refusal, {@code "-CODE text"} or a text whose code is {@code ERR}
   */
  default void rejected(byte[][] argv, String error) {}

  /**
   * The script's error reply repeats a command's error that was counted when the command replied
   * (the error table is marked {@code ignore_error_stats_update}): the caller counts the script's
   * call as failed without counting the error again. Redis: ERR_REPLY_FLAG_NO_STATS_UPDATE. Does
   * nothing by default.
   */
  default void errorAlreadyCounted() {}

  /**
   * How long a script may run before the server answers other clients {@code BUSY} and lets them
   * kill it ({@code busy-reply-threshold}, alias {@code lua-time-limit}).
   *
   * @return the threshold in milliseconds; 0 or less: never
   */
  default long busyReplyThresholdMillis() {
    return 0;
  }

  /**
   * Serves the other clients for a moment while a timed-out script runs: they get {@code BUSY}
   * except for the commands that may run then ({@code SCRIPT KILL}, {@code FUNCTION KILL}, ...).
   * Redis: processEventsWhileBlocked.
   *
   * @param eval whether the running script is an {@code EVAL} script (else a function)
   * @return true if the script must end now (the server is shutting down)
   */
  default boolean processEventsWhileBusy(boolean eval) {
    return false;
  }

  /**
   * Whether the server is out of memory now ({@code maxmemory} exceeded, nothing to evict): then
   * scripts may not run {@code denyoom} commands. Redis: server.pre_command_oom_state.
   *
   * @return true when over {@code maxmemory}
   */
  default boolean outOfMemory() {
    return false;
  }

  /**
   * Whether writes are refused now for want of replicas ({@code min-replicas-to-write}): then a
   * script that may write does not start, and a script's first write fails. Redis:
   * checkGoodReplicasStatus.
   *
   * @return true when fewer good replicas are connected than asked
   */
  default boolean tooFewReplicas() {
    return false;
  }

  /**
   * What {@link #lookup} knows of a command.
   *
   * @param arityOk whether the argument count fits the command's arity
   * @param write whether the command is flagged {@code write} (refused in read-only scripts)
   * @param mayReplicate whether it is flagged {@code may_replicate} (also refused there)
   * @param noscript whether it is flagged {@code noscript} (refused in every script)
   * @param denyOom whether it is flagged {@code denyoom} (refused when out of memory)
   */
  record Command(
      boolean arityOk, boolean write, boolean mayReplicate, boolean noscript, boolean denyOom) {

    /**
     * A command that is not flagged {@code denyoom}.
     *
     * @param arityOk whether the argument count fits the command's arity
     * @param write whether the command is flagged {@code write}
     * @param mayReplicate whether it is flagged {@code may_replicate}
     * @param noscript whether it is flagged {@code noscript}
     */
    public Command(boolean arityOk, boolean write, boolean mayReplicate, boolean noscript) {
      this(arityOk, write, mayReplicate, noscript, false);
    }

    /**
     * A command described by Redis's flag words, as {@code COMMAND INFO} lists them.
     *
     * @param arityOk whether the argument count fits
     * @param flags the flag words, comma- or space-separated ({@code "write,denyoom,fast"})
     * @return the command
     */
    public static Command ofFlags(boolean arityOk, String flags) {
      String f = "," + flags.replace(' ', ',').toLowerCase(java.util.Locale.ROOT) + ",";
      return new Command(
          arityOk,
          f.contains(",write,"),
          f.contains(",may_replicate,") || f.contains(",may-replicate,"),
          f.contains(",noscript,"),
          f.contains(",denyoom,"));
    }
  }
}
