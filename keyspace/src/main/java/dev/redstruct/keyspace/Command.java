package dev.redstruct.keyspace;

import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * One entry of the command table, as {@code COMMAND INFO} reports it (name, arity, flags, first
 * key, last key, key step) plus the code that runs it. Redis: {@code struct redisCommand}
 * (src/server.h), generated from src/commands/*.json.
 */
final class Command {
  /** Runs a command whose arity was checked; throws ReplyError for an error reply. */
  @FunctionalInterface
  interface Handler {
    void run(Call call);
  }

  final String name;
  final int arity;
  final String flags;
  final int firstKey;
  final int lastKey;
  final int keyStep;
  final Handler handler;

  /**
   * Whether the command looks its keys up for reading (Redis: lookupKeyRead), so that a missing key
   * raises a {@code keymiss} event: the read-only commands except OBJECT (LOOKUP_NONOTIFY), and the
   * write commands that read their keys that way (see READ_LOOKUP_WRITES).
   */
  final boolean readLookups;

  /** The subcommands of a container ({@code OBJECT}), by lower-case name; empty for the others. */
  final Map<String, Command> subcommands;

  /** The full name Redis prints in errors: {@code object|encoding} for a subcommand. */
  final String fullName;

  /** The lower-case name as bytes (a subcommand's: its part after the bar), for the lookup. */
  final byte[] nameBytes;

  /** A subcommand's lower-case name after the bar as bytes; the name itself for the others. */
  final byte[] subName;

  Command(
      String fullName,
      int arity,
      String flags,
      int firstKey,
      int lastKey,
      int keyStep,
      Handler handler) {
    this.fullName = fullName;
    int bar = fullName.indexOf('|');
    this.name = fullName;
    this.arity = arity;
    this.flags = flags;
    this.firstKey = firstKey;
    this.lastKey = lastKey;
    this.keyStep = keyStep;
    this.handler = handler;
    this.subcommands = bar >= 0 ? Collections.emptyMap() : new TreeMap<>();
    this.nameBytes = fullName.getBytes(StandardCharsets.US_ASCII);
    this.subName = fullName.substring(bar + 1).getBytes(StandardCharsets.US_ASCII);
    this.readLookups =
        ((',' + flags + ',').contains(",readonly,") && !fullName.startsWith("object|"))
            || READ_LOOKUP_WRITES.contains(fullName);
  }

  /**
   * Write commands whose key lookups are Redis's lookupKeyRead: the string reads (t_string.c), the
   * stream group reads (t_stream.c), the inputs of the *STORE commands, BITOP, SORT and COPY (their
   * destinations are written without a lookup that could miss, see lookupNoNotify).
   */
  private static final java.util.Set<String> READ_LOOKUP_WRITES =
      java.util.Set.of(
          "getdel",
          "getex",
          "getset",
          "xack",
          "xclaim",
          "xautoclaim",
          "xreadgroup",
          "sinterstore",
          "sunionstore",
          "sdiffstore",
          "zunionstore",
          "zinterstore",
          "zdiffstore",
          "zrangestore",
          "geosearchstore",
          "georadius",
          "georadiusbymember",
          "bitop",
          "sort",
          "copy");

  /** Redis: commandCheckArity. */
  boolean arityAccepts(int argc) {
    return arity > 0 ? argc == arity : argc >= -arity;
  }

  boolean isContainer() {
    return !subcommands.isEmpty();
  }

  boolean isWrite() {
    return (',' + flags + ',').contains(",write,");
  }

  Command sub(String fullName, int arity, String flags, int first, int last, int step, Handler h) {
    Command c = new Command(fullName, arity, flags, first, last, step, h);
    subcommands.put(fullName.substring(fullName.indexOf('|') + 1).toLowerCase(Locale.ROOT), c);
    return c;
  }
}
