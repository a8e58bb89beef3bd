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

  @Override
  public RedisString get(byte[] key) {
    Object v = call.db().lookup(key, call.now);
    if (v == null || v instanceof RedisString) {
      return (RedisString) v;
    }
    throw new ReplyError(ReplyError.WRONGTYPE);
  }

  @Override
  public boolean exists(byte[] key) {
    return call.db().lookup(key, call.now) != null;
  }

  @Override
  public void set(byte[] key, RedisString value, boolean keepTtl) {
    Database db = call.db();
    db.put(key, value);
    if (!keepTtl) {
      db.removeExpire(key);
    }
    call.modified(key);
  }

  @Override
  public void replace(byte[] key, RedisString value) {
    call.db().put(key, value);
  }

  @Override
  public boolean delete(byte[] key) {
    return call.db().delete(key);
  }

  @Override
  public void setExpire(byte[] key, long whenMillis) {
    call.db().setExpire(key, whenMillis);
  }

  @Override
  public boolean persist(byte[] key) {
    return call.db().removeExpire(key);
  }

  @Override
  public long now() {
    return call.now;
  }

  @Override
  public void modified(byte[] key) {
    call.modified(key);
  }
}
