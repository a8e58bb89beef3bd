package dev.redstruct.listpack;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.RedisNumbers;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * A sorted set held in a listpack, driven as Redis 7.0.15's t_zset.c drives it: member then score
 * (the score as {@code d2string} writes it), pairs ordered by score then member bytes. For the
 * Redis differential; there is no zset module on top of listpack yet.
 */
final class ZSetModel {
  final ListPack lp = ListPack.create();

  /** zsetAdd on a listpack: zzlFind; same score: nothing; else zzlDelete + zzlInsert. */
  void add(byte[] member, double score) {
    int at = lp.find(member, 0, 1);
    if (at >= 0) {
      if (score(lp.get(at + 1)) != score) {
        lp.deleteRange(at, 2); // zzlDelete: lpDeleteRangeWithEntry(&eptr, 2)
        insert(member, score);
      }
      return;
    }
    insert(member, score);
  }

  /** zsetDel on a listpack: zzlFind + zzlDelete. */
  void remove(byte[] member) {
    int at = lp.find(member, 0, 1);
    if (at >= 0) {
      lp.deleteRange(at, 2);
    }
  }

  /**
   * zzlInsert: before the first pair whose score is greater, or equal with a greater member
   * (zzlCompareElements: memcmp then length); else at the tail. zzlInsertAt inserts the member
   * before that element and the score after the member.
   */
  private void insert(byte[] member, double score) {
    int n = lp.size();
    for (int i = 0; i < n; i += 2) {
      double s = score(lp.get(i + 1));
      if (s > score || (s == score && Bytes.compare(lp.get(i), member) > 0)) {
        lp.insert(i, member);
        lp.insert(i + 1, d2string(score));
        return;
      }
    }
    lp.append(member);
    lp.append(d2string(score));
  }

  /** zzlGetScore: the stored text read back (strtod); d2string writes only these forms. */
  static double score(byte[] text) {
    String s = new String(text, StandardCharsets.US_ASCII);
    switch (s) {
      case "inf":
        return Double.POSITIVE_INFINITY;
      case "-inf":
        return Double.NEGATIVE_INFINITY;
      default:
        return Double.parseDouble(s);
    }
  }

  /**
   * The score as zzlInsertAt stores it (7.0.15): an integer when double2ll accepts it (integral
   * within ±LLONG_MAX/2, so -0 is the integer 0), else d2string's text (inf, -inf, %.17g).
   */
  static byte[] d2string(double d) {
    if (d >= (double) (-Long.MAX_VALUE / 2)
        && d <= (double) (Long.MAX_VALUE / 2)
        && d == (long) d) {
      return RedisNumbers.ll2string((long) d);
    }
    return RedisNumbers.formatDouble(d).getBytes(StandardCharsets.US_ASCII);
  }

  /** A ZADD score argument that strtod reads back as exactly {@code d}. */
  static byte[] scoreArgument(double d) {
    return RedisNumbers.formatDouble(d).getBytes(StandardCharsets.US_ASCII);
  }

  /** Scores with ties, halves, both d2string paths, signed zeros and infinities. */
  static double randomScore(SplittableRandom r) {
    switch (r.nextInt(9)) {
      case 0:
        return r.nextInt(5);
      case 1:
        return (r.nextInt(2001) - 1000) / 8.0;
      case 2:
        return r.nextDouble() * Math.pow(10, r.nextInt(40) - 20) * (r.nextBoolean() ? 1 : -1);
      case 3:
        double[] special = {
          -0.0,
          0.0,
          Double.POSITIVE_INFINITY,
          Double.NEGATIVE_INFINITY,
          4611686018427387904.0,
          -4611686018427387904.0,
          4611686018427388928.0,
          1e17,
          1e18,
          9.5e18,
          1e300,
          5e-324
        };
        return special[r.nextInt(special.length)];
      case 4:
        return (double) (r.nextLong() >> r.nextInt(64));
      default:
        return r.nextInt(200) - 100;
    }
  }
}
