package dev.redstruct.keyspace;

/**
 * The eviction pool: up to {@value #SIZE} candidate keys sorted by ascending "idle" score (the best
 * candidate last), filled from samples and kept between evictions. Scores compare as unsigned
 * 64-bit numbers, as Redis's {@code unsigned long long idle}. Redis: {@code EvictionPoolLRU} and
 * {@code evictionPoolPopulate}'s insertion (src/evict.c, 7.0.15).
 */
final class EvictionPool {
  /** Redis: EVPOOL_SIZE. */
  static final int SIZE = 16;

  private final long[] idle = new long[SIZE];
  private final byte[][] keys = new byte[SIZE][];
  private final int[] dbs = new int[SIZE];

  /**
   * Offers a sampled key: it goes in at its sorted place if there is room or it beats the worst
   * candidate (which then drops out); a key no better than all of a full pool is ignored. Redis:
   * the insertion loop of evictionPoolPopulate.
   *
   * @return whether the key went in
   */
  boolean offer(int db, byte[] key, long score) {
    int k = 0;
    while (k < SIZE && keys[k] != null && Long.compareUnsigned(idle[k], score) < 0) {
      k++;
    }
    if (k == 0 && keys[SIZE - 1] != null) {
      return false; // worse than every candidate of a full pool
    } else if (k < SIZE && keys[k] == null) {
      // an empty slot: insert here
    } else if (keys[SIZE - 1] == null) {
      shift(k, k + 1, SIZE - k - 1); // room at the right: move the tail right
    } else {
      k--; // full: drop the worst (first) and move the head left
      shift(1, 0, k);
    }
    keys[k] = key;
    idle[k] = score;
    dbs[k] = db;
    return true;
  }

  private void shift(int from, int to, int n) {
    System.arraycopy(keys, from, keys, to, n);
    System.arraycopy(idle, from, idle, to, n);
    System.arraycopy(dbs, from, dbs, to, n);
  }

  /** The number of slots, best candidate at {@code SIZE - 1}. */
  int size() {
    return SIZE;
  }

  /** The key in slot {@code k}, or null if empty. */
  byte[] key(int k) {
    return keys[k];
  }

  /** The database of slot {@code k}. */
  int db(int k) {
    return dbs[k];
  }

  /** The score of slot {@code k}. */
  long score(int k) {
    return idle[k];
  }

  /** Empties slot {@code k} (the candidate was taken or is gone). */
  void clear(int k) {
    keys[k] = null;
    idle[k] = 0;
  }

  /** Empties the pool. */
  void clearAll() {
    for (int k = 0; k < SIZE; k++) {
      clear(k);
    }
  }
}
