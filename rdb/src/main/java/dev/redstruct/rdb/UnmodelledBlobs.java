package dev.redstruct.rdb;

import dev.redstruct.core.rdb.RdbPayload;
import dev.redstruct.listpack.ListPack;
import dev.redstruct.ziplist.ZipList;
import dev.redstruct.ziplist.ZipListCursor;

/**
 * The checks Redis 7.0.15 makes on the single-blob encodings of types this module does not model
 * yet, so that a file or payload Redis refuses is refused here too instead of being reported as
 * {@link RedisValue.Unmodelled} (Redis: {@code rdbLoadObject}, src/rdb.c). Hashes: type 13 (6.2's
 * ziplist) passes {@code ziplistPairsConvertAndValidateIntegrity} (a valid ziplist of an even
 * number of entries, no field twice) and type 16 (listpack) {@code
 * lpPairsValidateIntegrityAndDups}. Intsets (11) and zipmaps (9) are not checked (no decoder here).
 */
final class UnmodelledBlobs {
  private UnmodelledBlobs() {}

  /** Whether {@link #check} looks at this type. */
  static boolean checks(int type) {
    return type == RdbPayload.TYPE_HASH_ZIPLIST || type == RdbPayload.TYPE_HASH_LISTPACK;
  }

  /**
   * Throws {@link dev.redstruct.core.CorruptEncodingException} if Redis refuses the blob.
   *
   * @param type the RDB type, one that {@link #checks}
   * @param blob the decoded RDB string
   */
  static void check(int type, byte[] blob) {
    if (type == RdbPayload.TYPE_HASH_LISTPACK) {
      ListPack.validatePairs(blob);
      return;
    }
    ZipListCursor c = ZipList.copyOf(blob).cursor(); // deep validation
    ListPack lp = ListPack.create();
    while (c.next()) {
      if (c.isInteger()) {
        lp.append(c.longValue());
      } else {
        lp.append(c.toByteArray());
      }
    }
    ListPack.validatePairs(lp.toByteArray()); // even count, no field twice
  }
}
