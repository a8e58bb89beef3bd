package dev.redstruct.keyspace;

import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.core.rdb.RdbPayload;
import dev.redstruct.core.resp.Glob;
import dev.redstruct.core.resp.RedisWords;
import dev.redstruct.core.resp.ReplyError;
import dev.redstruct.rdb.LoadLimits;
import dev.redstruct.rdb.RedisPayloads;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The commands on keys whatever their type: DEL, UNLINK, EXISTS, TYPE, RENAME, RENAMENX, MOVE,
 * COPY, TOUCH, RANDOMKEY, KEYS, SCAN, DUMP, RESTORE and OBJECT. Redis: src/db.c, src/object.c and
 * the DUMP/RESTORE part of src/cluster.c (7.0.15).
 */
final class KeyCommands {
  static final String ERR_SAME = "ERR source and destination objects are the same";
  static final String ERR_NO_KEY = "ERR no such key";

  /** Redis: OBJ_SHARED_REFCOUNT, the refcount OBJECT REFCOUNT shows for a shared integer. */
  static final long SHARED_REFCOUNT = Integer.MAX_VALUE;

  private KeyCommands() {}

  /** Redis: delGenericCommand (UNLINK frees in the background there; here the same). */
  static void del(Call c) {
    Database db = c.db();
    long n = 0;
    for (int j = 1; j < c.argv.length; j++) {
      db.expireIfNeeded(c.argv[j], c.now);
      if (db.delete(c.argv[j])) {
        c.modified(c.argv[j]);
        db.generic("del", c.argv[j]);
        n++;
      }
    }
    c.out.integer(n);
  }

  static void unlink(Call c) {
    del(c);
  }

  /** Redis: existsCommand: a key named twice counts twice; access clocks stay (NOTOUCH). */
  static void exists(Call c) {
    Database db = c.db();
    long n = 0;
    for (int j = 1; j < c.argv.length; j++) {
      if (db.lookupNoTouch(c.argv[j], c.now) != null) {
        n++;
      }
    }
    c.out.integer(n);
  }

  /** Redis: touchCommand: as EXISTS, but each key found has its access clock updated. */
  static void touch(Call c) {
    Database db = c.db();
    long n = 0;
    for (int j = 1; j < c.argv.length; j++) {
      if (db.lookup(c.argv[j], c.now) != null) {
        n++;
      }
    }
    c.out.integer(n);
  }

  /** Redis: typeCommand (NOTOUCH). */
  static void type(Call c) {
    Object v = c.db().lookupNoTouch(c.argv[1], c.now);
    c.out.simple(v == null ? "none" : Values.type(v).typeName());
  }

  static void rename(Call c) {
    renameGeneric(c, false);
  }

  static void renamenx(Call c) {
    renameGeneric(c, true);
  }

  /** Redis: renameGenericCommand: the value moves with its TTL. */
  private static void renameGeneric(Call c, boolean nx) {
    byte[] src = c.argv[1];
    byte[] dst = c.argv[2];
    Database db = c.db();
    Object v = db.lookup(src, c.now);
    if (v == null) {
      throw new ReplyError(ERR_NO_KEY);
    }
    if (Arrays.equals(src, dst)) {
      reply(c, nx, 0);
      return;
    }
    long expire = db.getExpire(src);
    int clock = db.clock(src); // Redis: the same robj moves, its lru with it
    if (db.lookup(dst, c.now) != null) {
      if (nx) {
        c.out.integer(0);
        return;
      }
      db.delete(dst);
    }
    db.put(dst, v);
    db.setClock(dst, clock);
    if (expire != -1) {
      db.setExpire(dst, expire);
    }
    db.delete(src);
    c.modified(src);
    c.modified(dst);
    db.generic("rename_from", src);
    db.generic("rename_to", dst);
    reply(c, nx, 1);
  }

  private static void reply(Call c, boolean nx, long n) {
    if (nx) {
      c.out.integer(n);
    } else {
      c.out.simple("OK");
    }
  }

  /** Redis: moveCommand. */
  static void move(Call c) {
    int dbid = Args.parseInt(c.argv[2], null);
    if (dbid < 0 || dbid >= Keyspace.DATABASES) {
      throw new ReplyError(ServerCommands.ERR_DB_RANGE);
    }
    Database src = c.db();
    Database dst = c.ks.db(dbid);
    if (src == dst) {
      throw new ReplyError(ERR_SAME);
    }
    byte[] key = c.argv[1];
    Object v = src.lookup(key, c.now);
    if (v == null || dst.lookup(key, c.now) != null) {
      c.out.integer(0);
      return;
    }
    long expire = src.getExpire(key);
    dst.put(key, v);
    dst.setClock(key, src.clock(key)); // Redis: the same robj moves, its lru with it
    if (expire != -1) {
      dst.setExpire(key, expire);
    }
    src.delete(key);
    src.touchWatchedKey(key);
    dst.touchWatchedKey(key);
    src.generic("move_from", key);
    dst.generic("move_to", key);
    c.out.integer(1);
  }

  /** Redis: copyCommand. */
  static void copy(Call c) {
    Database src = c.db();
    Database dst = src;
    boolean replace = false;
    for (int j = 3; j < c.argv.length; j++) {
      int additional = c.argv.length - j - 1;
      if (RedisWords.is(c.argv[j], "replace")) {
        replace = true;
      } else if (RedisWords.is(c.argv[j], "db") && additional >= 1) {
        int dbid = Args.parseInt(c.argv[j + 1], null);
        if (dbid < 0 || dbid >= Keyspace.DATABASES) {
          throw new ReplyError(ServerCommands.ERR_DB_RANGE);
        }
        dst = c.ks.db(dbid);
        j++;
      } else {
        throw new ReplyError(Args.ERR_SYNTAX);
      }
    }
    byte[] key = c.argv[1];
    byte[] newkey = c.argv[2];
    if (src == dst && Arrays.equals(key, newkey)) {
      throw new ReplyError(ERR_SAME);
    }
    Object v = src.lookup(key, c.now);
    if (v == null) {
      c.out.integer(0);
      return;
    }
    long expire = src.getExpire(key);
    if (dst.lookupNoNotify(newkey, c.now) != null) { // Redis: lookupKeyWrite
      if (!replace) {
        c.out.integer(0);
        return;
      }
      dst.delete(newkey);
    }
    dst.put(newkey, Values.dup(v));
    if (expire != -1) {
      dst.setExpire(newkey, expire);
    }
    dst.touchWatchedKey(newkey);
    dst.generic("copy_to", newkey);
    c.out.integer(1);
  }

  /** Redis: randomkeyCommand and dbRandomKey (expired keys met on the way are deleted). */
  static void randomkey(Call c) {
    Database db = c.db();
    while (true) {
      Map.Entry<byte[], Object> e = db.dict.fairRandomEntry(c.ks.random());
      if (e == null) {
        c.out.nullReply();
        return;
      }
      byte[] key = e.getKey();
      if (!db.expireIfNeeded(key, c.now)) {
        c.out.bulk(key);
        return;
      }
    }
  }

  /** Redis: keysCommand: expired keys are skipped, not deleted. */
  static void keys(Call c) {
    Database db = c.db();
    byte[] pattern = c.argv[1];
    boolean all = pattern.length == 1 && pattern[0] == '*';
    List<byte[]> found = new ArrayList<>();
    for (byte[] key : db.dict.keySet()) {
      if ((all || Glob.matches(pattern, key)) && !db.isExpired(key, c.now)) {
        found.add(key);
      }
    }
    c.out.bulks(found);
  }

  /** Redis: scanCommand and scanGenericCommand over the database's dict. */
  static void scan(Call c) {
    long cursor = parseCursor(c.argv[1]);
    long count = 10;
    byte[] pattern = null;
    byte[] typeName = null;
    for (int i = 2; i < c.argv.length; i += 2) {
      int left = c.argv.length - i;
      if (RedisWords.is(c.argv[i], "count") && left >= 2) {
        count = Args.parseLong(c.argv[i + 1]);
        if (count < 1) {
          throw new ReplyError(Args.ERR_SYNTAX);
        }
      } else if (RedisWords.is(c.argv[i], "match") && left >= 2) {
        pattern = c.argv[i + 1];
        if (pattern.length == 1 && pattern[0] == '*') {
          pattern = null;
        }
      } else if (RedisWords.is(c.argv[i], "type") && left >= 2) {
        typeName = c.argv[i + 1];
      } else {
        throw new ReplyError(Args.ERR_SYNTAX);
      }
    }
    Database db = c.db();
    List<byte[]> keys = new ArrayList<>();
    long next =
        db.dict.scan(cursor, (int) Math.min(count, Integer.MAX_VALUE), e -> keys.add(e.getKey()));
    List<byte[]> kept = new ArrayList<>(keys.size());
    for (byte[] key : keys) {
      if (pattern != null && !Glob.matches(pattern, key)) {
        continue;
      }
      if (typeName != null && !typeMatches(typeName, db.lookupNoTouch(key, c.now))) {
        continue;
      }
      if (db.expireIfNeeded(key, c.now)) {
        continue;
      }
      kept.add(key);
    }
    c.out.arrayHeader(2);
    c.out.bulk(Long.toUnsignedString(next).getBytes(StandardCharsets.US_ASCII));
    c.out.bulks(kept);
  }

  /** SCAN's TYPE filter: strcasecmp with getObjectTypeName ("none" for a missing key). */
  private static boolean typeMatches(byte[] wanted, Object v) {
    String name = v == null ? "none" : Values.type(v).typeName();
    return Args.cString(wanted).toLowerCase(Locale.ROOT).equals(name);
  }

  /**
   * Redis: parseScanCursorOrReply: C's strtoul in base 10 over the argument up to its first NUL; a
   * leading space, trailing characters or a value past 2^64-1 is an invalid cursor; a sign is
   * allowed and a minus negates modulo 2^64, as strtoul does; the empty string is cursor 0.
   */
  static long parseCursor(byte[] arg) {
    String s = Args.cString(arg);
    if (s.isEmpty()) {
      return 0;
    }
    char first = s.charAt(0);
    if (first == ' ' || (first >= '\t' && first <= '\r')) {
      throw new ReplyError("ERR invalid cursor");
    }
    int i = 0;
    boolean negative = false;
    if (first == '+' || first == '-') {
      negative = first == '-';
      i = 1;
    }
    if (i == s.length()) {
      throw new ReplyError("ERR invalid cursor");
    }
    long v = 0;
    for (; i < s.length(); i++) {
      char ch = s.charAt(i);
      if (ch < '0' || ch > '9') {
        throw new ReplyError("ERR invalid cursor");
      }
      int d = ch - '0';
      if (Long.compareUnsigned(v, Long.divideUnsigned(-1L - d, 10)) > 0) {
        throw new ReplyError("ERR invalid cursor");
      }
      v = v * 10 + d;
    }
    return negative ? -v : v;
  }

  /** Redis: dumpCommand. */
  static void dump(Call c) {
    Object v = c.db().lookup(c.argv[1], c.now);
    if (v == null) {
      c.out.nullReply();
    } else {
      c.out.bulk(Values.dump(v));
    }
  }

  /** Redis: restoreCommand. */
  static void restore(Call c) {
    boolean replace = false;
    boolean absttl = false;
    long idle = -1;
    long freq = -1;
    for (int j = 4; j < c.argv.length; j++) {
      int additional = c.argv.length - j - 1;
      byte[] a = c.argv[j];
      if (RedisWords.is(a, "replace")) {
        replace = true;
      } else if (RedisWords.is(a, "absttl")) {
        absttl = true;
      } else if (RedisWords.is(a, "idletime") && additional >= 1 && freq == -1) {
        idle = Args.parseLong(c.argv[++j]);
        if (idle < 0) {
          throw new ReplyError("ERR Invalid IDLETIME value, must be >= 0");
        }
      } else if (RedisWords.is(a, "freq") && additional >= 1 && idle == -1) {
        freq = Args.parseLong(c.argv[++j]);
        if (freq < 0 || freq > 255) {
          throw new ReplyError("ERR Invalid FREQ value, must be >= 0 and <= 255");
        }
      } else {
        throw new ReplyError(Args.ERR_SYNTAX);
      }
    }
    byte[] key = c.argv[1];
    Database db = c.db();
    if (!replace && db.lookup(key, c.now) != null) {
      throw new ReplyError("BUSYKEY Target key name already exists.");
    }
    long ttl = Args.parseLong(c.argv[2]);
    if (ttl < 0) {
      throw new ReplyError("ERR Invalid TTL value, must be >= 0");
    }
    byte[] payload = c.argv[3];
    if (!RdbPayload.isValidDump(payload)) {
      throw new ReplyError("ERR DUMP payload version or checksum are wrong");
    }
    Object v = loadPayload(payload, c.ks.encodingLimits().forLoading());
    boolean deleted = replace && db.delete(key);
    if (ttl != 0 && !absttl) {
      ttl += c.now;
    }
    if (ttl != 0 && ttl <= c.now) {
      if (deleted) {
        c.propagateAs(Propagation.DEL, key);
        c.modified(key);
        db.generic("del", key);
      }
      c.out.simple("OK");
      return;
    }
    db.put(key, v);
    db.setClock(key, c.ks.objectClock().restored(db.clock(key), freq, idle, c.now));
    if (ttl != 0) {
      db.setExpire(key, ttl);
      if (!absttl) { // Redis: propagated with the absolute time and ABSTTL
        byte[][] p = java.util.Arrays.copyOf(c.argv, c.argv.length + 1);
        p[2] = dev.redstruct.core.RedisNumbers.ll2string(ttl);
        p[c.argv.length] = Propagation.ABSTTL;
        c.propagateAs(p);
      }
    }
    c.modified(key);
    db.generic("restore", key);
    c.out.simple("OK");
  }

  private static Object loadPayload(byte[] payload, LoadLimits limits) {
    Object v;
    try {
      v = Values.load(RedisPayloads.load(payload, limits));
    } catch (CorruptEncodingException e) {
      v = null;
    }
    if (v == null || Values.isEmpty(v)) {
      throw new ReplyError("ERR Bad data format");
    }
    return v;
  }

  /** Redis: objectCommand's ENCODING, REFCOUNT, IDLETIME and FREQ (see the README). */
  static void object(Call c) {
    Database db = c.db();
    Object v = db.lookupNoTouch(c.argv[2], c.now);
    if (v == null) {
      c.out.nullReply();
      return;
    }
    ObjectClock clock = c.ks.objectClock();
    String sub = Args.cString(c.argv[1]).toLowerCase(Locale.ROOT);
    switch (sub) {
      case "encoding" -> c.out.bulk(Values.encoding(v).getBytes(StandardCharsets.US_ASCII));
      case "refcount" -> c.out.integer(StringValues.isShared(v) ? SHARED_REFCOUNT : 1);
      case "idletime" -> {
        if (clock.lfu()) {
          throw new ReplyError(
              "ERR An LFU maxmemory policy is selected, idle time not tracked. Please note that"
                  + " when switching between policies at runtime LRU and LFU data will take some"
                  + " time to adjust.");
        }
        c.out.integer(ObjectClock.idleMillis(db.clock(c.argv[2]), c.now) / 1000);
      }
      default -> {
        if (!clock.lfu()) {
          throw new ReplyError(
              "ERR An LFU maxmemory policy is not selected, access frequency not tracked. Please"
                  + " note that when switching between policies at runtime LRU and LFU data will"
                  + " take some time to adjust.");
        }
        c.out.integer(clock.decrAndReturn(db.clock(c.argv[2]), c.now));
      }
    }
  }

  /** Redis: objectCommand's HELP, through addReplyHelp. */
  static void objectHelp(Call c) {
    String[] lines = {
      Args.cString(c.argv[0]).toUpperCase(Locale.ROOT)
          + " <subcommand> [<arg> [value] [opt] ...]. Subcommands are:",
      "ENCODING <key>",
      "    Return the kind of internal representation used in order to store the value",
      "    associated with a <key>.",
      "FREQ <key>",
      "    Return the access frequency index of the <key>. The returned integer is",
      "    proportional to the logarithm of the recent access frequency of the key.",
      "IDLETIME <key>",
      "    Return the idle time of the <key>, that is the approximated number of",
      "    seconds elapsed since the last access to the key.",
      "REFCOUNT <key>",
      "    Return the number of references of the value associated with the specified",
      "    <key>.",
      "HELP",
      "    Prints this help."
    };
    c.out.arrayHeader(lines.length);
    for (String l : lines) {
      c.out.simple(l);
    }
  }
}
