package dev.redstruct.stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.core.CorruptEncodingException;
import dev.redstruct.core.resp.KeyLookup;
import dev.redstruct.core.resp.RespWriter;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Corruption fuzzing of the RDB body decoder: bodies of streams built by commands (nodes with
 * deleted entries, groups, PELs, consumers) with random byte flips, insertions, deletions,
 * truncations and lying counts. Each mutant either loads as a stream every command can read, or is
 * refused with {@link CorruptEncodingException} and nothing else. Seed printed; replay with {@code
 * -Dredstruct.seed=N}.
 */
class RedisStreamCorruptionTest {

  private static byte[][] argv(String... s) {
    byte[][] a = new byte[s.length][];
    for (int i = 0; i < s.length; i++) {
      a[i] = s[i].getBytes(StandardCharsets.ISO_8859_1);
    }
    return a;
  }

  /** A stream built by commands: the corpus the mutants start from. */
  static RedisStream sample(SplittableRandom r) {
    Map<String, RedisStream> keys = new HashMap<>();
    KeyLookup<RedisStream> lookup =
        KeyLookup.of(
            k ->
                keys.computeIfAbsent(
                    new String(k, StandardCharsets.ISO_8859_1), x -> RedisStream.placeholder()));
    StreamCommands.Env env =
        new StreamCommands.Env() {
          @Override
          public long nowMillis() {
            return 1_700_000_000_000L;
          }

          @Override
          public long nodeMaxEntries() {
            return 4;
          }
        };
    int n = 1 + r.nextInt(20);
    for (int i = 1; i <= n; i++) {
      run(
          lookup,
          env,
          "XADD",
          "s",
          i + "-" + r.nextInt(3),
          "f",
          "v" + i,
          r.nextBoolean() ? "f" : "g",
          "" + i);
    }
    run(lookup, env, "XGROUP", "CREATE", "s", "g1", "0");
    run(lookup, env, "XREADGROUP", "GROUP", "g1", "alice", "COUNT", "3", "STREAMS", "s", ">");
    run(lookup, env, "XREADGROUP", "GROUP", "g1", "bob", "COUNT", "2", "STREAMS", "s", ">");
    run(lookup, env, "XDEL", "s", "2-0", "3-1", "5-2");
    return keys.get("s");
  }

  private static void run(KeyLookup<RedisStream> keys, StreamCommands.Env env, String... a) {
    StreamCommands.execute(argv(a), keys, env, new RespWriter());
  }

  @Test
  void mutantsLoadOrAreRefused() {
    long seed = Long.getLong("redstruct.seed", System.nanoTime());
    System.out.println("RedisStreamCorruptionTest seed " + seed);
    SplittableRandom r = new SplittableRandom(seed);
    int refused = 0;
    int loaded = 0;
    byte[][] corpus = new byte[40][];
    for (int i = 0; i < corpus.length; i++) {
      corpus[i] = sample(new SplittableRandom(seed + i)).toRdbBody(i % 2 == 0);
    }
    for (int i = 0; i < 2000; i++) {
      byte[] body = corpus[i % corpus.length];
      byte[] m = mutate(r, body);
      try {
        RedisStream s = RedisStream.fromRdbBody(m, 0, m.length);
        exercise(s);
        loaded++;
      } catch (CorruptEncodingException e) {
        refused++;
      }
    }
    System.out.printf("RedisStreamCorruptionTest: %d refused, %d loaded%n", refused, loaded);
    assertTrue(refused > 500, "most mutants are refused");
    assertEquals(2000, refused + loaded);
  }

  /** What a loaded stream must survive: reads, info, a trim and a dump. */
  private static void exercise(RedisStream s) {
    s.range(StreamId.MIN, StreamId.MAX, 0, false);
    s.range(StreamId.MIN, StreamId.MAX, 0, true);
    Map<String, RedisStream> keys = new HashMap<>();
    keys.put("s", s);
    KeyLookup<RedisStream> lookup =
        KeyLookup.of(
            k ->
                keys.computeIfAbsent(
                    new String(k, StandardCharsets.ISO_8859_1), x -> RedisStream.placeholder()));
    StreamCommands.Env env = () -> 1_700_000_000_000L;
    run(lookup, env, "XINFO", "STREAM", "s", "FULL");
    run(lookup, env, "XPENDING", "s", "g1", "-", "+", "10");
    run(lookup, env, "XAUTOCLAIM", "s", "g1", "carol", "0", "0");
    run(lookup, env, "XADD", "s", "*", "f", "v");
    run(lookup, env, "XTRIM", "s", "MAXLEN", "3");
    s.toRdbBody(true);
  }

  private static byte[] mutate(SplittableRandom r, byte[] b) {
    byte[] m = b.clone();
    switch (r.nextInt(5)) {
      case 0 -> {
        for (int k = 0; k <= r.nextInt(3); k++) {
          m[r.nextInt(m.length)] ^= (byte) (1 << r.nextInt(8));
        }
      }
      case 1 -> m = java.util.Arrays.copyOf(m, r.nextInt(m.length));
      case 2 -> m[r.nextInt(m.length)] = (byte) r.nextInt(256);
      case 3 -> {
        int at = r.nextInt(m.length);
        byte[] n = new byte[m.length + 1];
        System.arraycopy(m, 0, n, 0, at);
        n[at] = (byte) r.nextInt(256);
        System.arraycopy(m, at, n, at + 1, m.length - at);
        m = n;
      }
      default -> m[0] = (byte) 0x81; // a 64-bit node count that lies
    }
    return m;
  }

  @Test
  void lyingCountsAreRefusedBeforeAllocating() {
    byte[] lie = {(byte) 0x81, 0x7f, -1, -1, -1, -1, -1, -1, -1};
    assertThrows(CorruptEncodingException.class, () -> RedisStream.fromRdbBody(lie, 0, lie.length));
  }
}
