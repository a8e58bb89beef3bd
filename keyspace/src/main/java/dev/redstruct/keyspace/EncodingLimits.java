package dev.redstruct.keyspace;

import dev.redstruct.hash.RedisHash;
import dev.redstruct.quicklist.QuickList;
import dev.redstruct.rdb.LoadLimits;
import dev.redstruct.set.RedisSet;
import dev.redstruct.skiplist.ZSet;

/**
 * The encoding thresholds the keyspace gives the lists, hashes, sets and sorted sets that commands
 * create, named after Redis 7.0.15's directives. A value keeps the thresholds it was created with;
 * values read from RDB files and {@code RESTORE} payloads get the thresholds in force when they are
 * loaded, which decide their encodings as Redis's loader decides them.
 *
 * @param listMaxListpackSize {@code list-max-listpack-size}: negative = node byte limit class,
 *     positive = elements per node
 * @param listCompressDepth {@code list-compress-depth}
 * @param hashMaxListpackEntries {@code hash-max-listpack-entries}
 * @param hashMaxListpackValue {@code hash-max-listpack-value}
 * @param setMaxIntsetEntries {@code set-max-intset-entries}
 * @param zsetMaxListpackEntries {@code zset-max-listpack-entries}
 * @param zsetMaxListpackValue {@code zset-max-listpack-value}
 */
public record EncodingLimits(
    int listMaxListpackSize,
    int listCompressDepth,
    long hashMaxListpackEntries,
    long hashMaxListpackValue,
    long setMaxIntsetEntries,
    long zsetMaxListpackEntries,
    long zsetMaxListpackValue) {

  /** Redis's defaults: -2, 0, 512, 64, 512, 128, 64. */
  public static final EncodingLimits DEFAULTS = new EncodingLimits(-2, 0, 512, 64, 512, 128, 64);

  /**
   * Checks the values.
   *
   * @throws IllegalArgumentException if a count or size is negative
   */
  public EncodingLimits {
    if (listCompressDepth < 0
        || hashMaxListpackEntries < 0
        || hashMaxListpackValue < 0
        || setMaxIntsetEntries < 0
        || zsetMaxListpackEntries < 0
        || zsetMaxListpackValue < 0) {
      throw new IllegalArgumentException("negative limit: " + this);
    }
  }

  /** The same directives for the loader of RDB files and RESTORE payloads. */
  LoadLimits forLoading() {
    return new LoadLimits(
        listMaxListpackSize,
        listCompressDepth,
        hashMaxListpackEntries,
        hashMaxListpackValue,
        setMaxIntsetEntries,
        (int) Math.min(Integer.MAX_VALUE, zsetMaxListpackEntries),
        (int) Math.min(Integer.MAX_VALUE, zsetMaxListpackValue));
  }

  QuickList newList() {
    return QuickList.create(listMaxListpackSize, listCompressDepth);
  }

  RedisHash newHash() {
    return RedisHash.create(hashMaxListpackEntries, hashMaxListpackValue);
  }

  RedisSet newSet() {
    return RedisSet.create(setMaxIntsetEntries);
  }

  ZSet newZSet() {
    return ZSet.create(
        (int) Math.min(Integer.MAX_VALUE, zsetMaxListpackEntries),
        (int) Math.min(Integer.MAX_VALUE, zsetMaxListpackValue));
  }
}
