package dev.redstruct.skiplist;

import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;

import dev.redstruct.core.Bytes;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * QuickTheories properties over both encodings, and over both order indexes of the skiplist
 * encoding: {@code build(codes, form)} with form 0 compact, 1 the zskiplist, 2 the B+ tree.
 */
class ZSetPropertiesTest {
  private static ZSet build(List<Integer> codes, boolean compact) {
    return build(codes, compact ? 0 : 1 + (codes.size() & 1));
  }

  private static ZSet build(List<Integer> codes, int form) {
    ZSet z =
        switch (Math.floorMod(form, 3)) {
          case 0 -> ZSet.create(1000, 64);
          case 1 -> ZSet.create(0, 0, ZSet.DEFAULT_SEED, ZOrder.Kind.SKIPLIST);
          default -> ZSet.create(0, 0, ZSet.DEFAULT_SEED, ZOrder.Kind.TREE);
        };
    for (int c : codes) {
      z.add(Bytes.utf8("m" + (c / 17)), (c % 17) / 2.0);
    }
    return z;
  }

  private static List<String> content(ZSet z) {
    List<String> out = new ArrayList<>();
    for (ScoredMember e : z.rangeByRank(0, -1, false)) {
      out.add(e.memberString() + "=" + e.score());
    }
    return out;
  }

  @Test
  void rankOfElementAtRankIsRank() {
    qt().withExamples(200)
        .forAll(lists().of(integers().between(0, 2000)).ofSizeBetween(0, 300), integers().all())
        .checkAssert(
            (codes, bit) -> {
              ZSet z = build(codes, bit);
              z.checkInvariants();
              for (int i = 0; i < z.size(); i++) {
                ScoredMember e = z.rangeByRank(i, i, false).get(0);
                if (z.rank(e.member(), false).getAsLong() != i
                    || z.rank(e.member(), true).getAsLong() != z.size() - 1 - i) {
                  throw new AssertionError("rank(byRank(" + i + ")) != " + i);
                }
              }
            });
  }

  @Test
  void bothEncodingsHoldTheSameContent() {
    qt().withExamples(200)
        .forAll(lists().of(integers().between(0, 2000)).ofSizeBetween(0, 200))
        .check(
            codes ->
                content(build(codes, 0)).equals(content(build(codes, 1)))
                    && content(build(codes, 0)).equals(content(build(codes, 2))));
  }

  @Test
  void rangeByScoreIsTheFilteredView() {
    qt().withExamples(200)
        .forAll(
            lists().of(integers().between(0, 2000)).ofSizeBetween(0, 200),
            integers().between(-2, 10),
            integers().between(0, 6),
            integers().between(0, 3))
        .check(
            (codes, lo, width, ex) -> {
              ZSet z = build(codes, codes.size() + lo);
              ScoreRange r = new ScoreRange(lo, (ex & 1) != 0, lo + width, (ex & 2) != 0);
              List<String> expected = new ArrayList<>();
              for (ScoredMember e : z.rangeByRank(0, -1, false)) {
                if (r.contains(e.score())) {
                  expected.add(e.memberString());
                }
              }
              List<String> got = new ArrayList<>();
              for (ScoredMember e : z.rangeByScore(r, false, 0, -1)) {
                got.add(e.memberString());
              }
              return expected.equals(got) && z.count(r) == expected.size();
            });
  }

  @Test
  void unionAndInterAreCommutativeWithMinMaxAndIntegerSums() {
    qt().withExamples(100)
        .forAll(
            lists().of(integers().between(0, 600)).ofSizeBetween(0, 150),
            lists().of(integers().between(0, 600)).ofSizeBetween(0, 150),
            integers().between(0, 2))
        .check(
            (x, y, a) -> {
              ZSet.Aggregate agg = ZSet.Aggregate.values()[a];
              ZSet p = build(x, true);
              ZSet q = build(y, false);
              List<ZSet> pq = List.of(p, q);
              List<ZSet> qp = List.of(q, p);
              // Scores are halves, so SUM is exact and order-independent here.
              boolean union =
                  content(ZSet.union(pq, null, agg, 128, 64))
                      .equals(content(ZSet.union(qp, null, agg, 128, 64)));
              boolean inter =
                  content(ZSet.inter(pq, null, agg, 128, 64))
                      .equals(content(ZSet.inter(qp, null, agg, 128, 64)));
              int sizeU = ZSet.union(pq, null, agg, 128, 64).size();
              int sizeI = ZSet.inter(pq, null, agg, 128, 64).size();
              int sizeD = ZSet.diff(pq, 128, 64).size();
              return union && inter && sizeU == sizeI + sizeD + ZSet.diff(qp, 128, 64).size();
            });
  }

  @Test
  void iterationIsZrangeAndRemovingThroughTheIteratorEmptiesTheSet() {
    qt().withExamples(100)
        .forAll(lists().of(integers().between(0, 2000)).ofSizeBetween(0, 300), integers().all())
        .check(
            (codes, bit) -> {
              ZSet z = build(codes, bit);
              List<ScoredMember> seen = new ArrayList<>();
              z.forEach(seen::add);
              boolean same = seen.equals(z.rangeByRank(0, -1, false));
              for (java.util.Iterator<ScoredMember> it = z.iterator(); it.hasNext(); ) {
                it.next();
                it.remove();
              }
              z.checkInvariants();
              return same && z.isEmpty();
            });
  }

  @Test
  void interCardIsTheIntersectionsSizeCutAtTheLimit() {
    qt().withExamples(100)
        .forAll(
            lists().of(integers().between(0, 600)).ofSizeBetween(0, 150),
            lists().of(integers().between(0, 600)).ofSizeBetween(0, 150),
            integers().between(0, 40))
        .check(
            (x, y, limit) -> {
              List<ZSet> in = List.of(build(x, true), build(y, false));
              long size = ZSet.interEntries(in, null, ZSet.Aggregate.SUM).size();
              long expected = limit == 0 ? size : Math.min(size, limit);
              return ZSet.interCard(in, limit) == expected;
            });
  }

  @Test
  void multiPopIsPopOfTheFirstNonEmptySet() {
    qt().withExamples(100)
        .forAll(
            lists().of(integers().between(0, 600)).ofSizeBetween(0, 40),
            lists().of(integers().between(0, 600)).ofSizeBetween(0, 150),
            integers().between(1, 200),
            integers().all())
        .check(
            (x, y, count, bit) -> {
              boolean max = (bit & 1) != 0;
              ZSet a = build(x, true);
              ZSet b = build(y, false);
              List<ZSet> sets = java.util.Arrays.asList(null, a, b);
              int firstIndex = a.isEmpty() ? 2 : 1;
              ZSet first = sets.get(firstIndex).copy();
              List<ScoredMember> expected = first.isEmpty() ? null : first.pop(count, max);
              ZSet.MultiPop got = ZSet.multiPop(sets, max, count);
              if (expected == null) {
                return got == null;
              }
              ZSet popped = sets.get(got.set());
              return got.set() == firstIndex
                  && got.popped().equals(expected)
                  && content(popped).equals(content(first));
            });
  }
}
