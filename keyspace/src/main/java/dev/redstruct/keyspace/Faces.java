package dev.redstruct.keyspace;

import dev.redstruct.geohash.GeoCommands;
import dev.redstruct.hash.HashCommands;
import dev.redstruct.hash.RedisHash;
import dev.redstruct.quicklist.ListCommands;
import dev.redstruct.quicklist.QuickList;
import dev.redstruct.set.RedisSet;
import dev.redstruct.set.SetCommands;
import dev.redstruct.skiplist.ZSet;
import dev.redstruct.skiplist.ZSetCommands;
import dev.redstruct.stream.RedisStream;
import dev.redstruct.stream.StreamCommands;
import java.util.Collection;

/**
 * The table's hand-off to each type's command face, over the keyspace's {@link TypedKeys}: the
 * faces are the modules' own ({@code ListCommands}, {@code SetCommands}, ...), not copies.
 */
final class Faces {
  private Faces() {}

  /** The table's handler for each face's commands (one object, not a method reference, each). */
  enum Face implements Command.Handler {
    STRING,
    ZSET,
    GEO,
    LIST,
    SET,
    HASH,
    STREAM;

    @Override
    public void run(Call c) {
      switch (this) {
        case STRING -> string(c);
        case ZSET -> zset(c);
        case GEO -> geo(c);
        case LIST -> list(c);
        case SET -> set(c);
        case HASH -> hash(c);
        case STREAM -> stream(c);
      }
    }
  }

  /**
   * One keyspace's typed lookups, rebound to each command (see {@link TypedKeys#bind}); new values
   * take the keyspace's encoding thresholds as they are when the value is made (CONFIG SET).
   */
  static final class Lookups {
    final TypedKeys<QuickList> lists;
    final TypedKeys<RedisSet> sets;
    final TypedKeys<RedisHash> hashes;
    final TypedKeys<ZSet> zsets;
    final TypedKeys<RedisStream> streams;

    Lookups(Keyspace ks) {
      lists = new TypedKeys<>(null, QuickList.class, () -> ks.encodingLimits().newList());
      sets = new TypedKeys<>(null, RedisSet.class, () -> ks.encodingLimits().newSet());
      hashes = new TypedKeys<>(null, RedisHash.class, () -> ks.encodingLimits().newHash());
      zsets = new TypedKeys<>(null, ZSet.class, () -> ks.encodingLimits().newZSet());
      streams = new TypedKeys<>(null, RedisStream.class, RedisStream::placeholder);
    }
  }

  static TypedKeys<QuickList> lists(Call c) {
    return c.ks.lookups().lists.bind(c);
  }

  static TypedKeys<RedisSet> sets(Call c) {
    return c.ks.lookups().sets.bind(c);
  }

  static TypedKeys<RedisHash> hashes(Call c) {
    return c.ks.lookups().hashes.bind(c);
  }

  /** The string, bit and PF* commands (StringCommands over the keyspace's StringKeys). */
  static void string(Call c) {
    StringCommands.run(c.cmd.fullName, c.argv, new KeyspaceStringKeys(c), c.out);
  }

  static TypedKeys<ZSet> zsets(Call c) {
    return c.ks.lookups().zsets.bind(c);
  }

  /** The sorted-set commands; plain sets are inputs of ZUNION/ZINTER/ZDIFF (score 1). */
  static void zset(Call c) {
    ZSetCommands.execute(c.argv, zsets(c), k -> plainSet(c, k), c.ks.random(), c.out);
  }

  /** The GEO commands, over sorted sets. */
  static void geo(Call c) {
    GeoCommands.execute(c.argv, zsets(c), c.out);
  }

  /**
   * The members of the set under a key, or null when it holds no set. The face looked the key up
   * already (a miss raised its keymiss then).
   */
  private static Collection<byte[]> plainSet(Call c, byte[] key) {
    Object v = c.pendingValue(key);
    if (v == null) {
      v = c.db().lookupNoNotify(key, c.now);
    }
    return v instanceof RedisSet s ? s : null;
  }

  static void list(Call c) {
    ListCommands.execute(c.argv, lists(c), c.out);
  }

  static void set(Call c) {
    SetCommands.execute(c.argv, sets(c), c.ks.random(), c.out);
  }

  /** The stream commands (XREAD and XREADGROUP without blocking: a server blocks them). */
  static void stream(Call c) {
    TypedKeys<RedisStream> keys = c.ks.lookups().streams.bind(c);
    StreamCommands.execute(
        c.argv,
        keys,
        new StreamCommands.Env() {
          @Override
          public long nowMillis() {
            return c.now;
          }

          @Override
          public long nodeMaxBytes() {
            return c.ks.streamNodeMaxBytes();
          }

          @Override
          public long nodeMaxEntries() {
            return c.ks.streamNodeMaxEntries();
          }

          @Override
          public void keyReady(byte[] key) {
            c.ks.streamReady(c.db().id, key);
          }

          @Override
          public boolean fromScript() {
            return c.session.script; // Redis: CLIENT_SCRIPT (xreadCommand refuses BLOCK)
          }
        },
        c.out);
  }

  static void hash(Call c) {
    HashCommands.execute(c.argv, hashes(c), c.ks.random(), c.out);
  }
}
