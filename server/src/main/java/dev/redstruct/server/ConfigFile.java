package dev.redstruct.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * redis-server's command line and config files: an optional config file path first, then {@code
 * --name value...} flags, each turned into a config line and read after the file, as Redis's {@code
 * main} (src/server.c) and {@code loadServerConfigFromString} (src/config.c, 7.0.15) do.
 */
final class ConfigFile {
  private ConfigFile() {}

  /**
   * The configuration named by redis-server's arguments.
   *
   * @throws IllegalArgumentException with Redis's "FATAL CONFIG FILE ERROR" text on a bad line
   * @throws UncheckedIOException if the config file cannot be read
   */
  static ServerConfig fromArgs(String[] args) {
    ServerConfig config = new ServerConfig();
    int j = 0;
    StringBuilder text = new StringBuilder();
    if (args.length > 0 && !args[0].startsWith("-")) {
      text.append(read(Path.of(args[0])));
      j = 1;
    }
    String options = optionsText(Arrays.copyOfRange(args, j, args.length));
    if (!options.isEmpty()) {
      text.append('\n').append(options); // Redis: loadServerConfig (line numbers count it)
    }
    load(config, text.toString());
    return config;
  }

  private static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.ISO_8859_1);
    } catch (IOException e) {
      throw new UncheckedIOException("Fatal error, can't open config file '" + file + "'", e);
    }
  }

  /**
   * The config lines {@code --port 6380 --save 900 1} stands for ("port 6380\nsave 900 1"): a
   * {@code --name} starts a line, each other argument is appended quoted (sdscatrepr). Redis: the
   * option loop of main.
   */
  static String optionsText(String[] argv) {
    StringBuilder options = new StringBuilder();
    boolean handledLast = true;
    for (int j = 0; j < argv.length; j++) {
      String a = argv[j];
      if (handledLast && a.startsWith("--")) {
        if (options.length() > 0) {
          options.append('\n');
        }
        options.append(a.substring(2)).append(' ');
        byte[][] words = SplitArgs.split(bytes(a), 0, a.length());
        if (words != null && words.length == 1) {
          handledLast = false;
          boolean nextIsOption = j != argv.length - 1 && argv[j + 1].startsWith("--");
          if (a.equalsIgnoreCase("--save") && (nextIsOption || j == argv.length - 1)) {
            options.append("\"\"");
            handledLast = nextIsOption;
          }
        } else {
          handledLast = true;
        }
      } else {
        options.append(repr(a)).append(' ');
        handledLast = true;
      }
    }
    return options.toString();
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  /** Redis: sdscatrepr. */
  private static String repr(String s) {
    StringBuilder sb = new StringBuilder("\"");
    for (char ch : s.toCharArray()) {
      switch (ch) {
        case '\\':
        case '"':
          sb.append('\\').append(ch);
          break;
        case '\n':
          sb.append("\\n");
          break;
        case '\r':
          sb.append("\\r");
          break;
        case '\t':
          sb.append("\\t");
          break;
        case 7:
          sb.append("\\a");
          break;
        case '\b':
          sb.append("\\b");
          break;
        default:
          if (ch >= 32 && ch < 127) {
            sb.append(ch);
          } else {
            sb.append(String.format("\\x%02x", (int) ch & 0xff));
          }
      }
    }
    return sb.append('"').toString();
  }

  /**
   * Applies config text line by line. Redis: loadServerConfigFromString. Directives of Redis that
   * this server has no use for but accepts as Redis does: {@code include} (read), {@code
   * rename-command}, {@code user}, {@code loadmodule} (refused).
   */
  static void load(ServerConfig config, String text) {
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      byte[][] words = SplitArgs.split(bytes(line), 0, line.length());
      if (words == null) {
        throw fatal(i + 1, line, "Unbalanced quotes in configuration line");
      }
      if (words.length == 0) {
        continue;
      }
      List<String> argv = new ArrayList<>();
      for (byte[] w : words) {
        argv.add(new String(w, StandardCharsets.ISO_8859_1));
      }
      String name = argv.get(0).toLowerCase(Locale.ROOT);
      ServerConfig.Def d = ServerConfig.lookup(name);
      String err;
      if (d != null) {
        if (!d.multiArg() && argv.size() != 2) {
          err = "wrong number of arguments";
        } else if (d.multiArg() && argv.size() == 2 && !argv.get(1).isEmpty()) {
          List<String> split = new ArrayList<>();
          for (byte[] w : SplitArgs.split(bytes(argv.get(1)), 0, argv.get(1).length())) {
            split.add(new String(w, StandardCharsets.ISO_8859_1));
          }
          err = config.set(d, split);
        } else {
          err = config.set(d, argv.subList(1, argv.size()));
        }
      } else if ((name.equals("list-max-ziplist-entries")
              || name.equals("list-max-ziplist-value")
              || name.equals("lua-replicate-commands"))
          && argv.size() == 2) {
        err = null; // deprecated directives Redis accepts and ignores
      } else if (name.equals("include") && argv.size() == 2) {
        load(config, read(Path.of(argv.get(1))));
        err = null;
      } else {
        err = "Bad directive or wrong number of arguments";
      }
      if (err != null) {
        throw fatal(i + 1, line, err);
      }
    }
  }

  private static IllegalArgumentException fatal(int lineNumber, String line, String err) {
    return new IllegalArgumentException(
        "\n*** FATAL CONFIG FILE ERROR (Redis 7.0.15) ***\n"
            + "Reading the configuration file, at line "
            + lineNumber
            + "\n>>> '"
            + line
            + "'\n"
            + err);
  }
}
