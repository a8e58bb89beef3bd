package dev.redstruct.server.script;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.server.RedisServer;
import dev.redstruct.server.ServerOptions;
import dev.redstruct.testkit.RedisTest;
import io.lettuce.core.RedisClient;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.redisson.Redisson;
import org.redisson.api.RLock;
import org.redisson.api.RedissonClient;
import org.redisson.config.Config;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisDataException;

/**
 * Scripts through real clients, the same test against a real redis-server 7.0.15 and against our
 * server: Jedis (EVAL, EVALSHA, SCRIPT LOAD/EXISTS/FLUSH, errors), Lettuce (EVAL with output types)
 * and Redisson's {@code RLock} (lock, reentrancy, unlock by another thread refused, lease expiry, a
 * waiter woken through Pub/Sub when the lock is released).
 */
@RedisTest
class ScriptClientsRedisIT {
  /** A waiter must get the lock well before this (Redisson would otherwise poll for the lease). */
  static final long WAKE_LIMIT_MILLIS = 2_000;

  @Test
  void jedisAndLettuceAgainstBoth(dev.redstruct.testkit.RedisServer real) {
    try (RedisServer ours = RedisServer.start(ServerOptions.defaults().port(0))) {
      assertEquals(jedisRun(real.port()), jedisRun(ours.port()));
      assertEquals(lettuceRun(real.port()), lettuceRun(ours.port()));
    }
  }

  @Test
  void redissonLockAgainstBoth(dev.redstruct.testkit.RedisServer real) throws Exception {
    try (RedisServer ours = RedisServer.start(ServerOptions.defaults().port(0))) {
      lockScenario(real.port());
      lockScenario(ours.port());
    }
  }

  private static List<Object> jedisRun(int port) {
    try (Jedis j = new Jedis("127.0.0.1", port)) {
      j.flushAll();
      j.scriptFlush();
      String sha = j.scriptLoad("return {KEYS[1], ARGV[1], redis.call('INCR', KEYS[1])}");
      Object first = j.evalsha(sha, 1, "counter", "arg");
      Object second = j.eval("return redis.call('GET', KEYS[1])", 1, "counter");
      List<Boolean> exists = j.scriptExists(sha, "0000000000000000000000000000000000000000");
      JedisDataException noscript =
          assertThrows(
              JedisDataException.class,
              () -> j.evalsha("ffffffffffffffffffffffffffffffffffffffff", 0));
      JedisDataException raised =
          assertThrows(JedisDataException.class, () -> j.eval("return redis.call('nosuch')", 0));
      Object status = j.eval("return redis.status_reply('FINE')", 0);
      Object nil = j.eval("return redis.call('GET', 'missing')", 0);
      return List.of(
          sha,
          first,
          second,
          exists,
          noscript.getMessage(),
          raised.getMessage(),
          status,
          String.valueOf(nil));
    }
  }

  private static List<Object> lettuceRun(int port) {
    RedisClient client = RedisClient.create("redis://127.0.0.1:" + port);
    try (StatefulRedisConnection<String, String> c = client.connect()) {
      RedisCommands<String, String> r = c.sync();
      r.flushall();
      Long n =
          r.eval(
              "return redis.call('RPUSH', KEYS[1], ARGV[1], ARGV[2])",
              ScriptOutputType.INTEGER,
              new String[] {"list"},
              "a",
              "b");
      List<Object> range =
          r.eval("return redis.call('LRANGE', KEYS[1], 0, -1)", ScriptOutputType.MULTI, "list");
      String s = r.eval("return 'text'", ScriptOutputType.VALUE);
      Boolean b = r.eval("return 1 == 1", ScriptOutputType.BOOLEAN);
      String loaded = r.scriptLoad("return ARGV[1]");
      String echoed = r.evalsha(loaded, ScriptOutputType.VALUE, new String[0], "back");
      return List.of(n, range, s, b, loaded, echoed);
    } finally {
      client.shutdown(0, 2, TimeUnit.SECONDS);
    }
  }

  private static void lockScenario(int port) throws Exception {
    Config config = new Config();
    config
        .useSingleServer()
        .setAddress("redis://127.0.0.1:" + port)
        .setConnectionMinimumIdleSize(2)
        .setConnectionPoolSize(4)
        .setSubscriptionConnectionMinimumIdleSize(1)
        .setSubscriptionConnectionPoolSize(2);
    RedissonClient redisson = Redisson.create(config);
    try {
      RLock lock = redisson.getLock("lock:" + port);
      lock.lock();
      assertTrue(lock.isLocked());
      assertTrue(lock.isHeldByCurrentThread());
      lock.lock(); // reentrant
      assertEquals(2, lock.getHoldCount());
      CompletableFuture<Throwable> stranger =
          CompletableFuture.supplyAsync(
              () -> {
                try {
                  lock.unlock();
                  return null;
                } catch (Throwable t) {
                  return t;
                }
              });
      assertTrue(stranger.get(10, TimeUnit.SECONDS) instanceof IllegalMonitorStateException);
      lock.unlock();
      assertTrue(lock.isLocked());
      lock.unlock();
      assertFalse(lock.isLocked());

      lock.lock(300, TimeUnit.MILLISECONDS); // lease expiry
      assertTrue(lock.isLocked());
      Thread.sleep(700);
      assertFalse(lock.isLocked());

      RLock held = redisson.getLock("waited:" + port);
      held.lock();
      AtomicLong waited = new AtomicLong(-1);
      CompletableFuture<Boolean> waiter =
          CompletableFuture.supplyAsync(
              () -> {
                long t0 = System.nanoTime();
                try {
                  boolean got = held.tryLock(10, 30, TimeUnit.SECONDS);
                  waited.set((System.nanoTime() - t0) / 1_000_000);
                  if (got) {
                    held.unlock();
                  }
                  return got;
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                  return false;
                }
              });
      Thread.sleep(300);
      assertTrue(held.isHeldByCurrentThread(), "held before the release");
      held.unlock(); // publishes the release: the waiter wakes on its subscription
      assertTrue(waiter.get(15, TimeUnit.SECONDS));
      assertTrue(waited.get() < WAKE_LIMIT_MILLIS, "waiter woke after " + waited.get() + " ms");
    } finally {
      redisson.shutdown(0, 2, TimeUnit.SECONDS);
    }
  }
}
