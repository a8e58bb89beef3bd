package dev.redstruct.rdb;

import dev.redstruct.core.rdb.RdbPayload;
import dev.redstruct.core.rdb.RdbReader;
import dev.redstruct.core.rdb.RdbWriter;

/**
 * Strings, bitmaps and HyperLogLogs: RDB type 0, one RDB string (Redis: {@code rdbSaveObject} for
 * {@code OBJ_STRING}, which calls {@code rdbSaveStringObject}). A value that is a canonical decimal
 * integer of at most 11 bytes fitting 32 bits is written in its integer form, a longer one is
 * LZF-compressed when compression is on and it saves at least 4 bytes, otherwise it is written
 * verbatim: the same choice whether Redis holds the value as an {@code int}, {@code embstr} or
 * {@code raw} object.
 */
final class StringAdapter implements PayloadAdapter<byte[]> {
  @Override
  public Class<byte[]> javaType() {
    return byte[].class;
  }

  @Override
  public void write(byte[] value, RdbWriter out) {
    out.type(RdbPayload.TYPE_STRING).string(value);
  }

  @Override
  public boolean reads(int rdbType) {
    return rdbType == RdbPayload.TYPE_STRING;
  }

  @Override
  public RedisValue read(int rdbType, RdbReader body, byte[] shown) {
    return new RedisValue.StringValue(body.string());
  }
}
