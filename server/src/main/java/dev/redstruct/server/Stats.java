package dev.redstruct.server;

import java.util.Map;
import java.util.TreeMap;

/**
 * The counters INFO prints and CONFIG RESETSTAT clears (Redis: the stat_* fields of {@code struct
 * redisServer} and each command's calls/microseconds, src/server.c resetServerStats). Touched by
 * the command thread only.
 */
final class Stats {
  /** Calls, microseconds, rejected calls and failed calls of one command. */
  static final class CommandStat {
    long calls;
    long micros;
    long rejected;
    long failed;
  }

  final long startMillis = System.currentTimeMillis();
  final long startNanos = System.nanoTime();
  long connectionsReceived;
  long commandsProcessed;
  long rejectedConnections;
  long netInputBytes;
  long netOutputBytes;
  long errorReplies;

  /** Keys evicted under maxmemory (Redis: stat_evictedkeys). */
  long evictedKeys;

  final Map<String, CommandStat> commands = new TreeMap<>();

  /**
   * Write commands run since the last save, for an engine that does not count its changes (Redis:
   * server.dirty, which counts changed keys).
   */
  long dirty;

  /** The engine's {@link CommandEngine#changes()} at the last save. */
  long changesAtSave;

  /** INFO's rdb_changes_since_last_save: the engine's changes since the last save. */
  long changesSinceSave(CommandEngine<?> engine) {
    long now = engine.changes();
    return now < 0 ? dirty : now - changesAtSave;
  }

  CommandStat command(String fullName) {
    return commands.computeIfAbsent(fullName, k -> new CommandStat());
  }

  /** Error replies by their code (the first word): INFO errorstats. */
  final Map<String, Long> errors = new TreeMap<>();

  /**
   * Counts one command that ran; a write command's call counts as a change since the last save.
   * Redis: call()'s stats, failed_calls.
   */
  void record(String fullName, long nanos, boolean failed, boolean write) {
    CommandStat s = command(fullName);
    s.calls++;
    s.micros += nanos / 1000;
    commandsProcessed++;
    if (failed) {
      s.failed++;
    }
    if (write) {
      dirty++;
    }
  }

  /** Counts a command refused before it ran (null: an unknown command). Redis: rejectCommand. */
  void rejected(String fullName) {
    if (fullName != null) {
      command(fullName).rejected++;
    }
  }

  /** Counts an error reply by its code. Redis: afterErrorReply, incrementErrorCount. */
  void error(byte[] reply) {
    int end = 1;
    while (end < reply.length && reply[end] != ' ' && reply[end] != '\r') {
      end++;
    }
    String code = new String(reply, 1, end - 1, java.nio.charset.StandardCharsets.ISO_8859_1);
    errors.merge(code, 1L, Long::sum);
    errorReplies++;
  }

  /** Redis: resetServerStats and resetCommandTableStats. */
  void reset() {
    connectionsReceived = 0;
    commandsProcessed = 0;
    rejectedConnections = 0;
    netInputBytes = 0;
    netOutputBytes = 0;
    errorReplies = 0;
    evictedKeys = 0;
    commands.clear();
    errors.clear();
  }
}
