package dev.redstruct.keyspace;

import dev.redstruct.core.RedisNumbers;
import java.util.Arrays;
import java.util.Comparator;

/**
 * How SORT orders its elements: the comparison (sortCompare), Redis's partial quicksort for {@code
 * BY} with {@code LIMIT} (pqsort), and the conversion of a weight to a double. Redis: src/sort.c
 * and src/pqsort.c (7.0.15).
 */
final class SortOrder {
  /*
   * Implementation notes. Without BY+LIMIT Redis calls libc qsort, which glibc implements as a
   * stable merge sort: Java's stable sort gives the same order for the same comparator. With BY and
   * a LIMIT that does not cover everything Redis calls pqsort, Bentley and McIlroy's quicksort
   * that skips the partitions outside the range; it is not stable, so elements that compare equal
   * (ALPHA BY with missing or equal weights) end in an order that depends on its exact swaps:
   * partialSort below makes the same comparisons and swaps, element for element.
   */
  private SortOrder() {}

  /** One element to sort: the element, its numeric weight, or its ALPHA BY weight (may be null). */
  static final class Item {
    final byte[] obj;
    double score;
    byte[] cmp;

    Item(byte[] obj) {
      this.obj = obj;
    }
  }

  /**
   * Redis: sortCompare. Numeric: by score, equal scores by the elements' bytes. ALPHA BY: by the
   * weights, a missing weight first. ALPHA: by the elements. Text compares as memcmp when STORE is
   * given, else as strcoll in the C locale (strcmp: up to the first NUL byte), as Redis does in the
   * C / C.UTF-8 locale.
   */
  static Comparator<Item> comparator(
      boolean alpha, boolean byPattern, boolean store, boolean desc) {
    Comparator<Item> asc;
    if (!alpha) {
      asc =
          (a, b) ->
              a.score > b.score ? 1 : a.score < b.score ? -1 : Arrays.compareUnsigned(a.obj, b.obj);
    } else if (byPattern) {
      asc =
          (a, b) -> {
            if (a.cmp == null || b.cmp == null) {
              return a.cmp == b.cmp ? 0 : a.cmp == null ? -1 : 1;
            }
            return store ? Arrays.compareUnsigned(a.cmp, b.cmp) : strcmp(a.cmp, b.cmp);
          };
    } else {
      asc = (a, b) -> store ? Arrays.compareUnsigned(a.obj, b.obj) : strcmp(a.obj, b.obj);
    }
    return desc ? (a, b) -> -asc.compare(a, b) : asc;
  }

  /** C strcmp on the arrays read as C strings (each up to its first NUL byte). */
  static int strcmp(byte[] a, byte[] b) {
    int n = Math.min(a.length, b.length);
    for (int i = 0; i < n; i++) {
      int x = a[i] & 0xff;
      int y = b[i] & 0xff;
      if (x != y || x == 0) {
        return x - y;
      }
    }
    int x = a.length > n ? a[n] & 0xff : 0;
    int y = b.length > n ? b[n] & 0xff : 0;
    return x - y;
  }

  /**
   * A weight as SORT converts it: C strtod over the text read as a C string, which must be read
   * whole; an empty text is 0. NaN when Redis reports "One or more scores can't be converted into
   * double": text left over, nothing converted, NaN, overflow, or underflow (strtod's ERANGE, which
   * glibc also sets for an inexact sub-normal result; here every sub-normal result from non-zero
   * digits counts as one).
   */
  static double weight(byte[] s) {
    double v = RedisNumbers.parseRangeBoundOrNaN(s, 0, s.length);
    if (Double.isNaN(v)) {
      return v;
    }
    int i = 0;
    while (i < s.length && (s[i] == ' ' || (s[i] >= '\t' && s[i] <= '\r'))) {
      i++;
    }
    if (i < s.length && (s[i] == '+' || s[i] == '-')) {
      i++;
    }
    boolean named = i < s.length && ((s[i] | 0x20) == 'i');
    if (Double.isInfinite(v) && !named) {
      return Double.NaN; // overflow: ERANGE
    }
    if (Math.abs(v) < Double.MIN_NORMAL && nonZeroMantissa(s, i)) {
      return Double.NaN; // underflow: ERANGE
    }
    return v;
  }

  /**
   * Whether the mantissa starting at {@code i} (decimal or 0x hexadecimal) has a non-zero digit.
   */
  private static boolean nonZeroMantissa(byte[] s, int i) {
    boolean hex = s.length - i >= 2 && s[i] == '0' && (s[i + 1] | 0x20) == 'x';
    for (int j = hex ? i + 2 : i; j < s.length; j++) {
      int c = s[j];
      int l = c | 0x20;
      boolean digit = c >= '0' && c <= '9';
      if (digit && c != '0') {
        return true;
      } else if (hex && l >= 'a' && l <= 'f') {
        return true;
      } else if (!digit && c != '.') {
        return false;
      }
    }
    return false;
  }

  /**
   * Sorts so that positions {@code lo..hi} hold what a full sort would put there, making exactly
   * the comparisons and swaps Redis's pqsort makes. Redis: _pqsort (src/pqsort.c).
   */
  static void partialSort(Item[] a, int base, int n, Comparator<Item> c, int lo, int hi) {
    while (true) {
      if (n < 7) {
        for (int m = base + 1; m < base + n; m++) {
          for (int l = m; l > base && c.compare(a[l - 1], a[l]) > 0; l--) {
            swap(a, l, l - 1);
          }
        }
        return;
      }
      swap(a, base, pivot(a, base, n, c));
      int pa = base + 1;
      int pb = pa;
      int pc = base + n - 1;
      int pd = pc;
      while (true) {
        int r;
        while (pb <= pc && (r = c.compare(a[pb], a[base])) <= 0) {
          if (r == 0) {
            swap(a, pa++, pb);
          }
          pb++;
        }
        while (pb <= pc && (r = c.compare(a[pc], a[base])) >= 0) {
          if (r == 0) {
            swap(a, pc, pd--);
          }
          pc--;
        }
        if (pb > pc) {
          break;
        }
        swap(a, pb++, pc--);
      }
      int pn = base + n;
      int r = Math.min(pa - base, pb - pa);
      vecswap(a, base, pb - r, r);
      r = Math.min(pd - pc, pn - pd - 1);
      vecswap(a, pb, pn - r, r);
      r = pb - pa;
      if (r > 1 && overlaps(base, r, lo, hi)) {
        partialSort(a, base, r, c, lo, hi);
      }
      r = pd - pc;
      if (r <= 1 || !overlaps(pn - r, r, lo, hi)) {
        return;
      }
      base = pn - r;
      n = r;
    }
  }

  /** The pivot's index: the middle, a median of three past 7, a ninther past 40. Redis: med3. */
  private static int pivot(Item[] a, int base, int n, Comparator<Item> c) {
    int pm = base + n / 2;
    if (n > 7) {
      int pl = base;
      int pn = base + n - 1;
      if (n > 40) {
        int d = n / 8;
        pl = med3(a, pl, pl + d, pl + 2 * d, c);
        pm = med3(a, pm - d, pm, pm + d, c);
        pn = med3(a, pn - 2 * d, pn - d, pn, c);
      }
      pm = med3(a, pl, pm, pn, c);
    }
    return pm;
  }

  private static int med3(Item[] a, int x, int y, int z, Comparator<Item> c) {
    if (c.compare(a[x], a[y]) < 0) {
      return c.compare(a[y], a[z]) < 0 ? y : c.compare(a[x], a[z]) < 0 ? z : x;
    }
    return c.compare(a[y], a[z]) > 0 ? y : c.compare(a[x], a[z]) < 0 ? x : z;
  }

  private static boolean overlaps(int from, int n, int lo, int hi) {
    int to = from + n;
    return !((lo < from && hi < from) || (lo >= to && hi >= to));
  }

  private static void swap(Item[] a, int i, int j) {
    Item t = a[i];
    a[i] = a[j];
    a[j] = t;
  }

  private static void vecswap(Item[] a, int i, int j, int n) {
    for (int k = 0; k < n; k++) {
      swap(a, i + k, j + k);
    }
  }
}
