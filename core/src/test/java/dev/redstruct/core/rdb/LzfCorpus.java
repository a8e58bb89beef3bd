package dev.redstruct.core.rdb;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * Seeded inputs for LZF: random bytes, repetitive text, JSON-like records, a small alphabet, and
 * splices of earlier parts (matches far back, near the 8 KiB window edge). Lengths are spread over
 * 21 bytes (the shortest string Redis compresses) to 64 KiB, denser at the short end.
 */
final class LzfCorpus {
  static final int MIN_LENGTH = 21;
  static final int MAX_LENGTH = 64 * 1024;

  private static final String[] WORDS = {
    "the",
    "redis",
    "list",
    "node",
    "quick",
    "compress",
    "lzf",
    "value",
    "key",
    "a",
    "of",
    "to",
    "listpack",
    "entry",
    "7.0",
    "data",
    "structure",
    "memory",
    "fast",
    "bytes"
  };

  private LzfCorpus() {}

  /** The kind names, in the order {@link #kind(int)} uses. */
  static final String[] KINDS = {"random", "text", "json", "alphabet", "splice"};

  /** Which kind input {@code i} of a run is: the kinds take turns. */
  static int kind(int i) {
    return i % KINDS.length;
  }

  /** A length from 21 to 64 KiB: log-uniform, with a quarter of the draws below 64 bytes. */
  static int length(SplittableRandom r) {
    if (r.nextInt(4) == 0) {
      return MIN_LENGTH + r.nextInt(43);
    }
    double lo = Math.log(MIN_LENGTH);
    double hi = Math.log(MAX_LENGTH);
    return (int) Math.min(MAX_LENGTH, Math.exp(lo + r.nextDouble() * (hi - lo)));
  }

  /** Input {@code i} of a run drawn from {@code r}. */
  static byte[] input(SplittableRandom r, int i) {
    int len = length(r);
    switch (kind(i)) {
      case 0:
        return randomBytes(r, len);
      case 1:
        return text(r, len);
      case 2:
        return json(r, len);
      case 3:
        return alphabet(r, len, 2 + r.nextInt(6));
      default:
        return splice(r, len);
    }
  }

  static byte[] randomBytes(SplittableRandom r, int len) {
    byte[] b = new byte[len];
    r.nextBytes(b);
    return b;
  }

  static byte[] alphabet(SplittableRandom r, int len, int letters) {
    byte[] b = new byte[len];
    for (int i = 0; i < len; i++) {
      b[i] = (byte) ('a' + r.nextInt(letters));
    }
    return b;
  }

  static byte[] text(SplittableRandom r, int len) {
    StringBuilder sb = new StringBuilder(len + 16);
    while (sb.length() < len) {
      sb.append(WORDS[r.nextInt(WORDS.length)]).append(r.nextInt(12) == 0 ? ". " : " ");
    }
    return cut(sb, len);
  }

  /** Records as an application would store them: same keys, varying values. */
  static byte[] json(SplittableRandom r, int len) {
    StringBuilder sb = new StringBuilder(len + 128);
    sb.append('[');
    for (int id = r.nextInt(100_000); sb.length() < len; id++) {
      sb.append("{\"id\":")
          .append(id)
          .append(",\"name\":\"user")
          .append(r.nextInt(10_000))
          .append("\",\"email\":\"u")
          .append(r.nextInt(10_000))
          .append("@example.com\",\"active\":")
          .append(r.nextBoolean())
          .append(",\"score\":")
          .append(r.nextInt(1000) / 10.0)
          .append(",\"tags\":[\"")
          .append(WORDS[r.nextInt(WORDS.length)])
          .append("\",\"")
          .append(WORDS[r.nextInt(WORDS.length)])
          .append("\"]},");
    }
    return cut(sb, len);
  }

  /** Random blocks, some copied (and slightly changed) from up to 9 KiB back. */
  static byte[] splice(SplittableRandom r, int len) {
    byte[] b = new byte[len];
    int pos = 0;
    while (pos < len) {
      int block = Math.min(len - pos, 1 + r.nextInt(300));
      int back = 1 + r.nextInt(9 * 1024);
      if (pos >= back && r.nextInt(3) != 0) {
        for (int i = 0; i < block; i++) {
          b[pos + i] = b[pos - back + i];
        }
        b[pos + r.nextInt(block)] ^= (byte) (r.nextInt(4) == 0 ? 1 : 0);
      } else {
        for (int i = 0; i < block; i++) {
          b[pos + i] = (byte) ('0' + r.nextInt(r.nextInt(4) == 0 ? 75 : 3));
        }
      }
      pos += block;
    }
    return b;
  }

  private static byte[] cut(StringBuilder sb, int len) {
    return sb.substring(0, len).getBytes(StandardCharsets.ISO_8859_1);
  }
}
