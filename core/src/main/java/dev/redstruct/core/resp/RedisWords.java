package dev.redstruct.core.resp;

/** How Redis's commands recognise option words in their arguments. Not public API. */
public final class RedisWords {
  private RedisWords() {}

  /**
   * Whether an argument is the option word {@code lowerWord}, compared as Redis compares them with
   * C's {@code strcasecmp}: ASCII case-insensitive, and the argument ends at its first NUL byte (so
   * {@code "count\0x"} is {@code COUNT}).
   *
   * @param arg the argument's bytes
   * @param lowerWord the word in lower case ASCII
   * @return whether they are equal under those rules
   */
  public static boolean is(byte[] arg, String lowerWord) {
    int n = 0;
    while (n < arg.length && arg[n] != 0) {
      n++;
    }
    if (n != lowerWord.length()) {
      return false;
    }
    for (int i = 0; i < n; i++) {
      int c = arg[i];
      if (c >= 'A' && c <= 'Z') {
        c += 'a' - 'A';
      }
      if (c != lowerWord.charAt(i)) {
        return false;
      }
    }
    return true;
  }
}
