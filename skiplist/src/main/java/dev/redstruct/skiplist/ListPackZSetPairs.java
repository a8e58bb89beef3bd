package dev.redstruct.skiplist;

import dev.redstruct.core.RedisNumbers;
import dev.redstruct.listpack.ListPack;
import java.util.Arrays;

/**
 * The pairs of a {@link ListPackZSet}, decoded by one walk, and Redis's zzl range walks over them
 * for the reads that return records (ZRANGE BYSCORE/BYLEX and their LIMIT): n is small (the compact
 * thresholds), and each returned member is a copy anyway.
 */
final class ListPackZSetPairs implements ListPack.ElementConsumer {
  final byte[][] members;
  final double[] scores;
  final int n;
  private final boolean loading; // notes text scores string2d would not read
  boolean foreignText; // loading: a text score only zzlStrtod reads (e.g. "abc", " 7")
  private int elements;

  ListPackZSetPairs(int n, boolean loading) {
    this.n = n;
    this.members = new byte[n][];
    this.scores = new double[n];
    this.loading = loading;
  }

  @Override
  public void string(byte[] array, int offset, int length) {
    int e = elements++;
    if (e >= 2 * n) {
      return;
    } else if ((e & 1) == 0) {
      members[e >> 1] = Arrays.copyOfRange(array, offset, offset + length);
    } else {
      double d = ListPackZSet.stringToDouble(array, offset, length);
      if (Double.isNaN(d)) {
        foreignText |= loading;
        d = RedisNumbers.strtodPrefix(array, offset, Math.min(length, ListPackZSet.ZZL_STRTOD_MAX));
      }
      scores[e >> 1] = d;
    }
  }

  @Override
  public void integer(long value) {
    int e = elements++;
    if (e >= 2 * n) {
      return;
    } else if ((e & 1) == 0) {
      members[e >> 1] = RedisNumbers.ll2string(value);
    } else {
      scores[e >> 1] = value;
    }
  }

  /**
   * Redis: zzlIsInRange — checks the ends first (the last score against min, the first against
   * max), which matters only for a blob loaded out of order (see foreign).
   */
  private boolean inRange(ScoreRange r) {
    return !r.isEmpty() && n > 0 && r.gteMin(scores[n - 1]) && r.lteMax(scores[0]);
  }

  /** Redis: zzlFirstInRange, as a pair index or -1. */
  int firstIn(ScoreRange r) {
    if (!inRange(r)) {
      return -1;
    }
    for (int i = 0; i < n; i++) {
      if (r.gteMin(scores[i])) {
        return r.lteMax(scores[i]) ? i : -1;
      }
    }
    return -1;
  }

  /** Redis: zzlLastInRange, as a pair index or -1. */
  int lastIn(ScoreRange r) {
    if (!inRange(r)) {
      return -1;
    }
    for (int i = n - 1; i >= 0; i--) {
      if (r.lteMax(scores[i])) {
        return r.gteMin(scores[i]) ? i : -1;
      }
    }
    return -1;
  }

  /** Redis: zzlIsInLexRange — checks the ends (which matters only when scores differ). */
  private boolean inRange(LexRange r) {
    return !r.isEmpty() && n > 0 && r.gteMin(members[n - 1]) && r.lteMax(members[0]);
  }

  /** Redis: zzlFirstInLexRange, as a pair index or -1. */
  int firstIn(LexRange r) {
    if (!inRange(r)) {
      return -1;
    }
    for (int i = 0; i < n; i++) {
      if (r.gteMin(members[i])) {
        return r.lteMax(members[i]) ? i : -1;
      }
    }
    return -1;
  }

  /** Redis: zzlLastInLexRange, as a pair index or -1. */
  int lastIn(LexRange r) {
    if (!inRange(r)) {
      return -1;
    }
    for (int i = n - 1; i >= 0; i--) {
      if (r.lteMax(members[i])) {
        return r.gteMin(members[i]) ? i : -1;
      }
    }
    return -1;
  }
}
