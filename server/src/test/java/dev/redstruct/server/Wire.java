package dev.redstruct.server;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;

/** A raw TCP connection for tests: sends bytes (whole or in random pieces), reads raw replies. */
final class Wire implements AutoCloseable {
  private final Socket socket;
  private final OutputStream out;
  private final InputStream in;
  private final ByteArrayOutputStream got = new ByteArrayOutputStream();

  Wire(int port) {
    try {
      socket = new Socket("127.0.0.1", port);
      socket.setTcpNoDelay(true);
      socket.setSoTimeout(5000);
      out = socket.getOutputStream();
      in = socket.getInputStream();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static byte[] b(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  static String s(byte[] b) {
    return new String(b, StandardCharsets.ISO_8859_1);
  }

  Wire send(String s) {
    return send(b(s));
  }

  Wire send(byte[] bytes) {
    try {
      out.write(bytes);
      out.flush();
    } catch (IOException e) {
      // the server may have closed after a protocol error: what it sent is still readable
    }
    return this;
  }

  /** Sends in up to {@code pieces} random pieces with a pause between them (partial reads). */
  Wire sendSplit(byte[] bytes, Random rnd, int pieces) {
    int[] cuts = rnd.ints(pieces - 1, 0, bytes.length + 1).sorted().toArray();
    int from = 0;
    for (int cut : cuts) {
      send(Arrays.copyOfRange(bytes, from, cut));
      from = cut;
      pause(2);
    }
    return send(Arrays.copyOfRange(bytes, from, bytes.length));
  }

  static void pause(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Reads until the server closes the connection; everything received since the last read. */
  byte[] readToEof() {
    byte[] buf = new byte[8192];
    try {
      int n;
      while ((n = in.read(buf)) > 0) {
        got.write(buf, 0, n);
      }
    } catch (SocketTimeoutException e) {
      got.write(b("<timeout>"), 0, 9);
    } catch (IOException e) {
      got.write(b("<reset>"), 0, 7);
    }
    return take();
  }

  /** Reads until what was received ends with {@code suffix}. */
  byte[] readUntil(String suffix) {
    byte[] buf = new byte[8192];
    try {
      while (!s(got.toByteArray()).endsWith(suffix)) {
        int n = in.read(buf);
        if (n < 0) {
          break;
        }
        got.write(buf, 0, n);
      }
    } catch (IOException e) {
      got.write(b("<timeout>"), 0, 9);
    }
    return take();
  }

  private byte[] take() {
    byte[] r = got.toByteArray();
    got.reset();
    return r;
  }

  @Override
  public void close() {
    try {
      socket.close();
    } catch (IOException e) {
      // closing anyway
    }
  }
}
