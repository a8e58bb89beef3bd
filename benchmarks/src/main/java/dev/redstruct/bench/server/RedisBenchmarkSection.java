package dev.redstruct.bench.server;

import dev.redstruct.bench.AbstractReportSection;
import dev.redstruct.bench.ReportOptions;
import dev.redstruct.bench.SectionResult;
import dev.redstruct.bench.Verdict;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * {@code redis-benchmark} (Redis 7.0's, Debian's redis-tools) against a real redis-server and our
 * server started side by side on free loopback ports in the same run: throughput of ours over
 * Redis's per command, 50 clients, without pipelining ({@code -P 1}) and with 16 ({@code -P 16}),
 * and both p99 latencies (issue #34's goal: at least 0.5x Redis per command).
 *
 * <p>Our server runs in its own JVM with default flags, as {@code java -jar
 * redstruct-server-*-all.jar} runs it: redis-server is its own process too, so neither shares a
 * heap, a GC or threads with the report (or with redis-benchmark, which takes one core either way).
 * Each server first gets the whole command list once with {@code -P 16}, not counted, so that our
 * JIT has compiled the command paths; then both are flushed. Per command the two runs are measured
 * seconds apart, the first of the pair alternating between the servers; {@code --full} repeats each
 * pair 3 times and takes the medians.
 */
public final class RedisBenchmarkSection extends AbstractReportSection {
  /** redis-benchmark's test names ({@code -t}); 7.0 has ZADD among them. */
  static final List<String> TESTS =
      List.of("set", "get", "incr", "lpush", "rpop", "sadd", "hset", "zadd");

  static final int CLIENTS = 50;

  /** {@code -r}: keys and members drawn from this many (sets, hashes, zsets grow past listpack). */
  static final int KEYSPACE = 100_000;

  private static final long RUN_TIMEOUT_MINUTES = 10;

  /** Creates the section (ServiceLoader). */
  public RedisBenchmarkSection() {
    super("server.redis-benchmark", "redis-benchmark: our server against redis-server 7.0");
  }

  @Override
  public SectionResult run(ReportOptions options) throws Exception {
    SectionResult.Builder table =
        SectionResult.table(
            "command",
            "pipeline",
            "ours req/s",
            "redis req/s",
            "ours / redis",
            "ours p99 ms",
            "redis p99 ms",
            "goal");
    if (!Servers.onPath("redis-server") || !Servers.onPath("redis-benchmark")) {
      return table.note("redis-server or redis-benchmark not on PATH: not run").build();
    }
    int rounds = options.byMode(1, 3);
    int[] requests = {options.byMode(10_000, 100_000), options.byMode(50_000, 1_000_000)};
    int[] pipelines = {1, 16};
    Path dir = Files.createTempDirectory("redstruct-rb-");
    try (Servers.Running redis = Servers.redis(Servers.freePort(), dir, List.of());
        Servers.Running ours = Servers.ours(options, Servers.freePort(), dir, List.of())) {
      int warm = options.byMode(30_000, 200_000);
      for (Servers.Running s : List.of(redis, ours)) {
        run(s.port(), String.join(",", TESTS), 16, warm);
        flush(s.port());
      }
      for (int pi = 0; pi < pipelines.length; pi++) {
        int p = pipelines[pi];
        for (int t = 0; t < TESTS.size(); t++) {
          List<Double> oursRps = new ArrayList<>();
          List<Double> redisRps = new ArrayList<>();
          List<Double> oursP99 = new ArrayList<>();
          List<Double> redisP99 = new ArrayList<>();
          for (int round = 0; round < rounds; round++) {
            boolean redisFirst = (t + round) % 2 == 0;
            for (int k = 0; k < 2; k++) {
              boolean isRedis = (k == 0) == redisFirst;
              double[] r = run((isRedis ? redis : ours).port(), TESTS.get(t), p, requests[pi]);
              (isRedis ? redisRps : oursRps).add(r[0]);
              (isRedis ? redisP99 : oursP99).add(r[1]);
            }
          }
          double o = Servers.median(oursRps);
          double rr = Servers.median(redisRps);
          table.row(
              TESTS.get(t).toUpperCase(Locale.ROOT),
              "-P " + p,
              o,
              rr,
              o / rr,
              Servers.median(oursP99),
              Servers.median(redisP99),
              Verdict.atLeast(o / rr, 0.5));
        }
      }
    } finally {
      Servers.deleteTree(dir);
    }
    return table
        .note(
            String.format(
                "redis-benchmark -t <command> -c %d -r %d -P 1 -n %d | -P 16 -n %d --csv, per"
                    + " command and server;",
                CLIENTS, KEYSPACE, requests[0], requests[1]))
        .note(
            "req/s and p99 as redis-benchmark reports them"
                + (rounds > 1 ? "; medians of " + rounds + " alternating pairs." : "."))
        .note("Ours: its own JVM, default flags (java -cp benchmarks.jar")
        .note("dev.redstruct.server.RedisServer, the executable jar's main); redis-server 7.0,")
        .note("persistence off. A warm-up pass (every command, -P 16, not counted) first, then")
        .note("FLUSHALL. The machine is shared (redis-benchmark takes a core): compare the ratios.")
        .build();
  }

  private static void flush(int port) {
    String r = Servers.call(port, "FLUSHALL");
    if (!r.equals("+OK")) {
      throw new IllegalStateException("FLUSHALL on " + port + ": " + r);
    }
  }

  /**
   * Runs redis-benchmark once; returns {rps, p99 ms} of its (last) CSV row.
   *
   * @throws IllegalStateException if it fails or prints no row
   */
  static double[] run(int port, String tests, int pipeline, int requests) {
    List<String> cmd =
        List.of(
            "redis-benchmark",
            "-h",
            "127.0.0.1",
            "-p",
            Integer.toString(port),
            "-t",
            tests,
            "-c",
            Integer.toString(CLIENTS),
            "-n",
            Integer.toString(requests),
            "-r",
            Integer.toString(KEYSPACE),
            "-P",
            Integer.toString(pipeline),
            "--csv");
    String out;
    try {
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
      byte[] bytes = p.getInputStream().readAllBytes();
      if (!p.waitFor(RUN_TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
        p.destroyForcibly();
        throw new IllegalStateException("redis-benchmark timed out: " + String.join(" ", cmd));
      }
      out = new String(bytes, StandardCharsets.UTF_8);
      if (p.exitValue() != 0) {
        throw new IllegalStateException("redis-benchmark failed: " + out);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
    return parseCsv(out, String.join(" ", cmd));
  }

  /** The last data row of redis-benchmark's {@code --csv}: {rps, p99_latency_ms}. */
  static double[] parseCsv(String out, String what) {
    double[] last = null;
    int rpsAt = 1;
    int p99At = 6;
    for (String line : out.split("\r?\n")) {
      String[] f = line.replace("\"", "").split(",");
      if (f.length < 7) {
        continue;
      }
      if (f[0].equals("test")) {
        List<String> h = List.of(f);
        rpsAt = h.indexOf("rps");
        p99At = h.indexOf("p99_latency_ms");
        continue;
      }
      last = new double[] {Double.parseDouble(f[rpsAt]), Double.parseDouble(f[p99At])};
    }
    if (last == null) {
      throw new IllegalStateException("no CSV row from " + what + ":\n" + out);
    }
    return last;
  }
}
