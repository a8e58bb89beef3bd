package dev.redstruct.server;

import dev.redstruct.server.ServerConfig.Def;
import dev.redstruct.server.ServerConfig.Kind;
import java.math.BigInteger;
import java.util.List;
import java.util.Locale;

/**
 * Parsing and printing of configuration values: numbers with memory units, percentages and octal,
 * and the special directives ({@code save}, {@code bind}, {@code client-output-buffer-limit},
 * {@code notify-keyspace-events}, ...). Redis: numericParseString, memtoull (src/util.c) and the
 * setConfig*Option functions of src/config.c (7.0.15).
 */
final class ConfigValues {
  private ConfigValues() {}

  /** A number for a numeric directive, or the error text (a String). Redis: numericConfigSet. */
  static Object parseNumber(Def d, String v) {
    Long n = null;
    if (d.kind() == Kind.MEMORY || d.kind() == Kind.PERCENT) {
      n = memory(v);
    }
    if (n == null
        && d.kind() == Kind.PERCENT
        && v.length() > 1
        && v.endsWith("%")
        && isLong(v.substring(0, v.length() - 1))) {
      long pct = Long.parseLong(v.substring(0, v.length() - 1));
      if (pct >= 0) {
        n = -pct; // Redis stores a percentage as a negative value
      }
    }
    if (n == null && d.kind() == Kind.OCTAL) {
      try {
        n = Long.parseLong(v, 8);
      } catch (NumberFormatException e) {
        n = null;
      }
    }
    if (n == null && d.kind() == Kind.INT && isLong(v)) {
      n = Long.parseLong(v);
    }
    if (n == null) {
      switch (d.kind()) {
        case PERCENT:
          return "argument must be a memory or percent value";
        case MEMORY:
          return "argument must be a memory value";
        case OCTAL:
          return "argument couldn't be parsed as an octal number";
        default:
          return "argument couldn't be parsed into an integer";
      }
    }
    if (d.kind() == Kind.PERCENT && n < 0) {
      if (n < d.min()) {
        return "percentage argument must be less or equal to " + -d.min();
      }
    } else if (n > d.max() || n < d.min()) {
      if (d.kind() == Kind.OCTAL) {
        return "argument must be between "
            + Long.toOctalString(d.min())
            + " and "
            + Long.toOctalString(d.max())
            + " inclusive";
      }
      return "argument must be between " + d.min() + " and " + d.max() + " inclusive";
    }
    return n;
  }

  /** The text CONFIG GET prints for a number. Redis: numericConfigGet. */
  static String formatNumber(Def d, long n) {
    if (d.kind() == Kind.PERCENT && n < 0) {
      return -n + "%";
    }
    if (d.kind() == Kind.OCTAL) {
      return Long.toOctalString(n);
    }
    return Long.toString(n);
  }

  /** Redis's canonical integer test (string2ll). */
  static boolean isLong(String s) {
    if (s.isEmpty() || s.length() > 20) {
      return false;
    }
    if (s.equals("0")) {
      return true;
    }
    int i = s.charAt(0) == '-' ? 1 : 0;
    if (i == s.length() || s.charAt(i) < '1' || s.charAt(i) > '9') {
      return false;
    }
    for (int j = i; j < s.length(); j++) {
      if (s.charAt(j) < '0' || s.charAt(j) > '9') {
        return false;
      }
    }
    try {
      Long.parseLong(s);
      return true;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  /** Bytes with an optional unit (b, k, kb, m, mb, g, gb), or null. Redis: memtoull. */
  static Long memory(String v) {
    if (v.startsWith("-")) {
      return null;
    }
    int u = 0;
    while (u < v.length() && v.charAt(u) >= '0' && v.charAt(u) <= '9') {
      u++;
    }
    long mul;
    switch (v.substring(u).toLowerCase(Locale.ROOT)) {
      case "":
      case "b":
        mul = 1;
        break;
      case "k":
        mul = 1000;
        break;
      case "kb":
        mul = 1024;
        break;
      case "m":
        mul = 1000 * 1000;
        break;
      case "mb":
        mul = 1024 * 1024;
        break;
      case "g":
        mul = 1000L * 1000 * 1000;
        break;
      case "gb":
        mul = 1024L * 1024 * 1024;
        break;
      default:
        return null;
    }
    if (u == 0) {
      return null;
    }
    BigInteger n = new BigInteger(v.substring(0, u)).multiply(BigInteger.valueOf(mul));
    return n.bitLength() > 63 ? null : n.longValue();
  }

  /**
   * A special directive's stored text, or {@code new String[] {error}}. Redis: the setConfig*Option
   * functions.
   */
  static Object special(String name, List<String> args, String current) {
    switch (name) {
      case "save":
        return save(args);
      case "notify-keyspace-events":
        return args.size() != 1 ? err("wrong number of arguments") : notifyFlags(args.get(0));
      case "client-output-buffer-limit":
        return clientOutputBufferLimit(args, current);
      case "dir":
        if (args.size() != 1) {
          return err("wrong number of arguments");
        }
        java.nio.file.Path p = java.nio.file.Path.of(args.get(0)).toAbsolutePath().normalize();
        return java.nio.file.Files.isDirectory(p) ? p.toString() : err("No such file or directory");
      default: // bind, replicaof, oom-score-adj-values, latency-tracking-info-percentiles
        return args.isEmpty() ? err("wrong number of arguments") : String.join(" ", args);
    }
  }

  private static String[] err(String text) {
    return new String[] {text};
  }

  /** Redis: setConfigSaveOption (pairs of seconds and changes; "" clears). */
  private static Object save(List<String> args) {
    if (args.size() == 1 && args.get(0).isEmpty()) {
      return "";
    }
    if (args.size() % 2 != 0) {
      return err("Invalid save parameters");
    }
    StringBuilder sb = new StringBuilder();
    for (String a : args) {
      if (!isLong(a) || Long.parseLong(a) < 0) {
        return err("Invalid save parameters");
      }
      sb.append(sb.length() == 0 ? "" : " ").append(Long.parseLong(a));
    }
    return sb.toString();
  }

  private static final String CLASSES = "Ag$lshzxeKEtmdn";

  /**
   * The canonical text of {@code notify-keyspace-events}. Redis: keyspaceEventsStringToFlags and
   * keyspaceEventsFlagsToString (src/notify.c).
   */
  private static Object notifyFlags(String v) {
    boolean all = false;
    StringBuilder set = new StringBuilder();
    for (char ch : v.toCharArray()) {
      if (CLASSES.indexOf(ch) < 0) {
        return err("Invalid event class character. Use 'Ag$lshzxeKEtmdn'.");
      }
      if (ch == 'A') {
        all = true;
      } else if (set.indexOf(String.valueOf(ch)) < 0) {
        set.append(ch);
      }
    }
    StringBuilder out = new StringBuilder();
    String types = "g$lshzxetd"; // 'A' covers these
    boolean hasAll = all;
    if (!hasAll) {
      hasAll = true;
      for (char ch : types.toCharArray()) {
        if (set.indexOf(String.valueOf(ch)) < 0) {
          hasAll = false;
        }
      }
    }
    if (hasAll) {
      out.append('A');
    } else {
      for (char ch : (types + "n").toCharArray()) {
        if (set.indexOf(String.valueOf(ch)) >= 0) {
          out.append(ch);
        }
      }
    }
    for (char ch : "KEm".toCharArray()) {
      if (set.indexOf(String.valueOf(ch)) >= 0) {
        out.append(ch);
      }
    }
    return out.toString();
  }

  /** Redis: setConfigClientOutputBufferLimitOption (class hard soft seconds, repeated). */
  private static Object clientOutputBufferLimit(List<String> args, String current) {
    if (args.size() % 4 != 0 || args.isEmpty()) {
      return err("Wrong number of arguments in buffer limit configuration.");
    }
    String[] classes = {"normal", "slave", "pubsub"};
    String[] now = current.split(" "); // "normal h s t slave h s t pubsub h s t"
    long[][] limits = new long[3][3];
    for (int c = 0; c < 3; c++) {
      for (int k = 0; k < 3; k++) {
        limits[c][k] = Long.parseLong(now[c * 4 + 1 + k]);
      }
    }
    for (int i = 0; i < args.size(); i += 4) {
      String cls = args.get(i).toLowerCase(Locale.ROOT);
      int c = cls.equals("replica") ? 1 : java.util.Arrays.asList(classes).indexOf(cls);
      if (c < 0) {
        return err("Invalid client class specified in buffer limit configuration.");
      }
      Long hard = memory(args.get(i + 1));
      Long soft = memory(args.get(i + 2));
      String secs = args.get(i + 3);
      if (hard == null || soft == null || !isLong(secs) || Long.parseLong(secs) < 0) {
        return err("Error in hard, soft or soft_seconds setting in buffer limit configuration.");
      }
      limits[c] = new long[] {hard, soft, Long.parseLong(secs)};
    }
    StringBuilder sb = new StringBuilder();
    for (int c = 0; c < 3; c++) {
      sb.append(c == 0 ? "" : " ").append(classes[c]);
      for (long n : limits[c]) {
        sb.append(' ').append(n);
      }
    }
    return sb.toString();
  }
}
