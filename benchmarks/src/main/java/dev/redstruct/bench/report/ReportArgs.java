package dev.redstruct.bench.report;

import dev.redstruct.bench.ReportOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** The report's command line, parsed. */
final class ReportArgs {
  static final String USAGE =
      String.join(
          "\n",
          "usage: java -jar benchmarks/target/benchmarks.jar [options]",
          "  --full                 precise run (2 forks, 3x1s warmup, 5x1s measurement);"
              + " default is quick",
          "  --include <regex>      only benchmarks/sections whose name/id contains a match"
              + " (repeatable)",
          "  --exclude <regex>      drop matching benchmarks/sections (repeatable)",
          "  --param <name>=<v,..>  override a @Param's values (repeatable)",
          "  --gc                   run JMH's GC profiler and show B/op",
          "  --no-sections          skip the non-JMH report sections",
          "  --no-jmh               skip the JMH benchmarks",
          "  --list                 list what the options select, run nothing",
          "  --out <dir>            output directory (default benchmarks/results)",
          "  --ignore-lock          run even while another JMH run holds /tmp/jmh.lock"
              + " (default: wait up to 10 min)",
          "  --help                 this text");

  boolean full;
  boolean gc;
  boolean sections = true;
  boolean jmh = true;
  boolean list;
  boolean help;
  boolean ignoreLock;
  Path out;
  final List<String> includes = new ArrayList<>();
  final List<String> excludes = new ArrayList<>();
  final Map<String, String[]> params = new LinkedHashMap<>();

  static ReportArgs parse(String[] args) {
    ReportArgs a = new ReportArgs();
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      switch (arg) {
        case "--full" -> a.full = true;
        case "--quick" -> a.full = false;
        case "--gc" -> a.gc = true;
        case "--no-sections" -> a.sections = false;
        case "--no-jmh" -> a.jmh = false;
        case "--list" -> a.list = true;
        case "--help", "-h" -> a.help = true;
        case "--ignore-lock" -> a.ignoreLock = true;
        case "--include" -> a.includes.add(regex(value(args, ++i, arg)));
        case "--exclude" -> a.excludes.add(regex(value(args, ++i, arg)));
        case "--out" -> a.out = Path.of(value(args, ++i, arg));
        case "--param" -> a.param(value(args, ++i, arg));
        default -> throw new IllegalArgumentException("unknown option: " + arg);
      }
    }
    if (a.out == null) {
      a.out =
          Files.isRegularFile(Path.of("benchmarks", "pom.xml"))
              ? Path.of("benchmarks", "results")
              : Path.of("results");
    }
    return a;
  }

  private void param(String spec) {
    int eq = spec.indexOf('=');
    if (eq <= 0 || eq == spec.length() - 1) {
      throw new IllegalArgumentException("--param wants name=v1,v2: " + spec);
    }
    params.put(spec.substring(0, eq), spec.substring(eq + 1).split(","));
  }

  private static String value(String[] args, int i, String option) {
    if (i >= args.length) {
      throw new IllegalArgumentException(option + " needs a value");
    }
    return args[i];
  }

  private static String regex(String s) {
    Pattern.compile(s); // fail early on a bad pattern, with the parser's message
    return s;
  }

  ReportOptions options() {
    return new ReportOptions(full, anyOf(includes), anyOf(excludes), out, gc);
  }

  private static Pattern anyOf(List<String> regexes) {
    if (regexes.isEmpty()) {
      return null;
    }
    StringBuilder s = new StringBuilder();
    for (String r : regexes) {
      s.append(s.length() == 0 ? "" : "|").append("(?:").append(r).append(')');
    }
    return Pattern.compile(s.toString());
  }
}
