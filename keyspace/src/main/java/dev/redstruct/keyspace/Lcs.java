package dev.redstruct.keyspace;

import dev.redstruct.core.resp.RedisWords;
import dev.redstruct.core.resp.ReplyError;
import dev.redstruct.core.resp.RespWriter;
import java.nio.charset.StandardCharsets;

/**
 * {@code LCS key1 key2 [LEN] [IDX] [MINMATCHLEN len] [WITHMATCHLEN]}: the longest common
 * subsequence of two strings, as Redis 7.0.15's lcsCommand (src/t_string.c) computes it: the
 * dynamic-programming table, then one walk back from its last cell that builds the string and the
 * matching ranges from the end, so ties and range order are Redis's.
 */
final class Lcs {
  /*
   * Implementation notes. table[i * (blen + 1) + j] = LCS length of a[0, i) and b[0, j). The walk
   * back: a match extends the current range backwards when it is contiguous, else closes it; a
   * mismatch moves i when LCS(i-1, j) > LCS(i, j-1), else j (ties move j), and closes an open
   * range. A closed range is reported when it is at least MINMATCHLEN long.
   */
  private Lcs() {}

  /** Redis: lcsCommand. */
  static void lcs(byte[][] argv, StringKeys keys, RespWriter out) {
    byte[] a = value(argv[1], keys);
    byte[] b = value(argv[2], keys);
    if (a == null || b == null) {
      throw new ReplyError("ERR The specified keys must contain string values");
    }
    boolean getLen = false;
    boolean getIdx = false;
    boolean withMatchLen = false;
    long minMatchLen = 0;
    for (int j = 3; j < argv.length; j++) {
      byte[] opt = argv[j];
      if (RedisWords.is(opt, "idx")) {
        getIdx = true;
      } else if (RedisWords.is(opt, "len")) {
        getLen = true;
      } else if (RedisWords.is(opt, "withmatchlen")) {
        withMatchLen = true;
      } else if (RedisWords.is(opt, "minmatchlen") && j < argv.length - 1) {
        minMatchLen = Math.max(0, StringCommands.parseLong(argv[++j]));
      } else {
        throw new ReplyError(StringCommands.ERR_SYNTAX);
      }
    }
    if (getLen && getIdx) {
      throw new ReplyError("ERR If you want both the length and indexes, please just use IDX.");
    }
    long cells = (a.length + 1L) * (b.length + 1L);
    if (cells * 4 > StringCommands.MAX_STRING) {
      throw new ReplyError(
          "ERR Insufficient memory, transient memory for LCS exceeds proto-max-bulk-len");
    }
    int[] table = table(a, b);
    walk(a, b, table, getLen, getIdx, withMatchLen, minMatchLen, out);
  }

  /** The bytes of a string key, "" when missing, null when the key holds another type. */
  private static byte[] value(byte[] key, StringKeys keys) {
    try {
      RedisString v = keys.get(key);
      return v == null ? new byte[0] : v.bytesForRead();
    } catch (ReplyError wrongType) {
      return null;
    }
  }

  private static int[] table(byte[] a, byte[] b) {
    int w = b.length + 1;
    int[] t = new int[(a.length + 1) * w];
    for (int i = 1; i <= a.length; i++) {
      int row = i * w;
      int prev = row - w;
      byte ai = a[i - 1];
      for (int j = 1; j <= b.length; j++) {
        t[row + j] = ai == b[j - 1] ? t[prev + j - 1] + 1 : Math.max(t[prev + j], t[row + j - 1]);
      }
    }
    return t;
  }

  /** The walk back and the reply (the ranges are written as they are found, as Redis does). */
  private static void walk(
      byte[] a,
      byte[] b,
      int[] t,
      boolean getLen,
      boolean getIdx,
      boolean withMatchLen,
      long minMatchLen,
      RespWriter out) {
    int w = b.length + 1;
    int total = t[a.length * w + b.length];
    if (getLen) {
      out.integer(total);
      return;
    }
    byte[] result = new byte[total];
    RespWriter ranges = new RespWriter(out.protocol());
    int count = 0;
    int idx = total;
    int alen = a.length;
    int aStart = alen; // alen: no open range
    int aEnd = 0;
    int bStart = 0;
    int bEnd = 0;
    int i = a.length;
    int j = b.length;
    while (i > 0 && j > 0) {
      boolean emit = false;
      if (a[i - 1] == b[j - 1]) {
        result[idx - 1] = a[i - 1];
        if (aStart == alen) {
          aStart = aEnd = i - 1;
          bStart = bEnd = j - 1;
        } else if (aStart == i && bStart == j) {
          aStart--;
          bStart--;
        } else {
          emit = true;
        }
        if (aStart == 0 || bStart == 0) {
          emit = true;
        }
        idx--;
        i--;
        j--;
      } else {
        if (t[(i - 1) * w + j] > t[i * w + j - 1]) {
          i--;
        } else {
          j--;
        }
        if (aStart != alen) {
          emit = true;
        }
      }
      if (emit) {
        long matchLen = (long) aEnd - aStart + 1;
        if (getIdx && (minMatchLen == 0 || matchLen >= minMatchLen)) {
          ranges.arrayHeader(withMatchLen ? 3 : 2);
          ranges.arrayHeader(2).integer(aStart).integer(aEnd);
          ranges.arrayHeader(2).integer(bStart).integer(bEnd);
          if (withMatchLen) {
            ranges.integer(matchLen);
          }
          count++;
        }
        aStart = alen;
      }
    }
    if (getIdx) {
      out.mapHeader(2).bulk("matches".getBytes(StandardCharsets.US_ASCII));
      out.arrayHeader(count).raw(ranges.toByteArray());
      out.bulk("len".getBytes(StandardCharsets.US_ASCII)).integer(total);
    } else {
      out.bulk(result);
    }
  }
}
