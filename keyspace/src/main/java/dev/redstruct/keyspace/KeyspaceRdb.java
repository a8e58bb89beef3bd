package dev.redstruct.keyspace;

import dev.redstruct.rdb.RdbFileReader;
import dev.redstruct.rdb.RdbFileWriter;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Whole RDB files for a keyspace, through the rdb module's streaming writer and reader. Redis:
 * rdbSaveRio and rdbLoadRioWithLoadingCtx (src/rdb.c, 7.0.15).
 */
final class KeyspaceRdb {
  private KeyspaceRdb() {}

  /**
   * Redis: rdbSaveRio: every non-empty database in order, keys with their absolute expiry. Keys
   * already expired but not yet deleted are written, as Redis writes them (a master drops them when
   * it loads the file).
   */
  static void save(Keyspace ks, OutputStream out) {
    RdbFileWriter w = RdbFileWriter.create(out, true);
    for (Database db : ks.dbs()) {
      if (db.size() == 0) {
        continue;
      }
      w.selectDb(db.id, db.size(), db.expires.size());
      List<Map.Entry<byte[], Object>> entries = new ArrayList<>(db.dict.entrySet());
      for (Map.Entry<byte[], Object> e : entries) {
        Object v = e.getValue();
        Object stored = Values.type(v) == RedisType.STRING ? StringValues.bytes(v) : v;
        w.put(e.getKey(), stored, db.getExpire(e.getKey()));
      }
    }
    w.finish();
  }

  /**
   * Redis: rdbLoadRioWithLoadingCtx as a master loads a file: keys already expired at {@code now}
   * are dropped, empty keys skipped; a key the file holds twice keeps its last value (Redis stops
   * with an error there). Values of types the keyspace does not hold (streams, modules) are counted
   * and skipped.
   */
  static Keyspace.RdbLoad load(Keyspace ks, InputStream in, long now) {
    long loaded = 0;
    long expired = 0;
    long unmodelled = 0;
    try (RdbFileReader r = RdbFileReader.open(in, ks.encodingLimits().forLoading())) {
      for (RdbFileReader.Entry e = r.next(); e != null; e = r.next()) {
        if (e.db() < 0 || e.db() >= Keyspace.DATABASES) {
          throw new IllegalArgumentException("database " + e.db() + " of the file is out of range");
        }
        if (e.isExpiredAt(now)) {
          expired++;
          continue;
        }
        Object v = Values.load(e.value());
        if (v == null) {
          unmodelled++;
          continue;
        }
        Database db = ks.db(e.db());
        db.setKey(e.key(), v);
        if (e.expireAtMs() != -1) {
          db.setExpire(e.key(), e.expireAtMs());
        }
        loaded++;
      }
      return new Keyspace.RdbLoad(loaded, expired, unmodelled, r.skippedEmptyKeys().size());
    }
  }
}
