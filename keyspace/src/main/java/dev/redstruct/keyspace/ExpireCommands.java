package dev.redstruct.keyspace;

import dev.redstruct.core.resp.RedisWords;
import dev.redstruct.core.resp.ReplyError;
import java.util.ArrayList;
import java.util.List;

/**
 * EXPIRE, PEXPIRE, EXPIREAT, PEXPIREAT (with 7.0's NX, XX, GT, LT), TTL, PTTL, EXPIRETIME,
 * PEXPIRETIME and PERSIST, and the active expiry sweep. Redis: src/expire.c (7.0.15).
 */
final class ExpireCommands {
  private static final int NX = 1;
  private static final int XX = 2;
  private static final int GT = 4;
  private static final int LT = 8;

  /** Redis: ACTIVE_EXPIRE_CYCLE_KEYS_PER_LOOP and ACTIVE_EXPIRE_CYCLE_ACCEPTABLE_STALE (%). */
  private static final int KEYS_PER_LOOP = 20;

  private static final int ACCEPTABLE_STALE = 10;

  private ExpireCommands() {}

  static void expire(Call c) {
    expireGeneric(c, c.now, true);
  }

  static void pexpire(Call c) {
    expireGeneric(c, c.now, false);
  }

  static void expireat(Call c) {
    expireGeneric(c, 0, true);
  }

  static void pexpireat(Call c) {
    expireGeneric(c, 0, false);
  }

  /** Redis: parseExtendedExpireArgumentsOrReply. */
  private static int parseFlags(Call c) {
    int flags = 0;
    for (int j = 3; j < c.argv.length; j++) {
      byte[] opt = c.argv[j];
      if (RedisWords.is(opt, "nx")) {
        flags |= NX;
      } else if (RedisWords.is(opt, "xx")) {
        flags |= XX;
      } else if (RedisWords.is(opt, "gt")) {
        flags |= GT;
      } else if (RedisWords.is(opt, "lt")) {
        flags |= LT;
      } else {
        throw new ReplyError(Args.noNewlines("ERR Unsupported option " + Args.cString(opt)));
      }
    }
    if ((flags & NX) != 0 && (flags & (XX | GT | LT)) != 0) {
      throw new ReplyError("ERR NX and XX, GT or LT options at the same time are not compatible");
    }
    if ((flags & GT) != 0 && (flags & LT) != 0) {
      throw new ReplyError("ERR GT and LT options at the same time are not compatible");
    }
    return flags;
  }

  /** Redis: expireGenericCommand. */
  private static void expireGeneric(Call c, long basetime, boolean seconds) {
    int flags = parseFlags(c);
    long when = Args.parseLong(c.argv[2]);
    String timeError = "ERR invalid expire time in '" + c.cmd.fullName + "' command";
    if (seconds) {
      if (when > Long.MAX_VALUE / 1000 || when < Long.MIN_VALUE / 1000) {
        throw new ReplyError(timeError);
      }
      when *= 1000;
    }
    if (when > Long.MAX_VALUE - basetime) {
      throw new ReplyError(timeError);
    }
    when += basetime;
    byte[] key = c.argv[1];
    Database db = c.db();
    if (db.lookup(key, c.now) == null) {
      c.out.integer(0);
      return;
    }
    if (flags != 0 && !flagsAllow(flags, db.getExpire(key), when)) {
      c.out.integer(0);
      return;
    }
    if (when <= c.now) {
      db.delete(key);
      c.propagateAs(Propagation.DEL, key); // Redis: rewritten as DEL (UNLINK if lazy-expire)
      c.modified(key);
      db.generic("del", key);
    } else {
      db.setExpire(key, when);
      // Redis: argv[0] and argv[2] rewritten to the absolute form, options kept
      byte[][] p = c.argv.clone();
      p[0] = Propagation.PEXPIREAT;
      p[2] = dev.redstruct.core.RedisNumbers.ll2string(when);
      c.propagateAs(p);
      c.modified(key);
      db.generic("expire", key);
    }
    c.out.integer(1);
  }

  /** The NX/XX/GT/LT checks of expireGenericCommand; -1 is no TTL (an infinite one). */
  private static boolean flagsAllow(int flags, long current, long when) {
    if ((flags & NX) != 0 && current != -1) {
      return false;
    }
    if ((flags & XX) != 0 && current == -1) {
      return false;
    }
    if ((flags & GT) != 0 && (when <= current || current == -1)) {
      return false;
    }
    return (flags & LT) == 0 || current == -1 || when < current;
  }

  static void ttl(Call c) {
    ttlGeneric(c, false, false);
  }

  static void pttl(Call c) {
    ttlGeneric(c, true, false);
  }

  static void expiretime(Call c) {
    ttlGeneric(c, false, true);
  }

  static void pexpiretime(Call c) {
    ttlGeneric(c, true, true);
  }

  /** Redis: ttlGenericCommand. */
  private static void ttlGeneric(Call c, boolean ms, boolean absolute) {
    Database db = c.db();
    if (db.lookupNoTouch(c.argv[1], c.now) == null) { // Redis: LOOKUP_NOTOUCH
      c.out.integer(-2);
      return;
    }
    long expire = db.getExpire(c.argv[1]);
    if (expire == -1) {
      c.out.integer(-1);
      return;
    }
    long ttl = Math.max(0, absolute ? expire : expire - c.now);
    c.out.integer(ms ? ttl : (ttl + 500) / 1000);
  }

  /** Redis: persistCommand. */
  static void persist(Call c) {
    Database db = c.db();
    if (db.lookup(c.argv[1], c.now) != null && db.removeExpire(c.argv[1])) {
      c.modified(c.argv[1]);
      db.generic("persist", c.argv[1]);
      c.out.integer(1);
    } else {
      c.out.integer(0);
    }
  }

  /**
   * One database's share of an active expiry cycle: samples keys with a TTL along the expiry dict's
   * scan cursor, {@value #KEYS_PER_LOOP} at a time, deleting the expired ones, and goes on while
   * more than {@value #ACCEPTABLE_STALE} % of a sample was expired. Redis: the per-database loop of
   * activeExpireCycle (src/expire.c).
   *
   * @param budget in: how many keys may still be sampled; decremented
   * @return the number of keys deleted
   */
  static long sweep(Database db, long now, long[] budget) {
    long expired = 0;
    while (budget[0] > 0 && !db.expires.isEmpty()) {
      List<byte[]> due = new ArrayList<>();
      int[] sampled = {0};
      int want = (int) Math.min(KEYS_PER_LOOP, budget[0]);
      db.expiresCursor =
          db.expires.scan(
              db.expiresCursor,
              want,
              e -> {
                sampled[0]++;
                if (now > e.getValue()) {
                  due.add(e.getKey());
                }
              });
      for (byte[] key : due) {
        db.delete(key);
        db.expired(key);
        db.touchWatchedKey(key);
        db.ks().propagateDeletion(db.id, key);
      }
      expired += due.size();
      budget[0] -= Math.max(1, sampled[0]);
      if (sampled[0] == 0 || due.size() * 100L <= (long) sampled[0] * ACCEPTABLE_STALE) {
        break;
      }
    }
    return expired;
  }
}
