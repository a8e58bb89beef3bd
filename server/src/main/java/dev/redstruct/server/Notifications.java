package dev.redstruct.server;

import dev.redstruct.core.RedisNumbers;
import java.nio.charset.StandardCharsets;

/**
 * Keyspace notifications: the {@code notify-keyspace-events} classes and the messages published on
 * {@code __keyspace@<db>__:<key>} and {@code __keyevent@<db>__:<event>}. Redis 7.0.15:
 * src/notify.c. {@link #set} is the setter for {@code CONFIG SET notify-keyspace-events}.
 */
final class Notifications {
  static final int KEYSPACE = 1;
  static final int KEYEVENT = 1 << 1;
  static final int GENERIC = 1 << 2;
  static final int STRING = 1 << 3;
  static final int LIST = 1 << 4;
  static final int SET = 1 << 5;
  static final int HASH = 1 << 6;
  static final int ZSET = 1 << 7;
  static final int EXPIRED = 1 << 8;
  static final int EVICTED = 1 << 9;
  static final int STREAM = 1 << 10;
  static final int KEY_MISS = 1 << 11;
  static final int MODULE = 1 << 13;
  static final int NEW = 1 << 14;
  static final int ALL =
      GENERIC | STRING | LIST | SET | HASH | ZSET | EXPIRED | EVICTED | STREAM | MODULE;

  private final PubSub pubsub;

  /** Written by set() from any thread; read on the command thread for each event. */
  private volatile int flags;

  Notifications(PubSub pubsub) {
    this.pubsub = pubsub;
  }

  /**
   * Sets the classes, as {@code CONFIG SET notify-keyspace-events} does.
   *
   * @param classes Redis's letters ({@code "KEA"}, {@code "Kg$x"}, {@code ""} for none)
   * @return false (nothing changed) if a letter is not one of Redis's
   */
  boolean set(String classes) {
    int f = parse(classes);
    if (f < 0) {
      return false;
    }
    flags = f;
    return true;
  }

  /**
   * The classes as {@code CONFIG GET notify-keyspace-events} prints them.
   *
   * @return Redis's canonical letters, e.g. {@code "AKE"}
   */
  String get() {
    return format(flags);
  }

  /** Redis: keyspaceEventsStringToFlags; -1 for an unknown letter. */
  static int parse(String classes) {
    int f = 0;
    for (char ch : classes.toCharArray()) {
      int bit = "KEg$lshzxetmdn".indexOf(ch);
      if (ch == 'A') {
        f |= ALL;
      } else if (bit < 0) {
        return -1;
      } else {
        f |=
            new int[] {
                  KEYSPACE, KEYEVENT, GENERIC, STRING, LIST, SET, HASH, ZSET, EXPIRED, EVICTED,
                  STREAM, KEY_MISS, MODULE, NEW
                }
                [bit];
      }
    }
    return f;
  }

  /** Redis: keyspaceEventsFlagsToString. */
  static String format(int f) {
    StringBuilder sb = new StringBuilder();
    if ((f & ALL) == ALL) {
      sb.append('A');
    } else {
      String letters = "g$lshzxetdn";
      int[] bits = {GENERIC, STRING, LIST, SET, HASH, ZSET, EXPIRED, EVICTED, STREAM, MODULE, NEW};
      for (int i = 0; i < bits.length; i++) {
        if ((f & bits[i]) != 0) {
          sb.append(letters.charAt(i));
        }
      }
    }
    if ((f & KEYSPACE) != 0) {
      sb.append('K');
    }
    if ((f & KEYEVENT) != 0) {
      sb.append('E');
    }
    if ((f & KEY_MISS) != 0) {
      sb.append('m');
    }
    return sb.toString();
  }

  /** Redis: notifyKeyspaceEvent. */
  void publish(int type, String event, byte[] key, int db) {
    int f = flags;
    if ((f & type) == 0) {
      return;
    }
    byte[] ev = event.getBytes(StandardCharsets.ISO_8859_1);
    byte[] dbid = RedisNumbers.ll2string(db);
    if ((f & KEYSPACE) != 0) {
      pubsub.publish(channel("__keyspace@", dbid, key), ev, false);
    }
    if ((f & KEYEVENT) != 0) {
      pubsub.publish(channel("__keyevent@", dbid, ev), key, false);
    }
  }

  private static byte[] channel(String prefix, byte[] db, byte[] tail) {
    byte[] p = prefix.getBytes(StandardCharsets.ISO_8859_1);
    byte[] c = new byte[p.length + db.length + 3 + tail.length];
    System.arraycopy(p, 0, c, 0, p.length);
    System.arraycopy(db, 0, c, p.length, db.length);
    c[p.length + db.length] = '_';
    c[p.length + db.length + 1] = '_';
    c[p.length + db.length + 2] = ':';
    System.arraycopy(tail, 0, c, p.length + db.length + 3, tail.length);
    return c;
  }
}
