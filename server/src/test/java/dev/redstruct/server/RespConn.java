package dev.redstruct.server;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * A raw RESP2/RESP3 connection for the multi-client differential: sends argv arrays, reads one
 * whole reply frame (push frames and nested aggregates included) as the bytes the server sent, and
 * says whether bytes are waiting without blocking.
 */
final class RespConn implements AutoCloseable {
  private final Socket socket;
  private final InputStream in;
  private final OutputStream out;

  RespConn(int port) {
    try {
      socket = new Socket(InetAddress.getLoopbackAddress(), port);
      socket.setTcpNoDelay(true);
      socket.setSoTimeout(20_000);
      in = new BufferedInputStream(socket.getInputStream(), 1 << 16);
      out = socket.getOutputStream();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Sends one command as a RESP array of bulk strings. */
  RespConn send(byte[][] argv) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    b.writeBytes(("*" + argv.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
    for (byte[] a : argv) {
      b.writeBytes(("$" + a.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
      b.writeBytes(a);
      b.writeBytes(new byte[] {'\r', '\n'});
    }
    try {
      out.write(b.toByteArray());
      return this;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Sends bytes as they are (inline commands). */
  RespConn sendRaw(String inline) {
    try {
      out.write(inline.getBytes(StandardCharsets.UTF_8));
      return this;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Reads frames up to and including the first that holds {@code marker}; all their bytes. */
  byte[] readThrough(String marker) {
    ByteArrayOutputStream all = new ByteArrayOutputStream();
    byte[] m = marker.getBytes(StandardCharsets.US_ASCII);
    while (true) {
      byte[] f = read();
      all.writeBytes(f);
      if (indexOf(f, m) >= 0) {
        return all.toByteArray();
      }
    }
  }

  private static int indexOf(byte[] hay, byte[] needle) {
    outer:
    for (int i = 0; i + needle.length <= hay.length; i++) {
      for (int j = 0; j < needle.length; j++) {
        if (hay[i + j] != needle[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  /** Whether reply bytes are waiting (buffered or in the socket). */
  boolean ready() {
    try {
      return in.available() > 0;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** One whole reply frame, as sent. */
  byte[] read() {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    try {
      frame(b);
    } catch (IOException e) {
      throw new UncheckedIOException("reading a reply: got " + show(b.toByteArray()), e);
    }
    return b.toByteArray();
  }

  private void frame(ByteArrayOutputStream b) throws IOException {
    int type = in.read();
    if (type < 0) {
      throw new IOException("connection closed");
    }
    b.write(type);
    String line = line(b);
    switch (type) {
      case '$', '!', '=' -> {
        long n = Long.parseLong(line);
        if (n >= 0) {
          b.writeBytes(in.readNBytes((int) n + 2));
        }
      }
      case '*', '~', '>' -> {
        long n = Long.parseLong(line);
        for (long i = 0; i < n; i++) {
          frame(b);
        }
      }
      case '%', '|' -> {
        long n = Long.parseLong(line);
        for (long i = 0; i < 2 * n; i++) {
          frame(b);
        }
        if (type == '|') {
          frame(b); // the attribute's reply follows it
        }
      }
      default -> {
        // + - : _ , # ( : the line was all of it
      }
    }
  }

  /** Reads up to CRLF, writes it (CRLF included) to b, returns it without CRLF. */
  private String line(ByteArrayOutputStream b) throws IOException {
    StringBuilder s = new StringBuilder();
    int c;
    while ((c = in.read()) != '\n') {
      if (c < 0) {
        throw new IOException("connection closed in a line");
      }
      b.write(c);
      if (c != '\r') {
        s.append((char) c);
      }
    }
    b.write('\n');
    return s.toString();
  }

  static String show(byte[] bytes) {
    return ServerDifferentialRedisIT.show(new String(bytes, StandardCharsets.ISO_8859_1));
  }

  @Override
  public void close() {
    try {
      socket.close();
    } catch (IOException ignored) {
      // closing
    }
  }
}
