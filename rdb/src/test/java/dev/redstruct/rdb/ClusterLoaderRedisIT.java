package dev.redstruct.rdb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.redstruct.bitfield.Bitmap;
import dev.redstruct.hll.HyperLogLog;
import dev.redstruct.quicklist.QuickList;
import dev.redstruct.set.RedisSet;
import dev.redstruct.skiplist.ScoredMember;
import dev.redstruct.skiplist.ZSet;
import dev.redstruct.testkit.RedisServer;
import dev.redstruct.testkit.RespClient;
import dev.redstruct.testkit.RespReply;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The real cluster IT: 100,000 keys built in the JVM (HLLs, lists, bitmaps, strings) are loaded
 * into a local 3-master Redis Cluster as RESTORE payloads by {@link ClusterLoader}; between the
 * load's three parts slots 0..99 move from node 0 to node 1 ({@code SETSLOT IMPORTING/MIGRATING},
 * {@code MIGRATE}, {@code SETSLOT NODE}), so the loader meets {@code -ASK} while the slots migrate
 * and {@code -MOVED} after; every key is then checked on the node that owns it.
 */
class ClusterLoaderRedisIT {
  private static final long SEED = Long.getLong("redstruct.seed", 0xc105L);
  private static final int KEYS = 100_000;
  private static final int MOVING_FROM = 0;
  private static final int MOVING_TO = 99;

  @Test
  void loadsEveryKeyToItsOwnerFollowingMovedAndAskDuringAMigration() {
    Oracle.requireRedis();
    System.out.println("ClusterLoaderRedisIT seed " + SEED);
    List<Object> values = new ArrayList<>(KEYS);
    List<ClusterLoader.Restore> restores = build(values);
    try (LocalCluster cluster = LocalCluster.start();
        RespClient a = cluster.client(0);
        RespClient b = cluster.client(1)) {
      SlotMap map = SlotMap.fromClusterSlots((List<?>) Oracle.plain(a.call("CLUSTER", "SLOTS")));
      assertEquals(
          map, SlotMap.fromClusterShards((List<?>) Oracle.plain(a.call("CLUSTER", "SHARDS"))));
      long moved = 0;
      long asked = 0;
      try (ClusterLoader loader = ClusterLoader.create(map, LocalCluster::pipe, 1_000)) {
        ClusterLoader.Report first = loader.load(restores.subList(0, 40_000));
        startMigration(cluster, a, b);
        ClusterLoader.Report second = loader.load(restores.subList(40_000, 70_000));
        finishMigration(cluster, a, b);
        ClusterLoader.Report third = loader.load(restores.subList(70_000, KEYS));
        for (ClusterLoader.Report r : List.of(first, second, third)) {
          System.out.println("ClusterLoaderRedisIT: " + r);
          assertEquals(List.of(), r.failures());
          moved += r.moved();
          asked += r.asked();
        }
        assertEquals(KEYS, first.restored() + second.restored() + third.restored());
      }
      assertTrue(asked > 0 && moved > 0, "asked " + asked + ", moved " + moved);
      int checked = verify(cluster, restores, values);
      System.out.printf(
          "ClusterLoaderRedisIT: %d keys loaded into 3 masters, %d checked on their owner, %d ASK"
              + " and %d MOVED followed, 0 lost%n",
          KEYS, checked, asked, moved);
    }
  }

  @Test
  void readmeBuildInTheJvmLoadIntoRedisCluster() {
    Oracle.requireRedis();
    try (LocalCluster cluster = LocalCluster.start();
        RespClient any = cluster.client(0)) {
      List<?> clusterSlotsReply = (List<?>) Oracle.plain(any.call("CLUSTER", "SLOTS"));
      Function<SlotMap.Node, CommandPipe> connect = LocalCluster::pipe; // any RESP client

      // README: begin
      // build in the JVM: any thread, any machine, no server involved
      HyperLogLog visitors = HyperLogLog.create();
      visitors.add("user:1", "user:2", "user:3");
      QuickList events = QuickList.create();
      events.pushTail("login".getBytes(StandardCharsets.UTF_8));

      // load into Redis Cluster: one RESTORE per key, pipelined to the master owning its slot
      SlotMap slots = SlotMap.fromClusterSlots(clusterSlotsReply); // CLUSTER SLOTS as lists
      try (ClusterLoader loader = ClusterLoader.create(slots, connect, 1_000)) {
        ClusterLoader.Report report =
            loader.load(
                List.of(
                    ClusterLoader.Restore.of(
                        "{site}:visitors".getBytes(StandardCharsets.UTF_8),
                        RedisPayloads.dump(visitors, true)),
                    ClusterLoader.Restore.of(
                        "{site}:events".getBytes(StandardCharsets.UTF_8),
                        RedisPayloads.dump(events, true))));
        assertEquals(List.of(), report.failures()); // MOVED/ASK were followed, not failures
      }
      // README: end

      SlotMap.Node owner = slots.nodeOf(KeySlot.of("{site}:visitors"));
      assertEquals(KeySlot.of("site"), KeySlot.of("{site}:events"));
      try (RespClient r = RespClient.connect(owner.port())) {
        assertEquals(3, r.call("PFCOUNT", "{site}:visitors").asLong());
        assertEquals("login", r.call("LINDEX", "{site}:events", "0").asString());
      }
    }
  }

  @Test
  void ttlReplaceAndAbsttlReachASingleServer() {
    Oracle.requireRedis();
    long at = 4_102_444_800_000L; // 2100-01-01, absolute
    try (RedisServer server = RedisServer.start();
        RespClient r = server.newClient()) {
      r.call("SET", "taken", "old").assertOk();
      SlotMap one = SlotMap.single(new SlotMap.Node("127.0.0.1", server.port()));
      byte[] v = RedisPayloads.dump(Samples.utf8("new"), true);
      try (ClusterLoader loader = ClusterLoader.create(one, LocalCluster::pipe, 10)) {
        ClusterLoader.Report report =
            loader.load(
                List.of(
                    new ClusterLoader.Restore(Samples.utf8("rel"), v, 100_000, false, false),
                    new ClusterLoader.Restore(Samples.utf8("abs"), v, at, false, true),
                    new ClusterLoader.Restore(Samples.utf8("taken"), v, 0, false, false),
                    new ClusterLoader.Restore(Samples.utf8("forced"), v, 0, true, false)));
        assertEquals(2 + 1, report.restored());
        assertTrue(report.errorOf(Samples.utf8("taken")).startsWith("BUSYKEY"), report.toString());
      }
      long ttl = r.call("PTTL", "rel").asLong();
      assertTrue(ttl > 90_000 && ttl <= 100_000, "PTTL " + ttl);
      assertEquals(at, r.call("PEXPIRETIME", "abs").asLong());
      assertEquals("old", r.call("GET", "taken").asString());
      assertEquals(-1, r.call("PTTL", "forced").asLong());
    }
  }

  private static List<ClusterLoader.Restore> build(List<Object> values) {
    SplittableRandom rnd = new SplittableRandom(SEED);
    List<ClusterLoader.Restore> restores = new ArrayList<>(KEYS);
    for (int i = 0; i < KEYS; i++) {
      String key = (i % 10 == 0 ? "{user" + (i % 997) + "}:" : "key:") + i;
      Samples.Sample s =
          switch (i % 6) {
            case 5 -> Samples.set(rnd, key, 1 + rnd.nextInt(30));
            case 4 -> Samples.zset(rnd, key, 1 + rnd.nextInt(30));
            case 0 -> Samples.hll(rnd, key, 1 + rnd.nextInt(30));
            case 1 -> Samples.list(rnd, key, 1 + rnd.nextInt(12));
            case 2 -> Samples.bitmap(rnd, key, 1 + rnd.nextInt(5), 4_000);
            default -> Samples.string(rnd, key);
          };
      values.add(s.value());
      restores.add(ClusterLoader.Restore.of(s.key(), s.payload(true)));
    }
    return restores;
  }

  private static void startMigration(LocalCluster c, RespClient a, RespClient b) {
    for (int s = MOVING_FROM; s <= MOVING_TO; s++) {
      b.call("CLUSTER", "SETSLOT", "" + s, "IMPORTING", c.ids.get(0)).assertOk();
      a.call("CLUSTER", "SETSLOT", "" + s, "MIGRATING", c.ids.get(1)).assertOk();
    }
    migrateKeys(c, a);
  }

  private static void finishMigration(LocalCluster c, RespClient a, RespClient b) {
    migrateKeys(c, a);
    for (int s = MOVING_FROM; s <= MOVING_TO; s++) {
      for (int n = 0; n < 3; n++) {
        try (RespClient r = c.client(n)) {
          r.call("CLUSTER", "SETSLOT", "" + s, "NODE", c.ids.get(1)).assertOk();
        }
      }
    }
  }

  /** Moves every key of the migrating slots from node 0 to node 1 (Redis: MIGRATE ... KEYS). */
  private static void migrateKeys(LocalCluster c, RespClient a) {
    int port = c.servers.get(1).port();
    for (int s = MOVING_FROM; s <= MOVING_TO; s++) {
      List<RespReply> keys = a.call("CLUSTER", "GETKEYSINSLOT", "" + s, "100000").asList();
      if (keys.isEmpty()) {
        continue;
      }
      List<byte[]> cmd = new ArrayList<>();
      for (String w : List.of("MIGRATE", "127.0.0.1", "" + port, "", "0", "10000", "KEYS")) {
        cmd.add(Samples.utf8(w));
      }
      keys.forEach(k -> cmd.add(k.asBytes()));
      a.call(cmd.toArray(new byte[0][])).assertOk();
    }
  }

  /** Checks every key on the node the cluster now says owns it; returns the number checked. */
  private static int verify(
      LocalCluster c, List<ClusterLoader.Restore> restores, List<Object> values) {
    SlotMap now;
    try (RespClient a = c.client(2)) {
      now = SlotMap.fromClusterSlots((List<?>) Oracle.plain(a.call("CLUSTER", "SLOTS")));
    }
    Map<SlotMap.Node, List<Integer>> byNode = new HashMap<>();
    for (int i = 0; i < restores.size(); i++) {
      byNode.computeIfAbsent(now.nodeOfKey(restores.get(i).key()), k -> new ArrayList<>()).add(i);
    }
    int checked = 0;
    long total = 0;
    for (Map.Entry<SlotMap.Node, List<Integer>> e : byNode.entrySet()) {
      try (RespClient r = RespClient.connect(e.getKey().port())) {
        checked += verifyNode(r, e.getValue(), restores, values);
        total += r.call("DBSIZE").asLong();
      }
    }
    assertEquals(KEYS, total, "keys over all masters");
    return checked;
  }

  private static int verifyNode(
      RespClient r, List<Integer> idx, List<ClusterLoader.Restore> restores, List<Object> values) {
    List<byte[][]> cmds = new ArrayList<>();
    for (int i : idx) {
      byte[] k = restores.get(i).key();
      Object v = values.get(i);
      String op =
          v instanceof HyperLogLog
              ? "PFCOUNT"
              : v instanceof QuickList
                  ? "LRANGE"
                  : v instanceof ZSet ? "ZRANGE" : v instanceof RedisSet ? "SMEMBERS" : "GET";
      cmds.add(
          v instanceof ZSet
              ? new byte[][] {
                Samples.utf8(op),
                k,
                Samples.utf8("0"),
                Samples.utf8("-1"),
                Samples.utf8("WITHSCORES")
              }
              : v instanceof QuickList
                  ? new byte[][] {Samples.utf8(op), k, Samples.utf8("0"), Samples.utf8("-1")}
                  : new byte[][] {Samples.utf8(op), k});
    }
    List<RespReply> replies = r.pipeline(cmds);
    for (int j = 0; j < idx.size(); j++) {
      Object v = values.get(idx.get(j));
      RespReply got = replies.get(j);
      if (v instanceof HyperLogLog h) {
        assertEquals(h.count(), got.asLong());
      } else if (v instanceof QuickList ql) {
        List<byte[]> want = ql.toList();
        List<RespReply> have = got.asList();
        assertEquals(want.size(), have.size());
        for (int k = 0; k < want.size(); k++) {
          assertArrayEquals(want.get(k), have.get(k).asBytes());
        }
      } else if (v instanceof ZSet z) {
        List<ScoredMember> want = z.rangeByRank(0, -1, false);
        List<RespReply> have = got.asList();
        assertEquals(2 * want.size(), have.size());
        for (int k = 0; k < want.size(); k++) {
          assertArrayEquals(want.get(k).member(), have.get(2 * k).asBytes());
          assertEquals(want.get(k).score(), Double.parseDouble(have.get(2 * k + 1).asString()));
        }
      } else if (v instanceof RedisSet set) {
        RedisSet have = RedisSet.create();
        got.asList().forEach(m -> have.add(m.asBytes()));
        assertEquals(set, have); // SMEMBERS of a hashtable follows Redis's hash seed
      } else if (v instanceof Bitmap bm) {
        assertArrayEquals(bm.toByteArray(), got.asBytes());
      } else {
        assertArrayEquals((byte[]) v, got.asBytes());
      }
    }
    return idx.size();
  }
}
