package dev.redstruct.core;

/**
 * Thrown when bytes that claim to be in a Redis encoding are not: a length that runs past the end,
 * an unknown encoding byte, a count that disagrees with the entries, and so on.
 *
 * <p>The message names the format, the byte offset at which the problem was found, the reason, and
 * a short hex window of the input around that offset, so that a report of a bad blob is useful on
 * its own. The offset is also available as {@link #offset()}; it is {@code -1} when the problem is
 * not tied to one position.
 */
public final class CorruptEncodingException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  /** How many bytes of context the hex window shows on each side of the offset. */
  static final int WINDOW_RADIUS = 8;

  private final String format;
  private final long offset;
  private final String reason;

  /**
   * Creates an exception for a problem found in {@code input} at {@code offset}.
   *
   * @param format the encoding's name, such as {@code "ziplist"}
   * @param offset the byte offset of the problem, or {@code -1} when it has none
   * @param reason what is wrong, in a few words
   * @param input the bytes being decoded, for the hex window; may be {@code null}
   */
  public CorruptEncodingException(String format, long offset, String reason, byte[] input) {
    super(message(format, offset, reason, input));
    this.format = format;
    this.offset = offset;
    this.reason = reason;
  }

  /**
   * Creates an exception for a problem that has no byte window to show.
   *
   * @param format the encoding's name
   * @param offset the byte offset of the problem, or {@code -1} when it has none
   * @param reason what is wrong, in a few words
   */
  public CorruptEncodingException(String format, long offset, String reason) {
    this(format, offset, reason, null);
  }

  /** Returns the name of the encoding that was being decoded. @return the format name */
  public String format() {
    return format;
  }

  /** Returns the byte offset of the problem, or {@code -1}. @return the offset */
  public long offset() {
    return offset;
  }

  /** Returns the reason alone, without format, offset or window. @return the reason */
  public String reason() {
    return reason;
  }

  private static String message(String format, long offset, String reason, byte[] input) {
    StringBuilder sb = new StringBuilder();
    sb.append("corrupt ").append(format);
    if (offset >= 0) {
      sb.append(" at offset ").append(offset);
    }
    sb.append(": ").append(reason);
    if (input != null) {
      sb.append(" [").append(hexWindow(input, offset)).append(']');
    }
    return sb.toString();
  }

  /**
   * Formats up to {@link #WINDOW_RADIUS} bytes on each side of {@code offset} as hex, with the byte
   * at the offset in angle brackets and {@code ..} where the window cuts the input.
   */
  static String hexWindow(byte[] input, long offset) {
    long center = Math.max(0, Math.min(offset, input.length));
    int from = (int) Math.max(0, center - WINDOW_RADIUS);
    int to = (int) Math.min(input.length, center + WINDOW_RADIUS + 1);
    StringBuilder sb = new StringBuilder();
    if (from > 0) {
      sb.append(".. ");
    }
    for (int i = from; i < to; i++) {
      if (i == center) {
        sb.append('<');
      }
      sb.append(Character.forDigit((input[i] >> 4) & 0xf, 16))
          .append(Character.forDigit(input[i] & 0xf, 16));
      if (i == center) {
        sb.append('>');
      }
      if (i + 1 < to) {
        sb.append(' ');
      }
    }
    if (to < input.length) {
      sb.append(" ..");
    }
    if (center == input.length) {
      sb.append(" <end>");
    }
    return sb.toString();
  }
}
