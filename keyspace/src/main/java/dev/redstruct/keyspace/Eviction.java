package dev.redstruct.keyspace;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The keyspace's side of {@code maxmemory}: the eviction policy and its parameters, and the loop
 * that deletes keys chosen by Redis's approximate algorithms until enough memory is freed. Each
 * evicted key raises the {@code evicted} keyspace event, is propagated as {@code DEL} (never inside
 * {@code MULTI}) and flags the sessions that WATCH it. How much memory is used is the caller's
 * measure; what an evicted key frees is {@link #estimatedSize}. Redis: src/evict.c (7.0.15).
 */
public final class Eviction {
  /** The eight {@code maxmemory-policy} values. Redis: MAXMEMORY_* (src/server.h). */
  public enum Policy {
    /** Evict nothing: refuse the commands that may grow memory. */
    NOEVICTION,
    /** Approximate LRU among all keys. */
    ALLKEYS_LRU,
    /** Approximate LFU among all keys. */
    ALLKEYS_LFU,
    /** A random key. */
    ALLKEYS_RANDOM,
    /** Approximate LRU among keys with a TTL. */
    VOLATILE_LRU,
    /** Approximate LFU among keys with a TTL. */
    VOLATILE_LFU,
    /** A random key with a TTL. */
    VOLATILE_RANDOM,
    /** The key with a TTL that expires soonest (sampled). */
    VOLATILE_TTL;

    /**
     * The policy of a {@code maxmemory-policy} value.
     *
     * @param name e.g. {@code "allkeys-lru"}
     * @return the policy
     * @throws IllegalArgumentException if the name is not one of the eight
     */
    public static Policy of(String name) {
      return valueOf(name.replace('-', '_').toUpperCase(Locale.ROOT));
    }

    boolean allKeys() {
      return this == ALLKEYS_LRU || this == ALLKEYS_LFU || this == ALLKEYS_RANDOM;
    }

    boolean lfu() {
      return this == ALLKEYS_LFU || this == VOLATILE_LFU;
    }

    boolean random() {
      return this == ALLKEYS_RANDOM || this == VOLATILE_RANDOM;
    }
  }

  /**
   * What {@link #perform} did.
   *
   * @param evicted the keys evicted
   * @param freed the estimated bytes they held ({@link #estimatedSize})
   * @param enough whether {@code freed} reached what was asked; false: nothing (more) to evict
   */
  public record Result(long evicted, long freed, boolean enough) {}

  private final Keyspace ks;
  private final EvictionPool pool = new EvictionPool();
  private Policy policy = Policy.NOEVICTION;
  private int samples = 5;
  private int nextDb;

  Eviction(Keyspace ks) {
    this.ks = ks;
  }

  /**
   * Sets the policy and its parameters; the keys' access clocks switch between LRU and LFU with the
   * policy (existing clocks are then read in the other meaning, as Redis's are).
   *
   * @param policy {@code maxmemory-policy}
   * @param samples {@code maxmemory-samples}, at least 1
   * @param lfuLogFactor {@code lfu-log-factor}
   * @param lfuDecayTime {@code lfu-decay-time} in minutes (0: no decay)
   */
  public void configure(Policy policy, int samples, long lfuLogFactor, long lfuDecayTime) {
    this.policy = Objects.requireNonNull(policy, "policy");
    if (samples < 1) {
      throw new IllegalArgumentException("samples < 1: " + samples);
    }
    this.samples = samples;
    ks.objectClock().configure(policy.lfu(), lfuLogFactor, lfuDecayTime);
  }

  /**
   * The current policy.
   *
   * @return the policy
   */
  public Policy policy() {
    return policy;
  }

  /**
   * Evicts keys by the policy until their estimated sizes add up to {@code toFree} or no key is
   * left to evict (none at all under {@code noeviction}). Redis: performEvictions's loop, without
   * its time limit (all the keys needed go at once).
   *
   * @param toFree bytes to free, as the caller measures memory over {@code maxmemory}
   * @return what was evicted; {@code enough} false when memory could not be freed (Redis:
   *     EVICT_FAIL, denyoom commands are then refused)
   */
  public Result perform(long toFree) {
    if (policy == Policy.NOEVICTION) {
      return new Result(0, 0, toFree <= 0);
    }
    long freed = 0;
    long evicted = 0;
    long now = ks.now();
    ks.propagation.begin();
    ks.propagation.noMulti(); // Redis: propagate_no_multi, each DEL on its own
    try {
      while (freed < toFree) {
        Database db = policy.random() ? randomCandidate() : pooledCandidate(now);
        if (db == null) {
          return new Result(evicted, freed, false);
        }
        freed += evict(db, picked);
        evicted++;
      }
    } finally {
      ks.propagation.end();
    }
    return new Result(evicted, freed, true);
  }

  /** The key the last candidate search picked. */
  private byte[] picked;

  /** Redis: performEvictions's random branch: the databases in turn, a random key of the next. */
  private Database randomCandidate() {
    for (int i = 0; i < Keyspace.DATABASES; i++) {
      nextDb = (nextDb + 1) % Keyspace.DATABASES;
      Database db = ks.db(nextDb);
      Map<byte[], ?> d = policy.allKeys() ? db.dict : db.expires;
      if (!d.isEmpty()) {
        picked =
            policy.allKeys()
                ? db.dict.randomEntry(ks.random()).getKey()
                : db.expires.randomEntry(ks.random()).getKey();
        return db;
      }
    }
    return null;
  }

  /**
   * Redis: performEvictions's pool branch: samples every database into the pool, then takes the
   * best candidate that still exists (a ghost is dropped, and the pool refilled if all were).
   */
  private Database pooledCandidate(long now) {
    while (true) {
      long total = 0;
      for (int i = 0; i < Keyspace.DATABASES; i++) {
        Database db = ks.db(i);
        int keys = policy.allKeys() ? db.dict.size() : db.expires.size();
        if (keys != 0) {
          populate(db, now);
          total += keys;
        }
      }
      if (total == 0) {
        return null;
      }
      for (int k = EvictionPool.SIZE - 1; k >= 0; k--) {
        byte[] key = pool.key(k);
        if (key == null) {
          continue;
        }
        Database db = ks.db(pool.db(k));
        pool.clear(k);
        boolean exists = policy.allKeys() ? db.dict.containsKey(key) : db.expires.containsKey(key);
        if (exists) {
          picked = key;
          return db;
        }
      }
    }
  }

  /** Redis: evictionPoolPopulate: {@code maxmemory-samples} keys of one database into the pool. */
  private void populate(Database db, long now) {
    ObjectClock clock = ks.objectClock();
    if (policy == Policy.VOLATILE_TTL) {
      for (Map.Entry<byte[], Long> e : db.expires.sampleEntries(samples, ks.random())) {
        pool.offer(db.id, e.getKey(), -1L - e.getValue()); // ULLONG_MAX - expire time
      }
      return;
    }
    List<Map.Entry<byte[], Object>> sample;
    if (policy.allKeys()) {
      sample = db.dict.sampleEntries(samples, ks.random());
    } else {
      sample = new java.util.ArrayList<>();
      for (Map.Entry<byte[], Long> e : db.expires.sampleEntries(samples, ks.random())) {
        sample.add(db.dict.entry(e.getKey()));
      }
    }
    for (Map.Entry<byte[], Object> e : sample) {
      int c = db.dict.entryMeta(e);
      long score =
          policy.lfu() ? 255 - clock.decrAndReturn(c, now) : ObjectClock.idleMillis(c, now);
      pool.offer(db.id, e.getKey(), score);
    }
  }

  /**
   * Deletes one key as an eviction: {@code evicted} event, {@code DEL} propagated, watchers
   * flagged; the data set's change counter is left as it was (Redis: dbSyncDelete, not counted in
   * server.dirty). Returns the key's estimated size.
   */
  private long evict(Database db, byte[] key) {
    Object value = db.dict.get(key);
    long size = estimatedSize(key, value);
    long dirty = ks.dirty;
    db.delete(key);
    db.touchWatchedKey(key);
    ks.dirty = dirty;
    ks.notify(Keyspace.NOTIFY_EVICTED, "evicted", key, db.id);
    ks.propagateDeletion(db.id, key);
    return size;
  }

  /**
   * The bytes a key is estimated to hold, as the server's {@code MEMORY USAGE}: the value's
   * serialized size (its {@code DUMP} payload without the 10-byte footer), the key's sds (length +
   * 3), a 16-byte object header and a 24-byte dict entry.
   *
   * @param key the key
   * @param value the stored value
   * @return the estimate in bytes
   */
  static long estimatedSize(byte[] key, Object value) {
    return (Values.dump(value).length - 10L) + (key.length + 3L) + 16 + 24;
  }

  /**
   * The estimated bytes of a key ({@code MEMORY USAGE}'s figure), or -1 when the key does not
   * exist; an expired key counts as missing and is not deleted.
   *
   * @param db the database number
   * @param key the key
   * @return the estimate, or -1
   */
  public long memoryUsage(int db, byte[] key) {
    Database d = ks.db(Objects.checkIndex(db, Keyspace.DATABASES));
    Object v = d.dict.get(key);
    return v == null || d.isExpired(key, ks.now()) ? -1 : estimatedSize(key, v);
  }

  /**
   * DEBUG OBJECT's clock fields of a key: {@code lru} (the raw 24-bit clock) and {@code
   * lru_seconds_idle} (the clock read as LRU), or null when the key does not exist. Redis:
   * debugCommand's OBJECT.
   *
   * @param db the database number
   * @param key the key
   * @return {lru, lru_seconds_idle}, or null
   */
  public long[] debugClock(int db, byte[] key) {
    Database d = ks.db(Objects.checkIndex(db, Keyspace.DATABASES));
    int c = d.clock(key);
    return c < 0 ? null : new long[] {c, ObjectClock.idleMillis(c, ks.now()) / 1000};
  }

  /**
   * Puts back a key's raw clock as {@link #debugClock} read it: for a caller (DEBUG OBJECT) that
   * reads the key through commands that would otherwise count as an access.
   *
   * @param db the database number
   * @param key the key (nothing happens if it does not exist)
   * @param lru the raw clock, {@code debugClock(db, key)[0]}
   */
  public void restoreClock(int db, byte[] key, long lru) {
    ks.db(Objects.checkIndex(db, Keyspace.DATABASES)).setClock(key, (int) lru);
  }
}
