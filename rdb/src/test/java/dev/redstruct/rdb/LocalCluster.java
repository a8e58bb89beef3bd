package dev.redstruct.rdb;

import dev.redstruct.testkit.RedisServer;
import dev.redstruct.testkit.RespClient;
import dev.redstruct.testkit.RespReply;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;

/**
 * A 3-master Redis Cluster on loopback for tests: three {@code redis-server --cluster-enabled yes}
 * (each in testkit's private directory, where its {@code cluster-config-file} goes, with its bus on
 * a free port), slots split with {@code CLUSTER ADDSLOTSRANGE}, joined with {@code CLUSTER MEET},
 * and a bounded wait for {@code cluster_state:ok} on every node. {@link #close()} stops every
 * process that was started, also when start-up fails half way.
 */
final class LocalCluster implements AutoCloseable {
  private static final long STATE_OK_TIMEOUT_MS = 30_000;

  final List<RedisServer> servers = new ArrayList<>();
  final List<String> ids = new ArrayList<>();
  final List<Integer> busPorts = new ArrayList<>();

  private LocalCluster() {}

  static LocalCluster start() {
    LocalCluster c = new LocalCluster();
    try {
      for (int i = 0; i < 3; i++) {
        int bus = freePort();
        c.busPorts.add(bus);
        c.servers.add(
            RedisServer.start(
                List.of(
                    "--cluster-enabled", "yes",
                    "--cluster-config-file", "nodes.conf",
                    "--cluster-port", Integer.toString(bus),
                    "--cluster-node-timeout", "5000")));
      }
      int[][] ranges = {{0, 5460}, {5461, 10922}, {10923, 16383}};
      for (int i = 0; i < 3; i++) {
        try (RespClient r = c.servers.get(i).newClient()) {
          String[] cmd = {"CLUSTER", "ADDSLOTSRANGE", "" + ranges[i][0], "" + ranges[i][1]};
          r.call(cmd).assertOk();
          c.ids.add(r.call("CLUSTER", "MYID").asString());
        }
      }
      try (RespClient r = c.servers.get(0).newClient()) {
        for (int i = 1; i < 3; i++) {
          // 7.0: a bus port other than port + 10000 is named as MEET's third argument
          String port = "" + c.servers.get(i).port();
          r.call("CLUSTER", "MEET", "127.0.0.1", port, "" + c.busPorts.get(i)).assertOk();
        }
      }
      c.awaitStateOk();
      return c;
    } catch (RuntimeException | Error e) {
      c.close();
      throw e;
    }
  }

  private void awaitStateOk() {
    long deadline = System.currentTimeMillis() + STATE_OK_TIMEOUT_MS;
    for (RedisServer s : servers) {
      try (RespClient r = s.newClient()) {
        while (!(r.call("CLUSTER", "INFO").asString().contains("cluster_state:ok")
            && r.call("CLUSTER", "SLOTS").asList().size() == 3)) {
          if (System.currentTimeMillis() > deadline) {
            throw new IllegalStateException("cluster_state:ok not reached in time on " + s);
          }
          sleep(50);
        }
      }
    }
  }

  RespClient client(int node) {
    return servers.get(node).newClient();
  }

  /** A CommandPipe over a testkit RespClient. */
  static CommandPipe pipe(SlotMap.Node node) {
    RespClient c = RespClient.connect(node.port());
    return new CommandPipe() {
      @Override
      public List<String> send(List<byte[][]> commands) {
        List<String> out = new ArrayList<>(commands.size());
        for (RespReply r : c.pipeline(commands)) {
          out.add(r instanceof RespReply.Error e ? e.message() : null);
        }
        return out;
      }

      @Override
      public void close() {
        c.close();
      }
    };
  }

  static int freePort() {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  @Override
  public void close() {
    for (RedisServer s : servers) {
      s.close();
    }
  }
}
