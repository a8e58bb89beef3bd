package dev.redstruct.geohash;

/**
 * The two sorts Redis 7.0.15 applies to search results, on a permutation of result indexes compared
 * by distance, so that ties and COUNT picks come out in Redis's order.
 *
 * <ul>
 *   <li>When every result is returned Redis calls the C library's {@code qsort}; the oracle's glibc
 *       (2.36, Debian 12) implements it as a top-down merge sort (msort.c: halves of n / 2 and n -
 *       n / 2, the left element wins ties), which is stable: {@link #mergeSort}.
 *   <li>When COUNT cuts the results Redis calls its own {@code pqsort} (src/pqsort.c: Bentley and
 *       McIlroy's quicksort from NetBSD, which skips partitions outside the wanted index range):
 *       {@link #partialQuickSort}.
 * </ul>
 *
 * <p>The comparator is Redis's sort_gp_asc / sort_gp_desc: {@code a > b ? 1 : a == b ? 0 : -1}
 * (negated for DESC), which is not a total order when a distance is NaN; both ports follow the C
 * control flow step by step, so even then they pick what the C code picks.
 */
final class GeoSort {
  private final double[] dist;
  private final boolean desc;

  GeoSort(double[] dist, boolean desc) {
    this.dist = dist;
    this.desc = desc;
  }

  /** Redis: sort_gp_asc / sort_gp_desc on result indexes. */
  int compare(int a, int b) {
    double da = dist[a];
    double db = dist[b];
    int c = da > db ? 1 : da == db ? 0 : -1;
    return desc ? -c : c;
  }

  /** glibc 2.36 qsort (msort_with_tmp): stable top-down merge sort of x[0..n). */
  void mergeSort(int[] x, int n) {
    mergeSort(x, 0, n, new int[n]);
  }

  private void mergeSort(int[] x, int off, int n, int[] tmp) {
    if (n <= 1) {
      return;
    }
    int n1 = n / 2;
    int n2 = n - n1;
    mergeSort(x, off, n1, tmp);
    mergeSort(x, off + n1, n2, tmp);
    int i = off;
    int j = off + n1;
    int t = 0;
    while (n1 > 0 && n2 > 0) {
      if (compare(x[i], x[j]) <= 0) {
        tmp[t++] = x[i++];
        n1--;
      } else {
        tmp[t++] = x[j++];
        n2--;
      }
    }
    if (n1 > 0) {
      System.arraycopy(x, i, tmp, t, n1);
    }
    System.arraycopy(tmp, 0, x, off, n - n2);
  }

  /**
   * Redis: pqsort(a, n, cmp, lrange, rrange): sorts enough of x[0..n) that x[lrange..rrange] hold
   * what a full sort would put there.
   */
  void partialQuickSort(int[] x, int n, int lrange, int rrange) {
    sort(x, 0, n, lrange, rrange);
  }

  /** Redis: _pqsort, with element indexes for pointers. Iterates on the right part, as C does. */
  private void sort(int[] x, int a, int n, int lr, int rr) {
    while (true) {
      if (n < 7) {
        for (int pm = a + 1; pm < a + n; pm++) {
          for (int pl = pm; pl > a && compare(x[pl - 1], x[pl]) > 0; pl--) {
            swap(x, pl, pl - 1);
          }
        }
        return;
      }
      swap(x, a, pivot(x, a, n));
      int pa = a + 1;
      int pb = a + 1;
      int pc = a + n - 1;
      int pd = a + n - 1;
      for (; ; ) {
        int r;
        while (pb <= pc && (r = compare(x[pb], x[a])) <= 0) {
          if (r == 0) {
            swap(x, pa++, pb);
          }
          pb++;
        }
        while (pb <= pc && (r = compare(x[pc], x[a])) >= 0) {
          if (r == 0) {
            swap(x, pc, pd--);
          }
          pc--;
        }
        if (pb > pc) {
          break;
        }
        swap(x, pb++, pc--);
      }
      int pn = a + n;
      int r = Math.min(pa - a, pb - pa);
      vecswap(x, a, pb - r, r);
      r = Math.min(pd - pc, pn - pd - 1);
      vecswap(x, pb, pn - r, r);
      if ((r = pb - pa) > 1 && overlaps(a, a + r - 1, lr, rr)) {
        sort(x, a, r, lr, rr);
      }
      if ((r = pd - pc) > 1) {
        a = pn - r;
        n = r;
        if (overlaps(a, a + r - 1, lr, rr)) {
          continue;
        }
      }
      return;
    }
  }

  /** The pivot position: med3 of 3 (n > 7) or of 3 med3s (n > 40), else the middle. */
  private int pivot(int[] x, int a, int n) {
    int pm = a + n / 2;
    if (n > 7) {
      int pl = a;
      int pn = a + n - 1;
      if (n > 40) {
        int d = n / 8;
        pl = med3(x, pl, pl + d, pl + 2 * d);
        pm = med3(x, pm - d, pm, pm + d);
        pn = med3(x, pn - 2 * d, pn - d, pn);
      }
      pm = med3(x, pl, pm, pn);
    }
    return pm;
  }

  /** Whether [lo, hi] is not entirely left or right of [lr, rr]: pqsort's range test. */
  private static boolean overlaps(int lo, int hi, int lr, int rr) {
    return !((lr < lo && rr < lo) || (lr > hi && rr > hi));
  }

  private int med3(int[] x, int a, int b, int c) {
    return compare(x[a], x[b]) < 0
        ? (compare(x[b], x[c]) < 0 ? b : (compare(x[a], x[c]) < 0 ? c : a))
        : (compare(x[b], x[c]) > 0 ? b : (compare(x[a], x[c]) < 0 ? a : c));
  }

  private static void swap(int[] x, int i, int j) {
    int t = x[i];
    x[i] = x[j];
    x[j] = t;
  }

  private static void vecswap(int[] x, int i, int j, int n) {
    for (int k = 0; k < n; k++) {
      swap(x, i + k, j + k);
    }
  }
}
