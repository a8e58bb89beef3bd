package dev.redstruct.testkit;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import java.util.stream.Stream;

/**
 * A private {@code redis-server} process for tests, listening on a free port of {@code 127.0.0.1}.
 *
 * <p>The executable is looked up on {@code PATH} (see {@link #isAvailable()}). Each server runs in
 * its own temporary directory with persistence off ({@code --save "" --appendonly no}), {@code
 * --sanitize-dump-payload yes} (so {@code RESTORE} deep-checks the payloads we build, as a strict
 * oracle should) and its log in that directory. {@link #close()} stops exactly this process (by its
 * {@link Process} handle, never by name: first {@code SHUTDOWN NOSAVE}, then {@link
 * Process#destroy()}, then {@link Process#destroyForcibly()}) and deletes the directory; a JVM
 * shutdown hook kills the process if the test JVM exits without closing it.
 *
 * <p>Thread-safe: {@link #newClient()} may be called from any thread; each client is for one
 * thread.
 *
 * <pre>{@code
 * try (RedisServer server = RedisServer.start(); RespClient c = server.newClient()) {
 *   c.call("SET", "k", "v").assertOk();
 * }
 * }</pre>
 */
public final class RedisServer implements AutoCloseable {
  /*
   * Implementation notes.
   * Port choice races with other processes (and other test JVMs): the port from a ServerSocket bound
   * to 0 is free when we close it, but may be taken before redis binds it. Redis then exits with
   * "Address already in use" in its log; start() retries with a new port a few times.
   * Output goes to a file, never a pipe: an undrained pipe fills up and blocks the server.
   */

  /** The executable name looked up on {@code PATH}. */
  public static final String EXECUTABLE = "redis-server";

  private static final int START_ATTEMPTS = 5;
  private static final long STARTUP_TIMEOUT_MS = 15_000;

  private final Process process;
  private final int port;
  private final Path dir;
  private final Thread shutdownHook;
  private boolean closed;

  private RedisServer(Process process, int port, Path dir, Thread shutdownHook) {
    this.process = process;
    this.port = port;
    this.dir = dir;
    this.shutdownHook = shutdownHook;
  }

  /**
   * Returns whether {@code redis-server} is an executable file in a {@code PATH} directory.
   *
   * @return {@code true} if {@link #start()} can be attempted
   */
  public static boolean isAvailable() {
    return findExecutable() != null;
  }

  /**
   * Starts a server with the default configuration and waits until it answers {@code PING}.
   *
   * @return the running server
   * @throws IllegalStateException if {@code redis-server} is not on {@code PATH} or does not start
   *     (the message includes the end of its log)
   */
  public static RedisServer start() {
    return start(List.of());
  }

  /**
   * Starts a server with extra command-line configuration and waits until it answers {@code PING}.
   * Example: {@code start(List.of("--list-max-listpack-size", "4"))}.
   *
   * @param extraArgs arguments appended to the command line (they override the defaults)
   * @return the running server
   * @throws IllegalStateException if {@code redis-server} is not on {@code PATH} or does not start
   */
  public static RedisServer start(List<String> extraArgs) {
    return start(extraArgs, RedisServer::freePort);
  }

  /** {@link #start(List)} with the port choice injectable, so tests can provoke a bind failure. */
  static RedisServer start(List<String> extraArgs, IntSupplier ports) {
    Objects.requireNonNull(extraArgs, "extraArgs");
    Path exe = findExecutable();
    if (exe == null) {
      throw new IllegalStateException(EXECUTABLE + " not found on PATH");
    }
    String lastLog = "";
    for (int attempt = 0; attempt < START_ATTEMPTS; attempt++) {
      Path dir;
      try {
        dir = Files.createTempDirectory("redstruct-redis-");
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      RedisServer server = tryStart(exe, ports.getAsInt(), dir, extraArgs);
      if (server != null) {
        return server;
      }
      lastLog = tail(dir.resolve("redis.log"));
      deleteRecursively(dir);
      if (!lastLog.contains("Address already in use")) {
        break;
      }
    }
    throw new IllegalStateException(EXECUTABLE + " did not start; end of its log:\n" + lastLog);
  }

  /** Returns the server if it answers PING in time, else kills it and returns null. */
  private static RedisServer tryStart(Path exe, int port, Path dir, List<String> extraArgs) {
    List<String> cmd = new ArrayList<>(List.of(exe.toString()));
    cmd.addAll(
        Arrays.asList(
            "--port", Integer.toString(port),
            "--bind", "127.0.0.1",
            "--protected-mode", "yes",
            "--daemonize", "no",
            "--save", "",
            "--appendonly", "no",
            "--sanitize-dump-payload", "yes",
            "--dir", dir.toString(),
            "--logfile", ""));
    cmd.addAll(extraArgs);
    Process p;
    try {
      p =
          new ProcessBuilder(cmd)
              .directory(dir.toFile())
              .redirectErrorStream(true)
              .redirectOutput(dir.resolve("redis.log").toFile())
              .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
              .start();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run " + exe, e);
    }
    Thread hook = new Thread(p::destroyForcibly, "redis-server-" + port + "-killer");
    Runtime.getRuntime().addShutdownHook(hook);
    RedisServer server = new RedisServer(p, port, dir, hook);
    if (server.awaitPing()) {
      return server;
    }
    server.kill();
    return null; // the caller reads the log, then deletes dir
  }

  private boolean awaitPing() {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(STARTUP_TIMEOUT_MS);
    while (System.nanoTime() < deadline && process.isAlive()) {
      try (RespClient c = RespClient.connect(port, 2_000)) {
        RespReply r = c.call("PING");
        if (r.equals(new RespReply.Simple("PONG"))) {
          return true;
        }
      } catch (UncheckedIOException notYet) {
        sleep(20);
      }
    }
    return false;
  }

  /**
   * Returns the TCP port on {@code 127.0.0.1}.
   *
   * @return the port
   */
  public int port() {
    return port;
  }

  /**
   * Returns the server's private directory (working directory and {@code dir} setting).
   *
   * @return the directory, deleted by {@link #close()}
   */
  public Path directory() {
    return dir;
  }

  /**
   * Opens a new connection to this server.
   *
   * @return a connected client; the caller closes it
   * @throws UncheckedIOException if the connection fails
   */
  public RespClient newClient() {
    return RespClient.connect(port);
  }

  /**
   * Returns the end of the server's log (its last 4,000 characters), for failure messages: a test
   * that fails against the oracle shows what the server was doing (see {@link RedisExtension}).
   *
   * @return the log's tail, or a note saying why there is none
   */
  public String logTail() {
    return tail(dir.resolve("redis.log"));
  }

  /**
   * Returns whether the process is still running.
   *
   * @return {@code true} while the server process is alive
   */
  public boolean isAlive() {
    return process.isAlive();
  }

  /**
   * Stops the server and deletes its directory. Idempotent.
   *
   * <p>Asks politely with {@code SHUTDOWN NOSAVE}, then destroys the process if it is still alive.
   */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (process.isAlive()) {
      try (RespClient c = RespClient.connect(port, 5_000)) {
        c.call("SHUTDOWN", "NOSAVE");
      } catch (UncheckedIOException expected) {
        // SHUTDOWN closes the connection instead of replying
      }
    }
    kill();
    deleteRecursively(dir);
  }

  private void kill() {
    try {
      if (!process.waitFor(5, TimeUnit.SECONDS)) {
        process.destroy();
        if (!process.waitFor(5, TimeUnit.SECONDS)) {
          process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
    try {
      Runtime.getRuntime().removeShutdownHook(shutdownHook);
    } catch (IllegalStateException shuttingDown) {
      // the hook is running or about to; it only kills the (already dead) process
    }
  }

  @Override
  public String toString() {
    return "RedisServer[127.0.0.1:" + port + (process.isAlive() ? "" : ", stopped") + "]";
  }

  private static Path findExecutable() {
    String path = System.getenv("PATH");
    if (path == null) {
      return null;
    }
    for (String d : path.split(File.pathSeparator)) {
      if (d.isEmpty()) {
        continue;
      }
      Path candidate = Path.of(d, EXECUTABLE);
      if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    return null;
  }

  private static int freePort() {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("no free port", e);
    }
  }

  private static String tail(Path log) {
    try {
      String s = Files.readString(log, StandardCharsets.UTF_8);
      return s.length() > 4000 ? s.substring(s.length() - 4000) : s;
    } catch (IOException | UncheckedIOException e) {
      return "(no log: " + e + ")";
    }
  }

  private static void deleteRecursively(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException | UncheckedIOException ignored) {
      // a left-over temp dir is harmless
    }
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for " + EXECUTABLE, e);
    }
  }
}
