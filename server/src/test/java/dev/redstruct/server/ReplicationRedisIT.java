package dev.redstruct.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.testkit.RedisTest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The replication stream and the keyspace notifications of a random write workload, the same on a
 * real Redis 7.0.15 and on our server. Each side gets a replica attached with {@code SYNC} and a
 * subscriber on {@code __key*__:*} ({@code notify-keyspace-events KEA}); then the same seeded
 * workload runs on both: every type's writes, reads (keymiss events: {@code KEAm}), TTLs (relative
 * and absolute, lazily expired keys), {@code MULTI}/{@code EXEC}, blocking pops served by a push,
 * scripts, database switches, stream consumer groups (XADD with generated IDs and approximate
 * trims, XREADGROUP, XCLAIM, XAUTOCLAIM, XACK, XGROUP, XSETID: Redis 7.0.15 propagates their
 * effects as XCLAIM and XGROUP SETID / CREATECONSUMER, src/t_stream.c). The propagated commands
 * (absolute times masked) and the notification messages must be equal. Replay with {@code
 * -Dredstruct.seed=...}.
 */
@RedisTest
class ReplicationRedisIT {
  private static final long SEED = Long.getLong("redstruct.seed", System.nanoTime());
  private static final int STEPS = 220;

  private static RedisServer ours;

  @BeforeAll
  static void start() {
    ours = RedisServer.start("--port", "0", "--enable-debug-command", "yes", "--save", "");
  }

  @AfterAll
  static void stop() {
    ours.close();
  }

  @Test
  void streamsAndNotificationsAgree(dev.redstruct.testkit.RedisServer unused) {
    // a redis-server of its own, where DEBUG SET-ACTIVE-EXPIRE 0 works (lazy expiry only)
    try (dev.redstruct.testkit.RedisServer real =
        dev.redstruct.testkit.RedisServer.start(List.of("--enable-debug-command", "yes"))) {
      check(real);
    }
  }

  private static void check(dev.redstruct.testkit.RedisServer real) {
    System.out.println("ReplicationRedisIT seed=" + SEED + " (-Dredstruct.seed=" + SEED + ")");
    List<List<String>> workload = workload(new Random(SEED));
    String dump = System.getProperty("redstruct.replDump");
    if (dump != null) {
      StringBuilder sb = new StringBuilder();
      workload.forEach(c -> sb.append(String.join("\u0001", c)).append('\n'));
      try {
        java.nio.file.Files.writeString(java.nio.file.Path.of(dump), sb);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    Outcome want = run(real.port(), workload);
    Outcome got = run(ours.port(), workload);
    assertEquals(want.replies, got.replies, "replies, seed " + SEED);
    compare("replication stream", want.stream, got.stream);
    compare("notifications", want.events, got.events);
    assertTrue(want.stream.size() > STEPS / 2, "the workload propagates");
    System.out.printf(
        "ReplicationRedisIT: seed=%d commands=%d propagated=%d events=%d mismatches=0%n",
        SEED, workload.size(), want.stream.size(), want.events.size());
  }

  private static void compare(String what, List<String> want, List<String> got) {
    for (int i = 0; i < Math.min(want.size(), got.size()); i++) {
      if (!want.get(i).equals(got.get(i))) {
        String ctx =
            String.join("\n  ", want.subList(Math.max(0, i - 5), Math.min(want.size(), i + 3)));
        assertEquals(want.get(i), got.get(i), what + " #" + i + " seed " + SEED + "\n  " + ctx);
      }
    }
    assertEquals(want.size(), got.size(), what + " length, seed " + SEED);
  }

  /** What one server did: the replies, the replica's stream, the subscriber's messages. */
  record Outcome(List<String> replies, List<String> stream, List<String> events) {}

  // ------------------------------------------------------------------ the workload

  private static final String[] STR = {"s1", "s2", "s3"};
  private static final String[] LIST = {"l1", "l2", "l3"};
  private static final String[] SET = {"t1", "t2", "t3"};
  private static final String[] HASH = {"h1", "h2"};
  private static final String[] ZSET = {"z1", "z2", "z3"};

  /** Commands; "wait" pauses, "BLOCK ..." runs on the second client and is served by a push. */
  static List<List<String>> workload(Random r) {
    List<List<String>> w = new ArrayList<>();
    int[] ids = {1};
    for (int i = 0; i < STEPS; i++) {
      int kind = r.nextInt(20);
      if (kind == 0) {
        int n = 1 + r.nextInt(3);
        w.add(List.of("MULTI"));
        for (int j = 0; j < n; j++) {
          w.add(r.nextInt(4) == 0 ? stream(r, ids) : write(r));
        }
        w.add(List.of("EXEC"));
      } else if (kind == 1) {
        w.add(script(r));
      } else if (kind == 2) {
        String k = "x" + r.nextInt(3);
        w.add(List.of("SET", k, "v", "PX", "1"));
        w.add(List.of("wait"));
        w.add(r.nextBoolean() ? List.of("GET", k) : List.of("LPUSH", k, "a"));
      } else if (kind == 3) {
        w.add(blocking(r));
      } else if (kind == 4) {
        w.add(List.of("SELECT", Integer.toString(r.nextInt(2))));
      } else if (kind <= 7) {
        w.add(stream(r, ids));
      } else if (kind == 8) {
        w.add(read(r));
      } else {
        w.add(write(r));
      }
    }
    w.add(List.of("SELECT", "0"));
    return w;
  }

  private static String pick(Random r, String[] keys) {
    return keys[r.nextInt(keys.length)];
  }

  private static String num(Random r) {
    return Integer.toString(r.nextInt(10));
  }

  static List<String> write(Random r) {
    String s = pick(r, STR);
    String l = pick(r, LIST);
    String t = pick(r, SET);
    String h = pick(r, HASH);
    String z = pick(r, ZSET);
    String later = Long.toString(System.currentTimeMillis() / 1000 + 1000);
    return switch (r.nextInt(46)) {
      case 0 -> List.of("SET", s, num(r));
      case 1 -> List.of("SET", s, num(r), "EX", "100");
      case 2 -> List.of("SET", s, num(r), "PX", "100000", "NX");
      case 3 -> List.of("SETEX", s, "100", num(r));
      case 4 -> List.of("PSETEX", s, "100000", num(r));
      case 5 -> List.of("GETEX", s, "EX", "200");
      case 6 -> List.of("GETEX", s, "PERSIST");
      case 7 -> List.of("GETDEL", s);
      case 8 -> List.of("GETSET", s, num(r));
      case 9 -> List.of("INCRBYFLOAT", "f", "1.5");
      case 10 -> List.of("INCR", "n");
      case 11 -> List.of("APPEND", s, "x");
      case 12 -> List.of("EXPIRE", pick(r, new String[] {s, l, t}), "100");
      case 13 -> List.of("PEXPIRE", s, "100000", "NX");
      case 14 -> List.of("EXPIREAT", s, later);
      case 15 -> List.of("EXPIREAT", z, "1");
      case 16 -> List.of("PERSIST", s);
      case 17 -> List.of("DEL", s, l);
      case 18 -> List.of("LPUSH", l, num(r), num(r));
      case 19 -> List.of("RPUSH", l, num(r));
      case 20 -> List.of("LPOP", l);
      case 21 -> List.of("RPOP", l, "2");
      case 22 -> List.of("LMPOP", "2", l, pick(r, LIST), "LEFT", "COUNT", "3");
      case 23 -> List.of("LMOVE", l, pick(r, LIST), "LEFT", "RIGHT");
      case 24 -> List.of("RPOPLPUSH", l, pick(r, LIST));
      case 25 -> List.of("LTRIM", l, "0", "1");
      case 26 -> List.of("LREM", l, "0", num(r));
      case 27 -> List.of("LINSERT", l, "BEFORE", num(r), "p");
      case 28 -> List.of("SADD", t, num(r), num(r));
      case 29 -> List.of("SREM", t, num(r));
      case 30 -> List.of("SMOVE", t, pick(r, SET), num(r));
      case 31 -> List.of("SINTERSTORE", t, pick(r, SET), pick(r, SET));
      case 32 -> List.of("SUNIONSTORE", t, pick(r, SET), pick(r, SET));
      case 33 -> List.of("SPOP", t, "100");
      case 34 -> List.of("HSET", h, num(r), num(r));
      case 35 -> List.of("HDEL", h, num(r), num(r));
      case 36 -> List.of("HINCRBY", h, "c", "2");
      case 37 -> List.of("HINCRBYFLOAT", h, "d", "0.25");
      case 38 -> List.of("ZADD", z, num(r), "m" + num(r));
      case 39 -> List.of("ZADD", z, "INCR", "1", "m" + num(r));
      case 40 -> List.of("ZREM", z, "m" + num(r));
      case 41 -> List.of("ZREMRANGEBYSCORE", z, "0", "3");
      case 42 -> List.of("ZPOPMIN", z);
      case 43 -> List.of("ZMPOP", "2", z, pick(r, ZSET), "MAX", "COUNT", "2");
      case 44 -> List.of("ZUNIONSTORE", z, "2", pick(r, ZSET), pick(r, ZSET));
      default -> List.of("HSETNX", h, num(r), "v");
    };
  }

  /**
   * A read, whose missing keys raise keymiss events (Redis: lookupKeyRead; OBJECT does not, nor do
   * writes; writes that read, GETDEL, SET ... GET, SORT ... STORE, COPY and the *STOREs' inputs,
   * do).
   */
  static List<String> read(Random r) {
    String s = pick(r, STR);
    String x = "nosuch" + r.nextInt(2);
    return switch (r.nextInt(19)) {
      case 16 -> List.of("SORT", pick(r, SET), "BY", "w_*", "GET", "#", "GET", "o_*", "STORE", x);
      case 17 -> List.of("COPY", x, "c" + s);
      case 18 -> List.of("SET", x, "v", "GET");
      case 0 -> List.of("GET", s);
      case 1 -> List.of("MGET", s, x, pick(r, STR));
      case 2 -> List.of("EXISTS", s, x, pick(r, LIST));
      case 3 -> List.of("TYPE", pick(r, SET));
      case 4 -> List.of("TTL", x);
      case 5 -> List.of("LRANGE", pick(r, LIST), "0", "-1");
      case 6 -> List.of("SUNION", pick(r, SET), x);
      case 7 -> List.of("HGETALL", pick(r, HASH));
      case 8 -> List.of("ZUNION", "2", pick(r, ZSET), x);
      case 9 -> List.of("ZSCORE", pick(r, ZSET), "m1");
      case 10 -> List.of("XREAD", "COUNT", "1", "STREAMS", pick(r, STREAM), x, "0", "0");
      case 11 -> List.of("XRANGE", pick(r, STREAM), "-", "+", "COUNT", "1");
      case 12 -> List.of("OBJECT", "ENCODING", x);
      case 13 -> List.of("GETDEL", x);
      case 14 -> List.of("PFCOUNT", x, s);
      default -> List.of("STRLEN", s);
    };
  }

  private static final String[] STREAM = {"x1", "x2"};

  /**
   * A stream command; {@code ids[0]} is the next entry ID's ms part (XADD uses "ms-*", so both
   * servers generate the same IDs and Redis propagates the generated one).
   */
  static List<String> stream(Random r, int[] ids) {
    String x = pick(r, STREAM);
    String c = "c" + r.nextInt(3);
    String id = r.nextInt(ids[0] + 1) + "-" + r.nextInt(2);
    String id2 = r.nextInt(ids[0] + 1) + "-" + r.nextInt(2);
    return switch (r.nextInt(20)) {
      case 0, 1 -> List.of("XADD", x, ids[0]++ + "-*", "f", num(r));
      case 2 -> List.of("XADD", x, "MAXLEN", "~", "3", ids[0]++ + "-*", "f", num(r));
      case 3 -> List.of("XADD", x, "MINID", "~", id, "LIMIT", "8", ids[0]++ + "-*", "f", "v");
      case 4 -> List.of("XGROUP", "CREATE", x, "g", "0");
      case 5 -> List.of("XGROUP", "CREATE", x, "g", "$", "MKSTREAM", "ENTRIESREAD", "1");
      case 6, 7 -> List.of("XREADGROUP", "GROUP", "g", c, "COUNT", "2", "STREAMS", x, ">");
      case 8 -> List.of("XREADGROUP", "GROUP", "g", c, "NOACK", "STREAMS", "x1", "x2", ">", ">");
      case 9 -> List.of("XREADGROUP", "GROUP", "g", c, "STREAMS", x, "0");
      case 10 -> List.of("XCLAIM", x, "g", c, "0", id, id2, "RETRYCOUNT", "5");
      case 11 -> List.of("XCLAIM", x, "g", c, "0", id, "JUSTID", "LASTID", ids[0] + "-0");
      case 12 -> List.of("XAUTOCLAIM", x, "g", c, "0", "0", "COUNT", "3");
      case 13 -> List.of("XACK", x, "g", id, id2);
      case 14 -> List.of("XDEL", x, id, id2);
      case 15 -> List.of("XGROUP", "SETID", x, "g", r.nextBoolean() ? "$" : "0");
      case 16 -> List.of("XGROUP", r.nextBoolean() ? "CREATECONSUMER" : "DELCONSUMER", x, "g", c);
      case 17 -> List.of("XGROUP", "DESTROY", x, "g");
      case 18 -> List.of("XTRIM", x, "MAXLEN", "~", "2");
      default -> List.of("XSETID", x, ids[0]++ + "-5");
    };
  }

  static List<String> script(Random r) {
    return switch (r.nextInt(3)) {
      case 0 ->
          List.of(
              "EVAL",
              "redis.call('set', KEYS[1], ARGV[1]); return redis.call('incr', KEYS[2])",
              "2",
              pick(r, STR),
              "n",
              num(r));
      case 1 -> List.of("EVAL", "return redis.call('get', KEYS[1])", "1", pick(r, STR));
      default ->
          List.of(
              "EVAL",
              "redis.call('lpush', KEYS[1], 'e'); redis.call('expire', KEYS[1], 100);"
                  + " return redis.call('lpop', KEYS[1])",
              "1",
              pick(r, LIST));
    };
  }

  static List<String> blocking(Random r) {
    String key = "b" + r.nextInt(2);
    return switch (r.nextInt(5)) {
      case 0 -> List.of("BLOCK", "BLPOP", key, "0");
      case 1 -> List.of("BLOCK", "BRPOPLPUSH", key, "bd", "0");
      case 2 -> List.of("BLOCK", "BLMPOP", "0", "1", key, "RIGHT", "COUNT", "2");
      case 3 -> {
        String c = "c" + r.nextInt(2);
        yield r.nextBoolean()
            ? List.of("BLOCK", "XREADGROUP", "GROUP", "bg", c, "BLOCK", "0", "STREAMS", "bs", ">")
            : List.of(
                "BLOCK",
                "XREADGROUP",
                "GROUP",
                "bg",
                c,
                "NOACK",
                "BLOCK",
                "0",
                "STREAMS",
                "bs",
                ">");
      }
      default -> List.of("BLOCK", "BZPOPMIN", "bz", "0");
    };
  }

  // ------------------------------------------------------------------ one run

  static Outcome run(int port, List<List<String>> workload) {
    List<String> replies = new ArrayList<>();
    try (Resp cmd = new Resp(port);
        Resp other = new Resp(port);
        Resp sub = new Resp(port);
        Resp replica = new Resp(port)) {
      cmd.call("FLUSHALL");
      assertEquals("+OK ", cmd.call("DEBUG", "SET-ACTIVE-EXPIRE", "0"));
      cmd.call("CONFIG", "SET", "repl-ping-replica-period", "3600");
      cmd.call("CONFIG", "SET", "notify-keyspace-events", "KEAm"); // m: keymiss
      cmd.call("CONFIG", "SET", "stream-node-max-entries", "4"); // approximate trims trim
      for (String db : new String[] {"1", "0"}) { // the group blocked XREADGROUPs read
        cmd.call("SELECT", db);
        cmd.call("XGROUP", "CREATE", "bs", "bg", "$", "MKSTREAM");
      }
      cmd.call("SCRIPT", "FLUSH");
      sub.send("PSUBSCRIBE", "__key*__:*");
      sub.readReply();
      replica.attach();
      String db = "0";
      for (List<String> c : workload) {
        if (c.get(0).equals("SELECT")) {
          db = c.get(1);
        }
        if (c.get(0).equals("wait")) {
          Wire.pause(5);
        } else if (c.get(0).equals("BLOCK")) {
          other.call("SELECT", db);
          replies.add(servedBlock(cmd, other, c.subList(1, c.size())));
        } else {
          replies.add(cmd.call(c.toArray(new String[0])));
        }
      }
      cmd.call("SET", "end-marker", "1");
      cmd.call("PUBLISH", "end-channel", "1");
      List<String> stream = replica.streamUntil("set end-marker 1");
      List<String> events = new ArrayList<>();
      String m;
      while (!(m = sub.readReply()).contains("end-marker")) {
        events.add(m);
      }
      cmd.call("CONFIG", "SET", "notify-keyspace-events", "");
      cmd.call("CONFIG", "SET", "stream-node-max-entries", "100");
      cmd.call("DEBUG", "SET-ACTIVE-EXPIRE", "1");
      return new Outcome(replies, stream, events);
    }
  }

  /** Blocks the second client, waits until it is blocked, then pushes to serve it. */
  private static String servedBlock(Resp cmd, Resp other, List<String> c) {
    other.send(c.toArray(new String[0]));
    for (int i = 0; i < 200 && !cmd.call("CLIENT", "LIST").contains("flags=b"); i++) {
      Wire.pause(2);
    }
    String key = c.get(0).equals("BLMPOP") ? c.get(3) : c.get(1);
    String push =
        switch (c.get(0)) {
          case "BZPOPMIN" -> cmd.call("ZADD", key, "1", "a", "2", "b");
          case "XREADGROUP" -> cmd.call("XADD", "bs", "*", "f", "v");
          default -> cmd.call("RPUSH", key, "a", "b", "c");
        };
    return (push + other.readReply()).replaceAll("\\b1\\d{12}\\b", "<ms>"); // XADD's new IDs
  }

  /** A RESP2 connection: commands as arrays, replies as their raw bytes. */
  static final class Resp implements AutoCloseable {
    private final Socket socket;
    private final OutputStream out;
    private final InputStream in;

    Resp(int port) {
      try {
        socket = new Socket("127.0.0.1", port);
        socket.setTcpNoDelay(true);
        socket.setSoTimeout(5000);
        out = socket.getOutputStream();
        in = new java.io.BufferedInputStream(socket.getInputStream());
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    void send(String... argv) {
      ByteArrayOutputStream b = new ByteArrayOutputStream();
      b.writeBytes(("*" + argv.length + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
      for (String a : argv) {
        byte[] x = a.getBytes(StandardCharsets.UTF_8);
        b.writeBytes(("$" + x.length + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
        b.writeBytes(x);
        b.writeBytes(new byte[] {'\r', '\n'});
      }
      try {
        out.write(b.toByteArray());
        out.flush();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    String call(String... argv) {
      send(argv);
      return readReply();
    }

    String readReply() {
      StringBuilder sb = new StringBuilder();
      frame(sb);
      return sb.toString();
    }

    private void frame(StringBuilder sb) {
      String line = line();
      sb.append(line).append(' ');
      char t = line.charAt(0);
      if (t == '$') {
        int n = Integer.parseInt(line.substring(1));
        if (n >= 0) {
          sb.append(new String(bytes(n + 2), 0, n, StandardCharsets.ISO_8859_1)).append(' ');
        }
      } else if (t == '*') {
        int n = Integer.parseInt(line.substring(1));
        for (int i = 0; i < n; i++) {
          frame(sb);
        }
      }
    }

    private byte[] bytes(int n) {
      try {
        byte[] b = in.readNBytes(n);
        if (b.length < n) {
          throw new IOException("closed");
        }
        return b;
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    private String line() {
      StringBuilder sb = new StringBuilder();
      try {
        int x;
        while ((x = in.read()) != '\n') {
          if (x < 0) {
            throw new IOException("closed");
          }
          if (x != '\r') {
            sb.append((char) x);
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return sb.toString();
    }

    /** SYNC, then the RDB payload is skipped (Redis sends newlines while it prepares it). */
    void attach() {
      send("SYNC");
      String head;
      do {
        head = line();
      } while (head.isEmpty());
      assertTrue(head.startsWith("$"), head);
      bytes(Integer.parseInt(head.substring(1)));
    }

    /**
     * The propagated commands up to and including {@code last}, each as its words with the name in
     * lower case and absolute times in ms masked; PINGs left out.
     */
    List<String> streamUntil(String last) {
      List<String> cmds = new ArrayList<>();
      while (true) {
        String head = line();
        if (head.isEmpty()) {
          continue;
        }
        int n = Integer.parseInt(head.substring(1));
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
          int len = Integer.parseInt(line().substring(1));
          String a = new String(bytes(len + 2), 0, len, StandardCharsets.ISO_8859_1);
          sb.append(i == 0 ? a.toLowerCase(java.util.Locale.ROOT) : a).append(i < n - 1 ? " " : "");
        }
        String c = sb.toString().replaceAll("\\b1\\d{12}\\b", "<ms>");
        if (!c.equals("ping")) {
          cmds.add(c);
        }
        if (c.equals(last)) {
          return cmds;
        }
      }
    }

    @Override
    public void close() {
      try {
        socket.close();
      } catch (IOException e) {
        // closing anyway
      }
    }
  }
}
