package dev.redstruct.set;

import dev.redstruct.core.rdb.RdbReader;
import dev.redstruct.core.rdb.RdbWriter;
import dev.redstruct.set.internal.RedisSetBodies;

/**
 * The package's side of {@link RedisSetBodies}: a hand-off to {@link SetRdb}. Created once, by
 * reflection, by RedisSetBodies; stateless.
 */
final class RedisSetInternalAccess implements RedisSetBodies.Access {
  private RedisSetInternalAccess() {}

  @Override
  public void writeRdb(RedisSet value, RdbWriter out) {
    SetRdb.writeRdb(value, out);
  }

  @Override
  public RedisSet readRdb(int type, RdbReader body, byte[] shown, long maxIntsetEntries) {
    return SetRdb.readRdb(type, body, maxIntsetEntries, shown);
  }
}
