package dev.redstruct.skiplist;

import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.core.RedisNumbers;
import dev.redstruct.core.rdb.RdbPayload;
import dev.redstruct.core.rdb.RdbReader;
import dev.redstruct.listpack.ListPack;
import dev.redstruct.ziplist.ZipList;
import java.util.Arrays;

/**
 * The RDB forms of a sorted set (src/rdb.c and the DUMP/RESTORE payload of src/cluster.c, Redis
 * 7.0.15): loading types 17, 12, 5 and 3 as {@code rdbLoadObject} does under {@code
 * sanitize-dump-payload yes}. Each representation writes its own type and body ({@code
 * ListPackZSet.writeRdb}: 17, {@code SkipListZSet.writeRdb}: 5), as rdbSaveObject does.
 *
 * <pre>
 *   type 17 (listpack):  0x11 &lt;RDB string: the listpack&gt;
 *   type 12 (ziplist):   0x0C &lt;RDB string: a 6.2 ziplist of member, score entries&gt;
 *   type 5  (ZSET_2):    0x05 &lt;len: n&gt; { &lt;RDB string: member&gt; &lt;8 bytes: IEEE double, LE&gt; } x n
 *   type 3  (ZSET):      0x03 &lt;len: n&gt; { &lt;RDB string: member&gt; &lt;1 byte len, then text;
 *                        253 nan, 254 inf, 255 -inf&gt; } x n
 *   then the footer: RDB version (2 bytes LE) and CRC-64 (8 bytes LE) of everything before.
 * </pre>
 *
 * Type 5 is written from the greatest member to the smallest (the skiplist's tail backwards), as
 * Redis writes it. Strings follow rdbSaveRawString: a canonical integer of at most 11 characters
 * that fits 32 bits as an integer form, else LZF when {@code compress} and the string is longer
 * than 20 bytes and shrinks, else verbatim.
 */
final class ZSetRdb {
  /*
   * Implementation notes. RESTORE (restoreCommand) checks the footer (verifyDumpPayload: at least
   * 10 bytes, version <= 10, CRC-64), then reads the type byte and the object from a buffer over
   * the whole payload, footer included, and ignores whatever the object leaves unread. So here too:
   * the reader runs over body and footer, and trailing bytes are not an error.
   */

  private static final String FORMAT = "zset payload";

  private ZSetRdb() {}

  /** Redis: RESTORE (verifyDumpPayload, then the object). */
  static ZSet read(byte[] payload, int maxEntries, int maxValue) {
    int type = RdbPayload.verify(payload);
    RdbReader r = RdbReader.of(payload, 1, payload.length - 1); // footer included, as RESTORE does
    return readRdb(type, r, maxEntries, maxValue, payload);
  }

  /**
   * The object body of a sorted set type, from {@code r}; {@code shown} (may be null) is the input
   * shown in errors. Redis: rdbLoadObject for the zset types.
   */
  static ZSet readRdb(int type, RdbReader r, int maxEntries, int maxValue, byte[] shown) {
    ZSet z;
    switch (type) {
      case RdbPayload.TYPE_ZSET_LISTPACK ->
          z = fromListPack(r.string(), maxEntries, maxValue, shown);
      case RdbPayload.TYPE_ZSET_ZIPLIST -> z = fromZipList(r.string(), maxEntries, maxValue);
      case RdbPayload.TYPE_ZSET_2, RdbPayload.TYPE_ZSET ->
          z = fromPairs(r, type == RdbPayload.TYPE_ZSET_2, maxEntries, maxValue, shown);
      default -> throw corrupt(shown, "not a sorted set payload: type " + type);
    }
    if (z.size() == 0) {
      throw corrupt(shown, "empty sorted set (Redis refuses an empty key)");
    }
    return z;
  }

  /**
   * An RDB type-17 body: {@link ListPack#validatePairs} (deep, even count, no member twice), then
   * {@link ListPackZSet#load}; more pairs than {@code maxEntries} convert. Redis: rdbLoadObject,
   * RDB_TYPE_ZSET_LISTPACK.
   */
  static ZSet fromListPack(byte[] blob, int maxEntries, int maxValue, byte[] shown) {
    ListPack.validatePairs(blob);
    ZSet z = ZSet.create(maxEntries, maxValue);
    z.enc = ListPackZSet.load(ListPack.wrap(blob.clone()), shown);
    if (z.size() > maxEntries) {
      z.skipList();
    }
    return z;
  }

  /**
   * An RDB type-12 body (Redis 6.2's ziplist): deep-validated, converted entry by entry to a
   * listpack (a text entry that is a canonical integer becomes an integer element, as lpAppend
   * stores it), then checked and loaded as type 17. Redis: ziplistPairsConvertAndValidateIntegrity.
   */
  static ZSet fromZipList(byte[] blob, int maxEntries, int maxValue) {
    return fromListPack(ZipList.copyOf(blob).toListPackBytes(), maxEntries, maxValue, blob);
  }

  /**
   * Types 5 and 3: every pair inserted into a skiplist set (no NaN score, no member twice), then
   * made compact if it fits the thresholds, as Redis converts after loading.
   */
  private static ZSet fromPairs(
      RdbReader r, boolean binary, int maxEntries, int maxValue, byte[] payload) {
    long n = r.length();
    ZSet z = ZSet.create(maxEntries, maxValue);
    SkipListZSet s = z.skipList();
    for (long i = 0; i < n; i++) {
      byte[] member = r.string();
      double score = binary ? r.binaryDouble() : textScore(r, payload);
      if (Double.isNaN(score)) {
        throw corrupt(payload, "NaN score of member " + i);
      }
      if (s.contains(member)) {
        throw corrupt(payload, "member " + i + " appears twice");
      }
      s.insertAbsent(score, member); // zslInsert + dictAdd
    }
    return z.size() == 0 ? z : z.compactIfFits();
  }

  /**
   * A type-3 score: one length byte (253 NaN, 254 +inf, 255 -inf), else that many bytes of text
   * read as {@code sscanf("%lg")} reads them (up to a NUL; white space skipped; it must start a
   * number). Redis: rdbLoadDoubleValue.
   */
  private static double textScore(RdbReader r, byte[] payload) {
    int len = r.raw(1)[0] & 0xFF;
    switch (len) {
      case 255:
        return Double.NEGATIVE_INFINITY;
      case 254:
        return Double.POSITIVE_INFINITY;
      case 253:
        return Double.NaN;
      default:
        byte[] text = r.raw(len);
        int end = 0;
        while (end < text.length && text[end] != 0) {
          end++;
        }
        if (!startsNumber(text, end)) {
          throw corrupt(payload, "score text is not a number: " + Arrays.toString(text));
        }
        return RedisNumbers.strtodPrefix(text, 0, end);
    }
  }

  /**
   * Whether strtod converts anything from {@code s[0, end)}: sign, then a digit, ".d", inf, nan.
   */
  private static boolean startsNumber(byte[] s, int end) {
    int i = 0;
    while (i < end && (s[i] == ' ' || (s[i] >= '\t' && s[i] <= '\r'))) {
      i++;
    }
    if (i < end && (s[i] == '+' || s[i] == '-')) {
      i++;
    }
    if (i < end && s[i] >= '0' && s[i] <= '9') {
      return true;
    }
    if (i + 1 < end && s[i] == '.' && s[i + 1] >= '0' && s[i + 1] <= '9') {
      return true;
    }
    return word(s, i, end, "inf") || word(s, i, end, "nan");
  }

  private static boolean word(byte[] s, int i, int end, String w) {
    if (end - i < w.length()) {
      return false;
    }
    for (int k = 0; k < w.length(); k++) {
      if (Character.toLowerCase((char) s[i + k]) != w.charAt(k)) {
        return false;
      }
    }
    return true;
  }

  private static CorruptEncodingException corrupt(byte[] payload, String reason) {
    return new CorruptEncodingException(FORMAT, 0, reason, payload);
  }
}
