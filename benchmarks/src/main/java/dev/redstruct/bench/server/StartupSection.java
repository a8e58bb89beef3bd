package dev.redstruct.bench.server;

import dev.redstruct.bench.AbstractReportSection;
import dev.redstruct.bench.ReportOptions;
import dev.redstruct.bench.SectionResult;
import dev.redstruct.bench.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * How fast a server answers its first {@code PING}: our server started inside a JVM ({@code
 * RedisServer.start}, cold in a fresh JVM and warm), our server and redis-server as processes,
 * empty and loading an RDB file that redis-server wrote ({@code DEBUG POPULATE n}, {@code SAVE};
 * 10^6 keys with {@code --full}). Issue #34's goal: an empty server starts in at most 50 ms inside
 * the test JVM, judged on the first server of a test JVM (our classes load then; the JDK's lambda
 * and string-concatenation machinery is already up, as JUnit has used it).
 */
public final class StartupSection extends AbstractReportSection {
  /** Creates the section (ServiceLoader). */
  public StartupSection() {
    super("server.startup", "Server start-up: time to the first PONG, ours and redis-server");
  }

  @Override
  public SectionResult run(ReportOptions options) throws Exception {
    SectionResult.Builder table =
        SectionResult.table("start", "keys", "ours ms", "redis ms", "ours / redis", "goal");
    int probes = options.byMode(3, 7);
    int warm = options.byMode(20, 50);
    Map<String, List<Double>> fresh = probeInJvm(options, probes, 0, "cold", null);
    Map<String, List<Double>> primed = probeInJvm(options, probes, warm, "primed", null);
    Map<String, List<Double>> floor = probeInJvm(options, probes, 0, "floor", null);
    Map<String, List<Double>> cpu = probeInJvm(options, probes, 0, "primed+cpu", null);
    Map<String, List<Double>> floorCpu = probeInJvm(options, probes, 0, "floor+cpu", null);
    double first = Servers.median(primed.get("cold"));
    table.row("in-JVM, fresh JVM", 0, Servers.median(fresh.get("cold")), "", "", "");
    table.row("in-JVM, first in a test JVM", 0, first, "", "", Verdict.atMost(first, 50));
    table.row("in-JVM, warm", 0, Servers.median(primed.get("warm")), "", "", "");
    table.row(
        "in-JVM floor: bare NIO +PONG server (JDK only), first in a test JVM",
        0,
        Servers.median(floor.get("cold")),
        "",
        "",
        "");
    table.row(
        "in-JVM, first in a test JVM: CPU ms of the starting thread",
        0,
        Servers.median(cpu.get("cpu")),
        "",
        "",
        "");
    table.row(
        "in-JVM floor: CPU ms of the starting thread",
        0,
        Servers.median(floorCpu.get("cpu")),
        "",
        "",
        "");
    if (!Servers.onPath("redis-server")) {
      return table.note("redis-server not on PATH: the process rows were not run").build();
    }
    Path dir = Files.createTempDirectory("redstruct-start-");
    try {
      processes(options, table, dir, 0, probes);
      int keys = options.byMode(100_000, 1_000_000);
      populate(dir, keys);
      processes(options, table, dir, keys, options.byMode(1, 3));
      Map<String, List<Double>> rdb =
          probeInJvm(options, 1, options.byMode(1, 2), "primed", dir.resolve("data"));
      table.row("in-JVM RDB load, warm", keys, Servers.median(rdb.get("warm")), "", "", "");
    } finally {
      Servers.deleteTree(dir);
    }
    return table
        .note("ms from RedisServer.start (in-JVM) or from starting the process to the first +PONG")
        .note("of a client polling PING 1 ms apart; medians of " + probes + " JVMs. In-JVM: the")
        .note("first start in a fresh JVM; the first in a JVM that has done what a test JVM has")
        .note("(lambdas, string concatenation, regex: JUnit's engine uses them) before, the goal;")
        .note("warm: the median of the next " + warm + " starts in that JVM. Floor: a Selector,")
        .note("a listening channel and a thread that answers +PONG, timed the same way: what")
        .note("the JDK alone costs that first start. CPU ms: the starting thread's CPU time")
        .note(
            "for the same first start (class loading included), less stretched by a busy machine.")
        .note("Processes: redis-server --save '' vs our server in its own JVM, default flags")
        .note("(java -cp benchmarks.jar dev.redstruct.server.RedisServer, JVM start included).")
        .note("RDB: dump.rdb written by redis-server after DEBUG POPULATE <keys>, loaded at start")
        .note("by both (DBSIZE checked).")
        .build();
  }

  private static Map<String, List<Double>> probeInJvm(
      ReportOptions options, int jvms, int warm, String how, Path rdbDir) throws Exception {
    Map<String, List<Double>> m = new TreeMap<>();
    m.put("cold", new ArrayList<>());
    m.put("warm", new ArrayList<>());
    m.put("cpu", new ArrayList<>());
    List<String> args = new ArrayList<>(List.of(Integer.toString(warm), how));
    if (rdbDir != null) {
      args.add(rdbDir.toString());
    }
    for (int i = 0; i < jvms; i++) {
      String out = options.runJava(List.of(), StartupProbe.class, args, Duration.ofMinutes(5));
      for (String line : out.split("\n")) {
        String[] f = line.trim().split(" ");
        if (f.length == 2 && m.containsKey(f[0])) {
          m.get(f[0]).add(Double.parseDouble(f[1]));
        }
      }
    }
    return m;
  }

  /** Rows for both servers as processes, empty ({@code keys} 0) or loading {@code data/}. */
  private static void processes(
      ReportOptions options, SectionResult.Builder table, Path dir, int keys, int reps) {
    List<Double> ours = new ArrayList<>();
    List<Double> redis = new ArrayList<>();
    Path data = dir.resolve(keys == 0 ? "empty" : "data");
    try {
      Files.createDirectories(data);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    for (int i = 0; i < reps; i++) {
      for (int k = 0; k < 2; k++) {
        boolean isRedis = (k == 0) == (i % 2 == 0);
        try (Servers.Running s =
            isRedis
                ? Servers.redis(Servers.freePort(), data, List.of())
                : Servers.ours(options, Servers.freePort(), data, List.of())) {
          String size = Servers.call(s.port(), "DBSIZE");
          if (!size.equals(":" + keys)) {
            throw new IllegalStateException((isRedis ? "redis" : "ours") + " DBSIZE " + size);
          }
          (isRedis ? redis : ours).add(s.startMillis());
        }
      }
    }
    double o = Servers.median(ours);
    double r = Servers.median(redis);
    String what = keys == 0 ? "process, empty" : "process, RDB load";
    table.row(what, keys, o, r, o / r, "");
  }

  /** Writes {@code dir/data/dump.rdb} with redis-server: DEBUG POPULATE keys, SAVE. */
  private static void populate(Path dir, int keys) throws Exception {
    Path work = Files.createDirectories(dir.resolve("make"));
    Path data = Files.createDirectories(dir.resolve("data"));
    try (Servers.Running s =
        Servers.redis(Servers.freePort(), work, List.of("--enable-debug-command", "yes"))) {
      String r = Servers.call(s.port(), "DEBUG POPULATE " + keys);
      String saved = Servers.call(s.port(), "SAVE");
      if (!r.equals("+OK") || !saved.equals("+OK")) {
        throw new IllegalStateException("DEBUG POPULATE / SAVE: " + r + " " + saved);
      }
    }
    Files.copy(
        work.resolve("dump.rdb"), data.resolve("dump.rdb"), StandardCopyOption.REPLACE_EXISTING);
  }
}
