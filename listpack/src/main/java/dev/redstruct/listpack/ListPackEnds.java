package dev.redstruct.listpack;

import static dev.redstruct.listpack.ListPackFormat.EOF;
import static dev.redstruct.listpack.ListPackFormat.HEADER_SIZE;
import static dev.redstruct.listpack.ListPackFormat.MAX_SAFETY_SIZE;
import static dev.redstruct.listpack.ListPackFormat.NUMELE_UNKNOWN;

import dev.redstruct.core.Bytes;

/**
 * The end edits' short path: a push or a pop at either end of a listpack whose element takes one of
 * the three short encodings (a 7-bit or 13-bit integer, a string below 64 bytes: every element has
 * a 1-byte backlen then), written and read here directly. Everything else returns {@link #GENERAL}
 * and the caller runs {@link ListPackWriter#push} or the decoding pop. The bytes are the same
 * either way: those of Redis's {@code lpPrepend}/{@code lpAppend} and {@code lpDelete} at an end.
 */
final class ListPackEnds {
  /* Implementation notes.
   * Why a second path (issue 30; measured in benchmarks/NOTES.md, "Issue 30, fourth pass": about
   * 12 % fewer ns per listpack push+pop pair, 15-20 % per quicklist pair, on the goal benchmark
   * QuickListPushPopBenchmark): the general push and pop (ListPackWriter.push, ListPack.pollInto)
   * handle every encoding and backlen width and test every pushed string for an integer. These
   * methods handle only the short encodings (1-byte backlens, sizes known from the first byte),
   * skip the integer parse for a string that cannot be one, format short integers without long
   * divisions, and leave the rare cases (a LOOSE listpack, a side without room, a long string or a
   * wide integer, a pop into a buffer too small) to the caller; poll is split so that it stays
   * under C2's FreqInlineSize and inlines into QuickList's pops. Each still reads and writes the
   * 6-byte header, so the bytes are Redis's after every call and nothing else needs to know this
   * path exists.
   */

  /** Returned when the short path does not apply: nothing was changed. */
  static final int GENERAL = -2;

  /** Two ASCII digits per value 0..99, for {@link #formatShort}. A constant, never written. */
  private static final byte[] DIGIT_PAIRS = new byte[200];

  static {
    for (int i = 0; i < 100; i++) {
      DIGIT_PAIRS[2 * i] = (byte) ('0' + i / 10);
      DIGIT_PAIRS[2 * i + 1] = (byte) ('0' + i % 10);
    }
  }

  private ListPackEnds() {}

  /** What {@link #shortDecimal} returns for anything but a canonical decimal of 1..4 digits. */
  private static final int NOT_SHORT = Integer.MIN_VALUE;

  /**
   * {@link #pushString} at the head. (One method per end: compiled on its own, each is half the
   * native code of the shared one, small enough for C2 to inline into a caller.)
   */
  static int prependString(ListPack lp, byte[] s) {
    return pushString(lp, true, s);
  }

  /** {@link #pushString} at the tail. */
  static int appendString(ListPack lp, byte[] s) {
    return pushString(lp, false, s);
  }

  /**
   * Pushes the string {@code s} at the head or the tail by {@link #push}: as a string when its
   * first byte is no digit and no '-' (so that it is no integer), as an integer when it is the
   * canonical decimal of a 13-bit value; {@link #GENERAL} (nothing changed) for anything else,
   * which the caller hands to lpStringToInt64's full test. Redis: lpPrepend / lpAppend.
   */
  static int pushString(ListPack lp, boolean head, byte[] s) {
    int len = s.length;
    int c = len == 0 ? 'x' : s[0];
    if (c > '9' || (c < '0' && c != '-')) {
      return push(lp, head, s, 0);
    }
    int v = len <= 5 ? shortDecimal(s, len) : NOT_SHORT;
    return v == NOT_SHORT ? GENERAL : push(lp, head, null, v);
  }

  /**
   * {@code s} (1..5 bytes) as a canonical decimal (lpStringToInt64's rules: no leading zero, "0"
   * alone, no "-0") of at most 4 digits, or {@link #NOT_SHORT}.
   */
  private static int shortDecimal(byte[] s, int len) {
    int i = s[0] == '-' ? 1 : 0;
    int first = len > i ? s[i] - '0' : -1;
    if (first < 1 || first > 9 || len - i > 4) {
      return len == 1 && first == 0 ? 0 : NOT_SHORT;
    }
    int v = first;
    for (int k = i + 1; k < len; k++) {
      int d = s[k] - '0';
      if (d < 0 || d > 9) {
        return NOT_SHORT;
      }
      v = v * 10 + d;
    }
    return i == 0 ? v : -v;
  }

  /**
   * Pushes {@code s} at the head or the tail when it is a string of 1..63 bytes that cannot be an
   * integer (its first byte is no digit and no '-'), or the integer {@code v} (when {@code s} is
   * null) within the 13-bit range; returns {@link #GENERAL} (nothing changed) otherwise, or when
   * the listpack is LOOSE or the side has no room. Redis: lpPrepend / lpAppend.
   */
  static int push(ListPack lp, boolean head, byte[] s, long v) {
    int d;
    if (s != null) {
      if (s.length > 63) {
        return GENERAL;
      }
      d = s.length + 2; // 6-bit string header, the bytes, a 1-byte backlen
    } else if (v >= 0 && v <= 127) {
      d = 2;
    } else if (v >= -4096 && v <= 4095) {
      d = 3;
    } else {
      return GENERAL;
    }
    byte[] b = lp.buf;
    int base = lp.base;
    int total = Bytes.getIntLE(b, base);
    int numele = Bytes.getShortLE(b, base + 4) & 0xFFFF;
    int p;
    if (lp.loose() || total > MAX_SAFETY_SIZE - d) {
      return GENERAL;
    } else if (head) {
      if (base < d) {
        return GENERAL;
      }
      base -= d;
      lp.base = base;
      p = base + HEADER_SIZE;
    } else {
      p = base + total - 1; // the EOF byte
      if (p + d >= b.length) {
        return GENERAL;
      }
      b[p + d] = (byte) EOF;
    }
    writeShort(b, p, d, s, v);
    total += d;
    Bytes.putIntLE(b, base, total);
    Bytes.putShortLE(b, base + 4, numele == NUMELE_UNKNOWN ? numele : numele + 1);
    lp.modCount += ListPack.MOD_STEP;
    return total;
  }

  /** Writes the element of {@link #push}, {@code d} bytes at {@code p}. */
  private static void writeShort(byte[] b, int p, int d, byte[] s, long v) {
    if (s != null) {
      int len = d - 2;
      b[p] = (byte) (ListPackFormat.ENC_6BIT_STR | len);
      System.arraycopy(s, 0, b, p + 1, len);
      b[p + 1 + len] = (byte) (len + 1);
    } else if (d == 2) {
      b[p] = (byte) v;
      b[p + 1] = 1;
    } else {
      int u = (int) v & 0x1FFF; // two's complement in 13 bits
      b[p] = (byte) ((u >>> 8) | ListPackFormat.ENC_13BIT_INT);
      b[p + 1] = (byte) u;
      b[p + 2] = 2;
    }
  }

  /**
   * Removes the first or last element into {@code dst} at {@code off} when it takes a short
   * encoding and fits; returns its length, -1 when the listpack is empty, or {@link #GENERAL}
   * (nothing changed) when the element needs the general pop. Redis: lpFirst/lpLast + lpGet +
   * lpDelete.
   */
  static int poll(ListPack lp, boolean first, byte[] dst, int off) {
    byte[] b = lp.buf;
    int base = lp.base;
    int total = Bytes.getIntLE(b, base);
    if (total == ListPackFormat.EMPTY_SIZE) {
      return -1;
    } else if (lp.loose()) {
      return GENERAL;
    }
    int p;
    if (first) {
      p = base + HEADER_SIZE;
    } else {
      int backlen = b[base + total - 2]; // bit 7 set (a negative byte): a longer backlen
      if (backlen < 0) {
        return GENERAL;
      }
      p = base + total - 2 - backlen;
    }
    int c = b[p] & 0xFF;
    int size;
    int n;
    if (c >= 0x80 && c < 0xC0) { // 6-bit string
      n = c & 0x3F;
      if (off < 0 || n > dst.length - off) {
        return GENERAL; // the general pop throws, changing nothing
      }
      System.arraycopy(b, p + 1, dst, off, n);
      size = n + 2;
    } else {
      int v;
      if (c < 0x80) { // 7-bit uint
        v = c;
        size = 2;
      } else if (c < 0xE0) { // 13-bit int
        int u = ((c & 0x1F) << 8) | (b[p + 1] & 0xFF);
        v = u >= 4096 ? u - 8192 : u;
        size = 3;
      } else {
        return GENERAL;
      }
      n = formatShort(v, dst, off);
      if (n < 0) {
        return GENERAL; // the general pop throws, changing nothing
      }
    }
    remove(lp, first, p, size, total);
    return n;
  }

  /**
   * Deletes the element of {@code size} bytes at {@code p}, the first or the last of the listpack
   * of {@code total} bytes: the header written afresh over the element's end, or the EOF byte at
   * its start. Redis: lpDelete at an end.
   */
  private static void remove(ListPack lp, boolean first, int p, int size, int total) {
    byte[] b = lp.buf;
    int base = lp.base;
    int numele = Bytes.getShortLE(b, base + 4) & 0xFFFF;
    if (first) {
      base = p + size - HEADER_SIZE; // the header moves up over the element
      lp.base = base;
    } else {
      b[p] = (byte) EOF;
    }
    Bytes.putIntLE(b, base, total - size);
    Bytes.putShortLE(b, base + 4, numele == NUMELE_UNKNOWN ? numele : numele - 1);
    lp.modCount += ListPack.MOD_STEP;
  }

  /**
   * Writes the decimal of {@code v} (-4096..4095, the 13-bit range) at {@code off}; returns its
   * length, or -1 (nothing written) when it does not fit. Redis: ll2string, for short values.
   */
  static int formatShort(int v, byte[] dst, int off) {
    int neg = v >>> 31;
    int u = neg != 0 ? -v : v;
    int n = neg + (u < 10 ? 1 : u < 100 ? 2 : u < 1000 ? 3 : 4);
    if (off < 0 || n > dst.length - off) {
      return -1;
    }
    int end = off + n;
    if (u >= 100) {
      int q = u / 100;
      int r = 2 * (u - q * 100);
      dst[end - 1] = DIGIT_PAIRS[r + 1];
      dst[end - 2] = DIGIT_PAIRS[r];
      end -= 2;
      u = q;
    }
    if (u >= 10) {
      dst[end - 1] = DIGIT_PAIRS[2 * u + 1];
      dst[end - 2] = DIGIT_PAIRS[2 * u];
    } else {
      dst[end - 1] = (byte) ('0' + u);
    }
    if (neg != 0) {
      dst[off] = '-';
    }
    return n;
  }
}
