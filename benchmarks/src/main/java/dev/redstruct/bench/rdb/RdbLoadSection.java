package dev.redstruct.bench.rdb;

import dev.redstruct.bench.AbstractReportSection;
import dev.redstruct.bench.ReportOptions;
import dev.redstruct.bench.SectionResult;
import dev.redstruct.bench.Verdict;
import dev.redstruct.hll.HyperLogLog;
import dev.redstruct.quicklist.QuickList;
import dev.redstruct.rdb.PayloadWriter;
import dev.redstruct.testkit.RedisServer;
import dev.redstruct.testkit.RespClient;
import dev.redstruct.testkit.RespReply;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * Loading one data set into a local redis-server three ways, by wall time: our {@code RESTORE}
 * payloads pipelined from the JVM, the same data as pipelined commands ({@code PFADD}/{@code
 * RPUSH}, one command of 1,000 elements per key) from the JVM, and those commands fed to {@code
 * redis-cli --pipe} (Redis's mass-insertion path) from a file. Also the payload build throughput on
 * one core. The goal: RESTORE at least 5x faster than pipelined commands for HLLs (lists reported;
 * sorted sets once their payload adapter is wired).
 */
public final class RdbLoadSection extends AbstractReportSection {
  private static final int ELEMENTS = 1_000;

  /** Creates the section (ServiceLoader). */
  public RdbLoadSection() {
    super(
        "rdb.load",
        "Loading into redis-server: RESTORE payloads vs pipelined commands vs redis-cli --pipe");
  }

  /** One data set: its payloads' build time, and its keys as payloads and as commands. */
  private record DataSet(
      String type, int keys, long buildNanos, List<byte[][]> restores, List<byte[][]> commands) {}

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
    for (DataSet d :
        List.of(hlls(options.byMode(2_000, 100_000)), lists(options.byMode(1_000, 10_000)))) {
      measure(d, table);
    }
    return table
        .note("Wall time of loading the keys into an empty redis-server 7.0 (persistence off) on")
        .note("loopback; the JVM sends with testkit's RespClient, pipelined in batches of 1,000.")
        .note(
            "Build: PayloadWriter.dump(value), rdbcompression yes, one thread, values built before.")
        .note("The machine is shared: compare the ratios, measured seconds apart in one run.")
        .build();
  }

  private void measure(DataSet d, SectionResult.Builder table) throws Exception {
    try (RedisServer server = RedisServer.start(List.of("--sanitize-dump-payload", "no"));
        RespClient c = server.newClient()) {
      double restore = timed(c, d.restores());
      c.call("FLUSHALL").assertOk();
      double commands = timed(c, d.commands());
      c.call("FLUSHALL").assertOk();
      double cli = cliPipe(server, d.commands());
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
          d.type().startsWith("HLL") ? Verdict.atLeast(ratio, 5.0) : "");
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

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  static DataSet hlls(int keys) {
    SplittableRandom rnd = new SplittableRandom(21);
    List<HyperLogLog> values = new ArrayList<>(keys);
    List<byte[][]> commands = new ArrayList<>(keys);
    for (int k = 0; k < keys; k++) {
      HyperLogLog h = HyperLogLog.create();
      byte[][] cmd = new byte[2 + ELEMENTS][];
      cmd[0] = utf8("PFADD");
      cmd[1] = utf8("hll:" + k);
      for (int i = 0; i < ELEMENTS; i++) {
        cmd[2 + i] = utf8("user:" + rnd.nextInt(10_000_000));
        h.add(cmd[2 + i]);
      }
      values.add(h);
      commands.add(cmd);
    }
    long t0 = System.nanoTime();
    PayloadWriter w = PayloadWriter.create(true);
    List<byte[][]> restores = new ArrayList<>(keys);
    for (int k = 0; k < keys; k++) {
      byte[] p = w.dump(values.get(k));
      restores.add(new byte[][] {utf8("RESTORE"), commands.get(k)[1], utf8("0"), p});
    }
    return new DataSet("HLL of " + ELEMENTS, keys, System.nanoTime() - t0, restores, commands);
  }

  static DataSet lists(int keys) {
    SplittableRandom rnd = new SplittableRandom(22);
    List<QuickList> values = new ArrayList<>(keys);
    List<byte[][]> commands = new ArrayList<>(keys);
    for (int k = 0; k < keys; k++) {
      QuickList q = QuickList.create();
      byte[][] cmd = new byte[2 + ELEMENTS][];
      cmd[0] = utf8("RPUSH");
      cmd[1] = utf8("list:" + k);
      for (int i = 0; i < ELEMENTS; i++) {
        cmd[2 + i] =
            utf8(
                rnd.nextBoolean()
                    ? Integer.toString(rnd.nextInt(1000))
                    : "user:" + rnd.nextInt(100_000));
        q.pushTail(cmd[2 + i]);
      }
      values.add(q);
      commands.add(cmd);
    }
    long t0 = System.nanoTime();
    PayloadWriter w = PayloadWriter.create(true);
    List<byte[][]> restores = new ArrayList<>(keys);
    for (int k = 0; k < keys; k++) {
      byte[] p = w.dump(values.get(k));
      restores.add(new byte[][] {utf8("RESTORE"), commands.get(k)[1], utf8("0"), p});
    }
    return new DataSet("list of " + ELEMENTS, keys, System.nanoTime() - t0, restores, commands);
  }
}
