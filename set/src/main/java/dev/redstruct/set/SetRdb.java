package dev.redstruct.set;

import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.core.RedisNumbers;
import dev.redstruct.core.rdb.RdbPayload;
import dev.redstruct.core.rdb.RdbReader;
import dev.redstruct.core.rdb.RdbWriter;
import dev.redstruct.dict.DictSet;
import dev.redstruct.intset.IntSet;

/**
 * The RDB forms of a set (src/rdb.c and the DUMP/RESTORE payload of src/cluster.c, Redis 7.0.15):
 * writing types 11 and 2 as {@code rdbSaveObject} does, loading them as {@code rdbLoadObject} does
 * under {@code sanitize-dump-payload yes}.
 *
 * <pre>
 *   type 11 (intset):     0x0B &lt;RDB string: the intset blob&gt;
 *   type 2  (set):        0x02 &lt;len: n&gt; { &lt;RDB string: member&gt; } x n
 *   then the footer: RDB version (2 bytes LE) and CRC-64 (8 bytes LE) of everything before.
 * </pre>
 *
 * Strings follow rdbSaveRawString: a canonical integer of at most 11 characters that fits 32 bits
 * as an integer form ({@code c0}/{@code c1}/{@code c2}), else LZF when compressing and the string
 * is longer than 20 bytes and shrinks, else verbatim.
 */
final class SetRdb {
  /*
   * Implementation notes. RESTORE reads the object from a buffer over the whole payload, footer
   * included, and ignores what the object leaves unread; so does the reader here. A type-2 count
   * is never used to size anything: a lying count ends in a truncated string (Redis sizes a
   * table from it first, which is why the ITs keep such payloads from the server).
   */

  private static final String FORMAT = "set payload";

  private SetRdb() {}

  /** Redis: DUMP (createDumpPayload: the object, then the footer). */
  static byte[] write(RedisSet s, boolean compress) {
    RdbWriter w = RdbWriter.create(compress);
    writeRdb(s, w);
    return w.toDumpPayload();
  }

  /** The type byte and the object body, into {@code w}. Redis: rdbSaveObject for OBJ_SET. */
  static void writeRdb(RedisSet s, RdbWriter w) {
    if (s.isEmpty()) {
      throw new IllegalStateException("an empty set has no DUMP payload (Redis has no empty keys)");
    }
    IntSet is = s.intsetOrNull();
    if (is != null) {
      w.type(RdbPayload.TYPE_SET_INTSET).string(is.toByteArray());
      return;
    }
    w.type(RdbPayload.TYPE_SET).length(s.size());
    for (byte[] m : s.dictOrNull()) {
      w.string(m);
    }
  }

  /** Redis: RESTORE (verifyDumpPayload, then the object). */
  static RedisSet read(byte[] payload, long maxIntsetEntries) {
    int type = RdbPayload.verify(payload);
    RdbReader r = RdbReader.of(payload, 1, payload.length - 1); // footer included, as RESTORE does
    return readRdb(type, r, maxIntsetEntries, payload);
  }

  /**
   * The object body of a set type, from {@code r}; {@code shown} (may be null) is the input shown
   * in errors. Redis: rdbLoadObject for the set types.
   */
  static RedisSet readRdb(int type, RdbReader r, long maxIntsetEntries, byte[] shown) {
    RedisSet s = RedisSet.create(maxIntsetEntries);
    switch (type) {
      case RdbPayload.TYPE_SET_INTSET -> fromIntSet(s, r.string(), shown);
      case RdbPayload.TYPE_SET -> fromMembers(s, r, shown);
      default -> throw corrupt(shown, "not a set payload: type " + type);
    }
    return s;
  }

  /**
   * A type-11 body: intsetValidateIntegrity (deep), not empty, converted when longer than the
   * configured limit (Redis compares with set-max-intset-entries here, uncapped).
   */
  static void fromIntSet(RedisSet s, byte[] blob, byte[] shown) {
    IntSet is = IntSet.copyOf(blob);
    if (is.isEmpty()) {
      throw corrupt(shown, "empty intset (Redis refuses an empty key)");
    }
    s.adoptIntset(is);
    if (is.size() > s.maxIntsetEntries()) {
      s.convertToHashtable();
    }
  }

  /**
   * A type-2 body: a count (0 is refused), then members. A count above the capped limit starts a
   * hashtable, else an intset that converts at the first non-integer; a member seen twice is
   * refused ("Duplicate set members detected").
   */
  static void fromMembers(RedisSet s, RdbReader r, byte[] payload) {
    long n = r.length();
    if (n == 0) {
      throw corrupt(payload, "empty set (Redis refuses an empty key)");
    }
    if (Long.compareUnsigned(n, s.effectiveMax()) > 0) {
      s.becomeEmptyHashtable();
    }
    for (long i = 0; Long.compareUnsigned(i, n) < 0; i++) {
      byte[] m = r.string();
      IntSet is = s.intsetOrNull();
      boolean added;
      if (is != null && RedisNumbers.isCanonicalLong(m, 0, m.length)) {
        added = is.add(RedisNumbers.parseCanonicalLong(m, 0, m.length));
      } else {
        s.convertToHashtable();
        DictSet<byte[]> d = s.dictOrNull();
        added = d.add(m);
      }
      if (!added) {
        throw corrupt(payload, "member " + i + " appears twice (Duplicate set members detected)");
      }
    }
  }

  private static CorruptEncodingException corrupt(byte[] payload, String reason) {
    return new CorruptEncodingException(FORMAT, -1, reason, payload);
  }
}
