package dev.redstruct.core.resp;

import dev.redstruct.core.RedisNumbers;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Builds one reply in memory, as Redis's {@code addReply*} functions write it to a client
 * (src/networking.c, Redis 7.0.15): {@code :} integers, {@code -} errors, {@code +} simple strings,
 * {@code $} bulk strings ({@code $-1} for the null bulk), {@code *} array headers ({@code *-1} for
 * the null array), each line ended by CRLF.
 *
 * <p>A writer speaks one protocol, RESP2 (the default) or RESP3 ({@code HELLO 3}). The methods
 * named after Redis's protocol-aware functions ({@link #nullReply()}, {@link #nullArrayReply()},
 * {@link #mapHeader(long)}, {@link #setHeader(long)}, {@link #doubleReply(double)}, {@link
 * #bool(boolean)}, {@link #bigNumber(byte[])}, {@link #verbatim(byte[], String)}) write the form of
 * the writer's protocol, so a command face written against them answers both; the plain methods
 * write the same bytes in both. For the sibling modules' Redis faces; not public API. One writer
 * per reply; not thread-safe.
 */
public final class RespWriter {
  private byte[] buf = new byte[64];
  private int size;
  private final int protocol;

  /** An empty RESP2 reply buffer. */
  public RespWriter() {
    this(2);
  }

  /**
   * An empty reply buffer for one protocol.
   *
   * @param protocol 2 or 3, as {@code HELLO} sets it
   * @throws IllegalArgumentException for another value
   */
  public RespWriter(int protocol) {
    if (protocol != 2 && protocol != 3) {
      throw new IllegalArgumentException("protocol must be 2 or 3: " + protocol);
    }
    this.protocol = protocol;
  }

  /**
   * The protocol this writer speaks.
   *
   * @return 2 or 3
   */
  public int protocol() {
    return protocol;
  }

  /**
   * Appends an integer reply. Redis: addReplyLongLong.
   *
   * @param v the value
   * @return this writer
   */
  public RespWriter integer(long v) {
    put(':');
    decimal(v);
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
    put('-');
    put(text.getBytes(StandardCharsets.ISO_8859_1));
    return crlf();
  }

  /**
   * Appends a simple string reply such as {@code OK}. Redis: addReplyStatus.
   *
   * @param text the status text
   * @return this writer
   */
  public RespWriter simple(String text) {
    put('+');
    put(text.getBytes(StandardCharsets.ISO_8859_1));
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
    put('$');
    decimal(len);
    crlf();
    put(a, 0, len);
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
    put('*');
    decimal(n);
    return crlf();
  }

  /**
   * Appends RESP2's null bulk string {@code $-1}. Redis: addReplyNull (RESP2).
   *
   * @return this writer
   */
  public RespWriter nullBulk() {
    put(new byte[] {'$', '-', '1'});
    return crlf();
  }

  /**
   * Appends RESP2's null array {@code *-1}. Redis: addReplyNullArray (RESP2).
   *
   * @return this writer
   */
  public RespWriter nullArray() {
    put(new byte[] {'*', '-', '1'});
    return crlf();
  }

  /**
   * Appends the null reply: {@code $-1} in RESP2, {@code _} in RESP3. Redis: addReplyNull.
   *
   * @return this writer
   */
  public RespWriter nullReply() {
    return protocol == 2 ? nullBulk() : underscore();
  }

  /**
   * Appends the null array: {@code *-1} in RESP2, {@code _} in RESP3. Redis: addReplyNullArray.
   *
   * @return this writer
   */
  public RespWriter nullArrayReply() {
    return protocol == 2 ? nullArray() : underscore();
  }

  private RespWriter underscore() {
    put('_');
    return crlf();
  }

  /**
   * Appends the header of a map of {@code n} key/value pairs that follow: {@code *2n} in RESP2,
   * {@code %n} in RESP3. Redis: addReplyMapLen.
   *
   * @param n the pair count
   * @return this writer
   */
  public RespWriter mapHeader(long n) {
    return protocol == 2 ? arrayHeader(2 * n) : header('%', n);
  }

  /**
   * Appends the header of a set of {@code n} replies that follow: {@code *n} in RESP2, {@code ~n}
   * in RESP3. Redis: addReplySetLen.
   *
   * @param n the element count
   * @return this writer
   */
  public RespWriter setHeader(long n) {
    return header(protocol == 2 ? '*' : '~', n);
  }

  /**
   * Appends the header of a push message of {@code n} replies ({@code >n}; RESP3 only). Redis:
   * addReplyPushLen.
   *
   * @param n the element count
   * @return this writer
   * @throws IllegalStateException in RESP2, where Redis sends Pub/Sub messages as arrays
   */
  public RespWriter pushHeader(long n) {
    if (protocol == 2) {
      throw new IllegalStateException("push frames exist only in RESP3");
    }
    return header('>', n);
  }

  private RespWriter header(char prefix, long n) {
    put(prefix);
    decimal(n);
    return crlf();
  }

  /**
   * Appends a double as {@code %.17g} ({@code inf}/{@code -inf}): a bulk string in RESP2, a {@code
   * ,} double in RESP3. Redis: addReplyDouble.
   *
   * @param d the value
   * @return this writer
   */
  public RespWriter doubleReply(double d) {
    return doubleText(RedisNumbers.formatDoubleBytes(d));
  }

  /**
   * Appends a number already formatted by the caller (e.g. a {@code long double} in Redis's human
   * form): a bulk string in RESP2, a {@code ,} double in RESP3. Redis: addReplyHumanLongDouble.
   *
   * @param text the formatted number
   * @return this writer
   */
  public RespWriter doubleText(byte[] text) {
    if (protocol == 2) {
      return bulk(text);
    }
    put(',');
    put(text);
    return crlf();
  }

  /**
   * Appends a boolean: {@code :1}/{@code :0} in RESP2, {@code #t}/{@code #f} in RESP3. Redis:
   * addReplyBool.
   *
   * @param b the value
   * @return this writer
   */
  public RespWriter bool(boolean b) {
    if (protocol == 2) {
      return integer(b ? 1 : 0);
    }
    put('#');
    put(b ? 't' : 'f');
    return crlf();
  }

  /**
   * Appends a big number given as decimal text: a bulk string in RESP2, {@code (} in RESP3. Redis:
   * addReplyBigNum.
   *
   * @param digits the decimal text
   * @return this writer
   */
  public RespWriter bigNumber(byte[] digits) {
    if (protocol == 2) {
      return bulk(digits);
    }
    put('(');
    put(digits);
    return crlf();
  }

  /**
   * Appends verbatim text: a bulk string in RESP2, {@code =} with a three-letter format ({@code
   * txt}, {@code mkd}) in RESP3. Redis: addReplyVerbatim.
   *
   * @param text the text
   * @param format the three-letter format, padded with spaces if shorter
   * @return this writer
   */
  public RespWriter verbatim(byte[] text, String format) {
    if (protocol == 2) {
      return bulk(text);
    }
    put('=');
    decimal(text.length + 4L);
    crlf();
    for (int i = 0; i < 3; i++) {
      put(i < format.length() ? format.charAt(i) : ' ');
    }
    put(':');
    put(text);
    return crlf();
  }

  /**
   * Appends reply bytes already encoded in this writer's protocol (e.g. a nested command's reply
   * inside {@code EXEC}'s array).
   *
   * @param encoded the encoded reply
   * @return this writer
   */
  public RespWriter raw(byte[] encoded) {
    put(encoded);
    return this;
  }

  private RespWriter crlf() {
    put('\r');
    put('\n');
    return this;
  }

  /**
   * The reply's bytes.
   *
   * @return a fresh array
   */
  public byte[] toByteArray() {
    return Arrays.copyOf(buf, size);
  }

  /**
   * Where the reply ends now, for {@link #rewind(int)}.
   *
   * @return the number of bytes written so far
   */
  public int mark() {
    return size;
  }

  /**
   * Drops what was written after {@code mark}: a face that meets a {@link ReplyError} half-way
   * through its reply rewinds to where its command began and writes the error instead.
   *
   * @param mark a value {@link #mark()} returned on this writer
   * @return this writer
   * @throws IllegalArgumentException if {@code mark} is not within what was written
   */
  public RespWriter rewind(int mark) {
    if (mark < 0 || mark > size) {
      throw new IllegalArgumentException("mark " + mark + " outside 0.." + size);
    }
    size = mark;
    return this;
  }

  private void put(int b) {
    room(1);
    buf[size++] = (byte) b;
  }

  /** Appends the decimal form of {@code v} in place (no temporary array). Redis: ll2string. */
  private void decimal(long v) {
    room(RedisNumbers.MAX_LONG_CHARS);
    size += RedisNumbers.ll2string(v, buf, size);
  }

  private void put(byte[] a) {
    put(a, 0, a.length);
  }

  private void put(byte[] a, int off, int len) {
    room(len);
    System.arraycopy(a, off, buf, size, len);
    size += len;
  }

  private void room(int n) {
    if (buf.length - size < n) {
      buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + n));
    }
  }
}
