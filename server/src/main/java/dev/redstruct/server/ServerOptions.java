package dev.redstruct.server;

import java.util.Objects;

/**
 * How a {@link RedisServer} listens and which limits it applies, named after Redis's configuration
 * directives. Immutable; each {@code withX} returns a copy.
 *
 * <pre>{@code
 * ServerOptions o = ServerOptions.defaults().port(0).requirePass("secret");
 * }</pre>
 */
public final class ServerOptions {
  private final String bind;
  private final int port;
  private final String requirePass;
  private final long protoMaxBulkLen;
  private final long clientQueryBufferLimit;
  private final long[] pubsubLimit; // hard bytes, soft bytes, soft seconds

  private ServerOptions(
      String bind,
      int port,
      String requirePass,
      long protoMaxBulkLen,
      long queryLimit,
      long[] pubsubLimit) {
    this.bind = bind;
    this.port = port;
    this.requirePass = requirePass;
    this.protoMaxBulkLen = protoMaxBulkLen;
    this.clientQueryBufferLimit = queryLimit;
    this.pubsubLimit = pubsubLimit;
  }

  private ServerOptions(
      String bind, int port, String requirePass, long protoMaxBulkLen, long queryLimit) {
    this(bind, port, requirePass, protoMaxBulkLen, queryLimit, DEFAULT_PUBSUB_LIMIT);
  }

  private static final long[] DEFAULT_PUBSUB_LIMIT = {32L << 20, 8L << 20, 60};

  /**
   * Redis's defaults, except the address: loopback ({@code bind 127.0.0.1}), port 6379, no
   * password, {@code proto-max-bulk-len} 512 MB, {@code client-query-buffer-limit} 1 GB, {@code
   * client-output-buffer-limit pubsub 32mb 8mb 60}.
   *
   * @return the defaults
   */
  public static ServerOptions defaults() {
    return new ServerOptions("127.0.0.1", 6379, null, 512L << 20, 1L << 30);
  }

  /**
   * The address to listen on ({@code --bind}).
   *
   * @param address a host name or IP address; {@code 0.0.0.0} for every interface
   * @return a copy with that address
   */
  public ServerOptions bind(String address) {
    return new ServerOptions(
        Objects.requireNonNull(address, "address"),
        port,
        requirePass,
        protoMaxBulkLen,
        clientQueryBufferLimit,
        pubsubLimit);
  }

  /**
   * The TCP port ({@code --port}); 0 picks any free port ({@link RedisServer#port()} tells which).
   *
   * @param port 0 to 65535
   * @return a copy with that port
   * @throws IllegalArgumentException if out of range
   */
  public ServerOptions port(int port) {
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException("port out of range: " + port);
    }
    return new ServerOptions(
        bind, port, requirePass, protoMaxBulkLen, clientQueryBufferLimit, pubsubLimit);
  }

  /**
   * The default user's password ({@code requirepass}); null for none.
   *
   * @param password the password, or null
   * @return a copy with that password
   */
  public ServerOptions requirePass(String password) {
    return new ServerOptions(
        bind, port, password, protoMaxBulkLen, clientQueryBufferLimit, pubsubLimit);
  }

  /**
   * The longest bulk argument a client may send ({@code proto-max-bulk-len}).
   *
   * @param bytes at least 1 MB, as Redis's configuration requires
   * @return a copy with that limit
   * @throws IllegalArgumentException if below 1 MB
   */
  public ServerOptions protoMaxBulkLen(long bytes) {
    if (bytes < 1L << 20) {
      throw new IllegalArgumentException("proto-max-bulk-len below 1mb: " + bytes);
    }
    return new ServerOptions(bind, port, requirePass, bytes, clientQueryBufferLimit, pubsubLimit);
  }

  /**
   * The most unprocessed request bytes a client may have ({@code client-query-buffer-limit});
   * beyond it the connection is closed without a reply.
   *
   * @param bytes at least 1 MB, as Redis's configuration requires
   * @return a copy with that limit
   * @throws IllegalArgumentException if below 1 MB
   */
  public ServerOptions clientQueryBufferLimit(long bytes) {
    if (bytes < 1L << 20) {
      throw new IllegalArgumentException("client-query-buffer-limit below 1mb: " + bytes);
    }
    return new ServerOptions(bind, port, requirePass, protoMaxBulkLen, bytes, pubsubLimit);
  }

  /**
   * The output buffer limit of subscribed clients ({@code client-output-buffer-limit pubsub hard
   * soft seconds}): a client whose unsent output reaches {@code hardBytes}, or stays at {@code
   * softBytes} or more for longer than {@code softSeconds}, is disconnected. 0 disables a limit.
   *
   * @param hardBytes the hard limit
   * @param softBytes the soft limit
   * @param softSeconds how long the soft limit may be exceeded
   * @return a copy with that limit
   * @throws IllegalArgumentException if a value is negative
   */
  public ServerOptions pubsubOutputBufferLimit(long hardBytes, long softBytes, int softSeconds) {
    if (hardBytes < 0 || softBytes < 0 || softSeconds < 0) {
      throw new IllegalArgumentException(
          "negative limit: " + hardBytes + " " + softBytes + " " + softSeconds);
    }
    return new ServerOptions(
        bind,
        port,
        requirePass,
        protoMaxBulkLen,
        clientQueryBufferLimit,
        new long[] {hardBytes, softBytes, softSeconds});
  }

  /** The pubsub output limit: hard bytes, soft bytes, soft seconds (a copy). */
  long[] pubsubOutputBufferLimit() {
    return pubsubLimit.clone();
  }

  /**
   * The address to listen on.
   *
   * @return the address
   */
  public String bind() {
    return bind;
  }

  /**
   * The configured port (0 = any free port).
   *
   * @return the port
   */
  public int port() {
    return port;
  }

  /**
   * The password, or null.
   *
   * @return the password
   */
  public String requirePass() {
    return requirePass;
  }

  /**
   * The longest bulk argument.
   *
   * @return bytes
   */
  public long protoMaxBulkLen() {
    return protoMaxBulkLen;
  }

  /**
   * The query buffer limit.
   *
   * @return bytes
   */
  public long clientQueryBufferLimit() {
    return clientQueryBufferLimit;
  }

  @Override
  public String toString() {
    return "ServerOptions[bind="
        + bind
        + " port="
        + port
        + " requirepass="
        + (requirePass == null ? "none" : "set")
        + " proto-max-bulk-len="
        + protoMaxBulkLen
        + " client-query-buffer-limit="
        + clientQueryBufferLimit
        + "]";
  }
}
