package dev.redstruct.rdb;

import dev.redstruct.hash.RedisHash;
import dev.redstruct.quicklist.QuickList;
import dev.redstruct.set.RedisSet;
import dev.redstruct.skiplist.ZSet;

/**
 * The encoding directives a loaded value gets, as Redis's loader ({@code rdbLoadObject}, src/rdb.c
 * 7.0.15) reads them from the server's configuration when it builds a value: they decide the loaded
 * value's encoding (a sorted set of type 5 becomes a listpack only when it fits {@code
 * zset-max-listpack-*}; a listpack hash over {@code hash-max-listpack-entries} becomes a hashtable;
 * ...) and stay with the value for the commands that follow.
 *
 * @param listMaxListpackSize {@code list-max-listpack-size}
 * @param listCompressDepth {@code list-compress-depth}
 * @param hashMaxListpackEntries {@code hash-max-listpack-entries}
 * @param hashMaxListpackValue {@code hash-max-listpack-value}
 * @param setMaxIntsetEntries {@code set-max-intset-entries}
 * @param zsetMaxListpackEntries {@code zset-max-listpack-entries}
 * @param zsetMaxListpackValue {@code zset-max-listpack-value}
 */
public record LoadLimits(
    int listMaxListpackSize,
    int listCompressDepth,
    long hashMaxListpackEntries,
    long hashMaxListpackValue,
    long setMaxIntsetEntries,
    int zsetMaxListpackEntries,
    int zsetMaxListpackValue) {

  /** Redis's defaults: -2, 0, 512, 64, 512, 128, 64. */
  public static final LoadLimits DEFAULTS =
      new LoadLimits(
          QuickList.DEFAULT_FILL,
          0,
          RedisHash.DEFAULT_MAX_LISTPACK_ENTRIES,
          RedisHash.DEFAULT_MAX_LISTPACK_VALUE,
          RedisSet.DEFAULT_MAX_INTSET_ENTRIES,
          ZSet.DEFAULT_MAX_COMPACT_ENTRIES,
          ZSet.DEFAULT_MAX_COMPACT_VALUE);
}
