package dev.redstruct.server;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits an inline request line into arguments as Redis's {@code sdssplitargs} does (src/sds.c,
 * 7.0.15): words separated by spaces; {@code "double quotes"} with the escapes {@code \xHH}, {@code
 * \n}, {@code \r}, {@code \t}, {@code \b}, {@code \a} and {@code \c} for any other c; {@code
 * 'single quotes'} where only {@code \'} is an escape. A closing quote must be followed by white
 * space or the end of the line; an unclosed quote or a quote followed by another character makes
 * the whole line invalid.
 */
final class SplitArgs {
  private SplitArgs() {}

  /** C's isspace in the C locale. */
  private static boolean isSpace(int c) {
    return c == ' ' || (c >= '\t' && c <= '\r');
  }

  private static boolean isHex(int c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
  }

  /**
   * Splits {@code line[from, to)}, which holds no NUL byte. Redis: sdssplitargs.
   *
   * @return the arguments (maybe none), or null for unbalanced quotes
   */
  static byte[][] split(byte[] line, int from, int to) {
    List<byte[]> out = new ArrayList<>();
    int p = from;
    while (true) {
      while (p < to && isSpace(line[p])) {
        p++;
      }
      if (p == to) {
        return out.toArray(new byte[0][]);
      }
      ByteArrayOutputStream cur = new ByteArrayOutputStream();
      p = word(line, p, to, cur);
      if (p < 0) {
        return null;
      }
      out.add(cur.toByteArray());
    }
  }

  /** Reads one word from p into cur; returns the index after it, or -1 for bad quoting. */
  private static int word(byte[] s, int p, int to, ByteArrayOutputStream cur) {
    boolean inq = false;
    boolean insq = false;
    while (true) {
      int c = p < to ? s[p] : 0; // the C string's terminator past the end
      if (inq) {
        if (c == '\\'
            && at(s, p + 1, to) == 'x'
            && isHex(at(s, p + 2, to))
            && isHex(at(s, p + 3, to))) {
          cur.write(Character.digit(s[p + 2], 16) * 16 + Character.digit(s[p + 3], 16));
          p += 3;
        } else if (c == '\\' && at(s, p + 1, to) != 0) {
          p++;
          cur.write(unescape(s[p]));
        } else if (c == '"') {
          int next = at(s, p + 1, to);
          if (next != 0 && !isSpace(next)) {
            return -1;
          }
          return p + 1;
        } else if (c == 0) {
          return -1;
        } else {
          cur.write(c);
        }
      } else if (insq) {
        if (c == '\\' && at(s, p + 1, to) == '\'') {
          p++;
          cur.write('\'');
        } else if (c == '\'') {
          int next = at(s, p + 1, to);
          if (next != 0 && !isSpace(next)) {
            return -1;
          }
          return p + 1;
        } else if (c == 0) {
          return -1;
        } else {
          cur.write(c);
        }
      } else if (c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == 0) {
        return p < to ? p + 1 : p;
      } else if (c == '"') {
        inq = true;
      } else if (c == '\'') {
        insq = true;
      } else {
        cur.write(c);
      }
      if (p < to) {
        p++;
      }
    }
  }

  private static int at(byte[] s, int i, int to) {
    return i < to ? s[i] : 0;
  }

  private static int unescape(byte b) {
    switch (b) {
      case 'n':
        return '\n';
      case 'r':
        return '\r';
      case 't':
        return '\t';
      case 'b':
        return '\b';
      case 'a':
        return 7;
      default:
        return b;
    }
  }
}
