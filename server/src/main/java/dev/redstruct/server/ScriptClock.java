package dev.redstruct.server;

import java.util.function.LongSupplier;

/**
 * The clock of a keyspace the server made itself: the system clock, except that it stands still
 * while a script runs, so keys do not expire in the middle of a script. Redis: the time snapshot of
 * a running script (scriptTimeSnapshot, src/script.c, used by expireIfNeeded, 7.0.15).
 */
final class ScriptClock implements LongSupplier {
  private long frozen = -1;

  @Override
  public long getAsLong() {
    return frozen >= 0 ? frozen : System.currentTimeMillis();
  }

  /**
   * Stops the clock at the current time.
   *
   * @return the clock's previous frozen time (-1 if it was running), for {@link #restore}
   */
  long freeze() {
    long previous = frozen;
    if (frozen < 0) {
      frozen = System.currentTimeMillis();
    }
    return previous;
  }

  /**
   * Stops the clock at the epoch, before every expiry time: lookups then see expired keys as
   * present, as Redis's raw dictionary lookups do (DEBUG OBJECT).
   *
   * @return the clock's previous frozen time, for {@link #restore}
   */
  long freezeAtEpoch() {
    long previous = frozen;
    frozen = 0;
    return previous;
  }

  /** Puts the clock back as {@link #freeze} found it. */
  void restore(long previous) {
    frozen = previous;
  }
}
