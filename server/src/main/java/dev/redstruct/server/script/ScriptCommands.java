package dev.redstruct.server.script;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The scripting commands' names and arities, without touching the Lua engine: a server asks these
 * before it creates a {@link Scripting} (which loads luaj) on the first script.
 */
public final class ScriptCommands {
  private ScriptCommands() {}

  /**
   * Whether a command is one of this engine's ({@code EVAL}, {@code EVALSHA}, {@code EVAL_RO},
   * {@code EVALSHA_RO}, {@code SCRIPT}).
   *
   * @param name the command name, any case
   * @return true for the scripting commands
   */
  public static boolean handles(byte[] name) {
    switch (new String(name, StandardCharsets.ISO_8859_1).toLowerCase(Locale.ROOT)) {
      case "eval":
      case "evalsha":
      case "eval_ro":
      case "evalsha_ro":
      case "script":
      case "fcall":
      case "fcall_ro":
      case "function":
        return true;
      default:
        return false;
    }
  }

  /**
   * Checks a scripting command's name and arity as Redis's command table does: {@code EVAL*} take
   * at least 3 arguments, {@code SCRIPT} is a container of subcommands.
   *
   * @param argv the command (its name is one {@link #handles})
   * @return null if it may run; otherwise the error text (without the leading {@code -})
   */
  public static String checkArity(byte[][] argv) {
    String name = lower(argv[0]);
    if (!name.equals("script") && !name.equals("function")) {
      return argv.length >= 3 ? null : "ERR wrong number of arguments for '" + name + "' command";
    }
    if (argv.length < 2) {
      return "ERR wrong number of arguments for '" + name + "' command";
    }
    String sub = lower(argv[1]);
    if (name.equals("function")) {
      return checkFunction(argv, sub);
    }
    int arity;
    switch (sub) {
      case "load":
      case "debug":
        arity = 3;
        break;
      case "exists":
        arity = -3;
        break;
      case "flush":
        arity = -2;
        break;
      case "kill":
      case "help":
        arity = 2;
        break;
      default:
        return "ERR unknown subcommand '"
            + new String(argv[1], StandardCharsets.ISO_8859_1)
            + "'. Try SCRIPT HELP.";
    }
    boolean ok = arity > 0 ? argv.length == arity : argv.length >= -arity;
    return ok ? null : "ERR wrong number of arguments for 'script|" + sub + "' command";
  }

  /** FUNCTION's subcommands and their arities (src/commands/function-*.json, 7.0.15). */
  private static String checkFunction(byte[][] argv, String sub) {
    int arity;
    switch (sub) {
      case "delete":
        arity = 3;
        break;
      case "dump":
      case "help":
      case "kill":
      case "stats":
        arity = 2;
        break;
      case "flush":
      case "list":
        arity = -2;
        break;
      case "load":
      case "restore":
        arity = -3;
        break;
      default:
        return "ERR unknown subcommand '"
            + new String(argv[1], StandardCharsets.ISO_8859_1)
            + "'. Try FUNCTION HELP.";
    }
    boolean ok = arity > 0 ? argv.length == arity : argv.length >= -arity;
    return ok ? null : "ERR wrong number of arguments for 'function|" + sub + "' command";
  }

  /**
   * The command's full name as Redis reports it ({@code "eval"}, {@code "script|load"}).
   *
   * @param argv the command (its name is one {@link #handles})
   * @return the lower-case full name
   */
  public static String fullName(byte[][] argv) {
    String name = lower(argv[0]);
    boolean container = name.equals("script") || name.equals("function");
    return container && argv.length > 1 ? name + "|" + lower(argv[1]) : name;
  }

  private static String lower(byte[] b) {
    return new String(b, StandardCharsets.ISO_8859_1).toLowerCase(Locale.ROOT);
  }
}
