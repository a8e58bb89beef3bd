package dev.redstruct.hll;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.lists;
import static org.quicktheories.generators.SourceDSL.longs;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.quicktheories.core.Gen;

/**
 * Properties that hold for every input. Count monotonicity under merge is not tested: the estimator
 * is not proven monotone in the registers, so only register-level facts are asserted.
 */
class HyperLogLogPropertiesTest {

  /** Element streams from a few to thousands of elements, so both encodings occur. */
  private static Gen<List<Long>> streams() {
    return lists().of(longs().between(0, 20_000)).ofSizeBetween(0, 4000);
  }

  private static HyperLogLog sketch(List<Long> elements, int limit) {
    HyperLogLog h = HyperLogLog.create(limit);
    for (long e : elements) {
      h.add(HyperLogLogRedisIT.le(e));
    }
    return h;
  }

  private static byte[] regs(HyperLogLog h) {
    byte[] r = new byte[HllLayout.REGISTERS];
    h.maxInto(r);
    return r;
  }

  private static HyperLogLog copy(HyperLogLog h) {
    return HyperLogLog.copyOf(h.toByteArray());
  }

  private static HyperLogLog merged(HyperLogLog... hs) {
    HyperLogLog d = HyperLogLog.create();
    d.merge(hs);
    d.checkInvariants();
    return d;
  }

  /**
   * The bulk forms give the bytes and the "changed" answer of one single add after the other, from
   * any starting sketch (sparse, promoting mid-batch, dense) and any sparse limit.
   */
  @Test
  void bulkAddsEqualSingleAdds() {
    qt().withExamples(60)
        .forAll(streams(), streams(), integers().between(0, 6000))
        .checkAssert(
            (start, batch, limit) -> {
              HyperLogLog one = sketch(start, limit);
              HyperLogLog bulk = copy(one);
              bulk.setSparseMaxBytes(limit);
              HyperLogLog longs = copy(one);
              longs.setSparseMaxBytes(limit);
              byte[][] elements = new byte[batch.size()][];
              long[] numbers = new long[batch.size()];
              boolean changed = false;
              for (int i = 0; i < elements.length; i++) {
                elements[i] = HyperLogLogRedisIT.le(batch.get(i));
                numbers[i] = batch.get(i);
                changed |= one.add(elements[i]);
              }
              assertEquals(changed, bulk.add(elements));
              assertArrayEquals(one.toByteArray(), bulk.toByteArray());
              HyperLogLog longsOne = copy(longs);
              longsOne.setSparseMaxBytes(limit);
              boolean changedLongs = false;
              for (long v : numbers) {
                changedLongs |= longsOne.add(v);
              }
              assertEquals(changedLongs, longs.addAll(numbers));
              assertArrayEquals(longsOne.toByteArray(), longs.toByteArray());
              bulk.checkInvariants();
              longs.checkInvariants();
            });
  }

  @Test
  void mergeIsElementWiseMaxAndCommutative() {
    qt().withExamples(40)
        .forAll(streams(), streams())
        .checkAssert(
            (a, b) -> {
              HyperLogLog x = sketch(a, 3000);
              HyperLogLog y = sketch(b, 3000);
              byte[] rx = regs(x);
              byte[] ry = regs(y);
              byte[] ab = regs(merged(x, y));
              for (int i = 0; i < ab.length; i++) {
                assertEquals(Math.max(rx[i], ry[i]), ab[i], "register " + i);
              }
              assertArrayEquals(ab, regs(merged(y, x)));
              HyperLogLog inPlace = copy(x);
              inPlace.merge(y);
              assertArrayEquals(ab, regs(inPlace));
            });
  }

  @Test
  void mergeIsAssociative() {
    qt().withExamples(25)
        .forAll(streams(), streams(), streams())
        .checkAssert(
            (a, b, c) -> {
              HyperLogLog x = sketch(a, 3000);
              HyperLogLog y = sketch(b, 3000);
              HyperLogLog z = sketch(c, 3000);
              assertArrayEquals(regs(merged(merged(x, y), z)), regs(merged(x, merged(y, z))));
            });
  }

  @Test
  void mergeIsIdempotent() {
    qt().withExamples(40)
        .forAll(streams())
        .checkAssert(
            a -> {
              HyperLogLog x = sketch(a, 3000);
              byte[] before = regs(x);
              x.merge(x);
              assertArrayEquals(before, regs(x));
              HyperLogLog once = merged(copy(x));
              HyperLogLog twice = copy(once);
              twice.merge(once);
              assertArrayEquals(once.toByteArray(), twice.toByteArray());
            });
  }

  @Test
  void addingBothStreamsEqualsMergingTheirSketches() {
    qt().withExamples(30)
        .forAll(streams(), streams())
        .checkAssert(
            (a, b) -> {
              HyperLogLog all = sketch(a, 3000);
              for (long e : b) {
                all.add(HyperLogLogRedisIT.le(e));
              }
              HyperLogLog x = sketch(a, 3000);
              HyperLogLog y = sketch(b, 3000);
              assertArrayEquals(regs(all), regs(merged(x, y)));
              assertEquals(all.estimate(), HyperLogLog.countUnion(x, y));
            });
  }

  @Test
  void encodingAndLimitDoNotChangeRegistersOrCount() {
    qt().withExamples(40)
        .forAll(streams(), integers().between(0, 20_000))
        .checkAssert(
            (a, limit) -> {
              HyperLogLog x = sketch(a, 3000);
              HyperLogLog y = sketch(a, limit);
              HyperLogLog dense = copy(x);
              dense.toDense();
              assertArrayEquals(regs(x), regs(y));
              assertArrayEquals(regs(x), regs(dense));
              assertEquals(x.count(), y.count());
              assertEquals(x.count(), dense.count());
              x.checkInvariants();
              y.checkInvariants();
              assertTrue(y.isDense() || y.serializedSize() <= Math.max(limit, 18));
            });
  }

  @Test
  void bytesRoundTrip() {
    qt().withExamples(40)
        .forAll(streams())
        .checkAssert(
            a -> {
              HyperLogLog x = sketch(a, 3000);
              assertArrayEquals(x.toByteArray(), HyperLogLog.copyOf(x.toByteArray()).toByteArray());
              x.count();
              assertArrayEquals(x.toByteArray(), HyperLogLog.wrap(x.toByteArray()).toByteArray());
            });
  }

  @Test
  void accuracyWithinCoarseBounds() {
    // Standard error is 1.04 / sqrt(16384) = 0.81%; 3% is about 3.7 standard errors. Fixed seeds.
    for (int n : new int[] {10_000, 100_000}) {
      double sumAbs = 0;
      for (long seed = 1; seed <= 5; seed++) {
        SplittableRandom rnd = new SplittableRandom(seed);
        HyperLogLog h = HyperLogLog.create();
        for (int i = 0; i < n; i++) {
          h.add(HyperLogLogRedisIT.le(rnd.nextLong()));
        }
        double err = Math.abs(h.count() - n) / (double) n;
        assertTrue(err < 0.03, "n=" + n + " seed=" + seed + " error " + err);
        sumAbs += err;
      }
      System.out.printf("accuracy n=%d mean |error| over 5 seeds = %.3f%%%n", n, 100 * sumAbs / 5);
      assertTrue(sumAbs / 5 < 0.015);
    }
  }
}
