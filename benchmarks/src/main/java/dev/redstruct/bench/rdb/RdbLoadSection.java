package dev.redstruct.bench.rdb;

import dev.redstruct.bench.AbstractReportSection;
import dev.redstruct.bench.ReportOptions;
import dev.redstruct.bench.SectionResult;
import dev.redstruct.bench.Verdict;
import dev.redstruct.bench.rdb.LoadDataSets.DataSet;
import dev.redstruct.bench.rdb.LoadDataSets.Probe;
import dev.redstruct.testkit.RedisServer;
import dev.redstruct.testkit.RespClient;
import dev.redstruct.testkit.RespReply;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Loading one data set into a local redis-server three ways, by wall time: our {@code RESTORE}
 * payloads pipelined from the JVM, the same data as pipelined commands ({@code PFADD}, {@code
 * RPUSH}, {@code ZADD}: one command per key) from the JVM, and those commands fed to {@code
 * redis-cli --pipe} (Redis's mass-insertion path) from a file. Also the payload build throughput on
 * one core. The goal (issue #21): RESTORE at least 5x faster than pipelined commands for HLLs and
 * sorted sets (lists reported). After each load the section checks the key count ({@code DBSIZE})
 * and reads sample keys, comparing with the JVM copy and with our payload ({@code DUMP}), so a fast
 * load that loaded the wrong thing fails the section.
 */
public final class RdbLoadSection extends AbstractReportSection {
  private static final int ELEMENTS = 1_000;
  private static final int ZSET_MEMBERS = 100;

  /** Creates the section (ServiceLoader). */
  public RdbLoadSection() {
    super(
        "rdb.load",
        "Loading into redis-server: RESTORE payloads vs pipelined commands vs redis-cli --pipe");
  }

  @Override
  public SectionResult run(ReportOptions options) throws Exception {
    SectionResult.Builder table =
        SectionResult.table(
            "type",
            "keys",
            "build payloads/s (1 core)",
            "RESTORE s",
            "commands s",
            "redis-cli --pipe s",
            "commands / RESTORE",
            "cli / RESTORE",
            "goal");
    if (!RedisServer.isAvailable()) {
      return table.note("redis-server not on PATH: not run").build();
    }
    measure(LoadDataSets.hlls(options.byMode(2_000, 100_000), ELEMENTS), table);
    measure(LoadDataSets.zsets(options.byMode(4_000, 100_000), ZSET_MEMBERS), table);
    measure(LoadDataSets.lists(options.byMode(1_000, 10_000), ELEMENTS), table);
    return table
        .note("Wall time of loading the keys into an empty redis-server 7.0 (persistence off) on")
        .note("loopback; the JVM sends with testkit's RespClient, pipelined in batches of 1,000.")
        .note(
            "Build: PayloadWriter.dump(value), rdbcompression yes, one thread, values built before,")
        .note(
            "best of "
                + LoadDataSets.BUILD_PASSES
                + " passes over all keys (one cold pass mostly timed the JIT).")
        .note(
            "Checked after each load: DBSIZE, and on sample keys the type's read (PFCOUNT, LRANGE,")
        .note(
            "ZRANGE WITHSCORES) against the JVM copy and DUMP against our payload, byte for byte.")
        .note("The machine is shared: compare the ratios, measured seconds apart in one run.")
        .build();
  }

  private void measure(DataSet d, SectionResult.Builder table) throws Exception {
    try (RedisServer server = RedisServer.start(List.of("--sanitize-dump-payload", "no"));
        RespClient c = server.newClient()) {
      double restore = timed(c, d.restores());
      verify(c, d, "RESTORE");
      c.call("FLUSHALL").assertOk();
      double commands = timed(c, d.commands());
      verify(c, d, "commands");
      c.call("FLUSHALL").assertOk();
      double cli = cliPipe(server, d.commands());
      verify(c, d, "redis-cli --pipe");
      double ratio = commands / restore;
      table.row(
          d.type(),
          d.keys(),
          d.keys() / (d.buildNanos() / 1e9),
          restore,
          commands,
          cli,
          ratio,
          cli / restore,
          d.goal() ? Verdict.atLeast(ratio, 5.0) : "");
    }
  }

  /** Checks a load: every key is there and the sample keys read as the JVM copy predicts. */
  private static void verify(RespClient c, DataSet d, String how) {
    long dbsize = c.call("DBSIZE").asLong();
    if (dbsize != d.keys()) {
      throw new IllegalStateException(
          d.type() + " by " + how + ": DBSIZE " + dbsize + ", expected " + d.keys());
    }
    for (Probe p : d.probes()) {
      RespReply r = c.call(p.command());
      if (r.isError() || !p.expected().test(r)) {
        throw new IllegalStateException(
            d.type()
                + " by "
                + how
                + ": "
                + new String(p.command()[0], StandardCharsets.UTF_8)
                + " "
                + new String(p.command()[1], StandardCharsets.UTF_8)
                + " gave "
                + r);
      }
    }
  }

  private static double timed(RespClient c, List<byte[][]> cmds) {
    long t0 = System.nanoTime();
    List<RespReply> replies = c.pipeline(cmds);
    double s = (System.nanoTime() - t0) / 1e9;
    for (RespReply r : replies) {
      if (r.isError()) {
        throw new IllegalStateException("load failed: " + r);
      }
    }
    return s;
  }

  /** Writes the commands as RESP to a file, then times {@code redis-cli --pipe < file}. */
  private static double cliPipe(RedisServer server, List<byte[][]> cmds) throws Exception {
    Path file = Files.createTempFile("rdb-load-", ".resp");
    try {
      try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
        for (byte[][] cmd : cmds) {
          writeResp(out, cmd);
        }
      }
      ProcessBuilder pb =
          new ProcessBuilder("redis-cli", "-p", Integer.toString(server.port()), "--pipe")
              .redirectInput(file.toFile())
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD);
      long t0 = System.nanoTime();
      Process p = pb.start();
      if (!p.waitFor(10, TimeUnit.MINUTES) || p.exitValue() != 0) {
        p.destroyForcibly();
        throw new IllegalStateException("redis-cli --pipe failed");
      }
      return (System.nanoTime() - t0) / 1e9;
    } finally {
      Files.deleteIfExists(file);
    }
  }

  private static void writeResp(OutputStream out, byte[][] cmd) throws IOException {
    out.write(("*" + cmd.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
    for (byte[] a : cmd) {
      out.write(("$" + a.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
      out.write(a);
      out.write('\r');
      out.write('\n');
    }
  }
}
