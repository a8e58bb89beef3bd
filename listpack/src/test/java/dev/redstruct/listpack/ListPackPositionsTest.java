package dev.redstruct.listpack;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.Bytes;
import dev.redstruct.core.RedisNumbers;
import dev.redstruct.listpack.internal.ListPackEntry;
import dev.redstruct.listpack.internal.ListPackPositions;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The offset-based access exported to the sorted set ({@link ListPackPositions}): seeded random
 * inserts and deletes at element offsets give the same bytes as the index-based public edits on a
 * twin (which ListPackRedisIT checks against Redis), reads at every offset give the elements, and
 * an edit moves every later offset by exactly the change in length. Replay: {@code
 * -Dlistpack.positions.seed=N}.
 */
class ListPackPositionsTest {
  private static final long SEED = Long.getLong("listpack.positions.seed", 77L);

  private static List<Integer> offsets(ListPack lp) {
    List<Integer> out = new ArrayList<>();
    byte[] b = ListPackPositions.array(lp);
    ListPackEntry e = new ListPackEntry();
    for (int p = ListPackPositions.FIRST; !ListPackPositions.isEnd(b, p); ) {
      out.add(p);
      p = ListPackPositions.read(b, p, e);
    }
    out.add(lp.sizeInBytes() - 1); // the end byte
    return out;
  }

  private static byte[] value(SplittableRandom r) {
    return switch (r.nextInt(4)) {
      case 0 -> RedisNumbers.ll2string(r.nextLong());
      case 1 -> Bytes.utf8(Integer.toString(r.nextInt(-5000, 5000)));
      case 2 -> Bytes.utf8("x".repeat(r.nextInt(200)));
      default -> Bytes.utf8("v" + r.nextInt(100));
    };
  }

  @Test
  void offsetEditsMatchIndexEditsAndShiftLaterOffsetsUniformly() {
    SplittableRandom r = new SplittableRandom(SEED);
    ListPack lp = ListPack.create();
    ListPack twin = ListPack.create();
    for (int step = 0; step < 3000; step++) {
      List<Integer> before = offsets(lp);
      int n = before.size() - 1;
      int i = r.nextInt(n + 1);
      int oldLength = lp.sizeInBytes();
      if (n == 0 || r.nextInt(3) > 0) {
        byte[] v = value(r);
        if (r.nextBoolean()) {
          byte[] w = value(r);
          ListPackPositions.insertPair(lp, before.get(i), v, w, 0);
          twin.insert(i, w);
          twin.insert(i, v);
        } else {
          long x = r.nextLong();
          ListPackPositions.insertPair(lp, before.get(i), v, null, x);
          twin.insert(i, x);
          twin.insert(i, v);
        }
        int added = 2;
        List<Integer> after = offsets(lp);
        int g = lp.sizeInBytes() - oldLength;
        for (int k = i; k < before.size(); k++) {
          assertEquals(before.get(k) + g, (int) after.get(k + added), "step " + step);
        }
      } else {
        int at = Math.min(i, n - 1);
        int count = 1 + r.nextInt(Math.min(3, n - at));
        ListPackPositions.delete(lp, before.get(at), count);
        twin.deleteRange(at, count);
      }
      assertArrayEquals(twin.toByteArray(), lp.toByteArray(), "seed " + SEED + " step " + step);
      if (lp.size() > 120) {
        ListPackPositions.delete(lp, ListPackPositions.FIRST, 60);
        twin.deleteRange(0, 60);
      }
    }
    byte[] b = ListPackPositions.array(lp);
    ListPackEntry e = new ListPackEntry();
    int k = 0;
    for (int p = ListPackPositions.FIRST; !ListPackPositions.isEnd(b, p); k++) {
      p = ListPackPositions.read(b, p, e);
      byte[] got =
          e.isInteger
              ? RedisNumbers.ll2string(e.value)
              : java.util.Arrays.copyOfRange(b, e.dataOffset, e.dataOffset + e.dataLength);
      assertArrayEquals(twin.get(k), got, "element " + k);
    }
    assertEquals(twin.size(), k);
    assertTrue(k > 0);
    ListPack.validate(lp.toByteArray());
  }
}
