package dev.redstruct.testkit;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads one RESP2 reply from a stream: the one reader behind {@link RespClient} (replies from a
 * socket) and {@link RespReply#parse} (replies that a Redis face of ours wrote into a byte array).
 */
final class RespReader {
  private RespReader() {}

  static RespReply read(InputStream in) throws IOException {
    int type = in.read();
    switch (type) {
      case '+':
        return new RespReply.Simple(line(in));
      case '-':
        return new RespReply.Error(line(in));
      case ':':
        return new RespReply.Int(number(in));
      case '$':
        return readBulk(in);
      case '*':
        return readArray(in);
      case -1:
        throw new EOFException("connection closed by server");
      default:
        throw new IOException("protocol error: unexpected reply type byte " + type);
    }
  }

  private static RespReply readBulk(InputStream in) throws IOException {
    long len = number(in);
    if (len == -1) {
      return RespReply.Null.INSTANCE;
    }
    if (len < 0 || len > Integer.MAX_VALUE - 8) {
      throw new IOException("protocol error: bulk length " + len);
    }
    byte[] b = in.readNBytes((int) len);
    if (b.length != len || in.read() != '\r' || in.read() != '\n') {
      throw new EOFException("truncated bulk reply");
    }
    return new RespReply.Bulk(b);
  }

  private static RespReply readArray(InputStream in) throws IOException {
    long n = number(in);
    if (n == -1) {
      return RespReply.Null.INSTANCE;
    }
    if (n < 0 || n > Integer.MAX_VALUE - 8) {
      throw new IOException("protocol error: array length " + n);
    }
    List<RespReply> elements = new ArrayList<>((int) Math.min(n, 1 << 16));
    for (long i = 0; i < n; i++) {
      elements.add(read(in));
    }
    return new RespReply.Array(elements);
  }

  private static long number(InputStream in) throws IOException {
    String s = line(in);
    try {
      return Long.parseLong(s);
    } catch (NumberFormatException e) {
      throw new IOException("protocol error: bad number " + s, e);
    }
  }

  private static String line(InputStream in) throws IOException {
    ByteArrayOutputStream sb = new ByteArrayOutputStream();
    while (true) {
      int c = in.read();
      if (c == -1) {
        throw new EOFException("connection closed in the middle of a reply");
      }
      if (c == '\r') {
        if (in.read() != '\n') {
          throw new IOException("protocol error: CR without LF");
        }
        return sb.toString(StandardCharsets.UTF_8);
      }
      sb.write(c);
    }
  }

  /**
   * Reads one reply of either protocol, RESP2 or RESP3 ({@code HELLO 3}: {@code _ , # ( = % ~ > |
   * !} frames too), and returns its bytes exactly as they came, so a test compares a face's RESP3
   * reply with the server's byte for byte.
   */
  static byte[] readRaw(InputStream in) throws IOException {
    ByteArrayOutputStream copy = new ByteArrayOutputStream();
    copyFrame(in, copy);
    return copy.toByteArray();
  }

  private static void copyFrame(InputStream in, ByteArrayOutputStream copy) throws IOException {
    int type = in.read();
    if (type == -1) {
      throw new EOFException("connection closed by server");
    }
    copy.write(type);
    String head = line(in);
    copy.writeBytes(head.getBytes(StandardCharsets.ISO_8859_1));
    copy.write('\r');
    copy.write('\n');
    switch (type) {
      case '+', '-', ':', '_', ',', '#', '(' -> {}
      case '$', '=', '!' -> copyBody(in, copy, count(head));
      case '*', '~', '>' -> copyFrames(in, copy, count(head));
      case '%', '|' -> copyFrames(in, copy, 2 * count(head));
      default -> throw new IOException("protocol error: unexpected reply type byte " + type);
    }
    if (type == '|') {
      copyFrame(in, copy); // an attribute precedes the reply it describes
    }
  }

  private static void copyBody(InputStream in, ByteArrayOutputStream copy, long len)
      throws IOException {
    if (len < 0) {
      return; // $-1
    }
    byte[] b = in.readNBytes((int) len + 2);
    if (b.length != len + 2) {
      throw new EOFException("truncated bulk reply");
    }
    copy.writeBytes(b);
  }

  private static void copyFrames(InputStream in, ByteArrayOutputStream copy, long n)
      throws IOException {
    for (long i = 0; i < n; i++) {
      copyFrame(in, copy);
    }
  }

  private static long count(String head) throws IOException {
    try {
      long n = Long.parseLong(head);
      if (n < -1 || n > Integer.MAX_VALUE - 8) {
        throw new IOException("protocol error: length " + n);
      }
      return n;
    } catch (NumberFormatException e) {
      throw new IOException("protocol error: bad number " + head, e);
    }
  }
}
