package dev.redstruct.rdb;

import dev.redstruct.core.rdb.RdbPayload;
import dev.redstruct.core.rdb.RdbReader;
import dev.redstruct.core.rdb.RdbWriter;
import dev.redstruct.skiplist.ZSet;
import dev.redstruct.skiplist.internal.ZSetWalks;

/**
 * Sorted sets: written as type 17 (listpack) or 5 (skiplist, binary scores) as the set is encoded,
 * loaded from 17, 12, 5 and 3, all by {@code ZSet}'s own payload code (Redis: {@code rdbSaveObject}
 * and {@code rdbLoadObject} for {@code OBJ_ZSET}). Loaded sets get Redis's default thresholds.
 */
final class ZSetAdapter implements PayloadAdapter<ZSet> {
  @Override
  public Class<ZSet> javaType() {
    return ZSet.class;
  }

  @Override
  public void write(ZSet value, RdbWriter out) {
    ZSetWalks.writeRdb(value, out);
  }

  @Override
  public boolean reads(int rdbType) {
    return rdbType == RdbPayload.TYPE_ZSET_LISTPACK
        || rdbType == RdbPayload.TYPE_ZSET_ZIPLIST
        || rdbType == RdbPayload.TYPE_ZSET_2
        || rdbType == RdbPayload.TYPE_ZSET;
  }

  @Override
  public RedisValue read(int rdbType, RdbReader body, byte[] shown) {
    return new RedisValue.ZSetValue(ZSetWalks.readRdb(rdbType, body, shown), rdbType);
  }
}
