package dev.redstruct.hll;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A throw-away loopback redis-server plus a pipelining RESP2 client, for the differential IT until
 * the shared testkit client lands. Replies: Long, byte[] (bulk), String (status), {@link Err},
 * null, List.
 */
final class MiniRedis implements AutoCloseable {
  record Err(String message) {}

  private final Process process;
  private final Socket socket;
  private final InputStream in;
  private final OutputStream out;
  private final Path dir;

  private MiniRedis(Process process, Socket socket, Path dir) throws IOException {
    this.process = process;
    this.socket = socket;
    this.dir = dir;
    this.in = new BufferedInputStream(socket.getInputStream(), 1 << 16);
    this.out = new BufferedOutputStream(socket.getOutputStream(), 1 << 16);
  }

  static boolean available() {
    return Files.isExecutable(Path.of("/usr/bin/redis-server"));
  }

  static MiniRedis start() throws Exception {
    int port;
    try (ServerSocket ss = new ServerSocket(0)) {
      port = ss.getLocalPort();
    }
    Path dir = Files.createTempDirectory("hll-redis");
    Process p =
        new ProcessBuilder(
                "redis-server",
                "--port",
                "" + port,
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                dir.toString())
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("log").toFile())
            .start();
    for (int i = 0; i < 200; i++) {
      try {
        Socket s = new Socket("127.0.0.1", port);
        s.setSoTimeout(60_000);
        return new MiniRedis(p, s, dir);
      } catch (IOException e) {
        Thread.sleep(25);
      }
    }
    p.destroy();
    throw new IllegalStateException("redis-server did not start");
  }

  Object call(Object... args) {
    List<Object[]> one = new ArrayList<>();
    one.add(args);
    return pipeline(one).get(0);
  }

  /** Sends the commands in batches of 500 and returns the replies in order. */
  List<Object> pipeline(List<Object[]> commands) {
    List<Object> replies = new ArrayList<>(commands.size());
    try {
      for (int from = 0; from < commands.size(); from += 500) {
        int to = Math.min(commands.size(), from + 500);
        for (int i = from; i < to; i++) {
          write(commands.get(i));
        }
        out.flush();
        for (int i = from; i < to; i++) {
          replies.add(read());
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return replies;
  }

  private void write(Object[] args) throws IOException {
    out.write(("*" + args.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
    for (Object a : args) {
      byte[] b = a instanceof byte[] ? (byte[]) a : a.toString().getBytes(StandardCharsets.UTF_8);
      out.write(("$" + b.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
      out.write(b);
      out.write('\r');
      out.write('\n');
    }
  }

  private Object read() throws IOException {
    int type = in.read();
    String line = readLine();
    switch (type) {
      case '+':
        return line;
      case '-':
        return new Err(line);
      case ':':
        return Long.parseLong(line);
      case '$':
        {
          int n = Integer.parseInt(line);
          if (n < 0) {
            return null;
          }
          byte[] b = in.readNBytes(n);
          in.readNBytes(2);
          return b;
        }
      case '*':
        {
          int n = Integer.parseInt(line);
          if (n < 0) {
            return null;
          }
          List<Object> list = new ArrayList<>(n);
          for (int i = 0; i < n; i++) {
            list.add(read());
          }
          return list;
        }
      default:
        throw new IOException("bad RESP type " + type);
    }
  }

  private String readLine() throws IOException {
    StringBuilder sb = new StringBuilder();
    int c;
    while ((c = in.read()) != '\r') {
      if (c < 0) {
        throw new IOException("EOF");
      }
      sb.append((char) c);
    }
    in.read();
    return sb.toString();
  }

  @Override
  public void close() throws Exception {
    socket.close();
    process.destroy();
    process.waitFor();
    try (var files = Files.list(dir)) {
      for (Path f : (Iterable<Path>) files::iterator) {
        Files.deleteIfExists(f);
      }
    }
    Files.deleteIfExists(dir);
  }
}
