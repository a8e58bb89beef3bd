package dev.redstruct.keyspace;

import dev.redstruct.core.resp.ReplyError;
import dev.redstruct.core.resp.RespWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * MULTI, EXEC, DISCARD, WATCH and UNWATCH. Redis: src/multi.c (7.0.15).
 *
 * <p>A command refused while queueing (unknown, wrong arity) marks the transaction and EXEC answers
 * {@code EXECABORT}; a command that fails when EXEC runs it answers its error inside EXEC's array
 * and the others still run. A WATCHed key touched by any session (a write, a lazy or active expiry,
 * FLUSHDB, FLUSHALL, SWAPDB) makes EXEC answer the null array.
 */
final class Transactions {
  private Transactions() {}

  /** The commands processCommand runs instead of queueing while a MULTI is open. */
  static boolean runsInMulti(Command cmd) {
    return switch (cmd.fullName) {
      case "exec", "discard", "multi", "watch" -> true;
      default -> false;
    };
  }

  static void multi(Call c) {
    if (c.session.inMulti) {
      throw new ReplyError("ERR MULTI calls can not be nested");
    }
    c.session.inMulti = true;
    c.out.simple("OK");
  }

  static void discard(Call c) {
    if (!c.session.inMulti) {
      throw new ReplyError("ERR DISCARD without MULTI");
    }
    c.session.discardTransaction();
    c.out.simple("OK");
  }

  /** Redis: execCommand. */
  static void exec(Call c) {
    Session s = c.session;
    if (!s.inMulti) {
      throw new ReplyError("ERR EXEC without MULTI");
    }
    if (isWatchedKeyExpired(s, c.now)) {
      s.dirtyCas = true;
    }
    if (s.dirtyCas || s.dirtyExec) {
      boolean abort = s.dirtyExec;
      s.discardTransaction();
      if (abort) {
        throw new ReplyError("EXECABORT Transaction discarded because of previous errors.");
      }
      c.out.nullArrayReply();
      return;
    }
    s.unwatchAll();
    c.preventPropagation = true; // Redis: EXEC never propagates itself, its commands do
    List<byte[][]> queued = new ArrayList<>(s.queue);
    c.out.arrayHeader(queued.size());
    s.execRunning = true;
    try {
      for (byte[][] argv : queued) {
        Command cmd = c.ks.table().lookup(argv);
        c.out.raw(cmd != null ? c.ks.call(s, cmd, argv, c.now) : outside(s, argv));
      }
    } finally {
      s.execRunning = false;
    }
    s.discardTransaction();
  }

  /** A queued command of the session's caller: its reply, or Redis's unknown-command error. */
  private static byte[] outside(Session s, byte[][] argv) {
    byte[] r = s.outside == null ? null : s.outside.apply(argv);
    if (r == null) {
      r = new RespWriter(s.protocol).error(s.keyspace.refusal(argv)).toByteArray();
    }
    return r;
  }

  /** Redis: isWatchedKeyExpired. */
  private static boolean isWatchedKeyExpired(Session s, long now) {
    for (Database.WatchedKey wk : s.watchedKeys) {
      if (!wk.expired && wk.db.isExpired(wk.key, now)) {
        return true;
      }
    }
    return false;
  }

  /** Redis: watchCommand and watchForKey. */
  static void watch(Call c) {
    Session s = c.session;
    if (s.inMulti) {
      throw new ReplyError("ERR WATCH inside MULTI is not allowed");
    }
    if (!s.dirtyCas) {
      Database db = c.db();
      for (int j = 1; j < c.argv.length; j++) {
        watchForKey(s, db, c.argv[j], c.now);
      }
    }
    c.out.simple("OK");
  }

  private static void watchForKey(Session s, Database db, byte[] key, long now) {
    for (Database.WatchedKey wk : s.watchedKeys) {
      if (wk.db == db && java.util.Arrays.equals(wk.key, key)) {
        return;
      }
    }
    List<Database.WatchedKey> clients = db.watched.get(key);
    if (clients == null) {
      clients = new ArrayList<>(1);
      db.watched.put(key, clients);
    }
    Database.WatchedKey wk = new Database.WatchedKey(s, db, key, db.isExpired(key, now));
    s.watchedKeys.add(wk);
    clients.add(wk);
  }

  static void unwatch(Call c) {
    c.session.unwatchAll();
    c.session.dirtyCas = false;
    c.out.simple("OK");
  }
}
