package dev.redstruct.bitfield;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.BitSet;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Seeded random actions on a {@link Bitmap} and a {@link BitSet} plus a byte length, in step.
 * Replay with {@code -Dbitfield.model.seed=<seed>}.
 */
class BitmapModelTest {
  @Test
  void randomActionsAgreeWithBitSetModel() {
    long seed = Long.getLong("bitfield.model.seed", System.nanoTime());
    try {
      run(seed, 30_000);
    } catch (AssertionError | RuntimeException e) {
      throw new AssertionError("seed " + seed + ": " + e.getMessage(), e);
    }
  }

  private static void run(long seed, int steps) {
    SplittableRandom rnd = new SplittableRandom(seed);
    Bitmap bm = Bitmap.create();
    BitSet model = new BitSet();
    int len = 0;
    Bitmap other = Bitmap.create();
    BitSet otherModel = new BitSet();
    for (int step = 0; step < steps; step++) {
      int limit = rnd.nextInt(10) == 0 ? 40_000 : 700;
      int op = rnd.nextInt(11);
      if (op <= 2) {
        int off = rnd.nextInt(limit);
        boolean v = rnd.nextBoolean();
        assertEquals(model.get(off), bm.setBit(off, v));
        model.set(off, v);
        len = Math.max(len, off / 8 + 1);
      } else if (op == 3) {
        int off = rnd.nextInt(limit);
        assertEquals(model.get(off), bm.getBit(off));
      } else if (op == 4) {
        long s = rnd.nextLong(-len * 8L - 20, len * 8L + 20);
        long e = rnd.nextLong(-len * 8L - 20, len * 8L + 20);
        assertEquals(
            modelCount(model, len, s, e), bm.bitCount(s, e, Bitmap.Unit.BIT), s + ".." + e);
      } else if (op == 5) {
        long s = rnd.nextLong(-len * 8L - 20, len * 8L + 20);
        long e = rnd.nextLong(-len * 8L - 20, len * 8L + 20);
        boolean bit = rnd.nextBoolean();
        assertEquals(modelPos(model, len, bit, s, e), bm.bitPos(bit, s, e, Bitmap.Unit.BIT));
      } else if (op == 6) {
        BitFieldType t =
            rnd.nextBoolean()
                ? BitFieldType.signed(1 + rnd.nextInt(64))
                : BitFieldType.unsigned(1 + rnd.nextInt(63));
        int off = rnd.nextInt(limit);
        long v = rnd.nextLong();
        bm.setField(t, off, v, Bitmap.Overflow.WRAP);
        for (int i = 0; i < t.bits(); i++) {
          model.set(off + i, ((v >>> (t.bits() - 1 - i)) & 1) != 0);
        }
        len = Math.max(len, (off + t.bits() - 1) / 8 + 1);
        assertEquals(Fields.wrap(t, v), bm.getField(t, off));
      } else if (op == 7) {
        assertEquals(model, bm.toBitSet());
        assertEquals(model.cardinality(), bm.bitCount());
      } else if (op == 9) {
        int off = rnd.nextInt(limit); // grows other by SETBIT, leaving spare capacity
        otherModel.set(off);
        other.setBit(off, true);
      } else if (op == 10) {
        len = aliasedBitOp(rnd, bm, model, len, other, otherModel);
        assertEquals(model, bm.toBitSet());
      } else {
        Bitmap copy = Bitmap.copyOf(bm.toByteArray());
        Bitmap.bitOp(Bitmap.Op.NOT, copy, new Bitmap[] {copy});
        Bitmap.bitOp(Bitmap.Op.XOR, copy, copy, bm);
        assertEquals(len * 8L, copy.bitCount()); // x ^ ~x is all ones
      }
      assertEquals(len, bm.length());
      if (step % 1000 == 0) {
        bm.checkInvariants();
      }
    }
    bm.checkInvariants();
  }

  /**
   * BITOP with the destination among its sources (issue 14 item 1): dest is bm, the sources a
   * random mix of bm and other, in any order and multiplicity, through both overloads. Redis allows
   * {@code BITOP OR d d x}; the result is as long as the longest source. Returns the new length and
   * updates the model in place.
   */
  private static int aliasedBitOp(
      SplittableRandom rnd, Bitmap bm, BitSet model, int len, Bitmap other, BitSet otherModel) {
    Bitmap.Op op = Bitmap.Op.values()[rnd.nextInt(4)];
    int n = op == Bitmap.Op.NOT ? 1 : 1 + rnd.nextInt(3);
    Bitmap[] src = new Bitmap[n];
    int newLen = 0;
    BitSet result = null;
    for (int j = 0; j < n; j++) {
      boolean self = rnd.nextBoolean();
      src[j] = self ? bm : other;
      BitSet m = (BitSet) (self ? model : otherModel).clone();
      newLen = Math.max(newLen, self ? len : other.length());
      if (result == null) {
        result = m;
      } else if (op == Bitmap.Op.AND) {
        result.and(m);
      } else if (op == Bitmap.Op.OR) {
        result.or(m);
      } else {
        result.xor(m);
      }
    }
    if (op == Bitmap.Op.NOT) {
      result.flip(0, newLen * 8);
    }
    int got =
        n == 2 && rnd.nextBoolean()
            ? Bitmap.bitOp(op, bm, src[0], src[1])
            : Bitmap.bitOp(op, bm, src);
    assertEquals(newLen, got);
    model.clear();
    model.or(result);
    return newLen;
  }

  private static long[] range(long s, long e, long total) {
    s = s < 0 ? Math.max(0, s + total) : s;
    e = e < 0 ? Math.max(0, e + total) : e;
    return new long[] {s, Math.min(e, total - 1)};
  }

  private static long modelCount(BitSet m, int len, long s, long e) {
    if (s < 0 && e < 0 && s > e) {
      return 0;
    }
    long[] r = range(s, e, len * 8L);
    return r[0] > r[1] ? 0 : m.get((int) r[0], (int) r[1] + 1).cardinality();
  }

  private static long modelPos(BitSet m, int len, boolean bit, long s, long e) {
    long[] r = range(s, e, len * 8L);
    for (long i = r[0]; i <= r[1]; i++) {
      if (m.get((int) i) == bit) {
        return i;
      }
    }
    return -1;
  }
}
