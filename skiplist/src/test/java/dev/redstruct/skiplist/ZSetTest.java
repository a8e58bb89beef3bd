package dev.redstruct.skiplist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.RedisNumbers;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Examples, mostly from Redis 7.0.15's tests/unit/type/zset.tcl, which runs every test once with
 * the listpack encoding (limits 128/64) and once with the skiplist (limits 0/0); so do we.
 */
class ZSetTest {
  static ZSet create(ZSet.Encoding enc) {
    return enc == ZSet.Encoding.COMPACT ? ZSet.create(128, 64) : ZSet.create(0, 0);
  }

  private static byte[] b(String s) {
    return Bytes.utf8(s);
  }

  private static String members(List<ScoredMember> l) {
    StringBuilder sb = new StringBuilder();
    for (ScoredMember e : l) {
      sb.append(sb.length() == 0 ? "" : " ").append(e.memberString());
    }
    return sb.toString();
  }

  private static String withScores(List<ScoredMember> l) {
    StringBuilder sb = new StringBuilder();
    for (ScoredMember e : l) {
      sb.append(sb.length() == 0 ? "" : " ")
          .append(e.memberString())
          .append(' ')
          .append(RedisNumbers.formatDouble(e.score()));
    }
    return sb.toString();
  }

  private static ZSet abc(ZSet.Encoding enc, String spec) {
    ZSet z = create(enc);
    String[] p = spec.split(" ");
    for (int i = 0; i < p.length; i += 2) {
      z.add(b(p[i + 1]), RedisNumbers.parseScore(b(p[i]), 0, p[i].length()));
    }
    return z;
  }

  @ParameterizedTest
  @EnumSource(ZSet.Encoding.class)
  void encodingOfOneElementSet(ZSet.Encoding enc) {
    ZSet z = create(enc);
    z.add("x", 10);
    assertEquals(enc, z.encoding());
    z.checkInvariants();
  }

  @ParameterizedTest
  @EnumSource(ZSet.Encoding.class)
  void updatingScoreReorders(ZSet.Encoding enc) {
    ZSet z = abc(enc, "10 x 20 y 30 z");
    z.add("y", 1);
    assertEquals("y x z", members(z.rangeByRank(0, -1, false)));
    z.checkInvariants();
  }

  @ParameterizedTest
  @EnumSource(ZSet.Encoding.class)
  void addFlagsGtLtNxXxCh(ZSet.Encoding enc) {
    // zset.tcl "ZADD GT and CH updates" / "ZADD LT ..." : 10 x 20 y 30 z
    ZSet z = abc(enc, "10 x 20 y 30 z");
    double[] s = {5, 11, 21, 29};
    byte[][] m = {b("foo"), b("x"), b("y"), b("z")};
    assertEquals(3, z.add(ZSet.GT | ZSet.CH, s, m));
    ZSet w = abc(enc, "10 x 20 y 30 z");
    assertEquals(2, w.add(ZSet.LT | ZSet.CH, s, m));
    ZSet v = abc(enc, "10 x 20 y 30 z");
    assertEquals(2, v.add(ZSet.GT | ZSet.XX | ZSet.CH, s, m));
    ZSet u = abc(enc, "10 x 20 y 30 z");
    assertEquals(1, u.add(ZSet.LT | ZSet.XX | ZSet.CH, s, m));
    ZSet t = abc(enc, "10 x 20 y");
    assertEquals(
        2,
        t.add(
            ZSet.NX,
            new double[] {11, 21, 100, 200},
            new byte[][] {b("x"), b("y"), b("a"), b("b")}));
    assertEquals(10, t.score("x").getAsDouble());
    for (ZSet q : List.of(z, w, v, u, t)) {
      q.checkInvariants();
    }
  }

  @ParameterizedTest
  @EnumSource(ZSet.Encoding.class)
  void incompatibleFlagsUseRedisErrors(ZSet.Encoding enc) {
    ZSet z = create(enc);
    double[] s = {1};
    byte[][] m = {b("a")};
    assertEquals(
        ZSetException.XX_NX,
        assertThrows(ZSetException.class, () -> z.add(ZSet.XX | ZSet.NX, s, m)).getMessage());
    for (int f : new int[] {ZSet.GT | ZSet.NX, ZSet.LT | ZSet.NX, ZSet.GT | ZSet.LT}) {
      assertEquals(
          ZSetException.GT_LT_NX,
          assertThrows(ZSetException.class, () -> z.add(f, s, m)).getMessage());
    }
    assertEquals(
        ZSetException.INCR_PAIR,
        assertThrows(ZSetException.class, () -> ZSet.checkAddFlags(ZSet.INCR, 2)).getMessage());
    assertTrue(z.isEmpty());
  }

  @ParameterizedTest
  @EnumSource(ZSet.Encoding.class)
  void incrWithLtGtThatWouldNotChangeIsNil(ZSet.Encoding enc) {
    ZSet z = abc(enc, "inf p -inf n 5 x");
    assertEquals(OptionalDouble.empty(), z.addIncr(ZSet.LT, b("x"), 1));
    assertEquals(OptionalDouble.empty(), z.addIncr(ZSet.LT, b("p"), 1));
    assertEquals(OptionalDouble.empty(), z.addIncr(ZSet.GT, b("n"), -1));
    assertEquals(OptionalDouble.of(4), z.addIncr(ZSet.LT, b("x"), -1));
    assertEquals(Double.POSITIVE_INFINITY, z.score("p").getAsDouble());
  }

  @ParameterizedTest
  @EnumSource(ZSet.Encoding.class)
  void nanResultIsAnErrorAndChangesNothing(ZSet.Encoding enc) {
    // zset.tcl: ZINCRBY myzset +inf abc then ZINCRBY myzset -inf abc -> *NaN*
    ZSet z = create(enc);
    z.incrementBy(b("abc"), Double.POSITIVE_INFINITY);
    ZSetException e =
        assertThrows(ZSetException.class, () -> z.incrementBy(b("abc"), Double.NEGATIVE_INFINITY));
    assertEquals("ERR resulting score is not a number (NaN)", e.getMessage());
    assertEquals(Double.POSITIVE_INFINITY, z.score("abc").getAsDouble());
    z.checkInvariants();
  }

  @ParameterizedTest
  @EnumSource(ZSet.Encoding.class)
  void negativeZeroKeepsSignOnlyInSkiplist(ZSet.Encoding enc) {
    // Oracle (redis-server 7.0.15): ZADD k -0 a; ZSCORE k a -> "0" (listpack), "-0" (skiplist).
    ZSet z = create(enc);
    z.add(b("a"), -0.0);
    String expected = enc == ZSet.Encoding.COMPACT ? "0" : "-0";
    assertEquals(expected, RedisNumbers.formatDouble(z.score("a").getAsDouble()));
  }

  @ParameterizedTest
  @EnumSource(ZSet.Encoding.class)
  void rangeByRankIndexTable(ZSet.Encoding enc) {
    // zset.tcl ZRANGE basics on {a 1, b 2, c 3, d 4}
    ZSet z = abc(enc, "1 a 2 b 3 c 4 d");
    assertEquals("a b c d", members(z.rangeByRank(0, -1, false)));
    assertEquals("a b c", members(z.rangeByRank(-5, 2, false)));
    assertEquals("", members(z.rangeByRank(5, -1, false)));
    assertEquals("a b c d", members(z.rangeByRank(0, 5, false)));
    assertEquals("", members(z.rangeByRank(0, -5, false)));
    assertEquals("", members(z.rangeByRank(1, -5, false)));
    assertEquals("d c b a", members(z.rangeByRank(0, -1, true)));
    assertEquals("c b", members(z.rangeByRank(1, 2, true)));
  }

  @ParameterizedTest
  @EnumSource(ZSet.Encoding.class)
  void rangeByScoreInclusiveExclusiveAndLimit(ZSet.Encoding enc) {
    // zset.tcl ZRANGEBYSCORE basics on {-inf a, 1 b, 2 c, 3 d, 4 e, 5 f, +inf g}
    ZSet z = abc(enc, "-inf a 1 b 2 c 3 d 4 e 5 f +inf g");
    assertEquals("b", members(z.rangeByScore(ScoreRange.parse(b("(-inf"), b("(2")), false, 0, -1)));
    assertEquals("f", members(z.rangeByScore(ScoreRange.parse(b("(4"), b("(+inf")), false, 0, -1)));
    assertEquals("", members(z.rangeByScore(ScoreRange.parse(b("2"), b("(2")), false, 0, -1)));
    assertEquals("d e f", members(z.rangeByScore(ScoreRange.closed(0, 10), false, 2, 3)));
    assertEquals("", members(z.rangeByScore(ScoreRange.closed(0, 10), false, 20, 10)));
    assertEquals("d c b", members(z.rangeByScore(ScoreRange.closed(0, 10), true, 2, 3)));
    assertEquals(3, z.count(ScoreRange.parse(b("(1"), b("(5"))));
  }

  @ParameterizedTest
  @EnumSource(ZSet.Encoding.class)
  void lexCountAdvanced(ZSet.Encoding enc) {
    // zset.tcl "ZLEXCOUNT advanced"
    ZSet z = abc(enc, "0 alpha 0 bar 0 cool 0 down 0 elephant 0 foo 0 great 0 hill 0 omega");
    assertEquals(9, z.lexCount(LexRange.parse(b("-"), b("+"))));
    assertEquals(0, z.lexCount(LexRange.parse(b("+"), b("-"))));
    assertEquals(5, z.lexCount(LexRange.parse(b("[bar"), b("[foo"))));
    assertEquals(4, z.lexCount(LexRange.parse(b("[bar"), b("(foo"))));
    assertEquals(3, z.lexCount(LexRange.parse(b("(bar"), b("(foo"))));
    assertEquals(5, z.lexCount(LexRange.parse(b("-"), b("(foo"))));
    assertEquals(1, z.lexCount(LexRange.parse(b("(maxstring"), b("+"))));
    for (String bad : new String[] {"foo", "+x", "-x", ""}) {
      assertThrows(ZSetException.class, () -> LexRange.parse(b(bad), b("+")));
    }
  }

  @ParameterizedTest
  @EnumSource(ZSet.Encoding.class)
  void removeRangeTables(ZSet.Encoding enc) {
    // zset.tcl ZREMRANGEBYRANK / ZREMRANGEBYSCORE on 1a 2b 3c 4d 5e
    String spec = "1 a 2 b 3 c 4 d 5 e";
    ZSet z = abc(enc, spec);
    assertEquals(3, z.removeRangeByRank(1, 3));
    assertEquals("a e", members(z.rangeByRank(0, -1, false)));
    assertEquals(1, abc(enc, spec).removeRangeByRank(-10, 0));
    assertEquals(0, abc(enc, spec).removeRangeByRank(10, -1));
    assertEquals(5, abc(enc, spec).removeRangeByRank(0, 10));
    assertEquals(3, abc(enc, spec).removeRangeByScore(ScoreRange.closed(2, 4)));
    assertEquals(0, abc(enc, spec).removeRangeByScore(ScoreRange.closed(4, 2)));
    assertEquals(3, abc(enc, spec).removeRangeByScore(ScoreRange.parse(b("(1"), b("(5"))));
    assertEquals(5, abc(enc, spec).removeRangeByScore(ScoreRange.all()));
    z.checkInvariants();
  }

  @ParameterizedTest
  @EnumSource(ZSet.Encoding.class)
  void popOrderAndCount(ZSet.Encoding enc) {
    // zset.tcl: ZPOPMAX z 2 on 0a 1b 2c 3d -> d 3 c 2
    ZSet z = abc(enc, "0 a 1 b 2 c 3 d");
    assertEquals("d 3 c 2", withScores(z.pop(2, true)));
    assertEquals("a 0", withScores(z.pop(1, false)));
    assertEquals("", withScores(z.pop(0, false)));
    assertEquals(1, z.size());
    assertThrows(ZSetException.class, () -> z.pop(-1, false));
  }

  @ParameterizedTest
  @EnumSource(ZSet.Encoding.class)
  void rankAndReverseRank(ZSet.Encoding enc) {
    ZSet z = abc(enc, "10 x 20 y 30 z");
    assertEquals(0, z.rank(b("x"), false).getAsLong());
    assertEquals(2, z.rank(b("x"), true).getAsLong());
    assertFalse(z.rank(b("w"), false).isPresent());
    assertEquals(-1, z.rankOrNegative(b("w"), true));
    assertEquals(1, z.rankOrNegative(b("y"), true));
    assertTrue(z.remove("y"));
    assertEquals(1, z.rank(b("z"), false).getAsLong());
    assertEquals(0, z.rankOrNegative(b("z"), true));
  }

  @ParameterizedTest
  @EnumSource(ZSet.Encoding.class)
  void unionInterDiffExamples(ZSet.Encoding enc) {
    // zset.tcl: zseta {1 a 2 b 3 c}, zsetb {1 b 2 c 3 d}
    ZSet a = abc(enc, "1 a 2 b 3 c");
    ZSet c = abc(enc, "1 b 2 c 3 d");
    List<ZSet> in = List.of(a, c);
    assertEquals("a 1 b 3 d 3 c 5", withScores(union(in, null, ZSet.Aggregate.SUM)));
    assertEquals(
        "a 2 b 7 d 9 c 12", withScores(union(in, new double[] {2, 3}, ZSet.Aggregate.SUM)));
    assertEquals("a 1 b 1 c 2 d 3", withScores(union(in, null, ZSet.Aggregate.MIN)));
    assertEquals("a 1 b 2 c 3 d 3", withScores(union(in, null, ZSet.Aggregate.MAX)));
    ZSet inter = ZSet.inter(in, null, ZSet.Aggregate.SUM, 128, 64);
    assertEquals("b 3 c 5", withScores(inter.rangeByRank(0, -1, false)));
    ZSet inter2 = ZSet.inter(in, new double[] {2, 3}, ZSet.Aggregate.SUM, 128, 64);
    assertEquals("b 7 c 12", withScores(inter2.rangeByRank(0, -1, false)));
    assertEquals("a 1", withScores(ZSet.diff(in, 128, 64).rangeByRank(0, -1, false)));
  }

  private static List<ScoredMember> union(List<ZSet> in, double[] w, ZSet.Aggregate agg) {
    ZSet u = ZSet.union(in, w, agg, 128, 64);
    u.checkInvariants();
    assertEquals(ZSet.Encoding.COMPACT, u.encoding());
    return u.rangeByRank(0, -1, false);
  }

  @ParameterizedTest
  @EnumSource(ZSet.Encoding.class)
  void infinityArithmeticInAggregation(ZSet.Encoding enc) {
    // zset.tcl: +inf & +inf -> inf; -inf & +inf -> 0; WEIGHTS 0 with -inf -> 0
    ZSet p = abc(enc, "inf x -inf y");
    ZSet q = abc(enc, "inf x inf y");
    assertEquals(
        "y 0 x inf",
        withScores(
            ZSet.union(List.of(p, q), null, ZSet.Aggregate.SUM, 128, 64)
                .rangeByRank(0, -1, false)));
    ZSet neg = abc(enc, "-inf neginf");
    assertEquals(
        "neginf 0",
        withScores(
            ZSet.union(List.of(neg), new double[] {0}, ZSet.Aggregate.SUM, 128, 64)
                .rangeByRank(0, -1, false)));
  }

  @ParameterizedTest
  @EnumSource(ZSet.Encoding.class)
  void randomMembersCounts(ZSet.Encoding enc) {
    ZSet z = abc(enc, "1 a 2 b 3 c 4 d 5 e");
    SplittableRandom rnd = new SplittableRandom(5);
    assertEquals("e d c b a", members(z.randomMembers(10, rnd)));
    assertEquals(1001, z.randomMembers(-1001, rnd).size());
    List<ScoredMember> three = z.randomMembers(3, rnd);
    assertEquals(3, three.stream().map(ScoredMember::memberString).distinct().count());
    assertEquals(0, z.randomMembers(0, rnd).size());
  }

  @ParameterizedTest
  @EnumSource(ZSet.Encoding.class)
  void scanReturnsEveryMember(ZSet.Encoding enc) {
    ZSet z = create(enc);
    int n = enc == ZSet.Encoding.COMPACT ? 30 : 1000; // scan.tcl sizes
    for (int i = 0; i < n; i++) {
      z.add("key:" + i, i);
    }
    java.util.Set<String> seen = new java.util.HashSet<>();
    long cursor = 0;
    do {
      List<ScoredMember> out = new ArrayList<>();
      cursor = z.scan(cursor, 10, out::add);
      for (ScoredMember e : out) {
        assertEquals("key:" + (long) e.score(), e.memberString());
        seen.add(e.memberString());
      }
    } while (cursor != 0);
    assertEquals(n, seen.size());
  }

  @ParameterizedTest
  @EnumSource(ZSet.Encoding.class)
  void compactConvertsAtThresholdsAndNeverBack(ZSet.Encoding enc) {
    ZSet z = ZSet.create(4, 8);
    for (int i = 0; i < 4; i++) {
      z.add("m" + i, i);
    }
    assertEquals(ZSet.Encoding.COMPACT, z.encoding());
    z.add("m4", 4);
    assertEquals(ZSet.Encoding.SKIPLIST, z.encoding());
    z.remove("m4");
    assertEquals(ZSet.Encoding.SKIPLIST, z.encoding());
    ZSet w = ZSet.create(4, 8);
    w.add("123456789", 1); // first member longer than the value limit: created as skiplist
    assertEquals(ZSet.Encoding.SKIPLIST, w.encoding());
    z.checkInvariants();
    w.checkInvariants();
    ZSet one = create(enc);
    one.add("a", 1);
    assertEquals(enc, one.copy().encoding());
    one.copy().checkInvariants();
  }
}
