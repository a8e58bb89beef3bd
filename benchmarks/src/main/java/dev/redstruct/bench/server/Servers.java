package dev.redstruct.bench.server;

import dev.redstruct.bench.ReportOptions;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Starting redis-server and our server as processes on free loopback ports, and timing them to
 * their first {@code +PONG}: what both server sections share.
 */
final class Servers {
  private static final long START_TIMEOUT_NANOS = TimeUnit.MINUTES.toNanos(3);

  private Servers() {}

  /** A server process on {@code port}, started at {@code startNanos}. */
  record Running(
      Process process, int port, long startNanos, long pongNanos, Path log, Thread killer)
      implements AutoCloseable {
    /** Milliseconds from the process's start to its first PONG. */
    double startMillis() {
      return (pongNanos - startNanos) / 1e6;
    }

    /** Stops the process (SIGTERM, then SIGKILL) and waits for it. */
    @Override
    public void close() {
      try {
        Runtime.getRuntime().removeShutdownHook(killer);
      } catch (IllegalStateException shuttingDown) {
        // the hook runs anyway
      }
      process.destroy();
      try {
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
          process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        process.destroyForcibly();
      }
    }
  }

  /** Whether {@code name} is an executable file in a {@code PATH} directory. */
  static boolean onPath(String name) {
    String path = System.getenv("PATH");
    if (path == null) {
      return false;
    }
    for (String dir : path.split(File.pathSeparator)) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, name))) {
        return true;
      }
    }
    return false;
  }

  /** A loopback port that was free a moment ago. */
  static int freePort() {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * redis-server on {@code port}: no persistence, no log file (output to {@code dir/redis.log}),
   * working in {@code dir}; {@code extra} flags last.
   */
  static Running redis(int port, Path dir, List<String> extra) {
    List<String> cmd = new ArrayList<>();
    cmd.addAll(List.of("redis-server", "--port", Integer.toString(port), "--bind", "127.0.0.1"));
    cmd.addAll(List.of("--save", "", "--appendonly", "no", "--daemonize", "no", "--logfile", ""));
    cmd.addAll(List.of("--dir", dir.toString()));
    cmd.addAll(extra);
    return start(cmd, port, dir.resolve("redis.log"));
  }

  /**
   * Our server in its own JVM with default flags, started as the executable jar starts it (main
   * class {@code dev.redstruct.server.RedisServer}, redis-server's flags), on the report's class
   * path.
   */
  static Running ours(ReportOptions options, int port, Path dir, List<String> extra) {
    List<String> args = new ArrayList<>();
    args.addAll(List.of("--port", Integer.toString(port), "--bind", "127.0.0.1", "--save", ""));
    args.addAll(List.of("--dir", dir.toString()));
    args.addAll(extra);
    List<String> cmd = options.javaCommand(List.of(), dev.redstruct.server.RedisServer.class, args);
    return start(cmd, port, dir.resolve("ours.log"));
  }

  private static Running start(List<String> cmd, int port, Path log) {
    Process p;
    long t0 = System.nanoTime();
    try {
      p =
          new ProcessBuilder(cmd)
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
              .start();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run " + cmd.get(0), e);
    }
    Thread killer = new Thread(p::destroyForcibly, "kill-server-" + port);
    Runtime.getRuntime().addShutdownHook(killer); // no stray server if the report is stopped
    long pong = awaitPong(p, port, log);
    return new Running(p, port, t0, pong, log, killer);
  }

  /**
   * Polls {@code PING} (1 ms apart) until {@code +PONG}; returns {@link System#nanoTime()} then.
   */
  static long awaitPong(Process p, int port, Path log) {
    long deadline = System.nanoTime() + START_TIMEOUT_NANOS;
    while (System.nanoTime() < deadline) {
      if (p != null && !p.isAlive()) {
        throw new IllegalStateException("server exited: " + tail(log));
      }
      try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
        s.setTcpNoDelay(true);
        // -LOADING while redis-server loads: ask again on the same connection
        while (System.nanoTime() < deadline) {
          if (ping(s)) {
            return System.nanoTime();
          }
          sleepMillis(1);
        }
      } catch (IOException notYet) {
        sleepMillis(1);
      }
    }
    if (p != null) {
      p.destroyForcibly();
    }
    throw new IllegalStateException("no PONG on port " + port + " in time: " + tail(log));
  }

  /** Sends PING, reads one line: whether it was {@code +PONG}. */
  static boolean ping(Socket s) throws IOException {
    OutputStream out = s.getOutputStream();
    out.write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
    out.flush();
    InputStream in = s.getInputStream();
    StringBuilder line = new StringBuilder();
    int b;
    while ((b = in.read()) != -1 && b != '\n') {
      line.append((char) b);
    }
    if (b == -1) {
      throw new IOException("closed");
    }
    return line.toString().startsWith("+PONG");
  }

  /** Sends one inline command and returns its first reply line (enough for DBSIZE, FLUSHALL). */
  static String call(int port, String inline) {
    try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
      s.getOutputStream().write((inline + "\r\n").getBytes(StandardCharsets.UTF_8));
      InputStream in = s.getInputStream();
      StringBuilder line = new StringBuilder();
      int b;
      while ((b = in.read()) != -1 && b != '\n') {
        line.append((char) b);
      }
      return line.toString().trim();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static void sleepMillis(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }

  static String tail(Path log) {
    if (log == null) {
      return "";
    }
    try {
      String s = Files.readString(log, StandardCharsets.UTF_8);
      return s.length() > 2000 ? s.substring(s.length() - 2000) : s;
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }

  /** Deletes a directory tree, ignoring failures. */
  static void deleteTree(Path dir) {
    try (var walk = Files.walk(dir)) {
      walk.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
    } catch (IOException ignored) {
      // temporary files only
    }
  }

  /** The median of {@code values} (the mean of the middle two for an even count). */
  static double median(List<Double> values) {
    List<Double> v = new ArrayList<>(values);
    v.sort(null);
    int n = v.size();
    return n % 2 == 1 ? v.get(n / 2) : (v.get(n / 2 - 1) + v.get(n / 2)) / 2;
  }
}
