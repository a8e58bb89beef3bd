package dev.redstruct.rdb;

import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.core.rdb.RdbPayload;
import dev.redstruct.core.rdb.RdbReader;
import dev.redstruct.listpack.ListPack;
import dev.redstruct.ziplist.ZipList;

/**
 * Which values Redis 7.0.15 skips as empty keys when it loads an RDB file: {@code rdbLoadObject}
 * returns {@code RDB_LOAD_ERR_EMPTY_KEY} (its {@code emptykey} label) and the loader skips the key
 * and counts it, since older servers could save empty keys (redis#8453).
 *
 * <table class="striped">
 *   <caption>Empty keys by RDB type</caption>
 *   <tr><th>types</th><th>empty when</th></tr>
 *   <tr><td>1, 2, 3, 4, 5, 14, 18</td><td>the leading count is 0</td></tr>
 *   <tr><td>14, 18</td><td>every node is a valid, empty ziplist/listpack (each is skipped)</td></tr>
 *   <tr><td>10, 12, 13, 16, 17</td><td>the (valid) ziplist or listpack holds no element</td></tr>
 * </table>
 *
 * Never empty: strings, intsets and zipmaps (7.0.15 has no {@code emptykey} for them), streams and
 * module values. A blob that fails Redis's check is not empty here; the decoding that follows
 * reports it as corrupt, as Redis fails on it.
 */
final class EmptyValues {
  private EmptyValues() {}

  /**
   * Whether the value is an empty key.
   *
   * @param type the RDB type
   * @param count the leading count {@link RdbValueScanner#skipValue} read, or -1
   * @param body the value's bytes (after the type byte), or null if they were not captured
   * @param len the number of bytes of {@code body}
   */
  static boolean isEmpty(int type, long count, byte[] body, int len) {
    if (type == RdbPayload.TYPE_STREAM_LISTPACKS || type == RdbPayload.TYPE_STREAM_LISTPACKS_2) {
      return false; // a stream with no nodes is a key (XGROUP CREATE MKSTREAM, XTRIM MAXLEN 0)
    }
    if (count == 0) {
      return true;
    }
    if (body == null) {
      return false;
    }
    switch (type) {
      case RdbPayload.TYPE_LIST_QUICKLIST, RdbPayload.TYPE_LIST_QUICKLIST_2:
        return allNodesEmpty(type, RdbReader.of(body, 0, len));
      case RdbPayload.TYPE_LIST_ZIPLIST, RdbPayload.TYPE_ZSET_ZIPLIST, RdbPayload.TYPE_HASH_ZIPLIST:
        return isEmptyZipList(RdbReader.of(body, 0, len).string());
      case RdbPayload.TYPE_ZSET_LISTPACK, RdbPayload.TYPE_HASH_LISTPACK:
        return isEmptyListPack(RdbReader.of(body, 0, len).string());
      default:
        return false;
    }
  }

  /** Redis: the quicklist branch of rdbLoadObject skips empty nodes, then tests the count. */
  private static boolean allNodesEmpty(int type, RdbReader r) {
    long nodes = r.length();
    for (long i = 0; i < nodes; i++) {
      if (type == RdbPayload.TYPE_LIST_QUICKLIST_2 && r.length() != 2) {
        return false; // a PLAIN node holds an element; another container is corrupt
      }
      byte[] node = r.string();
      boolean empty =
          type == RdbPayload.TYPE_LIST_QUICKLIST_2 ? isEmptyListPack(node) : isEmptyZipList(node);
      if (!empty) {
        return false;
      }
    }
    return true;
  }

  private static boolean isEmptyZipList(byte[] blob) {
    try {
      ZipList.validate(blob, true);
    } catch (CorruptEncodingException corrupt) {
      return false; // the decoder reports it
    }
    return ZipList.wrap(blob).isEmpty();
  }

  private static boolean isEmptyListPack(byte[] blob) {
    try {
      return ListPack.validate(blob) == 0;
    } catch (CorruptEncodingException corrupt) {
      return false;
    }
  }
}
