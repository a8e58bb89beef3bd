package dev.redstruct.rdb;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Which master serves each of Redis Cluster's 16384 hash slots, read from a {@code CLUSTER SLOTS}
 * or {@code CLUSTER SHARDS} reply and updated by {@code -MOVED} redirections (Redis: {@code
 * clusterReplyMultiBulkSlots} and {@code clusterReplyShards}, src/cluster.c, 7.0.15).
 *
 * <p>Replies are given as plain Java values, as any RESP client can turn them into: a {@link List}
 * for an array, a {@link Number} for an integer, a {@code byte[]} or {@link CharSequence} for a
 * string. A slot no node serves maps to {@code null}. Not thread-safe.
 */
public final class SlotMap {
  private final Node[] owners = new Node[KeySlot.SLOTS];

  /**
   * A master's address.
   *
   * @param host its IP or host name, as the cluster announces it
   * @param port its client port
   */
  public record Node(String host, int port) {
    /**
     * Checks the arguments.
     *
     * @throws NullPointerException if {@code host} is null
     * @throws IllegalArgumentException if {@code port} is not 1..65535
     */
    public Node {
      Objects.requireNonNull(host, "host");
      if (port < 1 || port > 65535) {
        throw new IllegalArgumentException("port " + port);
      }
    }

    /**
     * Parses {@code host:port} as a redirection names it (the last colon separates the port).
     *
     * @param hostPort e.g. {@code 127.0.0.1:7001}
     * @return the node
     * @throws IllegalArgumentException if there is no port
     */
    public static Node parse(String hostPort) {
      int colon = hostPort.lastIndexOf(':');
      if (colon < 0) {
        throw new IllegalArgumentException("no port in " + hostPort);
      }
      return new Node(
          hostPort.substring(0, colon), Integer.parseInt(hostPort.substring(colon + 1)));
    }
  }

  private SlotMap() {}

  /**
   * Creates a map where one node serves every slot (a single server, or a first guess that {@code
   * -MOVED} replies then correct).
   *
   * @param node the node
   * @return the map
   */
  public static SlotMap single(Node node) {
    Objects.requireNonNull(node, "node");
    SlotMap m = new SlotMap();
    Arrays.fill(m.owners, node);
    return m;
  }

  /**
   * Reads a {@code CLUSTER SLOTS} reply: per range {@code [start, end, [ip, port, id, ...],
   * replicas...]}; the first node is the master.
   *
   * @param reply the reply as nested lists
   * @return the map
   * @throws IllegalArgumentException if the reply does not have that shape
   */
  public static SlotMap fromClusterSlots(List<?> reply) {
    Objects.requireNonNull(reply, "reply");
    SlotMap m = new SlotMap();
    for (Object range : reply) {
      List<?> r = list(range);
      List<?> master = list(r.get(2));
      m.assign(
          integer(r.get(0)),
          integer(r.get(1)),
          new Node(text(master.get(0)), integer(master.get(1))));
    }
    return m;
  }

  /**
   * Reads a {@code CLUSTER SHARDS} reply (Redis 7.0): per shard a map (a flat list in RESP2) with
   * {@code slots}, a flat list of start/end pairs, and {@code nodes}, maps with {@code ip}, {@code
   * port} and {@code role}; the node whose role is {@code master} serves the slots.
   *
   * @param reply the reply as nested lists
   * @return the map
   * @throws IllegalArgumentException if the reply does not have that shape
   */
  public static SlotMap fromClusterShards(List<?> reply) {
    Objects.requireNonNull(reply, "reply");
    SlotMap m = new SlotMap();
    for (Object shard : reply) {
      List<?> slots = list(field(list(shard), "slots"));
      Node master = null;
      for (Object n : list(field(list(shard), "nodes"))) {
        List<?> node = list(n);
        if (text(field(node, "role")).equals("master")) {
          master = new Node(text(field(node, "ip")), integer(field(node, "port")));
        }
      }
      for (int i = 0; i + 1 < slots.size() && master != null; i += 2) {
        m.assign(integer(slots.get(i)), integer(slots.get(i + 1)), master);
      }
    }
    return m;
  }

  /**
   * Returns the node serving a slot.
   *
   * @param slot 0..16383
   * @return the node, or null if none serves it
   */
  public Node nodeOf(int slot) {
    return owners[Objects.checkIndex(slot, KeySlot.SLOTS)];
  }

  /**
   * Returns the node serving a key's slot ({@link KeySlot#of(byte[])}).
   *
   * @param key the key
   * @return the node, or null
   */
  public Node nodeOfKey(byte[] key) {
    return owners[KeySlot.of(key)];
  }

  /**
   * Records that a node serves a slot range, as a {@code -MOVED} reply says.
   *
   * @param from first slot
   * @param to last slot, inclusive
   * @param node the node
   * @throws IndexOutOfBoundsException if the range is not within 0..16383
   */
  public void assign(int from, int to, Node node) {
    Objects.requireNonNull(node, "node");
    Objects.checkFromToIndex(from, to + 1, KeySlot.SLOTS);
    Arrays.fill(owners, from, to + 1, node);
  }

  /**
   * Returns the distinct nodes that serve at least one slot, in slot order.
   *
   * @return a new set
   */
  public Set<Node> nodes() {
    Set<Node> s = new LinkedHashSet<>();
    for (Node n : owners) {
      if (n != null) {
        s.add(n);
      }
    }
    return s;
  }

  /**
   * Returns a copy of this map.
   *
   * @return the copy
   */
  public SlotMap copy() {
    SlotMap m = new SlotMap();
    System.arraycopy(owners, 0, m.owners, 0, owners.length);
    return m;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SlotMap m && Arrays.equals(owners, m.owners);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(owners);
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("SlotMap[");
    int start = 0;
    for (int s = 1; s <= KeySlot.SLOTS; s++) {
      if (s == KeySlot.SLOTS || !Objects.equals(owners[s], owners[start])) {
        sb.append(start).append('-').append(s - 1).append('=').append(owners[start]).append(' ');
        start = s;
      }
    }
    return sb.append(']').toString();
  }

  private static Object field(List<?> flatMap, String name) {
    for (int i = 0; i + 1 < flatMap.size(); i += 2) {
      if (text(flatMap.get(i)).equals(name)) {
        return flatMap.get(i + 1);
      }
    }
    throw new IllegalArgumentException("no field " + name + " in " + flatMap);
  }

  private static List<?> list(Object o) {
    if (o instanceof List<?> l) {
      return l;
    }
    throw new IllegalArgumentException("expected an array, got " + o);
  }

  private static int integer(Object o) {
    if (o instanceof Number n) {
      return n.intValue();
    }
    return Integer.parseInt(text(o));
  }

  private static String text(Object o) {
    if (o instanceof byte[] b) {
      return new String(b, StandardCharsets.UTF_8);
    }
    if (o instanceof CharSequence c) {
      return c.toString();
    }
    throw new IllegalArgumentException("expected a string, got " + o);
  }
}
