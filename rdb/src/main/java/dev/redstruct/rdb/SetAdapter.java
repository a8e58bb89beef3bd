package dev.redstruct.rdb;

import dev.redstruct.core.rdb.RdbPayload;
import dev.redstruct.core.rdb.RdbReader;
import dev.redstruct.core.rdb.RdbWriter;
import dev.redstruct.set.RedisSet;
import dev.redstruct.set.internal.RedisSetBodies;

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
  public void write(RedisSet value, RdbWriter out) {
    RedisSetBodies.writeRdb(value, out);
  }

  @Override
  public boolean reads(int rdbType) {
    return rdbType == RdbPayload.TYPE_SET_INTSET || rdbType == RdbPayload.TYPE_SET;
  }

  @Override
  public RedisValue read(int rdbType, RdbReader body, byte[] shown) {
    return new RedisValue.SetValue(RedisSetBodies.readRdb(rdbType, body, shown), rdbType);
  }
}
