package dev.redstruct.listpack;

import static dev.redstruct.listpack.ListPackFormat.EOF;
import static dev.redstruct.listpack.ListPackFormat.HEADER_SIZE;

import dev.redstruct.core.RedisNumbers;
import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * The walk over a valid listpack: first, last, next, previous, seek, find and the random pair
 * picks. Positions are byte offsets of an element's first byte; {@link #NONE} stands for Redis's
 * NULL. All methods trust the bytes (they were validated when they entered a {@link ListPack}).
 */
final class ListPackReader {
  /* Implementation notes.
   * Mirrors lpFirst, lpLast, lpNext, lpPrev, lpSkip, lpSeek, lpFind, lpRandomPair, lpRandomPairs
   * and lpRandomPairsUnique (src/listpack.c, Redis 7.0.15). Redis re-validates each element it
   * steps onto (lpAssertValidEntry); here the whole blob is validated once on entry, so the walk
   * only asserts. Forward steps decode the element (ListPackFormat.decode) to learn its size;
   * backward steps read the previous element's backlen.
   */

  /** No element: Redis's NULL. */
  static final int NONE = -1;

  private ListPackReader() {}

  /**
   * The first element of the listpack at {@code base}, or {@link #NONE} when empty. Redis: lpFirst.
   */
  static int first(byte[] b, int base) {
    int p = base + HEADER_SIZE;
    return (b[p] & 0xFF) == EOF ? NONE : p;
  }

  /** The last element, or {@link #NONE} when empty. Redis: lpLast. */
  static int last(byte[] b, int base) {
    return prev(b, base, base + (int) ListPackFormat.totalBytes(b, base) - 1);
  }

  /** The offset after the element at {@code p} (an element or the EOF byte). Redis: lpSkip. */
  static int skip(byte[] b, int p, ListPackFormat.Element scratch) {
    return ListPackFormat.decode(b, p, scratch).end();
  }

  /** The element after {@code p}, or {@link #NONE} at the last one. Redis: lpNext. */
  static int next(byte[] b, int p, ListPackFormat.Element scratch) {
    int q = skip(b, p, scratch);
    return (b[q] & 0xFF) == EOF ? NONE : q;
  }

  /**
   * The element before {@code p} ({@code p} may be the EOF offset) in the listpack at {@code base},
   * or {@link #NONE} at the first. Redis: lpPrev.
   */
  static int prev(byte[] b, int base, int p) {
    if (p == base + HEADER_SIZE) {
      return NONE;
    }
    int last = b[p - 1] & 0xFF;
    if (last < 128) {
      return p - last - 1; // a 1-byte backlen (L <= 127): what lpDecodeBacklen returns at once
    }
    // Floor base (the blob's offset 0), as validation reads it: a backlen whose last byte has bit 7
    // set may be read on into the element's encoding byte or even the header (valid if their low 7
    // bits are 0, as Redis's
    // lpDecodeBacklen reads them); the walk then agrees with what validation accepted.
    long l = ListPackFormat.readBacklen(b, p - 1, base);
    assert l > 0 : "bad backlen before " + p;
    return (int) (p - l - ListPackFormat.backlenSize(l));
  }

  /**
   * The element at {@code index} (negative counts from the end), or {@link #NONE} when out of
   * range. With a known header count it walks from the nearer end; with an unknown one (65535)
   * forward for a non-negative index and backward for a negative one. Redis: lpSeek.
   */
  static int seek(byte[] b, int base, long index, ListPackFormat.Element scratch) {
    int numele = ListPackFormat.numElements(b, base);
    boolean forward = true;
    if (numele != ListPackFormat.NUMELE_UNKNOWN) {
      if (index < 0) {
        index += numele;
      }
      if (index < 0 || index >= numele) {
        return NONE;
      }
      if (index > numele / 2) {
        forward = false;
        index -= numele;
      }
    } else if (index < 0) {
      forward = false;
    }
    if (forward) {
      int p = first(b, base);
      for (; index > 0 && p != NONE; index--) {
        p = next(b, p, scratch);
      }
      return p;
    }
    int p = last(b, base);
    for (; index < -1 && p != NONE; index++) {
      p = prev(b, base, p);
    }
    return p;
  }

  /** The number of elements by a walk. */
  static int walkCount(byte[] b, int base, ListPackFormat.Element scratch) {
    int n = 0;
    for (int p = first(b, base); p != NONE; p = next(b, p, scratch)) {
      n++;
    }
    return n;
  }

  /**
   * The first element at or after {@code p}, comparing every {@code skip + 1}-th element, equal to
   * the string {@code s[off, off + len)}, or {@link #NONE}. Integer elements match a needle of 1 to
   * 31 bytes that lpStringToInt64 accepts with the same value. Redis: lpFind.
   */
  static int find(
      byte[] b, int p, byte[] s, int off, int len, int skip, ListPackFormat.Element scratch) {
    int skipCount = 0;
    int needleKind = 0; // 0 unknown, 1 integer (needle holds its value), -1 not an integer
    long needle = 0;
    while (p != NONE && (b[p] & 0xFF) != EOF) {
      ListPackFormat.Element e = ListPackFormat.decode(b, p, scratch);
      if (skipCount == 0) {
        if (!e.isInteger) {
          if (Arrays.equals(b, e.dataOffset, e.dataOffset + e.dataLength, s, off, off + len)) {
            return p;
          }
        } else {
          if (needleKind == 0) {
            needleKind = len < 32 && ListPackFormat.isIntegerString(s, off, len) ? 1 : -1;
            needle = needleKind == 1 ? RedisNumbers.parseCanonicalLong(s, off, len) : 0;
          }
          if (needleKind == 1 && e.value == needle) {
            return p;
          }
        }
        skipCount = skip;
      } else {
        skipCount--;
      }
      p = e.end();
    }
    return NONE;
  }

  /** The index of a random pair's key: 2 × (random below {@code pairs}). Redis: lpRandomPair. */
  static int randomPair(int pairs, RandomGenerator rnd) {
    return rnd.nextInt(pairs) * 2;
  }

  /**
   * {@code count} random key indexes, with repetition, in pick order. Redis: lpRandomPairs (which
   * sorts the picks to read them in one pass; the indexes it returns are the same).
   */
  static int[] randomPairs(int pairs, int count, RandomGenerator rnd) {
    int[] picks = new int[count];
    for (int i = 0; i < count; i++) {
      picks[i] = rnd.nextInt(pairs) * 2;
    }
    return picks;
  }

  /**
   * Up to {@code count} distinct key indexes in listpack order, by selection sampling: pair i is
   * taken with probability remaining / (pairs - i). Redis: lpRandomPairsUnique.
   */
  static int[] randomPairsUnique(int pairs, int count, RandomGenerator rnd) {
    int want = Math.min(count, pairs);
    int[] picks = new int[want];
    int picked = 0;
    for (int i = 0; picked < want && i < pairs; i++) {
      double threshold = (double) (want - picked) / (pairs - i);
      if (rnd.nextDouble() <= threshold) {
        picks[picked++] = 2 * i;
      }
    }
    return picks;
  }
}
