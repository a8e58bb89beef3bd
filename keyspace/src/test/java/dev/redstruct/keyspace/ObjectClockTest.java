package dev.redstruct.keyspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The access clocks' arithmetic, against Redis 7.0.15's definitions (src/evict.c: LFULogIncr,
 * LFUDecrAndReturn, LFUTimeElapsed, estimateObjectIdleTime; src/object.c: objectSetLRUOrLFU) and
 * the table of counter growth by lfu-log-factor in redis.conf.
 */
class ObjectClockTest {
  private static final long SEED = Long.getLong("redstruct.seed", System.nanoTime());

  /** A time whose LRU clock and LFU minutes are both well inside their ranges. */
  private static final long NOW = 1_700_000_000_000L;

  @Test
  void logIncrementProbabilityIsOneOverBaseTimesFactorPlusOne() {
    // p = 1 / ((counter - LFU_INIT_VAL) * factor + 1); the draw r increments when r < p
    assertEquals(6, ObjectClock.logIncr(5, 10, 0.999)); // baseval 0: p = 1
    assertEquals(4, ObjectClock.logIncr(3, 10, 0.999)); // below LFU_INIT_VAL baseval is 0
    assertEquals(7, ObjectClock.logIncr(6, 10, 0.0909)); // p = 1/11 = 0.090909...
    assertEquals(6, ObjectClock.logIncr(6, 10, 0.0910));
    assertEquals(255, ObjectClock.logIncr(255, 0, 0.0)); // saturates
    for (int c = 0; c < 255; c++) {
      assertEquals(c + 1, ObjectClock.logIncr(c, 0, 0.999999)); // factor 0: every hit counts
    }
  }

  /** redis.conf's table ("redis-benchmark -n 1000000 incr foo" then OBJECT FREQ foo). */
  @Test
  void counterGrowthMatchesRedisConfTable() {
    System.out.println("ObjectClockTest seed=" + SEED + " (-Dredstruct.seed=" + SEED + ")");
    long[][] rows = { // factor, hits, counter in redis.conf
      {0, 1000, 255}, {1, 1000, 49}, {10, 1000, 18}, {10, 100_000, 142}, {100, 100_000, 49}
    };
    SplittableRandom seeds = new SplittableRandom(SEED);
    for (long[] row : rows) {
      double sum = 0;
      int runs = 16;
      for (int i = 0; i < runs; i++) {
        ObjectClock clock = new ObjectClock(seeds.split());
        clock.configure(true, row[0], 1);
        int counter = ObjectClock.LFU_INIT_VAL;
        for (long h = 0; h < row[1] && counter < 255; h++) {
          counter = clock.logIncr(counter);
        }
        sum += counter;
      }
      double mean = sum / runs;
      assertTrue(
          Math.abs(mean - row[2]) <= row[2] * 0.15, // the table is one run each
          "factor " + row[0] + " hits " + row[1] + ": mean " + mean + ", seed " + SEED);
    }
  }

  @Test
  void decayRemovesOneAPeriodOfDecayTimeMinutes() {
    ObjectClock clock = new ObjectClock(new SplittableRandom(1));
    int minutes = ObjectClock.lfuMinutes(NOW);
    int threeMinutesAgo = ((minutes - 3) << 8) | 10;
    clock.configure(true, 10, 1);
    assertEquals(7, clock.decrAndReturn(threeMinutesAgo, NOW));
    clock.configure(true, 10, 2);
    assertEquals(9, clock.decrAndReturn(threeMinutesAgo, NOW)); // one whole period of 2 minutes
    clock.configure(true, 10, 0);
    assertEquals(10, clock.decrAndReturn(threeMinutesAgo, NOW)); // lfu-decay-time 0: no decay
    clock.configure(true, 10, 1);
    assertEquals(0, clock.decrAndReturn(((minutes - 30) << 8) | 10, NOW)); // not below 0
  }

  @Test
  void elapsedMinutesWrapAt16Bits() {
    long now = 2 * 60_000L; // minute 2
    assertEquals(7, ObjectClock.lfuElapsedMinutes(65530, now)); // 65535 - 65530 + 2, as Redis
    assertEquals(2, ObjectClock.lfuElapsedMinutes(0, now));
  }

  @Test
  void idleTimeWrapsAt24Bits() {
    long now = 10_000L; // LRU clock 10
    assertEquals(0, ObjectClock.idleMillis(10, now));
    assertEquals(4000, ObjectClock.idleMillis(6, now));
    // a clock from before the wrap: (10 + (LRU_CLOCK_MAX - 16777200)) seconds
    assertEquals(25_000, ObjectClock.idleMillis(16_777_200, now));
  }

  @Test
  void touchSetsTheLruClockOrCountsAnLfuHit() {
    ObjectClock clock = new ObjectClock(new SplittableRandom(1));
    assertEquals(ObjectClock.lruClock(NOW), clock.touched(123, NOW));
    assertEquals(ObjectClock.lruClock(NOW), clock.initial(NOW));
    clock.configure(true, 0, 1);
    int fresh = clock.initial(NOW);
    assertEquals(ObjectClock.LFU_INIT_VAL, fresh & 255);
    assertEquals(ObjectClock.LFU_INIT_VAL + 1, clock.touched(fresh, NOW) & 255);
    assertEquals(fresh, clock.overwritten(fresh, NOW + 5_000)); // dbOverwrite keeps LFU data
  }

  @Test
  void restoreSetsIdleTimeOrFrequencyByPolicy() {
    ObjectClock clock = new ObjectClock(new SplittableRandom(1));
    int c = clock.restored(0, -1, 1000, NOW);
    assertEquals(1_000_000, ObjectClock.idleMillis(c, NOW));
    assertEquals(42, clock.restored(42, 7, -1, NOW)); // FREQ does not apply under LRU
    long early = 100_000L; // LRU clock 100: idle 1000 underflows, one turn up
    assertEquals(100 - 1000 + ObjectClock.LRU_CLOCK_MAX, clock.restored(0, -1, 1000, early));
    clock.configure(true, 10, 1);
    assertEquals(7, clock.restored(0, 7, -1, NOW) & 255);
    assertEquals(42, clock.restored(42, -1, 1000, NOW)); // IDLETIME does not apply under LFU
  }
}
