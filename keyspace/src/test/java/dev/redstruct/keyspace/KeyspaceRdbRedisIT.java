package dev.redstruct.keyspace;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.rdb.RedisPayloads;
import dev.redstruct.rdb.RedisValue;
import dev.redstruct.testkit.RedisServer;
import dev.redstruct.testkit.RedisTest;
import dev.redstruct.testkit.RespClient;
import dev.redstruct.testkit.RespReply;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Whole RDB files both ways: a keyspace built by the same commands as a server saves a file that
 * {@code redis-server} starts on with the same {@code DEBUG DIGEST}; a file the server {@code
 * SAVE}s loads into a keyspace with every key's DUMP (by content for hashtables) and expiry equal;
 * Redis's own {@code tests/assets/*.rdb} load as the server loads them. Seed printed; replay with
 * {@code -Dredstruct.seed=N}.
 */
@RedisTest
class KeyspaceRdbRedisIT {
  private static final int KEYS = 10_002;
  private static final long FAR = KeyspaceCommandGen.FAR;

  @Test
  void filesBothWaysOnEveryTypeWithExpiries() throws IOException {
    long seed = Long.getLong("redstruct.seed", System.nanoTime());
    System.out.println("KeyspaceRdbRedisIT seed " + seed);
    SplittableRandom r = new SplittableRandom(seed);
    Keyspace ks = Keyspace.create();
    List<String> debug = List.of("--enable-debug-command", "local");
    try (RedisServer built = RedisServer.start(debug);
        RespClient redis = built.newClient()) {
      List<byte[][]> cmds = build(r);
      List<RespReply> replies = redis.pipeline(cmds);
      for (int i = 0; i < cmds.size(); i++) {
        assertEquals(replies.get(i), RespReply.parse(ks.execute(cmds.get(i))), "command " + i);
      }
      // ours -> redis-server
      Path dir = Files.createTempDirectory("keyspace-rdb-");
      Path file = dir.resolve("ours.rdb");
      try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file))) {
        ks.saveRdb(out);
      }
      List<String> load = new ArrayList<>(debug);
      load.addAll(List.of("--dir", dir.toString(), "--dbfilename", "ours.rdb"));
      try (RedisServer loaded = RedisServer.start(load);
          RespClient theirs = loaded.newClient()) {
        assertEquals(
            redis.call("DEBUG", "DIGEST").asString(), theirs.call("DEBUG", "DIGEST").asString());
        assertEquals(counts(redis), counts(theirs)); // keys and expires per database
      }
      // redis-server -> ours
      redis.call("SAVE").assertOk();
      Keyspace back = Keyspace.create();
      Keyspace.RdbLoad report;
      try (InputStream in = Files.newInputStream(built.directory().resolve("dump.rdb"))) {
        report = back.loadRdb(in);
      }
      // compared with a server that loads the same file (loading re-encodes: an APPEND-made short
      // raw string comes back embstr in Redis too)
      Path again = Files.createTempDirectory("keyspace-rdb-saved-");
      Files.copy(built.directory().resolve("dump.rdb"), again.resolve("saved.rdb"));
      List<String> reload = new ArrayList<>(debug);
      reload.addAll(List.of("--dir", again.toString(), "--dbfilename", "saved.rdb"));
      long compared;
      try (RedisServer reloaded = RedisServer.start(reload);
          RespClient theirs = reloaded.newClient()) {
        compared = compareEveryKey(theirs, back);
      }
      assertEquals(compared, report.loaded());
      System.out.printf(
          "KeyspaceRdbRedisIT: %d keys both ways (lists, sets, hashes, strings, sorted sets),"
              + " digests equal, %d keys compared by DUMP, PEXPIRETIME and OBJECT ENCODING%n",
          report.loaded(), compared);
    }
  }

  private static String counts(RespClient redis) {
    return redis.call("INFO", "keyspace").asString().replaceAll(",avg_ttl=\\d+", "");
  }

  /**
   * Keys of every type in three databases, a third of them with an absolute expiry: lists, sets,
   * hashes, strings ({@code int}, {@code embstr}, {@code raw} and a short {@code raw} made by
   * APPEND) and sorted sets (listpack, and skiplist by size or by a member longer than 64 bytes).
   */
  private static List<byte[][]> build(SplittableRandom r) {
    List<byte[][]> cmds = new ArrayList<>();
    for (int i = 0; i < KEYS; i++) {
      if (i % 1000 == 0) {
        cmds.add(argv("SELECT", Integer.toString(i / 1000 % 3)));
      }
      String key = "key:" + i;
      int n = r.nextInt(20) == 0 ? 130 + r.nextInt(500) : 1 + r.nextInt(10);
      switch (i % 5) {
        case 3 -> cmds.addAll(string(key, r));
        case 4 -> cmds.add(zadd(key, n, r));
        default -> cmds.add(collection(i % 5, key, n, r));
      }
      if (r.nextInt(3) == 0) {
        cmds.add(argv("PEXPIREAT", key, Long.toString(FAR + r.nextInt(1_000_000))));
      }
    }
    return cmds;
  }

  private static byte[][] collection(int type, String key, int n, SplittableRandom r) {
    List<String> a = new ArrayList<>();
    switch (type) {
      case 0 -> a.addAll(List.of("RPUSH", key));
      case 1 -> a.addAll(List.of("SADD", key));
      default -> a.addAll(List.of("HSET", key));
    }
    for (int j = 0; j < n; j++) {
      if (type == 2) {
        a.add("f" + j);
      }
      a.add(r.nextBoolean() ? Integer.toString(r.nextInt(1000)) : "v" + r.nextInt(100_000));
    }
    return argv(a.toArray(new String[0]));
  }

  /** A string in one of Redis's encodings: int, embstr, raw, or raw made short by APPEND. */
  private static List<byte[][]> string(String key, SplittableRandom r) {
    return switch (r.nextInt(5)) {
      case 0 -> List.<byte[][]>of(argv("SET", key, Long.toString(r.nextLong())));
      case 1 -> List.<byte[][]>of(argv("SET", key, Integer.toString(r.nextInt(20_000))));
      case 2 -> List.<byte[][]>of(argv("SET", key, "e" + r.nextInt(1_000_000)));
      case 3 -> List.<byte[][]>of(argv("SET", key, "r".repeat(45 + r.nextInt(200)) + r.nextInt()));
      default -> List.of(argv("SET", key, "a"), argv("APPEND", key, "b" + r.nextInt(1000)));
    };
  }

  /** A sorted set: listpack when small, skiplist when large or holding a 65-byte member. */
  private static byte[][] zadd(String key, int n, SplittableRandom r) {
    List<String> a = new ArrayList<>(List.of("ZADD", key));
    boolean longMember = r.nextInt(10) == 0;
    for (int j = 0; j < n; j++) {
      a.add(
          r.nextBoolean() ? Integer.toString(r.nextInt(-500, 500)) : r.nextInt(10_000) / 8.0 + "");
      a.add(longMember && j == 0 ? "m".repeat(65) : "m" + r.nextInt(100_000));
    }
    return argv(a.toArray(new String[0]));
  }

  /**
   * Every key of the server equals the loaded keyspace's: DUMP (content for hashtables), expiry,
   * OBJECT ENCODING.
   */
  private static long compareEveryKey(RespClient redis, Keyspace ks) {
    long n = 0;
    for (int db = 0; db < Keyspace.DATABASES; db++) {
      redis.call("SELECT", Integer.toString(db)).assertOk();
      ks.execute("SELECT", Integer.toString(db));
      List<RespReply> keys = redis.call("KEYS", "*").asList();
      List<byte[][]> wire = new ArrayList<>();
      for (RespReply k : keys) {
        wire.add(new byte[][] {b("DUMP"), k.asBytes()});
        wire.add(new byte[][] {b("PEXPIRETIME"), k.asBytes()});
        wire.add(new byte[][] {b("OBJECT"), b("ENCODING"), k.asBytes()});
      }
      List<RespReply> theirs = redis.pipeline(wire);
      for (int i = 0; i < wire.size(); i++) {
        RespReply mine = RespReply.parse(ks.execute(wire.get(i)));
        String at =
            "db "
                + db
                + " "
                + new String(wire.get(i)[0], UTF_8)
                + " "
                + new String(wire.get(i)[wire.get(i).length - 1], UTF_8);
        if (i % 3 == 0 && !mine.isNull() && !theirs.get(i).equals(mine)) {
          assertEquals(content(theirs.get(i).asBytes()), content(mine.asBytes()), at);
        } else {
          assertEquals(theirs.get(i), mine, at);
        }
      }
      n += keys.size();
      assertEquals(keys.size(), ks.dbSize(db));
    }
    return n;
  }

  /** A payload's content in canonical order (hashtable sets and hashes follow the hash seed). */
  static Object content(byte[] payload) {
    RedisValue v = RedisPayloads.load(payload);
    if (v instanceof RedisValue.SetValue s) {
      TreeSet<String> out = new TreeSet<>();
      s.set().forEach(m -> out.add(new String(m, UTF_8)));
      return out;
    } else if (v instanceof RedisValue.HashValue h) {
      Map<String, String> m = new TreeMap<>();
      h.hash().forEach((f, x) -> m.put(new String(f, UTF_8), new String(x, UTF_8)));
      return m;
    }
    return v;
  }

  @Test
  void redisTestAssetsLoadAsTheServerLoadsThem() throws IOException {
    Path assets = Path.of("..", "rdb", "src", "test", "resources", "redis-assets");
    List<Path> files;
    try (Stream<Path> s = Files.list(assets)) {
      files = s.filter(p -> p.toString().endsWith(".rdb")).sorted().toList();
    }
    int loadedFiles = 0;
    for (Path asset : files) {
      Path dir = Files.createTempDirectory("keyspace-asset-");
      Files.copy(asset, dir.resolve("a.rdb"));
      RedisServer server;
      try {
        server = RedisServer.start(List.of("--dir", dir.toString(), "--dbfilename", "a.rdb"));
      } catch (IllegalStateException refused) {
        Keyspace ks = Keyspace.create();
        try (InputStream in = Files.newInputStream(asset)) {
          assertThrows(CorruptEncodingException.class, () -> ks.loadRdb(in), asset.toString());
        }
        continue;
      }
      try (server;
          RespClient redis = server.newClient();
          InputStream in = Files.newInputStream(asset)) {
        Keyspace ks = Keyspace.create();
        ks.loadRdb(in);
        compareEveryKey(redis, ks);
        loadedFiles++;
      }
    }
    assertTrue(loadedFiles >= 3, "asset files loaded: " + loadedFiles);
    System.out.println(
        "KeyspaceRdbRedisIT: " + loadedFiles + " of " + files.size() + " Redis assets equal");
  }

  private static byte[] b(String s) {
    return s.getBytes(UTF_8);
  }

  private static byte[][] argv(String... a) {
    byte[][] out = new byte[a.length][];
    for (int i = 0; i < a.length; i++) {
      out[i] = b(a[i]);
    }
    return out;
  }
}
