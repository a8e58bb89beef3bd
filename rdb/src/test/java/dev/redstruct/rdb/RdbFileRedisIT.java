package dev.redstruct.rdb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.redstruct.testkit.RedisServer;
import dev.redstruct.testkit.RespClient;
import dev.redstruct.testkit.RespReply;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * RDB files both ways: a file we write is loaded by a fresh redis-server at start-up and every key
 * has the {@code DEBUG DIGEST-VALUE} of the same data built with commands; a file Redis writes with
 * {@code SAVE} reads back into our structures with every key equal, and the types we do not model
 * are reported, not mis-read.
 */
class RdbFileRedisIT {
  private static final long SEED = Long.getLong("redstruct.seed", 0xf11eL);
  private static final int KEYS = 3_000;
  private static final long FAR_FUTURE_MS = 4_102_444_800_000L; // 2100-01-01

  @TempDir Path dir;

  @Test
  void redisLoadsOurFileWithTheDigestsOfCommandBuiltData() throws IOException {
    Oracle.requireRedis();
    System.out.println("RdbFileRedisIT seed " + SEED);
    SplittableRandom rnd = new SplittableRandom(SEED);
    List<Samples.Sample> samples = new ArrayList<>();
    for (int i = 0; i < KEYS; i++) {
      samples.add(Samples.random(rnd, "f" + i));
    }
    for (boolean compression : new boolean[] {true, false}) {
      Path file = dir.resolve("ours-" + compression + ".rdb");
      try (OutputStream os = new BufferedOutputStream(Files.newOutputStream(file));
          RdbFileWriter w = RdbFileWriter.create(os, compression)) {
        w.selectDb(0, KEYS, KEYS / 3);
        for (int i = 0; i < KEYS; i++) {
          Samples.Sample s = samples.get(i);
          w.put(s.key(), s.value(), i % 3 == 0 ? FAR_FUTURE_MS + i : -1);
        }
      }
      int mismatches = compareDigests(file, samples);
      System.out.printf(
          "RdbFileRedisIT: our file (rdbcompression %s, %d bytes) loaded by redis-server, %d keys,"
              + " %d digest mismatches%n",
          compression, Files.size(file), KEYS, mismatches);
      assertEquals(0, mismatches);
    }
  }

  private int compareDigests(Path file, List<Samples.Sample> samples) {
    List<String> debug = List.of("--enable-debug-command", "local");
    List<String> load = new ArrayList<>(debug);
    load.addAll(List.of("--dir", dir.toString(), "--dbfilename", file.getFileName().toString()));
    try (RedisServer loaded = RedisServer.start(load);
        RedisServer built = RedisServer.start(debug);
        RespClient a = loaded.newClient();
        RespClient b = built.newClient()) {
      List<byte[][]> build = new ArrayList<>();
      List<byte[][]> digests = new ArrayList<>();
      List<byte[][]> expiries = new ArrayList<>();
      for (int i = 0; i < samples.size(); i++) {
        Samples.Sample s = samples.get(i);
        build.addAll(s.commands());
        if (i % 3 == 0) { // DEBUG DIGEST-VALUE mixes the expiry in (debug.c: xorObjectDigest)
          String at = Long.toString(FAR_FUTURE_MS + i);
          build.add(new byte[][] {Samples.utf8("PEXPIREAT"), s.key(), Samples.utf8(at)});
        }
        digests.add(new byte[][] {Samples.utf8("DEBUG"), Samples.utf8("DIGEST-VALUE"), s.key()});
        expiries.add(new byte[][] {Samples.utf8("PEXPIRETIME"), s.key()});
      }
      b.pipeline(build).forEach(r -> assertEquals(false, r.isError(), r.toString()));
      assertEquals(samples.size(), a.call("DBSIZE").asLong());
      List<RespReply> ours = a.pipeline(digests);
      List<RespReply> theirs = b.pipeline(digests);
      List<RespReply> ttl = a.pipeline(expiries);
      int mismatches = 0;
      for (int i = 0; i < samples.size(); i++) {
        if (!ours.get(i).equals(theirs.get(i))) {
          mismatches++;
        }
        assertEquals(i % 3 == 0 ? FAR_FUTURE_MS + i : -1, ttl.get(i).asLong());
      }
      return mismatches;
    }
  }

  @Test
  void aFileRedisSavesReadsIntoOurStructures() throws IOException {
    Oracle.requireRedis();
    SplittableRandom rnd = new SplittableRandom(SEED + 1);
    Map<String, Samples.Sample> samples = new TreeMap<>();
    for (int i = 0; i < KEYS; i++) {
      Samples.Sample s = Samples.random(rnd, "s" + i);
      samples.put("s" + i, s);
    }
    try (RedisServer server = RedisServer.start();
        RespClient c = server.newClient()) {
      List<byte[][]> build = new ArrayList<>();
      samples.values().forEach(s -> build.addAll(s.commands()));
      build.add(RespClient.utf8("PEXPIREAT", "s1", Long.toString(FAR_FUTURE_MS)));
      build.addAll(unmodelledTypes());
      c.pipeline(build).forEach(r -> assertEquals(false, r.isError(), r.toString()));
      c.call("SAVE").assertOk();
      Map<Integer, Integer> skipped = new HashMap<>();
      int read = 0;
      int streams = 0;
      try (InputStream in =
              new BufferedInputStream(
                  Files.newInputStream(server.directory().resolve("dump.rdb")));
          RdbFileReader r = RdbFileReader.open(in)) {
        for (RdbFileReader.Entry e = r.next(); e != null; e = r.next()) {
          read++;
          String key = new String(e.key(), java.nio.charset.StandardCharsets.UTF_8);
          if (e.value() instanceof RedisValue.Unmodelled u) {
            skipped.merge(u.rdbType(), 1, Integer::sum);
            continue;
          }
          if (e.value() instanceof RedisValue.StreamValue st) {
            assertEquals(1, st.stream().size(), key);
            streams++;
            continue;
          }
          Samples.Sample s = samples.get(key);
          assertNotNull(s, key);
          RedisPayloadsRedisIT.assertSameValue(s.value(), e.value());
          assertEquals(key.equals("s1") ? FAR_FUTURE_MS : -1, e.expireAtMs(), key);
        }
        assertEquals("7.0.15", r.auxFields().get("redis-ver"));
        assertNull(r.next());
      }
      System.out.println(
          "RdbFileRedisIT: Redis's SAVE read back, "
              + read
              + " keys, unmodelled by type "
              + skipped);
      assertEquals(samples.size() + 1, read); // 1 key from unmodelledTypes()
      assertEquals(1, streams); // streams are read since the stream module
      assertEquals(Map.of(), skipped);
    }
  }

  /** A key of the one type (streams) we do not model. */
  static List<byte[][]> unmodelledTypes() {
    List<byte[][]> cmds = new ArrayList<>();
    cmds.add(RespClient.utf8("XADD", "u:stream", "*", "f", "v"));
    cmds.add(RespClient.utf8("XGROUP", "CREATE", "u:stream", "g", "0"));
    cmds.add(
        RespClient.utf8(
            "XREADGROUP", "GROUP", "g", "alice", "COUNT", "1", "STREAMS", "u:stream", ">"));
    return cmds;
  }

  @Test
  void ourFileReadsBackThroughOurReader() throws IOException {
    SplittableRandom rnd = new SplittableRandom(SEED + 2);
    List<Samples.Sample> samples = new ArrayList<>();
    for (int i = 0; i < 500; i++) {
      samples.add(Samples.random(rnd, "o" + i));
    }
    Path file = dir.resolve("o.rdb");
    try (OutputStream os = Files.newOutputStream(file);
        RdbFileWriter w = RdbFileWriter.create(os, true)) {
      w.selectDb(3, samples.size(), 0);
      for (Samples.Sample s : samples) {
        w.put(s.key(), s.value());
      }
    }
    try (RdbFileReader r = RdbFileReader.open(Files.newInputStream(file))) {
      for (Samples.Sample s : samples) {
        RdbFileReader.Entry e = r.next();
        assertEquals(3, e.db());
        assertArrayEquals(s.key(), e.key());
        RedisPayloadsRedisIT.assertSameValue(s.value(), e.value());
      }
      assertNull(r.next());
      assertEquals(10, r.version());
    }
  }
}
