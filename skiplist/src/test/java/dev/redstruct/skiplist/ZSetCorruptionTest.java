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

  /**
   * Issue 14 item 3: an empty ziplist whose zltail is anything up to 10 passes Redis's validator
   * (zltail is checked only against a last entry); the first ZADD then wrote a prevlen taken from
   * the zllen bytes. Whether such a blob is loaded or refused (Redis 7.0 RESTORE refuses an empty
   * zset), what we write afterwards must pass deep validation.
   */
  @Test
  void item3EmptyBlobWithAnOddZltailNeverLeadsToCorruptBytes() {
    for (int tail = 0; tail <= 10; tail++) {
      byte[] blob =
          dev.redstruct.core.Bytes.fromHex(String.format("0b000000%02x0000000000ff", tail));
      ZSet z;
      try {
        z = ZSet.fromCompact(blob);
      } catch (CorruptEncodingException refused) {
        continue;
      }
      z.add("m", 1.0);
      z.add("a", 0.5);
      z.checkInvariants();
      byte[] out = z.toCompactBytes();
      dev.redstruct.ziplist.ZipList.validate(out, true);
      assertTrue(ZSet.fromCompact(out).size() == 2, "tail " + tail);
    }
  }
}
