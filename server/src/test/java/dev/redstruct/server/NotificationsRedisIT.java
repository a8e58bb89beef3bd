package dev.redstruct.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.redstruct.testkit.RedisTest;
import dev.redstruct.testkit.RespClient;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Keyspace notifications for the generic and string commands and for expiry, the same on a real
 * Redis 7.0.15 (configured with CONFIG SET) and on our server: a subscriber on {@code __key*__:*}
 * receives every event of a command sequence, and what it and the commanding client receive must
 * agree byte for byte. Also the class letters as CONFIG GET prints them.
 */
@RedisTest
class NotificationsRedisIT {
  /** Steps: a command, "DUMP key" (its payload is kept), "RESTORE key" (with it), "wait ms". */
  static final List<String> STEPS =
      List.of(
          "SET a 1",
          "SET a 2 EX 100",
          "SET a 3 NX",
          "SET a 4 XX GET",
          "INCR n",
          "INCRBY n 5",
          "DECR n",
          "DECRBY n 2",
          "INCRBYFLOAT f 1.5",
          "APPEND a x",
          "APPEND a2 y",
          "SETRANGE a 1 zz",
          "SETRANGE a 0 \"\"",
          "SETRANGE nokey 0 \"\"",
          "GETSET a v",
          "MSET m1 1 m2 2",
          "MSETNX m1 x m3 y",
          "MSETNX m4 x m5 y",
          "SETNX s 1",
          "SETNX s 2",
          "SETEX e 100 v",
          "PSETEX pe 100000 v",
          "GETEX e PERSIST",
          "GETEX e PERSIST",
          "GETEX e EX 50",
          "GETEX e PXAT 1",
          "GETEX nokey EX 5",
          "GETDEL m1",
          "GETDEL nokey",
          "SETBIT b 3 1",
          "SETBIT b 3 1",
          "BITFIELD b SET u8 0 255",
          "BITOP AND d b b",
          "BITOP AND d nokey",
          "PFADD h a b",
          "PFADD h a",
          "PFMERGE h2 h",
          "PFCOUNT h h2",
          "DEL a b nokey",
          "UNLINK a2",
          "EXPIRE m2 100",
          "EXPIRE m2 100 NX",
          "PEXPIREAT m2 1",
          "PERSIST pe",
          "PERSIST pe",
          "RENAME s s2",
          "RENAME s2 s2",
          "RENAMENX s2 n",
          "MOVE s2 1",
          "SELECT 1",
          "COPY s2 s3",
          "COPY s2 s3",
          "DUMP s3",
          "RESTORE r",
          "SELECT 0",
          "SET x 1 PX 1",
          "wait 5",
          "GET x",
          "SET y 1 PX 1",
          "wait 400",
          "XGROUP CREATE st g $ MKSTREAM",
          "XGROUP CREATE st g $",
          "XGROUP CREATECONSUMER st g Bob",
          "XGROUP CREATECONSUMER st g Bob",
          "XADD st 1-1 f A",
          "XADD st MAXLEN 1 2-1 f B",
          "XADD st MAXLEN 5 3-1 f C",
          "XREADGROUP GROUP g Alice STREAMS st >",
          "XCLAIM st g Mike 0 2-1 FORCE JUSTID",
          "XAUTOCLAIM st g Carol 0 0 JUSTID",
          "XAUTOCLAIM st g Bob 0 0 JUSTID",
          "XGROUP DELCONSUMER st g Lee",
          "XGROUP DELCONSUMER st g Bob",
          "XGROUP SETID st g 0",
          "XSETID st 5-0",
          "XDEL st 2-1 9-9",
          "XDEL st 9-9",
          "XTRIM st MAXLEN 0",
          "XTRIM st MAXLEN 0",
          "XGROUP DESTROY st g",
          "XGROUP DESTROY st g",
          "DBSIZE");

  private static RedisServer ours;

  @BeforeAll
  static void start() {
    ours = RedisServer.start(ServerOptions.defaults().port(0));
  }

  @AfterAll
  static void stop() {
    ours.close();
  }

  @Test
  void eventsAgreeByteForByte(dev.redstruct.testkit.RedisServer real) {
    for (String flags : List.of("KEA", "Kg", "E$x", "KEAn")) {
      try (RespClient admin = real.newClient()) {
        admin.call("CONFIG", "SET", "notify-keyspace-events", flags);
      }
      ours.notifications().set(flags);
      String want = run(real.port());
      String got = run(ours.port());
      if (!want.equals(got)) {
        System.out.println("NotificationsRedisIT " + flags + " redis:\n" + readable(want));
        System.out.println("NotificationsRedisIT " + flags + " ours:\n" + readable(got));
      }
      assertEquals(
          ServerDifferentialRedisIT.show(want), ServerDifferentialRedisIT.show(got), flags);
    }
    System.out.printf("NotificationsRedisIT: steps=%d flag sets=4 mismatches=0%n", STEPS.size());
  }

  @Test
  void classLettersAsConfigGetPrintsThem(dev.redstruct.testkit.RedisServer real) {
    List<String> want = new ArrayList<>();
    List<String> got = new ArrayList<>();
    try (RespClient admin = real.newClient()) {
      for (String f : List.of("", "KEA", "A", "Kg$", "Elsm", "n", "gx$KEhzlsetd", "AKEmn", "KA")) {
        admin.call("CONFIG", "SET", "notify-keyspace-events", f);
        want.add(Wire.s(admin.callRaw(RespClient.utf8("CONFIG", "GET", "notify-keyspace-events"))));
        String v = Notifications.format(Notifications.parse(f));
        got.add("*2\r\n$22\r\nnotify-keyspace-events\r\n$" + v.length() + "\r\n" + v + "\r\n");
      }
      String bad = admin.call("CONFIG", "SET", "notify-keyspace-events", "KEQ").toString();
      assertEquals(-1, Notifications.parse("KEQ"), bad);
      admin.call("CONFIG", "SET", "notify-keyspace-events", "");
    }
    assertEquals(want, got);
  }

  /** One pub/sub frame per line. */
  static String readable(String transcript) {
    return transcript.replace("\r\n", " ").replace("*4 $8 pmessage", "\n pmessage");
  }

  /** The command client's replies, then everything the subscriber received up to the sync. */
  private static String run(int port) {
    StringBuilder all = new StringBuilder();
    try (Wire sub = new Wire(port);
        BlockingRedisIT.Conn cmd = new BlockingRedisIT.Conn(port)) {
      cmd.call("FLUSHALL");
      sub.send("PSUBSCRIBE __key*__:*\r\nSUBSCRIBE sync\r\n").readUntil("$4\r\nsync\r\n:2\r\n");
      String payload = null;
      for (String step : STEPS) {
        if (step.startsWith("wait ")) {
          Wire.pause(Long.parseLong(step.substring(5)));
          continue;
        }
        String reply;
        if (step.startsWith("RESTORE ")) {
          cmd.send("*4\r\n$7\r\nRESTORE\r\n$1\r\n" + step.substring(8) + "\r\n$1\r\n0\r\n");
          cmd.send("$" + payload.length() + "\r\n" + payload + "\r\n");
          reply = cmd.readReply();
        } else {
          reply = cmd.call(step);
        }
        if (step.startsWith("DUMP ")) {
          payload = reply.substring(reply.indexOf("\r\n") + 2, reply.length() - 2);
        }
        all.append(reply);
      }
      cmd.call("PUBLISH sync end");
      all.append("|sub:").append(Wire.s(sub.readUntil("$4\r\nsync\r\n$3\r\nend\r\n")));
    }
    return all.toString();
  }
}
