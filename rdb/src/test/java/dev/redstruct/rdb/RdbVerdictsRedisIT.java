package dev.redstruct.rdb;

import static dev.redstruct.rdb.RdbFileReaderTest.MODULE_AUX;
import static dev.redstruct.rdb.RdbFileReaderTest.asset;
import static dev.redstruct.rdb.RdbFileReaderTest.file;
import static dev.redstruct.rdb.RdbFileReaderTest.str;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.rdb.RdbPayload;
import dev.redstruct.hash.RedisHash;
import dev.redstruct.testkit.RedisServer;
import dev.redstruct.testkit.RespClient;
import dev.redstruct.testkit.RespReply;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Redis's side of issue 27's verdicts: redis-server 7.0.15 started on each file of {@code
 * RdbFileReaderTest} (it loads the keys our reader returns, or refuses to start where our reader
 * throws), and {@code RESTORE} of each payload of {@code RedisPayloadsLoadTest}.
 */
class RdbVerdictsRedisIT {
  @TempDir Path dir;

  /** The log tail of the last server that refused to start. */
  private String refusal = "";

  /** Starts a server on {@code rdb}; returns its keys "db:key" sorted, or null if it refused. */
  private TreeSet<String> serverKeys(String name, byte[] rdb, String... extra) {
    Path d = dir.resolve(name);
    try {
      Files.createDirectories(d);
      Files.write(d.resolve("dump.rdb"), rdb);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<String> args = new ArrayList<>(List.of("--dir", d.toString(), "--dbfilename", "dump.rdb"));
    args.addAll(List.of(extra));
    RedisServer server;
    try {
      server = RedisServer.start(args);
    } catch (IllegalStateException refused) {
      refusal = refused.getMessage();
      System.out.println(
          "RdbVerdictsRedisIT: redis-server refused " + name + ": " + lastLine(refused));
      return null;
    }
    TreeSet<String> keys = new TreeSet<>();
    try (server;
        RespClient c = server.newClient()) {
      RespReply.Array dbs = (RespReply.Array) c.call("CONFIG", "GET", "databases");
      int databases =
          Integer.parseInt(
              new String(((RespReply.Bulk) dbs.elements().get(1)).value(), StandardCharsets.UTF_8));
      for (int db = 0; db < databases; db++) {
        c.call("SELECT", Integer.toString(db)).assertOk();
        for (RespReply k : ((RespReply.Array) c.call("KEYS", "*")).elements()) {
          keys.add(db + ":" + new String(((RespReply.Bulk) k).value(), StandardCharsets.UTF_8));
        }
      }
    }
    return keys;
  }

  /** The server's last warning line (" # "), which says why it stopped. */
  private static String lastLine(IllegalStateException e) {
    String why = "";
    for (String line : e.getMessage().split("\n")) {
      if (line.contains(" # ") && !line.contains("overcommit")) {
        why = line;
      }
    }
    return why;
  }

  /** Our reader's keys "db:key" that Redis would keep: not skipped, not expired at load. */
  private static TreeSet<String> ourKeys(byte[] rdb) {
    TreeSet<String> keys = new TreeSet<>();
    long now = System.currentTimeMillis();
    try (RdbFileReader r = RdbFileReader.open(new ByteArrayInputStream(rdb))) {
      for (RdbFileReader.Entry e = r.next(); e != null; e = r.next()) {
        if (!e.isExpiredAt(now)) {
          keys.add(e.db() + ":" + new String(e.key(), StandardCharsets.UTF_8));
        }
      }
    }
    return keys;
  }

  @Test
  void redisLoadsTheKeysOurReaderReturns() {
    Oracle.requireRedis();
    byte[] negative =
        file(
            "fe00",
            "fdffffffff00" + str("neg") + str("v"),
            "fd0000008000" + str("min") + str("v"),
            "fcffffffffffffffff00" + str("msneg1") + str("v"),
            "00" + str("plain") + str("v"));
    for (Object[] c :
        new Object[][] {
          {"corrupt_empty_keys", asset("corrupt_empty_keys.rdb")},
          {"encodings", asset("encodings.rdb")},
          {"negative-expiry", negative},
        }) {
      TreeSet<String> redis = serverKeys((String) c[0], (byte[]) c[1]);
      assertEquals(redis, ourKeys((byte[]) c[1]), (String) c[0]);
      System.out.println("RdbVerdictsRedisIT: " + c[0] + ": same " + redis.size() + " keys");
    }
    assertEquals(0, serverKeys("empty", asset("corrupt_empty_keys.rdb")).size());
  }

  /**
   * Issue 33: Redis's own hash assets (a 2.x zipmap, type 9, and a 6.2 ziplist, type 13) load with
   * the contents the server shows for them: every key's HGETALL, as field=value pairs sorted.
   */
  @Test
  void redisHashAssetsLoadWithTheServersContents() throws IOException {
    Oracle.requireRedis();
    for (String name : List.of("hash-zipmap.rdb", "hash-ziplist.rdb")) {
      byte[] rdb = asset(name);
      TreeSet<String> ours = new TreeSet<>();
      try (RdbFileReader r = RdbFileReader.open(new ByteArrayInputStream(rdb))) {
        for (RdbFileReader.Entry e = r.next(); e != null; e = r.next()) {
          RedisHash h = ((RedisValue.HashValue) e.value()).hash();
          String key = utf8(e.key());
          h.asStrings().forEach((f, v) -> ours.add(key + ":" + f + "=" + v));
        }
      }
      Path d = dir.resolve(name + ".d");
      Files.createDirectories(d);
      Files.write(d.resolve("dump.rdb"), rdb);
      TreeSet<String> theirs = new TreeSet<>();
      try (RedisServer server =
              RedisServer.start(List.of("--dir", d.toString(), "--dbfilename", "dump.rdb"));
          RespClient c = server.newClient()) {
        for (RespReply k : c.call("KEYS", "*").asList()) {
          List<RespReply> pairs = c.call("HGETALL", k.asString()).asList();
          for (int i = 0; i < pairs.size(); i += 2) {
            theirs.add(
                k.asString() + ":" + pairs.get(i).asString() + "=" + pairs.get(i + 1).asString());
          }
        }
      }
      assertTrue(!theirs.isEmpty(), name);
      assertEquals(theirs, ours, name);
      System.out.println("RdbVerdictsRedisIT: " + name + ": same " + ours.size() + " pairs");
    }
  }

  private static String utf8(byte[] b) {
    return new String(b, StandardCharsets.UTF_8);
  }

  @Test
  void redisRefusesTheFilesOurReaderRefuses() {
    Oracle.requireRedis();
    assertEquals(null, serverKeys("corrupt_ziplist", asset("corrupt_ziplist.rdb")));
    assertTrue(refusal.contains("Hash ziplist integrity check failed"), refusal);
    assertEquals(
        null, serverKeys("function", file("f5" + str("garbage code"), "00" + str("k") + str("v"))));
    assertTrue(refusal.contains("Missing library metadata"), refusal);
    assertEquals(null, serverKeys("type99", file("63" + str("k") + str("v"))));
    assertTrue(refusal.contains("Unknown RDB encoding type 99"), refusal);
  }

  /** The leniencies of RdbFileReaderTest#leniencesKeptByDecision, on the server. */
  @Test
  void redisVerdictsOnTheLeniencesWeKeep() {
    Oracle.requireRedis();
    byte[] db16 = file("fe10", "00" + str("k") + str("v"));
    assertEquals(null, serverKeys("db16", db16));
    assertTrue(refusal.contains("configured to handle more than 16 databases"), refusal);
    assertEquals(new TreeSet<>(List.of("16:k")), serverKeys("db16-32", db16, "--databases", "32"));
    byte[] dup = file("fe00", "00" + str("k") + str("v"), "00" + str("k") + str("w"));
    assertEquals(null, serverKeys("dup", dup));
    // serverPanic("Duplicated key found in RDB file"): its crash report outgrows the log tail kept
    // no module is loaded: "The RDB file contains AUX module data I can't load"
    assertEquals(null, serverKeys("module-aux", file(MODULE_AUX, "00" + str("k") + str("v"))));
    assertTrue(refusal.contains("no matching module"), refusal);
    // the metadata line is all we check of a library: Redis then runs the code, which registers
    // no function here, and refuses the file; we cannot run Lua and read on
    byte[] function = file("f5" + str("#!lua name=mylib\nreturn 1"), "00" + str("k") + str("v"));
    assertEquals(null, serverKeys("function-no-register", function));
  }

  @Test
  void restoreAgreesWithOurLoad() {
    Oracle.requireRedis();
    try (RedisServer server = RedisServer.start();
        RespClient c = server.newClient()) {
      byte[] t1 = HexFormat.of().parseHex(RedisPayloadsLoadTest.TYPE1);
      c.call("RESTORE".getBytes(), "t1".getBytes(), "0".getBytes(), t1).assertOk();
      assertEquals(
          RedisPayloadsLoadTest.TYPE1_REDIS_DUMP,
          HexFormat.of().formatHex(((RespReply.Bulk) c.call("DUMP", "t1")).value()));
      byte[] list = HexFormat.of().parseHex(RedisPayloadsLoadTest.LIST_TRAILING);
      c.call("RESTORE".getBytes(), "l".getBytes(), "0".getBytes(), list).assertOk();
      byte[] ours =
          RedisPayloads.dump(((RedisValue.ListValue) RedisPayloads.load(list)).list(), true);
      assertEquals(
          HexFormat.of().formatHex(((RespReply.Bulk) c.call("DUMP", "l")).value()),
          HexFormat.of().formatHex(ours));
      byte[] string = HexFormat.of().parseHex(RedisPayloadsLoadTest.STRING_TRAILING);
      c.call("RESTORE".getBytes(), "s".getBytes(), "0".getBytes(), string).assertOk();
      assertEquals(
          new RespReply.Bulk(((RedisValue.StringValue) RedisPayloads.load(string)).bytes()),
          c.call("GET", "s"));
      byte[] inFooter = RdbPayload.dump(0, HexFormat.of().parseHex("0f68656c6c6f"));
      c.call("RESTORE".getBytes(), "f".getBytes(), "0".getBytes(), inFooter).assertOk();
      assertEquals(
          new RespReply.Bulk(((RedisValue.StringValue) RedisPayloads.load(inFooter)).bytes()),
          c.call("GET", "f"));
      for (int type : new int[] {99, 8, 20, 21, 6}) {
        byte[] p = RdbPayload.dump(type, HexFormat.of().parseHex("0176"));
        RespReply r = c.call("RESTORE".getBytes(), "bad".getBytes(), "0".getBytes(), p);
        assertEquals(new RespReply.Error("ERR Bad data format"), r, "type " + type);
      }
    }
  }
}
