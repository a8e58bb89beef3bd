package dev.redstruct.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.redstruct.testkit.RedisTest;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue #34's protocol differential: random commands of every kind from six clients at once (four
 * RESP2, two RESP3) plus a control connection, the same global order to a real Redis 7.0.15 and to
 * our server; every reply byte for byte. Data commands of all types ({@link DataCommandGen}, {@link
 * WideCommandGen}), MULTI/EXEC/WATCH across clients, Lua scripts (EVAL, EVALSHA, EVAL_RO), Pub/Sub
 * (subscribers in RESP2 and RESP3 mode, PUBLISH from clients and scripts; each subscriber reads
 * through a PING token after every publishing step, so its byte stream is compared whole) and
 * blocking pops: a blocking command outside MULTI either answers at once or blocks (seen on the
 * control connection's CLIENT LIST, flag b); a short timeout (10-30 ms) then runs out, a long one
 * is served by a push from the control connection (plain, in MULTI, or from a script: served after
 * EXEC or the script, as Redis serves them). Commands run one at a time, so the order is defined.
 * The seed is printed; replay with {@code -Dserver.seed=...}; size with {@code
 * -Dserver.it.multi.commands=N} (default 20,000: a few seconds).
 */
@RedisTest
class MultiClientDifferentialRedisIT {
  static final long SEED = Long.getLong("server.seed", System.nanoTime());
  static final int COMMANDS = Integer.getInteger("server.it.multi.commands", 20_000);
  static final int CLIENTS = 6;
  static final Set<String> BLOCKING =
      Set.of("BLPOP", "BRPOP", "BLMOVE", "BRPOPLPUSH", "BLMPOP", "BZPOPMIN", "BZPOPMAX", "BZMPOP");
  private static final Pattern BLOCKED_FLAG = Pattern.compile("flags=[a-zA-Z]*b");

  private static RedisServer ours;

  @BeforeAll
  static void start() {
    ours = RedisServer.start(ServerOptions.defaults().port(0));
  }

  @AfterAll
  static void stop() {
    ours.close();
  }

  /** One client on both servers. */
  private record Pair(RespConn theirs, RespConn mine) {
    void close() {
      theirs.close();
      mine.close();
    }
  }

  /** The test's view of one client's subscriptions. */
  private static final class Subs {
    final Set<String> channels = new HashSet<>();
    final Set<String> patterns = new HashSet<>();

    boolean any() {
      return !channels.isEmpty() || !patterns.isEmpty();
    }
  }

  private final List<String> mismatches = new ArrayList<>();
  private final List<Pair> clients = new ArrayList<>();
  private final List<Subs> subs = new ArrayList<>();
  private Pair control;
  private Random r;
  private long sent;
  private long compared;
  private int episodes;
  private int answeredAtOnce;
  private int servedByWake;
  private int timedOut;
  private int syncs;
  private int marker;

  @Test
  void randomCommandsFromSixClients(dev.redstruct.testkit.RedisServer real) {
    r = new Random(SEED);
    long t0 = System.nanoTime();
    try {
      control = new Pair(new RespConn(real.port()), new RespConn(ours.port()));
      for (int i = 0; i < CLIENTS; i++) {
        clients.add(new Pair(new RespConn(real.port()), new RespConn(ours.port())));
        subs.add(new Subs());
      }
      call(control, "FLUSHALL");
      String[] shas = new String[WideCommandGen.SCRIPTS.length];
      for (int s = 0; s < shas.length; s++) {
        byte[] reply = call(control, "SCRIPT", "LOAD", WideCommandGen.SCRIPTS[s]);
        String t = new String(reply, StandardCharsets.US_ASCII);
        shas[s] = t.substring(t.indexOf('\n') + 1, t.length() - 2);
      }
      for (int i = 4; i < CLIENTS; i++) {
        clients.get(i).theirs().send(DataCommandGen.utf8("HELLO", "3")).read();
        clients.get(i).mine().send(DataCommandGen.utf8("HELLO", "3")).read();
      }
      DataCommandGen gen = new DataCommandGen(r);
      WideCommandGen wide = new WideCommandGen(r, shas);
      while (sent < COMMANDS && mismatches.size() < 10) {
        step(gen, wide);
      }
    } finally {
      clients.forEach(Pair::close);
      if (control != null) {
        control.close();
      }
    }
    System.out.printf(
        "MultiClientDifferentialRedisIT: seed=%d clients=%d commands=%d replies compared=%d"
            + " blocking episodes=%d (answered at once %d, served by a push %d, timed out %d)"
            + " subscriber syncs=%d mismatches=%d in %.1f s%n",
        SEED,
        CLIENTS,
        sent,
        compared,
        episodes,
        answeredAtOnce,
        servedByWake,
        timedOut,
        syncs,
        mismatches.size(),
        (System.nanoTime() - t0) / 1e9);
    assertEquals(List.of(), mismatches, "seed " + SEED);
  }

  private void step(DataCommandGen gen, WideCommandGen wide) {
    int c = r.nextInt(CLIENTS);
    Pair p = clients.get(c);
    if (subs.get(c).any()) {
      String cmd = pubSubStep(subs.get(c));
      sent++;
      p.theirs().sendRaw(cmd);
      p.mine().sendRaw(cmd);
      sync(c, cmd);
      return;
    }
    int t = r.nextInt(100);
    boolean inMulti = gen.inMulti(c);
    if (!inMulti && t < 2 && subscribed() < 2) {
      String cmd = subscribe(subs.get(c));
      sent++;
      p.theirs().sendRaw(cmd);
      p.mine().sendRaw(cmd);
      sync(c, cmd);
      return;
    }
    if (!inMulti && t < 6) {
      episode(c, blockingCommand(true));
      return;
    }
    byte[][] argv = t < 40 ? wide.next() : gen.next(c);
    String name = new String(argv[0], StandardCharsets.US_ASCII);
    if (!inMulti && BLOCKING.contains(name)) {
      episode(c, argv);
      return;
    }
    compare(c, argv, p.theirs().send(argv).read(), p.mine().send(argv).read());
    if (name.equals("PUBLISH") || name.equals("EXEC") || name.startsWith("EVAL")) {
      syncSubscribers();
    }
  }

  private byte[] call(Pair p, String... args) {
    byte[][] argv = DataCommandGen.utf8(args);
    byte[] want = p.theirs().send(argv).read();
    byte[] got = p.mine().send(argv).read();
    compare(-1, argv, want, got);
    return want;
  }

  private void compare(int c, byte[][] argv, byte[] want, byte[] got) {
    sent++;
    compared++;
    if (!Arrays.equals(want, got)) {
      mismatches.add(
          "#"
              + sent
              + " client "
              + c
              + " "
              + DataDifferentialRedisIT.show(argv)
              + "\n  redis: "
              + around(want, firstDiff(want, got))
              + "\n  ours:  "
              + around(got, firstDiff(want, got)));
    }
  }

  private static int firstDiff(byte[] a, byte[] b) {
    int i = Arrays.mismatch(a, b);
    return i < 0 ? 0 : i;
  }

  /** The reply around byte i (the first difference): all of it when short. */
  private static String around(byte[] reply, int i) {
    int from = Math.max(0, i - 140);
    int to = Math.min(reply.length, i + 140);
    String s = RespConn.show(Arrays.copyOfRange(reply, from, to));
    return (from > 0 ? "(at " + i + ") ..." : "") + s;
  }

  // ---- Pub/Sub -------------------------------------------------------------------------------

  private String subscribe(Subs s) {
    String ch = PubSubRandomRedisIT.CHANNELS[r.nextInt(PubSubRandomRedisIT.CHANNELS.length)];
    if (r.nextBoolean()) {
      s.channels.add(ch);
      return "SUBSCRIBE " + ch + "\r\n";
    }
    String pat = PubSubRandomRedisIT.PATTERNS[r.nextInt(PubSubRandomRedisIT.PATTERNS.length)];
    s.patterns.add(pat);
    return "PSUBSCRIBE " + pat + "\r\n";
  }

  /**
   * A command of the subscribed context. UNSUBSCRIBE / PUNSUBSCRIBE without arguments only with at
   * most one subscription (Redis lists the rest in hash-seed order).
   */
  private String pubSubStep(Subs s) {
    String ch = PubSubRandomRedisIT.CHANNELS[r.nextInt(PubSubRandomRedisIT.CHANNELS.length)];
    String pat = PubSubRandomRedisIT.PATTERNS[r.nextInt(PubSubRandomRedisIT.PATTERNS.length)];
    switch (r.nextInt(9)) {
      case 0, 1:
        s.channels.add(ch);
        return "SUBSCRIBE " + ch + "\r\n";
      case 2:
        s.patterns.add(pat);
        return "PSUBSCRIBE " + pat + "\r\n";
      case 3, 4:
        s.channels.remove(ch);
        return "UNSUBSCRIBE " + ch + "\r\n";
      case 5:
        s.patterns.remove(pat);
        return "PUNSUBSCRIBE " + pat + "\r\n";
      case 6:
        if (s.channels.size() + s.patterns.size() > 1) {
          if (r.nextInt(3) == 0) {
            s.channels.clear();
            s.patterns.clear();
            return "RESET\r\n";
          }
          return "PING\r\n";
        }
        s.channels.clear();
        s.patterns.clear();
        return r.nextBoolean() ? "UNSUBSCRIBE\r\nPUNSUBSCRIBE\r\n" : "RESET\r\n";
      case 7:
        return "GET k0\r\n"; // refused in RESP2's subscribed context, allowed in RESP3
      default:
        return "PUBSUB NUMSUB " + ch + " a1\r\nPUBSUB NUMPAT\r\n";
    }
  }

  /** Client c reads through a fresh PING token on both servers; the bytes must agree. */
  private void sync(int c, String what) {
    String token = "mk" + (marker++) + "z";
    byte[][] ping = DataCommandGen.utf8("PING", token);
    Pair p = clients.get(c);
    byte[] want = p.theirs().send(ping).readThrough(token);
    byte[] got = p.mine().send(ping).readThrough(token);
    syncs++;
    compare(c, DataCommandGen.utf8(what.trim(), "+PING"), want, got);
    sent--; // the PING is not a command of the run
  }

  private int subscribed() {
    int n = 0;
    for (Subs s : subs) {
      n += s.any() ? 1 : 0;
    }
    return n;
  }

  private void syncSubscribers() {
    for (int c = 0; c < CLIENTS; c++) {
      if (subs.get(c).any()) {
        sync(c, "(messages)");
      }
    }
  }

  // ---- blocking -----------------------------------------------------------------------------

  /** A blocking pop over the shared keys; a short timeout (10-30 ms) or 0 (served by a push). */
  private byte[][] blockingCommand(boolean maybeShort) {
    String[] keys = DataCommandGen.KEYS;
    String k = keys[r.nextInt(keys.length)];
    String k2 = keys[r.nextInt(keys.length)];
    String timeout = maybeShort && r.nextBoolean() ? "0.0" + (1 + r.nextInt(3)) : "0";
    String side = r.nextBoolean() ? "LEFT" : "RIGHT";
    String[] argv =
        switch (r.nextInt(8)) {
          case 0 -> new String[] {"BLPOP", k, k2, timeout};
          case 1 -> new String[] {"BRPOP", k, timeout};
          case 2 -> new String[] {"BLMOVE", k, k2, side, "LEFT", timeout};
          case 3 -> new String[] {"BRPOPLPUSH", k, k2, timeout};
          case 4 -> new String[] {"BLMPOP", timeout, "2", k, k2, side, "COUNT", "2"};
          case 5 -> new String[] {"BZPOPMIN", k, k2, timeout};
          case 6 -> new String[] {"BZPOPMAX", k, timeout};
          default -> new String[] {"BZMPOP", timeout, "1", k, "MAX", "COUNT", "3"};
        };
    return DataCommandGen.utf8(argv);
  }

  /**
   * Client c (not in MULTI, not subscribed) runs a blocking pop in database 0: answered at once, or
   * timed out, or served by a push from the control connection.
   */
  private void episode(int c, byte[][] argv) {
    episodes++;
    Pair p = clients.get(c);
    byte[][] select = DataCommandGen.utf8("SELECT", "0");
    compare(c, select, p.theirs().send(select).read(), p.mine().send(select).read());
    String timeout = timeoutOf(argv);
    p.theirs().send(argv);
    p.mine().send(argv);
    boolean blockedTheirs = awaitAnswerOrBlock(p.theirs(), control.theirs());
    boolean blockedMine = awaitAnswerOrBlock(p.mine(), control.mine());
    answeredAtOnce += blockedTheirs ? 0 : 1;
    if (!timeout.equals("0")) {
      if (blockedTheirs) {
        timedOut++;
      }
      compare(c, argv, p.theirs().read(), p.mine().read());
      return;
    }
    if (blockedTheirs != blockedMine) {
      mismatches.add(
          "#"
              + sent
              + " client "
              + c
              + " "
              + DataDifferentialRedisIT.show(argv)
              + ": redis "
              + (blockedTheirs ? "blocked" : "answered")
              + ", ours "
              + (blockedMine ? "blocked" : "answered"));
      throw new AssertionError(String.join("\n", mismatches));
    }
    if (blockedTheirs) {
      wake(argv);
      if (blockedCount(control.theirs()) > 0) {
        wakeSurely(argv);
      } else {
        servedByWake++;
      }
    }
    compare(c, argv, p.theirs().read(), p.mine().read());
  }

  private static String timeoutOf(byte[][] argv) {
    String name = new String(argv[0], StandardCharsets.US_ASCII);
    int at = name.equals("BLMPOP") || name.equals("BZMPOP") ? 1 : argv.length - 1;
    return new String(argv[at], StandardCharsets.US_ASCII);
  }

  /** Whether the client blocked (true) or answered (false), polling CLIENT LIST. */
  private static boolean awaitAnswerOrBlock(RespConn client, RespConn control) {
    long deadline = System.nanoTime() + 20_000_000_000L;
    while (System.nanoTime() < deadline) {
      if (client.ready()) {
        return false;
      }
      if (blockedCount(control) > 0) {
        return true;
      }
      Thread.onSpinWait();
    }
    throw new AssertionError("neither answered nor blocked in 20 s");
  }

  private static int blockedCount(RespConn control) {
    String list =
        new String(
            control.send(DataCommandGen.utf8("CLIENT", "LIST")).read(), StandardCharsets.UTF_8);
    Matcher m = BLOCKED_FLAG.matcher(list);
    int n = 0;
    while (m.find()) {
      n++;
    }
    return n;
  }

  /** The keys a blocking pop waits on. */
  private static List<String> sourceKeys(byte[][] argv) {
    String name = new String(argv[0], StandardCharsets.US_ASCII);
    List<String> keys = new ArrayList<>();
    switch (name) {
      case "BLMPOP", "BZMPOP" -> {
        int n = Integer.parseInt(new String(argv[2], StandardCharsets.US_ASCII));
        for (int i = 0; i < n; i++) {
          keys.add(new String(argv[3 + i], StandardCharsets.UTF_8));
        }
      }
      case "BLMOVE", "BRPOPLPUSH" -> keys.add(new String(argv[1], StandardCharsets.UTF_8));
      default -> {
        for (int i = 1; i < argv.length - 1; i++) {
          keys.add(new String(argv[i], StandardCharsets.UTF_8));
        }
      }
    }
    return keys;
  }

  private static boolean zsetFamily(byte[][] argv) {
    return new String(argv[0], StandardCharsets.US_ASCII).startsWith("BZ");
  }

  /** A push to one of the keys from the control connection: plain, in MULTI, or in a script. */
  private void wake(byte[][] argv) {
    List<String> keys = sourceKeys(argv);
    String k = keys.get(r.nextInt(keys.size()));
    boolean z = zsetFamily(argv);
    String[] push = z ? new String[] {"ZADD", k, "1", "w1", "2", "w2"} : new String[] {"RPUSH", k};
    switch (r.nextInt(3)) {
      case 0 -> {
        if (!z) {
          push = new String[] {"RPUSH", k, "w1", "w2"};
        }
        call(control, push);
      }
      case 1 -> {
        call(control, "MULTI");
        call(control, z ? new String[] {"ZADD", k, "3", "w3"} : new String[] {"LPUSH", k, "w3"});
        call(control, z ? new String[] {"ZADD", k, "4", "w4"} : new String[] {"RPUSH", k, "w4"});
        call(control, "EXEC");
      }
      default -> {
        String body =
            z
                ? "redis.call('zadd', KEYS[1], 5, 'w5') return redis.call('zadd', KEYS[1], 6, 'w6')"
                : "redis.call('rpush', KEYS[1], 'w5') return redis.call('lpush', KEYS[1], 'w6')";
        call(control, "EVAL", body, "1", k);
      }
    }
  }

  /** Deletes every key of the pop (its destination too), then pushes to its first key. */
  private void wakeSurely(byte[][] argv) {
    List<String> del = new ArrayList<>(List.of("DEL"));
    for (String k : DataCommandGen.KEYS) {
      del.add(k);
    }
    call(control, del.toArray(new String[0]));
    String k = sourceKeys(argv).get(0);
    call(
        control,
        zsetFamily(argv) ? new String[] {"ZADD", k, "7", "w7"} : new String[] {"RPUSH", k, "w7"});
  }
}
