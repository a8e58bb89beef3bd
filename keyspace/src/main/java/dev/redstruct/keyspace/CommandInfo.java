package dev.redstruct.keyspace;

import java.util.List;

/**
 * One row of the keyspace's command table, as the first six fields of Redis 7.0.15's {@code COMMAND
 * INFO} report it, with the subcommands of a container ({@code OBJECT}).
 *
 * @param name the full name, lower case ({@code "get"}, {@code "object|encoding"})
 * @param arity the argument count: positive = exactly, negative = at least its absolute value
 * @param flags the command flags, as {@code COMMAND INFO} lists them ({@code "write"}, {@code
 *     "fast"}, ...)
 * @param firstKey the position of the first key, 0 for none
 * @param lastKey the position of the last key (negative: counted from the end)
 * @param keyStep the step between keys
 * @param subcommands the subcommands of a container, in name order; empty otherwise
 */
public record CommandInfo(
    String name,
    int arity,
    List<String> flags,
    int firstKey,
    int lastKey,
    int keyStep,
    List<CommandInfo> subcommands) {

  /** A copy with immutable lists. */
  public CommandInfo {
    flags = List.copyOf(flags);
    subcommands = List.copyOf(subcommands);
  }

  static CommandInfo of(Command c) {
    List<CommandInfo> subs = new java.util.ArrayList<>();
    for (Command s : c.subcommands.values()) {
      subs.add(of(s));
    }
    List<String> flags = c.flags.isEmpty() ? List.of() : List.of(c.flags.split(","));
    return new CommandInfo(c.fullName, c.arity, flags, c.firstKey, c.lastKey, c.keyStep, subs);
  }
}
