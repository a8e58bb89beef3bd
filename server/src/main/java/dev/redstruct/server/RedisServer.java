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
    this.thread = new Thread(server, "redstruct-server-" + port);
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
    return start(options, Keyspace.create());
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
   * Runs a server from the command line with Redis's flags: {@code --port N} (default 6379), {@code
   * --bind ADDR} (default 127.0.0.1), {@code --requirepass PASS}, {@code --proto-max-bulk-len
   * BYTES}, {@code --client-query-buffer-limit BYTES}. Prints the port and serves until the process
   * ends.
   *
   * @param args the flags
   * @throws InterruptedException if interrupted while serving
   */
  public static void main(String[] args) throws InterruptedException {
    ServerOptions o = parseArgs(args);
    RedisServer s = start(o);
    System.out.println("redstruct server ready on " + o.bind() + ":" + s.port());
    s.thread.join();
  }

  /** The options named by command-line flags. */
  static ServerOptions parseArgs(String[] args) {
    ServerOptions o = ServerOptions.defaults();
    for (int i = 0; i < args.length; i++) {
      String flag = args[i];
      if (i + 1 >= args.length) {
        throw new IllegalArgumentException("missing value after " + flag);
      }
      String v = args[++i];
      switch (flag) {
        case "--port":
          o = o.port(Integer.parseInt(v));
          break;
        case "--bind":
          o = o.bind(v.split(" ")[0]);
          break;
        case "--requirepass":
          o = o.requirePass(v.isEmpty() ? null : v);
          break;
        case "--proto-max-bulk-len":
          o = o.protoMaxBulkLen(Long.parseLong(v));
          break;
        case "--client-query-buffer-limit":
          o = o.clientQueryBufferLimit(Long.parseLong(v));
          break;
        default:
          throw new IllegalArgumentException("unknown option " + flag);
      }
    }
    return o;
  }
}
