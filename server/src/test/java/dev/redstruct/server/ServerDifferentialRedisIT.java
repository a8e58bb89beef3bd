package dev.redstruct.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.redstruct.testkit.RedisTest;
import dev.redstruct.testkit.RespClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The same byte streams to a real Redis 7.0.15 and to our server (over the keyspace), each whole
 * and split at random points; every byte the servers send back, up to the close, must agree. A
 * stream that does not close the connection by itself gets {@code QUIT} appended. HELLO's {@code
 * id} field is the only part normalised (client ids count connections). The seed is printed; replay
 * with {@code -Dserver.seed=...}.
 */
@RedisTest
class ServerDifferentialRedisIT {
  static final long SEED = Long.getLong("server.seed", System.nanoTime());

  /** Streams that close the connection themselves start with '!'; the rest get QUIT. */
  static final List<String> DEFAULT_CASES =
      List.of(
          "PING\r\n",
          "ping\n",
          "*1\r\n$4\r\nPING\r\n",
          "*2\r\n$4\r\nPING\r\n$5\r\nhello\r\n",
          "PING a b\r\n",
          "ECHO\r\n",
          "ECHO a b\r\n",
          "echo \"a b\\x41\\n\\t\\z\" 'c\\'d' \"\"\r\n",
          "ECHO \"\\x4\"\r\n",
          "ECHO a\"b c\"d\r\n",
          "ECHO x\u000by\r\n",
          "\r\n\n  \r\n PING\r\n",
          "*0\r\n*-1\r\n*-5\r\nPING\r\n",
          "PING\r\r\n",
          "FOO bar baz\r\n",
          "foo " + "x".repeat(150) + " y\r\n",
          "foo " + "a".repeat(60) + " " + "b".repeat(60) + " c d\r\n",
          "*2\r\n$3\r\nFOO\r\n$5\r\na\r\nbc\r\n",
          "GET\r\nSET k\r\nSET k v\r\nGET k\r\nDEL k k2\r\nGET k\r\n",
          "*1\r\n$4\r\nPINGxxPING\r\n",
          "PING\r\nPING\r\n*1\r\n$4\r\nPING\r\n*2\r\n$4\r\nECHO\r\n$3\r\nabc\r\n",
          "CLIENT\r\n",
          "CLIENT FOO\r\n",
          "client SETNAME a b\r\n",
          "CLIENT SETNAME x\r\nCLIENT GETNAME\r\nCLIENT SETNAME \"\"\r\nCLIENT GETNAME\r\n",
          "CLIENT GETNAME\r\n",
          "CLIENT SETNAME \"a b\"\r\nCLIENT SETNAME \"a\\x7f\"\r\n",
          "CLIENT REPLY OFF\r\nPING\r\nECHO x\r\nCLIENT REPLY ON\r\nPING\r\n",
          "CLIENT REPLY SKIP\r\nPING\r\nPING b\r\n",
          "CLIENT REPLY FOO\r\nCLIENT REPLY\r\n",
          "CLIENT KILL 1.2.3.4:5\r\nCLIENT KILL ID 999999\r\nCLIENT KILL ID abc\r\n",
          "CLIENT KILL ID 0\r\nCLIENT KILL TYPE foo\r\nCLIENT KILL FOO bar\r\nCLIENT KILL ID\r\n",
          "CLIENT KILL ADDR 1.2.3.4:5 SKIPME maybe\r\nCLIENT KILL USER nobody\r\n",
          "CLIENT LIST TYPE foo\r\nCLIENT LIST foo\r\nCLIENT LIST ID x\r\nCLIENT LIST ID 99999\r\n",
          "CLIENT ID x\r\nCLIENT INFO x\r\nCLIENT GETNAME x\r\n",
          "HELLO 4\r\nHELLO abc\r\nHELLO 1\r\nHELLO -3\r\n",
          "HELLO 3 FOO\r\nHELLO 2 SETNAME\r\nHELLO 2 AUTH default\r\n",
          "HELLO 2 SETNAME a\r\nCLIENT GETNAME\r\n",
          "HELLO 2 SETNAME \"a b\"\r\n",
          "HELLO\r\n",
          "HELLO 3\r\nCLIENT GETNAME\r\nGET nokey\r\nPING\r\nECHO e\r\nHELLO 2\r\nGET nokey\r\n",
          "HELLO 3 AUTH default x SETNAME n\r\nCLIENT GETNAME\r\n",
          "HELLO 3 AUTH foo x\r\n",
          "AUTH x\r\nAUTH default x\r\nAUTH a b c\r\nAUTH foo x\r\n",
          "RESET\r\n",
          "CLIENT SETNAME n\r\nHELLO 3\r\nRESET\r\nCLIENT GETNAME\r\nGET nokey\r\n",
          "SUBSCRIBE a\r\nRESET\r\nPING\r\n",
          "MULTI\r\nPING\r\nECHO x\r\nSET k v\r\nGET k\r\nCLIENT SETNAME t\r\nCLIENT GETNAME\r\nEXEC\r\n",
          "MULTI\r\nFOO\r\nPING\r\nEXEC\r\n",
          "MULTI\r\nPING a b\r\nEXEC\r\nEXEC\r\nDISCARD\r\n",
          "MULTI\r\nMULTI\r\nPING\r\nDISCARD\r\nPING\r\n",
          "MULTI\r\nSUBSCRIBE c\r\nEXEC\r\nPING\r\nGET k\r\n",
          "MULTI\r\nCLIENT FOO\r\nEXEC\r\n",
          "MULTI\r\nPUBLISH nobody m\r\nECHO e\r\nEXEC\r\n",
          "SUBSCRIBE a b a\r\nPSUBSCRIBE p* p*\r\nPING\r\nPING x\r\nGET k\r\nCLIENT ID\r\n"
              + "PUBSUB NUMPAT\r\nUNSUBSCRIBE a\r\nPUNSUBSCRIBE\r\nUNSUBSCRIBE b\r\nGET k\r\n",
          "UNSUBSCRIBE\r\nPUNSUBSCRIBE\r\nSUNSUBSCRIBE\r\nUNSUBSCRIBE x y\r\nPUNSUBSCRIBE p\r\n",
          "SUBSCRIBE\r\nPSUBSCRIBE\r\nPUBLISH a\r\nSPUBLISH a\r\n",
          "SSUBSCRIBE s t\r\nPING\r\nSUNSUBSCRIBE s\r\nSUNSUBSCRIBE\r\nSUNSUBSCRIBE\r\n",
          "MULTI\r\nSSUBSCRIBE s\r\nEXEC\r\n",
          "HELLO 3\r\nSUBSCRIBE a\r\nGET k\r\nPING\r\nPING z\r\nUNSUBSCRIBE x\r\nPUNSUBSCRIBE\r\n",
          "HELLO 3\r\nSUBSCRIBE c1\r\nPSUBSCRIBE x* c?\r\nPUBSUB CHANNELS\r\nPUBSUB CHANNELS c*\r\n"
              + "PUBSUB NUMSUB c1 c2\r\nPUBSUB NUMPAT\r\nPUBLISH c1 m\r\nPUBLISH xyz m2\r\n"
              + "SPUBLISH c1 m3\r\nPUBSUB SHARDCHANNELS\r\nPUBSUB SHARDNUMSUB c1\r\nUNSUBSCRIBE\r\n",
          "PUBSUB\r\nPUBSUB FOO\r\nPUBSUB NUMPAT x\r\nPUBSUB CHANNELS a b\r\nPUBSUB NUMSUB\r\n",
          "PUBSUB SHARDCHANNELS a b\r\nPUBSUB help x\r\nCLIENT HELP x\r\n",
          "PUBLISH nobody hi\r\n",
          "!QUIT\r\nPING\r\n",
          "!QUIT a b c\r\n",
          "!*1\r\n$4\r\nQUIT\r\n",
          "!MULTI\r\nQUIT\r\n",
          "CLIENT KILL ADDR 1.2.3.4:5 SKIPME no\r\nCLIENT KILL LADDR 9.9.9.9:1\r\n",
          // protocol errors
          "!*abc\r\n",
          "!*\r\n",
          "!*3000000000\r\n",
          "!*01\r\n",
          "!*1\r\nfoo\r\n",
          "!*1\r\n\r\n\r\n",
          "!*1\r\n$-1\r\n",
          "!*1\r\n$abc\r\n",
          "!*1\r\n$\r\n",
          "!*1\r\n$536870913\r\n",
          "!*2\r\n$4\r\nECHO\r\n:12\r\n",
          "!PING \"unbalanced\r\n",
          "!PING 'unbalanced\r\n",
          "!ECHO \"a\"b\r\n",
          "!ECHO 'a'b\r\n",
          "!PING\r\nPING\r\n*1\r\n$4\r\nPING\r\n*x\r\nPING\r\n",
          "!MULTI\r\nPING\r\n*1\r\n$x\r\n",
          "!SUBSCRIBE a\r\n*1\r\n\u00ff\r\n",
          "!" + "a".repeat(70_000),
          "!\u0000" + "a".repeat(70_000),
          "!*" + "1".repeat(70_000),
          "!*1\r\n$" + "1".repeat(70_000),
          "!host: example.com\r\nPING\r\n",
          "!POST / HTTP/1.1\r\n");

  /** Streams for servers with {@code requirepass pw}. */
  static final List<String> AUTH_CASES =
      List.of(
          "PING\r\nECHO x\r\nGET k\r\nCLIENT ID\r\nSUBSCRIBE a\r\n",
          "FOO\r\nGET\r\nCLIENT\r\nCLIENT FOO\r\nPING a b\r\n",
          "AUTH\r\nAUTH wrong\r\nAUTH default wrong\r\nAUTH x y z\r\nPING\r\n",
          "AUTH pw\r\nPING\r\nRESET\r\nPING\r\nAUTH default pw\r\nPING\r\n",
          "HELLO 3\r\nHELLO 3 AUTH default wrong\r\nHELLO 2 SETNAME x\r\nPING\r\n",
          "HELLO 3 AUTH default pw SETNAME nm\r\nCLIENT GETNAME\r\nGET k\r\n",
          "MULTI\r\nPING\r\nAUTH pw\r\nMULTI\r\nPING\r\nEXEC\r\n",
          "*10\r\n$4\r\nECHO\r\n$1\r\na\r\n$1\r\na\r\n$1\r\na\r\n$1\r\na\r\n$1\r\na\r\n$1\r\na\r\n"
              + "$1\r\na\r\n$1\r\na\r\n$1\r\na\r\n",
          "!*11\r\n",
          "!*1\r\n$16385\r\n",
          "*2\r\n$4\r\nECHO\r\n$16384\r\n" + "e".repeat(16384) + "\r\n",
          "AUTH pw\r\n*11\r\n$4\r\nECHO\r\n"
              + "$1\r\na\r\n".repeat(10)
              + "*2\r\n$4\r\nECHO\r\n$16385\r\n"
              + "e".repeat(16385)
              + "\r\n",
          "!PING\r\n*11\r\n",
          "!QUIT\r\n");

  /** Streams for servers with 1 MB proto-max-bulk-len and client-query-buffer-limit. */
  static final List<String> LIMIT_CASES =
      List.of(
          "!*1\r\n$1048577\r\n",
          "*2\r\n$4\r\nECHO\r\n$1048576\r\n" + "x".repeat(1 << 20) + "\r\n",
          "!*2\r\n$4\r\nECHO\r\n$1048576\r\n" + "x".repeat(1100 << 10));

  private static RedisServer ours;
  private static RedisServer oursAuth;
  private static RedisServer oursLimits;
  private int compared;
  private final List<String> mismatches = new ArrayList<>();

  @BeforeAll
  static void startOurs() {
    ServerOptions base = ServerOptions.defaults().port(0);
    ours = RedisServer.start(base);
    oursAuth = RedisServer.start(base.requirePass("pw"));
    ServerOptions limits = base.protoMaxBulkLen(1 << 20).clientQueryBufferLimit(1 << 20);
    oursLimits = RedisServer.start(limits);
  }

  @AfterAll
  static void stopOurs() {
    ours.close();
    oursAuth.close();
    oursLimits.close();
  }

  @Test
  void defaultServerStreams(dev.redstruct.testkit.RedisServer real) {
    compareAll("default", DEFAULT_CASES, real.port(), ours.port());
  }

  @Test
  void requirePassStreams() {
    try (dev.redstruct.testkit.RedisServer real = dev.redstruct.testkit.RedisServer.start();
        RespClient admin = real.newClient()) {
      // set after start: the launcher's readiness PING would get NOAUTH
      admin.call("CONFIG", "SET", "requirepass", "pw");
      try {
        compareAll("requirepass", AUTH_CASES, real.port(), oursAuth.port());
      } finally {
        admin.call("CONFIG", "SET", "requirepass", ""); // so that close() can SHUTDOWN it
      }
    }
  }

  @Test
  void limitStreams() {
    try (dev.redstruct.testkit.RedisServer real =
        dev.redstruct.testkit.RedisServer.start(
            List.of("--proto-max-bulk-len", "1mb", "--client-query-buffer-limit", "1mb"))) {
      compareAll("limits", LIMIT_CASES, real.port(), oursLimits.port());
    }
  }

  @Test
  void pubSubAcrossConnections(dev.redstruct.testkit.RedisServer real) {
    for (String hello : List.of("", "HELLO 3\r\n")) {
      String want = normalise(pubSubScenario(real.port(), hello));
      String got = normalise(pubSubScenario(ours.port(), hello));
      compared++;
      if (!want.equals(got)) {
        mismatches.add(
            "pubsub " + show(hello) + "\n  redis: " + show(want) + "\n  ours:  " + show(got));
      }
    }
    String want = replyOffScenario(real.port());
    String got = replyOffScenario(ours.port());
    compared++;
    if (!want.equals(got)) {
      mismatches.add("reply off\n  redis: " + show(want) + "\n  ours:  " + show(got));
    }
    System.out.printf(
        "ServerDifferentialRedisIT[pubsub]: compared=%d mismatches=%d%n",
        compared, mismatches.size());
    assertEquals(List.of(), mismatches);
  }

  /**
   * A subscriber that never reads is disconnected once its unsent output passes the pubsub hard
   * limit (1 MB here); other clients carry on.
   */
  @Test
  void slowSubscriberIsDisconnectedAtTheLimit() {
    try (dev.redstruct.testkit.RedisServer real = dev.redstruct.testkit.RedisServer.start();
        RespClient admin = real.newClient();
        RedisServer mine =
            RedisServer.start(
                ServerOptions.defaults().port(0).pubsubOutputBufferLimit(1 << 20, 0, 0))) {
      admin.call("CONFIG", "SET", "client-output-buffer-limit", "pubsub 1mb 0 0");
      assertEquals(slowSubscriber(real.port()), slowSubscriber(mine.port()));
      assertEquals("*2\r\n$4\r\nslow\r\n:0\r\n+PONG\r\n", slowSubscriber(mine.port()));
    }
  }

  /** PUBSUB NUMSUB of the channel once 16 MB were published to a subscriber that does not read. */
  private static String slowSubscriber(int port) {
    try (java.net.Socket sub = new java.net.Socket("127.0.0.1", port);
        Wire pub = new Wire(port)) {
      sub.setReceiveBufferSize(64 * 1024);
      sub.getOutputStream().write(Wire.b("SUBSCRIBE slow\r\n"));
      pub.send("PING\r\n").readUntil("\r\n");
      String big = "m".repeat(64 * 1024);
      for (int i = 0; i < 256; i++) {
        pub.send("PUBLISH slow " + big + "\r\n").readUntil("\r\n");
      }
      return Wire.s(pub.send("PUBSUB NUMSUB slow\r\nPING\r\n").readUntil("+PONG\r\n"));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** CLIENT INFO and CLIENT LIST: the same frame (bulk / verbatim) and the same fields in order. */
  @Test
  void clientInfoFields(dev.redstruct.testkit.RedisServer real) {
    for (String stream :
        List.of(
            "CLIENT SETNAME me\r\nCLIENT INFO\r\n",
            "HELLO 3\r\nSUBSCRIBE c\r\nCLIENT INFO\r\n",
            "MULTI\r\nCLIENT LIST ID 1\r\nDISCARD\r\nCLIENT LIST TYPE pubsub\r\n")) {
      String want = fieldsOnly(runQuit(real.port(), stream));
      String got = fieldsOnly(runQuit(ours.port(), stream));
      compared++;
      assertEquals(want, got, stream);
    }
  }

  private static String runQuit(int port, String stream) {
    return Wire.s(run(port, Wire.b(stream + "QUIT\r\n"), 0, 0));
  }

  /** Replaces every field's value (and the lengths that depend on them) by a placeholder. */
  private static String fieldsOnly(String reply) {
    return normalise(reply)
        .replaceAll("([a-z-]+)=[^ \r\n]*", "$1=_")
        .replaceAll("([$=])\\d+\r\n", "$1N\r\n")
        .replaceAll("(id\r\n):\\d+", "$1:ID");
  }

  /** A subscriber and a publisher: everything each of them receives, in order. */
  private static String pubSubScenario(int port, String hello) {
    StringBuilder all = new StringBuilder();
    try (Wire sub = new Wire(port);
        Wire pub = new Wire(port)) {
      sub.send(hello + "SUBSCRIBE news sport\r\nPSUBSCRIBE n* [a-m]ews\r\nSSUBSCRIBE sh\r\n");
      all.append(Wire.s(sub.send("PING sync1\r\n").readUntil("sync1\r\n")));
      pub.send(
          hello
              + "PUBLISH news hello\r\nPUBLISH nope x\r\nPUBLISH sport \"\"\r\nPUBLISH lews y\r\n"
              + "SPUBLISH sh z\r\nSPUBLISH news no\r\nPUBSUB NUMSUB news nope sh\r\n"
              + "PUBSUB SHARDNUMSUB sh\r\nPUBSUB NUMPAT\r\nPUBSUB CHANNELS s*\r\nQUIT\r\n");
      all.append("|pub:").append(Wire.s(pub.readToEof()));
      all.append("|sub:").append(Wire.s(sub.send("PING sync2\r\n").readUntil("sync2\r\n")));
      sub.send("PUNSUBSCRIBE n*\r\nUNSUBSCRIBE sport\r\nSUNSUBSCRIBE\r\nRESET\r\nQUIT\r\n");
      all.append("|end:").append(Wire.s(sub.readToEof()));
    }
    return all.toString();
  }

  /** CLIENT REPLY OFF silences replies, not Pub/Sub frames. */
  private static String replyOffScenario(int port) {
    StringBuilder all = new StringBuilder();
    try (Wire sub = new Wire(port);
        Wire pub = new Wire(port)) {
      sub.send("CLIENT REPLY OFF\r\nPING\r\nSUBSCRIBE ch\r\n");
      all.append(Wire.s(sub.readUntil("ch\r\n:1\r\n")));
      all.append(Wire.s(pub.send("PUBLISH ch m1\r\nQUIT\r\n").readToEof()));
      all.append(Wire.s(sub.readUntil("m1\r\n")));
    }
    return all.toString();
  }

  private void compareAll(String group, List<String> cases, int theirs, int mine) {
    Random rnd = new Random(SEED);
    for (String c : cases) {
      boolean closes = c.startsWith("!");
      byte[] stream = Wire.b((closes ? c.substring(1) : c) + (closes ? "" : "QUIT\r\n"));
      long splitSeed = rnd.nextLong();
      for (int mode = 0; mode < 2; mode++) {
        byte[] want = run(theirs, stream, mode, splitSeed);
        byte[] got = run(mine, stream, mode, splitSeed);
        compared++;
        String w = normalise(Wire.s(want));
        String g = normalise(Wire.s(got));
        if (!w.equals(g)) {
          mismatches.add(
              (mode == 0 ? "whole " : "split ")
                  + show(c)
                  + "\n  redis: "
                  + show(w)
                  + "\n  ours:  "
                  + show(g));
        }
      }
    }
    System.out.printf(
        "ServerDifferentialRedisIT[%s]: seed=%d streams=%d compared=%d mismatches=%d%n",
        group, SEED, cases.size(), compared, mismatches.size());
    assertEquals(List.of(), mismatches, "seed " + SEED);
  }

  private static byte[] run(int port, byte[] stream, int mode, long splitSeed) {
    try (Wire w = new Wire(port)) {
      if (mode == 0) {
        w.send(stream);
      } else {
        w.sendSplit(stream, new Random(splitSeed), 1 + new Random(splitSeed).nextInt(8));
      }
      return w.readToEof();
    }
  }

  /**
   * HELLO's id field becomes ID; a close that came as a reset (the server closed with request bytes
   * unread, so the kernel sent RST) reads as a plain close.
   */
  static String normalise(String reply) {
    String r = reply.replaceAll("\\$2\r\nid\r\n:\\d+\r\n", "\\$2\r\nid\r\n:ID\r\n");
    return r.endsWith("<reset>") ? r.substring(0, r.length() - 7) : r;
  }

  static String show(String s) {
    String t = s.length() > 300 ? s.substring(0, 300) + "...(" + s.length() + ")" : s;
    return t.replace("\r", "\\r").replace("\n", "\\n").replace("\u0000", "\\0");
  }
}
