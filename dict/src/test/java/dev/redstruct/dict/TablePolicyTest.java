package dev.redstruct.dict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.quicktheories.QuickTheory.qt;
import static org.quicktheories.generators.SourceDSL.integers;
import static org.quicktheories.generators.SourceDSL.longs;

import dev.redstruct.dict.internal.TablePolicy;
import org.junit.jupiter.api.Test;

/**
 * TablePolicy's grow and shrink thresholds against Redis 7.0.15's own arithmetic, written as Redis
 * writes it: _dictExpandIfNeeded (src/dict.c) grows when {@code used >= size} and either resizing
 * is allowed or {@code used / size > dict_force_resize_ratio} (5); htNeedsResize (src/server.c)
 * shrinks when {@code size > DICT_HT_INITIAL_SIZE (4) && used * 100 / size < HASHTABLE_MIN_FILL
 * (10)}.
 */
class TablePolicyTest {

  private static boolean redisGrows(long used, long size, boolean allowed) {
    return used >= size && (allowed || used / size > 5);
  }

  private static boolean redisShrinks(long used, long size) {
    return size > 4 && used * 100 / size < 10;
  }

  @Test
  void thresholdsMatchRedisAtEveryBoundary() {
    for (int exp = TablePolicy.INITIAL_EXP; exp <= 30; exp++) {
      long size = 1L << exp;
      long[] edges = {
        0,
        1,
        size / 10 - 1,
        size / 10,
        size / 10 + 1,
        size - 1,
        size,
        size + 1,
        6 * size - 1,
        6 * size,
        6 * size + 1
      };
      for (long used : edges) {
        if (used < 0) {
          continue;
        }
        for (boolean allowed : new boolean[] {true, false}) {
          assertEquals(
              redisGrows(used, size, allowed),
              TablePolicy.needsGrow(used, exp, allowed),
              "grow used=" + used + " exp=" + exp + " allowed=" + allowed);
        }
        assertEquals(
            redisShrinks(used, size),
            TablePolicy.needsShrink(used, exp),
            "shrink used=" + used + " exp=" + exp);
      }
    }
  }

  @Test
  void thresholdsMatchRedisForAnyCount() {
    qt().forAll(integers().between(TablePolicy.INITIAL_EXP, 30), longs().between(0, 1L << 34))
        .checkAssert(
            (exp, used) -> {
              long size = 1L << exp;
              assertEquals(redisGrows(used, size, true), TablePolicy.needsGrow(used, exp, true));
              assertEquals(redisGrows(used, size, false), TablePolicy.needsGrow(used, exp, false));
              assertEquals(redisShrinks(used, size), TablePolicy.needsShrink(used, exp));
            });
  }
}
