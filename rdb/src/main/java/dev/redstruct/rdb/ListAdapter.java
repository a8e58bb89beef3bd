package dev.redstruct.rdb;

import dev.redstruct.core.rdb.RdbPayload;
import dev.redstruct.core.rdb.RdbReader;
import dev.redstruct.core.rdb.RdbWriter;
import dev.redstruct.quicklist.QuickList;
import dev.redstruct.quicklist.internal.QuickListBodies;

/**
 * Lists: written as type 18 (quicklist 2) and loaded from 18, 14 (6.2's quicklist of ziplists), 10
 * (one ziplist) and 1 (the linked list of Redis before 3.2), all by {@code QuickList}'s own payload
 * code (Redis: {@code rdbSaveObject} and {@code rdbLoadObject} for {@code OBJ_LIST}). Loaded lists
 * get Redis's defaults: fill -2, compress depth 0.
 */
final class ListAdapter implements PayloadAdapter<QuickList> {
  @Override
  public Class<QuickList> javaType() {
    return QuickList.class;
  }

  @Override
  public void write(QuickList value, RdbWriter out) {
    QuickListBodies.writeRdb(value, out);
  }

  @Override
  public boolean reads(int rdbType) {
    return rdbType == RdbPayload.TYPE_LIST_QUICKLIST_2
        || rdbType == RdbPayload.TYPE_LIST_QUICKLIST
        || rdbType == RdbPayload.TYPE_LIST_ZIPLIST
        || rdbType == RdbPayload.TYPE_LIST;
  }

  @Override
  public RedisValue read(int rdbType, RdbReader body, byte[] shown) {
    return new RedisValue.ListValue(QuickListBodies.readRdb(rdbType, body), rdbType);
  }
}
