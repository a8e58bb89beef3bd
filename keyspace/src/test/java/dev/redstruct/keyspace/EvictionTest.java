package dev.redstruct.keyspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Eviction through the keyspace's face: which keys each policy picks when sampling sees every key
 * (maxmemory-samples above the key count, so the choice is Redis's exact order: least recently
 * used, least frequently used, soonest to expire), and what an eviction tells the listener (the
 * {@code evicted} event of class 512, a DEL propagated on its own).
 */
class EvictionTest {
  private long now = 1_700_000_000_000L;
  private final Keyspace ks = Keyspace.create(() -> now, new SplittableRandom(7));
  private final List<String> events = new ArrayList<>();
  private final List<String> stream = new ArrayList<>();

  EvictionTest() {
    ks.setKeyListener(
        new Keyspace.KeyListener() {
          @Override
          public void keyAdded(int db, byte[] key, RedisType type) {}

          @Override
          public void keyspaceEvent(int type, String event, byte[] key, int db) {
            if (type == 512) {
              events.add(db + ":" + event + " " + new String(key, StandardCharsets.UTF_8));
            }
          }

          @Override
          public boolean replicating() {
            return true;
          }

          @Override
          public void propagated(int db, byte[][] argv) {
            StringBuilder sb = new StringBuilder().append(db).append(':');
            for (int i = 0; i < argv.length; i++) {
              sb.append(i == 0 ? "" : " ").append(new String(argv[i], StandardCharsets.UTF_8));
            }
            stream.add(sb.toString());
          }
        });
  }

  private void policy(Eviction.Policy p, long lfuLogFactor) {
    ks.eviction().configure(p, 20, lfuLogFactor, 1);
  }

  /** Evicts until the estimate of one key is freed: exactly one key goes. */
  private void evictOne() {
    Eviction.Result r = ks.eviction().perform(1);
    assertEquals(1, r.evicted());
    assertTrue(r.enough());
  }

  @Test
  void lruEvictsTheLeastRecentlyUsedFirst() {
    policy(Eviction.Policy.ALLKEYS_LRU, 10);
    for (String k : List.of("a", "b", "c", "d")) {
      ks.execute("SET", k, "v");
      now += 2000;
    }
    ks.execute("GET", "a"); // a is now the most recent
    now += 2000;
    stream.clear();
    evictOne();
    evictOne();
    assertEquals(List.of("0:evicted b", "0:evicted c"), events);
    assertEquals(List.of("0:DEL b", "0:DEL c"), stream);
  }

  @Test
  void lfuEvictsTheLeastFrequentlyUsedFirst() {
    policy(Eviction.Policy.ALLKEYS_LFU, 0); // factor 0: every access counts
    for (String k : List.of("a", "b", "c")) {
      ks.execute("SET", k, "v");
    }
    for (int i = 0; i < 3; i++) {
      ks.execute("GET", "a");
      ks.execute("GET", "c");
    }
    ks.execute("GET", "c");
    assertEquals(":9\r\n", text(ks.execute("OBJECT", "FREQ", "c")));
    evictOne();
    evictOne();
    assertEquals(List.of("0:evicted b", "0:evicted a"), events);
  }

  @Test
  void volatileTtlEvictsTheSoonestToExpireAcrossDatabases() {
    policy(Eviction.Policy.VOLATILE_TTL, 10);
    ks.execute("SET", "p", "v");
    ks.execute("SET", "late", "v", "EX", "300");
    ks.execute("SET", "soon", "v", "EX", "100");
    ks.execute("SELECT", "3");
    ks.execute("SET", "middle", "v", "EX", "200");
    stream.clear();
    Eviction.Result r = ks.eviction().perform(Long.MAX_VALUE);
    assertEquals(3, r.evicted());
    assertFalse(r.enough()); // p has no TTL: nothing left to evict
    assertEquals(List.of("0:evicted soon", "3:evicted middle", "0:evicted late"), events);
    assertEquals(List.of("0:DEL soon", "3:DEL middle", "0:DEL late"), stream);
    assertEquals(1, ks.dbSize(0));
  }

  @Test
  void randomPoliciesEvictOnlyWhatTheyMay() {
    policy(Eviction.Policy.VOLATILE_RANDOM, 10);
    ks.execute("SET", "p", "v");
    ks.execute("SET", "t", "v", "PX", "5000");
    assertEquals(1, ks.eviction().perform(Long.MAX_VALUE).evicted());
    assertEquals(List.of("0:evicted t"), events);
    policy(Eviction.Policy.ALLKEYS_RANDOM, 10);
    assertEquals(1, ks.eviction().perform(Long.MAX_VALUE).evicted());
    assertEquals(0, ks.dbSize(0));
  }

  @Test
  void noevictionEvictsNothing() {
    ks.execute("SET", "p", "v");
    Eviction.Result r = ks.eviction().perform(10);
    assertEquals(new Eviction.Result(0, 0, false), r);
    assertTrue(ks.eviction().perform(0).enough());
    assertEquals(1, ks.dbSize(0));
  }

  @Test
  void aKeyIsEstimatedAsMemoryUsage() {
    ks.execute("SET", "key", "value");
    // DUMP payload of "value" is 1 type byte + 1 length byte + 5 bytes + 10 footer
    assertEquals(7 + (3 + 3) + 16 + 24, ks.eviction().memoryUsage(0, b("key")));
    assertEquals(-1, ks.eviction().memoryUsage(0, b("missing")));
  }

  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  private static String text(byte[] reply) {
    return new String(reply, StandardCharsets.UTF_8);
  }
}
