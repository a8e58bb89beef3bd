package dev.redstruct.skiplist;

import dev.redstruct.core.rdb.RdbReader;
import dev.redstruct.core.rdb.RdbWriter;
import dev.redstruct.skiplist.internal.ScoredBytesVisitor;
import dev.redstruct.skiplist.internal.ZSetWalks;

/**
 * The package's side of {@link ZSetWalks}: each method a hand-off to the set's representation.
 * Created once, by reflection, by ZSetWalks; stateless.
 */
final class ZSetInternalAccess implements ZSetWalks.Access {
  private ZSetInternalAccess() {}

  @Override
  public void forEachByScore(ZSet z, ScoreRange range, ScoredBytesVisitor visitor) {
    z.enc.forEachByScore(range, visitor);
  }

  @Override
  public void writeRdb(ZSet z, RdbWriter out) {
    z.enc.writeRdb(out);
  }

  @Override
  public void toSkipList(ZSet z) {
    z.skipList();
  }

  @Override
  public ZSet readRdb(
      int type, RdbReader body, byte[] shown, int maxCompactEntries, int maxCompactValue) {
    return ZSetRdb.readRdb(type, body, maxCompactEntries, maxCompactValue, shown);
  }

  @Override
  public ZSet create(int maxCompactEntries, int maxCompactValue, boolean tree) {
    return ZSet.create(
        maxCompactEntries,
        maxCompactValue,
        ZSet.DEFAULT_SEED,
        tree ? ZOrder.Kind.TREE : ZOrder.Kind.SKIPLIST);
  }
}
