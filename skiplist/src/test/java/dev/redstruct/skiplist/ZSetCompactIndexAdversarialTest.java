package dev.redstruct.skiplist;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.Bytes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Adversarial checks of the compact add index ({@link ListPackZSetIndex}): several compact sets
 * filled in turn, sets replaced by their copy, by {@code fromCompact} of their blob or by a union
 * result made compact, sets that convert to the skiplist and come back compact, small and large
 * thresholds, scores that round to the same float key, and members of 249-256 bytes (two-byte
 * string headers). Each indexed set runs beside a twin that runs the same steps with indexing off
 * (the walks of Redis's zzlInsert): replies, encodings and blobs must agree, and {@code
 * checkInvariants} checks the index. Replay: {@code -Dzset.adversarial.seed=N}.
 */
class ZSetCompactIndexAdversarialTest {
  private static final long SEED = Long.getLong("zset.adversarial.seed", 4242L);

  /** Scores in families whose members share a float key, plus the storage edges. */
  private static final double[] TIES = {
    0.0,
    -0.0,
    1e-50,
    -1e-50,
    Double.MIN_VALUE,
    -Double.MIN_VALUE,
    16777216, // 2^24 and 2^24 + 1 round to the same float; both are integer entries
    16777217,
    0.1,
    Math.nextUp(0.1),
    1e39, // beyond float range: key of +inf
    Double.POSITIVE_INFINITY,
    -1e39,
    Double.NEGATIVE_INFINITY,
    (double) (Long.MAX_VALUE / 2), // largest integer-entry score and its text neighbours
    Math.nextUp((double) (Long.MAX_VALUE / 2)),
    Math.nextDown((double) (Long.MAX_VALUE / 2)),
    Double.MAX_VALUE,
    -Double.MAX_VALUE,
  };

  private static double score(SplittableRandom rnd) {
    return switch (rnd.nextInt(4)) {
      case 0, 1 -> TIES[rnd.nextInt(TIES.length)];
      case 2 -> rnd.nextInt(6);
      default -> rnd.nextInt(4000) / 4.0 - 500;
    };
  }

  private static byte[] member(SplittableRandom rnd, int valueLimit) {
    int n = rnd.nextInt(40);
    return switch (rnd.nextInt(10)) {
      case 0 -> Bytes.utf8(Integer.toString(n - 20)); // integer entries
      case 1 -> Bytes.utf8("0" + n);
      case 2, 3 -> Bytes.utf8("L".repeat(248 + rnd.nextInt(8)) + (n % 4)); // 249..256 bytes
      case 4 -> rnd.nextInt(20) == 0 ? Bytes.utf8("X".repeat(valueLimit + 1)) : Bytes.utf8("z");
      default -> Bytes.utf8("m" + n);
    };
  }

  private interface Step {
    Object apply(ZSet z);
  }

  private static Step step(SplittableRandom rnd, int valueLimit) {
    int op = rnd.nextInt(24);
    byte[] m = member(rnd, valueLimit);
    byte[] m2 = member(rnd, valueLimit);
    double s = score(rnd);
    double s2 = score(rnd);
    int count = 1 + rnd.nextInt(3);
    boolean max = rnd.nextBoolean();
    int[] flagChoices = {0, ZSet.NX, ZSet.XX, ZSet.GT, ZSet.LT, ZSet.XX | ZSet.GT};
    int flags = flagChoices[rnd.nextInt(flagChoices.length)];
    if (op < 12) {
      return z -> z.add(m, s);
    } else if (op < 14) {
      return z -> z.add(flags, new double[] {s, s2}, new byte[][] {m, m2});
    } else if (op == 14) {
      return z -> {
        OptionalDouble r = z.addIncr(flags, m, finiteIncrement(s));
        return r.isPresent() ? r.getAsDouble() : "nil";
      };
    } else if (op == 15 || op == 16) {
      return z -> z.remove(m);
    } else if (op == 17) {
      return z -> render(z.pop(count, max));
    } else if (op == 18) {
      return z -> z.removeRangeByScore(ScoreRange.closed(Math.min(s, s2), Math.max(s, s2)));
    } else if (op == 19) {
      return z -> z.removeRangeByRank(count, count + 1);
    } else if (op == 20) {
      return z -> z.removeRangeByLex(LexRange.parse(Bytes.utf8("[m1"), Bytes.utf8("(m3")));
    } else if (op == 21) {
      return z -> z.incrementBy(m, 0.25);
    }
    return z -> z.score(m).isPresent() ? z.score(m).getAsDouble() : "absent";
  }

  /** A finite increment: the twin and the set must both reject or both accept the result. */
  private static double finiteIncrement(double s) {
    return Double.isInfinite(s) ? 1.5 : s;
  }

  private static String render(List<ScoredMember> entries) {
    StringBuilder sb = new StringBuilder();
    for (ScoredMember e : entries) {
      sb.append(Bytes.utf8(e.member(), 0, e.member().length)).append('=').append(e.score());
      sb.append(',');
    }
    return sb.toString();
  }

  private static Object applyGuarded(Step step, ZSet z) {
    try {
      return step.apply(z);
    } catch (ZSetException e) {
      return "error " + e.getMessage();
    }
  }

  private static Object withoutIndex(Step step, ZSet z) {
    ListPackZSetIndexTest.noIndex(z);
    try {
      return applyGuarded(step, z);
    } finally {
      ListPackZSetIndexTest.noIndex(z);
    }
  }

  /** Replaces a set by a structurally fresh equal one, as a program might between commands. */
  private static ZSet replace(int how, ZSet z, int entries, int value) {
    return switch (how) {
      case 0 -> z.copy();
      case 1 -> z.encoding() == ZSet.Encoding.COMPACT ? ZSet.fromCompact(z.toCompactBytes()) : z;
      default -> ZSet.union(List.of(z), null, ZSet.Aggregate.SUM, entries, value); // *STORE
    };
  }

  private static void assertSame(ZSet ref, ZSet z, String at) {
    assertEquals(ref.encoding(), z.encoding(), at);
    assertEquals(ref.size(), z.size(), at);
    z.checkInvariants(); // checks the index: I1..I5
    if (z.encoding() == ZSet.Encoding.COMPACT) {
      assertArrayEquals(ref.toCompactBytes(), z.toCompactBytes(), at);
    } else {
      assertEquals(render(ref.rangeByRank(0, -1, false)), render(z.rangeByRank(0, -1, false)), at);
    }
  }

  @Test
  void interleavedCompactSetsOnOneThreadMatchTheirWalkOnlyTwins() {
    int[][] limits = {{20, 300}, {5, 64}, {128, 300}, {40, 260}};
    int indexed = 0;
    for (int round = 0; round < 12; round++) {
      long seed = SEED + round;
      SplittableRandom rnd = new SplittableRandom(seed);
      int sets = 2 + round % 2;
      ZSet[] z = new ZSet[sets];
      ZSet[] ref = new ZSet[sets];
      int[][] lim = new int[sets][];
      for (int k = 0; k < sets; k++) {
        lim[k] = limits[(round + k) % limits.length];
        z[k] = ZSet.create(lim[k][0], lim[k][1], seed + k);
        ref[k] = ZSet.create(lim[k][0], lim[k][1], seed + k);
      }
      int current = 0;
      for (int i = 0; i < 1500; i++) {
        // Runs of adds to one set (so that this thread indexes it) broken by switches.
        if (rnd.nextInt(6) == 0) {
          current = rnd.nextInt(sets);
        }
        int k = current;
        String at = "seed " + seed + " step " + i + " set " + k;
        Step step = step(rnd, lim[k][1]);
        if (ListPackZSetIndexTest.indexed(z[k])) {
          indexed++;
        }
        assertEquals(withoutIndex(step, ref[k]), applyGuarded(step, z[k]), at);
        int r = rnd.nextInt(60);
        if (r < 3) {
          z[k] = replace(r, z[k], lim[k][0], lim[k][1]);
          ref[k] = replace(r, ref[k], lim[k][0], lim[k][1]);
        } else if (r == 3) {
          z[k].pop(Integer.MAX_VALUE, false); // emptied: the next add may make it compact again
          ref[k].pop(Integer.MAX_VALUE, false);
        }
        ListPackZSetIndexTest.noIndex(ref[k]); // a replaced twin starts a new encoding object
        assertFalse(ListPackZSetIndexTest.indexed(ref[k]), at);
        for (int j = 0; j < sets; j++) {
          assertSame(ref[j], z[j], at + " (checking set " + j + ")");
        }
      }
    }
    assertTrue(indexed > 1000, "the indexes served adds: " + indexed); // sets of 16+ pairs only
  }

  /** The index-only JDK model: a TreeSet ordered as the set, and a map of scores. */
  @Test
  void keyTiesAgainstATreeSetModel() {
    record P(double score, String member) {}
    for (int round = 0; round < 6; round++) {
      long seed = SEED + 50 + round;
      SplittableRandom rnd = new SplittableRandom(seed);
      ZSet a = ZSet.create(1000, 64, seed);
      ZSet b = ZSet.create(12, 64, seed); // too small for an index: walks
      Map<String, Double> ma = new HashMap<>();
      Map<String, Double> mb = new HashMap<>();
      for (int i = 0; i < 600; i++) {
        boolean useA = (i / 5) % 2 == 0 || b.size() >= 11;
        ZSet z = useA ? a : b;
        Map<String, Double> m = useA ? ma : mb;
        String member = rnd.nextInt(4) == 0 ? Integer.toString(rnd.nextInt(30)) : "k" + i;
        double s = TIES[rnd.nextInt(TIES.length)];
        boolean fresh = !m.containsKey(member);
        assertEquals(fresh, z.add(Bytes.utf8(member), s), "seed " + seed + " add " + i);
        m.put(member, s == 0 ? 0.0 : s); // -0 is stored as 0
        if (!useA && rnd.nextInt(3) == 0) {
          String gone = m.keySet().iterator().next();
          assertTrue(z.remove(gone));
          m.remove(gone);
        }
        z.checkInvariants();
      }
      for (int k = 0; k < 2; k++) {
        ZSet z = k == 0 ? a : b;
        Map<String, Double> m = k == 0 ? ma : mb;
        TreeSet<P> order =
            new TreeSet<>(
                (x, y) ->
                    ZSkipList.compare(
                        x.score(), Bytes.utf8(x.member()), y.score(), Bytes.utf8(y.member())));
        m.forEach((member, s) -> order.add(new P(s, member)));
        List<String> expected = new ArrayList<>();
        for (P p : order) {
          expected.add(p.member() + "=" + p.score());
        }
        List<String> actual = new ArrayList<>();
        for (ScoredMember e : z.rangeByRank(0, -1, false)) {
          actual.add(Bytes.utf8(e.member(), 0, e.member().length) + "=" + e.score());
        }
        assertEquals(expected, actual, "seed " + seed + " set " + k);
      }
    }
  }
}
