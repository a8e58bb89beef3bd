package dev.redstruct.testkit;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * One RESP2 reply as read by {@link RespClient}: a value type, so replies from the oracle and from
 * a Java re-implementation can be compared with {@code assertEquals}.
 *
 * <p>The six cases are {@link Simple} ({@code +OK}), {@link Error} ({@code -ERR ...}), {@link Int}
 * ({@code :42}), {@link Bulk} ({@code $3 abc}), {@link Array} ({@code *2 ...}) and {@link Null}
 * (both the null bulk {@code $-1} and the null array {@code *-1}, which RESP2 clients cannot tell
 * apart in practice). All are immutable and thread-safe; {@code toString} is short and readable
 * (bulk strings print as quoted text when every byte is printable ASCII, as hex otherwise).
 *
 * <p>The {@code asXxx()} accessors are for tests: they return the content when the reply has the
 * expected type and otherwise throw {@link IllegalStateException} naming the reply actually
 * received (typically an {@code Error} from the server), so a failing test says what went wrong.
 */
public sealed interface RespReply
    permits RespReply.Simple,
        RespReply.Error,
        RespReply.Int,
        RespReply.Bulk,
        RespReply.Array,
        RespReply.Null {

  /**
   * Parses exactly one RESP2 reply, read as {@link RespClient} reads the server's: for the Redis
   * faces of this project that answer with RESP2 bytes, so their replies compare with the oracle's.
   *
   * @param resp the bytes of one complete reply
   * @return the reply
   * @throws IllegalArgumentException if the bytes are not exactly one complete reply
   */
  static RespReply parse(byte[] resp) {
    java.io.ByteArrayInputStream in = new java.io.ByteArrayInputStream(resp);
    try {
      RespReply r = RespReader.read(in);
      if (in.available() != 0) {
        throw new IllegalArgumentException("trailing bytes after a reply");
      }
      return r;
    } catch (java.io.IOException e) {
      throw new IllegalArgumentException("not one RESP2 reply: " + e.getMessage(), e);
    }
  }

  /**
   * Returns the bytes of a {@link Bulk} reply (a fresh copy).
   *
   * @return the bulk string's bytes
   * @throws IllegalStateException if this is not a bulk reply
   */
  default byte[] asBytes() {
    if (this instanceof Bulk b) {
      return b.value();
    }
    throw wrongType("a bulk string");
  }

  /**
   * Returns a {@link Bulk} reply decoded as UTF-8, or the text of a {@link Simple} reply.
   *
   * @return the reply as text
   * @throws IllegalStateException if this is neither a bulk nor a simple-string reply
   */
  default String asString() {
    if (this instanceof Bulk b) {
      return new String(b.value, StandardCharsets.UTF_8);
    }
    if (this instanceof Simple s) {
      return s.value();
    }
    throw wrongType("a bulk or simple string");
  }

  /**
   * Returns the value of an {@link Int} reply.
   *
   * @return the integer
   * @throws IllegalStateException if this is not an integer reply
   */
  default long asLong() {
    if (this instanceof Int i) {
      return i.value();
    }
    throw wrongType("an integer");
  }

  /**
   * Returns the elements of an {@link Array} reply (an unmodifiable list).
   *
   * @return the elements
   * @throws IllegalStateException if this is not an array reply
   */
  default List<RespReply> asList() {
    if (this instanceof Array a) {
      return a.elements();
    }
    throw wrongType("an array");
  }

  /**
   * Returns whether this is the {@link Null} reply.
   *
   * @return {@code true} for {@code $-1} and {@code *-1}
   */
  default boolean isNull() {
    return this == Null.INSTANCE;
  }

  /**
   * Returns whether this is an {@link Error} reply.
   *
   * @return {@code true} for {@code -...} replies
   */
  default boolean isError() {
    return this instanceof Error;
  }

  /**
   * Throws unless this is the simple string {@code +OK}.
   *
   * @return this reply
   * @throws IllegalStateException naming the actual reply otherwise
   */
  default RespReply assertOk() {
    if (this instanceof Simple s && s.value().equals("OK")) {
      return this;
    }
    throw wrongType("+OK");
  }

  private IllegalStateException wrongType(String expected) {
    return new IllegalStateException("expected " + expected + " reply but got " + this);
  }

  /**
   * Convenience factory for a bulk reply holding the UTF-8 bytes of {@code s}.
   *
   * @param s the text
   * @return a bulk reply
   */
  static Bulk bulk(String s) {
    return new Bulk(s.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * A simple string reply such as {@code +OK}.
   *
   * @param value the text after {@code +}
   */
  record Simple(String value) implements RespReply {
    /** Checks the value is not null. */
    public Simple {
      Objects.requireNonNull(value, "value");
    }

    @Override
    public String toString() {
      return "+" + value;
    }
  }

  /**
   * An error reply such as {@code -ERR syntax error}.
   *
   * @param message the text after {@code -}, including the error code (e.g. {@code WRONGTYPE ...})
   */
  record Error(String message) implements RespReply {
    /** Checks the message is not null. */
    public Error {
      Objects.requireNonNull(message, "message");
    }

    @Override
    public String toString() {
      return "-" + message;
    }
  }

  /**
   * An integer reply such as {@code :42}.
   *
   * @param value the integer
   */
  record Int(long value) implements RespReply {
    @Override
    public String toString() {
      return ":" + value;
    }
  }

  /**
   * A (non-null) bulk string reply. The constructor copies its argument and {@link #value()}
   * returns a copy, so the record really is immutable; equality is over the content.
   *
   * @param value the bytes
   */
  record Bulk(byte[] value) implements RespReply {
    /** Copies the value. */
    public Bulk {
      value = value.clone();
    }

    /**
     * Returns a copy of the bytes.
     *
     * @return the bytes
     */
    @Override
    public byte[] value() {
      return value.clone();
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Bulk b && Arrays.equals(value, b.value);
    }

    @Override
    public int hashCode() {
      return Arrays.hashCode(value);
    }

    @Override
    public String toString() {
      return "$" + Printable.bytes(value);
    }
  }

  /**
   * A (non-null) array reply.
   *
   * @param elements the elements, copied into an unmodifiable list
   */
  record Array(List<RespReply> elements) implements RespReply {
    /** Copies the elements. */
    public Array {
      elements = List.copyOf(elements);
    }

    @Override
    public String toString() {
      return "*" + elements;
    }
  }

  /** The null reply: RESP2's null bulk string ({@code $-1}) and null array ({@code *-1}). */
  enum Null implements RespReply {
    /** The only instance. */
    INSTANCE;

    @Override
    public String toString() {
      return "(nil)";
    }
  }
}
