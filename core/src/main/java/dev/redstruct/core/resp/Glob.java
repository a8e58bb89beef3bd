package dev.redstruct.core.resp;

/**
 * Redis's glob matcher for the {@code MATCH} option of {@code SSCAN}, {@code HSCAN} and the other
 * scans (Redis: stringmatchlen, src/util.c, 7.0.15, case-sensitive): {@code *}, {@code ?}, {@code
 * [abc]}, {@code [^a-z]}, {@code \x}. Bytes are compared as C {@code char}, which is signed on
 * x86-64: a range like {@code [a-\xff]} compares with negative values, as there.
 */
public final class Glob {
  /*
   * Implementation notes. The C code walks NUL-terminated sds strings and in a few places reads
   * the terminator (pattern[1] after a final '*', the '*' skip after the string ends, a '[' class
   * that runs off the end); at(p, i) returns 0 past the end to read the same. skip is the C
   * code's skipLongerMatches flag: once the rest of a pattern after a '*' matched nowhere, no
   * earlier '*' can help, which keeps the match polynomial.
   */

  private final byte[] pat;
  private final byte[] str;
  private boolean skip;

  private Glob(byte[] pat, byte[] str) {
    this.pat = pat;
    this.str = str;
  }

  /**
   * Returns whether the string matches the pattern, as Redis's {@code stringmatchlen(..., nocase
   * 0)}.
   *
   * @param pattern the glob
   * @param string the candidate
   * @return true if it matches
   */
  public static boolean matches(byte[] pattern, byte[] string) {
    return new Glob(pattern, string).match(0, pattern.length, 0, string.length);
  }

  private static byte at(byte[] b, int i) {
    return i < b.length ? b[i] : 0;
  }

  /**
   * Redis: stringmatchlen_impl. p/pl: pattern position and bytes left; s/sl: the same for the
   * string.
   */
  private boolean match(int p, int pl, int s, int sl) {
    while (pl > 0 && sl > 0) {
      switch (at(pat, p)) {
        case '*' -> {
          while (pl > 0 && at(pat, p + 1) == '*') {
            p++;
            pl--;
          }
          if (pl == 1) {
            return true;
          }
          while (sl > 0) {
            if (match(p + 1, pl - 1, s, sl)) {
              return true;
            }
            if (skip) {
              return false;
            }
            s++;
            sl--;
          }
          skip = true;
          return false;
        }
        case '?' -> {
          s++;
          sl--;
        }
        case '[' -> {
          int[] state = {p, pl};
          if (!matchClass(state, at(str, s))) {
            return false;
          }
          p = state[0];
          pl = state[1];
          s++;
          sl--;
        }
        default -> {
          if (at(pat, p) == '\\' && pl >= 2) {
            p++;
            pl--;
          }
          if (at(pat, p) != at(str, s)) {
            return false;
          }
          s++;
          sl--;
        }
      }
      p++;
      pl--;
      if (sl == 0) {
        while (at(pat, p) == '*') {
          p++;
          pl--;
        }
        break;
      }
    }
    return pl == 0 && sl == 0;
  }

  /**
   * A {@code [...]} class at state[0] (the '['), against byte c; leaves state at the closing ']'
   * (or the last byte when the class is unterminated), as the C loop leaves its pointer.
   */
  private boolean matchClass(int[] state, byte c) {
    int p = state[0] + 1;
    int pl = state[1] - 1;
    boolean not = at(pat, p) == '^';
    if (not) {
      p++;
      pl--;
    }
    boolean match = false;
    while (true) {
      if (at(pat, p) == '\\' && pl >= 2) {
        p++;
        pl--;
        if (at(pat, p) == c) {
          match = true;
        }
      } else if (at(pat, p) == ']') {
        break;
      } else if (pl == 0) {
        p--;
        pl++;
        break;
      } else if (pl >= 3 && at(pat, p + 1) == '-') {
        int start = at(pat, p);
        int end = at(pat, p + 2);
        if (start > end) {
          int t = start;
          start = end;
          end = t;
        }
        p += 2;
        pl -= 2;
        if (c >= start && c <= end) {
          match = true;
        }
      } else if (at(pat, p) == c) {
        match = true;
      }
      p++;
      pl--;
    }
    state[0] = p;
    state[1] = pl;
    return not != match;
  }
}
