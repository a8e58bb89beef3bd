package dev.redstruct.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.redstruct.testkit.RedisTest;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Seeded random Pub/Sub sessions, the same on a real Redis 7.0.15 and on our server: four
 * connections (two RESP2, two RESP3) subscribe, unsubscribe, publish, ask PUBSUB, ping, RESET;
 * after each step every connection syncs with a PING carrying a unique token, and everything each
 * connection received must agree byte for byte. Steps whose order Redis leaves to its hash seed are
 * avoided: UNSUBSCRIBE/PUNSUBSCRIBE without arguments only with at most one subscription, no
 * channel matched by two patterns, no PUBSUB CHANNELS with two channels or more. The seed is
 * printed; replay with {@code -Dserver.seed=...}.
 */
@RedisTest
class PubSubRandomRedisIT {
  static final long SEED = Long.getLong("server.seed", System.nanoTime());
  static final int STEPS = 400;
  static final String[] CHANNELS = {"a1", "a2", "b1", "cx", "dd"};

  /** Each channel matches at most one pattern; "zz*" matches none. */
  static final String[] PATTERNS = {"a*", "b?", "[c]x", "zz*"};

  private static RedisServer ours;

  @BeforeAll
  static void start() {
    ours = RedisServer.start(ServerOptions.defaults().port(0));
  }

  @AfterAll
  static void stop() {
    ours.close();
  }

  /** The test's own view of one connection's subscriptions. */
  private static final class Model {
    final Set<String> channels = new HashSet<>();
    final Set<String> patterns = new HashSet<>();
    final Set<String> shard = new HashSet<>();
  }

  /** One random step for client c: the bytes to send; updates the model. */
  private static String step(Random r, Model m, List<Model> all) {
    String ch = CHANNELS[r.nextInt(CHANNELS.length)];
    String pat = PATTERNS[r.nextInt(PATTERNS.length)];
    switch (r.nextInt(12)) {
      case 0:
      case 1:
        m.channels.add(ch);
        m.channels.add(CHANNELS[0]);
        return "SUBSCRIBE " + ch + " " + CHANNELS[0] + "\r\n";
      case 2:
        m.patterns.add(pat);
        return "PSUBSCRIBE " + pat + "\r\n";
      case 3:
        m.channels.remove(ch);
        return "UNSUBSCRIBE " + ch + "\r\n";
      case 4:
        m.patterns.remove(pat);
        return "PUNSUBSCRIBE " + pat + "\r\n";
      case 5:
        if (m.channels.size() > 1) {
          return "PING\r\n";
        }
        m.channels.clear();
        return "UNSUBSCRIBE\r\n";
      case 6:
        if (m.patterns.size() > 1) {
          return "PING x\r\n";
        }
        m.patterns.clear();
        return "PUNSUBSCRIBE\r\n";
      case 7:
        m.shard.add(ch);
        return "SSUBSCRIBE " + ch + "\r\n";
      case 8:
        if (r.nextBoolean()) {
          m.shard.remove(ch);
          return "SUNSUBSCRIBE " + ch + "\r\n";
        }
        return "SPUBLISH " + ch + " s" + r.nextInt(100) + "\r\n";
      case 9:
        if (r.nextInt(4) == 0) {
          m.channels.clear();
          m.patterns.clear();
          m.shard.clear();
          return "RESET\r\n";
        }
        return "PUBSUB NUMSUB " + ch + " " + CHANNELS[0] + "\r\nPUBSUB NUMPAT\r\n";
      default:
        String extra = "";
        long distinct = all.stream().flatMap(x -> x.channels.stream()).distinct().count();
        if (distinct <= 1) {
          extra = "PUBSUB CHANNELS\r\n";
        }
        return "PUBLISH " + ch + " m" + r.nextInt(1000) + "\r\n" + extra;
    }
  }

  /** Runs the session on one server; returns what each connection received, step by step. */
  private static List<String> session(int port, long seed, int[] sent) {
    Random r = new Random(seed);
    List<Wire> conns = new ArrayList<>();
    List<Model> models = new ArrayList<>();
    List<StringBuilder> got = new ArrayList<>();
    try {
      for (int i = 0; i < 4; i++) {
        Wire w = new Wire(port);
        conns.add(w);
        models.add(new Model());
        got.add(new StringBuilder());
        if (i >= 2) {
          w.send("HELLO 3\r\n");
          got.get(i)
              .append(
                  Wire.s(w.readUntil("*0\r\n"))
                      .replaceAll(":\\d+\r\n\\$4\r\nmode", ":ID\r\n\\$4\r\nmode"));
        }
      }
      for (int s = 0; s < STEPS; s++) {
        int c = r.nextInt(4);
        String cmd = step(r, models.get(c), models);
        if (models.get(c).channels.isEmpty()
            && models.get(c).patterns.isEmpty()
            && models.get(c).shard.isEmpty()
            && c < 2
            && r.nextInt(8) == 0) {
          cmd += "ECHO e" + s + "\r\n"; // only outside the RESP2 subscribed context
        }
        conns.get(c).send(cmd);
        sent[0] += cmd.split("\r\n").length + 4;
        // the sender first: once its PING answers, its command's frames sit in the others' buffers
        for (int k = 0; k < 4; k++) {
          int i = (c + k) % 4;
          String token = "t" + s + "c" + i;
          got.get(i)
              .append(
                  Wire.s(conns.get(i).send("PING " + token + "\r\n").readUntil(token + "\r\n")));
        }
      }
    } finally {
      conns.forEach(Wire::close);
    }
    List<String> out = new ArrayList<>();
    got.forEach(sb -> out.add(sb.toString()));
    return out;
  }

  @Test
  void randomSessionsAgree(dev.redstruct.testkit.RedisServer real) {
    Random seeds = new Random(SEED);
    int sessions = 5;
    int[] sent = new int[1];
    int mismatches = 0;
    long bytes = 0;
    for (int k = 0; k < sessions; k++) {
      long seed = seeds.nextLong();
      List<String> want = session(real.port(), seed, sent);
      List<String> mine = session(ours.port(), seed, new int[1]);
      for (int i = 0; i < 4; i++) {
        bytes += want.get(i).length();
        if (!want.get(i).equals(mine.get(i))) {
          mismatches++;
          System.out.println(
              "connection "
                  + i
                  + " of session seed "
                  + seed
                  + " differs at char "
                  + firstDiff(want.get(i), mine.get(i))
                  + "\n  redis: "
                  + ServerDifferentialRedisIT.show(
                      around(want.get(i), firstDiff(want.get(i), mine.get(i))))
                  + "\n  ours:  "
                  + ServerDifferentialRedisIT.show(
                      around(mine.get(i), firstDiff(want.get(i), mine.get(i)))));
        }
      }
    }
    System.out.printf(
        "PubSubRandomRedisIT: seed=%d sessions=%d steps=%d commands=%d reply-bytes=%d mismatches=%d%n",
        SEED, sessions, sessions * STEPS, sent[0], bytes, mismatches);
    assertEquals(0, mismatches, "seed " + SEED);
  }

  private static int firstDiff(String a, String b) {
    int n = Math.min(a.length(), b.length());
    for (int i = 0; i < n; i++) {
      if (a.charAt(i) != b.charAt(i)) {
        return i;
      }
    }
    return n;
  }

  private static String around(String s, int i) {
    return s.substring(Math.max(0, i - 120), Math.min(s.length(), i + 120));
  }
}
