package dev.redstruct.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.testkit.RedisTest;
import dev.redstruct.testkit.RespClient;
import dev.redstruct.testkit.RespReply;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * maxmemory eviction and the keys' access clocks, the same on a real Redis 7.0.15 and on our
 * server. Evictions: under each of the eight policies, a data set whose outcome does not depend on
 * sampling (allkeys-*: every key goes; volatile-*: exactly the keys with a TTL go) is put under
 * {@code maxmemory 1}; the replies (OOM refusals, MULTI aborted), the keys left, INFO's
 * evicted_keys, the {@code evicted} events and the DELs a replica receives must agree (in order for
 * volatile-ttl, whose order is by expiry time; as sets otherwise, where ties follow hash order).
 * Clocks: OBJECT IDLETIME/FREQ and their errors, RESTORE IDLETIME/FREQ, TOUCH against EXISTS, TYPE
 * and TTL, DEBUG OBJECT's lru_seconds_idle, and the LFU counter after N accesses with
 * lfu-log-factor 0 (every access counts). Time-based figures may differ by one second (a clock tick
 * between the two runs).
 */
@RedisTest
class EvictionRedisIT {
  private static final List<String> POLICIES =
      List.of(
          "noeviction",
          "allkeys-lru",
          "allkeys-lfu",
          "allkeys-random",
          "volatile-lru",
          "volatile-lfu",
          "volatile-random",
          "volatile-ttl");

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
  void evictionsAgree(dev.redstruct.testkit.RedisServer real) {
    int events = 0;
    for (String policy : POLICIES) {
      Outcome want = evict(real.port(), policy);
      Outcome got = evict(ours.port(), policy);
      assertEquals(want.replies, got.replies, policy + " replies");
      assertEquals(want.stream, got.stream, policy + " replication stream");
      assertEquals(want.events, got.events, policy + " evicted events");
      events += want.events.size();
    }
    assertTrue(events > 10, "the scenarios evict");
    System.out.printf(
        "EvictionRedisIT: policies=%d evicted events=%d mismatches=0%n", POLICIES.size(), events);
  }

  /** What one server did: the replies, the replica's stream, the subscriber's messages. */
  record Outcome(List<String> replies, List<String> stream, List<String> events) {}

  private static Outcome evict(int port, String policy) {
    List<String> replies = new ArrayList<>();
    try (ReplicationRedisIT.Resp cmd = new ReplicationRedisIT.Resp(port);
        ReplicationRedisIT.Resp sub = new ReplicationRedisIT.Resp(port);
        ReplicationRedisIT.Resp replica = new ReplicationRedisIT.Resp(port)) {
      cmd.call("FLUSHALL");
      cmd.call("CONFIG", "SET", "maxmemory-policy", policy);
      cmd.call("CONFIG", "SET", "notify-keyspace-events", "KEe");
      cmd.call("CONFIG", "SET", "repl-ping-replica-period", "3600");
      sub.send("PSUBSCRIBE", "__key*__:*", "sync");
      sub.readReply();
      sub.readReply();
      replica.attach();
      replies.add(cmd.call("SET", "p1", "persistent"));
      replies.add(cmd.call("RPUSH", "p2", "a", "b"));
      replies.add(cmd.call("SET", "v1", "x", "EX", "1000"));
      replies.add(cmd.call("HSET", "v2", "f", "v"));
      replies.add(cmd.call("PEXPIRE", "v2", "500000"));
      replies.add(cmd.call("SELECT", "9"));
      replies.add(cmd.call("SADD", "v3", "m"));
      replies.add(cmd.call("EXPIRE", "v3", "700"));
      replies.add(cmd.call("SET", "p3", "y"));
      replies.add(cmd.call("SELECT", "0"));
      replies.add(cmd.call("CONFIG", "SET", "maxmemory", "1"));
      replies.add(cmd.call("GET", "p1")); // a read: evicts, not refused
      replies.add(cmd.call("SET", "new", "v")); // denyoom: refused, nothing left to evict
      replies.add(cmd.call("MULTI"));
      replies.add(cmd.call("GET", "p1")); // any command queued in MULTI is refused when OOM
      replies.add(cmd.call("EXEC"));
      replies.add(cmd.call("DBSIZE"));
      replies.add(cmd.call("SELECT", "9"));
      replies.add(cmd.call("DBSIZE"));
      replies.add(cmd.call("SELECT", "0"));
      replies.add(cmd.call("DEL", "p1")); // not denyoom
      replies.add(cmd.call("CONFIG", "SET", "maxmemory", "0"));
      replies.add(cmd.call("SET", "end-marker", "1"));
      String info = cmd.call("INFO", "stats");
      int at = info.indexOf("evicted_keys:");
      replies.add(info.substring(at, info.indexOf('\r', at)));
      replies.add(cmd.call("CONFIG", "SET", "maxmemory-policy", "noeviction"));
      replies.add(cmd.call("CONFIG", "RESETSTAT"));
      List<String> stream = replica.streamUntil("set end-marker 1");
      cmd.call("PUBLISH", "sync", "end");
      List<String> events = new ArrayList<>();
      String m;
      while (!(m = sub.readReply()).contains("sync $3 end")) {
        events.add(m);
      }
      cmd.call("CONFIG", "SET", "notify-keyspace-events", "");
      if (!policy.equals("volatile-ttl")) { // ties follow hash order: compare as sets
        Collections.sort(stream);
        Collections.sort(events);
      }
      return new Outcome(replies, stream, events);
    }
  }

  @Test
  void clocksAgree(dev.redstruct.testkit.RedisServer unused) {
    try (dev.redstruct.testkit.RedisServer real =
        dev.redstruct.testkit.RedisServer.start(List.of("--enable-debug-command", "yes"))) {
      List<String> want = clocks(real.port());
      List<String> got = clocks(ours.port());
      assertEquals(want.size(), got.size());
      for (int i = 0; i < want.size(); i++) {
        assertTrue(sameWithinASecond(want.get(i), got.get(i)), i + ": " + want + "\n" + got);
      }
      System.out.printf("EvictionRedisIT: clock steps=%d mismatches=0%n", want.size());
    }
  }

  /** Equal, or integer replies one apart (a second boundary between the runs). */
  static boolean sameWithinASecond(String want, String got) {
    if (want.equals(got)) {
      return true;
    }
    String w = want.replaceAll("[^0-9]", " ").trim();
    String g = got.replaceAll("[^0-9]", " ").trim();
    if (!want.replaceAll("[0-9]", "").equals(got.replaceAll("[0-9]", ""))) {
      return false;
    }
    String[] ws = w.split(" +");
    String[] gs = g.split(" +");
    if (ws.length != gs.length) {
      return false;
    }
    for (int i = 0; i < ws.length; i++) {
      if (Math.abs(Long.parseLong(ws[i]) - Long.parseLong(gs[i])) > 1) {
        return false;
      }
    }
    return true;
  }

  /** A connection whose commands may carry binary arguments (a DUMP payload). */
  private static final class Conn implements AutoCloseable {
    final RespClient client;
    byte[] payload;

    Conn(int port) {
      client = RespClient.connect(port);
    }

    /** Runs a command; the word "PAYLOAD" stands for the payload of the last DUMP. */
    String call(String... argv) {
      byte[][] b = RespClient.utf8(argv);
      for (int i = 0; i < argv.length; i++) {
        if (argv[i].equals("PAYLOAD")) {
          b[i] = payload;
        }
      }
      if (argv[0].equals("DUMP")) {
        payload = ((RespReply.Bulk) client.call(b)).value();
        return "dumped";
      }
      return Wire.s(client.callRaw(b));
    }

    @Override
    public void close() {
      client.close();
    }
  }

  private static List<String> clocks(int port) {
    List<String> r = new ArrayList<>();
    try (Conn c = new Conn(port)) {
      c.call("FLUSHALL");
      r.add(c.call("CONFIG", "SET", "maxmemory-policy", "allkeys-lru"));
      r.add(c.call("SET", "k", "hello"));
      r.add(c.call("OBJECT", "FREQ", "k"));
      r.add(c.call("OBJECT", "IDLETIME", "k"));
      r.add(c.call("OBJECT", "IDLETIME", "missing"));
      c.call("DUMP", "k");
      r.add(c.call("RESTORE", "old", "0", "PAYLOAD", "IDLETIME", "1000"));
      r.add(c.call("OBJECT", "IDLETIME", "old"));
      r.add(c.call("EXISTS", "old"));
      r.add(c.call("TYPE", "old"));
      r.add(c.call("TTL", "old"));
      r.add(c.call("OBJECT", "IDLETIME", "old")); // EXISTS, TYPE, TTL do not touch
      String debug = c.call("DEBUG", "OBJECT", "old");
      r.add(debug.substring(debug.indexOf("lru_seconds_idle:")));
      r.add(c.call("OBJECT", "IDLETIME", "old")); // nor DEBUG OBJECT
      r.add(c.call("TOUCH", "old", "missing"));
      r.add(c.call("OBJECT", "IDLETIME", "old"));
      r.add(c.call("RESTORE", "ancient", "0", "PAYLOAD", "IDLETIME", "100000000"));
      r.add(c.call("OBJECT", "IDLETIME", "ancient")); // past the 24-bit clock: half way round
      r.add(c.call("RESTORE", "old", "0", "PAYLOAD", "REPLACE", "FREQ", "7"));
      r.add(c.call("OBJECT", "IDLETIME", "old")); // FREQ is ignored under an LRU policy
      r.add(c.call("RESTORE", "bad", "0", "PAYLOAD", "IDLETIME", "-1"));
      r.add(c.call("RESTORE", "bad", "0", "PAYLOAD", "FREQ", "256"));
      r.add(c.call("RESTORE", "bad", "0", "PAYLOAD", "IDLETIME", "1", "FREQ", "1"));
      r.add(c.call("CONFIG", "SET", "maxmemory-policy", "allkeys-lfu"));
      r.add(c.call("CONFIG", "SET", "lfu-log-factor", "0"));
      r.add(c.call("OBJECT", "IDLETIME", "k"));
      r.add(c.call("SET", "f", "value"));
      r.add(c.call("OBJECT", "FREQ", "f")); // LFU_INIT_VAL
      for (int i = 0; i < 10; i++) {
        c.call("GET", "f");
      }
      r.add(c.call("OBJECT", "FREQ", "f"));
      r.add(c.call("EXISTS", "f"));
      r.add(c.call("TYPE", "f"));
      r.add(c.call("OBJECT", "FREQ", "f"));
      r.add(c.call("TOUCH", "f"));
      r.add(c.call("SET", "f", "other")); // the overwrite keeps the (touched) counter
      r.add(c.call("APPEND", "f", "!"));
      r.add(c.call("OBJECT", "FREQ", "f"));
      r.add(c.call("RENAME", "f", "g")); // the counter moves with the value
      r.add(c.call("OBJECT", "FREQ", "g"));
      r.add(c.call("RESTORE", "r", "0", "PAYLOAD", "FREQ", "200"));
      r.add(c.call("OBJECT", "FREQ", "r"));
      r.add(c.call("RESTORE", "r2", "0", "PAYLOAD", "IDLETIME", "50"));
      r.add(c.call("OBJECT", "FREQ", "r2")); // IDLETIME is ignored under an LFU policy
      r.add(c.call("OBJECT", "FREQ", "missing"));
      r.add(c.call("CONFIG", "SET", "lfu-log-factor", "10"));
      r.add(c.call("CONFIG", "SET", "maxmemory-policy", "noeviction"));
      r.add(c.call("OBJECT", "FREQ", "g"));
    }
    return r;
  }
}
