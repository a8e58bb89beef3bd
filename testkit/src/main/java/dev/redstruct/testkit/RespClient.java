package dev.redstruct.testkit;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A minimal blocking RESP2 client for tests: one TCP connection to a loopback Redis, commands as
 * byte arrays, replies as {@link RespReply} values.
 *
 * <p>Server errors are returned as {@link RespReply.Error} values, not thrown, so tests can compare
 * them. I/O failures (connection refused, timeout, protocol violation) throw {@link
 * UncheckedIOException}; after one the connection is unusable. Not thread-safe: use one client per
 * thread. Connect timeout 5 s; read timeout 60 s by default (a blocked test fails instead of
 * hanging).
 *
 * <p>Example: {@code client.call("SET", "k", "12345").assertOk(); client.call("OBJECT", "ENCODING",
 * "k")} returns {@code $"int"}.
 */
public final class RespClient implements AutoCloseable {
  /*
   * Implementation notes.
   * Requests are RESP arrays of bulk strings ("*N\r\n$len\r\narg\r\n..."), the form every Redis
   * command accepts. Replies are read recursively; RESP2 nesting is shallow (a few levels for
   * XRANGE-like replies), so recursion depth is no concern.
   * pipeline() writes at most BATCH commands before reading their replies: writing everything first
   * could fill both socket buffers (server blocked writing replies we do not read yet, us blocked
   * writing requests it does not read) and deadlock.
   */

  private static final int BATCH = 1000;
  private static final int CONNECT_TIMEOUT_MS = 5_000;
  private static final int DEFAULT_READ_TIMEOUT_MS = 60_000;
  private static final byte[] CRLF = {'\r', '\n'};

  private final Socket socket;
  private final InputStream in;
  private final OutputStream out;
  private final int port;

  private RespClient(Socket socket, int port) throws IOException {
    this.socket = socket;
    this.port = port;
    this.in = new BufferedInputStream(socket.getInputStream(), 1 << 16);
    this.out = new BufferedOutputStream(socket.getOutputStream(), 1 << 16);
  }

  /**
   * Connects to {@code 127.0.0.1:port}.
   *
   * @param port the server's port
   * @return a connected client
   * @throws UncheckedIOException if the connection fails
   */
  public static RespClient connect(int port) {
    return connect(port, DEFAULT_READ_TIMEOUT_MS);
  }

  /**
   * Connects to {@code 127.0.0.1:port} with the given read timeout.
   *
   * @param port the server's port
   * @param readTimeoutMillis how long a reply may take before the call fails (0 = forever)
   * @return a connected client
   * @throws UncheckedIOException if the connection fails
   */
  public static RespClient connect(int port, int readTimeoutMillis) {
    Socket s = new Socket();
    try {
      s.setTcpNoDelay(true);
      s.setSoTimeout(readTimeoutMillis);
      s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), CONNECT_TIMEOUT_MS);
      return new RespClient(s, port);
    } catch (IOException e) {
      closeQuietly(s);
      throw new UncheckedIOException("cannot connect to 127.0.0.1:" + port, e);
    }
  }

  /**
   * Returns the port this client is connected to.
   *
   * @return the server port
   */
  public int port() {
    return port;
  }

  /**
   * Sends one command and waits for its reply.
   *
   * @param args the command name and its arguments, each sent as a bulk string
   * @return the reply (server errors included)
   * @throws IllegalArgumentException if {@code args} is empty
   * @throws UncheckedIOException on I/O failure or protocol violation
   */
  public RespReply call(byte[]... args) {
    try {
      write(args);
      out.flush();
      return RespReader.read(in);
    } catch (IOException e) {
      throw failure(e);
    }
  }

  /**
   * Sends one command given as strings (encoded as UTF-8) and waits for its reply.
   *
   * @param args the command name and its arguments
   * @return the reply (server errors included)
   * @throws IllegalArgumentException if {@code args} is empty
   * @throws UncheckedIOException on I/O failure or protocol violation
   */
  public RespReply call(String... args) {
    return call(utf8(args));
  }

  /**
   * Sends many commands without waiting for each reply and returns the replies in order.
   *
   * @param commands the commands, each an array of arguments
   * @return one reply per command
   * @throws IllegalArgumentException if a command is empty
   * @throws UncheckedIOException on I/O failure or protocol violation
   */
  public List<RespReply> pipeline(List<byte[][]> commands) {
    List<RespReply> replies = new ArrayList<>(commands.size());
    try {
      for (int start = 0; start < commands.size(); start += BATCH) {
        int end = Math.min(commands.size(), start + BATCH);
        for (int i = start; i < end; i++) {
          write(commands.get(i));
        }
        out.flush();
        for (int i = start; i < end; i++) {
          replies.add(RespReader.read(in));
        }
      }
    } catch (IOException e) {
      throw failure(e);
    }
    return replies;
  }

  /**
   * Sends commands in batches and returns each reply's bytes exactly as the server sent them, in
   * either protocol: after {@code HELLO 3} on this connection the replies are RESP3 ({@code %}
   * maps, {@code ~} sets, {@code ,} doubles, {@code _} nulls...), which {@link #pipeline} cannot
   * parse.
   *
   * @param commands the commands
   * @return one reply's bytes per command, in order
   * @throws UncheckedIOException if the connection fails (the client is closed then)
   */
  public List<byte[]> pipelineRaw(List<byte[][]> commands) {
    List<byte[]> replies = new ArrayList<>(commands.size());
    try {
      for (int start = 0; start < commands.size(); start += BATCH) {
        int end = Math.min(commands.size(), start + BATCH);
        for (int i = start; i < end; i++) {
          write(commands.get(i));
        }
        out.flush();
        for (int i = start; i < end; i++) {
          replies.add(RespReader.readRaw(in));
        }
      }
    } catch (IOException e) {
      throw failure(e);
    }
    return replies;
  }

  /**
   * Sends one command and returns its reply's bytes as the server sent them (see {@link
   * #pipelineRaw}).
   *
   * @param args the command and its arguments
   * @return the reply's bytes
   * @throws UncheckedIOException if the connection fails (the client is closed then)
   */
  public byte[] callRaw(byte[]... args) {
    return pipelineRaw(java.util.Collections.singletonList(args)).get(0);
  }

  /**
   * Encodes strings as UTF-8 for {@link #pipeline}.
   *
   * @param args the command name and arguments
   * @return the same as byte arrays
   */
  public static byte[][] utf8(String... args) {
    byte[][] b = new byte[args.length][];
    for (int i = 0; i < args.length; i++) {
      b[i] = args[i].getBytes(StandardCharsets.UTF_8);
    }
    return b;
  }

  /** Closes the connection. Idempotent. */
  @Override
  public void close() {
    closeQuietly(socket);
  }

  private void write(byte[][] args) throws IOException {
    if (args.length == 0) {
      throw new IllegalArgumentException("empty command");
    }
    header('*', args.length);
    for (byte[] a : args) {
      Objects.requireNonNull(a, "command argument");
      header('$', a.length);
      out.write(a);
      out.write(CRLF);
    }
  }

  private void header(char type, long n) throws IOException {
    out.write(type);
    out.write(Long.toString(n).getBytes(StandardCharsets.US_ASCII));
    out.write(CRLF);
  }

  private UncheckedIOException failure(IOException e) {
    close();
    return new UncheckedIOException("RESP call to 127.0.0.1:" + port + " failed", e);
  }

  private static void closeQuietly(Socket s) {
    try {
      s.close();
    } catch (IOException ignored) {
      // nothing useful to do: the socket is being discarded
    }
  }
}
