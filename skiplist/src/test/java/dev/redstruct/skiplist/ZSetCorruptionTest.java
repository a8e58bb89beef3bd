package dev.redstruct.skiplist;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.CorruptEncodingException;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Bit flips, truncations and splices of a valid compact blob: {@link ZSet#fromCompact} either loads
 * a set whose invariants hold or throws {@link CorruptEncodingException}; nothing else escapes.
 */
class ZSetCorruptionTest {
  private static byte[] valid() {
    ZSet z = ZSet.create();
    String[] m = {"a", "bb", "123", "-7", "member-with-longer-name", "x", "0"};
    double[] s = {1.5, -0.0, 3, 1e17, Double.POSITIVE_INFINITY, 0.1, -2};
    for (int i = 0; i < m.length; i++) {
      z.add(m[i], s[i]);
    }
    return z.toCompactBytes();
  }

  private static int load(byte[] blob) {
    try {
      ZSet z = ZSet.fromCompact(blob);
      z.checkInvariants();
      z.rangeByRank(0, -1, true);
      return 1;
    } catch (CorruptEncodingException e) {
      return 0;
    }
  }

  @Test
  void mutationsLoadOrThrowCorruptEncoding() {
    byte[] good = valid();
    assertTrue(load(good) == 1);
    SplittableRandom rnd = new SplittableRandom(99);
    int loaded = 0;
    for (int round = 0; round < 5000; round++) {
      byte[] b = good.clone();
      switch (round % 3) {
        case 0 -> b[rnd.nextInt(b.length)] ^= (byte) (1 << rnd.nextInt(8));
        case 1 -> b = Arrays.copyOf(b, rnd.nextInt(b.length));
        default -> {
          int at = rnd.nextInt(b.length);
          int len = rnd.nextInt(b.length - at);
          System.arraycopy(good, rnd.nextInt(b.length - len), b, at, len);
        }
      }
      loaded += load(b);
    }
    assertTrue(loaded < 5000, "some mutations must be rejected");
  }
}
