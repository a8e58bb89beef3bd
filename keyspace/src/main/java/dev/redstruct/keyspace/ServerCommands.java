package dev.redstruct.keyspace;

import dev.redstruct.core.resp.RedisWords;
import dev.redstruct.core.resp.ReplyError;

/**
 * The database-level commands: SELECT, SWAPDB, FLUSHDB, FLUSHALL, DBSIZE, and PING and ECHO. Redis:
 * src/db.c and src/server.c (7.0.15), as a server without cluster mode.
 */
final class ServerCommands {
  static final String ERR_DB_RANGE = "ERR DB index is out of range";

  private ServerCommands() {}

  /** Redis: selectCommand. */
  static void select(Call c) {
    int id = Args.parseInt(c.argv[1], null);
    if (id < 0 || id >= Keyspace.DATABASES) {
      throw new ReplyError(ERR_DB_RANGE);
    }
    c.session.db = id;
    c.out.simple("OK");
  }

  /** Redis: swapdbCommand and dbSwapDatabases. */
  static void swapdb(Call c) {
    int id1 = Args.parseInt(c.argv[1], "ERR invalid first DB index");
    int id2 = Args.parseInt(c.argv[2], "ERR invalid second DB index");
    if (id1 < 0 || id1 >= Keyspace.DATABASES || id2 < 0 || id2 >= Keyspace.DATABASES) {
      throw new ReplyError(ERR_DB_RANGE);
    }
    if (id1 != id2) {
      Database a = c.ks.db(id1);
      Database b = c.ks.db(id2);
      a.touchAllWatchedKeys(b, c.now);
      b.touchAllWatchedKeys(a, c.now);
      a.swapContents(b);
      Keyspace.KeyListener l = c.ks.listener();
      if (l != null) {
        l.databasesSwapped(id1, id2);
      }
    }
    c.out.simple("OK");
  }

  /** Redis: getFlushCommandFlags: SYNC, ASYNC or nothing (all flush synchronously here). */
  private static void flushFlags(Call c) {
    if (c.argv.length == 2
        && (RedisWords.is(c.argv[1], "sync") || RedisWords.is(c.argv[1], "async"))) {
      return;
    }
    if (c.argv.length != 1) {
      throw new ReplyError(Args.ERR_SYNTAX);
    }
  }

  /** Redis: flushdbCommand. */
  static void flushdb(Call c) {
    flushFlags(c);
    Database db = c.db();
    db.touchAllWatchedKeys(null, c.now);
    db.clear();
    c.forcePropagation = true; // Redis: propagated even when the database was empty
    c.out.simple("OK");
  }

  /** Redis: flushallCommand. */
  static void flushall(Call c) {
    flushFlags(c);
    for (Database db : c.ks.dbs()) {
      db.touchAllWatchedKeys(null, c.now);
      db.clear();
    }
    c.forcePropagation = true; // Redis: propagated even when the databases were empty
    c.out.simple("OK");
  }

  /** Redis: dbsizeCommand: expired keys not yet deleted count. */
  static void dbsize(Call c) {
    c.out.integer(c.db().size());
  }

  /** Redis: pingCommand, outside of a subscription. */
  static void ping(Call c) {
    if (c.argv.length > 2) {
      throw new ReplyError("ERR wrong number of arguments for 'ping' command");
    }
    if (c.argv.length == 1) {
      c.out.simple("PONG");
    } else {
      c.out.bulk(c.argv[1]);
    }
  }

  /** Redis: echoCommand. */
  static void echo(Call c) {
    c.out.bulk(c.argv[1]);
  }
}
