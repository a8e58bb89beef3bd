package dev.redstruct.hash;

import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.core.rdb.RdbPayload;
import dev.redstruct.core.rdb.RdbReader;
import dev.redstruct.core.rdb.RdbWriter;
import dev.redstruct.dict.Dict;
import dev.redstruct.listpack.ListPack;
import dev.redstruct.ziplist.ZipList;
import java.util.Map;

/**
 * The RDB forms of a hash (src/rdb.c and the DUMP/RESTORE payload of src/cluster.c, Redis 7.0.15):
 * writing types 16 and 4 as {@code rdbSaveObject} does, loading types 16, 13, 9 and 4 as {@code
 * rdbLoadObject} does under {@code sanitize-dump-payload yes}.
 *
 * <pre>
 *   type 16 (listpack):  0x10 &lt;RDB string: the listpack of field, value ...&gt;
 *   type 13 (ziplist):   0x0D &lt;RDB string: a 6.2 ziplist of field, value ...&gt;
 *   type 9  (zipmap):    0x09 &lt;RDB string: a Redis 2.4 zipmap, see ZipMap&gt;
 *   type 4  (hash):      0x04 &lt;len: n&gt; { &lt;RDB string: field&gt; &lt;RDB string: value&gt; } x n
 *   then the footer: RDB version (2 bytes LE) and CRC-64 (8 bytes LE) of everything before.
 * </pre>
 *
 * Strings follow rdbSaveRawString: a canonical integer of at most 11 characters that fits 32 bits
 * as an integer form, else LZF when compressing and the string is longer than 20 bytes and shrinks,
 * else verbatim.
 */
final class HashRdb {
  /*
   * Implementation notes. RESTORE reads the object from a buffer over the whole payload, footer
   * included, and ignores what the object leaves unread; so does the reader here. A type-4 count
   * is never used to size anything: a lying count ends in a truncated string (Redis sizes a table
   * from it first, which is why the ITs keep such payloads from the server).
   */

  private static final String FORMAT = "hash payload";

  private HashRdb() {}

  /** Redis: DUMP (createDumpPayload: the object, then the footer). */
  static byte[] write(RedisHash h, boolean compress) {
    RdbWriter w = RdbWriter.create(compress);
    writeRdb(h, w);
    return w.toDumpPayload();
  }

  /** The type byte and the object body, into {@code w}. Redis: rdbSaveObject for OBJ_HASH. */
  static void writeRdb(RedisHash h, RdbWriter w) {
    if (h.isEmpty()) {
      throw new IllegalStateException(
          "an empty hash has no DUMP payload (Redis has no empty keys)");
    }
    ListPack lp = h.listpackOrNull();
    if (lp != null) {
      w.type(RdbPayload.TYPE_HASH_LISTPACK).string(lp.toByteArray());
      return;
    }
    w.type(RdbPayload.TYPE_HASH).length(h.size());
    for (Map.Entry<byte[], byte[]> e : h.dictOrNull().entrySet()) {
      w.string(e.getKey()).string(e.getValue());
    }
  }

  /** Redis: RESTORE (verifyDumpPayload, then the object). */
  static RedisHash read(byte[] payload, RedisHash h) {
    int type = RdbPayload.verify(payload);
    RdbReader r = RdbReader.of(payload, 1, payload.length - 1); // footer included, as RESTORE does
    return readRdb(type, r, h, payload);
  }

  /**
   * The object body of a hash type, from {@code r}, into the empty {@code h}; {@code shown} (may be
   * null) is the input shown in errors. Redis: rdbLoadObject for the hash types.
   */
  static RedisHash readRdb(int type, RdbReader r, RedisHash h, byte[] shown) {
    switch (type) {
      case RdbPayload.TYPE_HASH_LISTPACK -> fromListPack(h, r.string(), shown);
      case RdbPayload.TYPE_HASH_ZIPLIST -> fromZipList(h, r.string(), shown);
      case RdbPayload.TYPE_HASH -> fromPairs(h, r, shown);
      case RdbPayload.TYPE_HASH_ZIPMAP -> ZipMap.load(h, r.string(), shown);
      default -> throw corrupt(shown, "not a hash payload: type " + type);
    }
    return h;
  }

  /**
   * A type-16 body: {@link ListPack#validatePairs} (deep, even count, no field twice), not empty,
   * converted when it has more pairs than the entry limit (long entries stay). Redis:
   * rdbLoadObject, RDB_TYPE_HASH_LISTPACK.
   */
  static void fromListPack(RedisHash h, byte[] blob, byte[] shown) {
    int elements = ListPack.validatePairs(blob);
    if (elements == 0) {
      throw corrupt(shown, "empty hash (Redis refuses an empty key)");
    }
    h.adoptListpack(ListPack.wrap(blob));
    if (h.size() > h.maxListpackEntries()) {
      h.convertToHashtable();
    }
  }

  /**
   * A type-13 body (Redis 6.2's ziplist): deep-validated, converted entry by entry to a listpack (a
   * text entry that is a canonical integer becomes an integer element, as lpAppend stores it), then
   * checked and loaded as type 16. Redis: ziplistPairsConvertAndValidateIntegrity.
   */
  static void fromZipList(RedisHash h, byte[] blob, byte[] shown) {
    fromListPack(h, ZipList.copyOf(blob).toListPackBytes(), shown);
  }

  /**
   * A type-4 body: a count (0 is refused), then pairs. A count above the entry limit starts a
   * hashtable; else a listpack until a field or value passes the value limit (or 1 GiB); a field
   * seen twice is refused ("Hash with dup elements" / "Duplicate hash fields detected").
   */
  static void fromPairs(RedisHash h, RdbReader r, byte[] payload) {
    long n = r.length();
    if (n == 0) {
      throw corrupt(payload, "empty hash (Redis refuses an empty key)");
    }
    if (Long.compareUnsigned(n, h.maxListpackEntries()) > 0) {
      h.convertToHashtable();
    }
    Dict<byte[], Boolean> seen = Dict.forBytes(); // the dupSearchDict of the listpack phase
    for (long i = 0; Long.compareUnsigned(i, n) < 0; i++) {
      byte[] field = r.string();
      byte[] value = r.string();
      ListPack lp = h.listpackOrNull();
      if (lp != null) {
        if (seen.put(field, Boolean.TRUE) != null) {
          throw corrupt(payload, "field " + i + " appears twice (Hash with dup elements)");
        }
        if (field.length > h.maxListpackValue()
            || value.length > h.maxListpackValue()
            || !h.safeToAdd((long) field.length + value.length)) {
          h.convertToHashtable();
        } else {
          lp.append(field);
          lp.append(value);
          continue;
        }
      }
      if (h.dictOrNull().putIfAbsent(field, value) != null) {
        throw corrupt(payload, "field " + i + " appears twice (Duplicate hash fields detected)");
      }
    }
  }

  private static CorruptEncodingException corrupt(byte[] payload, String reason) {
    return new CorruptEncodingException(FORMAT, -1, reason, payload);
  }
}
