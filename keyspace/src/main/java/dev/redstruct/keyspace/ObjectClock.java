package dev.redstruct.keyspace;

import java.util.random.RandomGenerator;

/**
 * The 24-bit access clock Redis keeps in each value object ({@code robj.lru}), here in each key's
 * dict entry: under an LRU (or any non-LFU) policy the LRU clock in seconds of the last access;
 * under an LFU policy the last decrement time in minutes (16 bits) over an 8-bit logarithmic access
 * counter. Redis: {@code LRU_CLOCK}, {@code estimateObjectIdleTime} (src/evict.c), the LFU
 * functions of src/evict.c, {@code createObject} and {@code objectSetLRUOrLFU} (src/object.c), and
 * lookupKey's touch (src/db.c). Time is the command's time in milliseconds, as Redis reads its
 * cached clocks.
 */
final class ObjectClock {
  /** Redis: LRU_CLOCK_MAX (24 bits). */
  static final int LRU_CLOCK_MAX = (1 << 24) - 1;

  /** Redis: LRU_CLOCK_RESOLUTION, milliseconds per LRU clock tick. */
  static final int LRU_CLOCK_RESOLUTION = 1000;

  /** Redis: LFU_INIT_VAL, the counter of a new value. */
  static final int LFU_INIT_VAL = 5;

  private final RandomGenerator random;
  private boolean lfu;
  private long logFactor = 10;
  private long decayTime = 1;

  ObjectClock(RandomGenerator random) {
    this.random = random;
  }

  /**
   * Sets the policy family and the LFU parameters ({@code lfu-log-factor}, {@code lfu-decay-time}).
   */
  void configure(boolean lfu, long logFactor, long decayTime) {
    this.lfu = lfu;
    this.logFactor = logFactor;
    this.decayTime = decayTime;
  }

  /** Whether an LFU policy is selected (Redis: maxmemory_policy &amp; MAXMEMORY_FLAG_LFU). */
  boolean lfu() {
    return lfu;
  }

  /** Redis: getLRUClock (LRU_CLOCK with the clock cached by serverCron). */
  static int lruClock(long nowMillis) {
    return (int) ((nowMillis / LRU_CLOCK_RESOLUTION) & LRU_CLOCK_MAX);
  }

  /** Redis: LFUGetTimeInMinutes. */
  static int lfuMinutes(long nowMillis) {
    return (int) ((nowMillis / 1000 / 60) & 65535);
  }

  /** The clock of a value created now. Redis: createObject. */
  int initial(long now) {
    return lfu ? (lfuMinutes(now) << 8) | LFU_INIT_VAL : lruClock(now);
  }

  /** The clock after an access. Redis: lookupKey's updateLFU or {@code val->lru = LRU_CLOCK()}. */
  int touched(int clock, long now) {
    if (!lfu) {
      return lruClock(now);
    }
    int counter = logIncr(decrAndReturn(clock, now));
    return (lfuMinutes(now) << 8) | counter;
  }

  /**
   * The clock of a value replacing another. Redis: dbOverwrite keeps the old LFU data; a new object
   * otherwise has its creation time.
   */
  int overwritten(int oldClock, long now) {
    return lfu ? oldClock : lruClock(now);
  }

  /** Milliseconds since the last access of an LRU clock. Redis: estimateObjectIdleTime. */
  static long idleMillis(int clock, long now) {
    long lruclock = lruClock(now);
    if (lruclock >= clock) {
      return (lruclock - clock) * LRU_CLOCK_RESOLUTION;
    }
    return (lruclock + (LRU_CLOCK_MAX - clock)) * (long) LRU_CLOCK_RESOLUTION;
  }

  /** Redis: LFUTimeElapsed. */
  static long lfuElapsedMinutes(int ldt, long now) {
    int minutes = lfuMinutes(now);
    return minutes >= ldt ? minutes - ldt : 65535 - ldt + minutes;
  }

  /**
   * The counter decayed by the periods of {@code lfu-decay-time} minutes elapsed since its last
   * decrement (without storing it). Redis: LFUDecrAndReturn.
   */
  int decrAndReturn(int clock, long now) {
    int ldt = clock >>> 8;
    int counter = clock & 255;
    long periods = decayTime != 0 ? lfuElapsedMinutes(ldt, now) / decayTime : 0;
    if (periods != 0) {
      counter = periods > counter ? 0 : counter - (int) periods;
    }
    return counter;
  }

  /**
   * One logarithmic increment: the likelier the smaller the counter is above LFU_INIT_VAL. Redis:
   * LFULogIncr (which draws rand()/RAND_MAX).
   */
  int logIncr(int counter) {
    return logIncr(counter, logFactor, random.nextDouble());
  }

  /** {@link #logIncr(int)} with its random draw {@code r} in [0, 1) given. */
  static int logIncr(int counter, long logFactor, double r) {
    if (counter == 255) {
      return 255;
    }
    double baseval = Math.max(0, counter - LFU_INIT_VAL);
    double p = 1.0 / (baseval * logFactor + 1);
    return r < p ? counter + 1 : counter;
  }

  /**
   * The clock RESTORE's IDLETIME or FREQ sets, or {@code current} when the option given does not
   * apply to the policy. Redis: objectSetLRUOrLFU with lru_multiplier 1000.
   *
   * @param freq FREQ, or -1
   * @param idleSeconds IDLETIME, or -1
   */
  int restored(int current, long freq, long idleSeconds, long now) {
    if (lfu) {
      return freq >= 0 ? (lfuMinutes(now) << 8) | (int) freq : current;
    }
    if (idleSeconds < 0) {
      return current;
    }
    long lruClock = lruClock(now);
    long idle = idleSeconds * 1000 / LRU_CLOCK_RESOLUTION;
    long abs = lruClock - idle;
    if (abs < 0) { // the wrapping clock underflows: one turn up (once, as Redis)
      abs += LRU_CLOCK_MAX;
    }
    return (int) (abs & LRU_CLOCK_MAX); // robj.lru is a 24-bit field: the low bits stay
  }
}
