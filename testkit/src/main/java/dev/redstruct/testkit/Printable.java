package dev.redstruct.testkit;

/** Renders bytes for failure messages and {@code toString}. */
final class Printable {
  private static final int MAX = 200;

  private Printable() {}

  /**
   * Returns {@code "text"} if every byte is printable ASCII (escaping {@code "} and {@code \}),
   * else {@code 0x} followed by lower-case hex. Values longer than 200 bytes are cut, with the
   * length.
   */
  static String bytes(byte[] b) {
    int n = Math.min(b.length, MAX);
    boolean text = true;
    for (int i = 0; i < n && text; i++) {
      text = b[i] >= 0x20 && b[i] < 0x7f;
    }
    StringBuilder sb = new StringBuilder(n * 2 + 24);
    if (text) {
      sb.append('"');
      for (int i = 0; i < n; i++) {
        char c = (char) b[i];
        if (c == '"' || c == '\\') {
          sb.append('\\');
        }
        sb.append(c);
      }
      sb.append('"');
    } else {
      sb.append("0x").append(hex(b, 0, n));
    }
    if (n < b.length) {
      sb.append("...(").append(b.length).append(" bytes)");
    }
    return sb.toString();
  }

  /** Lower-case hex of {@code b[off, off+len)}, no separators. */
  static String hex(byte[] b, int off, int len) {
    StringBuilder sb = new StringBuilder(len * 2);
    for (int i = off; i < off + len; i++) {
      sb.append(Character.forDigit((b[i] >> 4) & 0xf, 16))
          .append(Character.forDigit(b[i] & 0xf, 16));
    }
    return sb.toString();
  }
}
