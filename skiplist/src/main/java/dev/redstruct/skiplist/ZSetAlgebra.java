package dev.redstruct.skiplist;

import dev.redstruct.dict.Dict;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * ZUNION / ZINTER / ZDIFF over {@link ZSet}s. Redis: zunionInterDiffGenericCommand,
 * zunionInterAggregate and zdiff in src/t_zset.c (7.0.15).
 */
final class ZSetAlgebra {
  /*
   * Implementation notes.
   *
   * Floating-point sums depend on their order, so the order is Redis's: union and inter sort the
   * inputs by ascending cardinality (a stable sort, as glibc's merge-sort qsort behaves for these
   * small arrays) and fold them in that order. A weighted score that is NaN (inf * 0) counts as 0
   * when it starts an accumulation (union: first sighting; inter: the smallest input); SUM turns a
   * NaN sum (inf + -inf) into 0; MIN/MAX use plain < and > so a NaN contribution is ignored. The
   * result is built as a skiplist; ZSet makes it compact if it fits for the STORE variants, and the
   * replying variants (ZUNION, ZINTER, ZDIFF) read it as it is, so a -0 keeps its sign.
   */

  private ZSetAlgebra() {}

  private record Src(ZSet set, double weight, int size, List<ScoredMember> entries) {}

  private static List<Src> sources(List<ZSet> inputs, double[] weights, boolean sort) {
    if (inputs.isEmpty()) {
      throw new IllegalArgumentException("at least 1 input is needed");
    }
    if (weights != null && weights.length != inputs.size()) {
      throw new IllegalArgumentException("one weight per input");
    }
    List<Src> srcs = new ArrayList<>(inputs.size());
    for (int i = 0; i < inputs.size(); i++) {
      ZSet z = inputs.get(i);
      int size = z == null ? 0 : z.size();
      List<ScoredMember> entries = size == 0 ? List.of() : z.rangeByRank(0, -1, false);
      srcs.add(new Src(z, weights == null ? 1 : weights[i], size, entries));
    }
    if (sort) {
      srcs.sort(Comparator.comparingInt(Src::size)); // List.sort is stable
    }
    return srcs;
  }

  /** Redis: zunionInterAggregate. */
  static double aggregate(double target, double val, ZSet.Aggregate agg) {
    switch (agg) {
      case SUM:
        double sum = target + val;
        return Double.isNaN(sum) ? 0.0 : sum;
      case MIN:
        return val < target ? val : target;
      default:
        return val > target ? val : target;
    }
  }

  private static double weighted(double weight, double score) {
    double s = weight * score;
    return Double.isNaN(s) ? 0 : s;
  }

  static ZSet union(List<ZSet> inputs, double[] weights, ZSet.Aggregate agg, ZSet dst) {
    List<Src> srcs = sources(inputs, weights, true);
    Dict<byte[], double[]> acc = Dict.forBytes();
    List<byte[]> order = new ArrayList<>();
    for (Src src : srcs) {
      for (ScoredMember e : src.entries) {
        double score = weighted(src.weight, e.score());
        double[] cell = acc.get(e.member());
        if (cell == null) {
          acc.put(e.member(), new double[] {score});
          order.add(e.member());
        } else {
          cell[0] = aggregate(cell[0], score, agg);
        }
      }
    }
    SkipListZSet out = dst.skipList();
    for (byte[] m : order) {
      out.insertAbsent(acc.get(m)[0], m);
    }
    return dst;
  }

  static ZSet inter(List<ZSet> inputs, double[] weights, ZSet.Aggregate agg, ZSet dst) {
    List<Src> srcs = sources(inputs, weights, true);
    SkipListZSet out = dst.skipList();
    Src first = srcs.get(0);
    for (ScoredMember e : first.entries) {
      double score = weighted(first.weight, e.score());
      int j = 1;
      for (; j < srcs.size(); j++) {
        Src other = srcs.get(j);
        double value;
        if (other.set == first.set) {
          value = e.score() * other.weight;
        } else {
          value = other.set == null ? Double.NaN : other.set.scoreOrNaN(e.member());
          if (Double.isNaN(value)) {
            break;
          }
          value *= other.weight;
        }
        score = aggregate(score, value, agg);
      }
      if (j == srcs.size()) {
        out.insertAbsent(score, e.member());
      }
    }
    return dst;
  }

  /**
   * Redis: the cardinality_only branch of zunionInterDiffGenericCommand's SET_OP_INTER: the same
   * walk as {@link #inter}, counting instead of inserting, stopping once {@code limit > 0} is met.
   */
  static long interCard(List<ZSet> inputs, long limit) {
    List<Src> srcs = sources(inputs, null, true);
    Src first = srcs.get(0);
    long count = 0;
    for (ScoredMember e : first.entries) {
      int j = 1;
      while (j < srcs.size() && inOther(srcs.get(j).set, first.set, e.member())) {
        j++;
      }
      if (j == srcs.size() && ++count == limit) {
        break;
      }
    }
    return count;
  }

  private static boolean inOther(ZSet other, ZSet first, byte[] member) {
    return other == first || (other != null && !Double.isNaN(other.scoreOrNaN(member)));
  }

  static ZSet diff(List<ZSet> inputs, ZSet dst) {
    List<Src> srcs = sources(inputs, null, false);
    SkipListZSet out = dst.skipList();
    Src first = srcs.get(0);
    for (ScoredMember e : first.entries) {
      boolean keep = true;
      for (int j = 1; j < srcs.size() && keep; j++) {
        ZSet other = srcs.get(j).set;
        keep = other != first.set && (other == null || Double.isNaN(other.scoreOrNaN(e.member())));
      }
      if (keep) {
        out.insertAbsent(e.score(), e.member());
      }
    }
    return dst;
  }
}
