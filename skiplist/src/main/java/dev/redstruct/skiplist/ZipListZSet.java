package dev.redstruct.skiplist;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.RedisNumbers;
import dev.redstruct.ziplist.ZipList;
import dev.redstruct.ziplist.ZipListCursor;
import dev.redstruct.ziplist.ZipListEntryConsumer;
import java.util.Arrays;

/**
 * The compact zset encoding: a {@link ZipList} of alternating member and score entries, sorted by
 * (score, member). Static helpers in the manner of Redis's {@code zzl*} functions.
 */
final class ZipListZSet {
  /*
   * Implementation notes.
   *
   * Layout (Redis 6.2's ziplist zset; Redis 7.0 converts it to a listpack when it loads RDB type
   * 12): [m0][s0][m1][s1]... with (s0, m0) < (s1, m1) < ... A member that looks like a canonical
   * integer is stored by the ziplist as an integer entry and read back as the same decimal text.
   *
   * Score storage follows 7.0's zzlInsertAt: a score that double2ll accepts (integral, within
   * +-LLONG_MAX/2) is stored as an integer entry; any other is stored as its d2string text
   * (%.17g, "inf", "-inf"). Hence -0.0 is stored as 0 and reads back as +0, exactly as ZSCORE
   * shows on a listpack-encoded key in Redis 7.0.
   *
   * Invariants (checkInvariants): I1 even entry count; I2 every score entry parses to a non-NaN
   * double; I3 pairs strictly increasing by (score, unsigned member bytes).
   */

  private static final double LL_HALF = (double) (Long.MAX_VALUE / 2);

  private ZipListZSet() {}

  /** Decoded copy of the pairs, in order; n is small (the compact thresholds). */
  static final class Pairs {
    final byte[][] members;
    final double[] scores;
    final int n;

    Pairs(int n) {
      this.n = n;
      this.members = new byte[n][];
      this.scores = new double[n];
    }
  }

  static int length(ZipList zl) {
    return zl.size() / 2;
  }

  static Pairs decode(ZipList zl) {
    Pairs p = new Pairs(length(zl));
    ZipListCursor c = zl.cursor();
    byte[] scratch = new byte[64];
    for (int i = 0; i < p.n; i++) {
      c.next();
      p.members[i] = c.toByteArray();
      c.next();
      p.scores[i] = scoreAtCursor(c, scratch);
    }
    return p;
  }

  /** Redis: zzlGetScore. */
  static double scoreAtCursor(ZipListCursor c) {
    if (c.isInteger()) {
      return c.longValue();
    }
    byte[] text = c.toByteArray();
    return RedisNumbers.parseScoreOrNaN(text, 0, text.length);
  }

  static double scoreAt(ZipList zl, int pair) {
    int e = 2 * pair + 1;
    if (zl.isInteger(e)) {
      return zl.getLong(e);
    }
    byte[] text = zl.get(e);
    return RedisNumbers.parseScoreOrNaN(text, 0, text.length);
  }

  /**
   * Finds a member and reads its score in one walk. Redis: zzlFind (which also returns the score).
   *
   * @param score receives the score at index 0 when found
   * @return the pair index, or -1
   */
  static int find(ZipList zl, byte[] member, double[] score) {
    ZipListCursor c = zl.cursor();
    for (int pair = 0; c.next(); pair++) {
      boolean hit = c.contentEquals(member);
      c.next();
      if (hit) {
        score[0] = scoreAtCursor(c, new byte[64]);
        return pair;
      }
    }
    return -1;
  }

  /**
   * zzlFind and zzlInsert's position search in one allocation-free forward walk ({@link
   * ZipList#forEachEntry}) over the raw entry bytes: text scores parse in place, without a copy,
   * and only while the position is still open or the member matched. One instance per ZSet, reused.
   * Redis: zzlFind, then zzlInsert's loop, src/t_zset.c.
   */
  static final class Locator implements ZipListEntryConsumer {
    /** Pair index of the member after {@link #locate}, or -1. */
    int found;

    /** The found member's score. */
    double foundScore;

    /** Pair index where an absent member with the score goes (zzlInsert's position). */
    int insertAt;

    private byte[] member;
    private boolean memberIsLong;
    private long memberLong;
    private double score;
    private boolean onScore;
    private boolean matches;
    private int pair;
    private boolean lastIsInt;
    private long lastInt;
    private byte[] lastArray;
    private int lastOff;
    private int lastLen;
    private final byte[] digits = new byte[RedisNumbers.MAX_LONG_CHARS];

    void locate(ZipList zl, byte[] member, double score) {
      int len = member.length;
      this.member = member;
      this.memberIsLong =
          len >= 1
              && len <= RedisNumbers.MAX_LONG_CHARS
              && RedisNumbers.isCanonicalLong(member, 0, len);
      this.memberLong = memberIsLong ? RedisNumbers.parseCanonicalLong(member, 0, len) : 0;
      this.score = score;
      found = -1;
      insertAt = -1;
      pair = 0;
      onScore = false;
      zl.forEachEntry(this);
      if (insertAt < 0) {
        insertAt = pair;
      }
      this.member = null;
      lastArray = null;
    }

    @Override
    public void string(byte[] array, int offset, int length) {
      if (!onScore) {
        matches =
            found < 0
                && length == member.length
                && Arrays.equals(array, offset, offset + length, member, 0, length);
        lastIsInt = false;
        lastArray = array;
        lastOff = offset;
        lastLen = length;
        onScore = true;
      } else if (matches || insertAt < 0) {
        scoreEntry(RedisNumbers.parseScoreOrNaN(array, offset, length));
      } else {
        endPair();
      }
    }

    @Override
    public void integer(long value) {
      if (!onScore) {
        matches = found < 0 && memberIsLong && value == memberLong;
        lastIsInt = true;
        lastInt = value;
        onScore = true;
      } else {
        scoreEntry(value);
      }
    }

    private void scoreEntry(double s) {
      if (matches) {
        found = pair;
        foundScore = s;
      }
      if (insertAt < 0 && (s > score || (s == score && lastMemberAfter()))) {
        insertAt = pair;
      }
      endPair();
    }

    private void endPair() {
      pair++;
      onScore = false;
      matches = false;
    }

    private boolean lastMemberAfter() {
      if (lastIsInt) {
        int n = RedisNumbers.ll2string(lastInt, digits, 0);
        return Bytes.compare(digits, 0, n, member, 0, member.length) > 0;
      }
      return Bytes.compare(lastArray, lastOff, lastLen, member, 0, member.length) > 0;
    }
  }

  /** Pair index of member, or -1. Redis: zzlFind. */
  static int find(ZipList zl, byte[] member) {
    int e = zl.find(member, 0, 1);
    return e < 0 ? -1 : e / 2;
  }

  /** Redis: zzlDelete. */
  static void delete(ZipList zl, int pair) {
    zl.deleteRange(2 * pair, 2);
  }

  /**
   * Inserts a member that is absent at its sorted position. Redis: zzlInsert. Reads only scores
   * while walking; a member is materialised only on a score tie.
   */
  static void insert(ZipList zl, byte[] member, double score) {
    ZipListCursor c = zl.cursor();
    byte[] scratch = new byte[64];
    int pair = 0;
    while (c.next()) {
      c.next();
      double s = scoreAtCursor(c, scratch);
      if (s > score) {
        break;
      }
      if (s == score) {
        c.previous();
        boolean after = Bytes.compare(c.toByteArray(), member) > 0;
        c.next();
        if (after) {
          break;
        }
      }
      pair++;
    }
    insertAt(zl, pair, member, score);
  }

  /** Redis: zzlGetScore, reading text scores through a caller's scratch buffer. */
  static double scoreAtCursor(ZipListCursor c, byte[] scratch) {
    if (c.isInteger()) {
      return c.longValue();
    }
    int len = c.length();
    if (len > scratch.length) {
      return scoreAtCursor(c);
    }
    c.copyTo(scratch, 0);
    return RedisNumbers.parseScoreOrNaN(scratch, 0, len);
  }

  /** Redis: zzlInsertAt — member first, then the score in its stored form. */
  static void insertAt(ZipList zl, int pair, byte[] member, double score) {
    zl.insert(2 * pair, member);
    if (score >= -LL_HALF && score <= LL_HALF && (double) (long) score == score) {
      zl.insert(2 * pair + 1, (long) score);
    } else {
      zl.insert(2 * pair + 1, RedisNumbers.formatDoubleBytes(score));
    }
  }

  /** Appends a pair known to sort after every present pair. */
  static void append(ZipList zl, byte[] member, double score) {
    insertAt(zl, length(zl), member, score);
  }

  /** Score as it reads back after being stored: -0 becomes +0. */
  static double normalize(double score) {
    return score == 0 ? 0.0 : score;
  }

  static void checkInvariants(ZipList zl) {
    if (zl.size() % 2 != 0) {
      throw new AssertionError("compact zset invariant broken: I1 odd entry count");
    }
    Pairs p = decode(zl);
    for (int i = 0; i < p.n; i++) {
      if (Double.isNaN(p.scores[i])) {
        throw new AssertionError("compact zset invariant broken: I2 NaN score at " + i);
      }
      if (i > 0
          && ZSkipList.compare(p.scores[i - 1], p.members[i - 1], p.scores[i], p.members[i]) >= 0) {
        throw new AssertionError("compact zset invariant broken: I3 order at " + i);
      }
    }
  }
}
