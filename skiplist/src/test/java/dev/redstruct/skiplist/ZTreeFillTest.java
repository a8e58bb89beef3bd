package dev.redstruct.skiplist;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * How full {@link ZTree}'s leaves stay: an insert into a full leaf hands elements to a sibling with
 * room before it splits (B*-tree redistribution), which is where the tree's bytes per member come
 * from (benchmarks/NOTES.md, issue 29 third part). Splits alone leave random inserts at about ln 2
 * = 69 % and an ascending insert (scores that are timestamps) at 50 %.
 */
class ZTreeFillTest {
  private static final int N = 100_000;

  private static double fill(ZTree t) {
    t.checkInvariants();
    return (double) t.length() / ((long) t.leafCount() * ZTree.DEFAULT_CAP);
  }

  private static byte[] member(int i) {
    return ("member:" + i).getBytes(StandardCharsets.US_ASCII);
  }

  @Test
  void randomInsertsKeepLeavesFourFifthsFull() {
    ZTree t = new ZTree();
    SplittableRandom rnd = new SplittableRandom(29);
    for (int i = 0; i < N; i++) {
      t.add(rnd.nextInt(1_000_000) / 4.0, member(i));
    }
    double f = fill(t);
    System.out.println("ZTreeFillTest random inserts: leaves " + f + " full");
    assertTrue(f >= 0.78, "fill " + f);
  }

  @Test
  void ascendingInsertsFillTheLeavesBehind() {
    ZTree t = new ZTree();
    for (int i = 0; i < N; i++) {
      t.add(i, member(i));
    }
    double f = fill(t);
    System.out.println("ZTreeFillTest ascending inserts: leaves " + f + " full");
    assertTrue(f >= 0.85, "fill " + f);
  }
}
