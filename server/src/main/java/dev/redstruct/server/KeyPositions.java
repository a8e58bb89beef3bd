package dev.redstruct.server;

import dev.redstruct.keyspace.CommandInfo;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a command's keys are, for COMMAND GETKEYS: the first/last/step range of its row, and for
 * the commands with a key count argument ({@code movablekeys}) that count. Redis:
 * getKeysUsingLegacyRangeSpec and the *GetKeys functions of src/db.c (7.0.15).
 */
final class KeyPositions {
  private KeyPositions() {}

  /** The key positions in cmd, or null when the arguments do not name keys properly. */
  static List<Integer> of(CommandInfo ci, byte[][] cmd) {
    String name = ci.name();
    switch (name) {
      case "zunionstore":
      case "zinterstore":
      case "zdiffstore":
        return numkeys(cmd, 2, 3, 1);
      case "zunion":
      case "zinter":
      case "zdiff":
      case "zintercard":
      case "sintercard":
      case "lmpop":
      case "zmpop":
        return numkeys(cmd, 1, 2, -1);
      case "blmpop":
      case "bzmpop":
        return numkeys(cmd, 2, 3, -1);
      case "eval":
      case "evalsha":
      case "eval_ro":
      case "evalsha_ro":
      case "fcall":
      case "fcall_ro":
        return numkeys(cmd, 2, 3, -1);
      case "xread":
      case "xreadgroup":
        return streams(cmd);
      case "sort":
        return sort(cmd);
      default:
        break;
    }
    List<Integer> keys = new ArrayList<>();
    int last = ci.lastKey() < 0 ? cmd.length + ci.lastKey() : ci.lastKey();
    for (int i = ci.firstKey(); i <= last && i < cmd.length; i += Math.max(1, ci.keyStep())) {
      keys.add(i);
    }
    if (name.equals("georadius") || name.equals("georadiusbymember")) {
      for (int i = 5; i + 1 < cmd.length; i++) {
        String opt = new String(cmd[i], StandardCharsets.ISO_8859_1);
        if (opt.equalsIgnoreCase("store") || opt.equalsIgnoreCase("storedist")) {
          keys.add(i + 1);
          i++;
        }
      }
    }
    return keys.isEmpty() ? null : keys;
  }

  /** Redis: xreadGetKeys, the keys after STREAMS (half of what follows it). */
  private static List<Integer> streams(byte[][] cmd) {
    int at = -1;
    for (int i = 1; i < cmd.length; i++) {
      String o = new String(cmd[i], StandardCharsets.ISO_8859_1).toLowerCase(java.util.Locale.ROOT);
      if (o.equals("block") || o.equals("count")) {
        i++;
      } else if (o.equals("group")) {
        i += 2;
      } else if (o.equals("streams")) {
        at = i;
        break;
      } else if (!o.equals("noack")) {
        break;
      }
    }
    int num = at < 0 ? 0 : cmd.length - at - 1;
    if (num == 0 || num % 2 != 0) {
      return null;
    }
    List<Integer> keys = new ArrayList<>();
    for (int i = at + 1; i < cmd.length - num / 2; i++) {
      keys.add(i);
    }
    return keys;
  }

  /**
   * SORT's key and the key of its last STORE; LIMIT, GET and BY skip their arguments, any other
   * word is taken as an option without one. Redis: sortGetKeys (src/db.c).
   */
  private static List<Integer> sort(byte[][] cmd) {
    List<Integer> keys = new ArrayList<>(List.of(1));
    int store = -1;
    for (int i = 2; i < cmd.length; i++) {
      String opt = new String(cmd[i], StandardCharsets.ISO_8859_1);
      if (opt.equalsIgnoreCase("limit")) {
        i += 2;
      } else if (opt.equalsIgnoreCase("get") || opt.equalsIgnoreCase("by")) {
        i++;
      } else if (opt.equalsIgnoreCase("store") && i + 1 < cmd.length) {
        store = i + 1; // the next word is looked at again, as Redis does
      }
    }
    if (store >= 0) {
      keys.add(store);
    }
    return keys;
  }

  /** Keys counted by the argument at countAt, starting at first; plus the one at extra (>= 0). */
  private static List<Integer> numkeys(byte[][] cmd, int countAt, int first, int extra) {
    if (countAt >= cmd.length) {
      return null;
    }
    String s = new String(cmd[countAt], StandardCharsets.ISO_8859_1);
    long n;
    try {
      n = Long.parseLong(s);
    } catch (NumberFormatException e) {
      return null;
    }
    if (n <= 0 || first + n > cmd.length) {
      return null;
    }
    List<Integer> keys = new ArrayList<>();
    if (extra >= 0) {
      keys.add(extra);
    }
    for (int i = 0; i < n; i++) {
      keys.add(first + i);
    }
    return keys;
  }
}
