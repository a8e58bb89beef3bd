package dev.redstruct.skiplist;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link ZSetCursor} against a sorted list of the same (score, member) pairs: rank ranges from both
 * ends, score ranges with LIMIT (Redis's rule: the offset is skipped unchecked, then members are
 * taken while the far end holds), on the compact form and on the skiplist form over both indexes.
 * (That the walk allocates nothing per member: benchmarks' ZSetCursorAllocationTest.)
 */
class ZSetCursorTest {
  private static final long SEED =
      Long.getLong("redstruct.seed", new SplittableRandom().nextLong());

  private record Pair(double score, byte[] member) {}

  private static int compare(Pair a, Pair b) {
    int c = Double.compare(a.score, b.score);
    return c != 0 ? c : Arrays.compareUnsigned(a.member, b.member);
  }

  @ParameterizedTest
  @CsvSource({"50, TREE", "1000, TREE", "1000, SKIPLIST"})
  void cursorsWalkWhatTheSortedModelHolds(int n, ZOrder.Kind kind) {
    System.out.println("ZSetCursorTest seed=" + SEED + " (replay: -Dredstruct.seed=" + SEED + ")");
    SplittableRandom rnd = new SplittableRandom(SEED);
    ZSet z = ZSet.create(128, 64, 7, kind);
    List<Pair> model = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      byte[] m = ("m" + rnd.nextInt(1_000_000) + ":" + i).getBytes(StandardCharsets.US_ASCII);
      double s = rnd.nextInt(n / 4 + 1);
      z.add(m, s);
      model.add(new Pair(s, m));
    }
    model.sort(ZSetCursorTest::compare);
    assertEquals(n <= 128 ? ZSet.Encoding.COMPACT : ZSet.Encoding.SKIPLIST, z.encoding());
    for (int k = 0; k < 200; k++) {
      int a = rnd.nextInt(n + 10) - 5;
      int b = rnd.nextInt(n + 10) - 5;
      boolean rev = rnd.nextBoolean();
      assertWalk(byRank(model, a, b, rev), z.cursorByRank(a, b, rev), "rank " + a + ".." + b);
      double lo = rnd.nextInt(n / 4 + 2) - 1;
      double hi = lo + rnd.nextInt(n / 8 + 2);
      ScoreRange r = new ScoreRange(lo, rnd.nextBoolean(), hi, rnd.nextBoolean());
      long offset = rnd.nextInt(12) - 1;
      long limit = rnd.nextInt(14) - 2;
      assertWalk(
          byScore(model, r, rev, offset, limit),
          z.cursorByScore(r, rev, offset, limit),
          r + " rev " + rev + " limit " + offset + " " + limit);
    }
    List<Pair> all = new ArrayList<>();
    for (ZSetCursor c = z.cursor(); c.next(); ) {
      all.add(new Pair(c.score(), c.member()));
      assertEquals(new ScoredMember(c.member(), c.score()), c.toScoredMember());
    }
    assertWalk(model, z.cursor(), "whole set");
  }

  private static List<Pair> byRank(List<Pair> model, long start, long end, boolean rev) {
    int n = model.size();
    start = start < 0 ? Math.max(0, n + start) : start;
    end = end < 0 ? n + end : Math.min(end, n - 1);
    List<Pair> out = new ArrayList<>();
    for (long k = start; k <= end; k++) {
      out.add(model.get((int) (rev ? n - 1 - k : k)));
    }
    return out;
  }

  private static List<Pair> byScore(
      List<Pair> model, ScoreRange r, boolean rev, long offset, long limit) {
    List<Pair> in = new ArrayList<>();
    for (Pair p : model) {
      if (r.gteMin(p.score) && r.lteMax(p.score)) {
        in.add(p);
      }
    }
    if (rev) {
      java.util.Collections.reverse(in);
    }
    if (offset < 0) {
      return List.of();
    }
    int from = (int) Math.min(offset, in.size());
    int to = limit < 0 ? in.size() : (int) Math.min(in.size(), from + limit);
    return in.subList(from, to);
  }

  private static void assertWalk(List<Pair> want, ZSetCursor c, String what) {
    for (Pair p : want) {
      assertTrue(c.next(), what + ": ended early");
      assertEquals(p.score, c.score(), what);
      assertArrayEquals(
          p.member, Arrays.copyOfRange(c.array(), c.offset(), c.offset() + c.length()), what);
    }
    assertFalse(c.next(), what + ": longer than the model");
    assertFalse(c.next(), what + ": a finished cursor stays finished");
  }
}
