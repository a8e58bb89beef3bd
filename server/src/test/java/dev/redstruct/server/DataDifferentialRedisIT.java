package dev.redstruct.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.redstruct.testkit.RedisTest;
import dev.redstruct.testkit.RespClient;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Data commands of every type from several clients at once, the same global order to a real Redis
 * 7.0.15 and to our server over the keyspace; every reply byte for byte. Client 0 and 1 speak
 * RESP2, client 2 RESP3 (HELLO 3). Keys are shared between types (WRONGTYPE), transactions and
 * WATCH run across clients, databases 0 and 1 are used. Commands whose reply order follows Redis's
 * hash seed (SMEMBERS of hashtable sets, KEYS, SCAN, SPOP, RANDOMKEY) are left out; TTLs are long.
 * The seed is printed; replay with {@code -Dserver.seed=...}, size with {@code
 * -Dserver.it.commands=N}.
 */
@RedisTest
class DataDifferentialRedisIT {
  static final long SEED = Long.getLong("server.seed", System.nanoTime());

  /** Commands per run: about 2 s on the shared 2-core machine. */
  static final int COMMANDS = Integer.getInteger("server.it.commands", 20_000);

  static final int CLIENTS = 3;

  private static RedisServer ours;

  @BeforeAll
  static void start() {
    ours = RedisServer.start(ServerOptions.defaults().port(0));
  }

  @AfterAll
  static void stop() {
    ours.close();
  }

  @Test
  void randomCommandsFromThreeClients(dev.redstruct.testkit.RedisServer real) {
    Random r = new Random(SEED);
    List<RespClient> theirs = new ArrayList<>();
    List<RespClient> mine = new ArrayList<>();
    List<String> mismatches = new ArrayList<>();
    try {
      for (int i = 0; i < CLIENTS; i++) {
        theirs.add(real.newClient());
        mine.add(RespClient.connect(ours.port()));
      }
      byte[][] hello = DataCommandGen.utf8("HELLO", "3");
      theirs.get(2).callRaw(hello);
      mine.get(2).callRaw(hello);
      byte[][] flush = DataCommandGen.utf8("FLUSHALL");
      theirs.get(0).callRaw(flush);
      mine.get(0).callRaw(flush);
      DataCommandGen gen = new DataCommandGen(r);
      for (int n = 0; n < COMMANDS; n++) {
        int c = r.nextInt(CLIENTS);
        byte[][] argv = gen.next(c);
        byte[] want = theirs.get(c).callRaw(argv);
        byte[] got = mine.get(c).callRaw(argv);
        if (!Arrays.equals(want, got) && mismatches.size() < 20) {
          mismatches.add(
              "#"
                  + n
                  + " client "
                  + c
                  + " "
                  + show(argv)
                  + "\n  redis: "
                  + show(want)
                  + "\n  ours:  "
                  + show(got));
        }
      }
    } finally {
      theirs.forEach(RespClient::close);
      mine.forEach(RespClient::close);
    }
    System.out.printf(
        "DataDifferentialRedisIT: seed=%d clients=%d commands=%d mismatches=%d%n",
        SEED, CLIENTS, COMMANDS, mismatches.size());
    assertEquals(List.of(), mismatches, "seed " + SEED);
  }

  static String show(byte[][] argv) {
    StringBuilder sb = new StringBuilder();
    for (byte[] a : argv) {
      sb.append(new String(a, StandardCharsets.ISO_8859_1)).append(' ');
    }
    return sb.toString().trim();
  }

  static String show(byte[] reply) {
    return ServerDifferentialRedisIT.show(new String(reply, StandardCharsets.ISO_8859_1));
  }
}
