package dev.redstruct.rdb;

import dev.redstruct.core.rdb.RdbPayload;

/**
 * Walks one RDB value of any type Redis 7.0.15 writes without decoding it, to find where it ends:
 * the values this module models are then decoded from the captured bytes, the others are skipped
 * and reported (Redis: the layout {@code rdbLoadObject} reads, src/rdb.c; the same walk as {@code
 * redis-check-rdb}).
 *
 * <pre>
 *   0 string, 9-13/16/17 blobs           one RDB string
 *   1 list, 2 set                        n, n strings
 *   3 zset (text scores)                 n, n x (string, 1-byte length + text; 253-255 NaN/+inf/-inf)
 *   4 hash                               n, n x (field string, value string)
 *   5 zset 2                             n, n x (string, 8-byte double)
 *   14 quicklist                         n, n x ziplist string
 *   18 quicklist 2                       n, n x (container length, string)
 *   15/19 stream                         see skipStream
 *   7 module 2                           module id, then opcodes until EOF (0)
 * </pre>
 *
 * Type 6 (module values without opcodes) cannot be walked and is rejected, as are unknown types.
 */
final class RdbValueScanner {
  private RdbValueScanner() {}

  /**
   * Consumes the value of the given type.
   *
   * @return the count the value starts with (elements, pairs or nodes) for types 1-5, 14 and 18,
   *     else -1
   */
  static long skipValue(RdbInput in, int type, long typeAt) {
    switch (type) {
      case RdbPayload.TYPE_STRING,
          RdbPayload.TYPE_HASH_ZIPMAP,
          RdbPayload.TYPE_LIST_ZIPLIST,
          RdbPayload.TYPE_SET_INTSET,
          RdbPayload.TYPE_ZSET_ZIPLIST,
          RdbPayload.TYPE_HASH_ZIPLIST,
          RdbPayload.TYPE_HASH_LISTPACK,
          RdbPayload.TYPE_ZSET_LISTPACK -> {
        skipString(in);
        return -1;
      }
      case RdbPayload.TYPE_LIST, RdbPayload.TYPE_SET, RdbPayload.TYPE_LIST_QUICKLIST -> {
        return skipStrings(in, in.length(), 1);
      }
      case RdbPayload.TYPE_HASH -> {
        return skipStrings(in, in.length(), 2);
      }
      case RdbPayload.TYPE_ZSET -> {
        return skipTextScored(in, in.length());
      }
      case RdbPayload.TYPE_ZSET_2 -> {
        return skipBinaryScored(in, in.length());
      }
      case RdbPayload.TYPE_LIST_QUICKLIST_2 -> {
        return skipQuicklist2(in, in.length());
      }
      case RdbPayload.TYPE_STREAM_LISTPACKS, RdbPayload.TYPE_STREAM_LISTPACKS_2 -> {
        skipStream(in, type);
        return -1;
      }
      case RdbPayload.TYPE_MODULE_2 -> {
        in.length(); // module id
        skipModuleOpcodes(in);
        return -1;
      }
      default -> throw in.corrupt(typeAt, "RDB type " + type + " cannot be read or skipped");
    }
  }

  /** Redis: rdbGenericLoadStringObject, without building the string. */
  static void skipString(RdbInput in) {
    in.skip(in.stringExtent());
  }

  private static long skipStrings(RdbInput in, long n, int per) {
    for (long i = 0; Long.compareUnsigned(i, n) < 0; i++) {
      for (int j = 0; j < per; j++) {
        skipString(in);
      }
    }
    return n;
  }

  /** Redis: rdbLoadDoubleValue after each member. */
  private static long skipTextScored(RdbInput in, long n) {
    for (long i = 0; Long.compareUnsigned(i, n) < 0; i++) {
      skipString(in);
      int len = in.u8();
      if (len < 253) {
        in.skip(len);
      }
    }
    return n;
  }

  private static long skipBinaryScored(RdbInput in, long n) {
    for (long i = 0; Long.compareUnsigned(i, n) < 0; i++) {
      skipString(in);
      in.skip(8);
    }
    return n;
  }

  private static long skipQuicklist2(RdbInput in, long n) {
    for (long i = 0; Long.compareUnsigned(i, n) < 0; i++) {
      in.length(); // container
      skipString(in);
    }
    return n;
  }

  /** Redis: rdbLoadObject for the stream types (7.0.15). */
  private static void skipStream(RdbInput in, int type) {
    boolean v2 = type == RdbPayload.TYPE_STREAM_LISTPACKS_2;
    skipStrings(in, in.length(), 2); // listpacks: master ID key, listpack
    lengths(in, v2 ? 8 : 3); // length, last ID; v2: first ID, max deleted ID, entries added
    long groups = in.length();
    for (long g = 0; Long.compareUnsigned(g, groups) < 0; g++) {
      skipString(in); // group name
      lengths(in, v2 ? 3 : 2); // last delivered ID; v2: entries read
      long pel = in.length();
      for (long p = 0; Long.compareUnsigned(p, pel) < 0; p++) {
        in.skip(16 + 8); // raw ID, delivery time in ms
        in.length(); // delivery count
      }
      long consumers = in.length();
      for (long c = 0; Long.compareUnsigned(c, consumers) < 0; c++) {
        skipString(in); // consumer name
        in.skip(8); // seen time
        long cpel = in.length();
        for (long p = 0; Long.compareUnsigned(p, cpel) < 0; p++) {
          in.skip(16); // raw ID
        }
      }
    }
  }

  private static void lengths(RdbInput in, int n) {
    for (int i = 0; i < n; i++) {
      in.length();
    }
  }

  /** Redis: rdbLoadCheckModuleValue (src/redis-check-rdb.c, 7.0.15). */
  static void skipModuleOpcodes(RdbInput in) {
    while (true) {
      long at = in.offset();
      long op = in.length();
      if (op == 0) {
        return; // RDB_MODULE_OPCODE_EOF
      } else if (op == 1 || op == 2) {
        in.length(); // signed or unsigned integer
      } else if (op == 3) {
        in.skip(4); // float
      } else if (op == 4) {
        in.skip(8); // double
      } else if (op == 5) {
        skipString(in);
      } else {
        throw in.corrupt(at, "unknown module opcode " + Long.toUnsignedString(op));
      }
    }
  }
}
