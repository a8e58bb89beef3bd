package dev.redstruct.stream;

import java.nio.charset.StandardCharsets;

/**
 * A stream entry ID: two unsigned 64-bit numbers, milliseconds and a sequence, ordered as Redis
 * orders them (ms first, then seq, both unsigned). Redis: streamID and streamCompareID,
 * src/stream.h and src/t_stream.c.
 *
 * @param ms the milliseconds part, unsigned
 * @param seq the sequence part, unsigned
 */
public record StreamId(long ms, long seq) implements Comparable<StreamId> {
  /** The smallest ID, {@code 0-0}. */
  public static final StreamId MIN = new StreamId(0, 0);

  /** The largest ID, {@code 18446744073709551615-18446744073709551615}. */
  public static final StreamId MAX = new StreamId(-1L, -1L);

  @Override
  public int compareTo(StreamId o) {
    int c = Long.compareUnsigned(ms, o.ms);
    return c != 0 ? c : Long.compareUnsigned(seq, o.seq);
  }

  /**
   * Whether this ID is {@code 0-0}.
   *
   * @return true for 0-0
   */
  public boolean isZero() {
    return ms == 0 && seq == 0;
  }

  /**
   * The next ID in order, or null after {@link #MAX}. Redis: streamIncrID.
   *
   * @return the successor
   */
  public StreamId next() {
    if (seq != -1L) {
      return new StreamId(ms, seq + 1);
    }
    return ms == -1L ? null : new StreamId(ms + 1, 0);
  }

  /**
   * The previous ID in order, or null before {@link #MIN}. Redis: streamDecrID.
   *
   * @return the predecessor
   */
  public StreamId previous() {
    if (seq != 0) {
      return new StreamId(ms, seq - 1);
    }
    return ms == 0 ? null : new StreamId(ms - 1, -1L);
  }

  /**
   * Parses {@code <ms>-<seq>} or {@code <ms>} (sequence 0), both unsigned decimal.
   *
   * @param text the ID
   * @return the ID
   * @throws IllegalArgumentException if the text is not an ID
   */
  public static StreamId parse(String text) {
    StreamId id = StreamIds.parse(text.getBytes(StandardCharsets.ISO_8859_1), 0, false);
    if (id == null) {
      throw new IllegalArgumentException("not a stream ID: " + text);
    }
    return id;
  }

  /** {@code <ms>-<seq>}, as Redis prints it (createStreamIDString). */
  @Override
  public String toString() {
    return Long.toUnsignedString(ms) + "-" + Long.toUnsignedString(seq);
  }

  byte[] toBytes() {
    return toString().getBytes(StandardCharsets.ISO_8859_1);
  }
}
