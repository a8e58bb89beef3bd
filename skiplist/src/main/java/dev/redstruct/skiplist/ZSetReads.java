package dev.redstruct.skiplist;

import dev.redstruct.core.RedisNumbers;
import dev.redstruct.listpack.ListPack;
import java.util.Arrays;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The point reads and the scan of {@link ZSet} for both encodings: score and rank of one member,
 * and ZSCAN. Redis: zsetScore, zsetRank and zscanCommand/scanGenericCommand in src/t_zset.c and
 * src/db.c (7.0.15). Range reads are in {@link ZSetRanges}.
 */
final class ZSetReads {
  private ZSetReads() {}

  /** The member's score or NaN if absent, allocation-free. Redis: zsetScore. */
  static double score(ZSet z, byte[] member) {
    if (z.compact != null) {
      return z.compact.find(member) < 0 ? Double.NaN : z.compact.foundScore;
    }
    ZSkipList.Node node = z.dict.get(member);
    return node == null ? Double.NaN : node.score;
  }

  /** ZMSCORE: one score per member, NaN where absent. */
  static double[] multiScore(ZSet z, byte[][] members) {
    double[] out = new double[members.length];
    for (int i = 0; i < members.length; i++) {
      out[i] = score(z, Objects.requireNonNull(members[i], "member"));
    }
    return out;
  }

  /** The 0-based rank, or -1 if absent, allocation-free. Redis: zsetRank. */
  static long rank(ZSet z, byte[] member, boolean reverse) {
    long r;
    int size;
    if (z.compact != null) {
      r = z.compact.find(member);
      if (r < 0) {
        return -1;
      }
      size = z.compact.length();
    } else {
      ZSkipList.Node node = z.dict.get(member);
      if (node == null) {
        return -1;
      }
      r = z.zsl.rank(node) - 1;
      size = z.zsl.length();
    }
    return reverse ? size - 1 - r : r;
  }

  /** One ZSCAN call handing out records. Redis: zscanCommand / scanGenericCommand. */
  static long scan(ZSet z, long cursor, int count, Consumer<? super ScoredMember> visitor) {
    checkScan(count, visitor);
    if (z.compact != null) {
      ZSetRanges.byRank(z, 0, -1, false).forEach(visitor);
      return 0;
    }
    return z.dict.scan(
        cursor,
        count,
        10L * count,
        x -> visitor.accept(new ScoredMember(x.member.clone(), x.score)));
  }

  /** One ZSCAN call as Redis replies to it: member and score texts, alternately. */
  static long scanReply(ZSet z, long cursor, int count, Consumer<? super byte[]> visitor) {
    checkScan(count, visitor);
    if (z.compact != null) {
      z.compact.lp.forEach(
          new ListPack.ElementConsumer() {
            @Override
            public void string(byte[] array, int offset, int length) {
              visitor.accept(Arrays.copyOfRange(array, offset, offset + length));
            }

            @Override
            public void integer(long value) {
              visitor.accept(RedisNumbers.ll2string(value));
            }
          });
      return 0;
    }
    return z.dict.scan(
        cursor,
        count,
        10L * count,
        x -> {
          visitor.accept(x.member.clone());
          visitor.accept(RedisNumbers.formatDoubleBytes(x.score));
        });
  }

  private static void checkScan(int count, Object visitor) {
    Objects.requireNonNull(visitor, "visitor");
    if (count < 1) {
      throw new IllegalArgumentException("count must be at least 1: " + count);
    }
  }
}
