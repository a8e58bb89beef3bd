package dev.redstruct.server;

import dev.redstruct.core.resp.Glob;
import dev.redstruct.keyspace.CommandInfo;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The users and their command and key permissions: a small part of Redis 7.0.15's src/acl.c (one
 * root selector per user; no selectors, ACL LOG, ACL files or channel checks).
 */
final class Acl {
  /*
   * Implementation notes. Redis keeps each user's allowed commands as a bitmap and changes it rule
   * by rule; replaying the user's command rules in order against one command gives the same
   * answer (the last rule that names the command, its category or @all wins), so the rules are
   * kept as a list. A command's categories are the ones Redis derives from its flags
   * (setImplicitACLCategories) plus @scripting for the script commands; the data-type, keyspace,
   * connection and transaction categories are not modelled (they select no command here).
   */

  /** Redis: ACLCommandCategories, in its order. */
  static final List<String> CATEGORIES =
      List.of(
          "keyspace",
          "read",
          "write",
          "set",
          "sortedset",
          "list",
          "hash",
          "string",
          "bitmap",
          "hyperloglog",
          "geo",
          "stream",
          "pubsub",
          "admin",
          "fast",
          "slow",
          "blocking",
          "dangerous",
          "connection",
          "transaction",
          "scripting");

  /** Redis: ACL_DENIED_CMD's and ACL_DENIED_KEY's reasons (getAclErrorMessage). */
  static final String DENIED_CMD = "can't run this command or subcommand";

  static final String DENIED_KEY =
      "can't access at least one of the keys mentioned in the command arguments";

  /**
   * The script commands and subcommands (the server runs them outside the keyspace's table), as
   * Redis 7.0.15's {@code ACL CAT scripting} lists them (the containers script and function are not
   * in that category themselves).
   */
  static final List<String> SCRIPT_COMMANDS =
      List.of(
          "eval",
          "eval_ro",
          "evalsha",
          "evalsha_ro",
          "fcall",
          "fcall_ro",
          "function|delete",
          "function|dump",
          "function|flush",
          "function|help",
          "function|kill",
          "function|list",
          "function|load",
          "function|restore",
          "function|stats",
          "script|debug",
          "script|exists",
          "script|flush",
          "script|help",
          "script|kill",
          "script|load");

  /** One user (Redis: struct user with its root selector). */
  static final class User {
    final String name;
    boolean on;
    boolean nopass;
    final Set<String> hashes = new LinkedHashSet<>();
    final List<String> commandRules = new ArrayList<>();
    boolean allKeys;
    final List<byte[]> keyPatterns = new ArrayList<>();
    boolean allChannels;
    final List<String> channelPatterns = new ArrayList<>();

    User(String name) {
      this.name = name;
      commandRules.add("-@all");
    }

    User copy() {
      User u = new User(name);
      u.on = on;
      u.nopass = nopass;
      u.hashes.addAll(hashes);
      u.commandRules.clear();
      u.commandRules.addAll(commandRules);
      u.allKeys = allKeys;
      u.keyPatterns.addAll(keyPatterns);
      u.allChannels = allChannels;
      u.channelPatterns.addAll(channelPatterns);
      return u;
    }
  }

  private final Map<String, User> users = new TreeMap<>();
  private final java.util.function.Function<String, CommandInfo> table;

  /**
   * A registry with the default user only (all commands, all keys, all channels, no password).
   *
   * @param table the command table: full name ({@code "config|get"}) to its row, or null
   */
  Acl(java.util.function.Function<String, CommandInfo> table) {
    this.table = table;
    User d = new User("default");
    d.on = true;
    d.nopass = true;
    d.commandRules.set(0, "+@all");
    d.allKeys = true;
    d.allChannels = true;
    users.put(d.name, d);
  }

  User user(String name) {
    return users.get(name);
  }

  /** The user names, sorted (Redis: the Users radix tree's order). */
  List<String> names() {
    return new ArrayList<>(users.keySet());
  }

  /** Removes a user; false if there was none. */
  boolean delete(String name) {
    return users.remove(name) != null;
  }

  static String sha256(byte[] pass) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(pass));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Applies ACL SETUSER's rules to a copy of the user (a new one if none) and keeps it only if
   * every rule is valid. Redis: aclCommand "setuser", ACLSetUser.
   *
   * @return null, or the error text
   */
  String setUser(String name, byte[][] argv, int from) {
    User old = users.get(name);
    User u = old == null ? new User(name) : old.copy();
    for (int i = from; i < argv.length; i++) {
      String op = new String(argv[i], StandardCharsets.ISO_8859_1);
      String why = apply(u, op, argv[i]);
      if (why != null) {
        return "ERR Error in ACL SETUSER modifier '" + op + "': " + why;
      }
    }
    users.put(name, u);
    return null;
  }

  private static final String UNKNOWN = "Unknown command or category name in ACL";
  private static final String SYNTAX = "Syntax error";

  /** Redis: ACLSetUser, ACLSetSelector for one rule; null or the reason it is refused. */
  private String apply(User u, String op, byte[] raw) {
    String low = op.toLowerCase(Locale.ROOT);
    switch (low) {
      case "on" -> u.on = true;
      case "off" -> u.on = false;
      case "nopass" -> {
        u.nopass = true;
        u.hashes.clear();
      }
      case "resetpass" -> {
        u.nopass = false;
        u.hashes.clear();
      }
      case "allkeys", "~*" -> {
        u.allKeys = true;
        u.keyPatterns.clear();
      }
      case "resetkeys" -> {
        u.allKeys = false;
        u.keyPatterns.clear();
      }
      case "allchannels", "&*" -> {
        u.allChannels = true;
        u.channelPatterns.clear();
      }
      case "resetchannels" -> {
        u.allChannels = false;
        u.channelPatterns.clear();
      }
      case "allcommands", "+@all" -> setCommands(u, "+@all");
      case "nocommands", "-@all" -> setCommands(u, "-@all");
      case "reset" -> {
        apply(u, "resetpass", raw);
        apply(u, "resetkeys", raw);
        apply(u, "resetchannels", raw);
        setCommands(u, "-@all");
        u.on = false;
      }
      default -> {
        return applyOther(u, op, raw);
      }
    }
    return null;
  }

  private static void setCommands(User u, String rule) {
    u.commandRules.clear();
    u.commandRules.add(rule);
  }

  private String applyOther(User u, String op, byte[] raw) {
    char first = op.isEmpty() ? 0 : op.charAt(0);
    byte[] rest = java.util.Arrays.copyOfRange(raw, Math.min(1, raw.length), raw.length);
    switch (first) {
      case '>' -> {
        u.hashes.add(sha256(rest));
        u.nopass = false;
      }
      case '#' -> {
        String h = op.substring(1);
        if (!h.matches("[0-9a-f]{64}")) {
          return "The password hash must be exactly 64 characters and contain only lowercase"
              + " hexadecimal characters";
        }
        u.hashes.add(h);
        u.nopass = false;
      }
      case '<', '!' -> {
        String h = first == '<' ? sha256(rest) : op.substring(1);
        if (!u.hashes.remove(h)) {
          return "The password you are trying to remove from the user does not exist";
        }
      }
      case '~' -> {
        if (u.allKeys) {
          return "Adding a pattern after the * pattern (or the 'allkeys' flag) is not valid and"
              + " does not have any effect. Try 'resetkeys' to start with an empty list of"
              + " patterns";
        }
        u.keyPatterns.add(rest);
      }
      case '&' -> {
        if (u.allChannels) {
          return "Adding a pattern after the * pattern (or the 'allchannels' flag) is not valid"
              + " and does not have any effect. Try 'resetchannels' to start with an empty list"
              + " of channels";
        }
        u.channelPatterns.add(op.substring(1));
      }
      case '+', '-' -> {
        String what = op.substring(1).toLowerCase(Locale.ROOT);
        boolean known =
            what.startsWith("@")
                ? CATEGORIES.contains(what.substring(1))
                : !what.isEmpty()
                    && (table.apply(what) != null
                        || SCRIPT_COMMANDS.contains(what)
                        || what.equals("script")
                        || what.equals("function"));
        if (!known) {
          return UNKNOWN;
        }
        u.commandRules.add(first + what);
      }
      default -> {
        return SYNTAX;
      }
    }
    return null;
  }

  /** The categories of a command (Redis: setImplicitACLCategories plus @scripting). */
  static Set<String> categories(String fullName, String flags, boolean admin) {
    Set<String> cats = new LinkedHashSet<>();
    String f = "," + (flags == null ? "" : flags.replace(' ', ',')) + ",";
    if (f.contains(",write,")) {
      cats.add("write");
    }
    if (f.contains(",readonly,")) {
      cats.add("read");
    }
    if (admin || f.contains(",admin,")) {
      cats.add("admin");
      cats.add("dangerous");
    }
    if (f.contains(",pubsub,")) {
      cats.add("pubsub");
    }
    cats.add(f.contains(",fast,") ? "fast" : "slow");
    if (f.contains(",blocking,")) {
      cats.add("blocking");
    }
    String top = top(fullName);
    if (top.startsWith("eval")
        || top.startsWith("fcall")
        || top.equals("script")
        || top.equals("function")) {
      cats.add("scripting");
    }
    return cats;
  }

  private static String top(String fullName) {
    int bar = fullName.indexOf('|');
    return bar < 0 ? fullName : fullName.substring(0, bar);
  }

  /**
   * Whether the user may run the command: its rules replayed for it. Redis: ACLSelectorCheckCmd.
   */
  static boolean allowsCommand(User u, String fullName, Set<String> cats) {
    boolean allowed = false;
    for (String r : u.commandRules) {
      String what = r.substring(1);
      boolean hit =
          what.equals("@all")
              || (what.startsWith("@") && cats.contains(what.substring(1)))
              || what.equals(fullName)
              || what.equals(top(fullName));
      if (hit) {
        allowed = r.charAt(0) == '+';
      }
    }
    return allowed;
  }

  /**
   * Checks a command against the user. Redis: ACLCheckAllUserCommandPerm (commands and keys).
   *
   * @param fullName the command's full name
   * @param flags its flag words, or null
   * @param admin whether it is one of the server's admin commands
   * @param argv the command
   * @return null if allowed, else {@link #DENIED_CMD} or {@link #DENIED_KEY}
   */
  String check(User u, String fullName, String flags, boolean admin, byte[][] argv) {
    if (u == null) {
      return DENIED_CMD;
    }
    if (!allowsCommand(u, fullName, categories(fullName, flags, admin))) {
      return DENIED_CMD;
    }
    if (u.allKeys) {
      return null;
    }
    CommandInfo ci = table.apply(fullName);
    if (ci == null || (ci.firstKey() == 0 && !ci.flags().contains("movablekeys"))) {
      return null;
    }
    List<Integer> keys = KeyPositions.of(ci, argv);
    if (keys == null) {
      return null;
    }
    for (int k : keys) {
      if (!matchesKey(u, argv[k])) {
        return DENIED_KEY;
      }
    }
    return null;
  }

  private static boolean matchesKey(User u, byte[] key) {
    for (byte[] p : u.keyPatterns) {
      if (Glob.matches(p, key)) {
        return true;
      }
    }
    return false;
  }

  /** The user's rules as ACL LIST shows them. Redis: ACLDescribeUser. */
  static String describe(User u) {
    StringBuilder b = new StringBuilder("user ").append(u.name);
    b.append(u.on ? " on" : " off");
    if (u.nopass) {
      b.append(" nopass");
    }
    for (String h : u.hashes) {
      b.append(" #").append(h);
    }
    if (u.allKeys) {
      b.append(" ~*");
    } else {
      for (byte[] p : u.keyPatterns) {
        b.append(" ~").append(new String(p, StandardCharsets.ISO_8859_1));
      }
    }
    if (u.allChannels) {
      b.append(" &*");
    } else {
      b.append(" resetchannels");
      for (String p : u.channelPatterns) {
        b.append(" &").append(p);
      }
    }
    b.append(' ').append(String.join(" ", u.commandRules));
    return b.toString();
  }
}
