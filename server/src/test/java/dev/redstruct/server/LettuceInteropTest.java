package dev.redstruct.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.LettuceFutures;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.async.RedisAsyncCommands;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.protocol.ProtocolVersion;
import io.lettuce.core.pubsub.RedisPubSubAdapter;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Lettuce 7 against our server (over the keyspace): it opens every connection with {@code HELLO 3}
 * (RESP3), so its replies and Pub/Sub push frames are RESP3; a second client is pinned to RESP2.
 */
class LettuceInteropTest {
  private static RedisServer server;
  private static RedisClient resp3;
  private static RedisClient resp2;

  @BeforeAll
  static void start() {
    server = RedisServer.start(ServerOptions.defaults().port(0));
    RedisURI uri = RedisURI.builder().withHost("127.0.0.1").withPort(server.port()).build();
    resp3 = RedisClient.create(uri);
    resp3.setOptions(ClientOptions.builder().protocolVersion(ProtocolVersion.RESP3).build());
    resp2 = RedisClient.create(uri);
    resp2.setOptions(ClientOptions.builder().protocolVersion(ProtocolVersion.RESP2).build());
  }

  @AfterAll
  static void stop() {
    resp3.shutdown(Duration.ZERO, Duration.ofSeconds(2));
    resp2.shutdown(Duration.ZERO, Duration.ofSeconds(2));
    server.close();
  }

  @Test
  void syncCommandsOverResp3AndResp2() {
    for (RedisClient client : List.of(resp3, resp2)) {
      try (StatefulRedisConnection<String, String> c = client.connect()) {
        RedisCommands<String, String> r = c.sync();
        assertEquals("PONG", r.ping());
        assertEquals("echoed", r.echo("echoed"));
        assertEquals("OK", r.set("k", "v"));
        assertEquals("v", r.get("k"));
        assertNull(r.get("missing"));
        assertEquals("OK", r.clientSetname("lettuce"));
        assertEquals("lettuce", r.clientGetname());
        assertTrue(r.clientId() > 0);
        assertTrue(r.clientInfo().contains("name=lettuce"));
        assertEquals(
            client == resp3 ? ProtocolVersion.RESP3 : ProtocolVersion.RESP2, protocolOf(r));
      }
    }
  }

  private static ProtocolVersion protocolOf(RedisCommands<String, String> r) {
    return r.clientInfo().contains(" resp=3") ? ProtocolVersion.RESP3 : ProtocolVersion.RESP2;
  }

  @Test
  void asyncPipelining() throws Exception {
    try (StatefulRedisConnection<String, String> c = resp3.connect()) {
      RedisAsyncCommands<String, String> a = c.async();
      c.setAutoFlushCommands(false);
      List<RedisFuture<String>> futures = new ArrayList<>();
      for (int i = 0; i < 1000; i++) {
        futures.add(a.echo("m" + i));
      }
      c.flushCommands();
      assertTrue(
          LettuceFutures.awaitAll(Duration.ofSeconds(10), futures.toArray(new RedisFuture[0])));
      for (int i = 0; i < 1000; i++) {
        assertEquals("m" + i, futures.get(i).get());
      }
      c.setAutoFlushCommands(true);
    }
  }

  @Test
  void pubSubWithPushFrames() throws Exception {
    for (RedisClient client : List.of(resp3, resp2)) {
      BlockingQueue<String> got = new LinkedBlockingQueue<>();
      try (StatefulRedisPubSubConnection<String, String> sub = client.connectPubSub();
          StatefulRedisConnection<String, String> pub = client.connect()) {
        sub.addListener(
            new RedisPubSubAdapter<>() {
              @Override
              public void message(String channel, String message) {
                got.add(channel + "=" + message);
              }

              @Override
              public void message(String pattern, String channel, String message) {
                got.add(pattern + ":" + channel + "=" + message);
              }
            });
        sub.sync().subscribe("news");
        sub.sync().psubscribe("sp*");
        if (client == resp3) {
          // RESP3 allows ordinary commands on a subscribed connection
          assertEquals("PONG", sub.sync().ping());
        }
        assertEquals(1L, pub.sync().publish("news", "hello"));
        assertEquals(1L, pub.sync().publish("sport", "goal"));
        assertEquals("news=hello", got.poll(5, TimeUnit.SECONDS));
        assertEquals("sp*:sport=goal", got.poll(5, TimeUnit.SECONDS));
        assertEquals(java.util.Map.of("news", 1L), pub.sync().pubsubNumsub("news"));
        sub.sync().unsubscribe("news");
        sub.sync().punsubscribe("sp*");
        assertEquals(0L, pub.sync().publish("news", "late"));
      }
    }
  }

  @Test
  void transaction() {
    try (StatefulRedisConnection<String, String> c = resp3.connect()) {
      RedisCommands<String, String> r = c.sync();
      assertEquals("OK", r.multi());
      r.set("tx", "1");
      r.echo("in");
      r.get("tx");
      List<Object> results = new ArrayList<>();
      r.exec().forEach(results::add);
      assertEquals(List.of("OK", "in", "1"), results);
    }
  }
}
