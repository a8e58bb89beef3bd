package dev.redstruct.set;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.redstruct.core.RedisNumbers;
import dev.redstruct.set.RedisSet.Encoding;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Seeded random actions on a {@link RedisSet} and a {@link HashSet} in step, with the expected
 * encoding tracked by Redis's rules (an intset until a non-integer or the entry past the limit; an
 * emptied set starts over; a reload re-decides as rdbLoadObject does). Actions: add, remove,
 * contains, iterator removal, random member, reload through a DUMP payload. Seed printed; replay
 * with {@code -Dredstruct.seed=N}.
 */
class RedisSetModelTest {
  @Test
  void randomActionsAgreeWithHashSet() {
    long seed = Long.getLong("redstruct.seed", System.nanoTime());
    SplittableRandom r = new SplittableRandom(seed);
    for (int round = 0; round < 60; round++) {
      long max = new long[] {0, 1, 3, 16, 512}[r.nextInt(5)];
      run(r, max, seed);
    }
  }

  private static void run(SplittableRandom r, long max, long seed) {
    RedisSet s = RedisSet.create(max);
    Set<String> model = new HashSet<>();
    boolean hashtable = false;
    boolean integersOnly = r.nextInt(3) > 0;
    for (int step = 0; step < 400; step++) {
      String m = member(r, integersOnly);
      int action = r.nextInt(20);
      String where = "seed " + seed + " max " + max + " step " + step;
      if (action < 9) {
        assertEquals(model.add(m), s.add(bytes(m)), where);
        hashtable |= !isInt(m) || model.size() > max;
      } else if (action < 14) {
        assertEquals(model.remove(m), s.remove(bytes(m)), where);
      } else if (action < 16) {
        assertEquals(model.contains(m), s.contains(bytes(m)), where);
      } else if (action == 16 && !model.isEmpty()) {
        String picked = new String(s.randomMember(r), StandardCharsets.UTF_8);
        assertEquals(true, model.contains(picked), where);
      } else if (action == 17) {
        Iterator<String> it = s.asStrings().iterator();
        while (it.hasNext()) {
          String e = it.next();
          if (r.nextInt(4) == 0) {
            it.remove();
            model.remove(e);
          }
        }
      } else if (action == 18 && !model.isEmpty()) {
        s = RedisSet.fromRdbPayload(s.toRdbPayload(r.nextBoolean()), max);
        hashtable =
            model.size() > Math.min(max, 1L << 30)
                || !model.stream().allMatch(RedisSetModelTest::isInt);
      }
      if (model.isEmpty()) {
        hashtable = false;
      }
      assertEquals(model, s.asStrings(), where);
      assertEquals(hashtable ? Encoding.HASHTABLE : Encoding.INTSET, s.encoding(), where);
      s.checkInvariants();
    }
  }

  private static String member(SplittableRandom r, boolean integersOnly) {
    int k = r.nextInt(10);
    if (!integersOnly && k == 0) {
      return "m" + r.nextInt(30);
    } else if (k == 1) {
      return Long.toString(r.nextLong());
    } else if (!integersOnly && k == 2) {
      return new String[] {"+1", "01", "-0", " 1"}[r.nextInt(4)];
    }
    return Integer.toString(r.nextInt(-40, 40));
  }

  private static boolean isInt(String m) {
    byte[] b = bytes(m);
    return RedisNumbers.isCanonicalLong(b, 0, b.length);
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
