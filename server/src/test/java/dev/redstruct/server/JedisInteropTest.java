package dev.redstruct.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPubSub;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.Response;
import redis.clients.jedis.Transaction;
import redis.clients.jedis.exceptions.JedisDataException;

/** Jedis 8 against our server (over the keyspace), as a user's code would call it. */
class JedisInteropTest {
  private static RedisServer server;

  @BeforeAll
  static void start() {
    server = RedisServer.start(ServerOptions.defaults().port(0));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  private static Jedis jedis() {
    return new Jedis("127.0.0.1", server.port());
  }

  @Test
  void pingEchoSetGetAndNames() {
    try (Jedis j = jedis()) {
      assertEquals("PONG", j.ping());
      assertEquals("hi there", j.echo("hi there"));
      assertEquals("OK", j.set("k", "v"));
      assertEquals("v", j.get("k"));
      assertNull(j.get("missing"));
      assertEquals("OK", j.clientSetname("jedis-test"));
      assertEquals("jedis-test", j.clientGetname());
      assertTrue(j.clientList().contains("name=jedis-test"));
      assertTrue(j.clientId() > 0);
      JedisDataException e =
          assertThrows(JedisDataException.class, () -> j.sendCommand(() -> "NOPE".getBytes()));
      assertTrue(e.getMessage().startsWith("ERR unknown command 'NOPE'"), e.getMessage());
    }
  }

  @Test
  void pipelineAndTransaction() {
    try (Jedis j = jedis()) {
      Pipeline p = j.pipelined();
      for (int i = 0; i < 1000; i++) {
        p.set("p" + i, "v" + i);
      }
      Response<String> last = p.get("p999");
      Response<Object> echo = p.sendCommand(Protocol.Command.ECHO, "e");
      p.sync();
      assertEquals("v999", last.get());
      assertEquals("e", new String((byte[]) echo.get(), StandardCharsets.UTF_8));

      Transaction t = j.multi();
      t.set("t", "1");
      t.sendCommand(Protocol.Command.ECHO, "inside");
      t.get("t");
      List<Object> results = t.exec();
      assertEquals(3, results.size());
      assertEquals("OK", results.get(0));
      assertEquals("inside", new String((byte[]) results.get(1), StandardCharsets.UTF_8));
      assertEquals("1", results.get(2));
    }
  }

  @Test
  void publishSubscribe() throws Exception {
    BlockingQueue<String> got = new LinkedBlockingQueue<>();
    CountDownLatch subscribed = new CountDownLatch(2);
    JedisPubSub listener =
        new JedisPubSub() {
          @Override
          public void onMessage(String channel, String message) {
            got.add(channel + "=" + message);
          }

          @Override
          public void onPMessage(String pattern, String channel, String message) {
            got.add(pattern + ":" + channel + "=" + message);
          }

          @Override
          public void onSubscribe(String channel, int count) {
            subscribed.countDown();
          }

          @Override
          public void onPSubscribe(String pattern, int count) {
            subscribed.countDown();
          }
        };
    Thread t =
        new Thread(
            () -> {
              try (Jedis sub = jedis()) {
                sub.subscribe(listener, "news");
              }
            });
    t.start();
    try (Jedis pub = jedis()) {
      waitFor(() -> listener.isSubscribed());
      listener.psubscribe("sp*");
      assertTrue(subscribed.await(5, TimeUnit.SECONDS));
      assertEquals(1, pub.publish("news", "hello"));
      assertEquals(1, pub.publish("sport", "goal"));
      assertEquals(0, pub.publish("nobody", "x"));
      assertEquals("news=hello", got.poll(5, TimeUnit.SECONDS));
      assertEquals("sp*:sport=goal", got.poll(5, TimeUnit.SECONDS));
      assertEquals(List.of("news"), pub.pubsubChannels());
      assertEquals(1L, pub.pubsubNumPat());
      listener.unsubscribe();
      listener.punsubscribe();
      t.join(5000);
      assertTrue(!t.isAlive(), "subscribe() returns after unsubscribing from everything");
    }
  }

  @Test
  void blockingPopsServedInOrderAndTimingOut() throws Exception {
    try (Jedis admin = jedis()) {
      admin.del("jobs", "done", "prio");
      java.util.concurrent.ExecutorService pool =
          java.util.concurrent.Executors.newFixedThreadPool(2);
      try {
        java.util.concurrent.Future<List<String>> first =
            pool.submit(
                () -> {
                  try (Jedis j = jedis()) {
                    return j.blpop(0, "jobs");
                  }
                });
        waitFor(() -> admin.clientList().contains("cmd=blpop"));
        java.util.concurrent.Future<String> mover =
            pool.submit(
                () -> {
                  try (Jedis j = jedis()) {
                    return j.blmove(
                        "jobs",
                        "done",
                        redis.clients.jedis.args.ListDirection.LEFT,
                        redis.clients.jedis.args.ListDirection.RIGHT,
                        0);
                  }
                });
        waitFor(() -> admin.clientList().contains("cmd=blmove"));
        assertEquals(2, admin.rpush("jobs", "j1", "j2"));
        assertEquals(List.of("jobs", "j1"), first.get(5, TimeUnit.SECONDS)); // blocked first
        assertEquals("j2", mover.get(5, TimeUnit.SECONDS));
        assertEquals(List.of("j2"), admin.lrange("done", 0, -1));
        assertNull(admin.blpop(0.05, "jobs")); // timed out: null array
        admin.zadd("prio", 2, "b");
        admin.zadd("prio", 1, "a");
        assertEquals("a", admin.bzpopmin(1, "prio").getValue().getElement());
      } finally {
        pool.shutdownNow();
      }
    }
  }

  static void waitFor(java.util.function.BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("timed out");
      }
      Thread.sleep(5);
    }
  }
}
