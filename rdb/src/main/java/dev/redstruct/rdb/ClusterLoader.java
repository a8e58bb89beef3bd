package dev.redstruct.rdb;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * Loads keys into Redis or Redis Cluster as {@code RESTORE key ttl payload [REPLACE] [ABSTTL]},
 * pipelined in batches to the master that owns each key's slot, following the cluster's
 * redirections (Redis: {@code restoreCommand} and {@code getNodeByQuery}, src/cluster.c, 7.0.15).
 *
 * <ul>
 *   <li>{@code -MOVED slot host:port}: the slot has a new owner; the {@link SlotMap} is updated and
 *       the key is sent there.
 *   <li>{@code -ASK slot host:port}: the slot is being migrated and the key is not on the old
 *       owner; the key is sent to the named node preceded by {@code ASKING}, the map is unchanged.
 *   <li>{@code -TRYAGAIN}, {@code -CLUSTERDOWN}, {@code -LOADING}: sent again.
 *   <li>Any other error (e.g. {@code -BUSYKEY} without replace, a payload Redis rejects) is a
 *       failure of that key, reported in the {@link Report}; the others go on.
 *   <li>A key whose slot no node owns in the {@link SlotMap} is not sent: it is a failure of that
 *       key ({@code no node owns slot N}).
 * </ul>
 *
 * A key redirected or retried more than {@value #MAX_ATTEMPTS} times is a failure. Connections come
 * from the {@code connector}, one per node, opened on first use and closed by {@link #close()}. Not
 * thread-safe: use one loader per thread.
 */
public final class ClusterLoader implements AutoCloseable {
  /** Attempts per key before it is reported as failed. */
  public static final int MAX_ATTEMPTS = 16;

  private static final byte[] RESTORE = "RESTORE".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] ASKING = "ASKING".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] REPLACE = "REPLACE".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] ABSTTL = "ABSTTL".getBytes(StandardCharsets.US_ASCII);

  private final SlotMap map;
  private final Function<SlotMap.Node, CommandPipe> connector;
  private final int batchSize;
  private final Map<SlotMap.Node, CommandPipe> pipes = new LinkedHashMap<>();
  private final Map<SlotMap.Node, List<Pending>> buffers = new LinkedHashMap<>();
  private Counts counts;

  /**
   * One key to restore.
   *
   * @param key the key
   * @param payload its {@code DUMP} payload, e.g. from {@link RedisPayloads}
   * @param ttlMs 0 for no expiry; else milliseconds to live, or the absolute Unix time in ms when
   *     {@code absTtl}
   * @param replace whether an existing key is replaced ({@code REPLACE})
   * @param absTtl whether {@code ttlMs} is absolute ({@code ABSTTL})
   */
  public record Restore(byte[] key, byte[] payload, long ttlMs, boolean replace, boolean absTtl) {
    /**
     * Checks the arguments.
     *
     * @throws IllegalArgumentException if {@code ttlMs} is negative
     */
    public Restore {
      Objects.requireNonNull(key, "key");
      Objects.requireNonNull(payload, "payload");
      if (ttlMs < 0) {
        throw new IllegalArgumentException("ttlMs " + ttlMs);
      }
    }

    /**
     * A key without expiry that replaces an existing one.
     *
     * @param key the key
     * @param payload its payload
     * @return the restore
     */
    public static Restore of(byte[] key, byte[] payload) {
      return new Restore(key, payload, 0, true, false);
    }
  }

  /**
   * What a {@link #load} did.
   *
   * @param restored keys Redis accepted
   * @param moved {@code -MOVED} replies followed
   * @param asked {@code -ASK} replies followed
   * @param retried {@code -TRYAGAIN}/{@code -CLUSTERDOWN}/{@code -LOADING} replies retried
   * @param failures the keys that failed, in the order they failed, each once with Redis's last
   *     error (or the loader's reason)
   */
  public record Report(
      long restored, long moved, long asked, long retried, List<Failure> failures) {
    /**
     * Copies the failures.
     *
     * @throws NullPointerException if {@code failures} is null
     */
    public Report {
      failures = List.copyOf(failures);
    }

    /**
     * The error a key failed with.
     *
     * @param key the key's bytes
     * @return its error, or null if the key did not fail
     */
    public String errorOf(byte[] key) {
      Objects.requireNonNull(key, "key");
      for (Failure f : failures) {
        if (Arrays.equals(f.key(), key)) {
          return f.error();
        }
      }
      return null;
    }
  }

  /**
   * One key that failed, identified by its bytes (keys need not be text).
   *
   * @param key the key (not copied)
   * @param error Redis's last error for it, or the loader's reason
   */
  public record Failure(byte[] key, String error) {
    /**
     * Checks the fields.
     *
     * @throws NullPointerException if an argument is null
     */
    public Failure {
      Objects.requireNonNull(key, "key");
      Objects.requireNonNull(error, "error");
    }

    /** Equal when the keys' bytes and the errors are equal. */
    @Override
    public boolean equals(Object o) {
      return o instanceof Failure f && Arrays.equals(key, f.key) && error.equals(f.error);
    }

    @Override
    public int hashCode() {
      return 31 * Arrays.hashCode(key) + error.hashCode();
    }

    /** The key as Java escapes show it ({@code \xff} for a byte that is not printable ASCII). */
    @Override
    public String toString() {
      StringBuilder sb = new StringBuilder("Failure[key=");
      for (byte b : key) {
        int c = b & 0xff;
        sb.append(
            c >= 0x20 && c < 0x7f && c != '\\'
                ? String.valueOf((char) c)
                : String.format("\\x%02x", c));
      }
      return sb.append(", error=").append(error).append(']').toString();
    }
  }

  private record Pending(Restore restore, SlotMap.Node askTarget, int attempts) {}

  private static final class Counts {
    long restored;
    long moved;
    long asked;
    long retried;
    final List<Failure> failures = new ArrayList<>();
  }

  private ClusterLoader(SlotMap map, Function<SlotMap.Node, CommandPipe> connector, int batchSize) {
    this.map = map;
    this.connector = connector;
    this.batchSize = batchSize;
  }

  /**
   * Creates a loader.
   *
   * @param map the slot map, updated in place by {@code -MOVED} replies
   * @param connector opens a pipe to a node
   * @param batchSize how many {@code RESTORE}s one pipelined round trip to a node carries
   * @return the loader
   * @throws IllegalArgumentException if {@code batchSize} is not positive
   */
  public static ClusterLoader create(
      SlotMap map, Function<SlotMap.Node, CommandPipe> connector, int batchSize) {
    Objects.requireNonNull(map, "map");
    Objects.requireNonNull(connector, "connector");
    if (batchSize < 1) {
      throw new IllegalArgumentException("batchSize " + batchSize);
    }
    return new ClusterLoader(map, connector, batchSize);
  }

  /**
   * Restores the keys, streaming: at most about {@code batchSize} keys per node are held before
   * they are sent. Returns when every key was restored or failed.
   *
   * @param restores the keys
   * @return the counts and failures of this call
   */
  public Report load(Iterable<Restore> restores) {
    Objects.requireNonNull(restores, "restores");
    counts = new Counts();
    for (Restore r : restores) {
      add(new Pending(Objects.requireNonNull(r, "restore"), null, 0));
      sendFullBatches();
    }
    while (!buffers.isEmpty()) {
      SlotMap.Node n = buffers.keySet().iterator().next();
      send(n);
    }
    Counts c = counts;
    return new Report(c.restored, c.moved, c.asked, c.retried, c.failures);
  }

  private void add(Pending p) {
    byte[] key = p.restore().key();
    SlotMap.Node n = p.askTarget() != null ? p.askTarget() : map.nodeOfKey(key);
    if (n == null) {
      counts.failures.add(new Failure(key, "no node owns slot " + KeySlot.of(key)));
      return;
    }
    buffers.computeIfAbsent(n, k -> new ArrayList<>()).add(p);
  }

  private void sendFullBatches() {
    boolean sent = true;
    while (sent) {
      sent = false;
      for (Map.Entry<SlotMap.Node, List<Pending>> e : buffers.entrySet()) {
        if (e.getValue().size() >= batchSize) {
          send(e.getKey());
          sent = true;
          break;
        }
      }
    }
  }

  /** Sends one node's buffer and routes each reply; redirected keys go back into the buffers. */
  private void send(SlotMap.Node node) {
    List<Pending> batch = buffers.remove(node);
    List<byte[][]> cmds = new ArrayList<>(batch.size() + 8);
    for (Pending p : batch) {
      if (p.askTarget() != null) {
        cmds.add(new byte[][] {ASKING});
      }
      cmds.add(restoreCommand(p.restore()));
    }
    List<String> replies = pipe(node).send(cmds);
    int i = 0;
    for (Pending p : batch) {
      if (p.askTarget() != null) {
        i++; // ASKING's +OK
      }
      route(p, replies.get(i++));
    }
  }

  /** Redis: the redirections of clusterRedirectClient. */
  private void route(Pending p, String error) {
    if (error == null) {
      counts.restored++;
      return;
    }
    byte[] key = p.restore().key();
    if (p.attempts() + 1 >= MAX_ATTEMPTS) {
      counts.failures.add(new Failure(key, "too many redirections, last: " + error));
      return;
    }
    String[] w = error.split(" ");
    if (w[0].equals("MOVED") && w.length == 3) {
      counts.moved++;
      int slot = Integer.parseInt(w[1]);
      map.assign(slot, slot, SlotMap.Node.parse(w[2]));
      add(new Pending(p.restore(), null, p.attempts() + 1));
    } else if (w[0].equals("ASK") && w.length == 3) {
      counts.asked++;
      add(new Pending(p.restore(), SlotMap.Node.parse(w[2]), p.attempts() + 1));
    } else if (w[0].equals("TRYAGAIN") || w[0].equals("CLUSTERDOWN") || w[0].equals("LOADING")) {
      counts.retried++;
      add(new Pending(p.restore(), null, p.attempts() + 1));
    } else {
      counts.failures.add(new Failure(key, error));
    }
  }

  private static byte[][] restoreCommand(Restore r) {
    int n = 4 + (r.replace() ? 1 : 0) + (r.absTtl() ? 1 : 0);
    byte[][] c = new byte[n][];
    c[0] = RESTORE;
    c[1] = r.key();
    c[2] = Long.toString(r.ttlMs()).getBytes(StandardCharsets.US_ASCII);
    c[3] = r.payload();
    int i = 4;
    if (r.replace()) {
      c[i++] = REPLACE;
    }
    if (r.absTtl()) {
      c[i] = ABSTTL;
    }
    return c;
  }

  private CommandPipe pipe(SlotMap.Node node) {
    return pipes.computeIfAbsent(node, n -> Objects.requireNonNull(connector.apply(n), "pipe"));
  }

  /** Closes every pipe this loader opened. */
  @Override
  public void close() {
    for (CommandPipe p : pipes.values()) {
      p.close();
    }
    pipes.clear();
  }
}
