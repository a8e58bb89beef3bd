package dev.redstruct.server;

import dev.redstruct.keyspace.Keyspace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Objects;

/**
 * A Redis server in the JVM: listens on a TCP port, speaks RESP2 and RESP3 to any number of
 * clients, runs every command on one thread (so each command is atomic, as in Redis), answers the
 * connection commands (PING, ECHO, QUIT, HELLO, AUTH, CLIENT, RESET), Pub/Sub and the blocking pops
 * itself, and hands every other command to the {@link Keyspace} (or any {@link CommandEngine}).
 *
 * <pre>{@code
 * try (RedisServer server = RedisServer.start(ServerOptions.defaults().port(0))) {
 *   int port = server.port(); // connect any Redis client here
 * }
 * }</pre>
 *
 * <p>Thread-safe: {@link #port()} and {@link #close()} may be called from any thread.
 */
public final class RedisServer implements AutoCloseable {
  private final Server server;
  private final Thread thread;
  private final int port;

  private RedisServer(Server server) {
    this.server = server;
    this.port = server.port();
    // 64 MB of stack, as deep as Redis's main thread can go: a script's reply nests up to 7995
    // tables (LuaReplies.MAX_DEPTH), which a default 1 MB thread stack cannot write
    this.thread =
        new Thread(null, server, "redstruct-server-".concat(Integer.toString(port)), 64L << 20);
    thread.setDaemon(true);
    thread.start();
  }

  /**
   * Starts a server over a new empty keyspace (16 databases, the system clock).
   *
   * @param options where to listen and the limits
   * @return the running server
   * @throws UncheckedIOException if the address cannot be bound
   */
  public static RedisServer start(ServerOptions options) {
    Objects.requireNonNull(options, "options");
    ScriptClock clock = new ScriptClock();
    Keyspace ks = Keyspace.create(clock, new java.util.SplittableRandom());
    try {
      Server server = new Server(options, new KeyspaceEngine(ks));
      server.scriptClock = clock;
      return new RedisServer(server);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot listen on " + options.bind() + ":" + options.port(), e);
    }
  }

  /**
   * Starts a server over the given keyspace. From then on the server's command thread owns it: do
   * not touch the keyspace from another thread while the server runs.
   *
   * @param options where to listen and the limits
   * @param keyspace the data
   * @return the running server
   * @throws UncheckedIOException if the address cannot be bound
   */
  public static RedisServer start(ServerOptions options, Keyspace keyspace) {
    return start(options, new KeyspaceEngine(Objects.requireNonNull(keyspace, "keyspace")));
  }

  /**
   * Starts a server whose data commands run on {@code engine}.
   *
   * @param options where to listen and the limits
   * @param engine runs every command the server does not answer itself
   * @return the running server
   * @throws UncheckedIOException if the address cannot be bound
   */
  public static RedisServer start(ServerOptions options, CommandEngine<?> engine) {
    Objects.requireNonNull(options, "options");
    Objects.requireNonNull(engine, "engine");
    try {
      return new RedisServer(new Server(options, engine));
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot listen on " + options.bind() + ":" + options.port(), e);
    }
  }

  /**
   * The keyspace notifications ({@code notify-keyspace-events}); {@code set} may be called from any
   * thread.
   */
  Notifications notifications() {
    return server.notifications;
  }

  /**
   * The port the server listens on (the one chosen when started with port 0).
   *
   * @return the port
   */
  public int port() {
    return port;
  }

  /** Stops accepting, closes every connection and waits for the command thread to end. */
  @Override
  public void close() {
    server.stop();
    try {
      thread.join(10_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Starts a server over a new keyspace configured as {@code redis-server} is by its command line:
   * an optional config file path first, then {@code --directive value...} flags ({@code --port 0}
   * picks a free port). The RDB file {@code dir}/{@code dbfilename} is loaded when it exists, as
   * Redis loads it at start.
   *
   * <pre>{@code
   * RedisServer s = RedisServer.start("--port", "0", "--dir", "/tmp/data", "--save", "");
   * }</pre>
   *
   * @param redisServerArgs the arguments, as redis-server takes them
   * @return the running server
   * @throws IllegalArgumentException with Redis's "FATAL CONFIG FILE ERROR" text for a bad
   *     directive or value
   * @throws UncheckedIOException if the address cannot be bound or a file cannot be read
   */
  public static RedisServer start(String... redisServerArgs) {
    ServerConfig config = ConfigFile.fromArgs(redisServerArgs);
    config.loadAtStart = true;
    if (redisServerArgs.length > 0 && !redisServerArgs[0].startsWith("-")) {
      config.configFile = java.nio.file.Path.of(redisServerArgs[0]).toAbsolutePath().toString();
    }
    ServerOptions options = config.toOptions();
    try {
      ScriptClock clock = new ScriptClock();
      Keyspace ks = Keyspace.create(clock, new java.util.SplittableRandom());
      Server server = new Server(options, new KeyspaceEngine(ks), config);
      server.scriptClock = clock;
      return new RedisServer(server);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot listen on " + options.bind() + ":" + options.port(), e);
    }
  }

  /**
   * Runs a server from the command line, as {@code redis-server} does: {@code [config-file]
   * [--directive value ...]} (see {@link #start(String...)}). Prints the address and serves until
   * SHUTDOWN or the end of the process; a bad configuration prints Redis's error and exits with 1.
   *
   * @param args the arguments
   * @throws InterruptedException if interrupted while serving
   */
  public static void main(String[] args) throws InterruptedException {
    RedisServer s;
    try {
      s = start(args);
    } catch (IllegalArgumentException | UncheckedIOException e) {
      System.err.println(e.getMessage());
      System.exit(1);
      return;
    }
    System.out.println("redstruct server ready on port " + s.port());
    s.thread.join();
  }

  /** The options named by command-line flags. */
  static ServerOptions parseArgs(String[] args) {
    return ConfigFile.fromArgs(args).toOptions();
  }
}
