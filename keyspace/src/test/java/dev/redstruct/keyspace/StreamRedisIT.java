package dev.redstruct.keyspace;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.testkit.RedisTest;
import dev.redstruct.testkit.RespClient;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The stream commands against Redis 7.0.15: random XADD (explicit IDs, {@code ms-*}, MAXLEN/MINID
 * with {@code =}/{@code ~} and LIMIT, NOMKSTREAM), XDEL, XTRIM, XSETID, XRANGE/XREVRANGE (COUNT,
 * exclusive bounds), XLEN, XREAD, XGROUP (CREATE with MKSTREAM/ENTRIESREAD, SETID, DESTROY,
 * CREATECONSUMER, DELCONSUMER), XREADGROUP (NOACK, history), XACK, XPENDING's summary, XCLAIM and
 * XAUTOCLAIM with JUSTID, XINFO STREAM/GROUPS, plus errors, on both sides with the same small node
 * limits; every reply compared byte for byte (replies that carry times are left out: {@code *} IDs,
 * idle times, XINFO CONSUMERS). Each round ends with DUMP of every stream, compared byte for byte,
 * and RESTORE of Redis's DUMP on our side. Seed printed; replay with {@code -Dredstruct.seed=N}.
 */
@RedisTest
class StreamRedisIT {
  private static final int ROUNDS = Integer.getInteger("keyspace.it.streamRounds", 12);
  private static final int COMMANDS = 400;
  private static final String[] KEYS = {"s1", "s2", "s3", "str"};
  private static final String[] GROUPS = {"g1", "g2"};
  private static final String[] CONSUMERS = {"alice", "bob", "carol"};
  private static final String[] FIELDS = {"f", "g", "h", "123", "-5", "field-long-name"};

  private final TreeMap<String, Integer> counts = new TreeMap<>();
  private int dumps;
  private int restored;

  @Test
  void randomStreamCommandsMatchRedis(RespClient redis) {
    long seed = Long.getLong("redstruct.seed", System.nanoTime());
    System.out.println("StreamRedisIT seed " + seed);
    SplittableRandom r = new SplittableRandom(seed);
    Keyspace ks = Keyspace.create(System::currentTimeMillis, new SplittableRandom(seed));
    for (int round = 0; round < ROUNDS; round++) {
      long maxEntries = 1 + r.nextInt(12);
      long maxBytes = r.nextBoolean() ? 4096 : 60 + r.nextInt(200);
      redis.call("FLUSHALL");
      redis.call("CONFIG", "SET", "stream-node-max-entries", Long.toString(maxEntries));
      redis.call("CONFIG", "SET", "stream-node-max-bytes", Long.toString(maxBytes));
      ks.execute("FLUSHALL");
      ks.setStreamNodeLimits(maxBytes, maxEntries);
      ks.execute("SET", "str", "x");
      redis.call("SET", "str", "x");
      long[] ms = new long[KEYS.length];
      for (int i = 0; i < COMMANDS; i++) {
        byte[][] c = command(r, ms);
        String at = "seed " + seed + " round " + round + " cmd " + i + " " + show(c);
        assertArrayEquals(redis.callRaw(c), ks.execute(c), at);
        counts.merge(
            new String(c[0], ISO_8859_1).toUpperCase(java.util.Locale.ROOT), 1, Integer::sum);
      }
      for (String key : KEYS) {
        if (key.equals("str")) {
          continue;
        }
        // groups carry delivery and seen times: compare a copy without them, byte for byte
        for (byte[][] c :
            new byte[][][] {
              argv("COPY", key, "tmp"),
              argv("XGROUP", "DESTROY", "tmp", "g1"),
              argv("XGROUP", "DESTROY", "tmp", "g2"),
              argv("DUMP", "tmp"),
              argv("DEL", "tmp")
            }) {
          assertArrayEquals(redis.callRaw(c), ks.execute(c), "seed " + seed + " " + show(c));
        }
        dumps++;
        // the whole value, times included: Redis's DUMP restored here dumps the same bytes
        byte[] theirs = redis.callRaw(argv("DUMP", key));
        if (theirs[0] == '$' && theirs[1] != '-') {
          byte[] payload = bulk(theirs);
          byte[] ok = ks.execute(argv("RESTORE", key, "0", payload, "REPLACE"));
          assertEquals("+OK\r\n", new String(ok, ISO_8859_1));
          assertArrayEquals(theirs, ks.execute(argv("DUMP", key)), "RESTORE then DUMP " + key);
          restored++;
          // and Redis restores ours: our DUMP, restored there, dumps back the same bytes
          byte[] ours = bulk(ks.execute(argv("DUMP", key)));
          redis.call(argv("RESTORE", "back", "0", ours, "REPLACE"));
          assertArrayEquals(theirs, redis.callRaw(argv("DUMP", "back")), "Redis RESTOREs ours");
        }
      }
    }
    assertTrue(dumps > 0);
    System.out.println(
        "StreamRedisIT: "
            + ROUNDS * COMMANDS
            + " commands "
            + counts
            + ", "
            + dumps
            + " DUMPs without groups equal byte for byte, "
            + restored
            + " of Redis's DUMPs restored and dumped back unchanged; seed "
            + seed);
  }

  private static byte[] bulk(byte[] reply) {
    int i = 1;
    int len = 0;
    while (reply[i] != '\r') {
      len = len * 10 + (reply[i++] - '0');
    }
    return java.util.Arrays.copyOfRange(reply, i + 2, i + 2 + len);
  }

  private static String show(byte[][] c) {
    StringBuilder sb = new StringBuilder();
    for (byte[] a : c) {
      sb.append(new String(a, ISO_8859_1)).append(' ');
    }
    return sb.toString();
  }

  static byte[][] argv(Object... parts) {
    byte[][] out = new byte[parts.length][];
    for (int i = 0; i < parts.length; i++) {
      out[i] = parts[i] instanceof byte[] b ? b : parts[i].toString().getBytes(ISO_8859_1);
    }
    return out;
  }

  private static String pick(SplittableRandom r, String[] a) {
    return a[r.nextInt(a.length)];
  }

  /** A plausible ID around the key's current time, sometimes odd or invalid. */
  private static String id(SplittableRandom r, long[] ms, int k) {
    int x = r.nextInt(20);
    if (x == 0) {
      return "0-0";
    } else if (x == 1) {
      return "bad";
    } else if (x == 2) {
      return Long.toString(ms[k]);
    } else if (x == 3) {
      return "18446744073709551615-18446744073709551615";
    }
    long m = Math.max(0, ms[k] - 3 + r.nextInt(6));
    return m + "-" + r.nextInt(4);
  }

  private static String range(SplittableRandom r, long[] ms, int k, boolean start) {
    int x = r.nextInt(8);
    if (x == 0) {
      return start ? "-" : "+";
    } else if (x == 1) {
      return "(" + id(r, ms, k);
    }
    return id(r, ms, k);
  }

  private static List<Object> fields(SplittableRandom r) {
    List<Object> out = new ArrayList<>();
    int n = 1 + r.nextInt(3);
    boolean same = r.nextInt(3) > 0;
    for (int i = 0; i < n; i++) {
      out.add(same ? FIELDS[i] : pick(r, FIELDS));
      out.add(r.nextInt(4) == 0 ? "v" + r.nextInt(100000) : Integer.toString(r.nextInt(1000)));
    }
    return out;
  }

  private static List<Object> trim(SplittableRandom r, long[] ms, int k) {
    List<Object> out = new ArrayList<>();
    if (r.nextBoolean()) {
      out.add("MAXLEN");
    } else {
      out.add("MINID");
    }
    int mode = r.nextInt(3);
    if (mode == 1) {
      out.add("~");
    } else if (mode == 2) {
      out.add("=");
    }
    out.add(out.get(0).equals("MAXLEN") ? Integer.toString(r.nextInt(30)) : id(r, ms, k));
    if (mode == 1 && r.nextInt(3) == 0) {
      out.add("LIMIT");
      out.add(Integer.toString(r.nextInt(20)));
    }
    return out;
  }

  private static byte[][] command(SplittableRandom r, long[] ms) {
    int k = r.nextInt(KEYS.length);
    String key = KEYS[k];
    String g = pick(r, GROUPS);
    String c = pick(r, CONSUMERS);
    List<Object> a = new ArrayList<>();
    int x = r.nextInt(100);
    if (x < 40) {
      ms[k] += r.nextInt(3);
      a.add("XADD");
      a.add(key);
      if (r.nextInt(10) == 0) {
        a.add("NOMKSTREAM");
      }
      if (r.nextInt(5) == 0) {
        a.addAll(trim(r, ms, k));
      }
      a.add(r.nextInt(4) == 0 ? ms[k] + "-*" : ms[k] + "-" + r.nextInt(5));
      a.addAll(fields(r));
    } else if (x < 48) {
      a.add(r.nextBoolean() ? "XRANGE" : "XREVRANGE");
      a.add(key);
      a.add(range(r, ms, k, true));
      a.add(range(r, ms, k, false));
      if (r.nextBoolean()) {
        a.add("COUNT");
        a.add(Integer.toString(r.nextInt(6) - 1));
      }
    } else if (x < 53) {
      a.add("XDEL");
      a.add(key);
      for (int i = 0; i <= r.nextInt(3); i++) {
        a.add(id(r, ms, k));
      }
    } else if (x < 57) {
      a.add("XTRIM");
      a.add(key);
      a.addAll(trim(r, ms, k));
    } else if (x < 59) {
      a.add("XLEN");
      a.add(key);
    } else if (x < 61) {
      a.add("XSETID");
      a.add(key);
      a.add(id(r, ms, k));
    } else if (x < 65) {
      a.add("XREAD");
      if (r.nextBoolean()) {
        a.add("COUNT");
        a.add(Integer.toString(r.nextInt(4)));
      }
      a.add("STREAMS");
      a.add(key);
      a.add(KEYS[(k + 1) % KEYS.length]);
      a.add(id(r, ms, k));
      a.add(r.nextBoolean() ? "$" : id(r, ms, k));
    } else if (x < 71) {
      a.add("XGROUP");
      int y = r.nextInt(5);
      if (y == 0) {
        a.add("CREATE");
        a.add(key);
        a.add(g);
        a.add(r.nextBoolean() ? "$" : id(r, ms, k));
        if (r.nextBoolean()) {
          a.add("MKSTREAM");
        }
        if (r.nextInt(4) == 0) {
          a.add("ENTRIESREAD");
          a.add(Integer.toString(r.nextInt(5)));
        }
      } else if (y == 1) {
        a.add("SETID");
        a.add(key);
        a.add(g);
        a.add(r.nextBoolean() ? "$" : id(r, ms, k));
      } else if (y == 2) {
        a.add("DESTROY");
        a.add(key);
        a.add(g);
      } else {
        a.add(y == 3 ? "CREATECONSUMER" : "DELCONSUMER");
        a.add(key);
        a.add(g);
        a.add(c);
      }
    } else if (x < 80) {
      a.add("XREADGROUP");
      a.add("GROUP");
      a.add(g);
      a.add(c);
      if (r.nextBoolean()) {
        a.add("COUNT");
        a.add(Integer.toString(r.nextInt(4)));
      }
      if (r.nextInt(5) == 0) {
        a.add("NOACK");
      }
      a.add("STREAMS");
      a.add(key);
      a.add(r.nextInt(4) == 0 ? "0" : ">");
    } else if (x < 86) {
      a.add("XACK");
      a.add(key);
      a.add(g);
      for (int i = 0; i <= r.nextInt(3); i++) {
        a.add(id(r, ms, k));
      }
    } else if (x < 89) {
      a.add("XPENDING");
      a.add(key);
      a.add(g);
    } else if (x < 93) {
      a.add("XCLAIM");
      a.add(key);
      a.add(g);
      a.add(c);
      a.add("0");
      for (int i = 0; i <= r.nextInt(3); i++) {
        a.add(id(r, ms, k));
      }
      if (r.nextBoolean()) {
        a.add("JUSTID");
      }
      if (r.nextInt(4) == 0) {
        a.add("FORCE");
      }
      if (r.nextInt(4) == 0) {
        a.add("RETRYCOUNT");
        a.add(Integer.toString(r.nextInt(5)));
      }
      if (r.nextInt(6) == 0) {
        a.add("LASTID");
        a.add(id(r, ms, k));
      }
    } else if (x < 96) {
      a.add("XAUTOCLAIM");
      a.add(key);
      a.add(g);
      a.add(c);
      a.add("0");
      a.add(range(r, ms, k, true));
      a.add("COUNT");
      a.add(Integer.toString(1 + r.nextInt(3)));
      a.add("JUSTID");
    } else if (x < 97) {
      a.add("XINFO");
      a.add("STREAM");
      a.add(key);
    } else if (x < 98) {
      a.add(r.nextBoolean() ? "XINFO" : "XGROUP");
      a.add(r.nextBoolean() ? "HELP" : "NOPE");
    } else {
      a.add("XINFO");
      a.add("GROUPS");
      a.add(key);
    }
    return argv(a.toArray());
  }
}
