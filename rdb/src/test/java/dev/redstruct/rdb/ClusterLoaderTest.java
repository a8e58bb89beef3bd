package dev.redstruct.rdb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The loader against an in-memory model of a cluster that answers as src/cluster.c's {@code
 * getNodeByQuery} does: {@code -MOVED} from a node that does not own the slot (unless it imports it
 * and the command follows {@code ASKING}), {@code -ASK} from the owner of a migrating slot when the
 * key is not there. Seeded; the seed is printed and {@code -Dredstruct.seed=} replays it.
 */
class ClusterLoaderTest {
  private static final long SEED = Long.getLong("redstruct.seed", System.nanoTime());

  /** One fake master. */
  static final class FakeNode {
    final SlotMap.Node address;
    final Map<String, byte[]> keys = new HashMap<>();
    int commands;

    FakeNode(int port) {
      address = new SlotMap.Node("127.0.0.1", port);
    }
  }

  /** The cluster's truth: owners, migrations, and the errors the model injects. */
  static final class FakeCluster {
    final List<FakeNode> nodes = new ArrayList<>();
    final int[] owner = new int[KeySlot.SLOTS];
    final int[] migratingTo = new int[KeySlot.SLOTS];
    final Map<String, String> scriptedErrors = new HashMap<>();

    FakeCluster(int n) {
      for (int i = 0; i < n; i++) {
        nodes.add(new FakeNode(7000 + i));
      }
      for (int s = 0; s < KeySlot.SLOTS; s++) {
        owner[s] = s * n / KeySlot.SLOTS;
        migratingTo[s] = -1;
      }
    }

    FakeNode node(SlotMap.Node a) {
      return nodes.get(a.port() - 7000);
    }

    CommandPipe pipe(SlotMap.Node address) {
      FakeNode me = node(address);
      return commands -> {
        List<String> out = new ArrayList<>();
        boolean asking = false;
        for (byte[][] c : commands) {
          me.commands++;
          String name = new String(c[0], StandardCharsets.UTF_8);
          if (name.equals("ASKING")) {
            asking = true;
            out.add(null);
            continue;
          }
          out.add(restore(me, c, asking));
          asking = false;
        }
        return out;
      };
    }

    /** Redis: getNodeByQuery for one key, then restoreCommand. */
    String restore(FakeNode me, byte[][] c, boolean asking) {
      String key = new String(c[1], StandardCharsets.UTF_8);
      String scripted = scriptedErrors.get(key);
      if (scripted != null) {
        return scripted;
      }
      int slot = KeySlot.of(c[1]);
      int mine = nodes.indexOf(me);
      boolean owns = owner[slot] == mine;
      boolean importing = migratingTo[slot] == mine;
      if (owns && migratingTo[slot] >= 0 && !me.keys.containsKey(key)) {
        return "ASK " + slot + " 127.0.0.1:" + (7000 + migratingTo[slot]);
      }
      if (!owns && !(importing && asking)) {
        return "MOVED " + slot + " 127.0.0.1:" + (7000 + owner[slot]);
      }
      me.keys.put(key, c[3]);
      return null;
    }

    /** MIGRATE of a slot's keys, then SETSLOT NODE: the move is complete. */
    void finishMove(int slot) {
      int to = migratingTo[slot];
      FakeNode from = nodes.get(owner[slot]);
      from.keys
          .entrySet()
          .removeIf(
              e -> {
                if (KeySlot.of(e.getKey()) == slot) {
                  nodes.get(to).keys.put(e.getKey(), e.getValue());
                  return true;
                }
                return false;
              });
      owner[slot] = to;
      migratingTo[slot] = -1;
    }
  }

  private static ClusterLoader.Restore restore(String key) {
    return ClusterLoader.Restore.of(key.getBytes(StandardCharsets.UTF_8), new byte[] {1});
  }

  @Test
  void seededLoadsAcrossMigrationsPutEveryKeyOnItsOwner() {
    System.out.println("ClusterLoaderTest seed " + SEED);
    SplittableRandom rnd = new SplittableRandom(SEED);
    FakeCluster cluster = new FakeCluster(3);
    SlotMap stale = SlotMap.single(cluster.nodes.get(0).address); // everything else via MOVED
    Set<String> all = new HashSet<>();
    long moved = 0;
    long asked = 0;
    try (ClusterLoader loader = ClusterLoader.create(stale, cluster::pipe, 1 + rnd.nextInt(300))) {
      for (int round = 0; round < 20; round++) {
        List<ClusterLoader.Restore> batch = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
          String key =
              rnd.nextInt(5) == 0 ? "{t" + rnd.nextInt(50) + "}" + i : "k" + rnd.nextLong();
          all.add(key);
          batch.add(restore(key));
        }
        startMoves(rnd, cluster);
        ClusterLoader.Report r = loader.load(batch);
        assertEquals(List.of(), r.failures(), "seed " + SEED);
        moved += r.moved();
        asked += r.asked();
        for (int s = 0; s < KeySlot.SLOTS; s++) {
          if (cluster.migratingTo[s] >= 0 && rnd.nextBoolean()) {
            cluster.finishMove(s);
          }
        }
      }
    }
    for (int s = 0; s < KeySlot.SLOTS; s++) {
      if (cluster.migratingTo[s] >= 0) {
        cluster.finishMove(s);
      }
    }
    int found = 0;
    for (String k : all) {
      FakeNode owner = cluster.nodes.get(cluster.owner[KeySlot.of(k)]);
      assertTrue(owner.keys.containsKey(k), k + " on its owner, seed " + SEED);
      found++;
    }
    int stored = cluster.nodes.stream().mapToInt(n -> n.keys.size()).sum();
    assertEquals(all.size(), stored, "no key on two nodes");
    assertEquals(all.size(), found);
    assertTrue(moved > 0 && asked > 0, "moved " + moved + ", asked " + asked);
  }

  private static void startMoves(SplittableRandom rnd, FakeCluster c) {
    int from = rnd.nextInt(KeySlot.SLOTS);
    int len = rnd.nextInt(200);
    for (int s = from; s < Math.min(KeySlot.SLOTS, from + len); s++) {
      if (c.migratingTo[s] < 0) {
        c.migratingTo[s] = (c.owner[s] + 1 + rnd.nextInt(2)) % 3;
      }
    }
  }

  @Test
  void otherErrorsFailTheirKeyOnlyAndRetriesAreBounded() {
    FakeCluster cluster = new FakeCluster(2);
    cluster.scriptedErrors.put("busy", "BUSYKEY Target key name already exists.");
    cluster.scriptedErrors.put("again", "TRYAGAIN Multiple keys request during rehashing of slot");
    cluster.scriptedErrors.put("pingpong", "MOVED " + KeySlot.of("pingpong") + " 127.0.0.1:7001");
    SlotMap map = SlotMap.single(cluster.nodes.get(0).address);
    try (ClusterLoader loader = ClusterLoader.create(map, cluster::pipe, 10)) {
      ClusterLoader.Report r =
          loader.load(
              List.of(
                  restore("a"),
                  restore("busy"),
                  restore("again"),
                  restore("pingpong"),
                  restore("b")));
      assertEquals(2, r.restored());
      assertEquals("BUSYKEY Target key name already exists.", r.errorOf(bytes("busy")));
      assertTrue(r.errorOf(bytes("again")).startsWith("too many redirections"));
      assertTrue(r.errorOf(bytes("pingpong")).startsWith("too many redirections"));
      assertEquals(ClusterLoader.MAX_ATTEMPTS - 1, r.retried());
    }
  }

  /** Two keys that are not UTF-8 and decode to the same text are two failures, not one. */
  @Test
  void failuresAreKeyedByTheKeysBytes() {
    FakeCluster cluster = new FakeCluster(1);
    // The fake decodes keys as UTF-8: both keys below become "\uFFFD" there and get this error.
    cluster.scriptedErrors.put("\uFFFD", "ERR Bad data format");
    SlotMap map = SlotMap.single(cluster.nodes.get(0).address);
    byte[] ff = {(byte) 0xff};
    byte[] fe = {(byte) 0xfe};
    try (ClusterLoader loader = ClusterLoader.create(map, cluster::pipe, 10)) {
      ClusterLoader.Report r =
          loader.load(List.of(ClusterLoader.Restore.of(ff, P), ClusterLoader.Restore.of(fe, P)));
      assertEquals(
          List.of(
              new ClusterLoader.Failure(ff, "ERR Bad data format"),
              new ClusterLoader.Failure(fe, "ERR Bad data format")),
          r.failures());
      assertEquals("ERR Bad data format", r.errorOf(fe));
    }
  }

  /** A key whose slot no node owns is refused in the report, and nothing is sent for it. */
  @Test
  void keysOfUnownedSlotsAreRefusedNotSentToTheFirstNode() {
    FakeCluster cluster = new FakeCluster(1);
    List<Object> slots =
        List.of(List.of(0L, 5460L, List.of("127.0.0.1".getBytes(), 7000L, "id0".getBytes())));
    SlotMap map = SlotMap.fromClusterSlots(slots);
    byte[] orphan = bytes("123456789"); // slot 12739
    assertEquals(null, map.nodeOfKey(orphan));
    byte[] inRange = bytes("b"); // slot 3300
    assertEquals(3300, KeySlot.of(inRange));
    try (ClusterLoader loader = ClusterLoader.create(map, cluster::pipe, 10)) {
      ClusterLoader.Report r =
          loader.load(
              List.of(ClusterLoader.Restore.of(orphan, P), ClusterLoader.Restore.of(inRange, P)));
      assertEquals(1, r.restored());
      assertEquals(
          List.of(new ClusterLoader.Failure(orphan, "no node owns slot 12739")), r.failures());
      assertEquals(1, cluster.nodes.get(0).commands, "only the owned key was sent");
    }
  }

  private static final byte[] P = {9};

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void restoreCommandCarriesTtlReplaceAndAbsttl() {
    List<byte[][]> seen = new ArrayList<>();
    CommandPipe recorder =
        cmds -> {
          seen.addAll(cmds);
          return new ArrayList<>(java.util.Collections.nCopies(cmds.size(), (String) null));
        };
    SlotMap map = SlotMap.single(new SlotMap.Node("127.0.0.1", 7000));
    try (ClusterLoader loader = ClusterLoader.create(map, n -> recorder, 2)) {
      byte[] p = {9};
      loader.load(
          List.of(
              new ClusterLoader.Restore(new byte[] {'x'}, p, 1500, false, false),
              new ClusterLoader.Restore(new byte[] {'y'}, p, 1_700_000_000_000L, true, true)));
    }
    assertEquals(List.of("RESTORE", "x", "1500", "\t"), strings(seen.get(0)));
    assertEquals(
        List.of("RESTORE", "y", "1700000000000", "\t", "REPLACE", "ABSTTL"), strings(seen.get(1)));
  }

  private static List<String> strings(byte[][] cmd) {
    List<String> out = new ArrayList<>();
    for (byte[] a : cmd) {
      out.add(new String(a, StandardCharsets.UTF_8));
    }
    return out;
  }

  @Test
  void slotMapReadsClusterSlotsAndShardsShapes() {
    // The reply shapes of CLUSTER SLOTS and CLUSTER SHARDS in Redis 7.0 (RESP2), with two masters
    // and a replica; ClusterLoaderRedisIT checks both readers agree on a real cluster.
    List<Object> slots =
        List.of(
            List.of(0L, 5460L, List.of("127.0.0.1".getBytes(), 7000L, "id0".getBytes())),
            List.of(
                5461L,
                16383L,
                List.of("127.0.0.1".getBytes(), 7001L, "id1".getBytes()),
                List.of("127.0.0.1".getBytes(), 7002L, "id2".getBytes())));
    List<Object> shards =
        List.of(
            List.of("slots", List.of(0L, 5460L), "nodes", List.of(node(7000, "master"))),
            List.of(
                "slots",
                List.of(5461L, 16383L),
                "nodes",
                List.of(node(7002, "replica"), node(7001, "master"))));
    SlotMap a = SlotMap.fromClusterSlots(slots);
    assertEquals(a, SlotMap.fromClusterShards(shards));
    assertEquals(7000, a.nodeOf(5460).port());
    assertEquals(7001, a.nodeOf(5461).port());
    assertEquals(2, a.nodes().size());
    assertEquals(7001, a.nodeOfKey("123456789".getBytes()).port()); // slot 12739
  }

  private static List<Object> node(int port, String role) {
    return List.of(
        "id",
        "n" + port,
        "port",
        (long) port,
        "ip",
        "127.0.0.1",
        "endpoint",
        "127.0.0.1",
        "role",
        role,
        "replication-offset",
        0L,
        "health",
        "online");
  }
}
