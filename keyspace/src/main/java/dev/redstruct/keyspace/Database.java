package dev.redstruct.keyspace;

import dev.redstruct.dict.Dict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One numbered database: the key dict, the expiry dict and the keys sessions WATCH. Redis: {@code
 * redisDb} (src/server.h) and the key-level functions of src/db.c.
 */
final class Database {
  /*
   * Implementation notes. As in Redis, the expiry of a key lives in a second dict (I1: every key
   * of expires is a key of dict), so keys without a TTL pay nothing for it. SWAPDB swaps the
   * contents (dict, expires, expiry cursor) but not the watched keys, which belong to the number.
   * "now" is the command's time, fixed for the whole command as Redis fixes server.mstime during
   * call(), so a command never sees a key expire half way. Each key's entry carries its access
   * clock (ObjectClock) as dict entry metadata, where Redis keeps it in the value's robj.lru.
   */
  final int id;
  private final Keyspace ks;
  Dict<byte[], Object> dict = newDict();
  Dict<byte[], Long> expires = Dict.forBytes();
  long expiresCursor;

  /** Keys WATCHed in this database, each with its watchers in WATCH order. */
  final Dict<byte[], List<WatchedKey>> watched = Dict.forBytes();

  Database(Keyspace ks, int id) {
    this.ks = ks;
    this.id = id;
  }

  /** A key a session watches: the key, the database number and whether it was expired then. */
  static final class WatchedKey {
    final Session session;
    final Database db;
    final byte[] key;
    boolean expired;

    WatchedKey(Session session, Database db, byte[] key, boolean expired) {
      this.session = session;
      this.db = db;
      this.key = key;
      this.expired = expired;
    }
  }

  /** A key dict whose entries carry the keys' access clocks. */
  static Dict<byte[], Object> newDict() {
    return Dict.forBytes();
  }

  Keyspace ks() {
    return ks;
  }

  int size() {
    return dict.size();
  }

  /** Redis: keyIsExpired. */
  boolean isExpired(byte[] key, long now) {
    Long when = expires.isEmpty() ? null : expires.get(key);
    return when != null && now > when;
  }

  /** Redis: expireIfNeeded (a master's: the key is deleted and watchers are told). */
  boolean expireIfNeeded(byte[] key, long now) {
    if (!isExpired(key, now)) {
      return false;
    }
    long dirty = ks.dirty; // Redis: an expired key's deletion is no change of the command's
    delete(key);
    ks.notify(Keyspace.NOTIFY_EXPIRED, "expired", key, id);
    touchWatchedKey(key);
    ks.dirty = dirty;
    ks.propagateDeletion(id, key);
    return true;
  }

  /**
   * Redis: lookupKey, which also updates the key's access clock. Null when missing or expired;
   * then, in a command whose lookups are reads (lookupKeyRead), a {@code keymiss} event.
   */
  Object lookup(byte[] key, long now) {
    Object v = lookupNoNotify(key, now);
    if (v == null) {
      keymiss(key);
    }
    return v;
  }

  /**
   * Redis: lookupKey with LOOKUP_NOTOUCH: the access clock stays. Null when missing or expired,
   * with the keymiss event of {@link #lookup}.
   */
  Object lookupNoTouch(byte[] key, long now) {
    Object v = dict.get(key);
    if (v != null && expireIfNeeded(key, now)) {
      v = null;
    }
    if (v == null) {
      keymiss(key);
    }
    return v;
  }

  /** {@link #lookup} without the keymiss event. Redis: LOOKUP_NONOTIFY. */
  Object lookupNoNotify(byte[] key, long now) {
    Map.Entry<byte[], Object> e = dict.entry(key);
    if (e == null || expireIfNeeded(key, now)) {
      return null;
    }
    ObjectClock clock = ks.objectClock();
    dict.setEntryMeta(e, clock.touched(dict.entryMeta(e), now));
    return e.getValue();
  }

  /** Redis: lookupKeyReadWithFlags's NOTIFY_KEY_MISS, in a command whose lookups are reads. */
  private void keymiss(byte[] key) {
    if (ks.readLookups) {
      ks.notify(Keyspace.NOTIFY_KEY_MISS, "keymiss", key, id);
    }
  }

  /** The access clock of a key (ObjectClock), or -1 when the key is missing. */
  int clock(byte[] key) {
    Map.Entry<byte[], Object> e = dict.entry(key);
    return e == null ? -1 : dict.entryMeta(e);
  }

  /** Sets the access clock of a key that exists. */
  void setClock(byte[] key, int clock) {
    Map.Entry<byte[], Object> e = dict.entry(key);
    if (e != null) {
      dict.setEntryMeta(e, clock);
    }
  }

  /** Redis: the "expired" event of activeExpireCycleTryExpire, for a key just deleted. */
  void expired(byte[] key) {
    ks.notify(Keyspace.NOTIFY_EXPIRED, "expired", key, id);
  }

  /** Redis: notifyKeyspaceEvent(NOTIFY_GENERIC, event, key, id). */
  void generic(String event, byte[] key) {
    ks.notify(Keyspace.NOTIFY_GENERIC, event, key, id);
  }

  /** Redis: getExpire; -1 for none. */
  long getExpire(byte[] key) {
    Long when = expires.isEmpty() ? null : expires.get(key);
    return when == null ? -1 : when;
  }

  /** Redis: setExpire; the key must exist. */
  void setExpire(byte[] key, long when) {
    assert dict.containsKey(key);
    expires.put(key, when);
    ks.dirty++;
  }

  /** Redis: removeExpire. */
  boolean removeExpire(byte[] key) {
    boolean removed = !expires.isEmpty() && expires.remove(key) != null;
    if (removed) {
      ks.dirty++;
    }
    return removed;
  }

  /**
   * Redis: dbAdd/dbOverwrite without touching the TTL. A new key's clock is its creation time; an
   * overwritten one's as dbOverwrite leaves it (ObjectClock.overwritten).
   */
  void put(byte[] key, Object value) {
    ks.dirty++;
    ObjectClock clock = ks.objectClock();
    long now = ks.commandTime();
    Map.Entry<byte[], Object> e = dict.addEntry(key, value);
    if (e != null) {
      dict.setEntryMeta(e, clock.initial(now));
      ks.keyAdded(this, key, value);
    } else {
      e = dict.entry(key);
      e.setValue(value);
      dict.setEntryMeta(e, clock.overwritten(dict.entryMeta(e), now));
    }
  }

  /**
   * Redis: setKey without KEEPTTL: stores the value and drops the TTL. The caller signals the
   * modification.
   */
  void setKey(byte[] key, Object value) {
    put(key, value);
    removeExpire(key);
  }

  /** Redis: dbSyncDelete. Returns whether the key existed. */
  boolean delete(byte[] key) {
    if (dict.remove(key) == null) {
      return false;
    }
    ks.dirty++;
    removeExpire(key);
    return true;
  }

  /** Empties the database. Redis: emptyDbStructure, for one database. */
  long clear() {
    long n = dict.size();
    ks.dirty += n;
    dict = newDict();
    expires = Dict.forBytes();
    expiresCursor = 0;
    return n;
  }

  /** Swaps the contents with another database, not the watched keys. Redis: dbSwapDatabases. */
  void swapContents(Database other) {
    ks.dirty++;
    Dict<byte[], Object> d = dict;
    Dict<byte[], Long> e = expires;
    long c = expiresCursor;
    dict = other.dict;
    expires = other.expires;
    expiresCursor = other.expiresCursor;
    other.dict = d;
    other.expires = e;
    other.expiresCursor = c;
  }

  /**
   * Redis: touchWatchedKey (src/multi.c). A watcher that saw the key already expired is not
   * disturbed by the expired key's deletion. Mirrors 7.0.15 exactly, including its {@code break}: a
   * watcher that saw the key expired while the key still exists stops the walk, so later watchers
   * of that key are not flagged by this touch.
   */
  void touchWatchedKey(byte[] key) {
    ks.dirty++; // signalModifiedKey: the command changed the key
    if (watched.isEmpty()) {
      return;
    }
    List<WatchedKey> clients = watched.get(key);
    if (clients == null) {
      return;
    }
    for (WatchedKey wk : new ArrayList<>(clients)) {
      if (wk.expired) {
        if (!dict.containsKey(key)) {
          wk.expired = false;
          continue;
        }
        break;
      }
      wk.session.dirtyCas = true;
      wk.session.unwatchAll();
    }
  }

  /**
   * Redis: touchAllWatchedKeysInDb: after FLUSHDB/FLUSHALL (replacedWith null) or SWAPDB, flags the
   * watchers of every key that existed here or exists in the replacement. Called before the
   * contents change.
   */
  void touchAllWatchedKeys(Database replacedWith, long now) {
    if (watched.isEmpty()) {
      return;
    }
    for (Map.Entry<byte[], List<WatchedKey>> e : watched.entrySet()) {
      byte[] key = e.getKey();
      boolean existsHere = dict.containsKey(key);
      boolean existsThere = replacedWith != null && replacedWith.dict.containsKey(key);
      if (!existsHere && !existsThere) {
        continue;
      }
      for (WatchedKey wk : e.getValue()) {
        if (wk.expired) {
          if (!existsThere) {
            wk.expired = false;
            continue;
          } else if (replacedWith.isExpired(key, now)) {
            continue;
          }
        } else if (!existsHere && replacedWith.isExpired(key, now)) {
          wk.expired = true;
          continue;
        }
        wk.session.dirtyCas = true;
      }
    }
  }
}
