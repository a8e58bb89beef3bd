package dev.redstruct.rdb;

import dev.redstruct.core.rdb.RdbPayload;
import dev.redstruct.core.rdb.RdbReader;
import dev.redstruct.core.rdb.RdbWriter;
import dev.redstruct.hash.RedisHash;
import dev.redstruct.hash.internal.RedisHashBodies;

/**
 * Hashes: written as type 16 (listpack) or 4 (hashtable) as the hash is encoded, loaded from 16,
 * 13, 9 and 4, all by {@code RedisHash}'s own payload code (Redis: {@code rdbSaveObject} and {@code
 * rdbLoadObject} for {@code OBJ_HASH}). Loaded hashes get Redis's default {@code
 * hash-max-listpack-entries} (512) and {@code hash-max-listpack-value} (64), which decide their
 * encoding as they do in Redis.
 */
final class HashAdapter implements PayloadAdapter<RedisHash> {
  @Override
  public Class<RedisHash> javaType() {
    return RedisHash.class;
  }

  @Override
  public void write(RedisHash value, RdbWriter out) {
    RedisHashBodies.writeRdb(value, out);
  }

  @Override
  public boolean reads(int rdbType) {
    return rdbType == RdbPayload.TYPE_HASH_LISTPACK
        || rdbType == RdbPayload.TYPE_HASH_ZIPLIST
        || rdbType == RdbPayload.TYPE_HASH_ZIPMAP
        || rdbType == RdbPayload.TYPE_HASH;
  }

  @Override
  public RedisValue read(int rdbType, RdbReader body, byte[] shown) {
    return new RedisValue.HashValue(RedisHashBodies.readRdb(rdbType, body, shown), rdbType);
  }
}
