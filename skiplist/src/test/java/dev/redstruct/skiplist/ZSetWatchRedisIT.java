package dev.redstruct.skiplist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.testkit.RedisTest;
import dev.redstruct.testkit.RespClient;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The {@code modified} signals of {@link ZSetCommands} against Redis 7.0.15's {@code
 * signalModifiedKey}, seen through {@code WATCH}: one connection per key watches it, the command
 * runs on Redis and on {@link ZSetHarness}, and {@code MULTI}/{@code EXEC} on each watcher says
 * whether Redis touched that key; the keys must equal the ones the face reported. As the face's
 * contract lets a keyspace do, a key reported for a *STORE whose destination neither existed before
 * nor exists after is dropped (Redis signals a deletion only of a key that existed). The stream is
 * {@link ZSetRedisIT}'s; seed {@code -Dzset.it.seed=N}, length {@code -Dzset.watch.commands=N}.
 */
@RedisTest
class ZSetWatchRedisIT {
  private static final long SEED = Long.getLong("zset.it.seed", 20260522L);
  private static final int COMMANDS = Integer.getInteger("zset.watch.commands", 4_000);
  private static final String[] KEYS = {"z0", "z1", "z2", "z3", "l0", "l1", "none", "s0", "s1"};

  @Test
  void modifiedKeysMatchWhatWatchSees(RespClient redis) {
    List<RespClient> watchers = new ArrayList<>();
    for (String k : KEYS) {
      RespClient w = RespClient.connect(redis.port());
      w.callRaw(b("WATCH"), b(k));
      watchers.add(w);
    }
    ZSetHarness ours = new ZSetHarness(128, 64);
    ZSetStreamGenerator gen = new ZSetStreamGenerator(new SplittableRandom(SEED));
    int compared = 0;
    int touching = 0;
    try {
      for (int i = 0; i < COMMANDS; i++) {
        byte[][] c = gen.next();
        String name = new String(c[0], StandardCharsets.US_ASCII).toLowerCase(Locale.ROOT);
        TreeSet<String> before = new TreeSet<>(ours.db.keySet());
        before.addAll(ours.sets.keySet());
        redis.callRaw(c);
        ours.exec(c);
        TreeSet<String> theirs = new TreeSet<>();
        for (int k = 0; k < KEYS.length; k++) {
          List<byte[]> r =
              watchers
                  .get(k)
                  .pipelineRaw(
                      List.of(
                          new byte[][] {b("MULTI")},
                          new byte[][] {b("EXEC")},
                          new byte[][] {b("WATCH"), b(KEYS[k])}));
          if (r.get(1)[0] == '*' && r.get(1)[1] == '-') {
            theirs.add(KEYS[k]);
          }
        }
        if (name.equals("sadd") || name.equals("del")) {
          continue; // the harness's own commands report nothing
        }
        TreeSet<String> mine = new TreeSet<>();
        for (String k : ours.modified()) {
          boolean after = ours.db.containsKey(k) || ours.sets.containsKey(k);
          if (before.contains(k) || after) {
            mine.add(k);
          }
        }
        assertEquals(theirs, mine, "seed " + SEED + " command #" + i + ": " + show(c));
        compared++;
        touching += theirs.isEmpty() ? 0 : 1;
      }
    } finally {
      watchers.forEach(RespClient::close);
    }
    System.out.printf(
        "ZSetWatchRedisIT: %d commands, the keys WATCH saw touched equal ours on all (%d touched"
            + " some key), seed %d%n",
        compared, touching, SEED);
    assertTrue(touching > COMMANDS / 4, "writes must be compared");
  }

  private static String show(byte[][] c) {
    StringBuilder sb = new StringBuilder();
    for (byte[] a : c) {
      sb.append(new String(a, StandardCharsets.ISO_8859_1)).append(' ');
    }
    return sb.toString();
  }

  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
