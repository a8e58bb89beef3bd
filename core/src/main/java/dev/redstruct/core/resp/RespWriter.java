package dev.redstruct.core.resp;

import dev.redstruct.core.RedisNumbers;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Builds one RESP2 reply in memory, as Redis's {@code addReply*} functions write it to a client
 * (src/networking.c, Redis 7.0.15): {@code :} integers, {@code -} errors, {@code +} simple strings,
 * {@code $} bulk strings ({@code $-1} for the null bulk), {@code *} array headers ({@code *-1} for
 * the null array), each line ended by CRLF. For the sibling modules' Redis faces (bitfield's
 * keyspace, quicklist's list commands); not public API. One writer per reply; not thread-safe.
 */
public final class RespWriter {
  private final ByteArrayOutputStream buf = new ByteArrayOutputStream();

  /** An empty reply buffer. */
  public RespWriter() {}

  /**
   * Appends an integer reply. Redis: addReplyLongLong.
   *
   * @param v the value
   * @return this writer
   */
  public RespWriter integer(long v) {
    buf.write(':');
    buf.writeBytes(RedisNumbers.ll2string(v));
    return crlf();
  }

  /**
   * Appends an error reply; the text is Redis's, {@code ERR ...} or another code. Redis:
   * addReplyError.
   *
   * @param text the error text without the leading {@code -}
   * @return this writer
   */
  public RespWriter error(String text) {
    buf.write('-');
    buf.writeBytes(text.getBytes(StandardCharsets.ISO_8859_1));
    return crlf();
  }

  /**
   * Appends a simple string reply such as {@code OK}. Redis: addReplyStatus.
   *
   * @param text the status text
   * @return this writer
   */
  public RespWriter simple(String text) {
    buf.write('+');
    buf.writeBytes(text.getBytes(StandardCharsets.ISO_8859_1));
    return crlf();
  }

  /**
   * Appends a bulk string reply. Redis: addReplyBulkCBuffer.
   *
   * @param a the bytes
   * @return this writer
   */
  public RespWriter bulk(byte[] a) {
    return bulk(a, a.length);
  }

  /**
   * Appends a bulk string reply of the first {@code len} bytes of {@code a}.
   *
   * @param a the bytes
   * @param len how many of them
   * @return this writer
   */
  public RespWriter bulk(byte[] a, int len) {
    buf.write('$');
    buf.writeBytes(RedisNumbers.ll2string(len));
    crlf();
    buf.write(a, 0, len);
    return crlf();
  }

  /**
   * Appends an array of bulk strings.
   *
   * @param values the elements
   * @return this writer
   */
  public RespWriter bulks(List<byte[]> values) {
    arrayHeader(values.size());
    for (byte[] v : values) {
      bulk(v);
    }
    return this;
  }

  /**
   * Appends the header of an array of {@code n} replies that follow. Redis: addReplyArrayLen.
   *
   * @param n the element count
   * @return this writer
   */
  public RespWriter arrayHeader(long n) {
    buf.write('*');
    buf.writeBytes(RedisNumbers.ll2string(n));
    return crlf();
  }

  /**
   * Appends RESP2's null bulk string {@code $-1}. Redis: addReplyNull (RESP2).
   *
   * @return this writer
   */
  public RespWriter nullBulk() {
    buf.writeBytes(new byte[] {'$', '-', '1'});
    return crlf();
  }

  /**
   * Appends RESP2's null array {@code *-1}. Redis: addReplyNullArray (RESP2).
   *
   * @return this writer
   */
  public RespWriter nullArray() {
    buf.writeBytes(new byte[] {'*', '-', '1'});
    return crlf();
  }

  private RespWriter crlf() {
    buf.write('\r');
    buf.write('\n');
    return this;
  }

  /**
   * The reply's bytes.
   *
   * @return a fresh array
   */
  public byte[] toByteArray() {
    return buf.toByteArray();
  }
}
