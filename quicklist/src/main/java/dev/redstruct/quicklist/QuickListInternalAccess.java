package dev.redstruct.quicklist;

import dev.redstruct.core.rdb.RdbReader;
import dev.redstruct.core.rdb.RdbWriter;
import dev.redstruct.quicklist.internal.QuickListBodies;

/**
 * The package's side of {@link QuickListBodies}: a hand-off to {@link QuickListRdb}. Created once,
 * by reflection, by QuickListBodies; stateless.
 */
final class QuickListInternalAccess implements QuickListBodies.Access {
  private QuickListInternalAccess() {}

  @Override
  public void writeRdb(QuickList list, RdbWriter out) {
    QuickListRdb.writeRdb(list, out);
  }

  @Override
  public QuickList readRdb(int type, RdbReader body, int fill, int compressDepth) {
    return QuickListRdb.readRdb(
        type, body, fill, compressDepth, QuickList.DEFAULT_PACKED_THRESHOLD);
  }
}
