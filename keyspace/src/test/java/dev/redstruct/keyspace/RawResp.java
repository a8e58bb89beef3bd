package dev.redstruct.keyspace;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;

/**
 * A connection to the test's redis-server that returns each reply's exact bytes (RESP2 or, after
 * {@code HELLO 3}, RESP3), so our replies are compared byte for byte. Commands are pipelined.
 */
final class RawResp implements AutoCloseable {
  private final Socket socket;
  private final OutputStream out;
  private final InputStream in;

  RawResp(int port) {
    try {
      socket = new Socket(InetAddress.getLoopbackAddress(), port);
      socket.setSoTimeout(60_000);
      out = new BufferedOutputStream(socket.getOutputStream(), 1 << 16);
      in = new BufferedInputStream(socket.getInputStream(), 1 << 16);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Sends every command, then reads one reply per command. */
  List<byte[]> pipeline(List<byte[][]> commands) {
    try {
      for (byte[][] c : commands) {
        out.write(encode(c));
      }
      out.flush();
      List<byte[]> replies = new ArrayList<>(commands.size());
      for (int i = 0; i < commands.size(); i++) {
        ByteArrayOutputStream r = new ByteArrayOutputStream();
        readReply(r);
        replies.add(r.toByteArray());
      }
      return replies;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  byte[] call(byte[]... command) {
    return pipeline(List.<byte[][]>of(command)).get(0);
  }

  static byte[] encode(byte[][] c) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    b.writeBytes(("*" + c.length + "\r\n").getBytes());
    for (byte[] a : c) {
      b.writeBytes(("$" + a.length + "\r\n").getBytes());
      b.writeBytes(a);
      b.writeBytes("\r\n".getBytes());
    }
    return b.toByteArray();
  }

  private String line(ByteArrayOutputStream r) throws IOException {
    StringBuilder sb = new StringBuilder();
    int prev = -1;
    while (true) {
      int c = in.read();
      if (c < 0) {
        throw new IOException("connection closed");
      }
      r.write(c);
      if (prev == '\r' && c == '\n') {
        return sb.substring(0, sb.length() - 1);
      }
      sb.append((char) c);
      prev = c;
    }
  }

  /** One reply of any RESP2/RESP3 type, appended to r as received. */
  private void readReply(ByteArrayOutputStream r) throws IOException {
    String l = line(r);
    char type = l.charAt(0);
    switch (type) {
      case '+', '-', ':', '_', ',', '#', '(' -> {}
      case '$', '=', '!' -> {
        int n = Integer.parseInt(l.substring(1));
        if (n >= 0) {
          r.write(in.readNBytes(n + 2));
        }
      }
      case '*', '~', '>' -> {
        int n = Integer.parseInt(l.substring(1));
        for (int i = 0; i < n; i++) {
          readReply(r);
        }
      }
      case '%', '|' -> {
        int n = Integer.parseInt(l.substring(1));
        for (int i = 0; i < 2 * n; i++) {
          readReply(r);
        }
      }
      default -> throw new IOException("unknown reply type " + l);
    }
  }

  @Override
  public void close() {
    try {
      socket.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
