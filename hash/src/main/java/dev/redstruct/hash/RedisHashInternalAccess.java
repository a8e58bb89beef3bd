package dev.redstruct.hash;

import dev.redstruct.core.rdb.RdbReader;
import dev.redstruct.core.rdb.RdbWriter;
import dev.redstruct.hash.internal.RedisHashBodies;

/**
 * The package's side of {@link RedisHashBodies}: a hand-off to {@link HashRdb}. Created once, by
 * reflection, by RedisHashBodies; stateless.
 */
final class RedisHashInternalAccess implements RedisHashBodies.Access {
  private RedisHashInternalAccess() {}

  @Override
  public void writeRdb(RedisHash value, RdbWriter out) {
    HashRdb.writeRdb(value, out);
  }

  @Override
  public RedisHash readRdb(
      int type, RdbReader body, byte[] shown, long maxListpackEntries, long maxListpackValue) {
    return HashRdb.readRdb(
        type, body, RedisHash.create(maxListpackEntries, maxListpackValue), shown);
  }
}
