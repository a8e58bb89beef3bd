package dev.redstruct.keyspace;

import dev.redstruct.core.resp.ReplyError;

/**
 * The keyspace's {@link StringKeys}: the selected database of one {@link Call}, at the command's
 * time. Keys are stored as given (the keyspace owns its arguments, see {@link Keyspace}).
 */
final class KeyspaceStringKeys implements StringKeys {
  private final Call call;

  KeyspaceStringKeys(Call call) {
    this.call = call;
  }

  /**
   * The event of a command that changes a string in place and then signals it (Redis: each
   * command's notifyKeyspaceEvent call, src/t_string.c, src/bitops.c, src/hyperloglog.c); null for
   * the commands whose events come from {@link #set}, {@link #delete}, {@link #setExpire} and
   * {@link #persist} (SET and its family, BITOP, GETDEL, GETEX) or that raise none (PFCOUNT).
   */
  private String modifyEvent() {
    return switch (call.cmd.fullName) {
      case "incr", "decr", "incrby", "decrby" -> "incrby";
      case "incrbyfloat" -> "incrbyfloat";
      case "append" -> "append";
      case "setrange" -> "setrange";
      case "setbit", "bitfield" -> "setbit";
      case "pfadd", "pfmerge" -> "pfadd";
      default -> null;
    };
  }

  private void string(String event, byte[] key) {
    call.ks.notify(Keyspace.NOTIFY_STRING, event, key, call.session.db);
  }

  @Override
  public RedisString get(byte[] key) {
    Object v = call.db().lookup(key, call.now);
    if (v == null || v instanceof RedisString) {
      return (RedisString) v;
    }
    throw new ReplyError(ReplyError.WRONGTYPE);
  }

  /** Redis: lookupKeyRead in a write command (getGenericCommand from SET ... GET). */
  @Override
  public RedisString getForRead(byte[] key) {
    boolean outer = call.ks.readLookups;
    call.ks.readLookups = true;
    try {
      return get(key);
    } finally {
      call.ks.readLookups = outer;
    }
  }

  @Override
  public boolean exists(byte[] key) {
    return call.db().lookup(key, call.now) != null;
  }

  @Override
  public void set(byte[] key, RedisString value, boolean keepTtl) {
    call.db().lookupNoNotify(key, call.now); // Redis: setKey's lookupKeyWrite (expires, touches)
    setLookedUp(key, value, keepTtl);
  }

  @Override
  public void setLookedUp(byte[] key, RedisString value, boolean keepTtl) {
    Database db = call.db();
    db.put(key, value);
    if (!keepTtl) {
      db.removeExpire(key);
    }
    call.modified(key);
    string("set", key);
  }

  @Override
  public void replace(byte[] key, RedisString value) {
    call.db().put(key, value);
  }

  @Override
  public boolean delete(byte[] key) {
    boolean deleted = call.db().delete(key);
    if (deleted) {
      call.db().generic("del", key);
    }
    return deleted;
  }

  @Override
  public void setExpire(byte[] key, long whenMillis) {
    call.db().setExpire(key, whenMillis);
    call.db().generic("expire", key);
  }

  @Override
  public boolean persist(byte[] key) {
    boolean removed = call.db().removeExpire(key);
    if (removed) {
      call.db().generic("persist", key);
    }
    return removed;
  }

  @Override
  public long now() {
    return call.now;
  }

  @Override
  public void modified(byte[] key) {
    call.modified(key);
    String e = modifyEvent();
    if (e != null) {
      string(e, key);
    }
  }

  @Override
  public void propagateAs(byte[]... argv) {
    call.propagateAs(argv);
  }
}
