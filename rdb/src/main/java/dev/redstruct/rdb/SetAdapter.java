package dev.redstruct.rdb;

import dev.redstruct.core.rdb.RdbPayload;
import dev.redstruct.core.rdb.RdbWriter;
import dev.redstruct.set.RedisSet;

/**
 * Sets: written as type 11 (intset) or 2 (hashtable) as the set is encoded, loaded from 11 and 2,
 * all by {@code RedisSet}'s own payload code (Redis: {@code rdbSaveObject} and {@code
 * rdbLoadObject} for {@code OBJ_SET}). Loaded sets get Redis's default {@code
 * set-max-intset-entries} (512), which decides their encoding as it does in Redis.
 */
final class SetAdapter implements PayloadAdapter<RedisSet> {
  @Override
  public Class<RedisSet> javaType() {
    return RedisSet.class;
  }

  @Override
  public void write(RedisSet value, boolean compression, RdbWriter out) {
    byte[] p = value.toRdbPayload(compression);
    out.raw(p, 0, p.length - RdbPayload.FOOTER);
  }

  @Override
  public boolean reads(int rdbType) {
    return rdbType == RdbPayload.TYPE_SET_INTSET || rdbType == RdbPayload.TYPE_SET;
  }

  @Override
  public RedisValue read(byte[] payload, int rdbType) {
    return new RedisValue.SetValue(RedisSet.fromRdbPayload(payload), rdbType);
  }
}
